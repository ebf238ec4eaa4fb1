"""`plan`'s review of the tenant isolation policies (kinds/isolation/construct.py): a ValidatingAdmissionPolicy's change as the
namespaces and tenants whose admission changes and the rules added or dropped, not its CEL; a binding's as the
enforcement (tenancy.enforcement: audit, warn, deny) and the namespaces it selects. Admission changes for new pods;
running pods are untouched, no node is replaced.

The policies' names and validationActions are kinds/isolation/construct.py's. Imports the change model, objects.review
and that construct; never another kind's module."""

from __future__ import annotations

import re

from karpenter_tenants.config.listing import first_few
from karpenter_tenants.kinds.isolation.construct import (
    NAME_LABEL,
    NO_TENANT_PARAMS,
    NODE_GROUP_TENANT_NAMES,
    NODE_GROUP_TENANTS,
    POLICY_NAME,
    PROTECTED_NAMES,
    PROTECTED_PREFIX,
    PROTECTS,
    TENANT_PARAMS_PREFIX,
    VALIDATION_ACTIONS,
)
from karpenter_tenants.objects.changes import IN_PLACE, Change, FieldChange
from karpenter_tenants.objects.dist_objects import ObjectKey
from karpenter_tenants.objects.review import ObjectReview, Sides

LAYER = "review"  # this module's layer (kinds/__init__.py)


class PolicyReview(ObjectReview):
    def changed(
        self, sides: Sides, key: ObjectKey, group: str, before: dict, after: dict, fields: list[FieldChange]
    ) -> list[Change]:
        return [Change(key[0], group, key[1], key[3], "changed", IN_PLACE, _policy_summary(before, after))]


def _guards(name: str) -> str:
    level = name.removeprefix(PROTECTED_PREFIX)
    return (
        f"guards at {level} the nodes of the tenants enforced at {level} (its ConfigMap names them) from the "
        f"namespaces enforced more weakly: a pod there may not tolerate their taint, tolerate every taint or name a "
        f"node; admission changes for new pods, running pods are untouched"
    )


