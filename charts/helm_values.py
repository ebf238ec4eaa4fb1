"""Helm values for the Karpenter chart, version-aware (0.31 `settings.aws.*` vs 1.x `settings.*`)."""

from __future__ import annotations

from typing import Any

from charts.config import ClusterFile
from charts.versions import Generation

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
        settings: dict[str, Any] = {"clusterName": config.cluster.name, "interruptionQueue": config.interruption_queue}
        if config.cluster.endpoint:
            settings["clusterEndpoint"] = config.cluster.endpoint
        values["settings"] = settings
    else:
        aws: dict[str, Any] = {
            "clusterName": config.cluster.name,
            "interruptionQueueName": config.interruption_queue,
        }
        if config.cluster.endpoint:
            aws["clusterEndpoint"] = config.cluster.endpoint
        if karpenter.default_instance_profile:
            aws["defaultInstanceProfile"] = karpenter.default_instance_profile
        values["settings"] = {"aws": aws}
    return values
