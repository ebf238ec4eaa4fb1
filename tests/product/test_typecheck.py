"""Types as a habit (issue 57): mypy runs strict on the whole package (`make typecheck`, .ci/typecheck.py), held to a
ratchet (.ci/mypy-ratchet.txt: the errors older modules may still have; new modules none; it only shrinks); mypy is
pinned with the rest of the test tools, and the package says it is typed (py.typed)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
MYPY = PYPROJECT["tool"]["mypy"]


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def _typecheck(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / ".ci/typecheck.py"), *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_the_package_holds_the_ratchet() -> None:
    """mypy strict on [tool.mypy]'s files, as `make typecheck` runs it: no module over its ratchet line, none new."""
    result = _typecheck()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "none new" in result.stdout


def test_mypy_is_strict_on_the_whole_package_but_generated_code() -> None:
    assert MYPY["strict"] is True and MYPY["files"] == ["karpenter_tenants"]
    assert MYPY["exclude"] == ["^karpenter_tenants/imports/"]
    assert not [o for o in MYPY.get("overrides", []) if any(k.startswith(("disallow", "check_")) for k in o)]


REPORT = """\
karpenter_tenants/old.py:3: error: Missing type arguments for generic type "dict"  [type-arg]
karpenter_tenants/old.py:9: error: Returning Any from function declared to return "str"  [no-any-return]
Found 2 errors in 1 file (checked 2 source files)
"""


def _ratchet(tmp_path, report: str, ratchet: str, *args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    (tmp_path / "report.txt").write_text(report)
    (tmp_path / "ratchet.txt").write_text(ratchet)
    result = _typecheck(
        "--mypy-output", str(tmp_path / "report.txt"), "--ratchet", str(tmp_path / "ratchet.txt"), *args
    )
    return result, (tmp_path / "ratchet.txt").read_text()


def test_the_ratchet_refuses_a_new_error_a_new_module_and_a_stale_line(tmp_path) -> None:
    """A module over its line, a module with errors the ratchet does not list, a line above what mypy finds (it must
    come down) and a line naming no module each fail; exactly the counts pass. (Modules named must exist: old.py is
    checked against the repository, so a real module stands in for it.)"""
    real = "karpenter_tenants/commands/cli.py"
    report = REPORT.replace("karpenter_tenants/old.py", real)
    assert _ratchet(tmp_path, report, f"2 {real}\n")[0].returncode == 0
    over = _ratchet(tmp_path, report, f"1 {real}\n")[0]
    assert over.returncode == 1 and f"{real}: 2 mypy error(s), 1 allowed by the ratchet" in over.stderr
    new = _ratchet(tmp_path, report, "")[0]
    assert new.returncode == 1 and "not in the ratchet: new code is strict" in new.stderr
    stale = _ratchet(tmp_path, report, f"3 {real}\n")[0]
    assert stale.returncode == 1 and "the ratchet says 3; lower it" in stale.stderr
    gone = _ratchet(tmp_path, report, f"2 {real}\n1 karpenter_tenants/gone.py\n")[0]
    assert gone.returncode == 1 and "karpenter_tenants/gone.py: listed in the ratchet but no such module" in gone.stderr


def test_the_ratchet_only_comes_down(tmp_path) -> None:
    real = "karpenter_tenants/commands/cli.py"
    report = REPORT.replace("karpenter_tenants/old.py", real)
    raised, kept = _ratchet(tmp_path, report, f"1 {real}\n", "--update")
    assert raised.returncode == 1 and kept == f"1 {real}\n", raised.stderr
    assert "mypy finds 2 error(s), the ratchet allows 1 in all" in raised.stderr
    lowered, written = _ratchet(
        tmp_path, report.replace("Found 2 errors", "Found 1 error").split("\n", 1)[1], f"2 {real}\n", "--update"
    )
    assert lowered.returncode == 0 and written.endswith(f"\n1 {real}\n"), lowered.stdout + lowered.stderr


def test_a_report_that_is_not_mypy_finishing_is_no_pass(tmp_path) -> None:
    result, _ = _ratchet(tmp_path, "mypy: can't read file 'x': No such file or directory\n", "")
    assert result.returncode == 2 and "mypy did not run to the end" in result.stderr


def test_the_list_names_modules_that_exist_and_the_configuration_reports_errors(tmp_path) -> None:
    """Each listed path exists (a renamed package would silently drop out), no override silences a module's errors,
    and the configuration reports a planted error (a check that could not fail would prove nothing), strict's too."""
    assert MYPY["files"] and all((ROOT / path).exists() for path in MYPY["files"])
    assert not MYPY.get("ignore_errors") and not [o for o in MYPY.get("overrides", []) if o.get("ignore_errors")]
    planted = tmp_path / "planted.py"
    planted.write_text('"""A planted error."""\n\nNUMBER: int = "not a number"\n\n\ndef untyped(x):\n    return x\n')
    result = _mypy("--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"), str(planted))
    assert result.returncode == 1 and "planted.py:3: error" in result.stdout, result.stdout
    assert "planted.py:6: error: Function is missing a type annotation" in result.stdout, result.stdout


def test_make_typecheck_runs_that_list_and_mypy_is_pinned() -> None:
    """mypy is a test tool (a range in the `test` group) pinned by the lock `make setup` installs (constraints.txt)."""
    assert re.search(r"^typecheck:.*\n\t\$\(PY\) \.ci/typecheck\.py\b", (ROOT / "Makefile").read_text(), re.MULTILINE)
    tools = [item for item in PYPROJECT["dependency-groups"]["test"] if isinstance(item, str)]
    assert any(re.match(r"mypy\b", tool) for tool in tools), tools
    assert re.search(r"^mypy==[\d.]+$", (ROOT / "constraints.txt").read_text(), re.MULTILINE)


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "karpenter_tenants/py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["*"]
