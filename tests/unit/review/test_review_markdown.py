"""review/markdown.py: plan's report: counts first, then per cluster the runbook and version lines, then each tenant's
changes before the Karpenter and base objects', the most severe first, a change's fields and notes below it."""

from __future__ import annotations

from karpenter_tenants.objects.changes import ABSENT, DESTRUCTIVE, DRIFT, IN_PLACE, Change, FieldChange
from karpenter_tenants.review.markdown import change_lines, markdown, shown


def test_a_value_is_shown_as_code_compact_json_for_objects_and_absent_as_such() -> None:
    assert shown(ABSENT) == "(absent)"
    assert shown({"b": 1, "a": [2]}) == '`{"a":[2],"b":1}`'
    assert shown(3) == "`3`"


def test_a_change_is_its_line_then_one_line_per_field_then_its_notes() -> None:
    change = Change(
        "acme",
        "tenant alpha",
        "NodePool",
        "alpha",
        "changed",
        DRIFT,
        "node template changed",
        [FieldChange("spec.template.spec.taints", ABSENT, [])],
        ["capacity: 3 types"],
    )
    assert change_lines(change) == [
        "- **drift** NodePool/alpha changed: node template changed",
        "  - `spec.template.spec.taints`: (absent) → `[]`",
        "  - capacity: 3 types",
    ]


def test_no_change_says_so() -> None:
    assert (
        markdown([], "HEAD")
        == "## Karpenter plan against HEAD\n\n0 destructive, 0 drift, 0 in place.\n\nNo change to any cluster.\n"
    )


def test_tenants_come_before_the_base_objects_and_the_most_severe_change_first() -> None:
    changes = [
        Change("acme", "Karpenter and base objects", "Namespace", "karpenter", "removed", DESTRUCTIVE, "x"),
        Change("acme", "tenant beta", "NodePool", "beta", "changed", IN_PLACE, "y"),
        Change("acme", "tenant beta", "EC2NodeClass", "beta", "changed", DRIFT, "z"),
    ]
    text = markdown(
        changes, "main", {"acme": ["`karpenter` chart version: `1.0.0` → `1.1.0`"]}, {"acme": ["node group"]}
    )
    assert text.splitlines() == [
        "## Karpenter plan against main",
        "",
        "1 destructive, 1 drift, 1 in place.",
        "",
        "### Cluster acme",
        "",
        "#### Moving from cluster-autoscaler",
        "",
        "- node group",
        "",
        "#### Chart and image versions",
        "",
        "- `karpenter` chart version: `1.0.0` → `1.1.0`",
        "",
        "#### Tenant beta",
        "",
        "- **drift** EC2NodeClass/beta changed: z",
        "- **in place** NodePool/beta changed: y",
        "",
        "#### Karpenter and base objects",
        "",
        "- **destructive** Namespace/karpenter removed: x",
    ]
