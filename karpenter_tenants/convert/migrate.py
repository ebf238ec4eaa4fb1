"""`python main.py migrate FILE`: a cluster config on Karpenter 0.31 (v1alpha5) rewritten for 1.x (v1).

Each tenant is converted by Karpenter's own migration rules, from the upstream guides
"Upgrading to v0.32 / v1beta1 migration" (karpenter.sh/v0.32/upgrading/v1beta1-migration) and
"v1 Migration" (karpenter.sh/v1.0/upgrading/v1-migration):

- `provider` / `providerRef` -> `nodeClassRef` (the product names the node class after the tenant);
- `ttlSecondsAfterEmpty` -> `consolidationPolicy: WhenEmpty` + `consolidateAfter`;
  `consolidation.enabled` -> `WhenEmptyOrUnderutilized` (v1beta1 `WhenUnderutilized`, renamed in v1),
  with `consolidateAfter: 0s` to keep 0.31's immediate consolidation;
- `ttlSecondsUntilExpired` -> `expireAfter` (absent -> `Never`);
- `kubeletConfiguration` -> EC2NodeClass `kubelet` (v1 moved it from the NodePool);
- `instanceProfile` -> `role` (1.x creates the instance profile from the role);
- `subnetSelector` / `securityGroupSelector` / `amiSelector` -> `*SelectorTerms`, comma-separated id
  lists split into one term per id (the config already holds terms);
- `amiFamily` -> an `amiSelectorTerms` alias (v1);
- v1alpha5's implicit requirement defaults written out (capacity type on-demand, amd64, linux,
  and instance categories c, m, r with generation > 2 when no instance-type requirement);
- `karpenter.sh/provisioner-name` -> `karpenter.sh/nodepool`.

`--pools TENANT=A,B` makes 0.31 tenants `TENANT-<pool>` (one Provisioner each) the pools of one 1.x tenant: the
NodePools keep the Provisioners' names (and weights), on the tenant's one EC2NodeClass.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.config import naming
from karpenter_tenants.config.loader import ConfigError, LoadedCluster, load_cluster_file
from karpenter_tenants.config.schema.base import RFC1123_LABEL
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.tenant import POOL_KEYS  # what a pool sets on its own (0.31: no replicas)
from karpenter_tenants.config.versions import (
    COMPATIBILITY_FILE,
    Generation,
    KarpenterVersion,
    minor_key,
    newest_listed_line,
    reference_version,
    supported_kubernetes,
)
from karpenter_tenants.config.yaml_input import InputError, load_single, read_text
from karpenter_tenants.synthesis.yaml_text import YAML12_NUMBER

ALIAS_OF_FAMILY = {
    "AL2": "al2",
    "AL2023": "al2023",
    "Bottlerocket": "bottlerocket",
    "Windows2019": "windows2019",
    "Windows2022": "windows2022",
}
TENANT_LABEL = "tenant"  # tenancy.labelKey's default
INSTANCE_TYPE_KEYS = {
    "node.kubernetes.io/instance-type",
    "karpenter.k8s.aws/instance-family",
    "karpenter.k8s.aws/instance-category",
    "karpenter.k8s.aws/instance-generation",
}


class _ConfigDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Quotes strings that YAML 1.2 readers (Terraform's yamldecode) would take for numbers: account ids. libyaml's
    emitter where PyYAML has it (the same text as PyYAML's own, faster: docs/performance.md)."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if re.fullmatch(r"[-+]?[0-9][0-9_.eE+-]*", value) or YAML12_NUMBER.match(value):  # 0o17, .5E2
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')
    return dumper.represent_str(value)


_ConfigDumper.add_representer(str, _represent_str)


def dump_config(config: dict[str, Any]) -> str:
    return yaml.dump(config, Dumper=_ConfigDumper, sort_keys=False, width=10_000)


class MigrationRefused(Exception):
    pass


COMMENTS_LOST = "comments of the original file are not carried over; compare it with the result before --write"
_OWN_HEADER = "(`python main.py migrate "  # in the first line an earlier step of migrate wrote


@dataclass
class Migration:
    config: dict[str, Any]
    changes: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    # What synth would reject in the result (config problems, one line each): decisions the file cannot be written
    # without, so `migrate --write` writes nothing while there are any.
    blocking: list[str] = field(default_factory=list)
    # The runbook of the 0.31 -> 1.x upgrade for this file (convert.upgrade_path), one line each.
    steps: list[str] = field(default_factory=list)
    header: str | None = None
    original: str | None = None  # the source file's text: its comments and formatting are kept where they can be

    def text(self, source: Path) -> str:
        header = self.header or (
            f"# Migrated from Karpenter 0.31 (v1alpha5) to {self.config['karpenter']['version']} (v1) by "
            f"`python main.py migrate {source.name}`.\n"
        )
        kept = self.kept_text(source)
        return header + (kept if kept is not None else dump_config(self.config))

    def kept_text(self, source: Path) -> str | None:
        """The source file rewritten to the new config with the comments and formatting of the lines that do not
        change (convert.round_trip), when that reads back as exactly the new config; else None."""
        from karpenter_tenants.convert.round_trip import rewritten

        if self.original is None:
            return None
        original = self.original
        first, _, rest = original.partition("\n")
        if first.startswith("#") and _OWN_HEADER in first:
            original = rest  # the header of an earlier step: this step writes its own
        text = rewritten(original, copy.deepcopy(self.config))
        if text is None:
            return None
        try:
            if load_single(text, str(source))[1] != self.config:
                return None
        except (InputError, ValueError):
            return None
        return text


def parse_pools(values: list[str] | None) -> dict[str, list[str]]:
    """`--pools TENANT=A,B` options -> {TENANT: [A, B]}; MigrationRefused for one not of that shape."""
    found: dict[str, list[str]] = {}
    for value in values or []:
        name, _, members = value.partition("=")
        listed = [m.strip() for m in members.split(",") if m.strip()]
        if not name or not listed or not RFC1123_LABEL.fullmatch(name) or len(name) > 63:
            raise MigrationRefused(
                f"--pools {value}: write --pools TENANT=A,B: the 0.31 tenants A, B (Provisioners named TENANT-<pool>) "
                "become the pools of tenant TENANT, an RFC 1123 label"
            )
        if name in found:
            raise MigrationRefused(f"--pools {value}: tenant {name} is given twice: list all its pools in one --pools")
        found[name] = listed
    return found


def _has_tenant_defaults(source: Path) -> bool:
    """Whether the cluster file (already loaded without errors) has a tenantDefaults section."""
    from karpenter_tenants.config.tenant_defaults import KEY
    from karpenter_tenants.config.yaml_input import load_document, read_text

    data = load_document(read_text(source), str(source)).data
    return isinstance(data, dict) and data.get(KEY) is not None


def migrate(
    source: Path, target: str | None = None, step: str | None = None, pools: dict[str, list[str]] | None = None
) -> Migration:
    """Raises ConfigError for an invalid file and MigrationRefused for an impossible combination. step: one of the
    repository's states of the upgrade path (convert.upgrade_path.STEPS), or None for the 1.x file at once. pools:
    tenants of the 0.31 file (one Provisioner each) to make the pools of one 1.x tenant ({tenant: [0.31 tenants]})."""
    from karpenter_tenants.convert.upgrade_path import UPGRADE_STOP, runbook, text

    loaded = load_cluster_file(source, display_name=str(source))
    upgrading = loaded.config.karpenter.upgrading_from
    if pools and step == "finish":
        raise MigrationRefused(
            "--pools: --step finish keeps the tenants of the 1.0 stop, whose pools --step stop wrote"
        )
    if pools and loaded.config.generation is Generation.V1ALPHA5:
        _check_pools(source, loaded.config, pools)
    if step != "prepare" and _has_tenant_defaults(source):
        raise MigrationRefused(
            f"{source}: tenantDefaults: migrate rewrites each tenant's fields and does not rewrite tenantDefaults yet; "
            "move its fields into the tenants (or take them out for the migration) and migrate again"
        )
    if step == "prepare" or step == "finish":
        migration = (_prepare if step == "prepare" else _finish)(source, loaded.config, target)
    else:
        if step == "stop":
            if upgrading is None:
                raise MigrationRefused(
                    f"{source}: --step stop follows --step prepare (karpenter.upgradingFrom, whose upgrade policy "
                    "terraform/ must have applied before the controller left 0.31): run that step first"
                )
            if target is not None and target != UPGRADE_STOP and not target.startswith("1.0."):
                raise MigrationRefused(
                    f"--to {target}: --step stop goes to the 1.0 stop (1.0.x, default {UPGRADE_STOP})"
                )
            target = target or UPGRADE_STOP
        elif upgrading is not None:
            raise MigrationRefused(
                f"{source}: karpenter.upgradingFrom is set: the cluster is on the upgrade path; go on with "
                "--step stop (on 0.31) or --step finish (at 1.0)"
            )
        migration = _convert(source, loaded, target, pools or {})
        if step == "stop":
            migration.header = (
                f"# The 1.0 stop of the Karpenter 0.31 -> 1.x upgrade path (`python main.py migrate "
                f"{source.name} --step stop`).\n"
            )
        else:
            migration.decisions.append(
                "a running 0.31 cluster cannot take this file at once: walk the upgrade path with --step prepare, "
                "stop and finish (docs/upgrade-031.md, the steps below); plan fails a pull request that skips it"
            )
    migration.steps = text(runbook(source.as_posix(), source.stem, loaded.config, pools or {}))
    migration.blocking = synth_problems(migration, source)
    if migration.kept_text(source) is not None:
        migration.decisions = [d for d in migration.decisions if d != COMMENTS_LOST]
        migration.decisions.append("comments and formatting of the lines that do not change are kept")
    return migration


def _prepare(source: Path, config: ClusterFile, target: str | None) -> Migration:
    if config.generation is not Generation.V1ALPHA5:
        raise MigrationRefused(
            f"{source}: --step prepare starts from Karpenter 0.31; this file is on {config.karpenter.version}"
        )
    if config.karpenter.upgrading_from is not None:
        raise MigrationRefused(f"{source}: already prepared (karpenter.upgradingFrom); the next step is --step stop")
    if target is not None:
        raise MigrationRefused("--to: --step prepare keeps the version; give --to with --step finish")
    original = read_text(source)
    migration = Migration(copy.deepcopy(load_single(original, str(source))[1]), original=original)
    version = config.karpenter.version
    migration.config["karpenter"] = _with_key_after(migration.config["karpenter"], "version", "upgradingFrom", version)
    migration.header = (
        f"# On the Karpenter 0.31 -> 1.x upgrade path (`python main.py migrate {source.name} --step prepare`).\n"
    )
    migration.changes.append(
        f"karpenter.upgradingFrom: {version}: aws.json adds iam.upgrade_controller_policy for the 0.32-1.0 controllers; "
        "the manifests do not change"
    )
    migration.decisions.append(COMMENTS_LOST)
    return migration


def _finish(source: Path, config: ClusterFile, target: str | None) -> Migration:
    version = config.karpenter.parsed_version
    if config.karpenter.upgrading_from is None or (version.major, version.minor) != (1, 0):
        raise MigrationRefused(
            f"{source}: --step finish ends the upgrade path at its 1.0 stop (karpenter.version 1.0.x with "
            f"upgradingFrom); this file is on {version}{'' if config.karpenter.upgrading_from else ' without upgradingFrom'}"
        )
    target = target or str(reference_version(Generation.V1))
    try:
        goal = KarpenterVersion.parse(target)
    except ValueError as error:
        raise MigrationRefused(f"--to {target}: {error}") from None
    if goal.generation is not Generation.V1 or (goal.major, goal.minor) == (1, 0):
        raise MigrationRefused(f"--to {target}: --step finish goes past the 1.0 stop, to 1.1 or later")
    _kubernetes_first(config, goal)
    original = read_text(source)
    migration = Migration(copy.deepcopy(load_single(original, str(source))[1]), original=original)
    karpenter = migration.config["karpenter"]
    karpenter["version"] = str(goal)
    karpenter.pop("upgradingFrom", None)
    migration.header = (
        f"# Karpenter {goal}, past the 1.0 stop (`python main.py migrate {source.name} --step finish`).\n"
    )
    migration.changes += [
        f"karpenter.version: {version} -> {goal}: merge after the stored versions are v1 (1.1+ serves v1 only)",
        "karpenter.upgradingFrom removed: aws.json drops iam.upgrade_controller_policy",
    ]
    migration.decisions.append(COMMENTS_LOST)
    return migration


def _with_key_after(mapping: dict[str, Any], after: str, key: str, value: Any) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for name, item in mapping.items():
        if name != key:
            result[name] = item
        if name == after:
            result[key] = value
    return result


def _convert(source: Path, loaded: LoadedCluster, target: str | None, pools: dict[str, list[str]]) -> Migration:
    target = target or str(reference_version(Generation.V1))
    try:
        version = KarpenterVersion.parse(target)
    except ValueError as error:
        raise MigrationRefused(f"--to {target}: {error}") from None
    if version.generation is not Generation.V1:
        raise MigrationRefused(f"--to {target}: migrate goes to Karpenter 1.x (v1 APIs); {target} is not 1.x")
    if loaded.config.generation is not Generation.V1ALPHA5:
        raise MigrationRefused(
            f"{source}: karpenter.version is {loaded.config.karpenter.version}, already on the v1 APIs; "
            "migrate converts 0.31 (v1alpha5) configs"
        )
    _kubernetes_first(loaded.config, version)
    original = read_text(source)  # load_cluster_file has read it without errors
    migration = Migration(copy.deepcopy(load_single(original, str(source))[1]), original=original)
    config = migration.config
    cluster_name = loaded.config.cluster.name
    old_version = config["karpenter"]["version"]
    config["karpenter"]["version"] = str(version)
    migration.changes.append(f"karpenter.version: {old_version} -> {version} (NodePool + EC2NodeClass)")
    default_profile = config["karpenter"].pop("defaultInstanceProfile", None)
    if default_profile is not None:
        migration.changes.append(
            f"karpenter.defaultInstanceProfile {default_profile} removed: 1.x creates each node class's instance "
            "profile from its role"
        )
    for tenant in config.get("tenants") or []:
        _tenant(tenant, cluster_name, migration)
    if pools:
        label = (config.get("tenancy") or {}).get("labelKey", TENANT_LABEL)
        config["tenants"] = _grouped(source, config["tenants"], pools, cluster_name, label, migration)
    if "identity" not in config["karpenter"]:
        # 1.x defaults to EKS Pod Identity, which needs an association first: the upgrade changes one thing.
        config["karpenter"]["identity"] = "irsa"
        migration.decisions.append(
            "karpenter.identity: irsa written: the controller keeps its IRSA role through the upgrade (1.x defaults "
            "to podIdentity, which needs terraform/'s pod identity association first); switch afterwards if wanted"
        )
    migration.decisions.append(COMMENTS_LOST)
    return migration


def synth_problems(migration: Migration, source: Path) -> list[str]:
    """The problems synth's loader finds in the migrated file, read as synth reads it (a file of the same name in
    a scratch folder, reported under the source's name): empty when the result synthesizes."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="migrate-") as scratch:
        path = Path(scratch) / source.name
        try:
            path.write_text(migration.text(source), encoding="utf-8")
        except OSError:
            # No room for the scratch copy (a full disk, a file size limit): writing the result fails the same way
            # and says so (`cannot write ...`); printing it needs no check that could not run.
            return []
        try:
            load_cluster_file(path, display_name=f"{source} (migrated)")
        except ConfigError as error:
            return [str(problem) for problem in error.problems]
    return []


