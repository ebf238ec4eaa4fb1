"""Starting jsii's Node.js runtime while the cluster files load, when a build is likely.

Importing cdk8s starts Node.js and loads the constructs, cdk8s and cdk8s-plus assemblies, then each generated class
module (imports/) loads its own: about 0.7 s, most of it in Node.js, which the one-tenant pull request used to wait
for after loading its cluster files (0.5 s of Python at 1,000 tenants). `start()` imports them on a thread, so the
two overlap; the build's own imports wait for that thread's (Python's per-module import lock) and find the runtime
ready. MODULES are the jsii modules charts.parts imports (tests/unit/synthesis/test_incremental.py): third-party modules and the generated
classes, none of which loading the cluster files imports, so the two threads never wait on each other's modules.
A failed import here is ignored: the build imports again and reports the failure as it always does.

jsii's runtime takes one request at a time: nothing else may call it while that thread runs, so build_part (the one
way into cdk8s) waits for it first (wait()), and so does commands.cli.main before it returns (the process may
exit, stopping the runtime, or a caller go on to use cdk8s itself).

Imports nothing of the product."""

from __future__ import annotations

import threading

_started: list[threading.Thread] = []

# In the order charts.parts imports them; each `…._jsii` module loads one assembly into Node.js.
MODULES = (
    "cdk8s",
    "cdk8s_plus_33",
    "cdk8s_plus_33.k8s",
    "karpenter_tenants.imports.argocd.io.argoproj",
    "karpenter_tenants.imports.flux_kustomize.io.fluxcd.toolkit.kustomize",
    "karpenter_tenants.imports.flux_git.io.fluxcd.toolkit.source",
    "karpenter_tenants.imports.flux_helm.io.fluxcd.toolkit.helm",
    "karpenter_tenants.imports.flux_source.io.fluxcd.toolkit.source",
    "karpenter_tenants.imports.karpenter_v1.sh.karpenter",
    "karpenter_tenants.imports.karpenter_aws_v1.aws.k8s.karpenter",
    "karpenter_tenants.imports.karpenter_v1alpha5.sh.karpenter",
    "karpenter_tenants.imports.karpenter_aws_v1alpha1.aws.k8s.karpenter",
)


def start() -> None:
    """Import MODULES on a daemon thread (once per process)."""
    if _started:
        return

    def load() -> None:
        import importlib

        for name in MODULES:
            try:
                importlib.import_module(name)
            except BaseException:  # noqa: BLE001 - the build's own import reports it
                return

    thread = threading.Thread(target=load, name="jsii-start", daemon=True)
    _started.append(thread)
    thread.start()


def wait() -> None:
    """Until start()'s imports are done (at once when it did not run)."""
    for thread in _started:
        thread.join()


def started() -> bool:
    """Whether start() ran in this process: jsii is (being) loaded, so a worker must be spawned, not forked."""
    return bool(_started)
