"""`plan`'s view of dist/<key>/aws.json: the IAM policy documents terraform/ applies (aws.json "iam",
synthesis/iam_policies.py), compared statement by statement, so a reviewer sees a permission granted or taken
and that terraform/ has to be applied with the new file, each document named by its ARN; the node roles and instance
profiles that come or go, their access entries, and the PassRole scope (iam.passRole) that covers them.
No node is replaced by an IAM change. Registered in review/registry.py as a review of aws.json (aws_changes).

Imports the change model and synthesis.aws_side's file name; never a kind's module."""

from __future__ import annotations

import json
from typing import Any

from karpenter_tenants.config.listing import first_few
from karpenter_tenants.objects.changes import DESTRUCTIVE, IN_PLACE, Change
from karpenter_tenants.synthesis.aws_side import FILE_NAME as AWS_FILE

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


def _existing(document: dict[str, Any] | None) -> set[str]:
    """The roles and instance profiles aws.json says exist already (terraform/ reads them, never creates them)."""
    found: set[str] = set()
    for key in ("existing_roles", "existing_instance_profiles"):
        value = (document or {}).get(key)
        found |= set(value) if isinstance(value, dict) else set()
    return found


def _attaches_to_existing(document: dict[str, Any] | None) -> bool:
    options = (document or {}).get("iam_options")
    return isinstance(options, dict) and options.get("attach_policies_to_existing") is True


def _option(document: dict[str, Any] | None, key: str) -> Any:
    """aws.json iam_options[key]; None when absent (a file of an earlier format) or unreadable."""
    options = (document or {}).get("iam_options")
    return options.get(key) if isinstance(options, dict) else None


def _entries_for_existing(document: dict[str, Any] | None) -> bool:
    """Whether terraform/ creates the existing node roles' access entries (format 5 on; before, it never did)."""
    return _option(document, "existing_node_access_entries") is True


def _role_arn(document: dict[str, Any] | None, name: str) -> str:
    """A role's ARN as aws.json gives it (node_role_arns, existing_roles), else its name."""
    for key in ("node_role_arns", "existing_roles"):
        found = (document or {}).get(key)
        if isinstance(found, dict) and isinstance(found.get(name), str):
            return found[name]
    return name


def create_access_entry(cluster: str, arn: str) -> str:
    """The command that gives a node role's nodes their access to the cluster."""
    return f"`aws eks create-access-entry --cluster-name {cluster} --principal-arn {arn} --type EC2_LINUX`"


def _passed_by_scope(document: dict[str, Any] | None) -> str:
    pattern = _option(document, "pass_role")
    return (
        f"; the controller may pass it to EC2 by iam.passRole's {pattern}: no PassRole policy changes"
        if isinstance(pattern, str)
        else ""
    )


def _node_access(cluster: str, document: dict[str, Any] | None, name: str, apply: str) -> str:
    """What an existing node role added to the file gets for its nodes to join, or what to run."""
    if name in (_option(document, "existing_node_roles_with_access_entry") or []):
        return "; it has its EKS access entry already (iam.existing.withAccessEntry): terraform/ creates none"
    if _entries_for_existing(document):
        return (
            f"; {apply} creates its EKS access entry (EC2_LINUX); if the role has one already (a managed node "
            "group's role), that apply fails: list it in iam.existing.withAccessEntry"
        )
    return (
        f"; terraform/ creates no EKS access entry for it (iam.existing.accessEntries false): unless it has one (a "
        f"managed node group's role) or an aws-auth mapping, its nodes cannot join; before merging run "
        f"{create_access_entry(cluster, _role_arn(document, name))}"
    )