def _kubernetes_first(config: ClusterFile, target: KarpenterVersion) -> None:
    """Refuse when the cluster's Kubernetes version is outside the target release's compatibility table
    (upstream's), saying which Kubernetes version to move to first."""
    kubernetes, current = config.cluster.kubernetes_version, config.karpenter.parsed_version
    wanted, now = supported_kubernetes(target), supported_kubernetes(current)
    if wanted is None:
        raise MigrationRefused(
            f"--to {target}: Karpenter's compatibility table as this product carries it ({COMPATIBILITY_FILE.name}) "
            f"lists releases up to {newest_listed_line()}, not {target}: migrate to a listed release"
        )
    if kubernetes in wanted:
        return
    assert now is not None  # the loaded config passed the same check for its own release
    low = max(minor_key(wanted.minimum), minor_key(now.minimum))
    high = min(minor_key(wanted.maximum), minor_key(now.maximum))
    if low > high:
        step = (
            f"no Kubernetes version is supported by both {current} ({now}) and {target} ({wanted}): migrate to a "
            f"Karpenter release whose range meets both first"
        )
    else:
        both = "{}.{}".format(*low) if low == high else "{}.{} to {}.{}".format(*low, *high)
        step = (
            f"upgrade the cluster to Kubernetes {both} first (supported by both {current} and {target}), set "
            "cluster.kubernetesVersion, then migrate"
        )
    raise MigrationRefused(
        f"cluster.kubernetesVersion {kubernetes}: Karpenter {target} supports Kubernetes {wanted} (upstream's compatibility table, config/compatibility.json); "
        + step
    )


