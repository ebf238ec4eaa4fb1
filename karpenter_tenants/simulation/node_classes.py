"""What the instance types assume of each EC2NodeClass, said on the answer. The catalogue's types are Karpenter's AWS
provider's for an AL2023 node class with its defaults (ENI-limited pods, the 20Gi root volume, no kubelet reservations
of its own); the scheduler program gives a class that sets kubelet.maxPods, kubelet.podsPerCore, its root volume's
size, kubelet.kubeReserved, systemReserved or evictionHard its own copies of them, computed as the provider computes
them (scheduler/nodeclass.go, after github.com/aws/karpenter-provider-aws v1.14.1
pkg/providers/instancetype/types.go). Said here: which classes that changes, and what is not applied
(`instanceStorePolicy: RAID0`, whose ephemeral storage is the instance store's; Windows AMIs, whose types the
catalogue does not describe).

Owns: the node classes' line of the answer. Must not import: commands/."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.config.listing import escaped, first_few

DEFAULT_ROOT_VOLUME = "20Gi"  # amifamily.DefaultEBS.VolumeSize: the catalogue's


def _family(spec: dict[str, Any]) -> str:
    family = str(spec.get("amiFamily") or "").lower()
    for term in spec.get("amiSelectorTerms") or []:
        if isinstance(term, dict) and isinstance(term.get("alias"), str):
            family = term["alias"].split("@", 1)[0].lower()
    return family


def settings(obj: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(what of the class the scheduler applies to its types, what it does not) in words."""
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    kubelet = spec.get("kubelet") if isinstance(spec.get("kubelet"), dict) else {}
    applied, not_applied = [], []
    if kubelet.get("maxPods") is not None:
        applied.append(f"kubelet.maxPods {kubelet['maxPods']}")
    if kubelet.get("podsPerCore"):
        if _family(spec) == "bottlerocket":
            not_applied.append("kubelet.podsPerCore (Bottlerocket ignores it, as Karpenter does)")
        else:
            applied.append(f"kubelet.podsPerCore {kubelet['podsPerCore']}")
    for field in ("kubeReserved", "systemReserved", "evictionHard"):
        if kubelet.get(field):
            applied.append(f"kubelet.{field}")
    for mapping in spec.get("blockDeviceMappings") or []:
        if isinstance(mapping, dict) and mapping.get("rootVolume"):
            size = ((mapping.get("ebs") or {}).get("volumeSize")) if isinstance(mapping.get("ebs"), dict) else None
            if size and str(size) != DEFAULT_ROOT_VOLUME:
                applied.append(f"root volume {size}")
    if spec.get("instanceStorePolicy") == "RAID0":
        not_applied.append(
            "instanceStorePolicy RAID0 (its ephemeral storage is taken as the root volume's, not the instance store's)"
        )
    if _family(spec).startswith("windows"):
        not_applied.append("its Windows AMI (the types are the catalogue's, Linux on AL2023)")
    return applied, not_applied


def assumptions(base: list[dict[str, Any]], head: list[dict[str, Any]]) -> list[str]:
    """The answer's lines on the node classes of both revisions (none when every class is as the catalogue assumes)."""
    applied: list[str] = []
    not_applied: list[str] = []
    seen = set()
    for obj in [*head, *base]:  # the head's first; a class the pull request removes as the base had it
        name = str((obj.get("metadata") or {}).get("name"))
        if name in seen or not isinstance(obj, dict):
            continue
        seen.add(name)
        done, not_done = settings(obj)
        if done:
            applied.append(f"{escaped(name)} ({', '.join(escaped(d) for d in done)})")
        if not_done:
            not_applied.append(f"{escaped(name)}: {'; '.join(escaped(d) for d in not_done)}")
    lines = []
    if applied:
        lines.append(
            "Node classes: the instance types of " + first_few(applied, 10) + " are as Karpenter's AWS "
            "provider makes them for the class (pods, ephemeral storage, kubelet reservations); the others' "
            "as the catalogue's (AL2023, ENI-limited pods, a 20Gi root volume)."
        )
    if not_applied:
        lines.append("Node classes, not applied: " + first_few(not_applied, 10) + ".")
    return lines