def node_identity_changes(cluster: str, before: str | None, after: str | None) -> list[tuple[str, str, str, bool]]:
    """(name, action, why, destructive) for each node role and instance profile that comes or goes, and for a
    controller role that becomes (or stops being) an existing one: when to apply terraform/ relative to the merge
    and the nodes, and what terraform/ does not do for an existing one."""
    changes = []
    old_document, new_document = aws_document(before), aws_document(after)
    if new_document is None and old_document is None:
        return changes
    old_existing, new_existing = _existing(old_document), _existing(new_document)
    apply = f"terraform/ with dist/{cluster}/aws.json"
    profiles = ("instance_profiles", "default_instance_profile")
    for keys, what in ((("node_roles",), "node role"), (profiles, "instance profile")):
        old = set().union(*(_names(old_document, key) for key in keys))
        new = set().union(*(_names(new_document, key) for key in keys))
        node = what == "node role"
        for name in sorted(new - old):
            shown = _role_arn(new_document, name) if node else name
            if name in new_existing:
                changes.append(
                    (
                        name,
                        "added",
                        (
                            f"an existing {what} ({shown}): {apply} reads it (its plan fails if it is missing"
                            + (" or does not trust EC2" if node else "")
                            + ") and neither creates nor owns it; "
                            + (
                                f"it attaches the node policies to it ({_managed(new_document)})"
                                if _attaches_to_existing(new_document)
                                else f"attach the node policies to it yourself ({_managed(new_document)}; "
                                "`terraform output policies_to_attach`)"
                            )
                            + (
                                _node_access(cluster, new_document, name, apply) + _passed_by_scope(new_document)
                                if node
                                else ""
                            )
                        ),
                        False,
                    )
                )
            elif old_document is not None:
                changes.append(
                    (
                        name,
                        "added",
                        (
                            f"{apply} creates this {what}"
                            + (f" ({shown}) and its EKS access entry" if node else "")
                            + ": apply it before merging; until then the new node pool's nodes cannot launch or join"
                            + (_passed_by_scope(new_document) if node else "")
                        ),
                        False,
                    )
                )
        for name in sorted(old - new):
            if name in old_existing:
                entry = node and _entries_for_existing(old_document)
                changes.append(
                    (
                        name,
                        "removed",
                        (
                            f"an existing {what}: {apply} stops reading it and does not delete it"
                            + (
                                "; it detaches the node policies it attached"
                                if _attaches_to_existing(old_document)
                                else ""
                            )
                            + (
                                "; it deletes the EKS access entry it created for it: apply only after the nodes that use it are "
                                "gone (applied first, running nodes can no longer reach the cluster)"
                                if entry
                                else ""
                            )
                        ),
                        entry,
                    )
                )
            else:
                changes.append(
                    (
                        name,
                        "removed",
                        (
                            f"{apply} deletes this {what}: apply it only after the nodes that use it are gone (Karpenter drains "
                            "and terminates them once the node pool's removal reaches the cluster); applied first, running nodes "
                            "lose their AWS credentials (kubelet, image pulls)"
                        ),
                        True,
                    )
                )
        for name in sorted((old & new) & (old_existing ^ new_existing)):
            changes.append(
                _switched(
                    name, f"an existing {what}", name in new_existing, apply, _addresses(old_document, name, what)
                )
            )
        for name, was, now in _rekeyed(old_document, new_document, keys[0], old_existing | new_existing):
            changes.append((name, "changed", _rekeyed_why(what, was, now, apply, new_document), True))
    changes += _access_entry_switch(cluster, old_document, new_document, apply)
    old_create, new_create = (_option(d, "create_roles") is not False for d in (old_document, new_document))
    if old_document is not None and new_document is not None and old_create != new_create:
        changes.append(
            (
                "iam.createRoles",
                "changed",
                (
                    f"{apply} creates no IAM role from now on (iam.createRoles false; its plan fails on any it would create): "
                    "every role of the file is an existing one"
                    if not new_create
                    else f"{apply} may create IAM roles again (iam.createRoles true)"
                ),
                False,
            )
        )
    old_role, new_role = ((d or {}).get("controller_role") for d in (old_document, new_document))
    if (
        isinstance(old_role, dict)
        and isinstance(new_role, dict)
        and old_role.get("create") is not None
        and old_role.get("create") != new_role.get("create")
    ):
        changes.append(
            _switched(
                str(new_role.get("name")),
                "an existing controller role",
                new_role.get("create") is False,
                apply,
                [
                    "aws_iam_role.controller[0]",
                    "aws_iam_role_policy.controller[0]",
                    "aws_iam_policy.pass_node_roles",
                    "aws_iam_role_policy_attachment.pass_node_roles",
                ],
            )
        )
    if old_document is not None and new_document is not None and (old_existing or new_existing):
        before_attach, after_attach = _attaches_to_existing(old_document), _attaches_to_existing(new_document)
        if before_attach and not after_attach:
            changes.append(
                (
                    "iam.existing.attachPolicies",
                    "changed",
                    (
                        f"{apply} detaches Karpenter's policies from the existing roles ({_attached(old_document)}): the "
                        "controller and the nodes lose those permissions. To keep them as yours, `terraform state rm` first: "
                        "aws_iam_role_policy.controller, "
                        "aws_iam_policy.pass_node_roles, aws_iam_role_policy_attachment.pass_node_roles, "
                        "aws_iam_role_policy_attachment.existing_node"
                    ),
                    True,
                )
            )
        elif after_attach and not before_attach:
            changes.append(
                (
                    "iam.existing.attachPolicies",
                    "changed",
                    (
                        f"{apply} attaches Karpenter's policies to the existing roles ({_attached(new_document)}; "
                        "`terraform output policies_to_attach` listed them); ones you attached by hand under the same names "
                        "are taken over"
                    ),
                    False,
                )
            )
    return changes


