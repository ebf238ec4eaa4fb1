"""The warnings of a cluster file: what it allows but probably does not mean (GPU device plugins the isolation policy
would refuse, IMDSv1, unencrypted disks, AMI aliases that follow every release, more node roles than IAM's managed
policy quota, chart values not checked, quotas beside their pools' limits, cluster-autoscaler still running), and the
protocol of the chart defaults the loader checks karpenter.values against. config.loader attaches them to each
loaded file. Imports config only."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from karpenter_tenants.config.resolved import ami_alias, resolve
from karpenter_tenants.config.schema.base import QUANTITY_UNITS, quantity_value
from karpenter_tenants.config.schema.cluster_file import ClusterFile, isolation_supported
from karpenter_tenants.config.schema.iam import MANAGED_POLICIES_PER_ROLE, PASS_ROLE_CHUNK
from karpenter_tenants.config.schema.tenancy import MIN_KUBERNETES_MINOR
from karpenter_tenants.config.schema.tenant import Tenant, node_pools
from karpenter_tenants.config.versions import ReleaseTables


class ChartDefaults(ReleaseTables, Protocol):
    """The reference data the loader checks karpenter.values against: the default values of the Karpenter chart a
    cluster pins (reference.charts.ChartReference reads them from the shared folder). Config never reads reference
    data itself: the program installs one for the process (use_chart_defaults; commands/runner.py and tests/conftest.py do)."""

    def values_file(self, config: ClusterFile) -> Path:
        """The chart's values.yaml (which may be missing: karpenter.values is then not checked, and a warning says so)."""
        ...

    def default_values(self, path: Path) -> Any:
        """The chart's default values, read from values_file's path."""
        ...

    def rendered_whole(self, path: Path) -> frozenset[tuple[str, ...]]:
        """The values the chart's templates render whole (toYaml), whose keys are free."""
        ...


# Where each GPU maker's device plugin DaemonSet runs by default (NVIDIA's GPU Operator, AMD's GPU Operator); it
# tolerates every taint, so the isolation policy refuses it on a tenant's nodes unless its namespace is exempt.
DEVICE_PLUGIN_NAMESPACES = {"nvidia": "gpu-operator", "amd": "kube-amd-gpu"}


