"""`plan` under random config edits: for a random sequence of realistic edits of one of the example clusters (a
tenant's requirements, limits, labels, taints, pools, buffers, quota, disruption, AMI, disk, kubelet; adding, removing
and renaming tenants; the controller, feature gates, chart values, tenancy, overlays, the GitOps engine's settings),
plan names every object whose content differs between the two synthesized trees and nothing else, says each one
added, removed or changed as it is, and classifies node pools and node classes as Karpenter's drift rules do
(concepts/disruption: every field of a NodePool's `spec.template` is hashed except `requirements`, whose nodes drift
only when they no longer match; `spec.weight`, `spec.limits`, `spec.disruption.*` are behavioral and drift nothing;
every field of an EC2NodeClass's `spec` drifts; a removed node pool's nodes are terminated). Plan reads the base the
way `plan --base` does: the files identical on both sides are left out of the base and given as `same`."""

from __future__ import annotations

import copy
import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from conftest import EXAMPLES_DIR, load
from hypothesis import HealthCheck, Phase, assume, given, note, settings
from hypothesis import strategies as st

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.objects.changes import DESTRUCTIVE, DRIFT, IN_PLACE, ClusterFacts
from karpenter_tenants.objects.common import BUFFER_POD_TEMPLATE_PREFIX
from karpenter_tenants.objects.dist_objects import objects_of
from karpenter_tenants.review.iam import KIND as IAM_KIND
from karpenter_tenants.review.iam import iam_of
from karpenter_tenants.review.plan import plan
from karpenter_tenants.review.upgrade import KIND as UPGRADE_KIND
from karpenter_tenants.synthesis.aws_side import FILE_NAME as AWS_FILE
from karpenter_tenants.synthesis.render import render_cluster

EXAMPLES = ("acme", "acme-argocd", "acme-legacy")
EFFECTS = {DESTRUCTIVE, DRIFT, IN_PLACE}
Config = dict[str, Any]
Draw = Callable[[st.SearchStrategy[Any]], Any]


# --- synthesizing -------------------------------------------------------------------------------------------------


def synthesized(data: Config, name: str) -> tuple[dict[str, str], dict[str, ClusterFacts]] | None:
    """The cluster's dist/ files and plan's facts as `plan` gets them from commands/cli.py; None for an invalid config."""
    with tempfile.TemporaryDirectory() as folder:
        try:
            cluster = load(Path(folder), data, name)
        except ConfigError:
            return None
        files = {f"{name}/{path}": text for path, text in render_cluster(cluster).items()}
    config = cluster.config
    drift_gate = (
        config.karpenter.feature_gates.get("driftEnabled", False) if config.generation is Generation.V1ALPHA5 else None
    )
    return files, {name: ClusterFacts(config.tenancy.label_key, drift_gate)}


@functools.cache
def base(name: str) -> tuple[str, dict[str, str]]:
    text = (EXAMPLES_DIR / f"{name}.yaml").read_text()
    result = synthesized(yaml.safe_load(text), name)
    assert result is not None, name
    return text, result[0]


# --- the edits ----------------------------------------------------------------------------------------------------
# Each draws what it changes from the config as it is (earlier edits may have removed or renamed a tenant) and
# returns what it did, or None where it does not apply.


def legacy(d: Config) -> bool:
    return str(d["karpenter"]["version"]).startswith("0.")


def a_tenant(draw: Draw, d: Config) -> dict[str, Any] | None:
    return draw(st.sampled_from(d["tenants"])) if d.get("tenants") else None


def target(draw: Draw, d: Config) -> tuple[str, dict[str, Any]] | None:
    """A tenant or one of its pools (both carry requirements, limits, weight, disruption, labels, taints)."""
    tenant = a_tenant(draw, d)
    if tenant is None:
        return None
    if tenant.get("pools") and draw(st.booleans()):
        pool = draw(st.sampled_from(tenant["pools"]))
        return f"{tenant['name']}/{pool['name']}", pool
    return tenant["name"], tenant


REQUIREMENT_VALUES: dict[str, list[Any]] = {
    "instanceCategories": ["c", "m", "r"],
    "instanceGenerations": [5, 6, 7, 8],
    "instanceFamilies": ["m7i", "c7i", "r7g", "r8g"],
    "instanceSizes": ["large", "xlarge", "2xlarge"],
    "capacityTypes": ["spot", "on-demand"],
    "architectures": ["amd64", "arm64"],
}


def edit_requirement(draw: Draw, d: Config) -> str | None:
    found = target(draw, d)
    if found is None:
        return None
    where, holder = found
    requirements = holder.setdefault("requirements", {})
    key = draw(st.sampled_from([*REQUIREMENT_VALUES, "zones", "extra"]))
    if key == "zones":
        values = draw(st.lists(st.sampled_from("abc"), min_size=1, max_size=3, unique=True))
        requirements["zones"] = [d["cluster"]["region"] + v for v in sorted(values)]
    elif key == "extra":  # one requirement of instance-cpu, or a range of two (nodes match both)
        operators = draw(st.sampled_from([["Gt"], ["Lt"], ["In"], ["Exists"], ["Gt", "Lt"], ["Lt", "Gt"]]))
        requirements["extra"] = [
            {
                "key": "karpenter.k8s.aws/instance-cpu",
                "operator": operator,
                "values": [] if operator == "Exists" else [str(draw(st.sampled_from([2, 4, 16, 64])))],
            }
            for operator in operators
        ]
    elif key in requirements and draw(st.booleans()):
        del requirements[key]
        return f"{where}: requirements.{key} removed"
    else:
        choices = REQUIREMENT_VALUES[key]
        requirements[key] = draw(st.lists(st.sampled_from(choices), min_size=1, max_size=len(choices), unique=True))
    return f"{where}: requirements.{key} = {requirements[key]}"


