"""The IAM rules of a cluster file: existing IAM, shared node roles and the boundary as AWS and isolation need them. A
node role is never the controller role nor another spelt alike but for case (IAM names are unique regardless of
case), two tenants share one only where iam.sharedNodeRoles says so and the role is an existing one, every existing
role or profile listed is one the file names, and every ARN is in the cluster's account and partition; and the
organisation's rules the file declares: iam.createRoles false (terraform/ creates no role, so every role is an existing
one) and iam.passRole (every node role inside its ARN pattern, the controller role outside it).

Each rule is a function of the loaded ClusterFile returning its problems as (path, message) pairs; iam_problems runs
IAM_RULES in order and returns them all (every problem at once). To add a rule: write a function like these and
append it to IAM_RULES (its place in the tuple is the order its messages come in among the IAM rules'; the loader
then sorts a file's problems by line). config.loader runs them on each file that passed the schema.

Imports config only."""

from __future__ import annotations

from collections.abc import Callable

from karpenter_tenants.config import naming
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.rules import PathKey, Problem
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.iam import arn_like, pass_role_pattern, role_name_of
from karpenter_tenants.config.versions import Generation

IamRule = Callable[[ClusterFile], list[Problem]]


def _v1(config: ClusterFile) -> bool:
    return config.generation is Generation.V1


def _controller(config: ClusterFile) -> str:
    return resolve(config).controller_role_name


def _tenants_of(config: ClusterFile) -> dict[str, list[tuple[int, str, str]]]:
    """Each node role (lower case) and the tenants on it: (index, tenant name, node role as the file spells it)."""
    tenants_of: dict[str, list[tuple[int, str, str]]] = {}
    for index, tenant in enumerate(config.tenants):
        node_role = resolve(config).node_role(tenant)
        tenants_of.setdefault(node_role.lower(), []).append((index, tenant.name, node_role))
    return tenants_of


def _moving_roles(config: ClusterFile) -> set[str]:
    """The node roles of clusterAutoscaler.nodeGroups (lower case): their tenants take them over, one pull request at a
    time, so iam may list them first."""
    moving = config.cluster_autoscaler
    return {g.node_role.lower() for g in moving.node_groups if g.node_role} if moving is not None else set()


def _existing(config: ClusterFile) -> set[str]:
    return {name.lower() for name in resolve(config).existing_roles}


def arn_problems(path: PathKey, role: str, partition: str, account: str) -> list[Problem]:
    """An existing role given by ARN must be in the cluster's partition and account (Karpenter passes it to the
    cluster's EC2 instances)."""
    if not role.startswith("arn:"):
        return []
    parts = role.split(":")
    if parts[1] != partition:
        return [
            (
                path,
                f"{role!r} is in partition {parts[1]!r}, the cluster's region in {partition!r}: write it "
                f"as 'arn:{partition}:iam::...'",
            )
        ]
    if parts[4] != account:
        return [
            (
                path,
                f"{role!r} is in account {parts[4]}, not the cluster's ({account}): nodes and the controller "
                "use roles of the cluster's account",
            )
        ]
    return []


def node_role_is_not_the_controller(config: ClusterFile) -> list[Problem]:
    """A tenant's node role is not the controller role: its nodes would get the controller's permissions."""
    found: list[Problem] = []
    controller = _controller(config)
    for index, tenant in enumerate(config.tenants):
        node_role = resolve(config).node_role(tenant)
        path: PathKey = ("tenants", index, "nodeRole" if _v1(config) else "instanceProfile")
        if node_role.lower() == controller.lower():
            found.append(
                (
                    path,
                    f"{node_role!r} is the controller role (IAM names are unique regardless of case): "
                    "nodes would get the controller's permissions; give the tenant a node role of its own",
                )
            )
    return found


def tenants_share_a_node_role_only_where_allowed(config: ClusterFile) -> list[Problem]:
    """Two tenants' node roles are one role only if spelt alike and (1.x) listed in iam.sharedNodeRoles."""
    found: list[Problem] = []
    shared = {name.lower() for name in config.iam.shared_node_roles}
    for key, users in _tenants_of(config).items():
        first = users[0]
        for index, tenant_name, node_role in users[1:]:
            path: PathKey = ("tenants", index, "nodeRole")
            if tenant_name == first[1]:
                continue  # a duplicate tenant name, reported as such
            if node_role != first[2]:
                found.append(
                    (
                        path,
                        f"{node_role!r} and tenant {first[1]}'s {first[2]!r} differ only in case, and IAM "
                        "role names are unique regardless of case: they are one role; spell it one way",
                    )
                )
            elif _v1(config) and key not in shared:
                found.append(
                    (
                        path,
                        (
                            f"tenant {tenant_name} shares node role {node_role!r} with tenant {first[1]}: their nodes would "
                            "have one AWS identity; give each tenant its own role, or list the role in iam.sharedNodeRoles "
                            "(and iam.existing.roles) to allow it"
                        ),
                    )
                )
    return found


