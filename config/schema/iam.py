"""The `iam` section: existing roles and instance profiles, shared node roles, boundary, name prefix; and IAM's limits
the controller's pass-role policies are sized by.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, field_validator

from config.schema.base import IamRoleName, InstanceProfileName, Model, _shaped, _unique

RoleNameOrArn = Annotated[str, _shaped(
    r"^([\w+=,.@-]{1,64}|arn:aws[a-z-]*:iam::[0-9]{12}:role/([\w+=,.@-]+/)*[\w+=,.@-]{1,64})$",
    "an IAM role name (1-64 of letters, digits and +=,.@_-) or role ARN like 'arn:aws:iam::001234567890:role/name'",
)]
PolicyArn = Annotated[str, _shaped(
    r"^arn:aws[a-z-]*:iam::([0-9]{12}|aws):policy/[\w+=,.@/-]{1,512}$",
    "an IAM policy ARN like 'arn:aws:iam::001234567890:policy/boundary'",
)]
NamePrefix = Annotated[str, _shaped(r"^[\w+=,.@-]{0,32}$", "a name prefix (at most 32 of letters, digits and +=,.@_-)")]


def role_name_of(role: str) -> str:
    """The name of an IAM role given by name or ARN (arn:...:role/<path>/<name>)."""
    return role.rsplit("/", 1)[1] if role.startswith("arn:") else role


class ExistingIam(Model):
    roles: Annotated[list[RoleNameOrArn], AfterValidator(_unique)] = Field(
        default_factory=list,
        description="IAM roles that already exist (the controller role, tenants' node roles, e.g. a managed node "
        "group's role or the getting-started `KarpenterNodeRole-<cluster>`), by name or ARN (an ARN gives the role's "
        "path). terraform/ neither creates nor owns them (it reads them, and checks that they exist and trust the "
        "right principal); it attaches Karpenter's policies to them only with `attachPolicies: true`. Each must be "
        "named by the file. Default none.",
    )
    instance_profiles: dict[InstanceProfileName, RoleNameOrArn] = Field(
        default_factory=dict,
        description="0.31: instance profiles that already exist (e.g. the getting-started "
        "`KarpenterNodeInstanceProfile-<cluster>`), each with the role it holds (the controller may pass only that "
        "role). terraform/ neither creates nor owns them. Each must be `karpenter.defaultInstanceProfile` or a "
        "tenant's `instanceProfile`. Default none.",
    )
    attach_policies: bool = Field(
        default=False,
        description="Whether terraform/ attaches what Karpenter needs to the existing roles: the controller's "
        "policy and its PassRole policies to an existing controller role, the node policies (and "
        "`tenant_extra_policy_arns`) to existing node roles. Default false: you attach them yourself (the module's "
        "output `policies_to_attach` holds the documents; `plan` lists them).",
    )


# Node roles per managed policy that lets the controller pass them to EC2 (synth.iam_policies.pass_node_roles):
# IAM's 6,144 characters per managed policy hold 50 role ARNs.
PASS_ROLE_CHUNK = 50
MANAGED_POLICIES_PER_ROLE = 10  # IAM's default quota of managed policies attached to one role


class IamConfig(Model):
    existing: ExistingIam = Field(default_factory=ExistingIam, description="IAM that terraform/ must not create.")
    shared_node_roles: list[IamRoleName] = Field(
        default_factory=list,
        description="1.x: node roles that several tenants may share (their nodes then have one AWS identity). A "
        "node role two tenants name is a config error unless listed here, and a shared role must be in "
        "`existing.roles` (it outlives any one tenant, so terraform/ does not own it). Default none.",
    )
    permissions_boundary: PolicyArn | None = Field(
        default=None,
        description="Permissions boundary of every IAM role terraform/ creates (as terraform-aws-eks' "
        "`iam_role_permissions_boundary_arn`). Default none.",
    )
    name_prefix: NamePrefix = Field(
        default="",
        description="Prepended to every default IAM name (controller role, node roles, instance profiles), for "
        "accounts whose policies allow creating roles under a prefix only. A fixed prefix, not terraform-aws-eks' "
        "random `name_prefix` suffix: the manifests name the roles. Names written in the file are taken as they "
        "are. Default none.",
    )
    default_node_role: IamRoleName | None = Field(
        default=None,
        description="0.31: name of the role in `karpenter.defaultInstanceProfile` that terraform/ creates (or "
        "adopts with an `import` block, terraform/README.md). Default `<namePrefix>karpenter-node-<cluster>-default`.",
    )

    @field_validator("shared_node_roles")
    @classmethod
    def _shared_once(cls, value: list[str]) -> list[str]:
        return _unique(value)  # type: ignore[return-value]
