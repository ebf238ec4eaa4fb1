"""dist/<key>/aws.json, the AWS side terraform/ reads: current for every example cluster, deterministic,
never applied to Kubernetes, and naming exactly what the manifests beside it reference (the IRSA role on
the ServiceAccount, EC2NodeClass roles, AWSNodeTemplate instance profiles, the queue, cluster name and
default instance profile in the Helm values, the discovery tags in the selectors)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, cluster_dict, load

from karpenter_tenants.checks.validate import KUSTOMIZE_FILE
from karpenter_tenants.config.loader import load_clusters
from karpenter_tenants.objects.dist_objects import objects_of
from karpenter_tenants.synthesis.aws_side import FILE_NAME, aws_json
from karpenter_tenants.synthesis.render import read_tree, render_cluster

EXAMPLES = sorted(p.stem for p in (EXAMPLES_DIR).glob("*.yaml"))


def manifests(files: dict[str, str]) -> list[dict[str, Any]]:
    """The Kubernetes objects of one cluster's files (path relative to dist/<key>/)."""
    return [
        document
        for path, text in sorted(files.items())
        if path.endswith(".yaml") and path.rsplit("/", 1)[-1] != KUSTOMIZE_FILE
        for document in yaml.safe_load_all(text)
    ]


def karpenter_values(objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The karpenter chart's values: the Flux HelmRelease's spec.values or the Argo CD Application's valuesObject."""
    [values] = [
        obj["spec"]["values"] if obj["kind"] == "HelmRelease" else obj["spec"]["source"]["helm"]["valuesObject"]
        for obj in objects
        if (obj["kind"] == "HelmRelease" and obj["spec"]["chartRef"]["name"] == "karpenter")
        or (obj["kind"] == "Application" and obj["spec"].get("source", {}).get("chart") == "karpenter")
    ]
    return values


def referenced(objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Every AWS name the manifests reference, in aws.json's shape (what a reviewer would read off them)."""
    by_kind: dict[str, dict[str, dict[str, Any]]] = {}
    for obj in objects:
        by_kind.setdefault(obj["kind"], {})[obj["metadata"]["name"]] = obj
    # the controller's (a Flux applier's account may sit beside it: gitops.flux.serviceAccountName)
    [account] = [a for a in by_kind["ServiceAccount"].values() if not a["metadata"]["name"].startswith("flux-")]
    values = karpenter_values(objects)
    settings = values["settings"]
    found: dict[str, Any] = {
        "namespace": account["metadata"]["namespace"],
        "service_account": account["metadata"]["name"],
        # IRSA: the annotation names the role; EKS Pod Identity: none (the association does).
        "controller_role_arn": (account["metadata"].get("annotations") or {}).get("eks.amazonaws.com/role-arn"),
        "helm_service_account": values["serviceAccount"]["name"],
        "identity_pod_annotation": (values.get("podAnnotations") or {}).get("karpenter-tenants/identity"),
    }
    selectors: list[dict[str, str]] = []
    if "EC2NodeClass" in by_kind:
        classes = by_kind["EC2NodeClass"]
        found["cluster_name"] = settings["clusterName"]
        found["interruption_queue"] = settings["interruptionQueue"]
        found["node_roles"] = {name: c["spec"]["role"] for name, c in classes.items()}
        found["instance_profiles"] = {}
        found["default_instance_profile"] = None
        for node_class in classes.values():
            for field in ("subnetSelectorTerms", "securityGroupSelectorTerms"):
                selectors += [term["tags"] for term in node_class["spec"][field] if "tags" in term]
        # a tenant's NodePools (several with pools) carry its label; the tenant label key of the examples is "tenant"
        found["tenants"] = sorted({pool["metadata"]["labels"]["tenant"] for pool in by_kind["NodePool"].values()})
    else:
        templates = by_kind["AWSNodeTemplate"]
        found["cluster_name"] = settings["aws"]["clusterName"]
        found["interruption_queue"] = settings["aws"]["interruptionQueueName"]
        found["instance_profiles"] = {
            name: t["spec"]["instanceProfile"] for name, t in templates.items() if "instanceProfile" in t["spec"]
        }
        found["default_instance_profile"] = settings["aws"].get("defaultInstanceProfile")
        for template in templates.values():
            selectors += [template["spec"][field] for field in ("subnetSelector", "securityGroupSelector")]
        found["tenants"] = sorted(by_kind["Provisioner"])
    found["selector_tags"] = selectors
    return found


def assert_names_agree(aws: dict[str, Any], objects: list[dict[str, Any]]) -> None:
    found = referenced(objects)
    assert aws["cluster"]["name"] == found["cluster_name"]
    association = aws["pod_identity_association"]
    if aws["karpenter"]["identity"] == "irsa":
        assert aws["controller_role"]["arn"] == found["controller_role_arn"]
        assert association is None and found["identity_pod_annotation"] is None
    else:
        assert aws["karpenter"]["identity"] == "podIdentity" and found["controller_role_arn"] is None
        assert association == {
            "cluster_name": found["cluster_name"],
            "namespace": found["namespace"],
            "service_account": found["service_account"],
            "role_arn": aws["controller_role"]["arn"],
        }
        assert found["identity_pod_annotation"] == "podIdentity"
    assert aws["controller_role"]["arn"] == (
        f"arn:{aws['cluster']['partition']}:iam::{aws['controller_role']['arn'].split(':')[4]}:role"
        f"{aws['controller_role']['path']}{aws['controller_role']['name']}"
    )
    assert (aws["karpenter"]["namespace"], aws["karpenter"]["service_account"]) == (
        found["namespace"],
        found["service_account"],
    )
    assert aws["karpenter"]["service_account"] == found["helm_service_account"]
    assert aws["interruption_queue"] == found["interruption_queue"]
    assert aws["tenants"] == found["tenants"]
    if aws["karpenter"]["generation"] == "v1":
        assert aws["node_roles"] == found["node_roles"]
    else:
        # 0.31 nodes start with an instance profile; its role is named by aws.json alone: a tenant whose manifests
        # name a profile has a role, one on the default profile (no profile in its AWSNodeTemplate) has none, the
        # default profile's role standing for it.
        assert set(aws["node_roles"]) - {"(default)"} == set(found["instance_profiles"])
        assert ("(default)" in aws["node_roles"]) == (found["default_instance_profile"] is not None)
    assert aws["instance_profiles"] == found["instance_profiles"]
    assert aws["default_instance_profile"] == found["default_instance_profile"]
    # Default selectors select what terraform/ tags: the discovery tag.
    assert aws["discovery_tags"] in found["selector_tags"]


# --- the examples, as committed --------------------------------------------------------------------


@pytest.mark.parametrize("key", EXAMPLES)
def test_every_example_has_a_current_aws_json(key: str) -> None:
    [cluster] = [c for c in load_clusters(EXAMPLES_DIR) if c.key == key]
    committed = (EXAMPLE_DIST / key / FILE_NAME).read_text(encoding="utf-8")
    assert committed == aws_json(cluster.config, cluster.source.name), f"dist/{key}/aws.json is stale: run `make synth`"


@pytest.mark.parametrize("key", EXAMPLES)
def test_every_name_in_an_examples_aws_json_is_what_its_manifests_reference(key: str) -> None:
    files = {
        path.split("/", 1)[1]: text for path, text in read_tree(EXAMPLE_DIST).items() if path.startswith(f"{key}/")
    }
    aws = json.loads(files[FILE_NAME])
    assert_names_agree(aws, manifests(files))


# --- other shapes, rendered --------------------------------------------------------------------------

OIDC = "oidc.eks.us-gov-west-1.amazonaws.com/id/C99F50C4A2A9B6C3516F9BB73F3237D7"
SHAPES = {
    "1.x derived names, GovCloud, role arn with a path": cluster_dict(
        cluster={"name": "gov", "accountId": "001234567890", "region": "us-gov-west-1", "oidcProvider": OIDC},
        karpenter={
            "version": "1.14.1",
            "namespace": "kube-karpenter",
            "serviceAccount": "kc",
            "controllerRole": {"arn": "arn:aws-us-gov:iam::001234567890:role/platform/gov-karpenter"},
        },
        tenants=[{"name": "zeta"}, {"name": "alpha", "nodeRole": "custom-alpha"}],
    ),
    "1.x on IRSA, custom service account": cluster_dict(
        cluster={**BASE_V1["cluster"], "oidcProvider": OIDC.replace("us-gov-west-1", "ca-central-1")},
        karpenter={"version": "1.14.1", "identity": "irsa", "namespace": "kube-karpenter", "serviceAccount": "kc"},
    ),
    "0.31 without a default profile": cluster_dict(
        BASE_V1ALPHA5, tenants=[{"name": "beta"}, {"name": "alpha", "instanceProfile": "custom-alpha"}]
    ),
    "0.31 with a default profile": cluster_dict(
        BASE_V1ALPHA5,
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme", "interruptionQueue": "q-acme"},
        tenants=[{"name": "beta"}, {"name": "alpha", "instanceProfile": "custom-alpha"}],
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_name_in_aws_json_is_what_the_manifests_reference(shape: str, tmp_path: Path) -> None:
    files = render_cluster(load(tmp_path, SHAPES[shape]))
    assert_names_agree(json.loads(files[FILE_NAME]), manifests(files))


def test_the_resolved_names() -> None:
    """The rules themselves, once (the comparisons above would pass if both sides shared a mistake)."""
    gov = json.loads(aws_json(_config(SHAPES["1.x derived names, GovCloud, role arn with a path"]), "gov.yaml"))
    assert gov["controller_role"] == {
        "arn": "arn:aws-us-gov:iam::001234567890:role/platform/gov-karpenter",
        "name": "gov-karpenter",
        "path": "/platform/",
        "create": True,
    }
    assert gov["node_roles"] == {"alpha": "custom-alpha", "zeta": "karpenter-node-gov-zeta"}
    assert gov["interruption_queue"] == "karpenter-gov"
    assert gov["cluster"]["oidc_provider_arn"] == f"arn:aws-us-gov:iam::001234567890:oidc-provider/{OIDC}"
    legacy = json.loads(aws_json(_config(SHAPES["0.31 with a default profile"]), "acme.yaml"))
    assert legacy["node_roles"] == {  # beta runs on the default profile: no role of its own (issue 43)
        "(default)": "karpenter-node-acme-default",
        "alpha": "karpenter-node-acme-alpha",
    }
    assert legacy["instance_profiles"] == {"alpha": "custom-alpha"}
    no_default = json.loads(aws_json(_config(SHAPES["0.31 without a default profile"]), "acme.yaml"))
    assert no_default["instance_profiles"] == {"alpha": "custom-alpha", "beta": "karpenter-node-acme-beta"}
    assert no_default["default_instance_profile"] is None and "(default)" not in no_default["node_roles"]
    assert no_default["cluster"]["oidc_provider_arn"] is None


def _config(data: dict[str, Any]) -> Any:
    from karpenter_tenants.config.schema.cluster_file import ClusterFile
    from karpenter_tenants.config.versions import KarpenterVersion

    generation = KarpenterVersion.parse(data["karpenter"]["version"]).generation
    return ClusterFile.model_validate(data, context={"generation": generation})


# --- format and placement ---------------------------------------------------------------------------


def test_aws_json_is_deterministic_sorted_and_independent_of_tenant_order() -> None:
    data = cluster_dict(BASE_V1, tenants=[{"name": f"t{i:02d}"} for i in range(20)])
    text = aws_json(_config(data), "acme.yaml")
    shuffled = cluster_dict(data)
    random.Random(7).shuffle(shuffled["tenants"])
    assert aws_json(_config(shuffled), "acme.yaml") == text
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text == json.dumps(json.loads(text), indent=2, sort_keys=True) + "\n"


def test_aws_json_is_no_kubernetes_object_and_nothing_applies_it() -> None:
    tree = read_tree(EXAMPLE_DIST)
    for key in EXAMPLES:
        assert f"{key}/{FILE_NAME}" in tree
        # It sits at dist/<key>/, where no kustomization.yaml is written, and no kustomization lists it.
        assert f"{key}/{KUSTOMIZE_FILE}" not in tree
    for path, text in tree.items():
        if path.endswith(KUSTOMIZE_FILE):
            assert FILE_NAME not in yaml.safe_load(text)["resources"], path
    # No Flux Kustomization or Argo CD Application builds dist/<key>/ itself (which would take every file).
    for obj in [o for _, o in objects_of(tree).values() if o["kind"] in ("Kustomization", "Application")]:
        spec = obj["spec"]
        path = str(spec.get("path") or spec.get("source", {}).get("path") or "").strip("/")
        assert not any(path.removeprefix("./") == f"dist/{key}" for key in EXAMPLES), obj["metadata"]["name"]
    # `plan` parses every file and skips documents without a kind: aws.json yields no object.
    assert not [path for path, _ in objects_of(tree).values() if path.endswith(FILE_NAME)]
    assert all("kind" not in json.loads(tree[f"{key}/{FILE_NAME}"]) for key in EXAMPLES)


def test_a_0_31_tenant_on_the_default_instance_profile_has_no_role_of_its_own(tmp_path: Path) -> None:
    """issue 43: beta names no instance profile, so its nodes start with karpenter.defaultInstanceProfile: aws.json
    gives it no node role (terraform/ would create a role, policies, an access entry and PassRole nobody uses);
    the default profile's role is there once, and alpha, on a profile of its own, keeps its role."""
    data = cluster_dict(
        BASE_V1ALPHA5,
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        tenants=[
            {"name": "alpha", "instanceProfile": "node-alpha", "ami": {"family": "AL2"}},
            {"name": "beta", "ami": {"family": "AL2"}},
            {"name": "gamma", "ami": {"family": "AL2"}},
        ],
    )
    aws = json.loads(aws_json(load(tmp_path, data).config, "acme.yaml"))
    assert aws["node_roles"] == {"(default)": "karpenter-node-acme-default", "alpha": "karpenter-node-acme-alpha"}
    assert aws["instance_profiles"] == {"alpha": "node-alpha"} and aws["default_instance_profile"] == "default-acme"
    assert "beta" not in json.dumps(aws["iam"]) and "beta" not in json.dumps(aws["node_role_arns"])
    assert set(aws["tenants"]) == {"alpha", "beta", "gamma"}


def test_a_0_31_default_node_role_may_be_an_existing_role(tmp_path: Path) -> None:
    """terraform/iam.tf: the default instance profile terraform/ creates may hold an existing role, named by
    iam.defaultNodeRole and listed in iam.existing.roles (refused before as "neither the controller role nor a
    tenant's nodeRole")."""
    data = cluster_dict(
        BASE_V1ALPHA5,
        karpenter={"version": "0.31.5", "defaultInstanceProfile": "default-acme"},
        iam={"defaultNodeRole": "KarpenterNodeRole-acme", "existing": {"roles": ["KarpenterNodeRole-acme"]}},
        tenants=[{"name": "beta", "ami": {"family": "AL2"}}],
    )
    aws = json.loads(aws_json(load(tmp_path, data).config, "acme.yaml"))
    assert aws["node_roles"] == {"(default)": "KarpenterNodeRole-acme"}
    assert "KarpenterNodeRole-acme" in aws["existing_roles"]
