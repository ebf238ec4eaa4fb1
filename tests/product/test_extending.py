"""docs/extending.md's worked example, exactly as written there: a platform team's own main.py and modules add a
ResourceQuota + LimitRange to every tenant namespace and a cdk8s-plus Deployment to the base. Its objects land
in dist/ in the usual layout, validate (schemas, core kinds, the wiring check: each object applied once) is
clean, and editing the extension's code re-synthesizes what it touched while a synth with nothing to build
imports neither the extension nor jsii."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, cluster_dict, write_cluster

DOC = ROOT / "docs/extending.md"
PYTHON = sys.executable


def example_files() -> dict[str, str]:
    """The ```python blocks of docs/extending.md, by the path their first line names."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    found = {block.splitlines()[0].removeprefix("# ").strip(): block for block in blocks}
    assert set(found) == {"acme_platform/tenant_limits.py", "acme_platform/headroom.py", "main.py"}, found
    return found


def run(project: Path, *args: str, probe: bool = False) -> subprocess.CompletedProcess[str]:
    """The project's own main.py, with this repository's packages on the path. probe: print at exit whether jsii and
    the extension modules were imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if not probe:
        return subprocess.run([PYTHON, "main.py", *args], cwd=project, env=env, capture_output=True, text=True)
    code = (
        "import atexit, runpy, sys; sys.path.insert(0, '.'); sys.argv = ['main.py', *sys.argv[1:]]; "
        "atexit.register(lambda: print('loaded:', sorted(m for m in ('jsii', 'acme_platform.tenant_limits', "
        "'acme_platform.headroom') if m in sys.modules), file=sys.stderr)); runpy.run_path('main.py', run_name='__main__')"
    )
    return subprocess.run([PYTHON, "-c", code, *args], cwd=project, env=env, capture_output=True, text=True)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for relative, text in example_files().items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "acme_platform/__init__.py").write_text("", encoding="utf-8")
    tenants = [
        {
            "name": "alpha",
            "nodeRole": "node-alpha",
            "namespaces": ["alpha", "alpha-batch"],
            "limits": {"cpu": "64", "memory": "256Gi"},
            "ami": {"alias": "al2023@v20261101"},
        },
        {
            "name": "beta",
            "nodeRole": "node-beta",
            "namespaces": ["beta"],
            "limits": {"cpu": "8"},
            "ami": {"alias": "al2023@v20261101"},
        },
        {"name": "gamma", "nodeRole": "node-gamma", "ami": {"alias": "al2023@v20261101"}},
    ]
    write_cluster(tmp_path / "clusters", cluster_dict(tenants=tenants), "shop")
    return tmp_path


def test_the_example_lands_in_dist_in_the_usual_layout(project: Path) -> None:
    result = run(project)
    assert result.returncode == 0, result.stderr
    dist = project / "dist/shop"
    alpha = sorted(p.name for p in (dist / "tenants/alpha").iterdir())
    # Two quotas of one name in two namespaces: both files name their namespace.
    isolation = [
        "validatingadmissionpolicybinding-karpenter-tenant-isolation-{}.yaml",
        "configmap-karpenter-tenant-{}.yaml",
    ]
    assert alpha == sorted(
        [
            "ec2nodeclass-alpha.yaml",
            "kustomization.yaml",
            "limitrange-alpha-batch-tenant-defaults.yaml",
            "limitrange-alpha-tenant-defaults.yaml",
            "nodepool-alpha.yaml",
            "resourcequota-alpha-batch-tenant-quota.yaml",
            "resourcequota-alpha-tenant-quota.yaml",
            *(name.format("alpha") for name in isolation),
        ]
    )
    assert sorted(p.name for p in (dist / "tenants/beta").iterdir()) == sorted(
        [
            "ec2nodeclass-beta.yaml",
            "kustomization.yaml",
            "limitrange-tenant-defaults.yaml",
            "nodepool-beta.yaml",
            "resourcequota-tenant-quota.yaml",
            *(name.format("beta") for name in isolation),
        ]
    )
    assert sorted(p.name for p in (dist / "tenants/gamma").iterdir()) == [
        "ec2nodeclass-gamma.yaml",
        "kustomization.yaml",
        "nodepool-gamma.yaml",
    ]
    quota = yaml.safe_load((dist / "tenants/alpha/resourcequota-alpha-batch-tenant-quota.yaml").read_text())
    assert quota["metadata"] == {
        "labels": {"app.kubernetes.io/managed-by": "karpenter-tenants"},
        "name": "tenant-quota",
        "namespace": "alpha-batch",
    }
    assert quota["spec"] == {"hard": {"requests.cpu": "64", "requests.memory": "256Gi"}}
    kustomization = yaml.safe_load((dist / "tenants/alpha/kustomization.yaml").read_text())
    assert kustomization["resources"] == [name for name in alpha if name != "kustomization.yaml"]
    deployment = yaml.safe_load((dist / "base/deployment-headroom.yaml").read_text())
    assert (deployment["kind"], deployment["metadata"]["namespace"]) == ("Deployment", "platform")
    assert "namespace-platform.yaml" in yaml.safe_load((dist / "base/kustomization.yaml").read_text())["resources"]
    assert run(project, "check").returncode == 0


def test_validate_is_clean_with_the_example(project: Path, shared: Path) -> None:
    assert run(project).returncode == 0
    result = run(project, "validate", "--crds", str(shared))
    assert result.returncode == 0, result.stdout + result.stderr
    objects = [p for p in (project / "dist/shop").rglob("*.yaml") if p.name != "kustomization.yaml"]
    assert f"validate: {len(objects)} objects in {len(objects)} files" in result.stdout
    # The wiring check sees the extension's objects: the Deployment applied by a tenant's applier too is a finding.
    kustomization = project / "dist/shop/tenants/alpha/kustomization.yaml"
    kustomization.write_text(kustomization.read_text() + "- ../../base/deployment-headroom.yaml\n")
    result = run(project, "validate", "--crds", str(shared))
    findings = [line for line in result.stdout.splitlines() if "[wiring]" in line]
    assert result.returncode == 1 and len(findings) == 1, result.stdout
    assert findings[0].startswith(
        "shop/base/deployment-headroom.yaml: Deployment/platform/headroom: (object): applied by 2"
    )


def test_verify_checks_dist_with_the_extensions_of_the_teams_main(project: Path, shared: Path) -> None:
    """verify's steps run with the extensions the team's main.py gave: check finds its dist/ current and plan
    reviews the extension's objects as unchanged (not removed)."""
    assert run(project).returncode == 0
    for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "clusters"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *command], cwd=project, check=True)
    result = run(project, "verify", "--base", "HEAD", "--crds", str(shared), "--kubeconform", str(project / "none"))
    summary = result.stdout.splitlines()[-1]
    assert summary.startswith(
        "== verify: dist/ is current (check): exit 0, validate: exit 0, kubeconform: exit 2, plan: exit 0"
    ), result.stdout + result.stderr
    assert "deployment" not in result.stdout.split("== verify: plan", 1)[1].lower(), result.stdout


def test_changing_the_extensions_code_re_synthesizes_what_it_touched(project: Path) -> None:
    assert run(project).returncode == 0
    dist = project / "dist/shop"
    before = {p: p.read_bytes() for p in dist.rglob("*") if p.is_file()}
    # Nothing to build: neither the extension's modules nor jsii (Node.js) are imported.
    result = run(project, probe=True)
    assert result.returncode == 0 and "loaded: []" in result.stderr, result.stderr
    module = project / "acme_platform/tenant_limits.py"
    module.write_text(module.read_text().replace('"128Mi"', '"256Mi"'))
    result = run(project, probe=True)
    assert result.returncode == 0, result.stderr
    changed = sorted(
        str(p.relative_to(dist)) for p in dist.rglob("*") if p.is_file() and before.get(p) != p.read_bytes()
    )
    assert changed == [
        "tenants/alpha/limitrange-alpha-batch-tenant-defaults.yaml",
        "tenants/alpha/limitrange-alpha-tenant-defaults.yaml",
        "tenants/beta/limitrange-tenant-defaults.yaml",
    ]
    assert "256Mi" in (dist / "tenants/beta/limitrange-tenant-defaults.yaml").read_text()
    assert run(project, "check").returncode == 0
    # The base extension's module, loaded only when the cluster-wide part is built, is fingerprinted too.
    headroom = project / "acme_platform/headroom.py"
    headroom.write_text(headroom.read_text().replace("replicas=2", "replicas=3"))
    assert run(project).returncode == 0
    assert "replicas: 3" in (dist / "base/deployment-headroom.yaml").read_text()


def test_an_extension_that_fails_names_itself_and_the_line_and_changes_nothing(project: Path) -> None:
    assert run(project).returncode == 0
    dist = project / "dist"
    before = {p: p.read_bytes() for p in dist.rglob("*") if p.is_file()}
    module = project / "acme_platform/tenant_limits.py"
    module.write_text(module.read_text().replace("limits = tenant.tenant.limits", "limits = tenant.tenant.limitz"))
    result = run(project)
    assert result.returncode == 2
    line = next(n for n, text in enumerate(module.read_text().splitlines(), 1) if "limitz" in text)
    assert result.stderr.strip().splitlines() == [
        "error: extension acme_platform.tenant_limits:tenant_limits failed on alpha: AttributeError: 'Tenant' object has "
        f"no attribute 'limitz' (at {module}:{line}); nothing was written"
    ]
    assert {p: p.read_bytes() for p in dist.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize(
    ("extensions", "message"),
    [
        (
            'Extensions(tenant=["acme_platform.nowhere:f"])',
            "error: extension acme_platform.nowhere:f: cannot import acme_platform.nowhere: ModuleNotFoundError: No module "
            "named 'acme_platform.nowhere'",
        ),
        ('Extensions(base=["acme_platform.headroom:nothing"])', "has no function nothing"),
        (
            'Extensions(tenant="acme_platform.headroom:headroom")',
            "error: Extensions(tenant=...): a list of \"module:function\" names, not 'acme_platform.headroom:headroom'",
        ),
        ('Extensions(tenant=["acme_platform/headroom.py"])', 'is not a "module:function" name'),
    ],
)
def test_a_bad_extension_name_is_bad_input(project: Path, extensions: str, message: str) -> None:
    main = project / "main.py"
    main.write_text(re.sub(r"EXTENSIONS = Extensions\(.*\)", f"EXTENSIONS = {extensions}", main.read_text()))
    result = run(project)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert not (project / "dist").exists()


COLLIDING = """
from cdk8s_plus_33 import k8s


def same_file(tenant):
    for index in (1, 2):
        k8s.KubeConfigMap(tenant.chart, f"settings-{index}", metadata=k8s.ObjectMeta(name="settings", namespace="alpha"))


def same_name_in_the_shared_folder(tenant):
    k8s.KubeConfigMap(tenant.applier, "settings", metadata=k8s.ObjectMeta(name="settings", namespace="flux-system"))
"""


@pytest.mark.parametrize(
    ("function", "message"),
    [
        (
            "same_file",
            "error: two objects are ConfigMap settings in namespace alpha in tenants/alpha/ (v1): give one "
            "of them another name; nothing was written",
        ),
        (
            "same_name_in_the_shared_folder",
            "error: two parts of shop (alpha, beta) would both write "
            "flux/stages/configmap-settings.yaml: give one of the objects another name; nothing was written",
        ),
    ],
)
def test_two_objects_for_one_file_are_an_error_naming_them(project: Path, function: str, message: str) -> None:
    assert run(project).returncode == 0
    before = {p: p.read_bytes() for p in (project / "dist").rglob("*") if p.is_file()}
    (project / "acme_platform/colliding.py").write_text(COLLIDING)
    main = project / "main.py"
    main.write_text(
        re.sub(
            r"EXTENSIONS = Extensions\(.*\)",
            f'EXTENSIONS = Extensions(tenant=["acme_platform.colliding:{function}"])',
            main.read_text(),
        )
    )
    result = run(project)
    assert (result.returncode, result.stderr.strip()) == (2, message)
    assert {p: p.read_bytes() for p in (project / "dist").rglob("*") if p.is_file()} == before
