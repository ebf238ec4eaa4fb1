"""Server-side truth: every dist/ object server-side applied to a real kube-apiserver and read back; the
server's defaulting must be what `validate` predicts (the CRD schema's defaults), and the invalid corpus
must be rejected by the real server for the rule the product names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from e2e.build import KUBE, Phases
from e2e.kube import ApiError
from e2e.manifests import ROOT, ExampleCluster, crds_for, dist_objects, example_clusters, namespace
from karpenter_tenants.checks.validate import ObjectValidator, apply_defaults
from karpenter_tenants.reference.crds import load_crds
from karpenter_tenants.reference.shared import shared_dir

CLUSTERS = example_clusters()
# The control plane's Kubernetes minor (the corpus is validated at it too, tests/unit/checks/test_validate_corpus.py).
KUBERNETES = ".".join(KUBE.version_of("k8s.io/kubernetes").removeprefix("v").split(".")[:2])


def differences(predicted: Any, served: Any, path: str, exact: bool) -> list[str]:
    """Where the server's object differs from the prediction; exact=False ignores fields the server added
    (core kinds: validate predicts no core defaulting, only that what was written is kept)."""
    if isinstance(predicted, dict) and isinstance(served, dict):
        found = []
        for key in sorted(set(predicted) | set(served)):
            where = f"{path}.{key}" if path else str(key)
            if key not in served:
                found.append(f"{where}: predicted {predicted[key]!r}, the server dropped it")
            elif key not in predicted:
                if exact:
                    found.append(f"{where}: the server set {served[key]!r}, validate predicted nothing")
            else:
                found += differences(predicted[key], served[key], where, exact)
        return found
    if isinstance(predicted, list) and isinstance(served, list) and len(predicted) == len(served):
        return [
            d
            for i, (p, s) in enumerate(zip(predicted, served, strict=True))
            for d in differences(p, s, f"{path}[{i}]", exact)
        ]
    return [] if predicted == served else [f"{path}: predicted {predicted!r}, the server has {served!r}"]


def compared(obj: dict[str, Any]) -> dict[str, Any]:
    """The parts of an object the product writes: everything but status and server-owned metadata."""
    metadata = obj.get("metadata") or {}
    kept = {k: metadata[k] for k in ("name", "namespace", "labels", "annotations") if k in metadata}
    return {**{k: v for k, v in obj.items() if k not in ("metadata", "status")}, "metadata": kept}


@pytest.mark.parametrize("cluster", CLUSTERS, ids=lambda c: c.key)
def test_every_dist_object_is_accepted_and_read_back_as_validate_predicts(
    cluster: ExampleCluster, control_planes, phases: Phases
) -> None:
    _, kube = control_planes(cluster.key)
    kube.apply_crds(crds_for(cluster.karpenter_version, argocd=cluster.engine == "argocd"))
    kube.apply(namespace(cluster.gitops_namespace))  # created by the GitOps engine's installation
    crds = load_crds(shared_dir())
    validator = ObjectValidator(crds, KUBERNETES)
    objects = dist_objects(cluster.dist)
    assert len(objects) >= 8, f"too few objects in {cluster.dist}"
    # the customers' namespaces exist before the product (it writes only its own: tenants' quotas go into theirs)
    written = {o["metadata"]["name"] for _, o in objects if o["kind"] == "Namespace"}
    for name in sorted(
        {o["metadata"].get("namespace") for _, o in objects} - written - {None, cluster.gitops_namespace}
    ):
        kube.apply(namespace(name))
    findings: list[str] = []
    unserved: list[str] = []  # objects of an API this server version no longer serves, validate agreeing
    defaulted = 0  # objects the server filled defaults into (as predicted, or a finding)
    for file, obj in objects:
        predicted_findings = [str(f) for f in validator.check(obj, file)]
        try:
            kube.apply(obj)
        except ApiError as error:
            if not predicted_findings:
                findings.append(f"{file}: the server rejects it ({error.text}); validate finds nothing")
            elif error.status == 404 and cluster.kubernetes_version != KUBERNETES:
                unserved.append(f"{file}: {error.text}; validate at {KUBERNETES}: {predicted_findings}")
            else:
                findings.append(f"{file}: rejected by the server ({error.text}) and validate: {predicted_findings}")
            continue
        if predicted_findings:
            findings.append(f"{file}: the server accepts it; validate: {predicted_findings}")
        meta = obj["metadata"]
        served = kube.get(obj["apiVersion"], obj["kind"], meta["name"], meta.get("namespace"))
        assert served is not None, f"{file}: applied but not found on read-back"
        entry = crds.get((obj["apiVersion"], obj["kind"]))
        predicted = apply_defaults(entry.schema, obj) if entry is not None else obj
        defaulted += compared(served) != compared(obj)
        findings += [f"{file}: {d}" for d in differences(compared(predicted), compared(served), "", entry is not None)]
    phases.note(
        f"{cluster.key}: {len(objects)} objects, {defaulted} defaulted by the server, {len(unserved)} of an API "
        f"Kubernetes {KUBERNETES} does not serve (cluster: {cluster.kubernetes_version}), {len(findings)} findings"
        + "".join(f"\n  {u}" for u in unserved)
    )
    assert not findings, "the real API server disagrees with validate:\n" + "\n".join(findings)


CORPUS = sorted((ROOT / "tests/corpus").glob("*.yaml"))


def expected_rules(path: Path) -> list[tuple[str, str, str]]:
    """(layer, field path, message) of the corpus file's `# expect:` lines; the field path names the
    offending field itself where the message names it (required or unknown properties)."""
    rules = []
    for line in path.read_text().splitlines():
        if not line.startswith("# expect: "):
            continue
        layer, rest = line.removeprefix("# expect: ").split(": ", 1)
        where, message = rest.split(": ", 1)
        where = "" if where == "(object)" else where
        named = re.match(r"'([^']+)' is a required property", message) or re.search(
            r"Additional properties are not allowed \('([^']+)' was unexpected\)", message
        )
        if named:
            where = f"{where}.{named[1]}" if where else named[1]
        rules.append((layer, where, message.split(" (rule could not be evaluated")[0]))
    return rules


@pytest.fixture(scope="module")
def corpus_server(control_planes):
    """One control plane with both Karpenter generations' CRDs (their names do not overlap) and Flux's;
    corpus objects are created with dryRun=All, which runs validation and admission."""
    _, kube = control_planes("corpus")
    crds = {c["metadata"]["name"]: c for v in {c.karpenter_version for c in CLUSTERS} for c in crds_for(v)}
    kube.apply_crds(list(crds.values()))
    for path in CORPUS:
        name = (yaml.safe_load(path.read_text())["metadata"] or {}).get("namespace")
        if name:
            kube.apply(namespace(name))
    return kube


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_real_server_rejects_the_corpus_for_the_rule_the_product_names(path: Path, corpus_server) -> None:
    obj = yaml.safe_load(path.read_text())
    with pytest.raises(ApiError) as rejected:
        corpus_server.create(obj, dry_run=True)
    said = rejected.value.text
    assert rejected.value.status in (400, 422), said
    for layer, where, message in expected_rules(path):
        assert where in said, f"the server does not name {where!r} ({layer}: {message}): {said}"
        if layer == "cel":
            assert message in said, f"the server rejects for another rule than {message!r}: {said}"
    # The server adds a note that CEL rules were skipped after schema errors: not a rule of its own.
    named = {
        cause.get("field", "")
        for cause in rejected.value.causes
        if "some validation rules were not checked" not in cause.get("message", "")
    } - {""}
    expected = {where for _, where, _ in expected_rules(path)}
    extra = {f for f in named if not any(f.lstrip(".") == e or f.lstrip(".").startswith(e) for e in expected)}
    assert not extra, f"the server also rejects {sorted(extra)}, the product names only {sorted(expected)}: {said}"
