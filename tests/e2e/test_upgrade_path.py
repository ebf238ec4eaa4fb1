"""The 0.31 -> 1.x runbook (docs/upgrade-031.md) walked on a real kube-apiserver with the CRDs of each stop: the
repository's states (`migrate --step prepare|stop|finish`, synthesized) applied with the CRDs of their step, the
steps that happen outside the repository done as the runbook says (v1beta1 NodePools and EC2NodeClasses of the
tenants' names at 0.32-0.37, the Provisioners deleted, the stored versions migrated), and what the API server itself
enforces checked: 1.1+'s CRDs are refused while a stored version is v1beta1.

No Karpenter controller runs here, so its conversion webhook (1.0.x, v1beta1 <-> v1) is not served: the 1.0.14 CRDs
are applied with `conversion.strategy: None` (the API server then rewrites only apiVersion, and prunes the fields
v1 does not have), so Karpenter's own field conversion (e.g. WhenUnderutilized -> WhenEmptyOrUnderutilized) is not
exercised; the generated v1 objects replace what it would have written (docs/e2e.md)."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import pytest

from e2e.kube import ApiError, Kube
from e2e.manifests import EXAMPLES_DIR, crds_for, dist_objects, load_yaml_documents, namespace
from karpenter_tenants.commands.cli import main
from karpenter_tenants.reference.shared import shared_dir

KEY = "acme-legacy"
CRD = ("apiextensions.k8s.io/v1", "CustomResourceDefinition")
KARPENTER_CRDS = ("nodepools.karpenter.sh", "nodeclaims.karpenter.sh", "ec2nodeclasses.karpenter.k8s.aws")
NODE_POOL = ("karpenter.sh/v1", "NodePool")
NODE_CLASS = ("karpenter.k8s.aws/v1", "EC2NodeClass")


def states(folder: Path) -> dict[str, Path]:
    """dist/<key>/ of each repository state, written by the product's own commands."""
    clusters = folder / "clusters"
    clusters.mkdir(parents=True)
    source = Path(shutil.copy(EXAMPLES_DIR / f"{KEY}.yaml", clusters / f"{KEY}.yaml"))
    found = {}
    for step in ("prepare", "stop", "finish"):
        assert main(["migrate", str(source), "--step", step, "--write"]) == 0
        out = folder / f"dist-{step}"
        assert main(["--clusters", str(clusters), "synth", "--out", str(out)]) == 0
        found[step] = out / KEY
    return found


def upgrade_crds(version: str, conversion: str | None = None) -> list[dict[str, Any]]:
    folder = shared_dir() / f"karpenter-upgrade-path/v{version}/crds"
    crds = [d for path in sorted(folder.glob("*.yaml")) for d in load_yaml_documents(path)]
    if conversion is not None:
        for crd in crds:
            crd["spec"]["conversion"] = {"strategy": conversion}
    return crds


def apply_state(kube: Kube, dist: Path) -> list[str]:
    """Every object of the state applied; the files of an API this 1.33 server no longer serves (the 0.31 cluster's
    Kubernetes 1.28 FlowSchemas, flowcontrol v1beta3) are returned, not applied."""
    unserved = []
    for file, obj in dist_objects(dist):
        try:
            kube.apply(obj)
        except ApiError as error:
            if error.status == 404 and obj["apiVersion"].startswith("flowcontrol."):
                unserved.append(file)
                continue
            raise AssertionError(f"{dist.name}/{file}: {error.text}") from None
    return unserved


def v1beta1(obj: dict[str, Any]) -> dict[str, Any]:
    """What karpenter-convert and the 0.32-0.37 controllers have for a generated v1 object: the same name, the
    v1beta1 shape (the runbook's step 4)."""
    meta = {"name": obj["metadata"]["name"], "labels": obj["metadata"].get("labels", {})}
    spec = copy.deepcopy(obj["spec"])
    if obj["kind"] == "NodePool":
        template = spec["template"]["spec"]
        expire = template.pop("expireAfter", "720h")
        template["nodeClassRef"] = {
            "apiVersion": "karpenter.k8s.aws/v1beta1",
            "kind": "EC2NodeClass",
            "name": template["nodeClassRef"]["name"],
        }
        disruption = spec.get("disruption", {})
        if disruption.get("consolidationPolicy") == "WhenEmptyOrUnderutilized":
            disruption = {"consolidationPolicy": "WhenUnderutilized"}
        spec["disruption"] = {**disruption, "expireAfter": expire}
        return {"apiVersion": "karpenter.sh/v1beta1", "kind": "NodePool", "metadata": meta, "spec": spec}
    family = spec.pop("amiSelectorTerms")[0]["alias"].split("@")[0]
    spec.pop("associatePublicIPAddress", None)
    spec.pop("kubelet", None)
    spec["amiFamily"] = {"al2": "AL2", "al2023": "AL2023", "bottlerocket": "Bottlerocket"}[family]
    # explicit terms beside the family (karpenter-convert leaves them out): read as v1 without the webhook's
    # conversion (family -> alias), the object still passes v1's rules (a family needs terms)
    spec["amiSelectorTerms"] = [{"name": f"amazon-eks-node-{spec['amiFamily'].lower()}-*", "owner": "amazon"}]
    for device in spec.get("blockDeviceMappings", []):
        device.pop("rootVolume", None)
    return {"apiVersion": "karpenter.k8s.aws/v1beta1", "kind": "EC2NodeClass", "metadata": meta, "spec": spec}