def shared_node_roles_are_existing_tenant_roles(config: ClusterFile) -> list[Problem]:
    """Each of iam.sharedNodeRoles is a tenant's node role, and an existing one (terraform/ does not own it)."""
    found: list[Problem] = []
    tenants_of, existing = _tenants_of(config), _existing(config)
    for position, role in enumerate(config.iam.shared_node_roles):
        path: PathKey = ("iam", "sharedNodeRoles", position)
        if role.lower() not in tenants_of and role.lower() not in _moving_roles(config):
            found.append((path, f"{role!r} is no tenant's nodeRole: remove it, or fix the name"))
        elif role.lower() not in existing:
            found.append(
                (
                    path,
                    (
                        f"a shared node role outlives each tenant that uses it, so terraform/ does not own one: create "
                        f"{role!r} outside terraform/ and list it in iam.existing.roles"
                    ),
                )
            )
    return found


def existing_roles_spelt_as_listed(config: ClusterFile) -> list[Problem]:
    """IAM names are unique regardless of case, but aws.json and terraform/ match existing names exactly: every name
    the file uses for an existing role is spelt as iam.existing lists it."""
    found: list[Problem] = []
    spelt = {name.lower(): name for name in resolve(config).existing_roles}
    uses: list[tuple[PathKey, str]] = [(("karpenter", "controllerRole"), _controller(config))] + [
        (("tenants", index, "nodeRole"), resolve(config).node_role(t))
        for index, t in enumerate(config.tenants)
        if _v1(config)
    ]
    uses += [(("iam", "sharedNodeRoles", position), role) for position, role in enumerate(config.iam.shared_node_roles)]
    for path, name in uses:
        listed = spelt.get(name.lower())
        if listed is not None and listed != name:
            found.append(
                (
                    path,
                    f"{name!r} is the existing role {listed!r} (IAM names are unique regardless of case): "
                    f"spell it {listed!r}, as iam.existing lists it",
                )
            )
    return found


def default_node_role_is_its_own(config: ClusterFile) -> list[Problem]:
    """(0.31) The role of the default instance profile is neither the controller role nor one terraform/ creates for
    a tenant."""
    found: list[Problem] = []
    iam, controller = config.iam, _controller(config)
    default = resolve(config).default_node_role
    if not _v1(config) and default is not None:
        path: PathKey = ("iam", "defaultNodeRole") if iam.default_node_role else ("karpenter", "defaultInstanceProfile")
        if default.lower() == controller.lower():
            found.append(
                (
                    path,
                    f"{default!r}, the role of the default instance profile, is the controller role: nodes "
                    "on it would get the controller's permissions; give it a role of its own",
                )
            )
        elif (
            iam.default_node_role is not None
            and default not in resolve(config).existing_roles
            and default.lower()
            in {
                resolve(config).node_role(t).lower()
                for t in config.tenants
                if not resolve(config).on_default_profile(t)
            }
        ):
            found.append(
                (
                    path,
                    f"{default!r}, the role of the default instance profile, is also a tenant's node role: "
                    "terraform/ would create it twice; give the default profile a role of its own",
                )
            )
    return found


def controller_arn_is_the_clusters(config: ClusterFile) -> list[Problem]:
    """karpenter.controllerRole.arn is in the cluster's account, and is the ARN iam.existing.roles lists for it."""
    found: list[Problem] = []
    cluster, controller = config.cluster, _controller(config)
    controller_arn = config.karpenter.controller_role.arn
    if controller_arn is not None:
        if controller_arn.split(":")[4] != cluster.account_id:  # (its partition is checked with the names)
            found.append(
                (
                    ("karpenter", "controllerRole", "arn"),
                    (
                        f"{controller_arn!r} is in account {controller_arn.split(':')[4]}, not the cluster's "
                        f"({cluster.account_id}): terraform/ creates or reads the controller role in the cluster's account"
                    ),
                )
            )
        existing_arn = resolve(config).existing_roles.get(controller)
        listed_arn = next(
            (r for r in config.iam.existing.roles if r.startswith("arn:") and role_name_of(r) == controller), None
        )
        if existing_arn is not None and listed_arn is not None and listed_arn != controller_arn:
            found.append(
                (
                    ("karpenter", "controllerRole", "arn"),
                    (
                        f"{controller_arn!r} is not iam.existing.roles' {listed_arn!r}: one role has one ARN; write the same"
                    ),
                )
            )
    return found


