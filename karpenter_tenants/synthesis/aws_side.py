"""The AWS side of one cluster, resolved: dist/<key>/aws.json, the Terraform module's only input.

Every name the manifests reference (controller role, node roles, instance profiles, queue, service
account, namespace, discovery tags) and the facts Terraform needs beside them (account, region, its
partition, OIDC provider, Karpenter generation, the controller's identity and its pod identity
association) are resolved here, once, from the config model, and so are the IAM policy documents that grant
on them (synthesis/iam_policies.py): the module in terraform/ reads this file with jsondecode and computes no
name and no policy of its own, so the names it creates are the names the manifests use by construction.

Not a Kubernetes object: it sits at dist/<key>/aws.json, a folder no applier builds, and no
kustomization.yaml lists it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from karpenter_tenants.config import naming
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.iam import role_name_of
from karpenter_tenants.config.versions import Generation
from karpenter_tenants.config.yaml_input import InputError, read_text
from karpenter_tenants.objects.common import PRODUCT
from karpenter_tenants.synthesis.iam_policies import iam_documents, node_role_arn, pass_role_scope, queue_arn

FILE_NAME = "aws.json"
# terraform/ refuses another format (variable aws_file's validation), so module and generator move together.
# 2: the controller's identity (irsa or podIdentity) and its pod identity association; 3: the IAM policy
# documents (synthesis/iam_policies.py) and the queue's ARN; 4: existing IAM (existing_roles,
# existing_instance_profiles, controller_role.create) and iam_options (permissions boundary, attaching to existing);
# 5: the organisation's IAM rules (iam_options create_roles, pass_role, node_role_path, existing_node_access_entries),
# node_role_arns and policy_names; 6: iam_options existing_node_roles_with_access_entry (the existing node roles
# that have their access entry already).
FORMAT = 6
DEFAULT_ROLE_KEY = "(default)"  # node_roles key of the 0.31 default instance profile's role
CONTROLLER_POLICY = "karpenter-controller"  # the controller role's inline policy


def policy_names(config: ClusterFile, pass_policies: int) -> dict[str, Any]:
    """The names of the policies terraform/ puts on the controller role: its inline policy, the customer managed
    PassRole policies (one per document of iam.pass_node_roles) and the upgrade path's (null off the path)."""
    role = resolve(config).controller_role_name
    return {
        "controller_policy": CONTROLLER_POLICY,
        "pass_node_roles": [f"{role}-pass-node-roles-{index}" for index in range(pass_policies)],
        "upgrade_controller_policy": f"{role}-upgrade-path" if config.karpenter.upgrading_from else None,
    }


def _controller_role(config: ClusterFile) -> dict[str, Any]:
    arn = resolve(config).controller_role_arn
    resource = arn.split(":", 5)[5]  # role/<path><name>
    path = "/" + resource.split("/", 1)[1].rsplit("/", 1)[0] + "/" if resource.count("/") > 1 else "/"
    name = resolve(config).controller_role_name
    # create: false for an existing role (iam.existing.roles), which terraform/ reads but neither creates nor owns.
    return {"arn": arn, "create": name not in resolve(config).existing_roles, "name": name, "path": path}


