"""objects.cel_kubernetes: the Kubernetes CEL library functions, built around the size check they are handed
(objects.cel's, in `validate`), which `join` and `replace` call with their result's length before they build it."""

from __future__ import annotations

import pytest
from celpy import celtypes

from karpenter_tenants.objects.cel import RuleLimitExceeded, evaluate
from karpenter_tenants.objects.cel_kubernetes import SizeCheck, kubernetes_functions


class TooLarge(Exception):
    pass


def refusing_over(limit: int, seen: list[int]) -> SizeCheck:
    def check(length: int) -> None:
        seen.append(length)
        if length > limit:
            raise TooLarge(length)

    return check


def test_replace_and_join_hand_their_results_length_to_the_size_check_before_building_it() -> None:
    seen: list[int] = []
    functions = kubernetes_functions(refusing_over(10, seen))
    text = celtypes.StringType
    assert functions["replace"](text("abab"), text("a"), text("xy")) == "xybxyb"
    assert functions["join"](celtypes.ListType([text("ab"), text("c")]), text("--")) == "ab--c"
    assert seen == [6, 5]
    with pytest.raises(TooLarge):
        functions["replace"](text("a" * 6), text("a"), text("aa"))
    assert seen[-1] == 12


def test_a_rule_whose_join_would_pass_the_value_limit_stops_with_rule_limit_exceeded() -> None:
    with pytest.raises(RuleLimitExceeded, match="a value of 1,001,000 characters or items, more than 1,000,000"):
        evaluate("self.join('') != ''", ["x" * 1000] * 1001)


def test_the_string_and_regex_functions_follow_the_kubernetes_definitions() -> None:
    assert evaluate("'a-b-c'.split('-') == ['a', 'b', 'c'] && ['b', 'a'].join('') == 'ba'", {})
    assert evaluate("'v1.30.2'.find('[0-9]+') == '1' && 'a1b22'.findAll('[0-9]+') == ['1', '22']", {})
    assert evaluate("' X '.trim().lowerAscii() == 'x' && 'abc'.indexOf('c') == 2 && [1, 2].isSorted()", {})