def _attached(document: dict[str, Any] | None) -> str:
    """Karpenter's policies on existing roles, each by its ARN: an existing controller role's (its inline policy, the
    PassRole and upgrade-path policies), then the node roles' managed policies."""
    role = (document or {}).get("controller_role")
    parts = []
    if isinstance(role, dict) and role.get("create") is False:
        subjects = policy_subjects(document, document)
        parts += [subjects["controller_policy"], subjects["pass_node_roles"].split(" (iam.passRole")[0]]
        if ((document or {}).get("policy_names") or {}).get("upgrade_controller_policy"):
            parts.append(subjects["upgrade_controller_policy"])
    if _names(document, "node_roles") & _existing(document):
        parts.append(f"on the existing node roles {_managed(document)}")
    return "; ".join(parts) or "none"


def _managed(document: dict[str, Any] | None) -> str:
    """The node roles' managed policy ARNs (aws.json iam.node_managed_policy_arns)."""
    arns = ((document or {}).get("iam") or {}).get("node_managed_policy_arns") or []
    return ", ".join(str(arn) for arn in arns) or "aws.json iam.node_managed_policy_arns"


def _access_entry_switch(
    cluster: str, before: dict[str, Any] | None, after: dict[str, Any] | None, apply: str
) -> list[tuple[str, str, str, bool]]:
    """Each existing node role kept in the file whose access entry terraform/ now creates or now deletes
    (iam.existing.accessEntries switched, or format 5's default on 1.x)."""
    if before is None or after is None or _entries_for_existing(before) == _entries_for_existing(after):
        return []
    kept = sorted((_names(before, "node_roles") & _existing(before)) & (_names(after, "node_roles") & _existing(after)))
    if _entries_for_existing(after):
        return [
            (
                name,
                "changed",
                (
                    f"{apply} now creates an EKS access entry (EC2_LINUX) for this existing node role (iam.existing.accessEntries, "
                    "default true on 1.x); if the role has one already (a managed node group's role), that apply fails with "
                    "ResourceInUseException: list it in iam.existing.withAccessEntry to keep the access it has"
                ),
                False,
            )
            for name in kept
        ]
    return [
        (
            name,
            "changed",
            (
                f"{apply} deletes the EKS access entry it created for this existing node role (iam.existing.accessEntries "
                f"false): its running nodes can no longer reach the cluster. To keep it, `terraform state rm "
                f"'module.<name>.aws_eks_access_entry.existing_node[\"{name}\"]'` first; or create one yourself after: "
                f"{create_access_entry(cluster, _role_arn(after, name))}"
            ),
            True,
        )
        for name in kept
    ]


