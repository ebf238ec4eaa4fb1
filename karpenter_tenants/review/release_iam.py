"""`plan` at a Karpenter release change (karpenter.version in dist/<key>/aws.json, base against head): what upstream's
controller policy changes between the two releases, statement by statement, from each release's getting-started
CloudFormation in the reference data (`<shared>/karpenter/v<version>/iam/cloudformation.yaml`, or the upgrade path's
stops); or that no reference exists for one of them, so the policy terraform/ applies was not checked against it.
The product's own policy is a function of the generation (synthesis/iam_policies.py): a patch or minor release of the
same generation changes nothing in aws.json's iam, so without this line an upgrade said nothing about IAM at all.

Registered in review/registry.py as a review of aws.json. Reads the reference data (never fails the plan: a file
that cannot be read is said as such). Imports the change model and review.iam (aws.json as a document)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from karpenter_tenants.objects.changes import IN_PLACE, Change
from karpenter_tenants.review.iam import aws_document
from karpenter_tenants.synthesis.aws_side import FILE_NAME as AWS_FILE

GROUP = "Karpenter upgrade"
KIND = "ControllerPolicy"
# Where each release line's getting-started CloudFormation lives in the reference data (../shared/README.md).
TEMPLATES = (
    "karpenter/v{version}/iam/cloudformation.yaml",
    "karpenter-upgrade-path/v{version}/iam/cloudformation.yaml",
)
MAX_TEMPLATE_BYTES = 1 << 20


class _CfnLoader(yaml.SafeLoader):
    """CloudFormation's YAML: its short-form intrinsic functions (!Sub, !GetAtt, ...) read as their argument."""


_CfnLoader.add_multi_constructor(
    "!",
    lambda loader, suffix, node: (
        loader.construct_scalar(node)
        if isinstance(node, yaml.ScalarNode)
        else loader.construct_sequence(node, deep=True)
        if isinstance(node, yaml.SequenceNode)
        else loader.construct_mapping(node, deep=True)
    ),
)


def release_iam_changes(
    old_files: dict[str, str],
    new_files: dict[str, str],
    same: set[str] | frozenset[str] = frozenset(),
    shared: Path | None = None,
) -> list[Change]:
    changes = []
    for path in sorted(p for p in new_files if p.count("/") == 1 and p.endswith(f"/{AWS_FILE}") and p not in same):
        old, new = _version(old_files.get(path)), _version(new_files[path])
        if old is None or new is None or old == new:
            continue
        changes.append(
            Change(
                path.split("/", 1)[0],
                GROUP,
                KIND,
                f"{old}-to-{new}",
                "compared",
                IN_PLACE,
                policy_note(old, new, path, shared),
            )
        )
    return changes


def _version(text: str | None) -> str | None:
    karpenter = (aws_document(text) or {}).get("karpenter")
    version = karpenter.get("version") if isinstance(karpenter, dict) else None
    return version if isinstance(version, str) and re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", version) else None


def policy_note(old: str, new: str, aws_json: str, shared: Path | None = None) -> str:
    """One line: upstream's controller policy from release old to new, or which release has no reference."""
    if shared is None:
        from karpenter_tenants.config.environment import EnvironmentProblem
        from karpenter_tenants.reference.shared import shared_dir

        try:
            shared = shared_dir()
        except EnvironmentProblem:
            shared = Path("../shared")
    policies = {version: reference_policy(shared, version) for version in (old, new)}
    missing = [version for version, found in policies.items() if isinstance(found, str)]
    where = f"dist/{aws_json} iam.controller_policy"
    if missing:
        reasons = "; ".join(f"{version}: {policies[version]}" for version in missing)
        return (
            f"Karpenter {old} → {new}: the controller policy terraform/ applies ({where}) was not checked against "
            f"upstream's for {' and '.join(missing)} ({reasons}); before merging, compare it with that release's "
            "getting-started cloudformation.yaml (`python main.py fetch-reference` fills the reference data)"
        )
    before, after = policies[old], policies[new]
    assert isinstance(before, dict) and isinstance(after, dict)
    differences = statement_differences(before, after)
    if not differences:
        return (
            f"Karpenter {old} → {new}: upstream's controller policy is the same in both releases (getting-started "
            "cloudformation.yaml, statement by statement); the one terraform/ applies needs no change for it"
        )
    return (
        f"Karpenter {old} → {new}: upstream's controller policy changes ({'; '.join(differences)}): check that "
        f"the one terraform/ applies ({where}) allows what {new} needs before the controller is upgraded"
    )


def reference_policy(shared: Path, version: str) -> dict[str, dict[str, Any]] | str:
    """Upstream's controller policy statements of a release by Sid (every IAM managed or inline policy of its template
    but the node role's), or why there is none."""
    for template in TEMPLATES:
        path = shared / template.format(version=version)
        if not path.is_file():
            continue
        try:
            if path.stat().st_size > MAX_TEMPLATE_BYTES:
                return f"{path} is larger than {MAX_TEMPLATE_BYTES} bytes"
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_CfnLoader)  # noqa: S506 - a SafeLoader
            return _statements(data)
        except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError, TypeError, AttributeError, KeyError) as error:
            return f"{path} could not be read ({type(error).__name__})"
    return f"no {TEMPLATES[0].format(version=version)} in {shared}"


def _statements(template: Any) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for name, resource in (template.get("Resources") or {}).items():
        if not isinstance(resource, dict) or resource.get("Type") not in (
            "AWS::IAM::ManagedPolicy",
            "AWS::IAM::Policy",
        ):
            continue
        document = (resource.get("Properties") or {}).get("PolicyDocument")
        if isinstance(document, str):  # a !Sub of JSON text: its ${...} names kept as text
            document = json.loads(re.sub(r"\$\{([^}]*)\}", r"<\1>", document))
        for index, statement in enumerate((document or {}).get("Statement") or []):
            if isinstance(statement, dict):
                found[str(statement.get("Sid") or f"{name}[{index}]")] = statement
    if not found:
        raise ValueError("no IAM policy statement")
    return found


def _listed(value: Any) -> set[str]:
    return {
        json.dumps(v, sort_keys=True) if not isinstance(v, str) else v
        for v in (value if isinstance(value, list) else [value])
    }


def statement_differences(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[str]:
    """Each statement added, removed or changed, with the actions it adds or drops."""
    differences = []
    for sid in sorted(after.keys() - before.keys()):
        differences.append(f"{sid} added: {', '.join(sorted(_listed(after[sid].get('Action'))))}")
    for sid in sorted(before.keys() - after.keys()):
        differences.append(f"{sid} removed")
    for sid in sorted(before.keys() & after.keys()):
        old, new = before[sid], after[sid]
        parts = []
        added = _listed(new.get("Action")) - _listed(old.get("Action"))
        dropped = _listed(old.get("Action")) - _listed(new.get("Action"))
        if added:
            parts.append(f"adds {', '.join(sorted(added))}")
        if dropped:
            parts.append(f"drops {', '.join(sorted(dropped))}")
        for key in ("Effect", "Resource", "Condition", "NotAction", "NotResource"):
            if json.dumps(old.get(key), sort_keys=True) != json.dumps(new.get(key), sort_keys=True):
                parts.append(f"its {key} changes")
        if parts:
            differences.append(f"{sid} {', '.join(parts)}")
    return differences
