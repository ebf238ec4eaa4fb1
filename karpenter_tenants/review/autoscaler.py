"""`plan`'s runbook for a cluster moving from cluster-autoscaler node groups to Karpenter (the cluster file's
clusterAutoscaler section, docs/cluster-autoscaler.md): per node group, which tenant takes over its workloads and
the step it is at. Said on every plan while the section exists, changed or not: the reviewer of each pull request
of the move sees where it stands; and a node group that leaves the section (groups_left: the base revision's cluster
file against this one).

Reads the cluster's config, not dist/: imports config only."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.schema.cluster_file import ClusterFile

NODE_GROUP_LABEL = "eks.amazonaws.com/nodegroup"  # the label EKS puts on every node of a managed node group


def migration_notes(config: ClusterFile) -> list[str]:
    moving = config.cluster_autoscaler
    if moving is None:
        return []
    tenants = {t.name: t for t in config.tenants}
    key = config.tenancy.label_key
    lines = []
    waiting = [g for g in moving.node_groups if g.tenant not in tenants]
    # The groups not taken over yet, one line per next step however many customers share it (a move of 40 customers
    # repeated 38 such lines on every plan).
    for still_scaled in (True, False):
        same = [g for g in waiting if (not g.ignored and moving.running) == still_scaled]
        if len(same) == 1:
            group = same[0]
            steps = (
                [f"make cluster-autoscaler ignore `{group.name}` and set its `ignored: true`"] if still_scaled else []
            )
            steps.append(f"add tenant {group.tenant} (its node pool) in the next pull request")
            lines.append(
                f"node group `{group.name}` → tenant {group.tenant}: not a tenant yet; next: " + ", then ".join(steps)
            )
        elif same:
            steps = ["make cluster-autoscaler ignore the group and set its `ignored: true`"] if still_scaled else []
            steps.append("add its tenant (the node pool) in a pull request")
            lines.append(
                f"{len(same)} node groups not taken over yet ({', '.join(f'`{g.name}` → {g.tenant}' for g in same)}); "
                "next, for each: " + ", then ".join(steps)
            )
    isolation = _isolation_note(config, sorted({g.tenant for g in waiting}))
    if isolation:
        lines.append(isolation)
    taken = [g for g in moving.node_groups if g.tenant in tenants]
    if len(taken) > 1:  # one line however many customers are at this step (not a line each at 40 customers)
        lines.append(
            f"{len(taken)} node groups whose tenant's pool is in this revision ({', '.join(f'`{g.name}` → {g.tenant}' for g in taken)}); "
            f"next, for each, once the pool is Ready in the cluster: point the group's workloads at it (they must select "
            f"`{key}: <tenant>` and, for a dedicated tenant, tolerate the `{key}=<tenant>:NoSchedule` taint; the isolation "
            f"policy admits nothing else in the tenant's namespaces), then `kubectl cordon -l {NODE_GROUP_LABEL}=<group>` "
            f"and `kubectl drain -l {NODE_GROUP_LABEL}=<group> --ignore-daemonsets --delete-emptydir-data` (pod disruption "
            "budgets pace it), then remove the group from Terraform (`eks_managed_node_groups`) and from "
            "clusterAutoscaler.nodeGroups"
        )
        taken = []
    for group in taken:
        selector = f"{NODE_GROUP_LABEL}={group.name}"
        head = f"node group `{group.name}` → tenant {group.tenant}: "
        tenant = tenants[group.tenant]
        placement = (
            f"select `{key}: {tenant.name}` and tolerate the `{key}={tenant.name}:NoSchedule` taint"
            if tenant.dedicated
            else f"select `{key}: {tenant.name}`"
        )
        lines.append(
            head
            + (
                f"the pool is in this revision. After it is Ready in the cluster: point the group's workloads at it (they "
                f"must {placement}; the isolation policy admits nothing else in {tenant.name}'s namespaces), then "
                f"`kubectl cordon -l {selector}` and `kubectl drain -l {selector} --ignore-daemonsets "
                f"--delete-emptydir-data` (pod disruption budgets pace it), then remove `{group.name}` from Terraform "
                "(`eks_managed_node_groups`) and from clusterAutoscaler.nodeGroups"
            )
        )
    if moving.running:
        lines.append(
            "cluster-autoscaler still runs: it must scale no node group a tenant took over (`ignored: true`); "
            "once no group it scales is left, remove it (its Helm release or Deployment) and set "
            "clusterAutoscaler.running: false"
        )
    elif not moving.node_groups:
        lines.append(
            "cluster-autoscaler is gone and no node group is left to move: remove the clusterAutoscaler section"
        )
    return lines


def _isolation_note(config: ClusterFile, customers: list[str]) -> str | None:
    """What the isolation policy does to the customers still on their node groups (kinds.isolation.construct: the binding for
    namespaces of no tenant lets their pods tolerate their own group's taint, and only theirs)."""
    from karpenter_tenants.config.schema.cluster_file import isolation_supported

    if not customers:
        return None
    key = config.tenancy.label_key
    names = ", ".join(customers)
    if not any(t.namespaces for t in config.tenants) or not isolation_supported(config):
        return (
            f"isolation: not enforced yet (no tenant lists namespaces); the first tenant that does brings it, and "
            f"its binding for namespaces of no tenant admits the pods of the {len(customers)} customer(s) still on "
            f"node groups ({names}) tolerating their own `{key}=<customer>` taint"
        )
    return (
        f"isolation ({config.tenancy.enforcement}): the pods of the {len(customers)} customer(s) still on node "
        f"groups ({names}) are admitted from namespaces of no tenant with their own `{key}=<customer>` toleration "
        "(the binding's parameter lists them); none of them may tolerate an onboarded tenant's taint, nor an "
        "onboarded tenant's pods theirs. A customer leaves the list in the pull request that adds it as a tenant: "
        "from then on its pods must run in the tenant's namespaces and select its nodes"
    )


def groups_left(
    base_text: str | None, name: str, now: ClusterFile | None, tenants: set[str], label_key: str
) -> list[str]:
    """A line for each node group the base revision's cluster file lists under clusterAutoscaler.nodeGroups and this
    one no longer does (the move's last step, or a group dropped before its tenant took over); base_text: the cluster
    file at the base revision (None: it had none), name: its path for messages; now: the config as it is (None when
    it has no clusterAutoscaler section); tenants: the cluster's tenants now (their dist/ folders). And a line when
    the whole section leaves while the base said cluster-autoscaler runs: nothing in the file says it any more, and
    the cluster may still run it."""
    staying = (
        {g.name for g in now.cluster_autoscaler.node_groups} if now is not None and now.cluster_autoscaler else set()
    )
    leaving = [(group, tenant) for group, tenant in _base_groups(base_text, name) if group not in staying]
    done = [(group, tenant) for group, tenant in leaving if tenant in tenants]
    dropped = [(group, tenant) for group, tenant in leaving if tenant not in tenants]
    lines = []
    # One line per step however many groups are at it (a move of 40 customers removed 38 groups in one pull request).
    if len(done) == 1:
        [(group, tenant)] = done
        lines.append(
            f"node group `{group}` → tenant {tenant}: leaves clusterAutoscaler.nodeGroups, its move is done; make sure "
            f"nothing is left of it: `kubectl get nodes -l {NODE_GROUP_LABEL}={group}` lists no node (drained: its pods "
            f"run on {tenant}'s pool) and Terraform no longer has the group (`eks_managed_node_groups`)"
        )
    elif done:
        lines.append(
            f"{len(done)} node groups leave clusterAutoscaler.nodeGroups, their move done "
            f"({', '.join(f'`{g}` → {t}' for g, t in done)}); make sure nothing is left of them: "
            f"`kubectl get nodes -l '{NODE_GROUP_LABEL} in ({','.join(g for g, _ in done)})'` lists no node (drained: "
            "their pods run on their tenants' pools) and Terraform no longer has the groups (`eks_managed_node_groups`)"
        )
    if len(dropped) == 1:
        [(group, tenant)] = dropped
        lines.append(
            f"node group `{group}` (customer {tenant}) leaves clusterAutoscaler.nodeGroups though no tenant {tenant} "
            f"took it over: the isolation policy no longer admits {tenant}'s pods in namespaces of no tenant with "
            f"their `{label_key}={tenant}` toleration, and nothing runs them once the group is gone; if the group "
            f"still runs (`kubectl get nodes -l {NODE_GROUP_LABEL}={group}`), list it again or add tenant {tenant}"
        )
    elif dropped:
        lines.append(
            f"{len(dropped)} node groups leave clusterAutoscaler.nodeGroups though no tenant took them over "
            f"({', '.join(f'`{g}` (customer {t})' for g, t in dropped)}): the isolation policy no longer admits their "
            f"customers' pods in namespaces of no tenant with their `{label_key}=<customer>` toleration, and nothing "
            f"runs them once the groups are gone; for a group that still runs (`kubectl get nodes -l "
            f"'{NODE_GROUP_LABEL} in ({','.join(g for g, _ in dropped)})'`), list it again or add its tenant"
        )
    base = _moving_file(base_text, name)
    was = base.get("clusterAutoscaler") if base is not None else None
    if isinstance(was, dict) and was.get("running") is True and (now is None or now.cluster_autoscaler is None):
        lines.append(
            "the clusterAutoscaler section is removed while the base revision says `running: true`: uninstall "
            "cluster-autoscaler (its Helm release or Deployment: `kubectl get deployments -A | grep cluster-autoscaler`) "
            "if it still runs, or it keeps scaling node groups beside Karpenter"
        )
    return lines


def groups_unlisted(
    head_text: str | None, name: str, node_labels: list[tuple[str, dict[str, str]]], label_key: str
) -> list[tuple[str, str, list[str]]]:
    """(node group, tenant, its nodes) for each node group `--nodes` shows whose nodes carry an onboarded tenant's
    label (`<labelKey>: <tenant>`, as a moving customer's group is labelled) while the cluster file says
    cluster-autoscaler runs and does not list the group under clusterAutoscaler.nodeGroups: the guard against two
    autoscalers for one customer's pods trusted a hand-kept list; the nodes say the group is there."""
    data = _moving_file(head_text, name)
    moving = data.get("clusterAutoscaler") if data is not None else None
    if not isinstance(moving, dict) or moving.get("running") is not True:
        return []
    listed = {g.get("name") for g in moving.get("nodeGroups") or [] if isinstance(g, dict)}
    tenants = (
        {t.get("name") for t in data.get("tenants") or [] if isinstance(t, dict)}
        if isinstance(data.get("tenants"), list)
        else set()
    )
    found: dict[tuple[str, str], list[str]] = {}
    for node, labels in node_labels:
        group, tenant = labels.get(NODE_GROUP_LABEL), labels.get(label_key)
        if group and tenant in tenants and group not in listed:
            found.setdefault((group, tenant), []).append(node)
    return [(group, tenant, sorted(nodes)) for (group, tenant), nodes in sorted(found.items())]


def groups_with_nodes(
    base_text: str | None, head_text: str | None, name: str, node_labels: list[tuple[str, dict[str, str]]]
) -> list[tuple[str, str, list[str]]]:
    """(node group, its tenant, the nodes that still carry its label) for each group the base revision lists under
    clusterAutoscaler.nodeGroups and the head does not, while `--nodes` shows nodes of it: the pull request says the
    move is done, the cluster says the group still runs (its pods lose their nodes when the group is deleted)."""
    staying = {group for group, _ in _base_groups(head_text, name)}
    found = []
    for group, tenant in _base_groups(base_text, name):
        if group in staying:
            continue
        holding = sorted(node for node, labels in node_labels if labels.get(NODE_GROUP_LABEL) == group)
        if holding:
            found.append((group, tenant, holding))
    return found


def _base_groups(text: str | None, name: str) -> list[tuple[str, str]]:
    """(node group, tenant) of a cluster file's clusterAutoscaler.nodeGroups, read as plain data (a committed file that
    the config model of this revision may no longer accept); none where the file or the section is not readable."""
    data = _moving_file(text, name)
    moving = data.get("clusterAutoscaler") if data is not None else None
    groups = moving.get("nodeGroups") if isinstance(moving, dict) else None
    return (
        [
            (g["name"], g["tenant"])
            for g in groups or []
            if isinstance(g, dict) and isinstance(g.get("name"), str) and isinstance(g.get("tenant"), str)
        ]
        if isinstance(groups, list)
        else []
    )


def _moving_file(text: str | None, name: str) -> dict[str, Any] | None:
    """A cluster file with a clusterAutoscaler section, read as plain data (a committed file the config model of this
    revision may no longer accept); None where there is none or it is not readable."""
    from karpenter_tenants.config.yaml_input import InputError, load_document

    if not text or "clusterAutoscaler" not in text:
        return None
    try:
        data = load_document(text, name).data
    except InputError:
        return None
    return data if isinstance(data, dict) else None
