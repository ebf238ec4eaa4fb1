"""The 0.31 -> 1.x upgrade as the product drives it: the ordered steps, which ones are commits of this repository
(each a cluster file synth accepts), which are `terraform apply` of dist/<key>/aws.json, which happen in the cluster
outside the repository. `migrate --step` writes the repository's states; docs/upgrade-031.md is the long form.

Upstream's path (karpenter.sh v0.32 "v1beta1 Migration", v1.0 "v1 Migration"): 0.31 -> 0.32 (serves v1alpha5 and
v1beta1: NodePools and EC2NodeClasses are created and the nodes rolled onto them) -> 0.33-0.37 (v1beta1 only) ->
1.0 (v1, v1beta1 converted by webhooks; the mandatory stop) -> stored versions migrated to v1 -> 1.1+ (v1 only).
The product generates v1alpha5 (0.31) and v1 (1.x): the appliers stay suspended from the first controller upgrade
until the repository says 1.0.x."""

from __future__ import annotations

from dataclasses import dataclass

from karpenter_tenants.config.gitops_engines import ENGINES, root_file, root_name
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.gitops import gitops_namespace
from karpenter_tenants.kinds.gitops.stages import install_stages

# The 1.0 stop: the newest 1.0 patch, whose CRDs and karpenter-crd chart (with the conversion webhook) are in the
# reference data (../shared/karpenter-upgrade-path/v1.0.14).
UPGRADE_STOP = "1.0.14"
# The last 0.32 and 0.37 patches: the 0.32 line serves both APIs; 0.37.8's CRDs carry the v1 schemas 1.0 needs.
V0_32 = "0.32.10"
V0_37 = "0.37.8"
STEPS = ("prepare", "stop", "finish")
KARPENTER_CRDS = ("nodepools.karpenter.sh", "nodeclaims.karpenter.sh", "ec2nodeclasses.karpenter.k8s.aws")
RAW = "https://raw.githubusercontent.com/aws/karpenter-provider-aws"
# 0.32's CRDs, both generations (upstream's v1beta1 migration guide, step 5).
V0_32_CRDS = (
    "karpenter.sh_provisioners",
    "karpenter.sh_machines",
    "karpenter.k8s.aws_awsnodetemplates",
    "karpenter.sh_nodepools",
    "karpenter.sh_nodeclaims",
    "karpenter.k8s.aws_ec2nodeclasses",
)


def _crds(version: str, namespace: str) -> str:
    """The karpenter-crd chart's CRDs with the conversion webhook pointing at the controller's namespace, applied
    without a Helm release (which would refuse CRDs it does not own; `adopt` hands them to it later)."""
    return (
        f"helm template karpenter-crd oci://public.ecr.aws/karpenter/karpenter-crd --version {version} --namespace "
        f"{namespace} --set webhook.enabled=true --set webhook.serviceName=karpenter --set webhook.port=8443 | "
        "kubectl apply --server-side --force-conflicts -f -"
    )


@dataclass(frozen=True)
class Step:
    where: str  # "repository" (a commit), "terraform" (terraform apply) or "cluster" (outside the repository)
    what: str
    commands: tuple[str, ...] = ()

    def lines(self, number: int) -> list[str]:
        return [f"step {number} [{self.where}]: {self.what}", *(f"    {command}" for command in self.commands)]


def _suspend(key: str, config: ClusterFile, verb: str, gone: tuple[str, ...] = ()) -> tuple[str, ...]:
    """gone: tenants whose stages the resumed root prunes (the 1.0 stop made them another tenant's pools)."""
    engine = ENGINES[config.gitops.engine]
    if not engine.has_appliers:  # nothing syncs dist/: nothing to suspend; resuming is applying the stages in order
        if verb == "suspend":
            return (f"# gitops.engine {engine.name}: nothing syncs dist/, nothing to suspend",)
        return tuple(
            engine.apply_stage(f"{key}/{stage.chart.chart if stage.chart else stage.folder}")
            for stage in install_stages(config)
            if stage.tenant not in gone
        )
    appliers = [root_name(key), *(f"{key}-{stage.id}" for stage in install_stages(config) if stage.tenant not in gone)]
    # the engine's own commands (its facts): one with {name} for each applier, the root first; any other once
    commands = engine.suspend_commands if verb == "suspend" else engine.resume_commands
    values = {
        "namespace": gitops_namespace(config.gitops),
        "karpenter_namespace": config.karpenter.namespace,
        "root_file": root_file(key, engine),
    }
    return tuple(
        line
        for command in commands
        for line in (
            [command.format(name=name, **values) for name in appliers]
            if "{name}" in command
            else [command.format(**values)]
        )
    )