def edit_limit(draw: Draw, d: Config) -> str | None:
    found = target(draw, d)
    if found is None:
        return None
    where, holder = found
    limits = holder.setdefault("limits", {})
    key = draw(st.sampled_from(["cpu", "memory"] if legacy(d) else ["cpu", "memory", "nodes"]))
    if key in limits and draw(st.booleans()):
        del limits[key]
        return f"{where}: limits.{key} removed"
    limits[key] = {
        "cpu": str(draw(st.sampled_from([16, 64, 96, 200, 300]))),
        "memory": draw(st.sampled_from(["256Gi", "800Gi", "1Ti"])),
        "nodes": str(draw(st.integers(1, 10))),
    }[key]
    return f"{where}: limits.{key} = {limits[key]}"


def edit_mapping(field: str, keys: list[str], values: list[str]) -> Callable[[Draw, Config], str | None]:
    def edit(draw: Draw, d: Config) -> str | None:
        found = target(draw, d) if field == "labels" else (lambda t: t and (t["name"], t))(a_tenant(draw, d))
        if not found:
            return None
        where, holder = found
        mapping = holder.setdefault(field, {})
        key = draw(st.sampled_from(keys))
        if key in mapping and draw(st.booleans()):
            del mapping[key]
            return f"{where}: {field}.{key} removed"
        mapping[key] = draw(st.sampled_from(values))
        return f"{where}: {field}.{key} = {mapping[key]}"

    return edit


def edit_taints(field: str) -> Callable[[Draw, Config], str | None]:
    def edit(draw: Draw, d: Config) -> str | None:
        found = target(draw, d) if field == "taints" else (lambda t: t and (t["name"], t))(a_tenant(draw, d))
        if not found:
            return None
        where, holder = found
        taints = holder.setdefault(field, [])
        action = draw(st.sampled_from(["add", "remove", "value"]))
        if action == "remove" and taints:
            taints.pop()
            return f"{where}: last of {field} removed"
        if action == "value" and taints:
            taints[-1]["value"] = draw(st.sampled_from(["a", "b"]))
            return f"{where}: {field}[-1].value = {taints[-1]['value']}"
        key = draw(st.sampled_from(["example.com/dedicated", "example.com/special"]))
        taints.append({"key": key, "effect": draw(st.sampled_from(["NoSchedule", "NoExecute"]))})
        return f"{where}: {field} + {taints[-1]}"

    return edit


def edit_weight(draw: Draw, d: Config) -> str | None:
    found = target(draw, d)
    if found is None:
        return None
    where, holder = found
    if "weight" in holder and draw(st.booleans()):
        del holder["weight"]
        return f"{where}: weight removed"
    holder["weight"] = draw(st.integers(1, 100))
    return f"{where}: weight = {holder['weight']}"


def edit_disruption(draw: Draw, d: Config) -> str | None:
    found = target(draw, d)
    if found is None:
        return None
    where, holder = found
    disruption = holder.setdefault("disruption", {})
    key = draw(
        st.sampled_from(["consolidationPolicy", "consolidateAfter", "expireAfter"] + ([] if legacy(d) else ["budgets"]))
    )
    value = {
        "consolidationPolicy": st.sampled_from(["WhenEmpty", "WhenEmptyOrUnderutilized"]),
        "consolidateAfter": st.sampled_from(["1m", "5m", "30m"]),
        "expireAfter": st.sampled_from(["720h", "336h", "Never"]),
        "budgets": st.sampled_from(
            [
                [{"nodes": "20%"}],
                [{"nodes": "1", "reasons": ["Drifted"]}, {"nodes": "10%"}],
                [{"nodes": "0", "schedule": "0 9 * * *", "duration": "8h"}],
            ]
        ),
    }[key]
    disruption[key] = draw(value)
    return f"{where}: disruption.{key} = {disruption[key]}"


def edit_namespaces(draw: Draw, d: Config) -> str | None:
    tenant = a_tenant(draw, d)
    if tenant is None or "namespaces" not in tenant:
        return None
    namespaces = tenant["namespaces"]
    split = (tenant.get("quota") or {}).get("split")
    if len(namespaces) > 1 and draw(st.booleans()):
        gone = namespaces.pop()
        if split:
            split.pop(gone, None)
        for buffer in tenant.get("buffers") or []:
            if buffer.get("namespace") == gone:
                buffer["namespace"] = namespaces[0]
        return f"{tenant['name']}: namespace {gone} removed"
    added = f"{tenant['name']}-extra"
    if added in namespaces:
        return None
    namespaces.append(added)
    if split:
        split[added] = {"cpu": "1"}
    for buffer in tenant.get("buffers") or []:
        buffer.setdefault("namespace", namespaces[0])
    return f"{tenant['name']}: namespace {added} added"


def edit_quota(draw: Draw, d: Config) -> str | None:
    tenant = a_tenant(draw, d)
    if tenant is None or not tenant.get("namespaces"):
        return None
    quota = tenant.get("quota")
    action = draw(st.sampled_from(["cpu", "pods", "remove", "split"]))
    if quota is None:
        tenant["quota"] = {"cpu": "100"}
        return f"{tenant['name']}: quota added"
    if action == "remove":
        del tenant["quota"]
        return f"{tenant['name']}: quota removed"
    if action == "split" and quota.get("split"):
        namespace = draw(st.sampled_from(sorted(quota["split"])))
        quota["split"][namespace]["cpu"] = str(draw(st.integers(1, 20)))
        return f"{tenant['name']}: quota.split.{namespace}.cpu = {quota['split'][namespace]['cpu']}"
    if action == "split" and len(tenant["namespaces"]) > 1 and "cpu" in quota:
        quota["split"] = {n: {"cpu": "1"} for n in tenant["namespaces"]}
        return f"{tenant['name']}: quota split 1 cpu each"
    key = "pods" if action == "pods" else "cpu"
    quota[key] = str(draw(st.sampled_from([100, 150, 160, 200, 500])))
    return f"{tenant['name']}: quota.{key} = {quota[key]}"


