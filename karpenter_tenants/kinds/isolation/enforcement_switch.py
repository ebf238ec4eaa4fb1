"""`plan --workloads-dir DIR`: what a change that makes the isolation policy refuse where it did not (a tenant's
`enforcement` or the cluster's `tenancy.enforcement` turned to deny, a tenant added with namespaces, a protection
binding `karpenter-protected-tenants-<level>` added or widened) does to what already runs: the workloads of
DIR/<cluster>.json (kinds.isolation.preflight) that the head's bindings acting at Deny refuse and the base's did not. Their
controllers' next pods (a rollout, a node replaced, a DaemonSet reaching a new node) are refused: a destructive
change per tenant (or per namespace of no tenant), naming up to SHOWN workloads with the rule and preflight's fix.

Only bindings whose validationActions are exactly Deny count (Audit and Warn refuse nothing), each with its own
parameter, as the API server applies them; the rest of the policy files' objects are not read. Nothing is evaluated
when no policy, binding or ConfigMap file of the cluster differs between the base and the head.

Imports the change model, kinds.isolation.preflight and kinds.isolation.construct's names; never the git reading, the simulation or
commands/."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from karpenter_tenants.config.listing import code, escaped
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.kinds.isolation.construct import POLICY_NAME, VALIDATION_ACTIONS
from karpenter_tenants.kinds.isolation.preflight import (
    BoundPolicy,
    PreflightError,
    Verdict,
    Workload,
    bound_policy,
    preflight,
)
from karpenter_tenants.objects.changes import DESTRUCTIVE, Change
from karpenter_tenants.objects.dist_objects import objects_of

LAYER = "review"  # this module's layer (kinds/__init__.py)

SHOWN = 10  # the workloads a finding names, then how many more
DENY = VALIDATION_ACTIONS["deny"]
LEVEL = {tuple(actions): level for level, actions in VALIDATION_ACTIONS.items()}
# The files (synth's `<kind>-<name>.yaml`) of the objects the policy is read from.
POLICY_FILES = ("validatingadmissionpolicy-", "validatingadmissionpolicybinding-", "configmap-")
NO_TENANT = "namespaces of no tenant"


def refused_at_deny(
    key: str,
    old_files: dict[str, str],
    new_files: dict[str, str],
    same: set[str] | frozenset[str],
    label_key: str,
    source: str,
    workloads: Callable[[], list[Workload]],
) -> list[Change]:
    """The destructive changes of cluster key: the workloads (read only when the policy's files changed) the head
    refuses at Deny and the base did not. PreflightError when the head's policy cannot judge them (the workloads file
    holds what kubectl never prints; the caller says it as bad input)."""
    if not any(_policy_file(key, path) and path not in same for path in (*new_files, *old_files)):
        return []
    head = _policy(key, {p: t for p, t in new_files.items() if _policy_file(key, p)})
    if head is None or not (head_deny := _deny_only(head)).bindings:
        return []
    tenant_of = {
        namespace: tenant for tenant, namespaces in _tenant_namespaces(head).items() for namespace in namespaces
    }
    verdicts = [v for v in preflight(head_deny, workloads(), label_key, frozenset(tenant_of)) if v.refusals]
    if not verdicts:
        return []
    base_tree = {**{p: new_files[p] for p in same if p in new_files}, **old_files}
    try:
        base = _policy(key, {p: t for p, t in base_tree.items() if _policy_file(key, p)})
        base_deny = _deny_only(base) if base is not None else None
        already = (
            {id(v.workload) for v in preflight(base_deny, [v.workload for v in verdicts], label_key) if v.refusals}
            if base_deny is not None and base_deny.bindings
            else set()
        )
    except (PreflightError, InputError, AttributeError, TypeError, KeyError):  # a base edited by hand: refused nothing
        already = set()
    newly = [v for v in verdicts if id(v.workload) not in already]
    base_levels = _levels(base) if base is not None else {}
    groups: dict[str, list[Verdict]] = {}
    for verdict in newly:
        namespace = verdict.workload.namespace
        groups.setdefault(f"tenant {tenant_of[namespace]}" if namespace in tenant_of else namespace, []).append(verdict)
    return [_change(key, group, each, head_deny, base_levels, source) for group, each in sorted(groups.items())]


def _policy_file(key: str, path: str) -> bool:
    return path.startswith(f"{key}/") and path.rsplit("/", 1)[-1].startswith(POLICY_FILES) and path.endswith(".yaml")


def _policy(key: str, files: dict[str, str]) -> BoundPolicy | None:
    """The isolation policy of a revision's files of cluster key; a file that cannot be read there holds nothing
    (review.plan says it)."""
    objects: list[dict[str, Any]] = []
    for path, text in sorted(files.items()):
        try:
            objects += [obj for _, obj in objects_of({path: text}).values()]
        except InputError:
            continue
    return bound_policy(objects, key, POLICY_NAME)


def _actions(binding: dict[str, Any]) -> Any:
    spec = binding.get("spec")
    return spec.get("validationActions") if isinstance(spec, dict) else None


def _deny_only(policy: BoundPolicy) -> BoundPolicy:
    """The policy with only its bindings acting at Deny (each with its own parameter)."""
    return BoundPolicy(policy.policy, tuple((b, p) for b, p in policy.bindings if _actions(b) == DENY))


def _name(binding: dict[str, Any]) -> str:
    return str((binding.get("metadata") or {}).get("name"))


def _levels(policy: BoundPolicy) -> dict[str, str]:
    """Each binding's enforcement (audit, warn, deny) by its name."""
    actions = {_name(b): _actions(b) for b, _ in policy.bindings}
    return {name: LEVEL.get(tuple(each) if isinstance(each, list) else (), str(each)) for name, each in actions.items()}


