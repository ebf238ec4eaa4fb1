"""Every object in dist/ is accepted: core kinds by the Kubernetes schemas of the cluster's version,
CRD kinds by their CRD's schema from ../shared; every folder builds with kubectl kustomize."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLE_DIST, kustomize_build, objects

from karpenter_tenants.checks.validate import ObjectValidator
from karpenter_tenants.config.loader import LoadedCluster


def test_every_example_object_validates_against_its_schema(
    shared: Path, examples: list[LoadedCluster], example_files: dict[str, str]
) -> None:
    found = []
    checked: set[str] = set()
    for cluster in examples:
        validator = ObjectValidator(shared, cluster.config.cluster.kubernetes_version)
        for path, obj in objects(example_files).items():
            if path.startswith(f"{cluster.key}/"):
                found += validator.check(obj, path)
                checked.add(f"{obj['apiVersion']} {obj['kind']}")
    assert found == []
    assert checked == {
        "v1 Namespace",
        "v1 ConfigMap",
        "v1 ServiceAccount",
        "v1 ResourceQuota",
        "v1 PodTemplate",
        "autoscaling.x-k8s.io/v1beta1 CapacityBuffer",
        "networking.k8s.io/v1 NetworkPolicy",
        "rbac.authorization.k8s.io/v1 ClusterRole",
        "rbac.authorization.k8s.io/v1 ClusterRoleBinding",
        "flowcontrol.apiserver.k8s.io/v1 FlowSchema",
        "flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema",
        "argoproj.io/v1alpha1 Application",
        "admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy",
        "admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyBinding",
        "source.toolkit.fluxcd.io/v1 OCIRepository",
        "helm.toolkit.fluxcd.io/v2 HelmRelease",
        "kustomize.toolkit.fluxcd.io/v1 Kustomization",
        "karpenter.sh/v1 NodePool",
        "karpenter.sh/v1alpha1 NodeOverlay",
        "karpenter.k8s.aws/v1 EC2NodeClass",
        "karpenter.sh/v1alpha5 Provisioner",
        "karpenter.k8s.aws/v1alpha1 AWSNodeTemplate",
    }


def test_the_schema_check_rejects_an_unknown_field_and_a_wrong_type(
    shared: Path, example_files: dict[str, str]
) -> None:
    pool = yaml.safe_load(example_files["acme/tenants/alpha/nodepool-alpha.yaml"])
    pool["spec"]["template"]["spec"]["nodeClassRefs"] = {}
    pool["spec"]["weight"] = "heavy"
    messages = [(f.path, f.message) for f in ObjectValidator(shared, "1.33").check(pool)]
    assert messages == [
        ("spec.template.spec", "Additional properties are not allowed ('nodeClassRefs' was unexpected)"),
        ("spec.weight", "'heavy' is not of type 'integer'"),
    ]


def test_the_core_check_is_strict_about_unknown_fields(shared: Path) -> None:
    account = {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "x", "annotation": {}}}
    [finding] = ObjectValidator(shared, "1.33").check(account)
    assert (finding.layer, finding.path) == ("core", "metadata")
    assert "'annotation' was unexpected" in finding.message


def test_int_or_string_fields_accept_both(shared: Path, example_files: dict[str, str]) -> None:
    template = yaml.safe_load(example_files["acme-legacy/tenants/alpha/awsnodetemplate-alpha.yaml"])
    validator = ObjectValidator(shared, "1.28")
    for size in (100, "100Gi"):
        template["spec"]["blockDeviceMappings"][0]["ebs"]["volumeSize"] = size
        assert validator.check(template) == []


def kustomize_folders() -> list[Path]:
    return sorted(p.parent for p in (EXAMPLE_DIST).rglob("kustomization.yaml"))


@pytest.mark.parametrize("folder", kustomize_folders(), ids=lambda p: str(p.relative_to(EXAMPLE_DIST)))
def test_every_dist_folder_builds_with_kubectl_kustomize(folder: Path) -> None:
    built = kustomize_build(folder)
    files = [p for p in folder.glob("*.yaml") if p.name != "kustomization.yaml"]
    assert len(built) == len(files) > 0
