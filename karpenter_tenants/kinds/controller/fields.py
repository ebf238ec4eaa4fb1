"""The controller chart's facts: its Helm values, version-aware (0.31 `settings.aws.*` vs 1.x `settings.*`): the
generated ones, the typed chart settings, then `karpenter.values` deep-merged last (its keys checked against the
chart); its ports and tolerations. Read by the install stages (kinds.gitops.stages: a kind's fields are what another
kind may read), base_chart's NetworkPolicy and the chart render check. Imports config only."""

from __future__ import annotations

import copy
from typing import Any

from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import Generation

LAYER = "config"  # this module's layer (kinds/__init__.py)

# The chart's own tolerations (values.yaml of both versions), kept when tolerations are added.
CHART_TOLERATIONS = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]
# The chart's container ports (values `controller.metrics.port`, `controller.healthProbe.port`, `webhook.port`):
# 0.31 serves admission webhooks, 1.x has none.
CHART_PORTS = {
    Generation.V1: {"http-metrics": 8080, "http": 8081},
    Generation.V1ALPHA5: {"http-metrics": 8000, "http": 8081, "https-webhook": 8443},
}

# On the controller pods under EKS Pod Identity, so switching identity restarts them (credentials are injected at start).
IDENTITY_POD_ANNOTATION = "karpenter-tenants/identity"

# The label Karpenter puts on the nodes it launches; the chart's own affinity keeps the
# controller off them (it must not run on capacity it manages).
_KARPENTER_NODE_LABEL = {Generation.V1: "karpenter.sh/nodepool", Generation.V1ALPHA5: "karpenter.sh/provisioner-name"}


def karpenter_values(config: ClusterFile) -> dict[str, Any]:
    """The values passed to the `karpenter` chart (HelmRelease `spec.values`)."""
    karpenter = config.karpenter
    controller = karpenter.controller
    resources = {"cpu": controller.resources.cpu, "memory": controller.resources.memory}
    values: dict[str, Any] = {
        "serviceAccount": {"create": False, "name": karpenter.service_account},
        "replicas": controller.replicas,
        "logLevel": controller.log_level,
        # Requests = limits: Guaranteed QoS, so the controller is the last pod evicted on its node.
        "controller": {"resources": {"requests": resources, "limits": dict(resources)}},
        # Explicit, not left to the chart's default: one controller replica may be evicted at a time.
        "podDisruptionBudget": {"name": "karpenter", "maxUnavailable": 1},
        "affinity": {
            "nodeAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [
                        {
                            "matchExpressions": [
                                # the chart's own rule, kept: never on Karpenter-launched nodes
                                {"key": _KARPENTER_NODE_LABEL[config.generation], "operator": "DoesNotExist"},
                                {
                                    "key": "eks.amazonaws.com/nodegroup",
                                    "operator": "In",
                                    "values": [controller.node_group],
                                },
                            ]
                        }
                    ]
                }
            },
            # the chart's own rule, kept: one replica per node
            "podAntiAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": [{"topologyKey": "kubernetes.io/hostname"}]
            },
        },
    }
    if config.generation is Generation.V1:
        settings: dict[str, Any] = {
            "clusterName": config.cluster.name,
            "interruptionQueue": resolve(config).interruption_queue,
        }
        if config.cluster.endpoint:
            settings["clusterEndpoint"] = config.cluster.endpoint
        values["settings"] = settings
    else:
        aws: dict[str, Any] = {
            "clusterName": config.cluster.name,
            "interruptionQueueName": resolve(config).interruption_queue,
        }
        if config.cluster.endpoint:
            aws["clusterEndpoint"] = config.cluster.endpoint
        if karpenter.default_instance_profile:
            aws["defaultInstanceProfile"] = karpenter.default_instance_profile
        values["settings"] = {"aws": aws}
    _chart_settings(config, values)
    return deep_merge(values, karpenter.values)


def _chart_settings(config: ClusterFile, values: dict[str, Any]) -> None:
    """The typed chart settings, where the chart reads them (values.yaml of the cluster's version)."""
    karpenter, controller = config.karpenter, config.karpenter.controller
    gates = dict(karpenter.feature_gates)
    if config.generation is Generation.V1 and resolve(config).static_capacity:
        gates["staticCapacity"] = True  # static node pools (replicas) need it (Karpenter >= 1.8)
    if config.generation is Generation.V1 and resolve(config).node_overlays:
        gates["nodeOverlay"] = True  # tenants' NodeOverlays need it (Karpenter >= 1.7)
    if config.generation is Generation.V1 and resolve(config).capacity_buffers:
        gates["capacityBuffer"] = True  # tenants' CapacityBuffers need it (Karpenter >= 1.14)
    if gates:
        values["settings"]["featureGates"] = dict(sorted(gates.items()))
    pod_annotations = dict(controller.pod_annotations)
    if karpenter.identity_mode == "podIdentity":
        # EKS injects a pod's credentials when it starts: the changed pod template restarts the controller onto
        # Pod Identity when the identity switches (and back onto IRSA when the annotation goes).
        pod_annotations[IDENTITY_POD_ANNOTATION] = "podIdentity"
    if pod_annotations:
        values["podAnnotations"] = dict(sorted(pod_annotations.items()))
    if controller.pod_labels:
        values["podLabels"] = dict(sorted(controller.pod_labels.items()))
    if controller.priority_class_name:
        values["priorityClassName"] = controller.priority_class_name
    if controller.tolerations:
        values["tolerations"] = CHART_TOLERATIONS + [
            t.model_dump(by_alias=True, exclude_none=True) for t in controller.tolerations
        ]
    if controller.topology_spread_constraints is not None:
        values["topologySpreadConstraints"] = [
            t.model_dump(by_alias=True) for t in controller.topology_spread_constraints
        ]
    if controller.image_repository:
        values["controller"]["image"] = {"repository": controller.image_repository}
    monitor = karpenter.service_monitor
    if monitor.enabled:
        values["serviceMonitor"] = {
            "enabled": True,
            **({"additionalLabels": monitor.additional_labels} if monitor.additional_labels else {}),
        }
    if karpenter.webhook is not None:
        values["webhook"] = {"enabled": karpenter.webhook.enabled, "port": karpenter.webhook.port}


def deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """base with override merged in, as Helm merges values files: maps key by key, anything else replaced."""
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def controller_ports(config: ClusterFile) -> dict[str, int]:
    """The controller's container ports after every value is applied (the NetworkPolicy admits these)."""
    values = karpenter_values(config)
    controller = values.get("controller") or {}
    ports = dict(CHART_PORTS[config.generation])
    version = config.karpenter.parsed_version
    if (version.major, version.minor) == (1, 0):
        # 1.0.x serves the v1beta1 <-> v1 conversion webhook its karpenter-crd chart points the CRDs at (the 0.31 ->
        # 1.x upgrade's stop, docs/upgrade-031.md): the API server must reach it.
        ports["https-webhook"] = 8443
    for name, section in (("http-metrics", controller.get("metrics")), ("http", controller.get("healthProbe"))):
        if isinstance(section, dict) and isinstance(section.get("port"), int):
            ports[name] = section["port"]
    webhook = values.get("webhook")
    if "https-webhook" in ports and isinstance(webhook, dict):
        if webhook.get("enabled") is False:
            del ports["https-webhook"]
        elif isinstance(webhook.get("port"), int):
            ports["https-webhook"] = webhook["port"]
    return ports
