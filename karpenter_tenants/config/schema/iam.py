"""The `iam` section: existing roles and instance profiles (and their access entries), shared node roles, boundary, name
prefix, the organisation's rules (createRoles, passRole: the PassRole scope and IAM's matching of its ARN pattern);
and IAM's limits the controller's pass-role policies are sized by.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field, field_validator, model_validator

from karpenter_tenants.config.schema.base import (
    Flag,
    IamRoleName,
    InstanceProfileName,
    Model,
    shaped_text,
    unique_items,
)

RoleNameOrArn = Annotated[
    str,
    shaped_text(
        r"^([\w+=,.@-]{1,64}|arn:aws[a-z-]*:iam::[0-9]{12}:role/([\w+=,.@-]+/)*[\w+=,.@-]{1,64})$",
        "an IAM role name (1-64 of letters, digits and +=,.@_-) or role ARN like 'arn:aws:iam::001234567890:role/name'",
    ),
]
PolicyArn = Annotated[
    str,
    shaped_text(
        r"^arn:aws[a-z-]*:iam::([0-9]{12}|aws):policy/[\w+=,.@/-]{1,512}$",
        "an IAM policy ARN like 'arn:aws:iam::001234567890:policy/boundary'",
    ),
]
NamePrefix = Annotated[
    str, shaped_text(r"^[\w+=,.@-]{0,32}$", "a name prefix (at most 32 of letters, digits and +=,.@_-)")
]
# IAM's path shape (/ or /one/or/more/), without the characters a policy's ARN reads as wildcards (* ?).
IamPath = Annotated[
    str, shaped_text(r"^/([\w+=,.@-]+/)*$", "an IAM path like '/karpenter/acme/' (/ at both ends)", max_length=512)
]
PassRolePrefix = Annotated[
    str, shaped_text(r"^[\w+=,.@-]{1,63}$", "a role name prefix (1-63 of letters, digits and +=,.@_-)")
]


def role_name_of(role: str) -> str:
    """The name of an IAM role given by name or ARN (arn:...:role/<path>/<name>)."""
    return role.rsplit("/", 1)[1] if role.startswith("arn:") else role


class ExistingIam(Model):
    roles: Annotated[list[RoleNameOrArn], AfterValidator(unique_items)] = Field(
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
    access_entries: Flag | None = Field(
        default=None,
        description="Whether terraform/ creates an EKS access entry (type `EC2_LINUX`) for each existing node role, so "
        "its nodes can join the cluster (and deletes it with the role's last tenant). Default true on 1.x, false on "
        "0.31. Set false for roles that have their access already: a managed node group's role (EKS made its access "
        "entry: creating a second one fails the apply) or one mapped in `aws-auth`; `plan` and `check-terraform` then "
        "list each existing node role without an entry from terraform/ and the command that creates one.",
    )
    with_access_entry: Annotated[list[IamRoleName], AfterValidator(unique_items)] = Field(
        default_factory=list,
        description="Existing node roles that already have their EKS access entry (a managed node group's role: EKS "
        "made one; creating a second fails the apply): terraform/ creates none for them, while it still creates one "
        "for every other existing node role under `accessEntries` (so a customer onboarded later on a role of its own "
        "joins without a manual `aws eks create-access-entry`). Each must be a tenant's existing node role. Default "
        "none.",
    )
    attach_policies: Flag = Field(
        default=False,
        description="Whether terraform/ attaches what Karpenter needs to the existing roles: the controller's "
        "policy and its PassRole policies to an existing controller role, the node policies (and "
        "`tenant_extra_policy_arns`) to existing node roles. Default false: you attach them yourself (the module's "
        "output `policies_to_attach` holds the documents; `plan` lists them).",
    )


# Node roles per managed policy that lets the controller pass them to EC2 (synthesis.iam_policies.pass_node_roles):
# IAM's 6,144 characters per managed policy hold 50 role ARNs.
PASS_ROLE_CHUNK = 50
MANAGED_POLICIES_PER_ROLE = 10  # IAM's default quota of managed policies attached to one role


class PassRole(Model):
    """The node roles the controller may pass to EC2, by an ARN pattern instead of one ARN per role."""

    path: IamPath = Field(
        default="/",
        description="IAM path of the node roles: terraform/ creates node roles at this path, existing ones must be "
        "listed by ARN at it (or below it). Default `/`.",
    )
    name_prefix: PassRolePrefix | None = Field(
        default=None,
        description="What every node role's name starts with (e.g. `platform-karpenter-node-acme-`, which the default "
        "names with `iam.namePrefix: platform-` start with). Default none (then `path` must not be `/`).",
    )

    @model_validator(mode="after")
    def _scoped(self) -> PassRole:
        if self.path == "/" and self.name_prefix is None:
            raise ValueError(
                "set namePrefix or a path other than '/': passing every role of the account is not a scope"
            )
        return self


class IamConfig(Model):
    existing: ExistingIam = Field(default_factory=ExistingIam, description="IAM that terraform/ must not create.")
    create_roles: Flag = Field(
        default=True,
        description="Whether terraform/ may create IAM roles. false: it creates none (for accounts where roles are "
        "made elsewhere): the controller role and every tenant's node role must be listed in `existing.roles`, and a "
        "tenant without one is a config error. Default true.",
    )
    pass_role: PassRole | None = Field(
        default=None,
        description="Grant the controller `iam:PassRole` (to EC2 only) on every role whose ARN matches "
        "`arn:<partition>:iam::<account>:role<path><namePrefix>*`, in one policy that stays the same when tenants come "
        "and go (the security team approves it once). Every node role must match it and the controller role must not "
        "(config errors). Default: one ARN per node role, which changes with every tenant.",
    )
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
        return unique_items(value)  # type: ignore[return-value]


def pass_role_pattern(pass_role: PassRole, partition: str, account: str) -> str:
    """The role ARN pattern iam.passRole grants iam:PassRole on: role<path><namePrefix>* (IAM's `*` matches any
    characters, `/` too, so roles below the path match as well)."""
    return f"arn:{partition}:iam::{account}:role{pass_role.path}{pass_role.name_prefix or ''}*"


def arn_like(pattern: str, arn: str) -> bool:
    """IAM's ArnLike / Resource matching of one pattern: `*` any run of characters (`/` included), `?` one
    character, everything else literally and case-sensitively."""
    parts = ("." if c == "?" else ".*" if c == "*" else re.escape(c) for c in pattern)
    return re.fullmatch("".join(parts), arn, re.DOTALL) is not None