def existing_roles_are_named_once(config: ClusterFile) -> list[Problem]:
    """Each of iam.existing.roles is listed once, is the controller role or a tenant's node role, and (by ARN) is in
    the cluster's partition and account."""
    found: list[Problem] = []
    v1, cluster = _v1(config), config.cluster
    partition = naming.partition(cluster.region)
    named = {_controller(config).lower(), *_tenants_of(config), *_moving_roles(config)}
    default = resolve(config).default_node_role
    if not v1 and default is not None:  # 0.31: the role of the default instance profile (iam.defaultNodeRole)
        named.add(default.lower())
    seen_existing: dict[str, int] = {}
    for position, role in enumerate(config.iam.existing.roles):
        path: PathKey = ("iam", "existing", "roles", position)
        name = role_name_of(role)
        if name.lower() in seen_existing:
            found.append(
                (
                    path,
                    f"{name!r} is listed twice (also iam.existing.roles[{seen_existing[name.lower()]}]): list "
                    "each role once, by name or by its one ARN",
                )
            )
        seen_existing.setdefault(name.lower(), position)
        if name.lower() not in named:
            found.append(
                (
                    path,
                    (
                        f"{name!r} is neither karpenter.controllerRole nor a tenant's nodeRole"
                        + ("" if v1 else " nor iam.defaultNodeRole")
                        + (
                            ""
                            if v1
                            else " (on 0.31 a node role comes with its instance profile: list the profile in "
                            "iam.existing.instanceProfiles)"
                        )
                        + ": remove it, or fix the name"
                    ),
                )
            )
        found += arn_problems(path, role, partition, cluster.account_id)
    return found


def roles_with_access_entries_are_existing_node_roles(config: ClusterFile) -> list[Problem]:
    """Each of iam.existing.withAccessEntry is a tenant's node role that terraform/ does not create (an existing one)."""
    found: list[Problem] = []
    node_roles = {resolve(config).node_role(t).lower() for t in config.tenants} | _moving_roles(config)
    default = resolve(config).default_node_role
    if default is not None:
        node_roles.add(default.lower())
    existing = _existing(config)
    for position, role in enumerate(config.iam.existing.with_access_entry):
        path: PathKey = ("iam", "existing", "withAccessEntry", position)
        if role.lower() not in node_roles:
            found.append((path, f"{role!r} is no tenant's node role: remove it, or fix the name"))
        elif role.lower() not in existing:
            found.append(
                (
                    path,
                    f"{role!r} is a node role terraform/ creates (with its access entry): list it in "
                    "iam.existing.roles if it exists, or remove it here",
                )
            )
    return found


def existing_instance_profiles_fit(config: ClusterFile) -> list[Problem]:
    """iam.existing.instanceProfiles is 0.31's; each is one the file names, whose role is not the controller's and
    (by ARN) is in the cluster's partition and account."""
    found: list[Problem] = []
    iam, cluster = config.iam, config.cluster
    partition = naming.partition(cluster.region)
    if iam.existing.instance_profiles and _v1(config):
        found.append(
            (
                ("iam", "existing", "instanceProfiles"),
                (
                    "instance profiles are Karpenter 0.31's: 1.x creates them from each tenant's nodeRole; list existing "
                    "roles in iam.existing.roles instead"
                ),
            )
        )
    elif iam.existing.instance_profiles:
        used = {config.karpenter.default_instance_profile, *(t.instance_profile for t in config.tenants)}
        for profile, role in iam.existing.instance_profiles.items():
            path: PathKey = ("iam", "existing", "instanceProfiles", profile)
            if profile not in used:
                found.append(
                    (
                        path,
                        f"{profile!r} is neither karpenter.defaultInstanceProfile nor a tenant's "
                        "instanceProfile: remove it, or fix the name",
                    )
                )
            if role_name_of(role).lower() == _controller(config).lower():
                found.append((path, f"{role!r} is the controller role: nodes would get the controller's permissions"))
            found += arn_problems(path, role, partition, cluster.account_id)
    return found


def boundary_in_the_clusters_partition(config: ClusterFile) -> list[Problem]:
    """iam.permissionsBoundary is in the partition of cluster.region."""
    partition = naming.partition(config.cluster.region)
    boundary = config.iam.permissions_boundary
    if boundary is not None and boundary.split(":")[1] != partition:
        return [
            (
                ("iam", "permissionsBoundary"),
                (
                    f"{boundary!r} is in partition {boundary.split(':')[1]!r} but cluster.region {config.cluster.region} is in "
                    f"{partition!r}: write it as 'arn:{partition}:iam::...'"
                ),
            )
        ]
    return []