def edit_buffers(draw: Draw, d: Config) -> str | None:
    tenant = a_tenant(draw, d)
    if tenant is None or legacy(d) or not tenant.get("namespaces"):
        return None
    buffers = tenant.setdefault("buffers", [])
    action = draw(st.sampled_from(["replicas", "requests", "add", "remove", "limits"]))
    namespace = {} if len(tenant["namespaces"]) == 1 else {"namespace": draw(st.sampled_from(tenant["namespaces"]))}
    if action == "add" or not buffers:
        buffers.append(
            {
                "name": f"spare{len(buffers)}",
                "requests": {"cpu": str(draw(st.integers(1, 4)))},
                "replicas": draw(st.integers(0, 3)),
                **namespace,
            }
        )
        return f"{tenant['name']}: buffer {buffers[-1]} added"
    buffer = draw(st.sampled_from(buffers))
    if action == "remove":
        buffers.remove(buffer)
        return f"{tenant['name']}: buffer {buffer['name']} removed"
    if action == "limits":
        buffer["limits"] = {"cpu": str(draw(st.integers(4, 32)))}
        return f"{tenant['name']}: buffer {buffer['name']} limits {buffer['limits']}"
    if action == "requests" and "requests" in buffer:
        buffer["requests"] = {
            "cpu": str(draw(st.integers(1, 4))),
            "memory": draw(st.sampled_from(["2Gi", "4Gi", "8Gi"])),
        }
        return f"{tenant['name']}: buffer {buffer['name']} requests {buffer['requests']}"
    buffer["replicas"] = draw(st.integers(0, 5))
    return f"{tenant['name']}: buffer {buffer['name']} replicas {buffer['replicas']}"


def edit_overlays(draw: Draw, d: Config) -> str | None:
    if legacy(d):
        return None
    tenant = a_tenant(draw, d) if draw(st.booleans()) else None
    holder, where = (tenant, tenant["name"]) if tenant else (d, "cluster")
    overlays = holder.setdefault("overlays", [])
    action = draw(st.sampled_from(["price", "weight", "requirements", "add", "remove"]))
    if action == "add" or not overlays:
        overlays.append(
            {"name": f"extra{len(overlays)}", "priceAdjustment": draw(st.sampled_from(["-5%", "+10%", "-0.01"]))}
        )
        return f"{where}: overlay {overlays[-1]} added"
    overlay = draw(st.sampled_from(overlays))
    if action == "remove":
        overlays.remove(overlay)
        return f"{where}: overlay {overlay['name']} removed"
    if action == "weight":
        overlay["weight"] = draw(st.integers(1, 100))
    elif action == "requirements":
        overlay["requirements"] = [
            {"key": "karpenter.k8s.aws/instance-generation", "operator": "In", "values": [str(draw(st.integers(5, 8)))]}
        ]
    else:
        overlay.pop("price", None)
        overlay["priceAdjustment"] = draw(st.sampled_from(["-1%", "-25%", "+5%"]))
    return f"{where}: overlay {overlay['name']} {action}"


def edit_pools(draw: Draw, d: Config) -> str | None:
    tenant = a_tenant(draw, d)
    if tenant is None or legacy(d):
        return None
    pools = tenant.get("pools")
    if not pools:
        if "replicas" in tenant:
            return None
        tenant["pools"] = [{"name": draw(st.sampled_from(["main", "general"]))}]
        return f"{tenant['name']}: one pool {tenant['pools'][0]['name']} (its NodePool renamed)"
    action = draw(st.sampled_from(["add", "remove", "rename"]))
    used = {b.get("pool") for b in tenant.get("buffers") or []}
    if action == "add":
        name = f"burst{len(pools)}"
        pools.append(
            {
                "name": name,
                "weight": draw(st.integers(1, 100)),
                "requirements": {"capacityTypes": ["spot"], "instanceCategories": ["c"]},
            }
        )
        return f"{tenant['name']}: pool {name} added"
    pool = draw(st.sampled_from(pools))
    if pool["name"] in used:
        return None
    if action == "remove" and len(pools) > 1:
        pools.remove(pool)
        return f"{tenant['name']}: pool {pool['name']} removed"
    old = pool["name"]
    pool["name"] = old + "x"
    return f"{tenant['name']}: pool {old} renamed {pool['name']}"


def edit_replicas(draw: Draw, d: Config) -> str | None:
    tenant = a_tenant(draw, d)
    if tenant is None or legacy(d) or tenant.get("pools") or tenant.get("buffers"):
        return None
    if "replicas" in tenant and draw(st.booleans()):
        del tenant["replicas"]
        return f"{tenant['name']}: static pool made dynamic (replicas removed)"
    tenant["replicas"] = draw(st.integers(1, 3))
    tenant.setdefault("limits", {})["nodes"] = "4"
    return f"{tenant['name']}: replicas = {tenant['replicas']}"


