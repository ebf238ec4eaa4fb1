"""Writes the IAM policy documents of each dist/<key>/aws.json as Terraform JSON (<out>/<key>/iam.tf.json) for
checkov: `data "aws_iam_policy_document"` blocks, the form its IAM policy checks read, plus the resources
terraform/ attaches them with (role trust, inline and managed policies, queue policy). terraform/ itself
only jsonencode()s aws.json's documents, whose statements checkov cannot see there; this shows them.

Usage: .venv/bin/python .ci/checkov_iam.py DIST OUT"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def statement_block(statement: dict[str, Any]) -> dict[str, Any]:
    block: dict[str, Any] = {"sid": statement["Sid"], "effect": statement["Effect"], "actions": statement["Action"]}
    if "Resource" in statement:
        block["resources"] = statement["Resource"]
    principal = statement.get("Principal")
    if principal == "*":
        block["principals"] = [{"type": "*", "identifiers": ["*"]}]
    elif principal:
        block["principals"] = [{"type": kind, "identifiers": ids} for kind, ids in principal.items()]
    conditions = [
        {"test": test, "variable": key, "values": values}
        for test, keys in statement.get("Condition", {}).items()
        for key, values in keys.items()
    ]
    if conditions:
        block["condition"] = conditions
    return block


def terraform_json(aws: dict[str, Any]) -> dict[str, Any]:
    iam = aws["iam"]
    documents = {
        "controller_policy": iam["controller_policy"],
        "node_trust": iam["node_trust"],
        "queue_policy": iam["queue_policy"],
        **({"controller_trust": iam["controller_trust"]} if iam["controller_trust"] else {}),
        **{f"pass_node_roles_{i}": document for i, document in enumerate(iam["pass_node_roles"])},
    }

    def ref(name: str) -> str:
        return f"${{data.aws_iam_policy_document.{name}.json}}"

    resources: dict[str, Any] = {
        "aws_iam_role": {"node": {"name": "node", "assume_role_policy": ref("node_trust")}},
        "aws_iam_role_policy": {
            "controller": {
                "name": "karpenter-controller",
                "role": aws["controller_role"]["name"],
                "policy": ref("controller_policy"),
            }
        },
        "aws_iam_policy": {name: {"name": name, "policy": ref(name)} for name in documents if name.startswith("pass_")},
        "aws_sqs_queue_policy": {
            "interruption": {"queue_url": aws["interruption_queue"], "policy": ref("queue_policy")}
        },
    }
    if "controller_trust" in documents:
        resources["aws_iam_role"]["controller"] = {
            "name": aws["controller_role"]["name"],
            "assume_role_policy": ref("controller_trust"),
        }
    return {
        "data": {
            "aws_iam_policy_document": {
                name: {"statement": [statement_block(s) for s in document["Statement"]]}
                for name, document in documents.items()
            }
        },
        "resource": resources,
    }


def main(dist: Path, out: Path) -> None:
    for path in sorted(dist.glob("*/aws.json")):
        folder = out / path.parent.name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "iam.tf.json").write_text(json.dumps(terraform_json(json.loads(path.read_text())), indent=2) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