def runbook(file: str, key: str, config: ClusterFile, pools: dict[str, list[str]] | None = None) -> list[Step]:
    """Every step from a running 0.31 cluster to 1.x, for this cluster file (on 0.31, or on the path). pools: the
    0.31 tenants the 1.0 stop makes one tenant's pools (`migrate --pools`)."""
    namespace, cluster = config.karpenter.namespace, config.cluster.name
    pools = pools or {}
    grouping = "".join(f" --pools {group}={','.join(members)}" for group, members in pools.items())
    regrouped = "".join(
        f"; tenant {group}'s pools: NodePools {', '.join(members)} keep their names and move to EC2NodeClass {group} "
        f"(its nodes labelled {config.tenancy.label_key}: {group}): Karpenter replaces their nodes (drift) once they are applied"
        for group, members in pools.items()
    )
    members = [member for group in pools.values() for member in group]
    by_tenant = {tenant.name: tenant for tenant in config.tenants}
    # Their roles terraform/ created (an existing role is not terraform's to delete, nor the runbook's)
    roles = [
        r
        for r in dict.fromkeys(
            resolve(config).node_role(by_tenant[m])
            for m in members
            if m in by_tenant and not resolve(config).on_default_profile(by_tenant[m])
        )
        if r not in resolve(config).existing_roles
    ]  # the default profile's role stays: other tenants use it
    # The grouped tenants' 0.31 roles stay until the drift has moved their nodes: terraform forgets them (their
    # created role, its policy attachments and access entry) instead of deleting them under running nodes.
    keep_roles = (
        (
            f"terraform -chdir=terraform state list | grep -E '^aws_(iam_role|iam_role_policy_attachment|"
            f"eks_access_entry)\\.node\\[\"({'|'.join(members)})( [^\"]*)?\"\\]$' | xargs -r -d '\\n' "
            "terraform -chdir=terraform state rm  # the regrouped pools' roles: kept until their nodes moved",
        )
        if members
        else ()
    )
    old_classes = (
        *(
            f"kubectl delete ec2nodeclass {' '.join(group)}  # 0.32's, of {name}'s pools: returns once the drift "
            "replaced their nodes"
            for name, group in pools.items()
        ),
        *(
            f"aws iam list-attached-role-policies --role-name {role} --query 'AttachedPolicies[].PolicyArn' --output text | "
            f"xargs -r -n1 aws iam detach-role-policy --role-name {role} --policy-arn && aws eks delete-access-entry "
            f"--cluster-name {cluster} --principal-arn {resolve(config).role_arn(role)}; "
            f"aws iam delete-role --role-name {role}"
            for role in roles
        ),
    )
    roles = ", ".join(f"{t.name}: {resolve(config).node_role(t)}" for t in config.sorted_tenants())
    apply = ("terraform -chdir=terraform plan -out=tfplan", "terraform -chdir=terraform apply tfplan")
    return [
        Step(
            "repository",
            "karpenter.upgradingFrom: aws.json adds iam.upgrade_controller_policy (what the 0.32-1.0 "
            "controllers need; the 0.31 policy allows only karpenter.sh/provisioner-name tags); manifests unchanged",
            (
                f"python main.py migrate {file} --step prepare --write",
                "python main.py",
                "python main.py plan",
                f"git add {file} dist/{key} && git commit -m 'karpenter {key}: prepare the 0.31 -> 1.x upgrade'",
            ),
        ),
        Step("terraform", "apply before any controller upgrade: it only adds the policy (nothing is deleted)", apply),
        Step(
            "cluster",
            "suspend the appliers: the HelmRelease pins 0.31 and would roll the controller back, the node "
            "pool stages would re-create the Provisioners",
            _suspend(key, config, "suspend"),
        ),
        Step(
            "cluster",
            f"Karpenter {V0_32} (serves v1alpha5 and v1beta1): its CRDs, the controller (its chart's values "
            "moved in 0.32: upstream's v1beta1 upgrade reference), a v1beta1 NodePool and EC2NodeClass named after "
            f"each tenant (karpenter-convert; role {roles}), then roll every node off the Provisioners and delete "
            "them once no Machine is left (upstream's v1beta1 migration guide)",
            (
                *(f"kubectl apply --server-side -f {RAW}/v{V0_32}/pkg/apis/crds/{name}.yaml" for name in V0_32_CRDS),
                f"helm upgrade karpenter oci://public.ecr.aws/karpenter/karpenter --version v{V0_32} -n {namespace} "
                "--reuse-values",
                "kubectl get machines  # must say: No resources found",
                "kubectl delete provisioners --all && kubectl delete awsnodetemplates --all",
            ),
        ),
        Step(
            "cluster",
            f"Karpenter {V0_37} (v1beta1 only; its CRDs carry the v1 schemas and the conversion webhook 1.0 "
            "needs): the CRDs rendered from the karpenter-crd chart for the controller's namespace and applied (the "
            "karpenter-crd release takes them over at `adopt`), then the controller; read each minor's upgrade notes "
            "on the way",
            (
                _crds(V0_37, namespace),
                f"helm upgrade karpenter oci://public.ecr.aws/karpenter/karpenter --version "
                f"{V0_37} -n {namespace} --reuse-values",
            ),
        ),
        Step(
            "cluster",
            f"the mandatory 1.0 stop, {UPGRADE_STOP}: its CRDs first (v1 stored, v1beta1 served through the "
            "conversion webhook), then the controller, which serves the webhook",
            (
                _crds(UPGRADE_STOP, namespace),
                f"helm upgrade karpenter oci://public.ecr.aws/karpenter/karpenter --version "
                f"{UPGRADE_STOP} -n {namespace} --reuse-values",
            ),
        ),
        Step(
            "repository",
            f"the 1.0 stop in the repository: karpenter.version {UPGRADE_STOP}, NodePool + EC2NodeClass of "
            "the same names (they update the converted objects in place), upgradingFrom kept; aws.json: the 1.x "
            "policy beside the upgrade policy, the 0.31 instance profiles and default role removed (no node uses "
            f"them since the roll at 0.32){regrouped}",
            (
                f"python main.py migrate {file} --step stop{grouping} --write",
                "python main.py",
                f"python main.py fetch-reference {UPGRADE_STOP}  # validate and verify read the pinned release's chart",
                "python main.py plan",
                f"git add {file} dist/{key} && git commit -m 'karpenter {key}: the 1.0 stop'",
            ),
        ),
        Step(
            "terraform",
            "apply once the commit is merged: nodes left on the 0.31 instance profiles lose their "
            "credentials, so `kubectl get machines` must have said none first"
            + (
                "; the regrouped pools' node roles are taken out of terraform's state first (their nodes keep them "
                "until the drift)"
                if members
                else ""
            ),
            (*keep_roles, *apply),
        ),
        Step(
            "cluster",
            "hand the CRDs to the karpenter-crd release and the objects to their appliers (docs/adopt.md), "
            "then resume: the appliers now apply what runs"
            + (
                "; the root prunes the regrouped tenants' node pool appliers (suspended: their objects stay) and "
                "creates their tenant's; the regrouped pools' nodes are replaced (drift), then their old "
                "EC2NodeClasses and node roles are deleted by hand"
                if members
                else ""
            ),
            (
                f"python main.py adopt {key} --format sh > adopt-{key}.sh",
                f"bash adopt-{key}.sh",
                *_suspend(key, config, "resume", tuple(members)),
                *old_classes,
            ),
        ),
        Step(
            "cluster",
            "migrate the stored versions to v1 before 1.1+ (which serves only v1 and drops the webhooks): "
            "rewrite every object, then record v1 as the only stored version",
            (
                *(f"kubectl get {crd} -o json | kubectl replace -f -" for crd in KARPENTER_CRDS),
                *(
                    f"kubectl patch crd {crd} --subresource=status --type=merge -p "
                    '\'{"status":{"storedVersions":["v1"]}}\''
                    for crd in KARPENTER_CRDS
                ),
            ),
        ),
        Step(
            "repository",
            f"finish: karpenter.version 1.x (1.1+), upgradingFrom removed; aws.json drops the upgrade "
            f"policy. Merge after the stored-version migration; Flux / Argo CD upgrade the controller from {cluster}'s "
            "repository from here on",
            (
                f"python main.py migrate {file} --step finish --write",
                "python main.py",
                "python main.py plan",
                f"git add {file} dist/{key} && git commit -m 'karpenter {key}: 1.x'",
            ),
        ),
        Step(
            "terraform",
            "apply after the 1.x controller runs (the upgrade policy is only the 0.32-1.0 controllers')",
            apply,
        ),
    ]


def text(steps: list[Step]) -> list[str]:
    return [line for number, step in enumerate(steps, 1) for line in step.lines(number)]