def _tenant(tenant: dict[str, Any], cluster: str, migration: Migration) -> None:
    name = tenant["name"]
    changes, decisions = migration.changes, migration.decisions
    profile = tenant.pop("instanceProfile", None)
    role = naming.name("node_role", cluster, name)
    if profile is not None and profile != naming.name("instance_profile", cluster, name):
        decisions.append(
            f"tenant {name}: instanceProfile {profile} -> nodeRole {role} (terraform/ creates it); if the nodes must "
            f"keep the role inside {profile}, set nodeRole to that role's name"
        )
    changes.append(f"tenant {name}: instanceProfile {profile or '(cluster default)'} -> nodeRole {role} (naming rule)")

    ami = tenant.setdefault("ami", {})
    family = ami.get("family", "AL2")
    if "selectorTerms" not in ami:
        ami.pop("family", None)
        if family not in ALIAS_OF_FAMILY:
            decisions.append(
                f"tenant {name}: amiFamily {family} has no alias in Karpenter 1.x: give ami.selectorTerms and family "
                f"(in the 0.31 file: ami.selectorTerms naming the AMIs its nodes run now, then migrate again), or "
                f"choose a family that has one (ami.family AL2023, Bottlerocket, ...)"
            )
            ami["family"] = family
        else:
            ami["alias"] = f"{ALIAS_OF_FAMILY[family]}@latest"
            changes.append(f"tenant {name}: amiFamily {family} -> amiSelectorTerms alias {ami['alias']}")
            decisions.append(
                f"tenant {name}: pin the AMI version (ami.alias {ALIAS_OF_FAMILY[family]}@vYYYYMMDD): @latest replaces "
                "the nodes on every AMI release"
            )
    else:
        changes.append(f"tenant {name}: amiSelector -> amiSelectorTerms (with amiFamily {family})")
    if family == "Custom":
        decisions.append(
            f"tenant {name}: amiFamily Custom: Karpenter 1.x registers nodes with the taint "
            "karpenter.sh/unregistered:NoExecute and removes it once the node is initialized; Custom user data must "
            "add it itself (e.g. kubelet --register-with-taints=karpenter.sh/unregistered:NoExecute), or the nodes "
            'never become ready for Karpenter (v1 migration guide, "amiSelectorTerms and amiFamily")'
        )
    if family == "Ubuntu" and "selectorTerms" in ami:
        changes.append(
            f"tenant {name}: amiFamily Ubuntu -> AL2 user data with Ubuntu's /dev/sda1 root disk (Karpenter 1.x has "
            "no Ubuntu family; v1 migration guide)"
        )

    disruption = tenant.setdefault("disruption", {})
    if disruption.setdefault("consolidationPolicy", "WhenEmptyOrUnderutilized") == "WhenEmptyOrUnderutilized":
        disruption.setdefault("consolidateAfter", "0s")
        changes.append(
            f"tenant {name}: consolidation.enabled -> consolidationPolicy WhenEmptyOrUnderutilized, consolidateAfter "
            f"{disruption['consolidateAfter']}"
        )
    else:
        changes.append(
            f"tenant {name}: ttlSecondsAfterEmpty -> consolidationPolicy WhenEmpty, consolidateAfter "
            f"{disruption.get('consolidateAfter', '1m')}"
        )
    expire = disruption.get("expireAfter", "720h")
    changes.append(f"tenant {name}: ttlSecondsUntilExpired -> expireAfter {expire}")
    if "kubelet" in tenant:
        changes.append(f"tenant {name}: kubeletConfiguration -> EC2NodeClass kubelet")

    requirements = tenant.setdefault("requirements", {})
    for requirement in requirements.get("extra", []):
        if requirement.get("key") == "karpenter.sh/provisioner-name":
            requirement["key"] = "karpenter.sh/nodepool"
            changes.append(f"tenant {name}: requirement karpenter.sh/provisioner-name -> karpenter.sh/nodepool")
    if requirements.get("defaults") is False:
        _write_out_v1alpha5_defaults(name, requirements, changes)

    devices = tenant.get("blockDevices")
    if devices and not any(d.get("rootVolume") for d in devices):
        decisions.append(f"tenant {name}: mark the root device of blockDevices with rootVolume: true")
    changes.append(f"tenant {name}: nodes get no public IP address (associatePublicIPAddress: false)")