def karpenter_objects(dist: Path) -> list[dict[str, Any]]:
    return [obj for _, obj in dist_objects(dist) if obj["kind"] in ("NodePool", "EC2NodeClass")]


def uids(kube: Kube) -> dict[tuple[str, str], str]:
    return {
        (kind, o["metadata"]["name"]): o["metadata"]["uid"]
        for api, kind in (NODE_POOL, NODE_CLASS)
        for o in kube.list(api, kind)
    }


def stored_versions(kube: Kube, name: str) -> list[str]:
    return kube.get(*CRD, name)["status"]["storedVersions"]  # type: ignore[index]


def test_the_runbook_walked_with_the_crds_of_each_stop(control_planes, tmp_path: Path) -> None:
    dist = states(tmp_path)
    _, kube = control_planes("upgrade-path")
    kube.apply(namespace("flux-system"))

    # step 1-2: the prepared 0.31 state, on 0.31.5's CRDs
    kube.apply_crds(crds_for("0.31.5"))
    apply_state(kube, dist["prepare"])
    assert sorted(o["metadata"]["name"] for o in kube.list("karpenter.sh/v1alpha5", "Provisioner")) == ["alpha", "beta"]

    # steps 4-5, outside the repository: 0.37.8's CRDs (v1beta1 stored) beside 0.31's, as 0.32 has both; the v1beta1
    # node pools of the tenants' names; then the Provisioners and their CRDs go
    kube.apply_crds(upgrade_crds("0.37.8", conversion="None"))
    for obj in karpenter_objects(dist["stop"]):
        try:
            converted = v1beta1(obj)  # applied by the user's kubectl, a field manager of its own (not the appliers')
            kube.request(
                "PATCH",
                kube.object_path(converted),
                converted,
                "application/apply-patch+yaml",
                {"fieldManager": "kubectl", "force": "true", "fieldValidation": "Strict"},
            )
        except ApiError as error:
            raise AssertionError(f"v1beta1 {obj['kind']}/{obj['metadata']['name']}: {error.text}") from None
    for api, kind in (("karpenter.sh/v1alpha5", "Provisioner"), ("karpenter.k8s.aws/v1alpha1", "AWSNodeTemplate")):
        for name in ("alpha", "beta"):
            kube.request("DELETE", kube.path(api, kind, None, name))
    assert stored_versions(kube, "nodepools.karpenter.sh") == ["v1beta1"]
    before = uids(kube)

    # step 6-7: 1.0.14's CRDs (v1 stored; no webhook served here: strategy None), then the 1.0 stop's objects, which
    # update the v1beta1 objects of the same names in place
    kube.apply_crds(upgrade_crds("1.0.14", conversion="None"))
    # Server-side apply converts the object to every field manager's version (kubectl's entries are v1beta1): only
    # the webhook can, so without it the entries are cleared first (an artefact of this suite, not a runbook step).
    for api, kind in (NODE_POOL, NODE_CLASS):
        for obj in kube.list(api, kind):
            kube.request(
                "PATCH",
                kube.object_path({**obj, "apiVersion": api, "kind": kind}),
                [{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}],
                "application/json-patch+json",
            )
    apply_state(kube, dist["stop"])
    assert uids(kube) == before, "the generated v1 objects replaced the v1beta1 ones instead of updating them"
    pool = kube.get(*NODE_POOL, "alpha")
    assert pool["spec"]["disruption"]["consolidationPolicy"] == "WhenEmptyOrUnderutilized"  # type: ignore[index]

    # 1.1+ serves v1 only: the API server refuses 1.14.1's CRDs while a stored version is v1beta1
    latest = crds_for("1.14.1")
    nodepools = next(c for c in latest if c["metadata"]["name"] == "nodepools.karpenter.sh")
    with pytest.raises(ApiError) as refused:
        kube.apply(nodepools)
    assert "storedVersions" in refused.value.text

    # step 10: every object rewritten (stored as v1), then v1 recorded as the only stored version
    for api, kind in (NODE_POOL, NODE_CLASS, ("karpenter.sh/v1", "NodeClaim")):
        for obj in kube.list(api, kind):
            kube.request(
                "PUT",
                kube.object_path({**obj, "apiVersion": api, "kind": kind}),
                {**obj, "apiVersion": api, "kind": kind},
            )
    for name in KARPENTER_CRDS:
        kube.request(
            "PATCH",
            kube.path(*CRD, None, name) + "/status",
            {"status": {"storedVersions": ["v1"]}},
            "application/merge-patch+json",
        )
        assert stored_versions(kube, name) == ["v1"]

    # step 11: 1.14.1's CRDs are accepted now, and the finished state on them; still the same objects
    kube.apply_crds(latest)
    apply_state(kube, dist["finish"])
    assert uids(kube) == before
