"""`python main.py validate` and `export-schemas` as a user runs them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT, shared_dir

from karpenter_tenants.checks.validate import read_objects
from karpenter_tenants.commands.cli import main

CORPUS = Path(__file__).parents[2] / "corpus"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(["--clusters", str(EXAMPLES_DIR), *argv])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_the_committed_dist_validates_clean_with_a_summary(capsys: pytest.CaptureFixture[str], shared: Path) -> None:
    status, lines, _ = run(capsys, "validate", str(EXAMPLE_DIST), "--crds", str(shared))
    assert status == 0
    assert lines[:4] == [
        f"schemas: CRDs from {shared} (Karpenter 1.14.1 and 0.31.5, Flux, Argo CD)",
        f"karpenter: acme-argocd pins 1.14.1: checked against {shared}/karpenter/v1.14.1",
        f"karpenter: acme-legacy pins 0.31.5: checked against {shared}/karpenter/v0.31.5",
        f"karpenter: acme pins 1.14.1: checked against {shared}/karpenter/v1.14.1",
    ]
    count = len(list(read_objects(EXAMPLE_DIST)))  # one object per file
    # the NodePool CRD's three transition rules (oldSelf), once per 1.x NodePool: no base revision to compare with
    pools = sum(1 for p in EXAMPLE_DIST.rglob("nodepool-*.yaml") if "karpenter.sh/v1\n" in p.read_text())
    assert lines[-1] == (
        f"validate: {count} objects in {count} files, 45 rendered chart objects: 0 findings; "
        f"{3 * pools} transition rules skipped (no previous version: pass --base REV)"
    )


def broken_copy(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    shutil.copytree(EXAMPLE_DIST, dist)
    pool_file = dist / "acme/tenants/alpha/nodepool-alpha.yaml"
    pool = yaml.safe_load(pool_file.read_text())
    pool["spec"]["template"]["spec"]["requirements"].append({"key": "karpenter.sh/nodepool", "operator": "Exists"})
    pool["spec"]["weights"] = 3
    pool_file.write_text(yaml.safe_dump(pool))
    return dist


def test_findings_name_file_kind_path_and_rule_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    status, lines, _ = run(capsys, "validate", str(broken_copy(tmp_path)), "--crds", str(shared))
    assert status == 1
    assert lines[4:6] == [
        "acme/tenants/alpha/nodepool-alpha.yaml: NodePool/alpha: spec: Additional properties are not allowed "
        "('weights' was unexpected) [schema]",
        "acme/tenants/alpha/nodepool-alpha.yaml: NodePool/alpha: spec.template.spec.requirements[5].key: "
        'label "karpenter.sh/nodepool" is restricted [cel]',
    ]
    count = len(list(read_objects(EXAMPLE_DIST)))
    assert lines[-1].startswith(
        f"validate: {count} objects in {count} files, 45 rendered chart objects: 2 findings (1 cel, 1 schema)"
    )


def test_transition_rules_are_checked_against_the_base_revision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(EXAMPLE_DIST, repo / "dist")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run([*git, "add", "."], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
    pool_file = repo / "dist/acme/tenants/beta/nodepool-beta.yaml"
    pool = yaml.safe_load(pool_file.read_text())
    pool["spec"]["template"]["spec"]["nodeClassRef"]["group"] = "karpenter.example.com"
    pool_file.write_text(yaml.safe_dump(pool))

    status, lines, _ = run(capsys, "validate", str(repo / "dist"), "--crds", str(shared), "--base", "HEAD")

    assert status == 1
    assert (
        "acme/tenants/beta/nodepool-beta.yaml: NodePool/beta: spec.template.spec.nodeClassRef: "
        "nodeClassRef.group is immutable [cel]" in lines
    )
    assert "transition rules skipped" not in lines[-1]


def test_validate_of_a_missing_folder_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "validate", str(tmp_path / "nope"))
    assert status == 2
    assert "is not a folder of manifests" in err


def test_exported_schemas_use_kubeconform_layout_accept_dist_and_reject_a_bad_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    out = tmp_path / "schemas"
    status, lines, _ = run(capsys, "export-schemas", str(out), "--path", str(EXAMPLE_DIST), "--crds", str(shared))
    assert status == 0
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.json")) == [
        "admissionregistration.k8s.io/validatingadmissionpolicy_v1.json",
        "admissionregistration.k8s.io/validatingadmissionpolicybinding_v1.json",
        "argoproj.io/application_v1alpha1.json",
        "autoscaling.x-k8s.io/capacitybuffer_v1beta1.json",
        "flowcontrol.apiserver.k8s.io/flowschema_v1.json",
        "flowcontrol.apiserver.k8s.io/flowschema_v1beta3.json",
        "helm.toolkit.fluxcd.io/helmrelease_v2.json",
        "karpenter.k8s.aws/awsnodetemplate_v1alpha1.json",
        "karpenter.k8s.aws/ec2nodeclass_v1.json",
        "karpenter.sh/nodeoverlay_v1alpha1.json",
        "karpenter.sh/nodepool_v1.json",
        "karpenter.sh/provisioner_v1alpha5.json",
        "kustomize.toolkit.fluxcd.io/kustomization_v1.json",
        "networking.k8s.io/networkpolicy_v1.json",
        "rbac.authorization.k8s.io/clusterrole_v1.json",
        "rbac.authorization.k8s.io/clusterrolebinding_v1.json",
        "source.toolkit.fluxcd.io/ocirepository_v1.json",
        "v1/configmap_v1.json",
        "v1/namespace_v1.json",
        "v1/podtemplate_v1.json",
        "v1/resourcequota_v1.json",
        "v1/serviceaccount_v1.json",
    ]

    def schema_for(obj: dict) -> dict | None:
        group, version = (
            obj["apiVersion"].split("/") if "/" in obj["apiVersion"] else (obj["apiVersion"], obj["apiVersion"])
        )
        path = out / group / f"{obj['kind'].lower()}_{version}.json"
        return json.loads(path.read_text()) if path.exists() else None

    checked = 0
    for _, obj in read_objects(EXAMPLE_DIST):
        schema = schema_for(obj)
        assert schema is not None, obj["kind"]  # core kinds too: nothing skipped offline
        jsonschema.validate(obj, schema)
        checked += 1
    assert checked == len(list(read_objects(EXAMPLE_DIST))) > 0
    bad = yaml.safe_load((CORPUS / "nodepool-unknown-field.yaml").read_text())
    with pytest.raises(jsonschema.ValidationError, match="'expiresAfter' was unexpected"):
        jsonschema.validate(bad, schema_for(bad))


def test_pull_says_where_the_schemas_came_from_or_why_it_could_not(
    capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    status, lines, err = run(capsys, "validate", str(EXAMPLE_DIST), "--crds", str(shared), "--pull")
    if status == 2:  # no network here: the registry cannot be reached
        assert "error: cannot pull oci://public.ecr.aws/karpenter/karpenter:" in err
    else:
        assert lines[0].startswith("schemas: Karpenter CRDs pulled from oci://public.ecr.aws/karpenter/karpenter")


def test_an_object_the_api_server_refuses_for_size_is_a_finding() -> None:
    """etcd's 1.5 MiB per object and cel-go's 100,000-character expressions, whatever the schema says (the isolation
    policy of 2,500 namespaces' map in one CEL literal met the second; the policy no longer grows with tenants)."""
    from karpenter_tenants.checks.validate import MAX_CEL_CODE_POINTS, size_findings

    policy = {
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingAdmissionPolicy",
        "metadata": {"name": "p"},
        "spec": {
            "variables": [{"name": "m", "expression": "{" + "x" * MAX_CEL_CODE_POINTS + "}"}],
            "validations": [{"expression": "true"}],
        },
    }
    [finding] = size_findings(policy, "f.yaml", "ValidatingAdmissionPolicy", "p")
    assert (finding.path, finding.layer) == ("spec.variables[0].expression", "size")
    assert "the API server's CEL parser takes at most 100,000" in finding.message
    config_map = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"k": "x" * 1_600_000}}
    [finding] = size_findings(config_map, "c.yaml", "ConfigMap", "c")
    assert "etcd stores at most 1,572,864" in finding.message
    assert size_findings({**config_map, "data": {"k": "x"}}, "c.yaml", "ConfigMap", "c") == []


