"""Option values a command cannot use are usage errors (exit 2, argparse's one error line naming the option), never an
internal error and never taken as if the option were absent: an empty `--base` or `--to`, a `--kubernetes-version`
that is not 1.<minor> with known schemas."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, shared_dir

from karpenter_tenants.commands.cli import main


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit:  # argparse's usage errors
            status = int(exit.code or 0)
    return status, err.getvalue()


@pytest.mark.parametrize("value", ["x.y", "9.99", "1.0", "", "1.33.1", "2.1", " "])
@pytest.mark.parametrize("command", ["validate", "export-schemas"])
def test_a_kubernetes_version_without_known_schemas_is_a_usage_error(tmp_path: Path, command: str, value: str) -> None:
    folder = tmp_path / "manifests"
    (folder / "base").mkdir(parents=True)
    (folder / "base/ns.yaml").write_text((EXAMPLE_DIST / "acme/base/namespace-karpenter.yaml").read_text())
    argv = {
        "validate": ["validate", str(folder), "--crds", str(shared_dir())],
        "export-schemas": ["export-schemas", str(tmp_path / "out"), "--path", str(folder), "--crds", str(shared_dir())],
    }[command]
    status, err = run([*argv, "--kubernetes-version", value])
    assert status == 2 and "argument --kubernetes-version" in err and "1.25 to 1.37" in err, err
    assert "internal error" not in err and not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["plan", "--base", ""],
        ["validate", "--base", ""],
        ["verify", "--base", " "],
        ["migrate", str(EXAMPLES_DIR / "acme-legacy.yaml"), "--to", ""],
    ],
    ids=["plan", "validate", "verify", "migrate"],
)
def test_an_empty_revision_or_release_is_a_usage_error_not_the_default(argv: list[str]) -> None:
    status, err = run(argv)
    assert status == 2 and ("an empty revision" in err or "an empty release" in err), err