def default_node_role_fits(config: ClusterFile) -> list[Problem]:
    """iam.defaultNodeRole is set only on 0.31 with a karpenter.defaultInstanceProfile terraform/ creates."""
    iam = config.iam
    if iam.default_node_role is None:
        return []
    profile = config.karpenter.default_instance_profile
    if _v1(config) or profile is None:
        return [
            (
                ("iam", "defaultNodeRole"),
                (
                    "the role of karpenter.defaultInstanceProfile, a 0.31 setting"
                    + ("" if _v1(config) else " this file does not set")
                    + ": remove it"
                ),
            )
        ]
    if profile in iam.existing.instance_profiles:
        return [
            (
                ("iam", "defaultNodeRole"),
                (
                    f"{profile!r} is an existing instance profile, whose role iam.existing.instanceProfiles gives: "
                    "remove iam.defaultNodeRole"
                ),
            )
        ]
    return []


# --- the organisation's IAM rules: no role created by terraform/ (iam.createRoles), the PassRole scope (iam.passRole) ---


def _node_roles(config: ClusterFile) -> list[tuple[PathKey, str, str]]:
    """(path, whose, role name) of every node role the file gives: each tenant's, then the 0.31 default profile's."""
    v1 = config.generation is Generation.V1
    found: list[tuple[PathKey, str, str]] = [
        (
            ("tenants", index, "nodeRole" if v1 else "instanceProfile"),
            f"tenant {tenant.name}",
            resolve(config).node_role(tenant),
        )
        for index, tenant in enumerate(config.tenants)
    ]
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
        found.append(
            (
                ("karpenter", "controllerRole"),
                (
                    f"the controller role {controller!r} is not in iam.existing.roles, and {rule}: create it outside Terraform "
                    "and list it in iam.existing.roles (set karpenter.controllerRole to its name or ARN)"
                ),
            )
        )
    v1 = config.generation is Generation.V1
    for path, whose, role in _node_roles(config):
        if role in existing:
            continue
        written = (
            path[0] == "tenants"
            and (config.tenants[int(path[1])].node_role if v1 else config.tenants[int(path[1])].instance_profile)
            is not None
        )
        if path[0] != "tenants":
            fix = "create it outside Terraform and list it in iam.existing.roles"
        elif not v1:
            fix = (
                f"give it an instance profile that exists (tenants[{path[1]}].instanceProfile, listed with its role in "
                "iam.existing.instanceProfiles)"
            )
        elif written:
            fix = "create it outside Terraform (if it does not exist yet) and list it in iam.existing.roles"
        else:
            fix = (
                f"create its role outside Terraform, set tenants[{path[1]}].nodeRole to its name and list it in "
                "iam.existing.roles"
            )
        found.append(
            (
                path,
                (
                    f"{whose}'s node role {role!r} is not an existing one"
                    if written or path[0] != "tenants"
                    else f"{whose} has no existing node role (the default name would be {role!r})"
                )
                + f", and {rule}: {fix}",
            )
        )
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
        arn = (
            existing.get(role)
            or f"arn:{naming.partition(cluster.region)}:iam::{cluster.account_id}:role{scope.path}{role}"
        )
        if arn_like(pattern, arn):
            continue
        if role in existing and scope.path != "/" and not arn_like(f"*:role{scope.path}*", arn):
            fix = (
                f"list it in iam.existing.roles by its ARN, which must be at path {scope.path}"
                if not any(r.startswith("arn:") and r.endswith(f"/{role}") for r in config.iam.existing.roles)
                else "give it a role at that path"
            )
        else:
            fix = f"give it a role whose name starts with {scope.name_prefix!r}"
        found.append(
            (
                path,
                f"{whose}'s node role {arn!r} does not match iam.passRole's {pattern!r}: the controller "
                f"could not pass it to EC2 and its nodes would never launch; {fix}",
            )
        )
    controller = resolve(config).controller_role_arn
    if arn_like(pattern, controller) or arn_like(pattern.lower(), controller.lower()):
        found.append(
            (
                ("iam", "passRole"),
                (
                    f"the controller role {controller!r} matches {pattern!r}: the controller could pass its own role to EC2, "
                    "and pods on such a node would get its permissions; choose a namePrefix or path the controller role is "
                    "outside of"
                ),
            )
        )
    return found


# Every IAM rule, in the order their messages come. Add a new rule here.
IAM_RULES: tuple[IamRule, ...] = (
    node_role_is_not_the_controller,
    tenants_share_a_node_role_only_where_allowed,
    shared_node_roles_are_existing_tenant_roles,
    existing_roles_spelt_as_listed,
    default_node_role_is_its_own,
    controller_arn_is_the_clusters,
    existing_roles_are_named_once,
    roles_with_access_entries_are_existing_node_roles,
    existing_instance_profiles_fit,
    boundary_in_the_clusters_partition,
    default_node_role_fits,
    no_role_created,
    pass_role_scope,
)


def iam_problems(config: ClusterFile) -> list[Problem]:
    """The problems of every rule of IAM_RULES, in that order."""
    return [problem for rule in IAM_RULES for problem in rule(config)]