def _tenant_namespaces(policy: BoundPolicy) -> dict[str, list[str]]:
    """The namespaces of each tenant: those its binding (the one whose parameter names the tenant) selects by name."""
    found: dict[str, list[str]] = {}
    for binding, params in policy.bindings:
        tenant = ((params or {}).get("data") or {}).get("tenant")
        if not isinstance(tenant, str) or not tenant:
            continue
        selector = ((binding.get("spec") or {}).get("matchResources") or {}).get("namespaceSelector") or {}
        for expression in selector.get("matchExpressions") or []:
            if isinstance(expression, dict) and expression.get("operator") == "In":
                found.setdefault(tenant, []).extend(v for v in expression.get("values") or [] if isinstance(v, str))
    return found


def _change(
    key: str, group: str, verdicts: list[Verdict], head_deny: BoundPolicy, base_levels: dict[str, str], source: str
) -> Change:
    namespaces = sorted({v.workload.namespace for v in verdicts})
    switched = []
    for binding, params in head_deny.bindings:
        if any(BoundPolicy(head_deny.policy, ((binding, params),)).matching(ns) for ns in namespaces):
            before = base_levels.get(_name(binding))
            if before != "deny":
                switched.append(
                    f"{code(_name(binding))} " + (f"at deny (was {escaped(before, 20)})" if before else "added at deny")
                )
    why_switch = ", ".join(switched) if switched else "its bindings at deny refuse more at the head"
    tenant = group.removeprefix("tenant ") if group.startswith("tenant ") else None
    where = (
        f"namespace(s) {', '.join(escaped(ns, 80) for ns in namespaces)} of tenant {escaped(tenant, 80)}"
        if tenant
        else f"namespace {escaped(namespaces[0], 80)}"
    )
    lines = []
    for verdict in verdicts[:SHOWN]:
        w = verdict.workload
        said = "; ".join(escaped(m, 300) for m in verdict.refusals)
        fix = "; ".join(
            verdict.fixes
        )  # Markdown already (kinds.isolation.preflight.fixes escapes what it quotes of the file)
        lines.append(f"{code(f'{w.namespace}/{w.kind}/{w.name}')}: {said}" + (f"; fix: {fix}" if fix else ""))
    if len(verdicts) > SHOWN:
        lines.append(f"and {len(verdicts) - SHOWN} more ({code(f'preflight --workloads {source}', 200)} lists them)")
    return Change(
        cluster=key,
        group=f"tenant {tenant}" if tenant else NO_TENANT,
        kind="Workloads",
        name=escaped(tenant or namespaces[0], 80),
        action="refused at deny",
        effect=DESTRUCTIVE,
        count=len(verdicts),
        why=(
            f"{escaped(source, 200)} shows {len(verdicts)} workload(s) in {where} that the isolation policy refuses at "
            f"deny at the head and did not at the base ({why_switch}): their controllers' next pods (a rollout, a node "
            "replaced, a DaemonSet reaching a new node) are refused; fix them first (below), or keep the enforcement "
            "at warn until they are fixed"
        ),
        notes=lines,
    )
