"""Every CEL rule of the Karpenter 1.14.1 NodePool and EC2NodeClass CRDs compiles and is exercised by a
passing value and a violating one, evaluated with the same engine `validate` uses."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from karpenter_tenants.objects.cel import RuleError, RuleSite, compile_rule, evaluate, is_transition_rule, rule_sites

CRDS = {
    "NodePool": "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml",
    "EC2NodeClass": "karpenter/v1.14.1/karpenter/crds/karpenter.k8s.aws_ec2nodeclasses.yaml",
}
NEW, OLD = "self", "oldSelf"
# (kind, schema path, message) -> (a value that satisfies the rule, a value that violates it or None).
CASES: dict[tuple[str, str, str], tuple[Any, Any]] = {
    (case["kind"], case["path"], case["message"]): (case["valid"], case["invalid"])
    for case in yaml.safe_load((Path(__file__).parents[2] / "cases/cel-rules.yaml").read_text())
}


@cache
def all_sites(shared: Path) -> dict[tuple[str, str, str], RuleSite]:
    found = {}
    for kind, relative in CRDS.items():
        crd = yaml.safe_load((shared / relative).read_text())
        schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
        for site in rule_sites(schema):
            found[(kind, ".".join(site.path).replace(".[]", "[]"), site.message)] = site
    return found


def test_the_crds_have_the_74_rules_this_table_covers(shared: Path) -> None:
    sites = all_sites(shared)
    assert len(sites) == 74
    assert sorted(sites) == sorted(CASES), "a rule was added or changed upstream: add it to CASES"


def test_every_rule_compiles(shared: Path) -> None:
    for site in all_sites(shared).values():
        compile_rule(site.rule)


def _run(site: RuleSite, value: Any) -> bool:
    if is_transition_rule(site.rule):
        return evaluate(site.rule, value[NEW], value[OLD])
    return evaluate(site.rule, value)


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}:{k[1]}:{k[2][:50]}")
def test_the_rule_accepts_a_valid_value_and_rejects_a_violation(key: tuple[str, str, str], shared: Path) -> None:
    site = all_sites(shared)[key]
    passing, failing = CASES[key]
    assert _run(site, passing) is True
    if failing is not None:
        try:
            assert _run(site, failing) is False
        except RuleError as error:  # the API server rejects an object whose rule errors, too
            pytest.fail(f"rule errored instead of returning false: {error}")


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}:{k[1]}:{k[2][:50]}")
def test_memoized_and_projected_evaluation_agrees_with_plain_cel_python(
    key: tuple[str, str, str], shared: Path
) -> None:
    from karpenter_tenants.objects.cel import _evaluate

    site = all_sites(shared)[key]
    for value in CASES[key]:
        if value is None:
            continue
        new, old = (value[NEW], value[OLD]) if is_transition_rule(site.rule) else (value, None)
        try:
            plain: bool | str = _evaluate(site.rule, new, old)
        except RuleError as error:
            plain = f"error: {error}"
        try:
            fast: bool | str = evaluate(site.rule, new, old)
        except RuleError as error:
            fast = f"error: {error}"
        assert fast == plain
