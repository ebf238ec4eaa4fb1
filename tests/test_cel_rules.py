"""Every CEL rule of the Karpenter 1.14.1 NodePool and EC2NodeClass CRDs compiles and is exercised by a
passing value and a violating one, evaluated with the same engine `validate` uses."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from checks.cel import RuleError, RuleSite, compile_rule, evaluate, is_transition_rule, rule_sites

CRDS = {
    "NodePool": "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml",
    "EC2NodeClass": "karpenter/v1.14.1/karpenter/crds/karpenter.k8s.aws_ec2nodeclasses.yaml",
}
NEW, OLD = "self", "oldSelf"
REQ = {"key": "karpenter.k8s.aws/instance-category", "operator": "In", "values": ["c", "m"]}
ALIAS_AL2023 = [{"alias": "al2023@v20261101"}]


def t(key: str) -> dict[str, Any]:
    return {"tags": {key: "acme"}}


# (kind, schema path, message) -> (a value that satisfies the rule, a value that violates it).
# For transition rules each value is {"self": ..., "oldSelf": ...}. None: no violation is expressible.
CASES: dict[tuple[str, str, str], tuple[Any, Any]] = {
    # --- NodePool -------------------------------------------------------------------------
    ("NodePool", "spec", "Cannot transition NodePool between static (replicas set) and dynamic (replicas unset) provisioning modes"): (
        {NEW: {"replicas": 2}, OLD: {"replicas": 1}},
        {NEW: {"replicas": 2}, OLD: {}},
    ),
    ("NodePool", "spec", "only 'limits.nodes' is supported on static NodePools"): (
        {"replicas": 2, "limits": {"nodes": "4"}},
        {"replicas": 2, "limits": {"cpu": "4"}},
    ),
    ("NodePool", "spec", "'weight' is not supported on static NodePools"): ({"weight": 10}, {"replicas": 2, "weight": 10}),
    ("NodePool", "spec.disruption.budgets", "'schedule' must be set with 'duration'"): (
        [{"nodes": "0", "schedule": "@daily", "duration": "1h"}, {"nodes": "10%"}],
        [{"nodes": "0", "schedule": "@daily"}],
    ),
    ("NodePool", "spec.template.metadata.labels", 'label domain "karpenter.sh" is restricted'): (
        {"karpenter.sh/capacity-type": "spot", "team": "a"},
        {"team.karpenter.sh/x": "a"},
    ),
    ("NodePool", "spec.template.metadata.labels", 'label "karpenter.sh/nodepool" is restricted'): (
        {"team": "a"},
        {"karpenter.sh/nodepool": "a"},
    ),
    ("NodePool", "spec.template.metadata.labels", 'label "kubernetes.io/hostname" is restricted'): (
        {"kubernetes.io/arch": "amd64"},
        {"kubernetes.io/hostname": "a"},
    ),
    ("NodePool", "spec.template.metadata.labels", 'label domain "karpenter.k8s.aws" is restricted'): (
        {"karpenter.k8s.aws/instance-family": "m7i"},
        {"karpenter.k8s.aws/team": "a"},
    ),
    ("NodePool", "spec.template.spec.nodeClassRef", "nodeClassRef.group is immutable"): (
        {NEW: {"group": "karpenter.k8s.aws"}, OLD: {"group": "karpenter.k8s.aws"}},
        {NEW: {"group": "example.com"}, OLD: {"group": "karpenter.k8s.aws"}},
    ),
    ("NodePool", "spec.template.spec.nodeClassRef", "nodeClassRef.kind is immutable"): (
        {NEW: {"kind": "EC2NodeClass"}, OLD: {"kind": "EC2NodeClass"}},
        {NEW: {"kind": "Other"}, OLD: {"kind": "EC2NodeClass"}},
    ),
    ("NodePool", "spec.template.spec.nodeClassRef.group", "group may not be empty"): ("karpenter.k8s.aws", ""),
    ("NodePool", "spec.template.spec.nodeClassRef.kind", "kind may not be empty"): ("EC2NodeClass", ""),
    ("NodePool", "spec.template.spec.nodeClassRef.name", "name may not be empty"): ("alpha", ""),
    ("NodePool", "spec.template.spec.requirements", "requirements with operator 'In' must have a value defined"): (
        [REQ],
        [{"key": "team", "operator": "In", "values": []}],
    ),
    ("NodePool", "spec.template.spec.requirements", "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value"): (
        [{"key": "karpenter.k8s.aws/instance-cpu", "operator": "Gt", "values": ["4"]}, REQ],
        [{"key": "karpenter.k8s.aws/instance-cpu", "operator": "Lt", "values": ["4", "8"]}],
    ),
    ("NodePool", "spec.template.spec.requirements", "requirements with 'minValues' must have at least that many values specified in the 'values' field"): (
        [{**REQ, "minValues": 2}],
        [{**REQ, "minValues": 3}],
    ),
    ("NodePool", "spec.template.spec.requirements[].key", 'label domain "karpenter.sh" is restricted'): (
        "karpenter.sh/capacity-type",
        "x.karpenter.sh/y",
    ),
    ("NodePool", "spec.template.spec.requirements[].key", 'label "karpenter.sh/nodepool" is restricted'): (
        "karpenter.sh/capacity-type",
        "karpenter.sh/nodepool",
    ),
    ("NodePool", "spec.template.spec.requirements[].key", 'label "kubernetes.io/hostname" is restricted'): (
        "kubernetes.io/arch",
        "kubernetes.io/hostname",
    ),
    ("NodePool", "spec.template.spec.requirements[].key", 'label domain "karpenter.k8s.aws" is restricted'): (
        "karpenter.k8s.aws/instance-cpu",
        "karpenter.k8s.aws/instance-colour",
    ),
    # --- EC2NodeClass ---------------------------------------------------------------------
    ("EC2NodeClass", "spec", "must specify exactly one of ['role', 'instanceProfile']"): (
        {"role": "r", "amiSelectorTerms": ALIAS_AL2023},
        {"role": "r", "instanceProfile": "p", "amiSelectorTerms": ALIAS_AL2023},
    ),
    ("EC2NodeClass", "spec", "if set, amiFamily must be 'AL2' or 'Custom' when using an AL2 alias"): (
        {"amiFamily": "AL2", "amiSelectorTerms": [{"alias": "al2@latest"}]},
        {"amiFamily": "AL2023", "amiSelectorTerms": [{"alias": "al2@latest"}]},
    ),
    ("EC2NodeClass", "spec", "if set, amiFamily must be 'AL2023' or 'Custom' when using an AL2023 alias"): (
        {"amiFamily": "Custom", "amiSelectorTerms": ALIAS_AL2023},
        {"amiFamily": "AL2", "amiSelectorTerms": ALIAS_AL2023},
    ),
    ("EC2NodeClass", "spec", "if set, amiFamily must be 'Bottlerocket' or 'Custom' when using a Bottlerocket alias"): (
        {"amiSelectorTerms": [{"alias": "bottlerocket@latest"}]},
        {"amiFamily": "AL2", "amiSelectorTerms": [{"alias": "bottlerocket@latest"}]},
    ),
    ("EC2NodeClass", "spec", "if set, amiFamily must be 'Windows2019' or 'Custom' when using a Windows2019 alias"): (
        {"amiFamily": "Windows2019", "amiSelectorTerms": [{"alias": "windows2019@latest"}]},
        {"amiFamily": "AL2", "amiSelectorTerms": [{"alias": "windows2019@latest"}]},
    ),
    ("EC2NodeClass", "spec", "if set, amiFamily must be 'Windows2022' or 'Custom' when using a Windows2022 alias"): (
        {"amiFamily": "Windows2022", "amiSelectorTerms": [{"alias": "windows2022@latest"}]},
        {"amiFamily": "Windows2019", "amiSelectorTerms": [{"alias": "windows2022@latest"}]},
    ),
    ("EC2NodeClass", "spec", "if set, amiFamily must be 'Windows2025' or 'Custom' when using a Windows2025 alias"): (
        {"amiFamily": "Windows2025", "amiSelectorTerms": [{"alias": "windows2025@latest"}]},
        {"amiFamily": "Windows2022", "amiSelectorTerms": [{"alias": "windows2025@latest"}]},
    ),
    ("EC2NodeClass", "spec", "must specify amiFamily if amiSelectorTerms does not contain an alias"): (
        {"amiFamily": "AL2023", "amiSelectorTerms": [{"id": "ami-0abc"}]},
        {"amiSelectorTerms": [{"id": "ami-0abc"}]},
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms", "expected at least one, got none, ['tags', 'id', 'name', 'alias', 'ssmParameter']"): (
        [{"ssmParameter": "/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/recommended/image_id"}],
        [{"owner": "amazon"}],
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms", "'id' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms"): (
        [{"id": "ami-0abc"}, {"name": "my-ami", "owner": "self"}],
        [{"id": "ami-0abc", "owner": "self"}],
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms", "'alias' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms"): (
        ALIAS_AL2023,
        [{"alias": "al2023@latest", "name": "x"}],
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms", "'alias' is mutually exclusive, cannot be set with a combination of other amiSelectorTerms"): (
        ALIAS_AL2023,
        [*ALIAS_AL2023, {"id": "ami-0abc"}],
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms[].alias", "'alias' is improperly formatted, must match the format 'family@version'"): (
        "al2023@latest",
        "al2023",
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms[].alias", "family is not supported, must be one of the following: 'al2', 'al2023', 'bottlerocket', 'windows2019', 'windows2022', 'windows2025'"): (
        "bottlerocket@v1.30.0",
        "ubuntu@latest",
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms[].alias", "windows families may only specify version 'latest'"): (
        "windows2022@latest",
        "windows2022@v20261101",
    ),
    ("EC2NodeClass", "spec.amiSelectorTerms[].tags", "empty tag keys or values aren't supported"): ({"team": "a"}, {"team": ""}),
    ("EC2NodeClass", "spec.blockDeviceMappings", "must have only one blockDeviceMappings with rootVolume"): (
        [{"rootVolume": True}, {"rootVolume": False}, {}],
        [{"rootVolume": True}, {"rootVolume": True}],
    ),
    ("EC2NodeClass", "spec.blockDeviceMappings[].ebs", "snapshotID or volumeSize must be defined"): (
        {"snapshotID": "snap-0abc"},
        {"volumeType": "gp3"},
    ),
    ("EC2NodeClass", "spec.blockDeviceMappings[].ebs", "snapshotID must be set when volumeInitializationRate is set"): (
        {"snapshotID": "snap-0abc", "volumeInitializationRate": 200},
        {"volumeSize": "20Gi", "volumeInitializationRate": 200},
    ),
    ("EC2NodeClass", "spec.capacityReservationSelectorTerms", "expected at least one, got none, ['tags', 'id', 'instanceMatchCriteria']"): (
        [{"instanceMatchCriteria": "open"}],
        [{"ownerID": "001234567890"}],
    ),
    ("EC2NodeClass", "spec.capacityReservationSelectorTerms", "'id' is mutually exclusive, cannot be set along with other fields in a capacity reservation selector term"): (
        [{"id": "cr-0abc"}],
        [{"id": "cr-0abc", "ownerID": "001234567890"}],
    ),
    ("EC2NodeClass", "spec.capacityReservationSelectorTerms[].tags", "empty tag keys or values aren't supported"): (
        {"team": "a"},
        {"": "a"},
    ),
    ("EC2NodeClass", "spec.connectionTracking", "at least one of tcpEstablishedTimeout, udpStreamTimeout, or udpTimeout must be set"): (
        {"udpTimeout": "30s"},
        {},
    ),
    ("EC2NodeClass", "spec.instanceProfile", "instanceProfile cannot be empty"): ("profile", ""),
    ("EC2NodeClass", "spec.kubelet", "imageGCHighThresholdPercent must be greater than imageGCLowThresholdPercent"): (
        {"imageGCHighThresholdPercent": 85, "imageGCLowThresholdPercent": 80},
        {"imageGCHighThresholdPercent": 80, "imageGCLowThresholdPercent": 80},
    ),
    ("EC2NodeClass", "spec.kubelet", "evictionSoft OwnerKey does not have a matching evictionSoftGracePeriod"): (
        {"evictionSoft": {"memory.available": "5%"}, "evictionSoftGracePeriod": {"memory.available": "1m"}},
        {"evictionSoft": {"memory.available": "5%"}, "evictionSoftGracePeriod": {}},
    ),
    ("EC2NodeClass", "spec.kubelet", "evictionSoftGracePeriod OwnerKey does not have a matching evictionSoft"): (
        {"evictionSoft": {"nodefs.available": "10%"}, "evictionSoftGracePeriod": {"nodefs.available": "1m"}},
        {"evictionSoft": {}, "evictionSoftGracePeriod": {"nodefs.available": "1m"}},
    ),
    ("EC2NodeClass", "spec.kubelet.evictionHard", "valid keys for evictionHard are ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']"): (
        {"memory.available": "5%"},
        {"memory.free": "5%"},
    ),
    ("EC2NodeClass", "spec.kubelet.evictionSoft", "valid keys for evictionSoft are ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']"): (
        {"pid.available": "10%"},
        {"cpu.available": "10%"},
    ),
    ("EC2NodeClass", "spec.kubelet.evictionSoftGracePeriod", "valid keys for evictionSoftGracePeriod are ['memory.available','nodefs.available','nodefs.inodesFree','imagefs.available','imagefs.inodesFree','pid.available']"): (
        {"imagefs.available": "1m"},
        {"disk.available": "1m"},
    ),
    ("EC2NodeClass", "spec.kubelet.kubeReserved", "valid keys for kubeReserved are ['cpu','memory','ephemeral-storage','pid']"): (
        {"cpu": "100m", "memory": "200Mi"},
        {"gpu": "1"},
    ),
    ("EC2NodeClass", "spec.kubelet.kubeReserved", "kubeReserved value cannot be a negative resource quantity"): (
        {"cpu": "100m"},
        {"cpu": "-100m"},
    ),
    ("EC2NodeClass", "spec.kubelet.systemReserved", "valid keys for systemReserved are ['cpu','memory','ephemeral-storage','pid']"): (
        {"ephemeral-storage": "1Gi", "pid": "100"},
        {"storage": "1Gi"},
    ),
    ("EC2NodeClass", "spec.kubelet.systemReserved", "systemReserved value cannot be a negative resource quantity"): (
        {"memory": "100Mi"},
        {"memory": "-1Gi"},
    ),
    ("EC2NodeClass", "spec.networkInterfaces", "networkInterfaces must include a primary interface with interfaceType='interface'"): (
        [{"deviceIndex": 0, "networkCardIndex": 0, "interfaceType": "interface"}],
        [{"deviceIndex": 1, "networkCardIndex": 0, "interfaceType": "interface"}],
    ),
    ("EC2NodeClass", "spec.networkInterfaces", "networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card"): (
        [
            {"deviceIndex": 0, "networkCardIndex": 0, "interfaceType": "interface"},
            {"deviceIndex": 1, "networkCardIndex": 0, "interfaceType": "efa-only"},
        ],
        [
            {"deviceIndex": 0, "networkCardIndex": 0, "interfaceType": "interface"},
            {"deviceIndex": 0, "networkCardIndex": 0, "interfaceType": "interface"},
        ],
    ),
    ("EC2NodeClass", "spec.placementGroupSelector", "expected at least one, got none, ['name', 'id']"): ({"name": "pg"}, {}),
    ("EC2NodeClass", "spec.placementGroupSelector", "'name' and 'id' are mutually exclusive"): (
        {"id": "pg-0abc"},
        {"id": "pg-0abc", "name": "pg"},
    ),
    ("EC2NodeClass", "spec.role", "role cannot be empty"): ("karpenter-node-acme-alpha", ""),
    ("EC2NodeClass", "spec.securityGroupSelectorTerms", "securityGroupSelectorTerms cannot be empty"): (
        [t("karpenter.sh/discovery")],
        [],
    ),
    ("EC2NodeClass", "spec.securityGroupSelectorTerms", "expected at least one, got none, ['tags', 'id', 'name']"): (
        [{"name": "nodes"}],
        [{}],
    ),
    ("EC2NodeClass", "spec.securityGroupSelectorTerms", "'id' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term"): (
        [{"id": "sg-0abc"}, t("a")],
        [{"id": "sg-0abc", "name": "nodes"}],
    ),
    ("EC2NodeClass", "spec.securityGroupSelectorTerms", "'name' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term"): (
        [{"name": "nodes"}, {"id": "sg-0abc"}],
        [{"name": "nodes", **t("a")}],
    ),
    ("EC2NodeClass", "spec.securityGroupSelectorTerms[].tags", "empty tag keys or values aren't supported"): ({"a": "b"}, {"a": ""}),
    ("EC2NodeClass", "spec.subnetSelectorTerms", "subnetSelectorTerms cannot be empty"): ([{"id": "subnet-0abc"}], []),
    ("EC2NodeClass", "spec.subnetSelectorTerms", "expected at least one, got none, ['tags', 'id']"): ([t("a")], [{}]),
    ("EC2NodeClass", "spec.subnetSelectorTerms", "'id' is mutually exclusive, cannot be set with a combination of other fields in a subnet selector term"): (
        [{"id": "subnet-0abc"}, t("a")],
        [{"id": "subnet-0abc", **t("a")}],
    ),
    ("EC2NodeClass", "spec.subnetSelectorTerms[].tags", "empty tag keys or values aren't supported"): ({"a": "b"}, {"": "b"}),
    ("EC2NodeClass", "spec.tags", "empty tag keys aren't supported"): ({"team": ""}, {"": "x"}),
    ("EC2NodeClass", "spec.tags", "tag contains a restricted tag matching eks:eks-cluster-name"): (
        {"eks:team": "a"},
        {"eks:eks-cluster-name": "acme"},
    ),
    ("EC2NodeClass", "spec.tags", "tag contains a restricted tag matching kubernetes.io/cluster/"): (
        {"kubernetes.io/role": "x"},
        {"kubernetes.io/cluster/acme": "owned"},
    ),
    ("EC2NodeClass", "spec.tags", "tag contains a restricted tag matching karpenter.sh/nodepool"): (
        {"karpenter.sh/discovery": "acme"},
        {"karpenter.sh/nodepool": "alpha"},
    ),
    ("EC2NodeClass", "spec.tags", "tag contains a restricted tag matching karpenter.sh/nodeclaim"): (
        {"tenant": "alpha"},
        {"karpenter.sh/nodeclaim": "x"},
    ),
    ("EC2NodeClass", "spec.tags", "tag contains a restricted tag matching karpenter.k8s.aws/ec2nodeclass"): (
        {"tenant": "alpha"},
        {"karpenter.k8s.aws/ec2nodeclass": "alpha"},
    ),
}


@cache
def all_sites(shared: Path) -> dict[tuple[str, str, str], RuleSite]:
    found = {}
    for kind, relative in CRDS.items():
        crd = yaml.safe_load((shared / relative).read_text())
        schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
        for site in rule_sites(schema):
            found[(kind, ".".join(site.path).replace(".[]", "[]"), site.message)] = site
    return found


def test_the_crds_have_the_74_rules_this_table_covers(shared: Path) -> None:
    sites = all_sites(shared)
    assert len(sites) == 74
    assert sorted(sites) == sorted(CASES), "a rule was added or changed upstream: add it to CASES"


def test_every_rule_compiles(shared: Path) -> None:
    for site in all_sites(shared).values():
        compile_rule(site.rule)


def _run(site: RuleSite, value: Any) -> bool:
    if is_transition_rule(site.rule):
        return evaluate(site.rule, value[NEW], value[OLD])
    return evaluate(site.rule, value)


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}:{k[1]}:{k[2][:50]}")
def test_the_rule_accepts_a_valid_value_and_rejects_a_violation(key: tuple[str, str, str], shared: Path) -> None:
    site = all_sites(shared)[key]
    passing, failing = CASES[key]
    assert _run(site, passing) is True
    if failing is not None:
        try:
            assert _run(site, failing) is False
        except RuleError as error:  # the API server rejects an object whose rule errors, too
            pytest.fail(f"rule errored instead of returning false: {error}")


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}:{k[1]}:{k[2][:50]}")
def test_memoized_and_projected_evaluation_agrees_with_plain_cel_python(key: tuple[str, str, str], shared: Path) -> None:
    from checks.cel import _evaluate

    site = all_sites(shared)[key]
    for value in CASES[key]:
        if value is None:
            continue
        new, old = (value[NEW], value[OLD]) if is_transition_rule(site.rule) else (value, None)
        try:
            plain: bool | str = _evaluate(site.rule, new, old)
        except RuleError as error:
            plain = f"error: {error}"
        try:
            fast: bool | str = evaluate(site.rule, new, old)
        except RuleError as error:
            fast = f"error: {error}"
        assert fast == plain