def aws_side(config: ClusterFile, source_name: str) -> dict[str, Any]:
    """What terraform/ creates for the cluster, every name resolved (source_name: the cluster file's name)."""
    cluster, karpenter, resolved = config.cluster, config.karpenter, resolve(config)
    partition = naming.partition(cluster.region)
    v1 = config.generation is Generation.V1
    tenants = resolved.tenants  # by name, node role and instance profile resolved (a cluster-wide part's: its facts)
    # Every tenant has a node role on both generations (0.31 puts it in the tenant's instance profile), except 0.31
    # tenants without a profile of their own: they start with the cluster's default one, whose role is added once.
    node_roles = {t.name: t.node_role for t in tenants if not resolved.on_default_profile(t)}
    instance_profiles: dict[str, str] = {}
    default_profile = None
    if not v1:
        instance_profiles = {t.name: t.instance_profile for t in tenants if t.instance_profile is not None}
        if karpenter.default_instance_profile is not None:
            default_profile = karpenter.default_instance_profile
            node_roles[DEFAULT_ROLE_KEY] = resolved.default_node_role or ""
    oidc = cluster.oidc_provider
    oidc_arn = f"arn:{partition}:iam::{cluster.account_id}:oidc-provider/{oidc}" if oidc else None
    identity = karpenter.identity_mode
    documents = iam_documents(config, node_roles, oidc_arn)
    association = (
        {
            "cluster_name": cluster.name,
            "namespace": karpenter.namespace,
            "service_account": karpenter.service_account,
            "role_arn": resolved.controller_role_arn,
        }
        if identity == "podIdentity"
        else None
    )
    return {
        "_generated": f"by {PRODUCT} from clusters/{source_name}; do not edit (run `python main.py`)",
        "format": FORMAT,
        "cluster": {
            "account_id": cluster.account_id,
            "kubernetes_version": cluster.kubernetes_version,
            "name": cluster.name,
            "oidc_provider": oidc,
            "oidc_provider_arn": oidc_arn,
            "partition": partition,
            "region": cluster.region,
        },
        "karpenter": {
            "generation": config.generation.value,
            "identity": identity,
            "namespace": karpenter.namespace,
            "service_account": karpenter.service_account,
            # The 0.31 release a cluster on the upgrade path came from (karpenter.upgradingFrom), else null.
            "upgrading_from": karpenter.upgrading_from,
            "version": karpenter.version,
        },
        "controller_role": _controller_role(config),
        # EKS Pod Identity: the association terraform/ creates (null under IRSA, where the ServiceAccount's
        # eks.amazonaws.com/role-arn annotation names the role instead).
        "pod_identity_association": association,
        "interruption_queue": resolved.interruption_queue,
        # What the policies name as the queue; terraform/ requires the queue it creates to have this ARN.
        "interruption_queue_arn": queue_arn(config),
        "interruption_rules": {
            key: naming.name("interruption_rule", cluster.name, rule=key)
            for key in naming.interruption_rules(config.generation.value)
        },
        "discovery_tags": dict(resolved.discovery_tags),
        "tenants": [t.name for t in tenants],
        "node_roles": node_roles,
        "instance_profiles": instance_profiles,
        "default_instance_profile": default_profile,
        # IAM that exists already (iam.existing): terraform/ reads it (failing the plan if it is missing or trusts
        # the wrong principal) and neither creates nor owns it. Roles by name -> ARN (the path AWS has them at);
        # 0.31 instance profiles by name -> the role they hold.
        "existing_roles": {
            name: arn
            for name, arn in sorted(resolved.existing_roles.items())
            if name == resolved.controller_role_name or name in node_roles.values()
        },
        "existing_instance_profiles": {
            profile: role_name_of(role) for profile, role in sorted(config.iam.existing.instance_profiles.items())
        },
        # Every node role's ARN (an existing one's as listed; a created one's at node_role_path).
        "node_role_arns": {name: node_role_arn(config, name) for name in sorted(set(node_roles.values()))},
        "iam_options": {
            "attach_policies_to_existing": config.iam.existing.attach_policies,
            "permissions_boundary": config.iam.permissions_boundary,
            # iam.createRoles: false means every role is an existing one; terraform/ refuses to create any.
            "create_roles": config.iam.create_roles,
            # iam.existing.accessEntries (default: on 1.x): terraform/ creates existing node roles' access entries.
            "existing_node_access_entries": (
                config.iam.existing.access_entries if config.iam.existing.access_entries is not None else v1
            ),
            # iam.existing.withAccessEntry: those terraform/ creates no access entry for (they have theirs).
            "existing_node_roles_with_access_entry": sorted(config.iam.existing.with_access_entry),
            # iam.passRole: the role ARN pattern the controller may pass to EC2 (null: one ARN per node role), and
            # the path terraform/ creates node roles at.
            "pass_role": pass_role_scope(config),
            "node_role_path": config.iam.pass_role.path if config.iam.pass_role is not None else "/",
        },
        # Every IAM policy document terraform/ attaches, computed here (terraform/ only jsonencode()s them).
        "iam": documents,
        "policy_names": policy_names(config, len(documents["pass_node_roles"])),
    }


def aws_json(config: ClusterFile, source_name: str) -> str:
    """The file's text: sorted keys, two-space indentation, a trailing newline; the same bytes every run."""
    return json.dumps(aws_side(config, source_name), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


class AwsFileError(Exception):
    """dist/<key>/aws.json is missing, unreadable, or not what synth would write for the cluster file."""


def read_aws_file(path: Path, config: ClusterFile, source_name: str) -> dict[str, Any]:
    """The committed aws.json of a cluster (what terraform/ applied), checked current against the cluster file."""
    try:
        text = read_text(path)
    except FileNotFoundError:
        raise AwsFileError(
            f"{path}: not found; run `python main.py` to write it (and apply terraform/ with it)"
        ) from None
    except OSError as error:
        raise AwsFileError(f"{path}: cannot read: {error.strerror}") from None
    except InputError as error:
        raise AwsFileError(str(error)) from None
    if text != aws_json(config, source_name):
        raise AwsFileError(
            f"{path} is not what clusters/{source_name} gives (stale or edited): run `python main.py`, "
            "`terraform apply` with the new file, then compare again"
        )
    outputs: dict[str, Any] = json.loads(text)
    return outputs
