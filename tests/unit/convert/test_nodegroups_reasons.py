"""convert.nodegroups.reasons: every argument no reader consumed is reported with what to do instead, except
Terraform's bookkeeping and empty values."""

from __future__ import annotations

from karpenter_tenants.convert.nodegroups.reasons import REMOTE_ACCESS, rest
from karpenter_tenants.convert.nodegroups.record import FileReport, NodeGroup, Report


def test_what_no_reader_consumed_is_reported_with_its_reason_and_bookkeeping_or_empty_values_are_not() -> None:
    group = NodeGroup("aws_eks_node_group.a", FileReport("main.tf", Report()))
    rest(
        group,
        {
            "remote_access": ([{"ec2_ssh_key": "k"}], "r.remote_access"),
            "timeouts": ({"create": "1h"}, "r.timeouts"),
            "ami_id": ("", "r.ami_id"),
            "capacity": (False, "r.capacity"),
            "gpu": ("yes", "r.gpu"),
        },
    )
    assert group.report.report.unsupported == [
        f"main.tf: r.remote_access: {REMOTE_ACCESS}",
        "main.tf: r.gpu: no Karpenter equivalent in the config model",
    ]