def edit_node_class(draw: Draw, d: Config) -> str | None:
    tenant = a_tenant(draw, d)
    if tenant is None:
        return None
    key = draw(
        st.sampled_from(
            [
                "ami",
                "rootVolume",
                "kubelet",
                "userData",
                "tags",
                "detailedMonitoring",
                "metadataOptions",
                "terminationGracePeriod",
            ]
        )
    )
    if key == "ami":
        tenant["ami"] = (
            {"family": draw(st.sampled_from(["AL2", "Bottlerocket"]))}
            if legacy(d)
            else {"alias": draw(st.sampled_from(["al2023@v20261101", "al2023@v20261201", "bottlerocket@latest"]))}
        )
    elif key == "rootVolume":
        tenant["rootVolume"] = {
            "size": draw(st.sampled_from(["50Gi", "100Gi", "200Gi"])),
            "type": draw(st.sampled_from(["gp3", "gp2"])),
        }
    elif key == "kubelet":
        tenant["kubelet"] = {"maxPods": draw(st.sampled_from([58, 110]))}
    elif key == "userData":
        tenant["userData"] = draw(st.sampled_from(["echo one", "echo two"]))
    elif key == "tags":
        tenant.setdefault("tags", {})["team"] = draw(st.sampled_from(["a", "b"]))
    elif key == "detailedMonitoring":
        tenant["detailedMonitoring"] = draw(st.booleans())
    elif key == "metadataOptions":
        tenant["metadataOptions"] = {"httpPutResponseHopLimit": draw(st.integers(1, 3))}
    else:
        if legacy(d):
            return None
        tenant["terminationGracePeriod"] = draw(st.sampled_from(["24h", "48h"]))
    return f"{tenant['name']}: {key} = {tenant[key]}"


def edit_tenants(draw: Draw, d: Config) -> str | None:
    tenants = d.setdefault("tenants", [])
    action = draw(st.sampled_from(["add", "remove", "rename"]))
    if action == "remove" and len(tenants) > 1:
        gone = draw(st.sampled_from(tenants))
        tenants.remove(gone)
        return f"tenant {gone['name']} removed"
    if not tenants:
        return None
    source = draw(st.sampled_from(tenants))
    if action == "rename":
        old = source["name"]
        source["name"] = old + "x"
        return f"tenant {old} renamed {source['name']}"
    name = f"new{len(tenants)}"
    if any(t["name"] == name for t in tenants):
        return None
    added = copy.deepcopy(source)
    added["name"] = name
    for key in ("quota", "buffers"):
        added.pop(key, None)
    if "namespaces" in added:
        added["namespaces"] = [name]
    if "nodeRole" in added:
        added["nodeRole"] = f"karpenter-node-{name}"
    if "instanceProfile" in added:
        added["instanceProfile"] = f"karpenter-node-{name}"
    tenants.append(added)
    return f"tenant {name} added (a copy of {source['name']})"


def edit_controller(draw: Draw, d: Config) -> str | None:
    controller = d["karpenter"].setdefault("controller", {})
    key = draw(st.sampled_from(["replicas", "resources", "logLevel", "podAnnotations"]))
    controller[key] = draw(
        {
            "replicas": st.integers(1, 4),
            "resources": st.sampled_from([{"cpu": "1", "memory": "1Gi"}, {"cpu": "2", "memory": "2Gi"}]),
            "logLevel": st.sampled_from(["debug", "info"]),
            "podAnnotations": st.sampled_from([{}, {"example.com/team": "platform"}]),
        }[key]
    )
    return f"karpenter.controller.{key} = {controller[key]}"


def edit_feature_gates(draw: Draw, d: Config) -> str | None:
    gates = d["karpenter"].setdefault("featureGates", {})
    gate = "driftEnabled" if legacy(d) else draw(st.sampled_from(["spotToSpotConsolidation", "nodeRepair"]))
    gates[gate] = draw(st.booleans())
    return f"karpenter.featureGates.{gate} = {gates[gate]}"


def edit_values(draw: Draw, d: Config) -> str | None:
    settings_ = d["karpenter"].setdefault("values", {}).setdefault("settings", {})
    key = draw(st.sampled_from(["batchMaxDuration", "batchIdleDuration"]))
    settings_[key] = draw(st.sampled_from(["1s", "10s", "20s"]))
    return f"karpenter.values.settings.{key} = {settings_[key]}"


def edit_tenancy(draw: Draw, d: Config) -> str | None:
    tenancy = d.setdefault("tenancy", {})
    key = draw(st.sampled_from(["exemptNamespaces", "enforcement", "labelKey"]))
    if key == "exemptNamespaces":
        exempt = tenancy.setdefault("exemptNamespaces", ["amazon-cloudwatch", "amazon-guardduty"])
        if exempt and draw(st.booleans()):
            exempt.pop()
        else:
            exempt.append(draw(st.sampled_from(["monitoring", "logging"])))
            tenancy["exemptNamespaces"] = sorted(set(exempt))
    elif key == "enforcement":
        tenancy["enforcement"] = draw(st.sampled_from(["audit", "warn", "deny"]))
    else:
        tenancy["labelKey"] = draw(st.sampled_from(["tenant", "node-restriction.kubernetes.io/tenant"]))
    return f"tenancy.{key} = {tenancy[key]}"


def edit_gitops(draw: Draw, d: Config) -> str | None:
    gitops = d.setdefault("gitops", {})
    if gitops.get("engine") == "argocd":
        argocd = gitops["argocd"]
        key = draw(st.sampled_from(["targetRevision", "prune", "selfHeal", "project"]))
        argocd[key] = draw(
            {
                "targetRevision": st.sampled_from(["main", "release"]),
                "prune": st.booleans(),
                "selfHeal": st.booleans(),
                "project": st.sampled_from(["default", "platform"]),
            }[key]
        )
        return f"gitops.argocd.{key} = {argocd[key]}"
    flux = gitops.setdefault("flux", {})
    key = draw(st.sampled_from(["interval", "serviceAccountName", "source"]))
    if key == "serviceAccountName" and "serviceAccountName" in flux:
        del flux["serviceAccountName"]
        return "gitops.flux.serviceAccountName removed"
    if key == "source":
        flux["sourceRef"], flux["source"] = (
            "fleet",
            {"url": "https://github.com/acme/fleet.git", "branch": draw(st.sampled_from(["main", "prod"]))},
        )
        return f"gitops.flux.source = {flux['source']}"
    flux[key] = draw(
        st.sampled_from(["5m", "1h"]) if key == "interval" else st.sampled_from(["flux-applier", "applier"])
    )
    return f"gitops.flux.{key} = {flux[key]}"


