"""docs/emergency.md, checked against what synth writes and Karpenter's CRDs: the appliers it suspends are the
tenant's (by the names synth gives them), every `kubectl patch nodepool` in it leaves a NodePool the CRD (schema and
CEL rules) accepts, and the namespace it debugs nodes from is one the isolation policy never checks."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import yaml
from conftest import EXAMPLE_DIST, ROOT

from karpenter_tenants.checks.validate import ObjectValidator

DOC = (ROOT / "docs/emergency.md").read_text()
DIST = EXAMPLE_DIST  # the example clusters as the suite synthesized them


def _merge(target: Any, patch: Any) -> Any:
    """RFC 7386 JSON merge patch, as `kubectl patch --type merge` applies it."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = _merge(result.get(key), value)
    return result


def test_the_appliers_it_suspends_are_the_tenants() -> None:
    flux = yaml.safe_load((DIST / "acme/flux/stages/kustomization-acme-nodepool-alpha.yaml").read_text())
    assert (flux["kind"], flux["metadata"]["name"], flux["metadata"]["namespace"]) == (
        "Kustomization",
        "acme-nodepool-alpha",
        "flux-system",
    )
    assert flux["spec"]["path"].endswith("/acme/tenants/alpha")
    assert "flux suspend kustomization acme-nodepool-alpha -n flux-system" in DOC
    assert "flux resume kustomization acme-nodepool-alpha -n flux-system" in DOC
    argo = yaml.safe_load((DIST / "acme-argocd/argocd/apps/application-acme-argocd-nodepool-alpha.yaml").read_text())
    assert argo["metadata"]["name"] == "acme-argocd-nodepool-alpha"  # <key>-nodepool-<tenant>, as the doc says
    assert argo["metadata"]["namespace"] == "argocd"


def test_every_nodepool_patch_leaves_a_nodepool_the_crd_accepts(shared: Path) -> None:
    pool = yaml.safe_load((DIST / "acme/tenants/alpha/nodepool-alpha.yaml").read_text())
    patches = [
        shlex.split(line.strip())[-1]
        for line in DOC.splitlines()
        if line.strip().startswith("kubectl patch nodepool alpha")
    ]
    assert len(patches) == 2
    validator = ObjectValidator(shared, "1.33")
    for patch in patches:
        patched = _merge(pool, yaml.safe_load(patch))
        assert validator.check(patched, "nodepool-alpha.yaml") == [], patch


def test_nodes_are_debugged_from_a_namespace_the_policy_never_checks(shared: Path) -> None:
    binding = yaml.safe_load(
        (DIST / "acme/base/validatingadmissionpolicybinding-karpenter-tenant-isolation.yaml").read_text()
    )
    [expression] = binding["spec"]["matchResources"]["namespaceSelector"]["matchExpressions"]
    assert expression["operator"] == "NotIn" and "kube-system" in expression["values"]
    [debug] = [line for line in DOC.splitlines() if line.startswith("kubectl debug node/")]
    assert re.search(r"-n kube-system\b", debug)
    # the label Karpenter puts on a NodePool's NodeClaims and nodes: restricted to it in the CRD's own rules
    crds = "".join(
        p.read_text() for p in (shared / "karpenter/v1.14.1/karpenter-crd/templates").glob("karpenter.sh_node*.yaml")
    )
    assert "karpenter.sh/nodepool" in crds and "nodeclaims -l karpenter.sh/nodepool=alpha" in DOC
