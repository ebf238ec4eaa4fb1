"""`python main.py verify` (`make verify`, the pull-request gate) on a repository of clusters: dist/ current,
validate, the real kubeconform (pinned, .tools/bin) over every dist/ folder with export-schemas' schemas of core
and custom kinds (0 errors, nothing skipped offline), and plan with the gate."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT

from karpenter_tenants.commands.verify import kubeconform_command

KUBECONFORM = ROOT / ".tools/bin/kubeconform"
SUMMARY = re.compile(
    r"Summary: (\d+) resources? found in (\d+) files? - Valid: (\d+), Invalid: (\d+), Errors: (\d+), Skipped: (\d+)"
)


@pytest.fixture(scope="module")
def kubeconform() -> Path:
    if not KUBECONFORM.exists():
        pytest.fail(
            f"{KUBECONFORM} missing: `make test` builds it (go install github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0)"
        )
    return KUBECONFORM


def python(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize("key", sorted(p.stem for p in EXAMPLES_DIR.glob("*.yaml")))
def test_kubeconform_accepts_every_object_and_skips_none_with_the_exported_schemas(
    key: str, tmp_path: Path, kubeconform: Path, shared: Path
) -> None:
    version = yaml.safe_load((EXAMPLES_DIR / f"{key}.yaml").read_text())["cluster"].get("kubernetesVersion", "1.33")
    exported = python(
        "export-schemas",
        str(tmp_path / "schemas"),
        "--path",
        str(EXAMPLE_DIST / key),
        "--crds",
        str(shared),
        "--kubernetes-version",
        str(version),
        cwd=tmp_path,
    )
    assert exported.returncode == 0, exported.stderr
    result = subprocess.run(
        kubeconform_command(kubeconform, tmp_path / "schemas", EXAMPLE_DIST / key), capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    found, files, valid, invalid, errors, skipped = map(int, SUMMARY.search(result.stdout).groups())
    objects = [p for p in (EXAMPLE_DIST / key).rglob("*.yaml") if p.name != "kustomization.yaml"]
    assert (found, valid, invalid, errors, skipped) == (len(objects), len(objects), 0, 0, 0), result.stdout


def test_kubeconform_rejects_what_the_api_server_would(tmp_path: Path, kubeconform: Path, shared: Path) -> None:
    """The exported schemas are strict: an unknown field of a core kind and of a custom kind are each an error."""
    dist = tmp_path / "dist"
    shutil.copytree(EXAMPLE_DIST / "acme", dist)
    exported = python(
        "export-schemas", str(tmp_path / "schemas"), "--path", str(dist), "--crds", str(shared), cwd=tmp_path
    )
    assert exported.returncode == 0, exported.stderr
    for path, field in (("base/networkpolicy-karpenter.yaml", "spec"), ("tenants/alpha/nodepool-alpha.yaml", "spec")):
        document = yaml.safe_load((dist / path).read_text())
        document[field]["colour"] = "blue"
        (dist / path).write_text(yaml.safe_dump(document))
    result = subprocess.run(
        kubeconform_command(kubeconform, tmp_path / "schemas", dist), capture_output=True, text=True
    )
    assert result.returncode == 1
    assert SUMMARY.search(result.stdout).group(4) == "2", result.stdout


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True, capture_output=True
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A user's repository: the example clusters and their dist/, committed."""
    root = tmp_path / "repo"
    shutil.copytree(EXAMPLES_DIR, root / "clusters")
    shutil.copytree(EXAMPLE_DIST, root / "dist")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "clusters")
    return root


def verify(repo: Path, shared: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ}
    return subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "verify",
            "--base",
            "main",
            "--crds",
            str(shared),
            "--kubeconform",
            str(KUBECONFORM),
            *args,
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
    )


def test_verify_passes_a_good_pull_request_and_writes_the_plan(repo: Path, shared: Path, kubeconform: Path) -> None:
    data = yaml.safe_load((repo / "clusters/acme.yaml").read_text())
    data["tenants"][0]["limits"]["cpu"] = "300"
    (repo / "clusters/acme.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    assert python("synth", cwd=repo).returncode == 0
    result = verify(repo, shared, "--plan-markdown", str(repo / "plan.md"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == (
        "== verify: dist/ is current (check): exit 0, validate: exit 0, kubeconform: exit 0, plan: exit 0"
    )
    assert "Valid: " in result.stdout and ", Errors: 0, Skipped: 0" in result.stdout
    assert "`spec.limits.cpu`: `200` → `300`" in (repo / "plan.md").read_text()


def test_verify_says_which_step_failed(repo: Path, shared: Path, kubeconform: Path) -> None:
    # A destructive change (a tenant removed) trips the gate: exit 3.
    data = yaml.safe_load((repo / "clusters/acme.yaml").read_text())
    data["tenants"] = data["tenants"][:1]
    (repo / "clusters/acme.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    assert python("synth", cwd=repo).returncode == 0
    result = verify(repo, shared)
    assert result.returncode == 3, result.stdout
    assert result.stdout.splitlines()[-1].endswith("kubeconform: exit 0, plan: exit 3")
    # The cluster file changed again without synth: dist/ is stale (exit 1) and every step still runs. A stale dist/
    # is exit 1 even beside the tripped gate: the workflow's label waives exit 3 only, never what check found.
    data["tenants"][0]["weight"] = 7
    (repo / "clusters/acme.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    result = verify(repo, shared, "--fail-on", "drift")
    last = result.stdout.splitlines()[-1]
    assert result.returncode == 1 and "dist/ is current (check): exit 1" in last and last.endswith("plan: exit 3")


def test_verify_without_kubeconform_is_exit_2_naming_how_to_build_it(repo: Path, shared: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "verify",
            "--base",
            "main",
            "--crds",
            str(shared),
            "--kubeconform",
            str(repo / "nowhere"),
        ],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert (  # the path given named (round 9, r9-verify-001: it said `kubeconform not found (.tools/bin/...)`)
        f"error: --kubeconform {repo / 'nowhere'} is no file: `make verify` builds it (go install "
        "github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0)" in result.stderr
    )


def test_kubeconform_s_lines_are_printed_without_control_characters(repo: Path, shared: Path, tmp_path: Path) -> None:
    """Round 8 (r8-verify-002): verify copied kubeconform's output raw; a file name or value with ESC drove the
    terminal and the CI log. Its lines are printed with control characters as spaces, its exit status kept."""
    fake = tmp_path / "kubeconform"
    fake.write_text(
        "#!/bin/sh\nprintf 'dist/a\\033[2Jb.yaml - invalid\\n' ; printf 'err\\033]0;x\\007\\n' >&2; exit 1\n"
    )
    fake.chmod(0o755)
    result = verify(repo, shared, "--kubeconform", str(fake))
    assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout
    assert "dist/a [2Jb.yaml - invalid" in result.stdout and "err ]0;x " in result.stdout
    assert "kubeconform: exit 1" in result.stdout.splitlines()[-1]