def policy_subjects(before: dict[str, Any] | None, after: dict[str, Any] | None) -> dict[str, str]:
    """What each document of aws.json "iam" is, naming its ARN (a managed policy's; the role's of an inline or trust
    policy; the queue's), so a reviewer or a security team attaching it by hand knows which policy a line is about."""
    document = after or before or {}
    cluster = document.get("cluster") if isinstance(document.get("cluster"), dict) else {}
    prefix = f"arn:{cluster.get('partition', 'aws')}:iam::{cluster.get('account_id', '')}:policy/"
    role = document.get("controller_role") if isinstance(document.get("controller_role"), dict) else {}
    controller = str(role.get("arn", "the controller role"))

    def names(side: dict[str, Any] | None, key: str) -> list[str]:
        given = ((side or {}).get("policy_names") or {}).get(key)
        if isinstance(given, str):
            return [given]
        if isinstance(given, list):
            return [str(name) for name in given]
        documents = ((side or {}).get("iam") or {}).get(key)  # a file before format 5: the module's own names
        count = len(documents) if isinstance(documents, list) else int(documents is not None)
        suffix = "upgrade-path" if key == "upgrade_controller_policy" else "pass-node-roles-{}"
        return [f"{role.get('name', '')}-{suffix.format(index)}" for index in range(count)]

    def managed(key: str) -> str:
        arns = [prefix + name for name in dict.fromkeys([*names(before, key), *names(after, key)])]
        return f"managed polic{'y' if len(arns) == 1 else 'ies'} {', '.join(arns)} on role {controller}"

    created = [
        arn for name, arn in sorted((document.get("node_role_arns") or {}).items()) if name not in _existing(document)
    ]
    pass_role = _option(after, "pass_role")
    scope = (
        f" (iam.passRole: every role matching {pass_role} may be passed to EC2, so tenants coming and going do "
        "not change it)"
        if isinstance(pass_role, str)
        else " (one ARN per node role: each tenant added or removed changes it)"
        if isinstance(_option(before, "pass_role"), str)
        else ""
    )
    queue = document.get("interruption_queue_arn", "the interruption queue")
    inline = ((document.get("policy_names") or {}).get("controller_policy")) or "karpenter-controller"
    return {
        "controller_policy": f"inline policy {inline} of role {controller}",
        "controller_trust": f"trust policy of role {controller}",
        "pass_node_roles": managed("pass_node_roles") + scope,
        "upgrade_controller_policy": managed("upgrade_controller_policy"),
        "node_trust": "trust policy of the node roles terraform/ creates"
        + (f" ({', '.join(created)})" if created else ""),
        "node_managed_policy_arns": "AWS managed policies attached to the node roles",
        "queue_policy": f"resource policy of queue {queue}",
    }


def _addresses(document: dict[str, Any] | None, name: str, what: str) -> list[str]:
    """terraform/'s addresses of what it created for a node role or instance profile (by tenant key)."""
    keys = [
        k
        for k, v in ((document or {}).get("node_roles" if what == "node role" else "instance_profiles") or {}).items()
        if v == name
    ]
    if what == "node role":
        return [
            a
            for k in keys
            for a in (
                f'aws_iam_role.node["{k}"]',
                f'aws_eks_access_entry.node["{k}"]',
                f'aws_iam_role_policy_attachment.node["{k} <policy ARN>"] (each)',
            )
        ]
    return [f'aws_iam_instance_profile.tenant["{k}"]' for k in keys] or ["aws_iam_instance_profile.default[0]"]


def _rekeyed(
    before: dict[str, Any] | None, after: dict[str, Any] | None, key: str, existing: set[str]
) -> list[tuple[str, str, str]]:
    """(name, key before, key now) of each role or profile terraform/ creates that keeps its name under another
    tenant key (a tenant renamed, its nodeRole or instanceProfile kept): terraform/'s for_each is by tenant."""

    def by_name(document: dict[str, Any] | None) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        mapping = (document or {}).get(key)
        for tenant, name in mapping.items() if isinstance(mapping, dict) else []:
            found.setdefault(str(name), []).append(str(tenant))
        return found

    old, new = by_name(before), by_name(after)
    return [
        (name, old[name][0], new[name][0])
        for name in sorted(set(old) & set(new) - existing)
        if len(old[name]) == len(new[name]) == 1 and old[name] != new[name]
    ]


def _rekeyed_why(what: str, was: str, now: str, apply: str, document: dict[str, Any] | None) -> str:
    """What terraform/ does with a created role or profile whose tenant key changed, and the state moves that keep it."""
    arns = ((document or {}).get("iam") or {}).get("node_managed_policy_arns") or []

    def addresses(key: str) -> list[str]:
        if what != "node role":
            return [f'aws_iam_instance_profile.tenant["{key}"]']
        return [
            f'aws_iam_role.node["{key}"]',
            f'aws_eks_access_entry.node["{key}"]',
            *(f'aws_iam_role_policy_attachment.node["{key} {arn}"]' for arn in arns),
        ]

    extra = (
        "; rename the key of tenant_extra_policy_arns too, and move its attachments the same way"
        if what == "node role"
        else ""
    )
    moves = "; ".join(
        f"terraform state mv 'module.<name>.{a}' 'module.<name>.{b}'"
        for a, b in zip(addresses(was), addresses(now), strict=True)
    )
    return (
        f"terraform/ keeps this {what} under its tenant's key, now {now!r} (was {was!r}): {apply} as is deletes "
        f"what it created under {was!r} and creates it again under {now!r} with the same name, in no set order "
        "(the create fails while the name exists; nodes using it lose their access in between). Before applying, "
        f"move the state (module.<name>: your call of terraform/): {moves}{extra}; then the plan only retags it"
    )


