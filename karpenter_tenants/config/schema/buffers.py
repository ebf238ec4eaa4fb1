"""A tenant's `buffers`: CapacityBuffers and the placeholder pods they stand for.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from karpenter_tenants.config.schema.base import FieldProblems, Integer, Model, Name, Quantity, shaped_text

RESOURCE_NAME_PATTERN = (
    r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$"
)
ResourceName = Annotated[
    str, shaped_text(RESOURCE_NAME_PATTERN, "a resource name such as 'cpu', 'memory' or 'nvidia.com/gpu'")
]
BUFFER_IMAGE = "registry.k8s.io/pause:3.10"  # never runs: Karpenter's placeholder pods are simulated only


class ScalableRef(Model):
    """A workload with a scale subresource in the buffer's namespace, whose pods are the buffer's shape."""

    kind: Literal["Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Job"] = Field(
        description="Required."
    )
    name: Name = Field(description="Required.")

    @property
    def api_group(self) -> str:
        return {"ReplicationController": "", "Job": "batch"}.get(self.kind, "apps")


class Buffer(Model):
    """A CapacityBuffer (Karpenter >= 1.14, alpha): spare capacity kept on the tenant's nodes, so that its pods start
    without waiting for a node. Karpenter provisions nodes for the buffer's placeholder pods (simulated, never
    created) and refills it as real pods take the room."""

    name: Name = Field(description="The CapacityBuffer's name in its namespace. Required, unique in the tenant.")
    namespace: Name | None = Field(
        default=None, description="One of the tenant's namespaces. Default: its only one (required with several)."
    )
    pool: Name | None = Field(
        default=None,
        description="Which of the tenant's pools the room is kept in. Default: any of them (where "
        "Karpenter would put such a pod).",
    )
    requests: dict[ResourceName, Quantity] = Field(
        default_factory=dict,
        description="One chunk's requests, e.g. `{cpu: '2', memory: 4Gi}`: synth writes a PodTemplate "
        "`karpenter-tenants-buffer-<name>` of that shape selecting the tenant's nodes. Set this or `scalable`.",
    )
    scalable: ScalableRef | None = Field(
        default=None,
        description="A workload whose pods are one chunk each, e.g. `{kind: Deployment, name: web}` "
        "(its pods must select the tenant's nodes, as the isolation policy makes them). Set this or `requests`.",
    )
    replicas: Integer | None = Field(default=None, ge=0, description="How many chunks. Default none.")
    percentage: Integer | None = Field(
        default=None, ge=0, description="With `scalable`: chunks as a share of its replicas, rounded up. Default none."
    )
    limits: dict[ResourceName, Quantity] = Field(
        default_factory=dict, description="A cap on all chunks' requests together, e.g. `{cpu: '16'}`. Default none."
    )

    @model_validator(mode="after")
    def _as_the_crd_allows(self) -> Buffer:
        problems: list[tuple[tuple[str | int, ...], str]] = []
        if bool(self.requests) == (self.scalable is not None):
            problems.append(
                (
                    (),
                    "set either requests (synth writes the PodTemplate) or scalable (a workload's pods), "
                    "one of them (the CapacityBuffer CRD's rule)",
                )
            )
        if self.percentage is not None and self.scalable is None:
            problems.append(
                (("percentage",), "percentage is a share of a workload's replicas: give scalable, or use replicas")
            )
        if self.pool is not None and self.scalable is not None:
            problems.append(
                (
                    ("pool",),
                    "a workload's own pod template decides where its chunks go: remove pool (or "
                    "give requests instead of scalable)",
                )
            )
        if self.replicas is None and self.percentage is None and not self.limits:
            problems.append(
                ((), "sets no size, so Karpenter would keep as many chunks as fit: give replicas, percentage or limits")
            )
        if problems:
            raise FieldProblems(problems)
        return self