def edit_identity(draw: Draw, d: Config) -> str | None:
    if legacy(d):
        return None
    karpenter, cluster = d["karpenter"], d["cluster"]
    if karpenter.get("identity") == "irsa":
        karpenter["identity"] = "podIdentity"
        if draw(st.booleans()):
            cluster.pop("oidcProvider", None)
    else:
        karpenter["identity"] = "irsa"
        cluster.setdefault(
            "oidcProvider", f"oidc.eks.{cluster['region']}.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
        )
    return f"karpenter.identity = {karpenter['identity']}"


def edit_requirement_shape(draw: Draw, d: Config) -> str | None:
    """Requirements beyond plain value lists: minValues, Exists, DoesNotExist, Gte, defaults off."""
    found = target(draw, d)
    if found is None:
        return None
    where, holder = found
    requirements = holder.setdefault("requirements", {})
    action = draw(st.sampled_from(["minValues", "exists", "doesNotExist", "gte", "defaults"]))
    if action == "defaults":
        requirements["defaults"] = draw(st.booleans())
        return f"{where}: requirements.defaults = {requirements['defaults']}"
    if action == "minValues" and legacy(d):
        return None
    key = draw(
        st.sampled_from(
            ["karpenter.k8s.aws/instance-family", "karpenter.k8s.aws/instance-memory", "example.com/accelerator"]
        )
    )
    requirement: dict[str, Any] = {
        "minValues": {"key": key, "operator": "Exists", "minValues": draw(st.integers(1, 3))},
        "exists": {"key": key, "operator": "Exists"},
        "doesNotExist": {"key": key, "operator": "DoesNotExist"},
        "gte": {
            "key": "karpenter.k8s.aws/instance-memory",
            "operator": "Gt" if legacy(d) else "Gte",
            "values": [str(draw(st.sampled_from([2048, 4096, 8192])))],
        },
    }[action]
    extra = requirements.setdefault("extra", [])
    if extra and draw(st.booleans()):
        extra.pop()
        return f"{where}: last extra requirement removed"
    extra[:] = [r for r in extra if r["key"] != requirement["key"]] + [requirement]
    return f"{where}: requirements.extra + {requirement}"


def edit_selectors(draw: Draw, d: Config) -> str | None:
    """The node class's selector terms (resolved by Karpenter: dynamic drift) and other node-class fields."""
    tenant = a_tenant(draw, d)
    if tenant is None:
        return None
    key = draw(
        st.sampled_from(
            [
                "subnetSelector",
                "securityGroupSelector",
                "capacityReservationSelector",
                "blockDevices",
                "instanceStorePolicy",
                "associatePublicIPAddress",
                "dedicated",
            ]
        )
    )
    if key in ("capacityReservationSelector", "instanceStorePolicy", "associatePublicIPAddress") and legacy(d):
        return None
    if key in ("subnetSelector", "securityGroupSelector", "capacityReservationSelector"):
        if key in tenant and draw(st.booleans()):
            del tenant[key]
            return f"{tenant['name']}: {key} removed"
        tenant[key] = [
            {"tags": {draw(st.sampled_from(["tier", "tenant"])): draw(st.sampled_from(["private", tenant["name"]]))}}
        ]
    elif key == "blockDevices":
        tenant["blockDevices"] = [
            {
                "deviceName": "/dev/xvda",
                "ebs": {"volumeSize": draw(st.sampled_from(["80Gi", "120Gi"])), "volumeType": "gp3", "encrypted": True},
            }
        ]
        tenant.pop("rootVolume", None)
    elif key == "instanceStorePolicy":
        tenant["instanceStorePolicy"] = "RAID0"
    else:
        tenant[key] = draw(st.booleans())
    return f"{tenant['name']}: {key} = {tenant[key]}"


def edit_collision(draw: Draw, d: Config) -> str | None:
    """Names that another object of the cluster already has, or had: a tenant named like a pool's NodePool, a
    cluster overlay named like a tenant's, a buffer named like another tenant's."""
    tenants = d.get("tenants") or []
    if not tenants:
        return None
    action = draw(st.sampled_from(["tenant", "overlay", "buffer"]))
    if action == "tenant":
        pooled = [f"{t['name']}-{p['name']}" for t in tenants for p in t.get("pools") or []]
        name = draw(st.sampled_from(pooled or [t["name"] + "-main" for t in tenants]))
        if any(t["name"] == name for t in tenants):
            return None
        added = copy.deepcopy(draw(st.sampled_from(tenants)))
        added.update(name=name)
        for key in ("quota", "buffers", "pools", "overlays"):
            added.pop(key, None)
        added["namespaces"] = [name] if "namespaces" in added else added.get("namespaces", [])
        if not added["namespaces"]:
            added.pop("namespaces")
        for key in ("nodeRole", "instanceProfile"):
            if key in added:
                added[key] = f"karpenter-node-{name}"
        tenants.append(added)
        return f"tenant {name} added"
    if legacy(d):
        return None
    if action == "overlay":
        owned = [(t, o) for t in tenants for o in t.get("overlays") or []]
        if not owned:
            return None
        tenant, overlay = draw(st.sampled_from(owned))
        d.setdefault("overlays", []).append({"name": f"{tenant['name']}-{overlay['name']}", "priceAdjustment": "-1%"})
        return f"cluster overlay {d['overlays'][-1]['name']} added"
    names = [b["name"] for t in tenants for b in t.get("buffers") or []]
    tenant = draw(st.sampled_from(tenants))
    if not names or not tenant.get("namespaces") or tenant.get("buffers"):
        return None
    namespace = {} if len(tenant["namespaces"]) == 1 else {"namespace": tenant["namespaces"][0]}
    tenant["buffers"] = [{"name": names[0], "requests": {"cpu": "1"}, "replicas": 1, **namespace}]
    return f"{tenant['name']}: buffer {names[0]} added"