def cluster_warnings(config: ClusterFile, chart_defaults: ChartDefaults | None) -> tuple[str, ...]:
    """What a cluster file allows but probably does not mean, one sentence each (synth prints them, exit 0)."""
    found = []
    if any(t.namespaces for t in config.tenants) and isolation_supported(config):
        exempt = set(resolve(config).exempt_namespaces)
        for tenant in config.sorted_tenants():
            makers = dict.fromkeys(m for _, _, pool in node_pools(tenant) for m in pool.requirements.gpu_manufacturers)
            for maker in makers:
                namespace = DEVICE_PLUGIN_NAMESPACES.get(maker)
                if namespace is not None and namespace not in exempt:
                    found.append(
                        f"tenant {tenant.name} asks for {maker} GPUs: their device plugin (DaemonSet in {namespace} by "
                        f"default) tolerates every taint, so the isolation policy refuses it on {tenant.name}'s nodes "
                        f"and no GPU is advertised; add its namespace to tenancy.exemptNamespaces"
                    )
    if any(t.namespaces for t in config.tenants) and not isolation_supported(config):
        found.append(
            f"tenant namespaces are not enforced: the isolation ValidatingAdmissionPolicy needs Kubernetes "
            f"1.{MIN_KUBERNETES_MINOR} or newer (cluster.kubernetesVersion is {config.cluster.kubernetes_version})"
        )
    for tenant in config.sorted_tenants():
        metadata = tenant.metadata_options
        if metadata.http_tokens == "optional":
            found.append(
                f"tenant {tenant.name}: metadataOptions.httpTokens optional allows IMDSv1, whose credentials any "
                "SSRF in a pod can read; keep 'required' unless a workload cannot use IMDSv2"
            )
        if metadata.http_put_response_hop_limit > 1:
            found.append(
                f"tenant {tenant.name}: metadataOptions.httpPutResponseHopLimit {metadata.http_put_response_hop_limit} "
                "lets pods reach the node's instance metadata and its IAM role; keep 1 unless pods need IMDS"
            )
        if not tenant.root_volume.encrypted:
            found.append(f"tenant {tenant.name}: rootVolume.encrypted is false: node disks are not encrypted at rest")
        for index, device in enumerate(tenant.block_devices or []):
            if device.ebs.encrypted is not True:
                found.append(
                    f"tenant {tenant.name}: blockDevices[{index}] ({device.device_name}) has ebs.encrypted "
                    f"{'false' if device.ebs.encrypted is False else 'unset (EC2 then encrypts only by the account default)'}: "
                    "the disk may not be encrypted at rest; set ebs.encrypted: true"
                )
        alias = tenant.ami.alias
        uses_alias = tenant.ami.selector_terms is None  # selector terms pick AMIs by id, name or tags: no alias
        if config.generation.value == "v1" and tenant.ami.family == "Ubuntu":
            found.append(
                f"tenant {tenant.name}: Karpenter 1.x has no Ubuntu family; the node class uses AL2 user data and "
                "Ubuntu's /dev/sda1 root disk, as Karpenter's v1 migration guide does, which upstream does not "
                "promise to keep compatible: consider ami.family Custom with your own userData"
            )
        if config.generation.value == "v1" and uses_alias and str(ami_alias(tenant)).endswith("@latest"):
            found.append(
                f"tenant {tenant.name}: AMI alias {alias or f'{ami_alias(tenant)} (default)'} follows every new AMI "
                "release, so each release drifts and replaces this tenant's nodes; pin a version like "
                "'al2023@v20261101'"
            )
    roles = len(config.tenants) + (config.karpenter.default_instance_profile is not None)
    policies = -(-roles // PASS_ROLE_CHUNK)
    if policies > MANAGED_POLICIES_PER_ROLE:
        found.append(
            f"{roles} node roles need {policies} managed policies on the controller role to pass them to EC2 "
            f"({PASS_ROLE_CHUNK} roles each); IAM allows {MANAGED_POLICIES_PER_ROLE} per role unless its quota is "
            "raised (to at most 20): request that before applying terraform/, or split the tenants across clusters"
        )
    values_file = chart_defaults.values_file(config) if config.karpenter.values and chart_defaults else None
    if values_file is not None and not values_file.is_file():
        version = config.karpenter.parsed_version
        found.append(
            f"karpenter.values not checked against the Karpenter {version} chart's values.yaml ({values_file} is "
            f"missing): `python main.py fetch-reference {version}` fetches it, or set KARPENTER_TENANTS_SHARED to "
            "reference data that has it"
        )
    for tenant in config.sorted_tenants():
        found += _quota_warnings(config, tenant)
    if config.cluster_autoscaler is not None and config.cluster_autoscaler.running:
        found.append(
            "cluster-autoscaler still runs beside Karpenter (clusterAutoscaler.running): it must scale no node group "
            "whose pods a tenant serves; remove it and set running: false as the runbook's last step "
            "(docs/cluster-autoscaler.md)"
        )
    return tuple(found)


QUOTA_LIMITS = {"requests.cpu": "cpu", "requests.memory": "memory", "requests.nvidia.com/gpu": "nvidia.com/gpu"}
FAR_MORE = 4  # pools that can provide this many times the quota's total are worth a look


def quantity_text(amount: float, resource: str) -> str:
    """An amount as a Kubernetes quantity: memory in the largest binary unit it is a whole number of (206158430208
    -> 192Gi), cpu in cores or millicores, counts as whole numbers."""
    if resource == "memory" and amount >= 1024 and float(amount).is_integer():
        for unit in ("Ei", "Pi", "Ti", "Gi", "Mi", "Ki"):
            size = QUANTITY_UNITS[unit]
            if amount % size == 0:
                return f"{int(amount // size)}{unit}"
    if float(amount).is_integer():
        return str(int(amount))
    if resource == "cpu" and float(amount * 1000).is_integer():
        return f"{int(amount * 1000)}m"
    return f"{amount:.3f}".rstrip("0").rstrip(".")


def _quota_warnings(config: ClusterFile, tenant: Tenant) -> list[str]:
    """A tenant's quota (the whole cap in each namespace) against what its pools can provide (their limits on nodes'
    capacity, summed): a cap no pool can reach, or pools far beyond it, is probably not what was meant."""
    if tenant.quota is None:
        return []
    # split: the namespaces' shares add up to at most the quota, which then caps the tenant as a whole
    found, count = [], 1 if tenant.quota.split else len(tenant.namespaces)
    if count > 1:
        found.append(
            f"tenant {tenant.name}: quota is the whole cap in each of its {count} namespaces, so together its "
            f"pods may request up to {count} times it; give each namespace its share (quota.split) if that "
            "is not meant"
        )
    pools = node_pools(tenant)
    for key, limit in QUOTA_LIMITS.items():
        cap = tenant.quota.hard().get(key)
        limits = [pool.limits.resources().get(limit) for _, _, pool in pools]
        if cap is None or any(value is None for value in limits):
            continue  # no cap, or a pool without a limit on it: it can provide any amount
        total, provided = quantity_value(cap) * count, sum(quantity_value(value) for value in limits)
        if total > provided:
            found.append(
                f"tenant {tenant.name}: quota {key} {cap} (x{count} namespaces) is more than its pools can ever "
                f"provide ({limit} limits summing to {quantity_text(provided, limit)}): the pools' limits stop it first"
            )
        elif provided > FAR_MORE * total:
            found.append(
                f"tenant {tenant.name}: its pools may provide {quantity_text(provided, limit)} {limit}, over {FAR_MORE} times what "
                f"its quota lets its pods request ({cap} x{count}): lower the pools' limits to what it may use"
            )
    return found