def _switched(name: str, what: str, now_existing: bool, apply: str, addresses: list[str]) -> tuple[str, str, str, bool]:
    """A role or profile that becomes an existing one (terraform/ would delete what it created: destructive) or
    stops being one (terraform/ would fail creating what exists)."""
    if now_existing:
        return (
            name,
            "changed",
            (
                f"now {what}: {apply} would delete what it created for it (its nodes would lose "
                f"their access and policies): `terraform state rm` first, so they stay: "
                f"{', '.join(addresses)}; then apply"
            ),
            True,
        )
    return (
        name,
        "changed",
        (
            f"no longer {what}: {apply} creates it, which fails while it exists: adopt it with an "
            "`import` block (terraform/README.md) instead"
        ),
        False,
    )


def _on(statement: dict[str, Any]) -> str:
    """The ARNs a statement names (its resources), so a reviewer sees what is granted on what, not only its Sid."""
    arns = [r for r in _listed(statement.get("Resource")) if isinstance(r, str) and r.startswith("arn:")]
    return f" (on {', '.join(arns)})" if arns else ""


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
                found[sid] = {
                    **found[sid],
                    "Resource": [*_listed(found[sid].get("Resource")), *_listed(statement.get("Resource"))],
                }
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
            parts.append(
                f"{field.lower()} {json.dumps(before.get(field), sort_keys=True)} → "
                f"{json.dumps(after.get(field), sort_keys=True)}"
            )
    return parts


def grants(before: Any, after: Any) -> bool:
    """Whether a document's change grants anything it did not (a statement, action, resource, ARN added; a condition
    or principal changed): then terraform/ goes first. Removals only: it goes after the cluster stopped using them."""
    if all(isinstance(v, list) and all(isinstance(i, str) for i in v) for v in (before or [], after or [])):
        return bool(set(_listed(after)) - set(_listed(before)))
    old, new = _statements(before), _statements(after)
    for sid, statement in new.items():
        was = old.get(sid)
        if was is None or any(
            set(_listed(statement.get(f))) - set(_listed(was.get(f))) for f in ("Action", "Resource")
        ):
            return True
        if any(statement.get(f) != was.get(f) for f in ("Effect", "Principal", "Condition")):
            return True
    return False


def describe(before: Any, after: Any) -> str:
    """One document's change: statements added, removed, changed (what in them); for a list of ARNs (the
    node roles' managed policies) the ARNs added and removed."""
    if all(isinstance(v, list) and all(isinstance(i, str) for i in v) for v in (before or [], after or [])):
        return "; ".join(_plus_minus("policies", before, after))
    old, new = _statements(before), _statements(after)
    parts = [f"statement {sid} added{_on(new[sid])}" for sid in new if sid not in old]
    parts += [f"statement {sid} removed{_on(old[sid])}" for sid in old if sid not in new]
    for sid in (s for s in new if s in old):
        changed = _statement_change(old[sid], new[sid])
        if changed:
            parts.append(f"statement {sid}: {', '.join(changed)}")
    return "; ".join(parts) or "same statements, written differently"


def by_hand(text: str | None) -> frozenset[str]:
    """The documents of aws.json "iam" that terraform/ does not apply, so the user must: an existing controller
    role's trust always, its policies unless iam.existing.attachPolicies."""
    document = aws_document(text) or {}
    role = document.get("controller_role")
    if not isinstance(role, dict) or role.get("create") is not False:
        return frozenset()
    return frozenset(
        {"controller_trust"} | (set() if _attaches_to_existing(document) else {"controller_policy", "pass_node_roles"})
    )


