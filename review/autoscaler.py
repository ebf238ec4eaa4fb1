"""`plan`'s runbook for a cluster moving from cluster-autoscaler node groups to Karpenter (the cluster file's
clusterAutoscaler section, docs/cluster-autoscaler.md): per node group, which tenant takes over its workloads and
the step it is at. Said on every plan while the section exists, changed or not: the reviewer of each pull request
of the move sees where it stands.

Reads the cluster's config, not dist/: imports config only."""

from __future__ import annotations

from config.model import ClusterFile

NODE_GROUP_LABEL = "eks.amazonaws.com/nodegroup"  # the label EKS puts on every node of a managed node group


def migration_notes(config: ClusterFile) -> list[str]:
    moving = config.cluster_autoscaler
    if moving is None:
        return []
    tenants = {t.name: t for t in config.tenants}
    key = config.tenancy.label_key
    lines = []
    for group in moving.node_groups:
        selector = f"{NODE_GROUP_LABEL}={group.name}"
        head = f"node group `{group.name}` → tenant {group.tenant}: "
        if group.tenant not in tenants:
            steps = [] if group.ignored or not moving.running else [
                f"make cluster-autoscaler ignore `{group.name}` and set its `ignored: true`"]
            steps.append(f"add tenant {group.tenant} (its node pool) in the next pull request")
            lines.append(head + "not a tenant yet; next: " + ", then ".join(steps))
            continue
        tenant = tenants[group.tenant]
        placement = (f"select `{key}: {tenant.name}` and tolerate the `{key}={tenant.name}:NoSchedule` taint"
                     if tenant.dedicated else f"select `{key}: {tenant.name}`")
        lines.append(head + (
            f"the pool is in this revision. After it is Ready in the cluster: point the group's workloads at it (they "
            f"must {placement}; the isolation policy admits nothing else in {tenant.name}'s namespaces), then "
            f"`kubectl cordon -l {selector}` and `kubectl drain -l {selector} --ignore-daemonsets "
            f"--delete-emptydir-data` (pod disruption budgets pace it), then remove `{group.name}` from Terraform "
            "(`eks_managed_node_groups`) and from clusterAutoscaler.nodeGroups"
        ))
    if moving.running:
        lines.append("cluster-autoscaler still runs: it must scale no node group a tenant took over (`ignored: true`); "
                     "once no group it scales is left, remove it (its Helm release or Deployment) and set "
                     "clusterAutoscaler.running: false")
    elif not moving.node_groups:
        lines.append("cluster-autoscaler is gone and no node group is left to move: remove the clusterAutoscaler section")
    return lines
