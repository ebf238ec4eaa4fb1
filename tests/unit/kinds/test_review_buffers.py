"""kinds/buffer/review.py: a tenant's CapacityBuffer and its chunk's PodTemplate (named by charts' prefix) said as one
line, whichever of them changed: the room Karpenter keeps, billed though no pod runs there."""

from __future__ import annotations

from support.review_trees import obj, tree

from karpenter_tenants.objects.changes import IN_PLACE
from karpenter_tenants.objects.common import BUFFER_POD_TEMPLATE_PREFIX
from karpenter_tenants.review.plan import plan

TEMPLATE = BUFFER_POD_TEMPLATE_PREFIX + "warm"


def buffer(replicas: int = 2) -> dict:
    return obj("CapacityBuffer", "warm", "team-a", spec={"replicas": replicas, "podTemplateRef": {"name": TEMPLATE}})


def chunk(cpu: str = "1", name: str = TEMPLATE) -> dict:
    container = {"name": "buffer", "resources": {"requests": {"cpu": cpu}}}
    return obj("PodTemplate", name, "team-a", template={"spec": {"containers": [container]}})


def test_a_buffer_added_says_the_room_it_keeps_and_that_it_is_billed() -> None:
    [change] = plan({}, tree(buffer(), chunk()))
    assert (change.kind, change.name, change.action, change.effect) == ("CapacityBuffer", "warm", "added", IN_PLACE)
    assert change.why.startswith(
        "Karpenter keeps room for 2 chunk(s) of cpu 1 on the tenant's nodes in namespace "
        "team-a: it launches nodes for them now, billed like any node"
    )


def test_a_change_of_the_chunk_alone_is_said_on_its_buffers_line() -> None:
    [change] = plan(tree(buffer(), chunk("1")), tree(buffer(), chunk("2")))
    assert (change.kind, change.action) == ("CapacityBuffer", "changed")
    assert [(f.path, f.old, f.new) for f in change.fields] == [
        ("chunk requests (its PodTemplate's container)", {"cpu": "1"}, {"cpu": "2"})
    ]


def test_a_buffer_removed_stops_keeping_the_room_and_evicts_no_pod() -> None:
    [change] = plan(tree(buffer(), chunk()), {})
    assert change.action == "removed" and change.why.endswith("consolidation removes them; no pod is evicted")


def test_a_pod_template_of_no_buffer_is_an_object_of_its_own() -> None:
    [change] = plan({}, tree(chunk(name="other")))
    assert (change.kind, change.name, change.action) == ("PodTemplate", "other", "added")
