"""The rules config.loader runs beyond the schema: on each file that passed it (FILE_RULES, in order: AWS names, IAM;
the release's Kubernetes range, which reads the reference data's tables, is config.rules.release's), on its file name, and across the files loaded together (ACROSS_FILES, in order: one
file per EKS cluster, AWS names two files' Terraform would both create, Argo CD Applications two files would both
write). A file's rules return (path, message) pairs; a rule across files returns (file, path, message), the file
being the one the problem is reported in. Imports config only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from karpenter_tenants.config.gitops_engines import ENGINES
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.rules import PathKey, Problem, iam, names
from karpenter_tenants.config.schema.base import RFC1123_LABEL
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.stages import applier_names
from karpenter_tenants.config.versions import Generation

# The rules of one file that passed the schema, in the order their messages come (the loader then sorts a file's
# problems by line). The IAM rules are config.rules.iam.IAM_RULES.
FILE_RULES: tuple[Callable[[ClusterFile], list[Problem]], ...] = (
    names.aws_names_fit,
    iam.iam_problems,
    names.default_profile_role_name_fits,
)


def file_problems(config: ClusterFile) -> list[Problem]:
    """The problems of every rule of FILE_RULES, in that order."""
    return [problem for rule in FILE_RULES for problem in rule(config)]


def file_name_problems(stem: str) -> list[Problem]:
    """A cluster file's name (without .yaml) names its dist/ folder: an RFC 1123 label."""
    if not RFC1123_LABEL.fullmatch(stem) or len(stem) > 63:
        return [((), f"file name {stem!r} must be an RFC 1123 label (it names the dist/ folder)")]
    return []


class LoadedFile(Protocol):
    """What the rules across files read of a loaded cluster file (config.loader.LoadedCluster)."""

    @property
    def source(self) -> Path: ...
    @property
    def key(self) -> str: ...
    @property
    def config(self) -> ClusterFile: ...


AcrossProblem = tuple[LoadedFile, PathKey, str]  # (the file it is reported in, path in that file, message)


def same_cluster_twice(loaded: Sequence[LoadedFile]) -> list[AcrossProblem]:
    """Two files for one EKS cluster would install two Karpenters fighting over its nodes."""
    first: dict[tuple[str, str], LoadedFile] = {}
    problems: list[AcrossProblem] = []
    for cluster in loaded:
        identity = (cluster.config.cluster.name, cluster.config.cluster.region)
        if identity in first:
            problems.append(
                (
                    cluster,
                    ("cluster", "name"),
                    (
                        f"cluster {identity[0]} in {identity[1]} is also configured by {first[identity].source}; "
                        "one file per cluster: merge the tenants into one file"
                    ),
                )
            )
        else:
            first[identity] = cluster
    return problems


def aws_names_shared(loaded: Sequence[LoadedFile]) -> list[AcrossProblem]:
    """IAM names are global in an AWS account and queue names per account and region: two cluster files
    whose Terraform would create the same one fail on `terraform apply` (or one takes the other's over)."""
    first: dict[tuple[str, ...], tuple[LoadedFile, str]] = {}
    problems: list[AcrossProblem] = []
    for cluster in loaded:
        config = cluster.config
        account, region = config.cluster.account_id, config.cluster.region
        # (identity, path, the path as the message shows it, what it is)
        named: list[tuple[tuple[str, ...], PathKey, str, str]] = [
            (
                (account, "IAM role", resolve(config).controller_role_name),
                ("karpenter", "controllerRole"),
                "karpenter.controllerRole",
                "the controller role",
            ),
            (
                (account, region, "SQS queue", resolve(config).interruption_queue),
                ("karpenter", "interruptionQueue"),
                "karpenter.interruptionQueue",
                "the queue",
            ),
        ]
        for index, tenant in enumerate(config.tenants):
            if config.generation is Generation.V1:
                named.append(
                    (
                        (account, "IAM role", resolve(config).node_role(tenant)),
                        ("tenants", index, "nodeRole"),
                        f"tenants[{index}].nodeRole",
                        "a node role",
                    )
                )
            elif (profile := resolve(config).instance_profile(tenant)) is not None:
                named.append(
                    (
                        (account, "instance profile", profile),
                        ("tenants", index, "instanceProfile"),
                        f"tenants[{index}].instanceProfile",
                        "an instance profile",
                    )
                )
        existing = {name.lower() for name in resolve(config).existing_roles} | {
            p.lower() for p in config.iam.existing.instance_profiles
        }
        attaches = config.iam.existing.attach_policies
        for identity, path, shown_path, what in named:
            if "SQS queue" not in identity:
                identity = (*identity[:-1], identity[-1].lower())  # IAM names are unique regardless of case
            if identity[-1] in existing and not attaches and what != "the controller role":
                continue  # terraform/ neither creates nor changes it: clusters may share an existing node role
            seen = first.setdefault(identity, (cluster, shown_path))
            if seen[0] is not cluster:
                problems.append(
                    (
                        cluster,
                        path,
                        (
                            f"{what} {identity[-1]!r} is also {seen[0].source}'s ({seen[1]}) in account {account}: "
                            + (
                                "an existing role two clusters' Terraform both attach to (or, for the controller, each "
                                "cluster's policy on one role) is overwritten and detached by the other's runs; give this "
                                "cluster a role of its own"
                                if identity[-1] in existing
                                else "AWS names it once per account, so the two Terraform runs would collide; give this cluster "
                                "its own name"
                            )
                        ),
                    )
                )
    return problems


def applier_names_shared(loaded: Sequence[LoadedFile]) -> list[AcrossProblem]:
    """One instance of an engine that may be a hub (its facts' `hub`: Argo CD) may manage every cluster: their
    appliers share its namespace, so an applier name two cluster files would both write (cluster `a` with a tenant
    `karpenter` and cluster `a-nodepool`: both Applications `a-nodepool-karpenter`) is a config error. Flux runs in
    each EKS cluster: checked per cluster (validate's wiring check)."""
    first: dict[tuple[str, str], LoadedFile] = {}
    problems: list[AcrossProblem] = []
    for cluster in loaded:
        engine = ENGINES[cluster.config.gitops.engine]
        if not engine.hub:
            continue
        for name in applier_names(cluster.key, cluster.config):
            key = (resolve(cluster.config).gitops_namespace, name)
            other = first.setdefault(key, cluster)
            if other is not cluster:
                problems.append(
                    (
                        cluster,
                        ("gitops", "engine"),
                        (
                            f"{engine.synced_by} {engine.applier_kind} {key[0]}/{name} would also be written for "
                            f"{other.source}: one {engine.synced_by} manages both; rename a cluster file or the tenant"
                        ),
                    )
                )
    return problems


# The rules across the files loaded together, in the order their messages come.
ACROSS_FILES: tuple[Callable[[Sequence[LoadedFile]], list[AcrossProblem]], ...] = (
    same_cluster_twice,
    aws_names_shared,
    applier_names_shared,
)


def across_files_problems(loaded: Sequence[LoadedFile]) -> list[AcrossProblem]:
    """The problems of every rule of ACROSS_FILES, in that order."""
    return [problem for rule in ACROSS_FILES for problem in rule(loaded)]
