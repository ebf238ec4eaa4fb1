"""`karpenter-tenants init DIR`: the team's own repository it writes synthesizes, validates and plans with the
package, a bad flag or an unsuitable DIR is exit 2 with nothing written, and nothing there is ever replaced."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from karpenter_tenants import __version__
from karpenter_tenants.commands.cli import main

FLAGS = [
    "--name",
    "globex",
    "--account-id",
    "210987654321",
    "--region",
    "eu-west-1",
    "--kubernetes-version",
    "1.33",
    "--module-source",
    str(ROOT / "terraform"),
]


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _python(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, *args], cwd=repo, capture_output=True, text=True, env=env, timeout=600)


def test_init_writes_a_repository_whose_app_synthesizes_with_the_package(tmp_path: Path, shared: Path) -> None:
    repo = tmp_path / "platform"
    assert main(["init", str(repo), *FLAGS]) == 0
    written = _tree(repo)
    assert {
        "clusters/globex.yaml",
        "main.py",
        "cdk8s.yaml",
        "Makefile",
        "README.md",
        ".gitignore",
        "requirements.txt",
        ".github/workflows/pull-request.yaml",
        "terraform/main.tf",
    } <= set(written)
    assert f"karpenter-tenants=={__version__}".encode() in written["requirements.txt"]
    cluster = yaml.safe_load(written["clusters/globex.yaml"])
    assert cluster["cluster"] == {
        "name": "globex",
        "accountId": "210987654321",
        "region": "eu-west-1",
        "kubernetesVersion": "1.33",
    }
    workflow = yaml.safe_load(written[".github/workflows/pull-request.yaml"])
    assert "make verify" in str(workflow["jobs"]["verify"]["steps"])
    assert str(ROOT / "terraform").encode() in written["terraform/main.tf"]
    # The team's app: synth with the package, then validate against the reference data.
    result = _python(repo, "-O", "main.py")
    assert result.returncode == 0, result.stderr
    assert (repo / "dist/globex/tenants/example").is_dir()
    marker = (repo / "dist/.karpenter-tenants").read_text()
    assert f"generator: karpenter-tenants {__version__}" in marker
    result = _python(repo, "main.py", "validate", "dist", "--crds", str(shared))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_default_module_source_is_the_products_module_at_this_versions_tag(tmp_path: Path) -> None:
    assert main(["init", str(tmp_path / "r")]) == 0
    text = (tmp_path / "r/terraform/main.tf").read_text()
    assert f'?ref=v{__version__}"' in text and "//terraform" in text
    # Without the facts, the cluster file is a template whose placeholders say what to fill in, and it loads.
    assert "TODO" in (tmp_path / "r/clusters/my-cluster.yaml").read_text()


def test_a_non_empty_folder_is_refused_unless_forced_and_nothing_there_is_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "r"
    repo.mkdir()
    (repo / "Makefile").write_text("mine\n")
    assert main(["init", str(repo), *FLAGS]) == 2
    assert "not empty" in capsys.readouterr().err
    assert _tree(repo) == {"Makefile": b"mine\n"}
    assert main(["init", str(repo), *FLAGS, "--force"]) == 0
    assert (repo / "Makefile").read_text() == "mine\n"
    assert "kept" in capsys.readouterr().out
    (repo / "clusters/globex.yaml").write_text("# edited\n")
    assert main(["init", str(repo), *FLAGS, "--force"]) == 0
    assert (repo / "clusters/globex.yaml").read_text() == "# edited\n"


@pytest.mark.parametrize(
    ("flag", "value", "named"),
    [
        ("--account-id", "12", "--account-id"),
        ("--region", "mars-1", "--region"),
        ("--kubernetes-version", "9.99", "--kubernetes-version"),
        ("--name", "Bad_Name!", "--name"),
    ],
)
def test_a_bad_flag_is_exit_2_naming_it_and_nothing_is_written(
    flag: str, value: str, named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = list(FLAGS)
    flags[flags.index(flag) + 1] = value
    assert main(["init", str(tmp_path / "r"), *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err and str(tmp_path / "r") in err and "Traceback" not in err
    assert not (tmp_path / "r").exists()


def test_a_link_or_a_file_as_dir_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "link").symlink_to(target)
    assert main(["init", str(tmp_path / "link"), *FLAGS]) == 2
    assert "symbolic link" in capsys.readouterr().err and list(target.iterdir()) == []
    (tmp_path / "file").write_text("x")
    assert main(["init", str(tmp_path / "file"), *FLAGS]) == 2
    assert (tmp_path / "file").read_text() == "x"
    (tmp_path / "r/clusters").mkdir(parents=True)
    (tmp_path / "r/clusters/globex.yaml").symlink_to(tmp_path / "file")
    assert main(["init", str(tmp_path / "r"), *FLAGS, "--force"]) == 2
    assert (tmp_path / "file").read_text() == "x" and not (tmp_path / "r/main.py").exists()


def test_kubeconform_is_pinned_once_for_the_products_makefile_and_inits() -> None:
    from conftest import ROOT

    from karpenter_tenants.scaffold import KUBECONFORM_MODULE, RepositoryFacts, makefile

    for engine in ("flux", "argocd", "kubectl"):
        facts = RepositoryFacts(
            name=None,
            account_id=None,
            region=None,
            kubernetes_version=None,
            karpenter_version="1.14.1",
            identity="podIdentity",
            engine=engine,
            repo_url=None,
            module_source="m",
            package="p",
        )
        assert f"go install {KUBECONFORM_MODULE}" in makefile(facts)
    assert f"$(GO_INSTALL) {KUBECONFORM_MODULE}\n" in (ROOT / "Makefile").read_text()


IRSA_ISSUER = "oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE"


def test_irsa_init_with_the_oidc_provider_synthesizes(tmp_path: Path) -> None:
    """Issue 53 item 7: `init --identity irsa` wrote a placeholder its own schema refused, so `make synth` failed."""
    repo = tmp_path / "platform"
    assert main(["init", str(repo), *FLAGS, "--identity", "irsa", "--oidc-provider", f"https://{IRSA_ISSUER}/"]) == 0
    cluster = yaml.safe_load((repo / "clusters/globex.yaml").read_text())
    assert cluster["cluster"]["oidcProvider"] == IRSA_ISSUER  # as IAM names it: the scheme and the slash dropped
    assert cluster["karpenter"]["identity"] == "irsa"
    result = _python(repo, "-O", "main.py")
    assert result.returncode == 0, result.stderr
    account = yaml.safe_load((repo / "dist/globex/base/serviceaccount-karpenter.yaml").read_text())
    assert "eks.amazonaws.com/role-arn" in account["metadata"]["annotations"]
    assert IRSA_ISSUER in (repo / "dist/globex/aws.json").read_text()


def test_irsa_init_without_the_oidc_provider_is_refused_naming_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused, not a placeholder: IRSA's trust is this one value, and a placeholder synth accepts passes every check
    of the gate and fails only when the controller first asks AWS for its role."""
    for flags in ([], FLAGS):
        assert main(["init", str(tmp_path / "r"), *flags, "--identity", "irsa"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--oidc-provider" in err and "describe-cluster" in err, err
        assert not (tmp_path / "r").exists()


def test_init_for_karpenter_0_31_writes_what_0_31_takes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 9 (r9-init-005): `init --karpenter-version 0.31.5` wrote `identity: podIdentity` and an `ami.alias`, both
    1.x only, and refused its own file. On 0.31 the identity defaults to irsa (as the cluster file's does), which
    needs --oidc-provider, and the example tenant names an AMI family."""
    legacy = [*FLAGS[:-4], "--kubernetes-version", "1.28", "--karpenter-version", "0.31.5"]
    assert main(["init", str(tmp_path / "r"), *legacy]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--oidc-provider" in err and "0.31.5" in err, err
    assert not (tmp_path / "r").exists()
    repo = tmp_path / "platform"
    assert main(["init", str(repo), *legacy, "--module-source", FLAGS[-1], "--oidc-provider", IRSA_ISSUER]) == 0
    cluster = yaml.safe_load((repo / "clusters/globex.yaml").read_text())
    assert cluster["karpenter"]["identity"] == "irsa" and cluster["tenants"][0]["ami"] == {"family": "AL2"}
    result = _python(repo, "-O", "main.py")
    assert result.returncode == 0, result.stderr
    assert (repo / "dist/globex/tenants/example/provisioner-example.yaml").is_file()


@pytest.mark.parametrize("value", ["oidc.eks.REGION.amazonaws.com/id/EXAMPLE", "", "http://x y", "a\nb"])
def test_a_bad_oidc_provider_is_exit_2_naming_the_flag(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "r"), *FLAGS, "--identity", "irsa", "--oidc-provider", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--oidc-provider" in err and "Traceback" not in err, err
    assert not (tmp_path / "r").exists()


def _anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a Markdown file's headings."""
    return {
        re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in markdown.splitlines()
        if line.startswith("#")
    }


@pytest.mark.parametrize(
    "flags",
    [
        [],
        [*FLAGS, "--identity", "irsa", "--oidc-provider", IRSA_ISSUER],
        ["--gitops", "argocd"],
        ["--gitops", "kubectl"],
    ],
    ids=["template", "irsa", "argocd", "kubectl"],
)
def test_every_pointer_in_inits_files_names_a_doc_that_exists_for_an_installed_tool(
    flags: list[str], tmp_path: Path
) -> None:
    """Issue 53 item 7: the cluster file cited docs/config.md and docs/onboarding.md (nowhere) and `karpenter-tenants
    docs` (a maintainer tool, exit 2 in a team's repository). A team's repository has no docs/ of the product: every
    pointer is the project's URL at this version's tag, naming a file (and heading) this repository has."""
    from karpenter_tenants import SOURCE

    repo = tmp_path / "r"
    assert main(["init", str(repo), *flags]) == 0
    tagged = f"{SOURCE}/blob/v{__version__}/"
    pointers = 0
    for relative, data in _tree(repo).items():
        text = data.decode()
        assert "karpenter-tenants docs" not in text and "main.py docs" not in text, relative
        for url in re.findall(r"https?://[^\s)\"'`]+", text):
            if url.startswith("https://example.com/"):  # the argocd repoURL placeholder (a TODO)
                continue
            assert url.startswith(SOURCE), (relative, url)  # the project's URL: its docs, or the module's source
            if not url.startswith(tagged):
                continue
            path, _, anchor = url.removeprefix(tagged).rstrip(".,;").partition("#")
            assert (ROOT / path).is_file(), (relative, url)
            assert not anchor or anchor in _anchors((ROOT / path).read_text()), (relative, url)
            pointers += 1
        # a docs/ path outside such a URL names a file the team's repository does not have
        assert not re.search(r"(?<!/)\bdocs/[\w.-]+", re.sub(r"https?://\S+", "", text)), relative
    assert pointers >= 5


FAKE_KUBECTL = """#!/bin/sh
# records each call's arguments (the stage folders are relative to dist/globex, where the target runs them)
echo "$*" >> "$REPO/kubectl.log"
"""


def test_init_for_kubectl_synthesizes_with_the_reference_data_and_make_apply_applies_in_install_order(
    tmp_path: Path, shared: Path
) -> None:
    """`--gitops kubectl`: nothing in the cluster syncs dist/, so the repository's Makefile applies it (`make apply`,
    docs/gitops.md's runbook: base, karpenter-crd, karpenter, the CRDs waited for, then each tenant's folder), and
    `make synth` checks the reference data first (the charts are rendered from it: test_chart_kubectl.py holds synth's
    refusal without it; here the editable install finds the checkout's ../shared). The
    real API server runs the same target in tests/e2e/test_kubectl_engine.py; here a kubectl that records its calls."""
    repo = tmp_path / "platform"
    assert main(["init", str(repo), *FLAGS, "--gitops", "kubectl"]) == 0
    assert yaml.safe_load((repo / "clusters/globex.yaml").read_text())["gitops"] == {"engine": "kubectl"}
    makefile = (repo / "Makefile").read_text()
    assert re.search(r"^synth: setup reference-data ", makefile, re.MULTILINE)
    assert "make apply" in (repo / "README.md").read_text()
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "KARPENTER_TENANTS_SHARED": str(shared)}
    synth = subprocess.run(
        [sys.executable, "-O", "main.py"], cwd=repo, capture_output=True, text=True, env=env, timeout=600
    )
    assert synth.returncode == 0, synth.stderr
    stages = {
        str(p.parent.relative_to(repo / "dist/globex")) for p in (repo / "dist/globex").rglob("kustomization.yaml")
    }
    assert stages == {"base", "karpenter-crd", "karpenter", "tenants/example"}
    fake = tmp_path / "kubectl"
    fake.write_text(FAKE_KUBECTL)
    fake.chmod(0o755)
    applied = subprocess.run(
        ["make", "--no-print-directory", "apply", f"KUBECTL={fake}"],
        cwd=repo,
        capture_output=True,
        text=True,
        env={**env, "REPO": str(repo)},
        timeout=120,
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    calls = (repo / "kubectl.log").read_text().splitlines()
    assert calls == [
        "apply --server-side -k base",
        "apply --server-side -k karpenter-crd",
        "apply --server-side -k karpenter",
        "wait --for condition=Established --timeout 60s crd --all",
        "apply --server-side -k tenants/example/",
    ], calls


def test_a_folder_named_with_esc_is_printed_without_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 8 (r8-init-001): every `init: wrote` line carried the folder's ESC raw to the terminal."""
    repo = tmp_path / "r\x1b[2Jx"
    assert main(["init", str(repo), *FLAGS]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and out.count("init: wrote ") > 5 and "r [2Jx" in out