def iam_changes(
    cluster: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    manual: frozenset[str] = frozenset(),
    subjects: dict[str, str] | None = None,
) -> list[tuple[str, str, str]]:
    """(name, action, why) of each change of a cluster's aws.json "iam" between two dist/ trees (manual: the
    documents terraform/ does not apply to the existing controller role, which the user changes by hand; subjects:
    what each document is, with its ARN, said first)."""
    apply = f"apply terraform/ with dist/{cluster}/aws.json"
    if before is None and after is None:
        return []
    if before is None:
        return [("iam", "added", f"a new cluster's IAM roles and policies: {apply}; no existing node is replaced")]
    if after is None:
        return [
            (
                "iam",
                "removed",
                "the cluster's aws.json is gone; its roles and policies stay in AWS until destroyed with terraform/",
            )
        ]
    if not before and after:
        return [
            (
                "iam",
                "added",
                "the IAM policy documents terraform/ computed itself before now come from the "
                f"generator (aws.json format 3): {apply} (module of this revision); no node is replaced",
            )
        ]
    changes = []
    for name in sorted(set(before) | set(after)):
        if before.get(name) == after.get(name):
            continue
        action = "added" if name not in before else "removed" if name not in after else "changed"
        how = (
            f"the controller role is an existing one, which terraform/ does not change: make the change on it yourself "
            f"(`terraform output policies_to_attach` after applying terraform/ with dist/{cluster}/aws.json)"
            if name in manual
            else apply
        )
        when = (
            "before merging (what the merge brings needs it)"
            if grants(before.get(name), after.get(name))
            else "after the merge has reached the cluster (nothing uses what it takes away by then)"
        )
        subject = f"{subjects[name]}: " if subjects and name in subjects else ""
        changes.append(
            (
                f"iam.{name}",
                action,
                f"{subject}{how}, {when}: {describe(before.get(name), after.get(name))}; no node is replaced",
            )
        )
    return changes


def aws_changes(
    old_files: dict[str, str], new_files: dict[str, str], same: set[str] | frozenset[str] = frozenset()
) -> list[Change]:
    """The AWS side: the changes of the IAM policy documents of each dist/<key>/aws.json that differs, which
    terraform/ applies, and of the node roles and instance profiles it names."""
    changes = []
    for path in sorted(
        {p for p in (*old_files, *new_files) if p.count("/") == 1 and p.endswith(f"/{AWS_FILE}")} - set(same)
    ):
        cluster = path.split("/", 1)[0]
        manual = by_hand(new_files.get(path))
        subjects = policy_subjects(aws_document(old_files.get(path)), aws_document(new_files.get(path)))
        for name, action, why in iam_changes(
            cluster, iam_of(old_files.get(path)), iam_of(new_files.get(path)), manual, subjects
        ):
            changes.append(Change(cluster, GROUP, KIND, name, action, IN_PLACE, why))
        found = node_identity_changes(cluster, old_files.get(path), new_files.get(path))
        for name, action, why, destructive, count in _said_once(found, aws_document(new_files.get(path))):
            changes.append(
                Change(cluster, GROUP, KIND, name, action, DESTRUCTIVE if destructive else IN_PLACE, why, count=count)
            )
    return changes


def _said_once(
    found: list[tuple[str, str, str, bool]], document: dict[str, Any] | None
) -> list[tuple[str, str, str, bool, int]]:
    """Node roles (and instance profiles) that come or go with the same note but for their own name and ARN — 40
    existing node-group roles adopted in one pull request — said once, naming them, instead of once each."""
    by_note: dict[tuple[str, str, bool], list[str]] = {}
    for name, action, why, destructive in found:
        arn = _role_arn(document, name)
        note = why.replace(arn, "<its ARN>") if arn != name else why
        by_note.setdefault((action, note.replace(name, "<it>"), destructive), []).append(name)
    said = []
    for name, action, why, destructive in found:
        arn = _role_arn(document, name)
        note = why.replace(arn, "<its ARN>") if arn != name else why
        names = by_note.get((action, note.replace(name, "<it>"), destructive))
        if names is None:
            continue  # said with the first of its group
        if len(names) == 1:
            said.append((name, action, why, destructive, 1))
        else:
            shown = first_few(names, 10)
            said.append(
                (
                    f"{len(names)} of them",
                    action,
                    f"{shown}, each: {note.replace(name, '<it>')}",
                    destructive,
                    len(names),
                )
            )
        del by_note[(action, note.replace(name, "<it>"), destructive)]
    return said
