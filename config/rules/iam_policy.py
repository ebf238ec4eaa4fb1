"""The organisation's IAM rules a cluster file declares in `iam`: no role created by terraform/ (iam.createRoles
false: every role must be an existing one) and the PassRole scope (iam.passRole: every node role inside the ARN
pattern, the controller role outside it). Each rule returns (path, message) pairs, at the line a user fixes.

Run by config.loader as the last of config.rules.iam.IAM_RULES. Imports config only."""

from __future__ import annotations

from config import naming
from config.resolved import resolve
from config.schema.cluster_file import ClusterFile
from config.schema.iam import arn_like, pass_role_pattern
from config.versions import Generation

Problem = tuple[tuple[str | int, ...], str]


def _node_roles(config: ClusterFile) -> list[tuple[tuple[str | int, ...], str, str]]:
    """(path, whose, role name) of every node role the file gives: each tenant's, then the 0.31 default profile's."""
    v1 = config.generation is Generation.V1
    found: list[tuple[tuple[str | int, ...], str, str]] = [
        (("tenants", index, "nodeRole" if v1 else "instanceProfile"), f"tenant {tenant.name}", resolve(config).node_role(tenant))
        for index, tenant in enumerate(config.tenants)]
    default = resolve(config).default_node_role
    if not v1 and default is not None:
        path = ("iam", "defaultNodeRole") if config.iam.default_node_role else ("karpenter", "defaultInstanceProfile")
        found.append((path, "the default instance profile", default))
    return found


def no_role_created(config: ClusterFile) -> list[Problem]:
    """iam.createRoles false: terraform/ creates no IAM role, so the controller role and every node role are listed
    in iam.existing.roles (or, on 0.31, come with an existing instance profile)."""
    if config.iam.create_roles:
        return []
    existing = resolve(config).existing_roles
    rule = "iam.createRoles is false (terraform/ creates no IAM role)"
    found: list[Problem] = []
    controller = resolve(config).controller_role_name
    if controller not in existing:
        found.append((("karpenter", "controllerRole"), (
            f"the controller role {controller!r} is not in iam.existing.roles, and {rule}: create it outside Terraform "
            "and list it in iam.existing.roles (set karpenter.controllerRole to its name or ARN)")))
    v1 = config.generation is Generation.V1
    for path, whose, role in _node_roles(config):
        if role in existing:
            continue
        written = path[0] == "tenants" and (config.tenants[int(path[1])].node_role if v1 else
                                            config.tenants[int(path[1])].instance_profile) is not None
        if path[0] != "tenants":
            fix = "create it outside Terraform and list it in iam.existing.roles"
        elif not v1:
            fix = (f"give it an instance profile that exists (tenants[{path[1]}].instanceProfile, listed with its role in "
                   "iam.existing.instanceProfiles)")
        elif written:
            fix = "create it outside Terraform (if it does not exist yet) and list it in iam.existing.roles"
        else:
            fix = (f"create its role outside Terraform, set tenants[{path[1]}].nodeRole to its name and list it in "
                   "iam.existing.roles")
        found.append((path, (f"{whose}'s node role {role!r} is not an existing one" if written or path[0] != "tenants"
                             else f"{whose} has no existing node role (the default name would be {role!r})")
                      + f", and {rule}: {fix}"))
    return found


def pass_role_scope(config: ClusterFile) -> list[Problem]:
    """iam.passRole: the controller may pass exactly the roles matching its ARN pattern, so every node role matches
    (else its nodes never launch) and the controller role does not (else nodes could be given its permissions)."""
    scope = config.iam.pass_role
    if scope is None:
        return []
    cluster = config.cluster
    pattern = pass_role_pattern(scope, naming.partition(cluster.region), cluster.account_id)
    existing = resolve(config).existing_roles
    found: list[Problem] = []
    for path, whose, role in _node_roles(config):
        arn = existing.get(role) or f"arn:{naming.partition(cluster.region)}:iam::{cluster.account_id}:role{scope.path}{role}"
        if arn_like(pattern, arn):
            continue
        if role in existing and scope.path != "/" and not arn_like(f"*:role{scope.path}*", arn):
            fix = (f"list it in iam.existing.roles by its ARN, which must be at path {scope.path}"
                   if not any(r.startswith("arn:") and r.endswith(f"/{role}") for r in config.iam.existing.roles)
                   else "give it a role at that path")
        else:
            fix = f"give it a role whose name starts with {scope.name_prefix!r}"
        found.append((path, f"{whose}'s node role {arn!r} does not match iam.passRole's {pattern!r}: the controller "
                            f"could not pass it to EC2 and its nodes would never launch; {fix}"))
    controller = resolve(config).controller_role_arn
    if arn_like(pattern, controller) or arn_like(pattern.lower(), controller.lower()):
        found.append((("iam", "passRole"), (
            f"the controller role {controller!r} matches {pattern!r}: the controller could pass its own role to EC2, "
            "and pods on such a node would get its permissions; choose a namePrefix or path the controller role is "
            "outside of")))
    return found


def organisation_problems(config: ClusterFile) -> list[Problem]:
    return no_role_created(config) + pass_role_scope(config)
