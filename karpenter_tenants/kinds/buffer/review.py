"""`plan`'s review of a tenant's CapacityBuffer (tenants[].buffers) and the PodTemplate of its chunk, said as one line
whichever of them changed: the room Karpenter keeps and what it costs (nodes launched for pods that never run).

The chunk's PodTemplate name prefix is charts' (objects.common.BUFFER_POD_TEMPLATE_PREFIX). Imports the change model,
objects.review and that chart (when a PodTemplate is reviewed); never another kind's module."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from karpenter_tenants.objects.changes import IN_PLACE, Change, FieldChange, field_changes
from karpenter_tenants.objects.dist_objects import ObjectKey, Objects
from karpenter_tenants.objects.review import ObjectReview, Sides

LAYER = "review"  # this module's layer (kinds/__init__.py)

BUFFER, CHUNK = "CapacityBuffer", "PodTemplate"  # a buffer, and its chunk's pod


@cache
def template_prefix() -> str:
    """The name of a buffer's chunk's PodTemplate before the buffer's name: objects.common's (no cdk8s there)."""
    from karpenter_tenants.objects.common import BUFFER_POD_TEMPLATE_PREFIX

    return BUFFER_POD_TEMPLATE_PREFIX


class BufferReview(ObjectReview):
    reads_its_folder = True  # its chunk's PodTemplate

    def review(self, sides: Sides, key: ObjectKey, group: str) -> list[Change]:
        return buffer_change(key[0], group, key, *buffer_sides(key, sides.old, sides.new, sides.same))


class ChunkTemplateReview(ObjectReview):
    """A PodTemplate: a buffer's chunk is said with its CapacityBuffer; any other as an object of its own."""

    reads_its_folder = True  # its CapacityBuffer

    def said_under(self, key: ObjectKey, sides: Sides) -> ObjectKey:
        cluster, _, namespace, name = key
        if name.startswith(template_prefix()):
            buffer = (cluster, BUFFER, namespace, name.removeprefix(template_prefix()))
            if buffer in sides.old or buffer in sides.new:
                return buffer
        return key


REVIEWS = {BUFFER: BufferReview(), CHUNK: ChunkTemplateReview()}


BufferSide = tuple[
    dict[str, Any] | None, dict[str, Any] | None
]  # (CapacityBuffer, its chunk's PodTemplate) on one side


def buffer_sides(
    key: ObjectKey, old: Objects, new: Objects, same: set[str] | frozenset[str]
) -> tuple[BufferSide, BufferSide]:
    """A buffer's (CapacityBuffer, PodTemplate) before and after. An object whose file is identical on both sides is
    not in `old` (plan's `same`): it is the same before as after."""
    template = (key[0], CHUNK, key[2], template_prefix() + key[3])

    def before(k: ObjectKey) -> dict[str, Any] | None:
        return old[k][1] if k in old else new[k][1] if k in new and new[k][0] in same else None

    def after(k: ObjectKey) -> dict[str, Any] | None:
        return new[k][1] if k in new else None

    return (before(key), before(template)), (after(key), after(template))


def buffer_change(cluster: str, group: str, key: ObjectKey, before: BufferSide, after: BufferSide) -> list[Change]:
    """A tenant's CapacityBuffer (tenants[].buffers) and its chunk's PodTemplate, as one line: the room Karpenter keeps
    and what it costs (nodes launched for pods that never run). The fields are both objects' changes."""
    namespace, name, template_name = key[2], key[3], template_prefix() + key[3]
    (buffer_before, template_before), (buffer_after, template_after) = before, after
    if buffer_after is None:
        return [
            Change(
                cluster,
                group,
                "CapacityBuffer",
                name,
                "removed",
                IN_PLACE,
                (
                    f"Karpenter stops keeping this room in namespace {namespace}: nodes launched only for it become empty and "
                    "consolidation removes them; no pod is evicted"
                ),
            )
        ]
    fields, notes = [], []
    if buffer_before is not None:
        fields = field_changes(buffer_before, buffer_after)
        if template_before is not None and template_after is not None:
            requests = [_chunk_requests(t) for t in (template_before, template_after)]
            said = (
                [FieldChange("chunk requests (its PodTemplate's container)", *requests)]
                if requests[0] != requests[1]
                else []
            )
            fields += said + [
                dataclasses.replace(f, path=f"PodTemplate/{template_name} {f.path}")
                for f in field_changes(template_before, template_after)
                if not (said and f.path == "template.spec.containers")  # the requests say it
            ]
        elif template_before is not None or template_after is not None:
            notes.append(f"PodTemplate/{template_name} (the chunk's pod) {'added' if template_after else 'removed'}")
        if not fields and not notes:
            return []
    spec = buffer_after.get("spec") or {}
    size = [f"{spec['replicas']} chunk(s)"] if "replicas" in spec else []
    size += [f"{spec['percentage']}% of the replicas"] if "percentage" in spec else []
    size += (
        ["up to " + ", ".join(f"{k} {v}" for k, v in sorted((spec.get("limits") or {}).items()))]
        if spec.get("limits")
        else []
    )
    if "podTemplateRef" in spec:
        pod = ((template_after or {}).get("template") or {}).get("spec") or {}
        chunk = _chunk_requests(template_after or {})
        shape = " of " + ", ".join(f"{k} {v}" for k, v in sorted(chunk.items())) if chunk else ""
        pool = (pod.get("nodeSelector") or {}).get("karpenter.sh/nodepool")
        shape += f" on NodePool {pool}" if pool else " on the tenant's nodes"
    else:
        ref = spec.get("scalableRef") or {}
        shape = f" shaped like {ref.get('kind')} {ref.get('name')}'s pods"
    return [
        Change(
            cluster,
            group,
            "CapacityBuffer",
            name,
            "changed" if buffer_before is not None else "added",
            IN_PLACE,
            (
                f"Karpenter keeps room for {' and '.join(size)}{shape} in namespace {namespace}: it launches nodes for "
                "them now, billed like any node though no pod runs there until the tenant's pods take the room; no existing "
                "node is replaced"
            ),
            fields,
            notes,
        )
    ]


def _chunk_requests(template: dict[str, Any]) -> dict[str, Any]:
    """What one chunk of a buffer asks for: the requests of its PodTemplate's containers."""
    pod = (template.get("template") or {}).get("spec") or {}
    return {
        k: v for c in pod.get("containers") or [] for k, v in ((c.get("resources") or {}).get("requests") or {}).items()
    }