def _write_out_v1alpha5_defaults(name: str, requirements: dict[str, Any], changes: list[str]) -> None:
    """v1alpha5's webhook defaulted these when absent; v1beta1 dropped the defaulting."""
    extra = requirements.setdefault("extra", [])
    keys = {r["key"] for r in extra}
    if requirements.get("instanceTypes"):  # import writes exact instance types as the typed list
        keys.add("node.kubernetes.io/instance-type")
    defaults = [
        ("karpenter.sh/capacity-type", "In", ["on-demand"]),
        ("kubernetes.io/arch", "In", ["amd64"]),
        ("kubernetes.io/os", "In", ["linux"]),
    ]
    if not keys & INSTANCE_TYPE_KEYS:
        defaults += [
            ("karpenter.k8s.aws/instance-category", "In", ["c", "m", "r"]),
            ("karpenter.k8s.aws/instance-generation", "Gt", ["2"]),
        ]
    for key, operator, values in defaults:
        if key not in keys:
            extra.append({"key": key, "operator": operator, "values": values})
            changes.append(f"tenant {name}: v1alpha5 implicit default written out: {key} {operator} {values}")


def _check_pools(source: Path, config: ClusterFile, pools: dict[str, list[str]]) -> None:
    """--pools against the 0.31 file: every tenant listed once and named `<tenant>-<pool>` (the NodePool 0.32
    converts its Provisioner to keeps its name as the pool's), the grouped tenant's name not another tenant's."""
    names = {tenant.name for tenant in config.tenants}
    problems, seen = [], {}
    for group, members in pools.items():
        if group in names:
            problems.append(
                f"--pools {group}=...: {source} has a tenant {group} already: name the tenant of the pools "
                "otherwise, or list that tenant as one of them (renamed {group}-<pool> first)"
            )
        for member in members:
            if member not in names:
                problems.append(
                    f"--pools {group}=...: {source} has no tenant {member} (it has {', '.join(sorted(names))})"
                )
            elif member in seen:
                problems.append(
                    f"--pools: tenant {member} is listed for {seen[member]} and for {group}: a node pool is "
                    "one tenant's"
                )
            elif not member.startswith(f"{group}-") or not RFC1123_LABEL.fullmatch(member[len(group) + 1 :]):
                problems.append(
                    f"--pools {group}=...: tenant {member} is not named {group}-<pool>: at 0.32 its Provisioner becomes "
                    f"NodePool {member}, which the 1.0 stop updates in place by name, while pool <pool> of {group} is "
                    f"NodePool {group}-<pool>: rename the tenant {group}-<pool> in the 0.31 file first (a new "
                    "Provisioner: its nodes are replaced), or leave it out of --pools"
                )
            seen.setdefault(member, group)
    if problems:
        raise MigrationRefused("\n  ".join(["the tenants given to --pools cannot be grouped:", *problems]))