def edit_karpenter(draw: Draw, d: Config) -> str | None:
    """Cluster-level settings of the installation: the namespace, service account, queue, chart source, monitoring."""
    karpenter = d["karpenter"]
    key = draw(
        st.sampled_from(
            [
                "namespace",
                "serviceAccount",
                "interruptionQueue",
                "serviceMonitor",
                "chartSource",
                "endpoint",
                "priorityClassName",
                "tolerations",
            ]
        )
    )
    if key == "namespace":
        karpenter["namespace"] = draw(st.sampled_from(["karpenter", "kube-karpenter"]))
    elif key == "serviceAccount":
        karpenter["serviceAccount"] = draw(st.sampled_from(["karpenter", "karpenter-controller"]))
    elif key == "interruptionQueue":
        karpenter["interruptionQueue"] = draw(st.sampled_from(["karpenter-acme", "karpenter-acme-2"]))
    elif key == "serviceMonitor":
        karpenter["serviceMonitor"] = {"enabled": draw(st.booleans())}
    elif key == "chartSource":
        if legacy(d) or d.get("gitops", {}).get("engine") == "argocd":
            return None
        karpenter["chartSource"] = draw(st.sampled_from([{}, {"verify": {"provider": "cosign"}}]))
    elif key == "endpoint":
        d["cluster"]["endpoint"] = draw(
            st.sampled_from(["https://ABC.gr7.example.eks.amazonaws.com", "https://DEF.gr7.example.eks.amazonaws.com"])
        )
        return f"cluster.endpoint = {d['cluster']['endpoint']}"
    elif key == "priorityClassName":
        karpenter.setdefault("controller", {})["priorityClassName"] = draw(
            st.sampled_from(["system-node-critical", "system-cluster-critical"])
        )
        return f"karpenter.controller.priorityClassName = {karpenter['controller']['priorityClassName']}"
    else:
        karpenter.setdefault("controller", {})["tolerations"] = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]
        return "karpenter.controller.tolerations set"
    return f"karpenter.{key} = {karpenter[key]}"


EDITS: dict[str, Callable[[Draw, Config], str | None]] = {
    "requirement": edit_requirement,
    "limit": edit_limit,
    "labels": edit_mapping("labels", ["workload", "team"], ["general", "memory-intensive", "a"]),
    "annotations": edit_mapping("annotations", ["example.com/owner", "example.com/cost"], ["a", "b"]),
    "taints": edit_taints("taints"),
    "startupTaints": edit_taints("startupTaints"),
    "weight": edit_weight,
    "disruption": edit_disruption,
    "namespaces": edit_namespaces,
    "quota": edit_quota,
    "buffers": edit_buffers,
    "overlays": edit_overlays,
    "pools": edit_pools,
    "replicas": edit_replicas,
    "node class": edit_node_class,
    "tenants": edit_tenants,
    "controller": edit_controller,
    "featureGates": edit_feature_gates,
    "values": edit_values,
    "tenancy": edit_tenancy,
    "gitops": edit_gitops,
    "identity": edit_identity,
    "requirement shape": edit_requirement_shape,
    "selectors": edit_selectors,
    "collision": edit_collision,
    "karpenter": edit_karpenter,
}


# --- what Karpenter does with a node pool's change, independently of plan -----------------------------------------


def template_of(obj: dict[str, Any]) -> Any:
    """What Karpenter hashes for drift, requirements left out: a NodePool's spec.template; a Provisioner's spec
    but its behavioral fields (the v1alpha5 drift design)."""
    spec = copy.deepcopy(obj.get("spec") or {})
    if obj["kind"] == "NodePool":
        template = spec.get("template") or {}
        (template.get("spec") or {}).pop("requirements", None)
        return template
    for behavioral in (
        "requirements",
        "weight",
        "limits",
        "consolidation",
        "ttlSecondsAfterEmpty",
        "ttlSecondsUntilExpired",
    ):
        spec.pop(behavioral, None)
    return spec