class BindingReview(ObjectReview):
    def added(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        if key[3].startswith(PROTECTED_PREFIX):
            return [Change(key[0], group, key[1], key[3], "added", IN_PLACE, _guards(key[3]))]
        return super().added(sides, key, group)

    def removed(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        if key[3].startswith(PROTECTED_PREFIX):
            level = key[3].removeprefix(PROTECTED_PREFIX)
            return [
                Change(
                    key[0],
                    group,
                    key[1],
                    key[3],
                    "removed",
                    IN_PLACE,
                    f"no tenant's nodes need guarding at {level} from namespaces enforced more weakly (every "
                    f"namespace is enforced as strictly as the tenants at {level}, or no tenant is at {level})",
                )
            ]
        return super().removed(sides, key, group)

    def changed(
        self, sides: Sides, key: ObjectKey, group: str, before: dict, after: dict, fields: list[FieldChange]
    ) -> list[Change]:
        actions = [sorted((o.get("spec") or {}).get("validationActions") or []) for o in (before, after)]
        parts = [_enforcement_summary(*actions)] if actions[0] != actions[1] else []
        namespaces = _binding_namespaces(before, after)
        if parts and not namespaces:  # the enforcement alone: one_line_per_enforcement_change may group it
            return [
                Change(
                    key[0],
                    group,
                    key[1],
                    key[3],
                    "changed",
                    IN_PLACE,
                    parts[0],
                    [FieldChange(ACTIONS, actions[0], actions[1])],
                )
            ]
        if parts or namespaces:
            return [Change(key[0], group, key[1], key[3], "changed", IN_PLACE, "; ".join(parts + namespaces))]
        return super().changed(sides, key, group, before, after, fields)


def one_line_per_enforcement_change(changes: list[Change]) -> list[Change]:
    """The same enforcement change of two or more tenants' bindings (tenancy.enforcement switched for the tenants
    that do not set their own) as one change naming the tenants, instead of one block per tenant."""
    found: dict[tuple[str, str, str], list[Change]] = {}
    for change in changes:
        if (
            change.kind == "ValidatingAdmissionPolicyBinding"
            and change.name.startswith(f"{POLICY_NAME}-")
            and [f.path for f in change.fields] == [ACTIONS]
        ):
            found.setdefault((change.cluster, repr(change.fields[0].old), repr(change.fields[0].new)), []).append(
                change
            )
    grouped = {id(c) for each in found.values() if len(each) > 1 for c in each}
    kept = [c for c in changes if id(c) not in grouped]
    for each in found.values():
        if len(each) > 1:
            tenants = sorted(c.name.removeprefix(f"{POLICY_NAME}-") for c in each)
            shown = first_few(tenants, 10)
            kept.append(
                Change(
                    each[0].cluster,
                    "tenant isolation",
                    each[0].kind,
                    f"{POLICY_NAME}-* ({len(tenants)} tenants)",
                    "changed",
                    IN_PLACE,
                    f"{each[0].why}: tenants {shown}",
                    [each[0].fields[0]],
                    count=len(tenants),
                )
            )
    return kept


class ParameterReview(ObjectReview):
    """The parameter of the namespaces of no tenant (ConfigMap karpenter-no-tenant): the customers still on their node
    groups as who comes and goes, not two strings of every name before and after (39 names four times for one
    customer onboarded). Any other ConfigMap: the default review."""

    def changed(
        self, sides: Sides, key: ObjectKey, group: str, before: dict, after: dict, fields: list[FieldChange]
    ) -> list[Change]:
        if (
            key[3].startswith(PROTECTED_PREFIX)
            and fields
            and all(f.path in (f"data.{PROTECTS}", f"data.{PROTECTED_NAMES}") for f in fields)
        ):

            def guarded(obj: dict) -> set[str]:
                value = (obj.get("data") or {}).get(PROTECTS)
                return {name for name in value.split(",") if name} if isinstance(value, str) else set()

            old, new = guarded(before), guarded(after)
            change = [f"+{n}" for n in sorted(new - old)] + [f"-{n}" for n in sorted(old - new)]
            level = key[3].removeprefix(PROTECTED_PREFIX)
            return [
                Change(
                    key[0],
                    group,
                    key[1],
                    key[3],
                    "changed",
                    IN_PLACE,
                    (
                        f"tenants whose nodes are guarded at {level} from namespaces enforced more weakly: {' '.join(change)} "
                        f"({len(new)} now); admission changes for new pods, running pods are untouched"
                    ),
                )
            ]
        listed = {f"data.{NODE_GROUP_TENANTS}", f"data.{NODE_GROUP_TENANT_NAMES}"}
        if key[3] != NO_TENANT_PARAMS or not fields or any(f.path not in listed for f in fields):
            return super().changed(sides, key, group, before, after, fields)

        def customers(obj: dict) -> set[str]:
            value = (obj.get("data") or {}).get(NODE_GROUP_TENANTS)
            return {name for name in value.split(",") if name} if isinstance(value, str) else set()

        old, new = customers(before), customers(after)
        change = [f"+{n}" for n in sorted(new - old)] + [f"-{n}" for n in sorted(old - new)]
        return [
            Change(
                key[0],
                group,
                key[1],
                key[3],
                "changed",
                IN_PLACE,
                (
                    f"customers still on their node groups, whose pods may tolerate their own group's taint: {' '.join(change)} "
                    f"({len(new)} left); admission changes for new pods, running pods are untouched"
                ),
            )
        ]


ACTIONS = "spec.validationActions"
REVIEWS = {
    "ConfigMap": ParameterReview(),
    "ValidatingAdmissionPolicy": PolicyReview(),
    "ValidatingAdmissionPolicyBinding": BindingReview(),
}


_NAMESPACE_TENANT = re.compile(r'"([^"]+)":\s*"([^"]+)"')
_RULE = re.compile(r"rule ([a-z-]+)")


_SAYS = {
    "audit": "refusals are only recorded in the API server's audit log",
    "warn": "refusals are recorded and returned to the client as warnings, the request still passes",
    "deny": "the request is refused",
}
# The bindings' validationActions (sorted) of each tenancy.enforcement, in words.
ENFORCEMENT = {tuple(sorted(VALIDATION_ACTIONS[name])): f"{name}: {says}" for name, says in _SAYS.items()}


def _binding_namespaces(before: dict, after: dict) -> list[str]:
    """A binding's namespaces as they change: a tenant's (In, its parameter names the tenant) or those the binding of
    the namespaces of no tenant leaves out (NotIn: the exempt ones and every tenant's)."""

    def selected(binding: dict) -> tuple[str | None, set[str]]:
        spec = binding.get("spec") or {}
        selector = (spec.get("matchResources") or {}).get("namespaceSelector") or {}
        for expression in selector.get("matchExpressions") or []:
            if expression.get("key") == NAME_LABEL:
                return expression.get("operator"), set(expression.get("values") or [])
        return None, set()

    (old_op, old), (new_op, new) = selected(before), selected(after)
    if old_op != new_op or old == new:
        return []
    ref = ((after.get("spec") or {}).get("paramRef") or {}).get("name", "")
    tenant = new_op == "In" and ref.startswith(TENANT_PARAMS_PREFIX)
    whose = f"tenant {ref.removeprefix(TENANT_PARAMS_PREFIX)}" if tenant else "its"
    what = f"namespaces of {whose}" if new_op == "In" else "namespaces it leaves out (exempt, or a tenant's)"
    change = [f"+{n}" for n in sorted(new - old)] + [f"-{n}" for n in sorted(old - new)]
    return [f"{what}: {' '.join(change)}"]


def _enforcement_summary(before: list[str], after: list[str]) -> str:
    """What switching tenancy.enforcement does, in words."""
    was, now = ENFORCEMENT.get(tuple(before), ", ".join(before)), ENFORCEMENT.get(tuple(after), ", ".join(after))
    text = f"enforcement {was} → {now}"
    if after == VALIDATION_ACTIONS["deny"]:
        text += "; from now on every pod the policy would refuse is refused: read what audit recorded first"
    elif before == VALIDATION_ACTIONS["deny"]:
        text += "; pods the policy would refuse are admitted again (isolation is no longer enforced)"
    return text


def _policy_summary(before: dict, after: dict) -> str:
    """An isolation policy change as the namespaces and tenants whose admission changes, not its CEL."""

    def owners(policy: dict) -> dict[str, str]:
        variables = (policy.get("spec") or {}).get("variables") or []
        text = next((v.get("expression", "") for v in variables if v.get("name") == "namespaceTenants"), "")
        return dict(_NAMESPACE_TENANT.findall(text))

    def exempt(policy: dict) -> set[str]:
        selector = ((policy.get("spec") or {}).get("matchConstraints") or {}).get("namespaceSelector") or {}
        return {v for e in selector.get("matchExpressions") or [] for v in e.get("values") or []}

    def rules(policy: dict) -> set[str]:
        return {
            r
            for v in (policy.get("spec") or {}).get("validations") or []
            for r in _RULE.findall(v.get("messageExpression", ""))
        }

    parts = []
    old_owners, new_owners = owners(before), owners(after)
    for namespace in sorted(set(old_owners) | set(new_owners)):
        was, now = old_owners.get(namespace), new_owners.get(namespace)
        if was != now:
            parts.append(
                f"namespace {namespace}: "
                + (f"tenant {was}" if was else "no tenant")
                + " → "
                + (f"tenant {now}" if now else "no tenant")
            )
    old_exempt, new_exempt = exempt(before), exempt(after)
    if new_exempt - old_exempt:
        parts.append(f"no longer checked (exempt): {', '.join(sorted(new_exempt - old_exempt))}")
    if old_exempt - new_exempt:
        parts.append(f"now checked: {', '.join(sorted(old_exempt - new_exempt))}")
    old_rules, new_rules = rules(before), rules(after)
    if new_rules - old_rules:
        parts.append(f"new rules: {', '.join(sorted(new_rules - old_rules))}")
    if old_rules - new_rules:
        parts.append(f"rules dropped: {', '.join(sorted(old_rules - new_rules))}")
    summary = "; ".join(parts) or "rule text changed, same namespaces and rules"
    return f"admission changes for new pods, running pods are untouched: {summary}"