def test_a_crd_ref_outside_the_schema_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path
) -> None:
    """Reference data is untrusted input: a CRD whose schema has `$ref: http://127.0.0.1:PORT/evil.json` makes validate
    send no request (a server counts them) and exit 2 naming it."""
    import http.server
    import threading

    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            requests.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        copy = tmp_path / "shared"
        shutil.copytree(shared, copy, symlinks=True)
        crd_path = copy / "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml"
        crd = yaml.safe_load(crd_path.read_text())
        schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
        schema["properties"]["spec"] = {"$ref": f"http://127.0.0.1:{server.server_address[1]}/evil.json"}
        crd_path.write_text(yaml.safe_dump(crd))
        status, lines, err = run(capsys, "validate", str(EXAMPLE_DIST), "--crds", str(copy), "--no-cache")
    finally:
        server.shutdown()
    assert requests == []
    assert status == 2 and "outside itself: reference data is not followed elsewhere" in err, err


@pytest.mark.parametrize("kind", ["link to a file outside", "link to a folder outside", "fifo"])
def test_validate_refuses_links_and_fifos_in_the_folder_instead_of_following_or_skipping_them(
    tmp_path: Path, kind: str
) -> None:
    """synth writes regular files only: a symbolic link (which could lead out of dist/, e.g. to a system file) or a
    FIFO among them is exit 2 naming it, never read through nor silently skipped."""
    import os

    folder = tmp_path / "dist"
    shutil.copytree(EXAMPLE_DIST / "acme" / "base", folder / "acme" / "base")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text("apiVersion: v1\nkind: Secret\nmetadata: {name: s}\n")
    target = folder / "acme" / "base" / ("x.yaml" if kind != "link to a folder outside" else "more")
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(outside / "secret.yaml" if kind == "link to a file outside" else outside)
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "validate", str(folder)],
        capture_output=True,
        text=True,
        env={**os.environ, "KARPENTER_TENANTS_SHARED": str(shared_dir())},
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert str(target) in result.stderr and ("symbolic link" in result.stderr or "not a regular file" in result.stderr)
    assert "Secret" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("api_version", "kind", "named"),
    [("../../../../tmp/v1", "Evil", "apiVersion"), ("v1", "../../evil", "kind"), ("a/b/v1", "ConfigMap", "apiVersion")],
)
def test_export_schemas_refuses_an_api_version_or_kind_that_is_not_a_type_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path, api_version: str, kind: str, named: str
) -> None:
    """The schema files are named after apiVersion and kind: a value with a slash or dots where Kubernetes allows
    none (apiextensions' CRD validation: group a DNS-1123 subdomain, version and lowercased kind DNS-1035 labels) is
    exit 2 naming the file and the field, not an internal error (kubernetes-validate's VersionNotSupportedError)."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "x.yaml").write_text(yaml.safe_dump({"apiVersion": api_version, "kind": kind, "metadata": {"name": "x"}}))
    out = tmp_path / "schemas"
    status, _, err = run(capsys, "export-schemas", str(out), "--path", str(dist), "--crds", str(shared))
    assert status == 2, err
    assert err.startswith(f"error: {dist / 'x.yaml'}: {named} ") and "nothing was written" in err
    assert not out.exists()


@pytest.mark.parametrize("where", ["file", "folder"])
def test_validate_prints_a_dist_file_or_folder_name_with_an_escape_sequence_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: Path, where: str
) -> None:
    """A finding names the file; ESC in a file or folder name of dist/ reaches stdout as a space, never raw."""
    dist = tmp_path / "dist"
    shutil.copytree(EXAMPLE_DIST, dist)
    stray = dist / "acme" / "tenants" / "alpha" / "x\x1b[2J.yaml" if where == "file" else dist / "acme/x\x1b[2J/a.yaml"
    stray.parent.mkdir(parents=True, exist_ok=True)
    stray.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: alpha}\n")
    status, lines, _ = run(capsys, "validate", str(dist), "--crds", str(shared))
    assert status == 1
    assert any("x [2J" in line for line in lines), lines
    assert not any("\x1b" in line for line in lines)