def requirements_of(obj: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """A node pool's requirements by key (a key may have several: a range)."""
    spec = obj.get("spec") or {}
    if obj["kind"] == "NodePool":
        spec = (spec.get("template") or {}).get("spec") or {}
    found: dict[str, list[dict[str, Any]]] = {}
    for requirement in spec.get("requirements") or []:
        found.setdefault(requirement["key"], []).append(requirement)
    return found


def narrowed(before_all: list[dict[str, Any]] | None, after_all: list[dict[str, Any]] | None) -> bool | None:
    """True where some node that matched `before` no longer matches `after`; False where every one still does;
    None where this simple reading (In and NotIn value sets, a requirement added or dropped, a range's bound moved)
    cannot tell."""
    if before_all == after_all or after_all is None:
        return False
    if before_all is not None and len(before_all) == len(after_all) > 1:  # a range: each bound on its own
        bounds = [narrowed([b], [a]) for b, a in zip(before_all, after_all, strict=True)]
        return True if True in bounds else False if all(b is False for b in bounds) else None
    if before_all is not None and len(before_all) != 1 or len(after_all) != 1:
        return None
    before, after = before_all[0] if before_all else None, after_all[0]
    if before is None:
        return True if after.get("operator") in ("In", "NotIn", "Gt", "Lt", "Exists") else None
    ops = (before.get("operator"), after.get("operator"))
    old, new = set(map(str, before.get("values") or [])), set(map(str, after.get("values") or []))
    if ops == ("In", "In"):
        return not old <= new
    if ops == ("NotIn", "NotIn"):
        return not new <= old
    if ops in (("Gt", "Gt"), ("Lt", "Lt")) and len(old) == len(new) == 1:
        moved = int(next(iter(new))) - int(next(iter(old)))
        return moved > 0 if ops[0] == "Gt" else moved < 0
    return None


# --- the property -------------------------------------------------------------------------------------------------


def named_by_plan(key: tuple[str, str, str, str]) -> tuple[str, str, str]:
    cluster, kind, _, name = key
    if kind == "PodTemplate" and name.startswith(BUFFER_POD_TEMPLATE_PREFIX):
        return cluster, "CapacityBuffer", name.removeprefix(BUFFER_POD_TEMPLATE_PREFIX)
    return cluster, kind, name


def every_object(files: dict[str, str]) -> dict[tuple[str, str, str, str], list[Any]]:
    """Each object of a tree by (cluster, kind, namespace, name), read without plan's reader: all that share a key."""
    found: dict[tuple[str, str, str, str], list[Any]] = {}
    for path, text in files.items():
        if not path.endswith(".yaml") or path.endswith("/kustomization.yaml"):
            continue
        for document in yaml.safe_load_all(text):
            if isinstance(document, dict) and "kind" in document:
                metadata = document.get("metadata") or {}
                key = (path.split("/", 1)[0], document["kind"], metadata.get("namespace", ""), metadata.get("name", ""))
                found.setdefault(key, []).append(document)
    return found


def check(name: str, old_files: dict[str, str], new_files: dict[str, str], facts: dict[str, ClusterFacts]) -> None:
    for files in (old_files, new_files):
        shared = {key: len(docs) for key, docs in every_object(files).items() if len(docs) > 1}
        assert not shared, f"objects of one kind, namespace and name written twice: {shared}"
    old, new = objects_of(old_files), objects_of(new_files)
    differing = {
        key for key in set(old) | set(new) if (old.get(key) or (None, None))[1] != (new.get(key) or (None, None))[1]
    }
    same = {path for path, text in old_files.items() if new_files.get(path) == text}
    changes = plan({p: t for p, t in old_files.items() if p not in same}, new_files, facts, same)
    for change in changes:
        note(f"plan: {change.effect} {change.kind}/{change.name} {change.action}: {change.why[:160]}")
        assert change.effect in EFFECTS, change
    objects = [c for c in changes if c.kind not in (IAM_KIND, UPGRADE_KIND)]
    named = {(c.cluster, c.kind, c.name) for c in objects}
    expected = {named_by_plan(key) for key in differing}
    assert expected - named == set(), f"plan does not name {sorted(expected - named)}"
    assert named - expected == set(), f"plan names unchanged {sorted(named - expected)}"
    # The AWS side: a change of the IAM documents terraform/ applies is said, and only then.
    path = f"{name}/{AWS_FILE}"
    iam = [c for c in changes if c.kind == IAM_KIND]
    assert not iam or old_files.get(path) != new_files.get(path), [c.name for c in iam]
    if iam_of(old_files.get(path)) != iam_of(new_files.get(path)):
        assert iam, "the IAM documents of aws.json changed and plan says nothing of them"

    by_object: dict[tuple[str, str, str], list[Any]] = {}
    for change in objects:
        by_object.setdefault((change.cluster, change.kind, change.name), []).append(change)
    for key in differing:
        if named_by_plan(key) != key[:2] + key[3:]:
            continue  # a buffer's chunk: said with its CapacityBuffer
        said = by_object[named_by_plan(key)]
        if key[1] in ("ResourceQuota", "CapacityBuffer"):  # one name in several namespaces: the line says which
            assert any(f"namespace {key[2]}" in c.why for c in said), (key, [c.why for c in said])
        effects = {c.effect for c in said}
        actions = {c.action for c in said}
        kind = key[1]
        if kind == "HelmRelease" and key in old and key in new:
            gates = [
                ((o[1].get("spec") or {}).get("values") or {}).get("settings", {}).get("featureGates") or {}
                for o in (old[key], new[key])
            ]
            if not gates[0].get("driftEnabled") and gates[1].get("driftEnabled"):
                assert DRIFT in effects, (key, "the 0.31 drift gate turned on replaces the drifted nodes", effects)
        # Objects of one kind and name in several namespaces (a tenant's ResourceQuota in each of its namespaces)
        # share plan's (cluster, kind, name): the action is checked where the name is unique.
        if sum(1 for k in set(old) | set(new) if named_by_plan(k) == named_by_plan(key)) == 1:
            action = "added" if key not in old else "removed" if key not in new else "changed"
            assert actions == {action}, (key, actions)
        if kind not in ("NodePool", "Provisioner", "EC2NodeClass", "AWSNodeTemplate"):
            continue
        gate_off = kind in ("Provisioner", "AWSNodeTemplate") and facts[name].drift_gate is False
        if key not in new:
            if kind in ("NodePool", "Provisioner"):
                assert effects == {DESTRUCTIVE}, (key, "a removed node pool terminates its nodes", effects)
            continue
        if key not in old:
            continue
        before, after = old[key][1], new[key][1]
        if kind in ("EC2NodeClass", "AWSNodeTemplate"):
            if before.get("spec") != after.get("spec") and not gate_off:
                assert effects & {DRIFT, DESTRUCTIVE}, (key, "a node class's spec drifts its nodes", effects)
            continue
        template_changed = template_of(before) != template_of(after)
        requirements = [requirements_of(side) for side in (before, after)]
        narrowing = [
            narrowed(requirements[0].get(k), requirements[1].get(k))
            for k in set(requirements[0]) | set(requirements[1])
        ]
        replicas_switch = ("replicas" in (before.get("spec") or {})) != ("replicas" in (after.get("spec") or {}))
        if (template_changed or True in narrowing) and not gate_off:
            assert effects & {DRIFT, DESTRUCTIVE}, (key, "the node template changed or requirements narrowed", effects)
        if not template_changed and not replicas_switch and all(n is False for n in narrowing):
            assert effects == {IN_PLACE}, (key, "behavioral fields and widened requirements drift nothing", effects)


# PLAN_PROPERTY_EXAMPLES=2000 HYPOTHESIS_PROFILE=explore hunts with fresh draws.
@settings(
    max_examples=int(os.environ.get("PLAN_PROPERTY_EXAMPLES", "50")),
    deadline=None,
    phases=[p for p in Phase if p is not Phase.explain],
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(st.data())
def test_plan_names_and_classifies_every_change_of_random_config_edits(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(EXAMPLES), label="example")
    text, old_files = base(name)
    config = yaml.safe_load(text)
    done = []
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        kind = data.draw(st.sampled_from(sorted(EDITS)), label="edit kind")
        said = EDITS[kind](data.draw, config)
        if said is not None:
            done.append(said)
    note(f"{name}: {done}")
    assume(done)
    result = synthesized(config, name)
    assume(result is not None)
    new_files, facts = result  # type: ignore[misc]
    check(name, old_files, new_files, facts)


# --- what the property found ----------------------------------------------------------------------------------------


def planned(name: str, edit: Callable[[Config], None]) -> list[Any]:
    text, old_files = base(name)
    config = yaml.safe_load(text)
    edit(config)
    result = synthesized(config, name)
    assert result is not None
    new_files, facts = result
    same = {path for path, text in old_files.items() if new_files.get(path) == text}
    return plan({p: t for p, t in old_files.items() if p not in same}, new_files, facts, same)


def test_a_quota_whose_labels_alone_change_is_still_said_with_its_unchanged_caps() -> None:
    # tenancy.labelKey relabels every object of a tenant, its ResourceQuota too; plan said nothing of the quota.
    changes = planned("acme", lambda d: d["tenancy"].update(labelKey="node-restriction.kubernetes.io/tenant"))
    quota = [c for c in changes if c.kind == "ResourceQuota"]
    assert [(c.name, c.action, c.effect) for c in quota] == [("karpenter-tenants-quota", "changed", IN_PLACE)]
    assert quota[0].why.startswith(
        "object metadata only: the tenant's pods in namespace gamma may still request at most "
        "requests.cpu 160, requests.memory 640Gi"
    ), quota[0].why
    assert {f.path for f in quota[0].fields} == {
        "metadata.labels.tenant",
        "metadata.labels.node-restriction.kubernetes.io/tenant",
    }


def with_cpu_range(d: Config, low: str, high: str = "65") -> None:
    d["tenants"][0]["requirements"]["extra"] = [
        {"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gt", "values": [low]},
        {"key": "karpenter.k8s.aws/instance-cpu", "operator": "Lt", "values": [high]},
    ]


def range_plan(edit: Callable[[Config], None]) -> list[Any]:
    text, _ = base("acme")
    before = yaml.safe_load(text)
    with_cpu_range(before, "3")
    after = copy.deepcopy(before)
    edit(after)
    (old_files, _), (new_files, facts) = (synthesized(side, "acme") or ({}, {}) for side in (before, after))
    same = {path for path, text in old_files.items() if new_files.get(path) == text}
    return plan({p: t for p, t in old_files.items() if p not in same}, new_files, facts, same)


def test_a_bound_of_a_range_of_requirements_on_one_key_is_said_narrowing_drifts_and_widening_does_not() -> None:
    # instance-cpu Gt 3 and Lt 65 are two requirements of one key; plan kept only the last of them, so raising the
    # lower bound (nodes of 4-15 cpus no longer match: Karpenter replaces them) said nothing at all.
    raised = [c for c in range_plan(lambda d: with_cpu_range(d, "15")) if c.kind == "NodePool"]
    assert [(c.name, c.effect) for c in raised] == [("alpha", DRIFT)]
    assert raised[0].why.startswith(
        "requirement karpenter.k8s.aws/instance-cpu narrowed: nodes whose "
        "karpenter.k8s.aws/instance-cpu no longer matches are replaced"
    ), raised[0].why
    assert [f.path for f in raised[0].fields] == ["spec.template.spec.requirements[karpenter.k8s.aws/instance-cpu]"]
    assert [r["values"] for r in raised[0].fields[0].new] == [["15"], ["65"]]
    lowered = [c for c in range_plan(lambda d: with_cpu_range(d, "1")) if c.kind == "NodePool"]
    assert [(c.name, c.effect) for c in lowered] == [("alpha", IN_PLACE)]
    assert lowered[0].why.startswith("requirement karpenter.k8s.aws/instance-cpu widened"), lowered[0].why
    unbounded = [
        c for c in range_plan(lambda d: d["tenants"][0]["requirements"]["extra"].pop()) if c.kind == "NodePool"
    ]
    assert [(c.name, c.effect) for c in unbounded] == [("alpha", IN_PLACE)]


def test_turning_the_031_drift_gate_on_is_drift_of_the_nodes_that_drifted_while_it_was_off() -> None:
    # The HelmRelease's values change was "in place: the controller restarts, no node is replaced"; the restarted 0.31
    # controller replaces every drifted node (an AMI released since it launched, an earlier change of its templates).
    changes = planned("acme-legacy", lambda d: d["karpenter"].update(featureGates={"driftEnabled": True}))
    assert [(c.kind, c.name, c.effect) for c in changes] == [("HelmRelease", "karpenter", DRIFT)]
    assert changes[0].why.startswith(
        "the drift feature gate turns on (karpenter.featureGates.driftEnabled): the "
        "restarted controller replaces every node that drifted while the gate was off"
    ), changes[0].why
    off = planned("acme-legacy", lambda d: d["karpenter"].update(featureGates={"driftEnabled": False}))
    assert [(c.kind, c.effect, c.why) for c in off] == [
        ("HelmRelease", IN_PLACE, "Helm values: the controller restarts, no node is replaced")
    ]
