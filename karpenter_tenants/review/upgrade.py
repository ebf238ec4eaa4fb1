"""`plan` on the 0.31 -> 1.x upgrade path (convert/upgrade_path.py, docs/upgrade-031.md): which state of the path a
pull request moves a running cluster to, and, for one that jumps a running 0.31 cluster to 1.x, the steps it skips
(destructive, so the gate trips). Read from dist/<key>/aws.json on both sides: `karpenter.version`, `generation`
and `upgrading_from` (karpenter.upgradingFrom). A cluster new in the pull request is not running: nothing to say.

Registered in review/registry.py as a review of aws.json. Imports the change model and review.iam (aws.json as a
document); never a kind's module."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.objects.changes import DESTRUCTIVE, IN_PLACE, Change
from karpenter_tenants.review.iam import aws_document
from karpenter_tenants.synthesis.aws_side import FILE_NAME as AWS_FILE

GROUP = "Karpenter upgrade path"
KIND = "Upgrade"
NAME = "0.31-to-1.x"
RUNBOOK = "docs/upgrade-031.md"


def _karpenter(text: str | None) -> dict[str, Any] | None:
    karpenter = (aws_document(text) or {}).get("karpenter")
    return karpenter if isinstance(karpenter, dict) else None


def _minor(version: Any) -> tuple[int, int]:
    try:
        major, minor = str(version).split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        return (-1, -1)


def upgrade_changes(
    old_files: dict[str, str], new_files: dict[str, str], same: set[str] | frozenset[str] = frozenset()
) -> list[Change]:
    changes = []
    for path in sorted(p for p in new_files if p.count("/") == 1 and p.endswith(f"/{AWS_FILE}") and p not in same):
        cluster = path.split("/", 1)[0]
        before, after = _karpenter(old_files.get(path)), _karpenter(new_files[path])
        if before is None or after is None:
            continue
        change = _state_change(cluster, before, after)
        if change is not None:
            changes.append(change)
    return changes


def _state_change(cluster: str, before: dict[str, Any], after: dict[str, Any]) -> Change | None:
    file = f"clusters/{cluster}.yaml"
    old, new = before.get("version"), after.get("version")
    old_path, new_path = before.get("upgrading_from"), after.get("upgrading_from")
    if before.get("generation") == "v1alpha5" and after.get("generation") == "v1":
        skipped = []
        if not old_path:
            skipped.append(
                "prepare (steps 1-2): karpenter.upgradingFrom on 0.31 and terraform/ applied with its upgrade policy "
                "before the controller leaves 0.31 (the 0.31 policy allows only karpenter.sh/provisioner-name tags, "
                "so the 0.32-1.0 controllers are denied)"
            )
        if _minor(new) >= (1, 1):
            skipped.append(
                "the 1.0 stop (steps 6-10): Karpenter 1.0.x serves the v1beta1 objects through its conversion webhooks "
                "and the stored versions are migrated to v1 there; 1.1+ serves v1 only"
            )
        elif not new_path:
            skipped.append("karpenter.upgradingFrom kept at the 1.0 stop (the 1.0 controller needs the upgrade policy)")
        if skipped:
            return Change(
                cluster,
                GROUP,
                KIND,
                NAME,
                "skips steps",
                DESTRUCTIVE,
                (
                    f"this pull request moves the running 0.31 cluster ({old}) to {new} at once and skips: "
                    + "; ".join(skipped)
                    + f". Follow {RUNBOOK}: `python main.py migrate {file} --step prepare` first (0.32-0.37 run outside "
                    "the repository with the appliers suspended)"
                ),
            )
        return Change(
            cluster,
            GROUP,
            KIND,
            NAME,
            "the 1.0 stop",
            IN_PLACE,
            (
                f"{old} → {new} (step 7 of {RUNBOOK}): merge only when the controller runs {new} with the appliers "
                "suspended (steps 3-6, outside the repository); then terraform/ (step 8: it deletes the 0.31 instance "
                "profiles, so no Machine may be left), `adopt` and resume (step 9)"
            ),
        )
    if old_path and not new_path and _minor(old) == (1, 0) and _minor(new) >= (1, 1):
        return Change(
            cluster,
            GROUP,
            KIND,
            NAME,
            "finished",
            IN_PLACE,
            (
                f"{old} → {new} (step 11 of {RUNBOOK}): merge only after the stored versions are v1 (step 10: `kubectl get "
                "crd nodepools.karpenter.sh -o jsonpath='{.status.storedVersions}'` says [\"v1\"], likewise nodeclaims and "
                "ec2nodeclasses); apply terraform/ once the new controller runs (step 12: it drops the upgrade policy)"
            ),
        )
    if new_path and not old_path and before.get("generation") == "v1alpha5":
        return Change(
            cluster,
            GROUP,
            KIND,
            NAME,
            "prepared",
            IN_PLACE,
            (
                f"step 1 of {RUNBOOK}: apply terraform/ with dist/{cluster}/aws.json before any controller upgrade (step 2), "
                "then suspend the appliers (step 3)"
            ),
        )
    return None