def _grouped(
    source: Path,
    tenants: list[dict[str, Any]],
    pools: dict[str, list[str]],
    cluster: str,
    label: str,
    migration: Migration,
) -> list[dict[str, Any]]:
    """The converted tenants with each --pools group made one tenant whose pools they are, at its first member's
    place: the pools keep their requirements, limits, weight, disruption, labels and taints; everything else is
    the tenant's one EC2NodeClass and isolation, which the members must agree on (namespaces are joined)."""
    group_of = {member: group for group, members in pools.items() for member in members}
    by_name = {tenant["name"]: tenant for tenant in tenants}
    problems, result, done = [], [], set()
    for tenant in tenants:
        group = group_of.get(tenant["name"])
        if group is None:
            result.append(tenant)
            continue
        if group in done:
            continue
        done.add(group)
        members = [by_name[m] for m in pools[group]]
        first = members[0]
        merged: dict[str, Any] = {"name": group}
        for key, value in first.items():
            if key not in (*POOL_KEYS, "name", "namespaces"):
                merged[key] = value
        for other in members[1:]:
            for key in dict.fromkeys([*first, *other]):
                if key in (*POOL_KEYS, "name", "namespaces") or first.get(key) == other.get(key):
                    continue
                problems.append(
                    f"--pools {group}: tenants {first['name']} and {other['name']} differ in {key} ({first.get(key)!r} "
                    f"vs {other.get(key)!r}): a tenant's pools share its one EC2NodeClass and isolation: make them equal "
                    "in the 0.31 file, or leave one out of --pools"
                )
        namespaces = list(dict.fromkeys(n for m in members for n in m.get("namespaces") or []))
        if namespaces:
            merged = {"name": group, "namespaces": namespaces, **{k: v for k, v in merged.items() if k != "name"}}
        merged["pools"] = [
            {"name": m["name"][len(group) + 1 :], **{k: m[k] for k in POOL_KEYS if k in m}} for m in members
        ]
        names = ", ".join(m["name"] for m in members)
        migration.changes.append(
            f"tenants {names} -> tenant {group} with pools {', '.join(p['name'] for p in merged['pools'])}: NodePools "
            f"{names} (the Provisioners' names; each one's weight, requirements, limits and disruption kept) on one "
            f"EC2NodeClass {group}, node role {naming.name('node_role', cluster, group)} (naming rule)"
            + (f", namespaces {', '.join(namespaces)}" if namespaces else "")
        )
        migration.decisions.append(
            f"tenant {group}: its nodes are labelled {label}: {group} (and tainted {label}={group}:NoSchedule "
            f"when dedicated) instead of {names}: pods that select or tolerate those must select {label}: {group} "
            "(and tolerate its taint) before the new nodes replace the old"
        )
        migration.decisions.append(
            f"tenant {group}: NodePools {names} move to EC2NodeClass {group} (from the EC2NodeClasses of their names): "
            "Karpenter replaces their nodes (drift) once the change is applied; then delete the old EC2NodeClasses "
            f"(kubectl delete ec2nodeclass {' '.join(m['name'] for m in members)})"
        )
        result.append(merged)
    if problems:
        raise MigrationRefused(
            "\n  ".join([f"{source}: the tenants given to --pools cannot be one tenant:", *problems])
        )
    return result
