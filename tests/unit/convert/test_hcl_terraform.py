"""convert.hcl_values against the real evaluator: every expression below is given to OpenTofu's own `tofu console`
(the binary tests/terraform_plan builds from its pinned Go module) and to import-nodegroups' resolver. Where OpenTofu
gives a value, the resolver gives the same value or says it did not evaluate it; where OpenTofu refuses the
expression, the resolver never gives a value. Never a different value: that is a guess, and a guess becomes a wrong
limit or label with exit 0. The cases are the ones a hostile review found the resolver getting wrong, and their
neighbours."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from terraform_plan.runner import TOFU, Phases, build

from karpenter_tenants.convert.hcl_values import Resolver, Scope, Unresolved

PHASES = Phases("hcl-terraform")

# (expression, evaluated): evaluated says whether the resolver must give the value (True) or may say it did not
# evaluate it (False); every expression is checked against OpenTofu either way.
CASES = [
    ("-7 % 3", True),
    ("7 % -3", True),
    ("5.5 % 2", True),
    ("10 % 4", True),
    ("0.1 + 0.2", True),
    ("0.3 - 0.1", True),
    ("1.5 * 4", True),
    ("10 / 4", True),
    ("1 / 3", False),
    ("2 / 3 * 3", False),
    ("12345678901234567890 + 1", True),
    ("99999999999999999999 * 3", True),
    ("1e3", True),
    ("2.50", True),
    ('tonumber("1_0")', True),
    ('tonumber(" 5 ")', True),
    ('tonumber("nan")', True),
    ('tonumber("0x10")', True),
    ('tonumber("+5")', True),
    ('tonumber(".5")', True),
    ('tonumber("5.")', True),
    ('tonumber("1E3")', True),
    ('tonumber("12345678901234567890")', True),
    ('tonumber("inf")', True),
    ('try(tonumber("1_0"), 7)', True),
    ('try(tonumber(" 5 "), 7)', True),
    ('can(tonumber("nan"))', True),
    ("toset([10, 9, 100])", True),
    ('toset(["a", 1])', True),
    ("toset([true, false, true])", True),
    ('toset(["b", "a", "b"])', True),
    ("toset([1.5, 1, 10])", True),
    ('format("%05s", "ab")', True),
    ('format("%-5s|", "ab")', True),
    ('format("%5s", "ab")', True),
    ('format("%.1s", "ab")', True),
    ('format("%03d", -7)', True),
    ('format("%+d", 7)', True),
    ('format("%d", 2.0)', True),
    ('format("%d", "5")', True),
    ('format("%.2f", 1.5)', True),
    ('format("%f", 2)', True),
    ('format("%5.1f", -0.5)', True),
    ('format("%.1f", 0.25)', False),
    ('format("%v", 1e3)', True),
    ('format("%v", 0.1 + 0.2)', True),
    ('format("%d", tonumber("nan"))', True),
    ('format("%d", 2.5)', True),
    ('"${0.1 + 0.2}"', True),
    ('"${12345678901234567890}"', True),
    ('"${1e3}-${2.50}"', True),
    ("max(1, 2.5, -3)", True),
    ('min("3", 20)', True),
    ("1 < 2.5", True),
    ("0.1 + 0.2 == 0.3", True),
]


@pytest.fixture(scope="module")
def tofu(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    with PHASES("tofu (built or cached)"):
        binary = build(TOFU, PHASES)["tofu"]
    folder = tmp_path_factory.mktemp("console")
    (folder / "tofurc").write_text("")
    inherited = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
    return binary, {**inherited, "TF_CLI_CONFIG_FILE": str(folder / "tofurc"), "CHECKPOINT_DISABLE": "1"}


def opentofu(tofu: tuple[Path, dict[str, str]], expression: str, folder: Path) -> tuple[bool, Any]:
    """(True, value) as OpenTofu evaluates the expression, or (False, its error)."""
    binary, environment = tofu
    result = subprocess.run(
        [str(binary), "console", "-no-color"],
        input=f"jsonencode({expression})\n",
        cwd=folder,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )
    printed = result.stdout.strip()
    if "Error:" in printed or "Error:" in result.stderr or not printed.startswith('"'):
        return False, (printed + result.stderr).strip()
    return True, json.loads(json.loads(printed))


def ours(expression: str) -> Any:
    return Resolver(Scope()).value("${" + expression + "}" if not expression.startswith('"') else expression)


@pytest.mark.parametrize(("expression", "evaluated"), CASES, ids=[case for case, _ in CASES])
def test_the_resolver_gives_what_opentofu_gives_or_says_it_did_not_evaluate(
    expression: str, evaluated: bool, tofu: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    ok, expected = opentofu(tofu, expression, tmp_path)
    got = ours(expression)
    if not ok:
        assert isinstance(got, Unresolved), (
            f"OpenTofu refuses {expression} ({expected[:200]}); the resolver gave {got!r}"
        )
        return
    if isinstance(got, Unresolved):
        assert not evaluated, f"OpenTofu gives {expected!r} for {expression}; the resolver did not: {got.reason}"
        assert not got.error, f"OpenTofu gives {expected!r}; the resolver calls it an error (try() would skip it)"
        return
    assert (
        got == expected
        and type(got) is type(expected)
        or (isinstance(got, int | float) and isinstance(expected, int | float) and got == expected)
    ), f"{expression}: OpenTofu {expected!r}, the resolver {got!r}"


def test_a_quoted_default_of_a_number_variable_is_a_number_as_terraform_converts_it() -> None:
    scope = Scope(
        defaults={"size": '"5"', "on": '"true"', "name": 7}, types={"size": "number", "on": "bool", "name": "string"}
    )
    resolver = Resolver(scope)
    assert resolver.value("${var.size + 1}") == 6
    assert resolver.value("${try(var.size * 2, 0)}") == 10  # not the fallback: the default converts
    assert resolver.value("${var.on ? 1 : 2}") == 1
    assert resolver.value('${"${var.name}"}') == "7"


def test_a_long_chain_of_locals_is_not_called_a_cycle() -> None:
    chain = {f"l{n}": f"${{local.l{n + 1}}}" for n in range(60)} | {"l60": 1}
    found = Resolver(Scope(locals=chain)).value("${local.l0}")
    assert isinstance(found, Unresolved) and "refers to itself" not in found.reason
    assert "more than 50 locals" in found.reason
    short = {f"l{n}": f"${{local.l{n + 1}}}" for n in range(30)} | {"l30": 1}
    assert Resolver(Scope(locals=short)).value("${local.l0}") == 1
