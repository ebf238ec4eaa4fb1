"""Types as a habit (issue 57): the modules pyproject.toml's [tool.mypy] lists pass mypy (`make typecheck`), so the list
cannot rot; mypy is pinned with the rest of the test tools, and the package says it is typed (py.typed)."""

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


def test_the_listed_modules_pass_mypy() -> None:
    result = _mypy()  # the files, flags and exclusions of [tool.mypy], as `make typecheck` runs it
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_list_names_modules_that_exist_and_the_configuration_reports_errors(tmp_path) -> None:
    """Each listed path exists (a renamed package would silently drop out), no override silences a module's errors,
    and the configuration reports a planted error (a check that could not fail would prove nothing)."""
    assert MYPY["files"] and all((ROOT / path).exists() for path in MYPY["files"])
    assert not MYPY.get("ignore_errors") and not [o for o in MYPY.get("overrides", []) if o.get("ignore_errors")]
    planted = tmp_path / "planted.py"
    planted.write_text('"""A planted error."""\n\nNUMBER: int = "not a number"\n')
    result = _mypy("--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"), str(planted))
    assert result.returncode == 1 and "planted.py:3: error" in result.stdout, result.stdout


def test_make_typecheck_runs_that_list_and_mypy_is_pinned() -> None:
    """mypy is a test tool (a range in the `test` group) pinned by the lock `make setup` installs (constraints.txt)."""
    assert re.search(r"^typecheck:.*\n\t\$\(PY\) -m mypy\n", (ROOT / "Makefile").read_text(), re.MULTILINE)
    tools = [item for item in PYPROJECT["dependency-groups"]["test"] if isinstance(item, str)]
    assert any(re.match(r"mypy\b", tool) for tool in tools), tools
    assert re.search(r"^mypy==[\d.]+$", (ROOT / "constraints.txt").read_text(), re.MULTILINE)


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "karpenter_tenants/py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["*"]
