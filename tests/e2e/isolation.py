"""The isolation objects synth writes (the policies' parameters, the two ValidatingAdmissionPolicies and their
bindings), in the order they can be applied, and the wait until the API server enforces them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from e2e.kube import ApiError, Kube, wait_for

ORDER = {"ConfigMap": 0, "ValidatingAdmissionPolicy": 1, "ValidatingAdmissionPolicyBinding": 2}
PREFIXES = ("configmap-karpenter-", "validatingadmissionpolicy")  # the file names synth gives them
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: 10,000 files at scale


def isolation_objects(files: dict[str, str]) -> list[dict[str, Any]]:
    """Of a cluster's files (path -> text: base/ and every tenant's folder), the isolation objects: the parameters,
    the policies, the bindings."""
    found = [
        yaml.load(text, Loader=LOADER) for path, text in sorted(files.items()) if Path(path).name.startswith(PREFIXES)
    ]
    return sorted(found, key=lambda o: ORDER[o["kind"]])


def isolation_files(folder: Path) -> dict[str, str]:
    """The files of a dist/<cluster>/ folder that isolation_objects keeps (only those are read)."""
    return {
        str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*.yaml")) if p.name.startswith(PREFIXES)
    }


def apply_by_kind(kube: Kube, objects: list[dict[str, Any]]) -> None:
    """isolation_objects' objects applied kind after kind (parameters, policies, bindings), each kind's concurrently."""
    for kind in ORDER:
        kube.apply_all([o for o in objects if o["kind"] == kind])


def denied_in_dry_run(kube: Kube, obj: dict[str, Any]) -> bool:
    """Whether a policy denies the object (not another 403, e.g. a missing service account)."""
    try:
        kube.create(obj, dry_run=True)
    except ApiError as error:
        return error.status == 403 and "ValidatingAdmissionPolicy" in error.message
    return False


def wait_enforced(kube: Kube, denied_pod: dict[str, Any], timeout: float = 30) -> None:
    """Once the admission plugin's informers have the policies, a pod they deny is denied (a dry run)."""
    wait_for(lambda: denied_in_dry_run(kube, denied_pod), timeout, "the isolation policy to be enforced")
