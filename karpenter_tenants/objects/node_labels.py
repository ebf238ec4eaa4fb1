"""The node labels a pod spec pins: the well-known labels preflight's two questions ask about (a managed node group's,
an instance type's) and where a pod spec requires a label's values (nodeSelector, required node affinity). Read by
checks.stranded (the selectors the move strands), kinds.isolation.preflight (the fix for a pod pinned to a node group)
and review.live_status. Imports nothing of the product."""

from __future__ import annotations

from typing import Any

NODE_GROUP_LABEL = "eks.amazonaws.com/nodegroup"  # the label EKS puts on every node of a managed node group
INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type"


def required_values(spec: dict[str, Any], key: str) -> list[tuple[str, set[str]]]:
    """(where, values) of each way a pod spec pins a label key: nodeSelector, or an `In` expression of its required
    node affinity (every term: a term the pod could use instead is not a pin, but each one that names the key is
    reported)."""
    found = []
    selector = spec.get("nodeSelector") or {}
    if isinstance(selector, dict) and isinstance(selector.get(key), str):
        found.append(("nodeSelector", {selector[key]}))
    affinity = (
        ((spec.get("affinity") or {}).get("nodeAffinity") or {}) if isinstance(spec.get("affinity"), dict) else {}
    )
    required = affinity.get("requiredDuringSchedulingIgnoredDuringExecution") if isinstance(affinity, dict) else None
    terms = required.get("nodeSelectorTerms") if isinstance(required, dict) else None
    for index, term in enumerate(terms if isinstance(terms, list) else []):
        for expression in (term.get("matchExpressions") or []) if isinstance(term, dict) else []:
            if isinstance(expression, dict) and expression.get("key") == key and expression.get("operator") == "In":
                values = {v for v in expression.get("values") or [] if isinstance(v, str)}
                found.append((f"required node affinity (term {index})", values))
    return found
