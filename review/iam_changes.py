"""`plan`'s view of dist/<key>/aws.json: the IAM policy documents terraform/ applies (aws.json "iam",
synth/iam_policies.py), compared statement by statement, so a reviewer sees a permission granted or taken
and that terraform/ has to be applied with the new file. No node is replaced by an IAM change."""

from __future__ import annotations

import json
from typing import Any

GROUP = "AWS side (terraform/)"
KIND = "aws.json"


def aws_document(text: str | None) -> dict[str, Any] | None:
    """An aws.json text as a JSON object; None when there is no file or it is not one (a hand edit)."""
    try:
        document = json.loads(text) if text else None
    except ValueError:
        return None
    return document if isinstance(document, dict) else None


def iam_of(text: str | None) -> dict[str, Any] | None:
    """aws.json's "iam" ({} for a file of a generator before format 3, which had none); None when there is no
    file or it is not JSON (plan then has nothing to compare)."""
    document = aws_document(text)
    if document is None:
        return None
    iam = document.get("iam")
    return iam if isinstance(iam, dict) else {}


def _names(document: dict[str, Any] | None, key: str) -> set[str]:
    """The names aws.json lists under key (node_roles, instance_profiles: tenant -> name; default_instance_profile:
    one name or null); empty when absent or unreadable."""
    found = (document or {}).get(key)
    if isinstance(found, dict):
        return {str(v) for v in found.values()}
    return {found} if isinstance(found, str) else set()


def removed_node_identities(cluster: str, before: str | None, after: str | None) -> list[tuple[str, str, str]]:
    """(name, action, why) for each node role and instance profile terraform/ would delete: the order matters,
    as nodes still running on them would lose their AWS credentials."""
    changes = []
    old_document, new_document = aws_document(before), aws_document(after)
    profiles = ("instance_profiles", "default_instance_profile")
    for keys, what in ((("node_roles",), "node role"), (profiles, "instance profile")):
        old = set().union(*(_names(old_document, key) for key in keys))
        new = set().union(*(_names(new_document, key) for key in keys))
        for name in sorted(old - new):
            changes.append((name, "removed", (
                f"terraform/ with dist/{cluster}/aws.json deletes this {what}: apply it only after the nodes that use "
                "it are gone (Karpenter drains and terminates them once the node pool's removal reaches the cluster); "
                "applied first, running nodes lose their AWS credentials (kubelet, image pulls)"
            )))
    return changes


def _statements(value: Any) -> dict[str, dict[str, Any]]:
    """The statements of a document, or of a list of documents (pass_node_roles: one statement per Sid, its
    resources gathered), by Sid."""
    documents = value if isinstance(value, list) else [value]
    found: dict[str, dict[str, Any]] = {}
    for document in documents:
        statements = document.get("Statement") if isinstance(document, dict) else None
        for statement in statements if isinstance(statements, list) else []:
            if not isinstance(statement, dict):
                continue  # an aws.json edited by hand: plan compares what it can read
            sid = str(statement.get("Sid", ""))
            if sid in found:
                found[sid] = {**found[sid], "Resource": [*_listed(found[sid].get("Resource")), *_listed(statement.get("Resource"))]}
            else:
                found[sid] = statement
    return found


def _listed(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [] if value is None else [str(value)]


def _plus_minus(what: str, before: Any, after: Any) -> list[str]:
    old, new = _listed(before), _listed(after)
    parts = [f"+{item}" for item in new if item not in old] + [f"-{item}" for item in old if item not in new]
    return [f"{what} {' '.join(parts)}"] if parts else []


def _statement_change(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    parts = _plus_minus("actions", before.get("Action"), after.get("Action"))
    parts += _plus_minus("resources", before.get("Resource"), after.get("Resource"))
    for field in ("Effect", "Principal", "Condition"):
        if before.get(field) != after.get(field):
            parts.append(f"{field.lower()} {json.dumps(before.get(field), sort_keys=True)} → "
                         f"{json.dumps(after.get(field), sort_keys=True)}")
    return parts


def describe(before: Any, after: Any) -> str:
    """One document's change: statements added, removed, changed (what in them); for a list of ARNs (the
    node roles' managed policies) the ARNs added and removed."""
    if all(isinstance(v, list) and all(isinstance(i, str) for i in v) for v in (before or [], after or [])):
        return "; ".join(_plus_minus("policies", before, after))
    old, new = _statements(before), _statements(after)
    parts = [f"statement {sid} added" for sid in new if sid not in old]
    parts += [f"statement {sid} removed" for sid in old if sid not in new]
    for sid in (s for s in new if s in old):
        changed = _statement_change(old[sid], new[sid])
        if changed:
            parts.append(f"statement {sid}: {', '.join(changed)}")
    return "; ".join(parts) or "same statements, written differently"


def iam_changes(cluster: str, before: dict[str, Any] | None, after: dict[str, Any] | None) -> list[tuple[str, str, str]]:
    """(name, action, why) of each change of a cluster's aws.json "iam" between two dist/ trees."""
    apply = f"apply terraform/ with dist/{cluster}/aws.json"
    if before is None and after is None:
        return []
    if before is None:
        return [("iam", "added", f"a new cluster's IAM roles and policies: {apply}; no existing node is replaced")]
    if after is None:
        return [("iam", "removed", "the cluster's aws.json is gone; its roles and policies stay in AWS until "
                 "destroyed with terraform/")]
    if not before and after:
        return [("iam", "added", "the IAM policy documents terraform/ computed itself before now come from the "
                 f"generator (aws.json format 3): {apply} (module of this revision); no node is replaced")]
    changes = []
    for name in sorted(set(before) | set(after)):
        if before.get(name) == after.get(name):
            continue
        action = "added" if name not in before else "removed" if name not in after else "changed"
        changes.append((f"iam.{name}", action, f"{apply}: {describe(before.get(name), after.get(name))}; no node is replaced"))
    return changes
