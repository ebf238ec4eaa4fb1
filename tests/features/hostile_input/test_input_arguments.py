"""Every command given a bad argument, environment variable or file where it expects one:
exit 2 (1 for findings), one pinned first line, no traceback, no internal error, and every file of the workspace
byte-identical afterwards.

The table (CASES) runs each case in a copy of one workspace: a valid clusters/acme.yaml, its dist/, a git repository
(tag `nodist`: the commit before dist/ was added) and terraform outputs. Cases marked `sub` run `python main.py` as a
subprocess, the rest call commands.cli.main in-process. The environment variables the product reads are parsed and
range-checked where they are read (config/environment.py; the lock timeout in synthesis/safe_io.py)."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1ALPHA5, EXAMPLE_DIST, EXAMPLES_DIR, ROOT
from support.input_helpers import BOMB_YAML, NOT_UTF8, _config

from karpenter_tenants.commands import registry
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.yaml_input import MAX_ALIASES

FIXTURE_OUTPUTS = (ROOT / "tests/fixtures/terraform-output-acme.json").read_text()


def _legacy() -> str:
    return yaml.safe_dump(BASE_V1ALPHA5, sort_keys=False)


DEEP_YAML = "a: " + "[" * 150 + "]" * 150 + "\n"

MANY_ALIASES_YAML = "a: &a x\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"

V1_CLASS = (
    "---\napiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: {name: a}\n"
    "spec: {role: r, amiSelectorTerms: [{alias: al2023@latest}], subnetSelectorTerms: [{id: subnet-1}], "
    "securityGroupSelectorTerms: [{id: sg-1}]}\n"
)


def _pool(name: str = "a", limits: str = "{}", requirements: str = "[]", metadata: str | None = None) -> str:
    return (
        f"apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {metadata or '{name: ' + json.dumps(name) + '}'}\n"
        f"spec:\n  limits: {limits}\n  template:\n    spec:\n      requirements: {requirements}\n"
        "      nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: a}\n" + V1_CLASS
    )


def _outputs(**changes: Any) -> str:
    document = json.loads(FIXTURE_OUTPUTS)
    for name, value in changes.items():
        document[name]["value"] = value
    return json.dumps(document)


# `helm get values --all` of a release (what matters: the chart's defaults are there) and a Helm 3 release record.
_ALL_VALUES = {"controller": {}, "serviceAccount": {"create": True}, "settings": {"clusterName": "acme"}}
_RECORD = {
    "name": "karpenter",
    "namespace": "karpenter",
    "version": 1,
    "info": {"status": "deployed"},
    "chart": {"metadata": {"name": "karpenter", "version": "1.14.1"}, "values": _ALL_VALUES},
    "config": {},
}


def _release_secret(record: dict[str, Any], payload: bytes | None = None) -> dict[str, Any]:
    """The record as Helm's Secrets driver stores it (JSON, gzip, base64) and kubectl prints it (base64 again)."""
    import base64
    import gzip

    helm_text = base64.b64encode(payload if payload is not None else gzip.compress(json.dumps(record).encode()))
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "helm.sh/release.v1",
        "metadata": {"name": f"sh.helm.release.v1.{record['name']}.v1", "namespace": record["namespace"]},
        "data": {"release": base64.b64encode(helm_text).decode()},
    }


@dataclass
class Case:
    args: list[str]
    first_line: str
    files: dict[str, str | bytes] = field(default_factory=dict)
    status: int = 2
    sub: bool = False  # run as a subprocess
    env: dict[str, str] = field(default_factory=dict)
    remove: tuple[str, ...] = ()
    symlinks: dict[str, str] = field(default_factory=dict)


CLUSTER = "clusters/acme.yaml"
COMMAND_NAMES = [command.NAME for command in registry.COMMANDS]

NOT_SYNTHS = (
    "error: {} is not empty and was not written by synth (no .karpenter-tenants file in it); synth replaces the "
    "whole folder, so pass --out with a new or empty folder"
)

CASES: dict[str, Case] = {
    # --- synth: the cluster config -------------------------------------------------------------
    "synth: not UTF-8": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: NOT_UTF8}, sub=True
    ),
    "synth: nested 150 deep": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: DEEP_YAML}
    ),
    "synth: alias bomb": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: BOMB_YAML}, sub=True
    ),
    "synth: too many aliases": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: MANY_ALIASES_YAML}
    ),
    "synth: YAML syntax error": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: "cluster: [\n"}
    ),
    "synth: !!int without a value": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: "cluster:\n  name: !!int\n"},
    ),
    "synth: a date that is no date": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: "cluster:\n  name: 2020-13-45\n"},
    ),
    "synth: a YAML directive libyaml refuses, then deep nesting": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: "%YAML 1.3\n---\nx: " + "[" * 2000 + "]" * 2000 + "\n"},
    ),
    "synth: .yml file": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {"clusters/beta.yml": _config()}
    ),
    "synth: same cluster in two files": Case(
        # also the AWS names both files would create in one account: 3 more problems
        ["synth"],
        "error: 4 problems in the cluster config; dist/ was not changed:",
        {"clusters/acme-copy.yaml": _config()},
    ),
    "synth: label overrides the tenant label": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(labels={"tenant": "beta"})},
    ),
    "synth: taint on the tenant key": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(taints=[{"key": "tenant", "value": "beta", "effect": "NoSchedule"}])},
    ),
    "synth: startup taint on the tenant key": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(startupTaints=[{"key": "tenant", "effect": "NoSchedule"}])},
    ),
    "synth: requirement on the tenant key": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(requirements={"extra": [{"key": "tenant", "operator": "In", "values": ["beta"]}]})},
    ),
    "synth: kubelet systemReserved key": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(kubelet={"systemReserved": {"gpu": "1"}})},
    ),
    "synth: kubelet negative reserved": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(kubelet={"kubeReserved": {"cpu": "-1"}})},
    ),
    "synth: kubelet eviction signal": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(kubelet={"evictionHard": {"memory.free": "5%"}})},
    ),
    "synth: kubelet eviction threshold": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(kubelet={"evictionHard": {"memory.available": "lots"}})},
    ),
    "synth: kubelet soft without grace period": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(kubelet={"evictionSoft": {"memory.available": "10%"}})},
    ),
    "synth: kubelet image GC thresholds": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(kubelet={"imageGCHighThresholdPercent": 50, "imageGCLowThresholdPercent": 60})},
    ),
    "synth: duration as a YAML number": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config(disruption={"consolidateAfter": 30})},
    ),
    "synth: base-60 duration": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {
            CLUSTER: _config().replace(
                "tenants:\n", "tenants:\n- name: beta\n  nodeRole: r\n  disruption: {expireAfter: 1:30}\n", 1
            )
        },
    ),
    "synth: version as a YAML number": Case(
        ["synth"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: _config().replace("version: 1.14.1", "version: 1.14")},
    ),
    "synth: empty file": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: ""}
    ),
    "synth: a list": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: "- a\n"}
    ),
    "synth: cluster file is a folder": Case(
        ["synth"], "error: 1 problem in the cluster config; dist/ was not changed:", {"clusters/beta.yaml/x": "x"}
    ),
    "synth: no clusters folder": Case(
        ["--clusters", "nowhere", "synth"], "error: 1 problem in the cluster config; dist/ was not changed:"
    ),
    # --- synth: the output folder ----------------------------------------------------------------
    "synth --out .": Case(
        ["synth", "--out", "."],
        NOT_SYNTHS.format("."),
        sub=True,
    ),
    "synth --out d with d/keep": Case(
        ["synth", "--out", "d"],
        NOT_SYNTHS.format("d"),
        {"d/keep": "mine\n"},
    ),
    **{
        f"synth: KARPENTER_TENANTS_LOCK_TIMEOUT={value}": Case(
            ["synth"],
            f"error: KARPENTER_TENANTS_LOCK_TIMEOUT='{value}': the seconds synth waits for another synth's lock, a "
            "number from 0 to 86400; unset it for the default 300",
            env={"KARPENTER_TENANTS_LOCK_TIMEOUT": value},
            sub=True,
        )
        for value in ("abc", "nan", "-1", "inf")
    },
    "synth CDK8S_OUTDIR=d with d/keep": Case(
        ["synth"],
        NOT_SYNTHS.format("d"),
        {"d/keep": "mine\n"},
        env={"CDK8S_OUTDIR": "d"},
        sub=True,
    ),
    "synth: dist is a dangling symlink": Case(
        ["synth"],
        "error: dist is a symbolic link (to ../elsewhere/dist); synth writes only a real folder: remove the link or "
        "pass --out with a folder",
        remove=("dist",),
        symlinks={"dist": "../elsewhere/dist"},
        sub=True,
    ),
    # round 9 (r9-synth: --dist .git/newdist wrote a tree into git's own folder, which docs/safety.md forbids)
    "synth --out inside .git": Case(
        ["synth", "--out", ".git/newdist"],
        "error: .git/newdist is inside a .git folder: synth never writes there; pass --out with another folder",
    ),
    "synth: dist is a file": Case(
        ["synth"],
        "error: dist exists and is not a folder; remove it or pass --out with another folder",
        {"dist": "a file\n"},
        remove=("dist",),
    ),
    "synth --out under a file": Case(
        ["synth", "--out", "notes.txt/out"],
        "error: notes.txt/out: notes.txt is not a folder; pass --out with a folder path",
        {"notes.txt": "x\n"},
    ),
    "synth: unknown command": Case(
        ["synthesize"],
        "error: python main.py: argument COMMAND: invalid choice: 'synthesize' (choose from "
        + ", ".join(f"'{c}'" for c in COMMAND_NAMES)
        + ") (`python main.py --help` lists the options)",
    ),
    "synth --shard past N": Case(
        ["synth", "--shard", "3/2"],
        "error: --shard 3/2: there is no shard 3 of 2; K runs from 1 to N (e.g. --shard 2/3 for the second of three shards)",
    ),
    "synth --shard 0": Case(
        ["synth", "--shard", "0/2"],
        "error: --shard 0/2: there is no shard 0 of 2; K runs from 1 to N (e.g. --shard 2/3 for the second of three shards)",
    ),
    "check --shard not K/N": Case(
        ["check", "--shard", "x"],
        "error: --shard x: write K/N, two whole numbers with 1 <= K <= N (e.g. --shard 2/3 for the second of three shards)",
        sub=True,
    ),
    # --- check ------------------------------------------------------------------------------------------
    "check: dist file not UTF-8": Case(
        ["check"],
        "error: dist/acme/base/extra.yaml:1: not UTF-8 text (byte 0xff at offset 0); save the file as UTF-8",
        {"dist/acme/base/extra.yaml": b"\xff\n"},
    ),
    "check: bad config": Case(
        ["check"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: NOT_UTF8}
    ),
    "check: out is a file": Case(
        ["check", "--out", "notes.txt"],
        "error: notes.txt exists and is not a folder; pass --out with the folder synth wrote",
        {"notes.txt": "x\n"},
    ),
    # --- validate ---------------------------------------------------------------------------------------
    "validate: not UTF-8": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml:2: not UTF-8 text (byte 0xff at offset 6); save the file as UTF-8",
        {"dist/acme/base/extra.yaml": b"kind:\n\xff\n"},
        sub=True,
    ),
    "validate: nested 150 deep": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml:1: nested more than 100 levels deep; flatten the document",
        {"dist/acme/base/extra.yaml": DEEP_YAML},
    ),
    "validate: alias bomb": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml:7: more than 1,000,000 YAML nodes with aliases expanded (an alias bomb?); "
        "expand the aliases or split the file",
        {"dist/acme/base/extra.yaml": BOMB_YAML},
    ),
    # kustomization.yaml files are read by the GitOps wiring check only: the same input limits hold there.
    "validate: kustomization.yaml not UTF-8": Case(
        ["validate"],
        "error: dist/acme/base/kustomization.yaml:1: not UTF-8 text (byte 0xff at offset 0); save the file as UTF-8",
        {"dist/acme/base/kustomization.yaml": b"\xff\n"},
    ),
    "validate: kustomization.yaml alias bomb": Case(
        ["validate"],
        "error: dist/acme/base/kustomization.yaml:7: more than 1,000,000 YAML nodes with aliases expanded (an alias "
        "bomb?); expand the aliases or split the file",
        {"dist/acme/base/kustomization.yaml": BOMB_YAML},
    ),
    "validate: no apiVersion": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml: document 1 has no apiVersion (as a string); every Kubernetes object needs both",
        {"dist/acme/base/extra.yaml": "kind: ConfigMap\nmetadata: {name: x}\n"},
        sub=True,
    ),
    "validate: kind a number": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml: document 2 has no kind (as a string); every Kubernetes object needs both",
        {"dist/acme/base/extra.yaml": "---\n---\napiVersion: v1\nkind: 5\n"},
    ),
    "validate: a list document": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml: document 1 is a list, not a Kubernetes object",
        {"dist/acme/base/extra.yaml": "- 1\n"},
    ),
    "validate: YAML syntax error": Case(
        ["validate"],
        "error: dist/acme/base/extra.yaml:2: YAML syntax error: while parsing a flow sequence, expected ',' or ']', "
        "but got '<stream end>'; fix the YAML",
        {"dist/acme/base/extra.yaml": "a: [b\n"},
    ),
    "validate --base unknown revision": Case(
        ["validate", "--base", "no-such-rev"],
        "error: --base no-such-rev: no such revision in <ws>; give a commit, branch or tag",
        sub=True,
    ),
    "validate: missing folder": Case(
        ["validate", "nowhere"], "error: nowhere is not a folder of manifests; run `python main.py` first"
    ),
    "validate: folder is a file": Case(
        ["validate", "notes.txt"],
        "error: notes.txt is not a folder of manifests; run `python main.py` first",
        {"notes.txt": "x\n"},
    ),
    "validate: no CRDs": Case(
        ["validate", "--crds", "nowhere"],
        "error: no reference data for Karpenter 1.14.1 (clusters/acme.yaml: karpenter.version): nowhere/karpenter/v1.14.1/"
        "karpenter is missing; fetch it with `python main.py fetch-reference 1.14.1` (or point --reference or "
        "$KARPENTER_TENANTS_SHARED at a folder that has it)",
    ),
    "validate: bad config": Case(
        ["validate"],
        "error: the cluster config has problems (run `python main.py` to see them all):",
        {CLUSTER: BOMB_YAML},
    ),
    # --- export-schemas / render-chart -----------------------------------------------------------------
    "export-schemas: missing path": Case(
        ["export-schemas", "out", "--path", "nowhere"], "error: nowhere is not a folder of manifests"
    ),
    "export-schemas: not UTF-8": Case(
        ["export-schemas", "out"],
        "error: dist/acme/base/extra.yaml:1: not UTF-8 text (byte 0xfe at offset 0); save the file as UTF-8",
        {"dist/acme/base/extra.yaml": b"\xfe"},
    ),
    "export-schemas: out under a file": Case(
        ["export-schemas", "notes.txt/out"],
        "error: notes.txt/out/flowcontrol.apiserver.k8s.io: a file where a folder is asked (on the way to it); name a folder; nothing was changed",
        {"notes.txt": "x\n"},
        sub=True,
    ),
    "export-schemas: no CRDs": Case(
        ["export-schemas", "out", "--crds", "nowhere"],
        "error: no CRDs found under nowhere: point KARPENTER_TENANTS_SHARED at the reference data folder "
        "(karpenter/, crds/flux, crds/argocd)",
    ),
    "render-chart: out under a file": Case(
        ["render-chart", "notes.txt/out"],
        "error: notes.txt/out/acme: a file where a folder is asked (on the way to it); name a folder; nothing was changed",
        {"notes.txt": "x\n"},
    ),
    "render-chart: no charts": Case(
        ["render-chart", "out", "--crds", "nowhere"],
        "error: no reference data for Karpenter 1.14.1 (clusters/acme.yaml: karpenter.version): nowhere/karpenter/v1.14.1/"
        "karpenter is missing; fetch it with `python main.py fetch-reference 1.14.1` (or point --reference or "
        "$KARPENTER_TENANTS_SHARED at a folder that has it)",
    ),
    "render-chart: bad config": Case(
        ["render-chart", "out"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: DEEP_YAML}
    ),
    # --- plan -----------------------------------------------------------------------------------------------
    "plan --base unknown revision": Case(
        ["plan", "--base", "no-such-rev"],
        "error: --base no-such-rev: no such commit in <ws> (a branch, tag or commit id; fetch it first, e.g. "
        "`git fetch origin no-such-rev`)",
        sub=True,
    ),
    # round 9: `plan --dist main.py` said `error: :1: YAML syntax error`, no file named
    "plan --dist a file": Case(
        ["plan", "--base", "HEAD", "--dist", "clusters/acme.yaml"],
        "error: clusters/acme.yaml is a file at HEAD, not the output folder: pass --dist with the folder synth writes",
    ),
    "plan: release of no adoption": Case(
        ["plan", "--base", "HEAD", "--release-values", "values.json"],
        "error: the release options describe the release a new controller HelmRelease (or Application) adopts, and this "
        "change adds none; the clusters' releases are already in dist/ at the base revision",
        {"values.json": json.dumps(_ALL_VALUES)},
    ),
    "plan: bad config": Case(
        ["plan", "--base", "HEAD"],
        "error: 1 problem in the cluster config; dist/ was not changed:",
        {CLUSTER: NOT_UTF8},
    ),
    # --- check-terraform -------------------------------------------------------------------------------
    "check-terraform: not UTF-8": Case(
        ["check-terraform", "bad.json"],
        "error: bad.json:1: not UTF-8 text (byte 0xff at offset 1); save the file as UTF-8",
        {"bad.json": b"{\xff}"},
        sub=True,
    ),
    "check-terraform: nested 5000 deep": Case(
        ["check-terraform", "bad.json"],
        "error: bad.json: JSON nested more than 100 levels deep; is it `terraform output -json`?",
        {"bad.json": "[" * 5000 + "]" * 5000},
    ),
    "check-terraform: wrong types": Case(
        ["check-terraform", "bad.json"],
        "error: bad.json: outputs of the wrong type: cluster_name should be a string, not 5; node_role_names should "
        'be a map of strings, not ["a"]; is it the output of the module in terraform/?',
        {"bad.json": _outputs(cluster_name=5, node_role_names=["a"])},
    ),
    "check-terraform: map of numbers": Case(
        ["check-terraform", "bad.json"],
        'error: bad.json: outputs of the wrong type: node_role_names should be a map of strings, not {"alpha": 1}; '
        "is it the output of the module in terraform/?",
        {"bad.json": _outputs(node_role_names={"alpha": 1})},
    ),
    "check-terraform: not JSON": Case(
        ["check-terraform", "bad.json"],
        "error: bad.json: not JSON (Expecting value at line 1); write it with `terraform output -json`",
        {"bad.json": "cluster_name = acme\n"},
    ),
    "check-terraform: a list": Case(
        ["check-terraform", "bad.json"],
        "error: bad.json: expected the object `terraform output -json` writes",
        {"bad.json": "[]"},
    ),
    "check-terraform: missing outputs": Case(
        ["check-terraform", "bad.json"],
        "error: bad.json: missing outputs controller_role_arn, node_role_names, instance_profile_names, "
        "default_instance_profile_name, interruption_queue_name, pod_identity_association, existing_iam, policies_to_attach, access_entries; is it the output of the "
        "module in terraform/?",
        {"bad.json": '{"cluster_name": {"value": "acme", "type": "string"}}'},
    ),
    "check-terraform: missing file": Case(
        ["check-terraform", "nowhere.json"], "error: nowhere.json: cannot read: No such file or directory"
    ),
    "check-terraform: aws.json missing": Case(
        ["check-terraform", "outputs.json"],
        "error: dist/acme/aws.json: not found; run `python main.py` to write it (and apply terraform/ with it)",
        remove=("dist/acme/aws.json",),
    ),
    "check-terraform: aws.json stale": Case(
        ["check-terraform", "outputs.json"],
        "error: dist/acme/aws.json is not what clusters/acme.yaml gives (stale or edited): run `python main.py`, "
        "`terraform apply` with the new file, then compare again",
        {"dist/acme/aws.json": "{}\n"},
    ),
    "check-terraform: aws.json not UTF-8": Case(
        ["check-terraform", "outputs.json"],
        "error: dist/acme/aws.json:1: not UTF-8 text (byte 0xff at offset 1); save the file as UTF-8",
        {"dist/acme/aws.json": b"{\xff}"},
    ),
    "check-terraform: unknown cluster": Case(
        ["check-terraform", "outputs.json", "--cluster", "beta"],
        "error: --cluster beta: no clusters/beta.yaml (have: acme)",
    ),
    # --- import ------------------------------------------------------------------------------------------
    "import: not UTF-8": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": b"kind: \xc3\x28\n"}, sub=True
    ),
    "import: metadata a list": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": _pool(metadata="[a]")}
    ),
    "import: requirements a scalar": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": _pool(requirements="5")}, sub=True
    ),
    "import: name ../EVIL": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": _pool("../EVIL")}
    ),
    "import: cpu .inf": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": _pool(limits="{cpu: .inf}")}
    ),
    "import: cpu 'inf'": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": _pool(limits="{cpu: inf}")}
    ),
    "import: alias bomb": Case(["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": BOMB_YAML}),
    "import: nested 150 deep": Case(["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": DEEP_YAML}),
    "import: a scalar document": Case(
        ["import", "in.yaml"], "error: cannot import (1 problem):", {"in.yaml": "just text\n"}
    ),
    "import: unknown kind": Case(
        ["import", "in.yaml"],
        "error: cannot import (1 problem):",
        {"in.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"},
    ),
    "import: missing file": Case(["import", "nowhere.yaml"], "error: cannot import (1 problem):"),
    "import --out-file under a file": Case(
        ["import", "in.yaml", "--out-file", "notes.txt/tenants.yaml"],
        "error: notes.txt/tenants.yaml: a file where a folder is asked (on the way to it); name a folder; nothing was changed",
        {"in.yaml": _pool(), "notes.txt": "x\n"},
    ),
    # --- migrate ----------------------------------------------------------------------------------------
    "migrate: not UTF-8": Case(
        ["migrate", "clusters/old.yaml"],
        "error: the cluster file has problems; fix them first:",
        {"clusters/old.yaml": NOT_UTF8},
        sub=True,
    ),
    "migrate: nested 150 deep": Case(
        ["migrate", "clusters/old.yaml"],
        "error: the cluster file has problems; fix them first:",
        {"clusters/old.yaml": DEEP_YAML},
    ),
    "migrate: alias bomb": Case(
        ["migrate", "clusters/old.yaml", "--write"],
        "error: the cluster file has problems; fix them first:",
        {"clusters/old.yaml": BOMB_YAML},
    ),
    "migrate: already 1.x": Case(
        ["migrate", CLUSTER, "--write"],
        "error: clusters/acme.yaml: karpenter.version is 1.14.1, already on the v1 APIs; migrate converts 0.31 "
        "(v1alpha5) configs",
    ),
    "migrate --to 0.31": Case(
        ["migrate", "clusters/old.yaml", "--to", "0.31.5"],
        "error: --to 0.31.5: migrate goes to Karpenter 1.x (v1 APIs); 0.31.5 is not 1.x",
        {"clusters/old.yaml": _legacy()},
    ),
    "migrate: missing file": Case(
        ["migrate", "clusters/nowhere.yaml"], "error: the cluster file has problems; fix them first:"
    ),
    # --- adopt ------------------------------------------------------------------------------------------
    "adopt: unknown cluster key": Case(
        ["adopt", "beta"], "error: beta: no such cluster file (clusters/beta.yaml does not exist; have: acme)"
    ),
    "adopt: missing cluster file": Case(
        ["adopt", "elsewhere/acme.yaml"],
        "error: elsewhere/acme.yaml: no such cluster file (elsewhere/acme.yaml does not exist; have: acme)",
    ),
    "adopt: bad config": Case(
        ["adopt", "acme"], "error: clusters/acme.yaml has problems; fix them first:", {CLUSTER: NOT_UTF8}, sub=True
    ),
    "adopt: empty context": Case(
        ["adopt", "acme", "--context", ""],
        "error: --context '': name a kubeconfig context (kubectl config get-contexts)",
    ),
    "adopt: unknown format": Case(
        ["adopt", "acme", "--format", "yaml"],
        "error: python main.py adopt: argument --format: invalid choice: 'yaml' (choose from 'text', 'sh', 'json') "
        "(`python main.py adopt --help` lists the options)",
    ),
    "adopt: release values not JSON": Case(
        ["adopt", "acme", "--release-values", "values.json"],
        "error: values.json: not JSON (Expecting value at line 1); write it with `helm get values RELEASE -n NAMESPACE -o json --all`",
        {"values.json": "USER-SUPPLIED VALUES:\nlogLevel: debug\n"},
    ),
    "adopt: release values a list": Case(
        ["adopt", "acme", "--release-values", "values.json"],
        "error: values.json: not a JSON object of Helm values but a list; write it with `helm get values RELEASE -n "
        "NAMESPACE -o json --all`",
        {"values.json": "[]"},
    ),
    "adopt: release values without --all": Case(
        ["adopt", "acme", "--release-values", "values.json"],
        "error: values.json: has no controller, serviceAccount: the chart's defaults are missing, so these are not the "
        "computed values; write them with `helm get values RELEASE -n NAMESPACE -o json --all` (with --all)",
        {"values.json": json.dumps({"settings": {"clusterName": "acme"}})},
    ),
    "adopt: release list of another chart": Case(
        ["adopt", "acme", "--release-values", "values.json", "--release-list", "list.json"],
        "error: list.json: release karpenter is of chart 'karpenter-crd-1.14.1', not the karpenter chart "
        "(`karpenter-<version>`): it is not the Karpenter controller's release",
        {
            "values.json": json.dumps(_ALL_VALUES),
            "list.json": json.dumps(
                [{"name": "karpenter", "namespace": "karpenter", "status": "deployed", "chart": "karpenter-crd-1.14.1"}]
            ),
        },
    ),
    "adopt: release values null": Case(
        ["adopt", "acme", "--release-values", "values.json"],
        "error: values.json: not a JSON object of Helm values but null; write it with `helm get values RELEASE -n "
        "NAMESPACE -o json --all`",
        {"values.json": "null\n"},
    ),
    "adopt: release list without the release": Case(
        ["adopt", "acme", "--release-values", "values.json", "--release-list", "list.json"],
        "error: list.json: lists no release karpenter in namespace karpenter, the one the generated Flux HelmRelease "
        "karpenter/karpenter upgrades (it lists: karpenter/other)",
        {
            "values.json": json.dumps(_ALL_VALUES),
            "list.json": json.dumps(
                [{"name": "other", "namespace": "karpenter", "status": "deployed", "chart": "karpenter-1.14.1"}]
            ),
        },
    ),
    "adopt: release list without values": Case(
        ["adopt", "acme", "--release-list", "list.json"],
        "error: --release-list goes with --release-values (the Secret of --release-secret has the chart version)",
    ),
    "adopt: json without a release": Case(
        ["adopt", "acme", "--format", "json"],
        "error: --format json needs the live release: --release-values FILE or --release-secret FILE",
    ),
    "adopt: secret of another release": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: the record of release other in namespace karpenter, not of karpenter in karpenter, the "
        "release the generated Flux HelmRelease karpenter/karpenter upgrades",
        {"secret.json": json.dumps(_release_secret({**_RECORD, "name": "other"}))},
    ),
    "adopt: secret of gzip garbage": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: data.release is not valid gzip (Error -3 while decompressing data: invalid block type): "
        "the record is damaged",
        {"secret.json": json.dumps(_release_secret(_RECORD, b"\x1f\x8b\x08" + bytes(7) + b"\xff" * 20))},
    ),
    "adopt: secret of another chart": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: a release of chart 'karpenter-crd', not the karpenter chart: it is not the Karpenter "
        "controller's release",
        {"secret.json": json.dumps(_release_secret({**_RECORD, "chart": {"metadata": {"name": "karpenter-crd"}}}))},
    ),
    "adopt: secret list of items whose metadata is no mapping": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: a list of 2 Secrets, 0 of them the deployed revision: give the one Secret, `kubectl get "
        "secret sh.helm.release.v1.karpenter.vN -n karpenter -o json`",
        {
            "secret.json": json.dumps(
                {"kind": "List", "items": [{"metadata": "x"}, {"metadata": {"labels": ["deployed"]}}]}
            )
        },
    ),
    "adopt: release values whose serviceAccount is no mapping": Case(
        ["adopt", "acme", "--release-values", "values.json"],
        "error: values.json: serviceAccount is a string, not a mapping: not values of the karpenter chart; write them "
        "with `helm get values RELEASE -n NAMESPACE -o json --all`",
        {"values.json": json.dumps({**_ALL_VALUES, "serviceAccount": "karpenter"})},
    ),
    "adopt: secret whose chart's serviceAccount is no mapping": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: serviceAccount is a list, not a mapping: not values of the karpenter chart; write them "
        "with `kubectl get secret sh.helm.release.v1.karpenter.vN -n karpenter -o json`",
        {
            "secret.json": json.dumps(
                _release_secret(
                    {**_RECORD, "chart": {**_RECORD["chart"], "values": {**_ALL_VALUES, "serviceAccount": [1]}}}
                )
            )
        },
    ),
    "adopt: release values with a number of 5,000 digits": Case(
        ["adopt", "acme", "--release-values", "values.json"],
        "error: values.json: not JSON this command reads (a number of more than 4,300 digits); write it with `helm get "
        "values RELEASE -n NAMESPACE -o json --all`",
        {"values.json": json.dumps(_ALL_VALUES)[:-1] + ', "replicas": ' + "1" * 5000 + "}"},
    ),
    "adopt: secret whose record is nested 900 deep": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: data.release: JSON nested more than 100 levels deep; is it `kubectl get secret "
        "sh.helm.release.v1.karpenter.vN -n karpenter -o json`?",
        {
            "secret.json": json.dumps(
                _release_secret({**_RECORD, "config": json.loads('{"a":' * 900 + "1" + "}" * 900)})
            )
        },
    ),
    "adopt: release values with NaN": Case(
        ["adopt", "acme", "--release-values", "values.json", "--format", "json"],
        "error: values.json: not JSON (NaN is not a JSON value); write it with `helm get values RELEASE -n NAMESPACE "
        "-o json --all`",
        {"values.json": json.dumps({**_ALL_VALUES, "replicas": float("nan")})},
    ),
    "adopt: secret whose record inflates past 8 MiB (a gzip bomb)": Case(
        ["adopt", "acme", "--release-secret", "secret.json"],
        "error: secret.json: data.release unpacks to more than 8 MiB or is cut short: not a record this command reads "
        "(a release's record is well under 1 MiB)",
        {
            "secret.json": json.dumps(
                _release_secret(_RECORD, gzip.compress(b'{"config": {"x": [' + b"0," * (4 * 1024 * 1024 + 1) + b"0]}}"))
            )
        },
    ),
    "adopt: release values a Secret": Case(
        ["adopt", "acme", "--release-values", "secret.json"],
        "error: secret.json: a Secret, not the release's values: pass it with --release-secret",
        {"secret.json": json.dumps(_release_secret(_RECORD))},
    ),
    "adopt: no reference data": Case(
        ["adopt", "acme", "--crds", "nowhere"],
        "error: no reference data for Karpenter 1.14.1 (clusters/acme.yaml: karpenter.version): "
        "nowhere/karpenter/v1.14.1/karpenter is missing; fetch it with `python main.py fetch-reference 1.14.1` "
        "(or point --reference or $KARPENTER_TENANTS_SHARED at a folder that has it)",
    ),
    # --- capacity ---------------------------------------------------------------------------------------
    "capacity: unknown cluster key": Case(
        ["capacity", "beta"],
        "error: beta: no such cluster (have: acme); name a cluster file's key (clusters/acme.yaml: acme)",
    ),
    "capacity: bad config": Case(
        ["capacity"], "error: 1 problem in the cluster config; dist/ was not changed:", {CLUSTER: NOT_UTF8}
    ),
    "capacity: no catalogue": Case(
        ["capacity", "--reference", "nowhere"],
        "error: nowhere/karpenter/v1.14.1/reference/ has no instance-types.md and no zz_generated.pricing_aws.go, the "
        "instance-type catalogue of Karpenter 1.14.1 (../shared carries it; fetch-reference does not fetch it): name a "
        "reference folder that has it with --reference DIR or $KARPENTER_TENANTS_SHARED",
    ),
    "capacity: unknown format": Case(
        ["capacity", "--format", "yaml"],
        "error: python main.py capacity: argument --format: invalid choice: 'yaml' (choose from 'text', 'markdown', "
        "'json') (`python main.py capacity --help` lists the options)",
    ),
    # --- docs -------------------------------------------------------------------------------------------
    "docs: reference not UTF-8": Case(
        ["docs"],
        "error: docs/configuration.md:1: not UTF-8 text (byte 0xff at offset 0); save the file as UTF-8",
        {"docs/configuration.md": b"\xff"},
    ),
    "docs: no reference file": Case(["docs"], "error: docs/configuration.md: no such file; nothing was changed"),
    "docs: reference without its markers": Case(
        ["docs"],
        "error: docs/configuration.md has no <!-- config-reference:begin (generated by `python main.py docs`; do not "
        "edit) --> … <!-- config-reference:end --> markers, between which the generated part goes: put them back (git "
        "show HEAD:docs/configuration.md); nothing was written",
        {"docs/configuration.md": "# Configuration\n"},
    ),
}


# The first problem line under a header line, pinned as well.
DETAILS = {
    "synth: not UTF-8": "clusters/acme.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
    "synth: nested 150 deep": "clusters/acme.yaml:1: (top level): nested more than 100 levels deep; flatten the document",
    "synth: alias bomb": "clusters/acme.yaml:7: (top level): more than 1,000,000 YAML nodes with aliases expanded (an alias bomb?); expand the aliases or split the file",
    "synth: too many aliases": "clusters/acme.yaml:2: (top level): more than 100,000 YAML aliases (*name); expand them or split the file",
    "synth: YAML syntax error": "clusters/acme.yaml:2: (top level): YAML syntax error: while parsing a flow node, expected the node content, but found '<stream end>'; fix the YAML",
    "synth: !!int without a value": "clusters/acme.yaml:2: (top level): YAML syntax error: '' is not a valid int (read as !!int); quote it to keep it as text; fix the YAML",
    "synth: a date that is no date": "clusters/acme.yaml:2: (top level): YAML syntax error: '2020-13-45' is not a valid timestamp (read as !!timestamp); quote it to keep it as text; fix the YAML",
    "synth: a YAML directive libyaml refuses, then deep nesting": "clusters/acme.yaml:1: (top level): YAML syntax error: found incompatible YAML document; fix the YAML",
    "synth: .yml file": "clusters/beta.yml: (top level): cluster files end in .yaml; rename it to beta.yaml",
    "synth: same cluster in two files": "clusters/acme.yaml: cluster.name: cluster acme in ca-central-1 is also configured by clusters/acme-copy.yaml; one file per cluster: merge the tenants into one file",
    "synth: label overrides the tenant label": "clusters/acme.yaml:13: tenants[0].labels.tenant: would override the tenant label (tenant: alpha); remove it or choose another tenancy.labelKey",
    "synth: taint on the tenant key": "clusters/acme.yaml:13: tenants[0].taints[0].key: 'tenant' is the tenant key: the product sets the tenant taint itself (dedicated: true); remove this one",
    "synth: startup taint on the tenant key": "clusters/acme.yaml:13: tenants[0].startupTaints[0].key: 'tenant' is the tenant key: the product sets the tenant taint itself (dedicated: true); remove this one",
    "synth: requirement on the tenant key": "clusters/acme.yaml:14: tenants[0].requirements.extra[0].key: 'tenant' is the tenant key: the product selects the tenant's nodes by it; remove this requirement",
    "synth: kubelet systemReserved key": "clusters/acme.yaml:13: tenants[0].kubelet.systemReserved: 'gpu' is not one of cpu, memory, ephemeral-storage, pid (the keys kubelet reserves)",
    "synth: kubelet negative reserved": "clusters/acme.yaml:13: tenants[0].kubelet.kubeReserved: '-1' is negative; a limit must be zero or more",
    "synth: kubelet eviction signal": "clusters/acme.yaml:13: tenants[0].kubelet.evictionHard: 'memory.free' is not an eviction signal: one of memory.available, nodefs.available, nodefs.inodesFree, imagefs.available, imagefs.inodesFree, pid.available",
    "synth: kubelet eviction threshold": "clusters/acme.yaml:13: tenants[0].kubelet.evictionHard: memory.available: 'lots' is not a threshold like '10%' or '500Mi'",
    "synth: kubelet soft without grace period": "clusters/acme.yaml:12: tenants[0].kubelet.evictionSoftGracePeriod: evictionSoft and evictionSoftGracePeriod must name the same signals (only in one of them: memory.available)",
    "synth: kubelet image GC thresholds": "clusters/acme.yaml:13: tenants[0].kubelet.imageGCHighThresholdPercent: imageGCHighThresholdPercent (50) must be greater than imageGCLowThresholdPercent (60)",
    "synth: duration as a YAML number": 'clusters/acme.yaml:13: tenants[0].disruption.consolidateAfter: 30 is a YAML number; quote it as written, e.g. "30"',
    "synth: base-60 duration": "clusters/acme.yaml:10: tenants[0].disruption.expireAfter: '1:30' is not a duration like '30s', '15m', '720h' or '1h30m' (or 'Never')",
    "synth: version as a YAML number": 'clusters/acme.yaml:6: karpenter.version: 1.14 is a YAML number; quote the version, e.g. "1.14.1"',
    "synth: empty file": "clusters/acme.yaml:1: (top level): expected a mapping with keys cluster, karpenter and tenants",
    "synth: a list": "clusters/acme.yaml:1: (top level): expected a mapping with keys cluster, karpenter and tenants",
    "synth: cluster file is a folder": "clusters/beta.yaml: (top level): cannot read the file: Is a directory",
    "synth: no clusters folder": "nowhere: (top level): no such folder; create it with one <cluster>.yaml per cluster",
    "check: bad config": "clusters/acme.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
    "validate: bad config": "clusters/acme.yaml:7: (top level): more than 1,000,000 YAML nodes with aliases expanded (an alias bomb?); expand the aliases or split the file",
    "render-chart: bad config": "clusters/acme.yaml:1: (top level): nested more than 100 levels deep; flatten the document",
    "plan: bad config": "clusters/acme.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
    "capacity: bad config": "clusters/acme.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
    "import: not UTF-8": "in.yaml:1: not UTF-8 text (byte 0xc3 at offset 6); save the file as UTF-8",
    "import: metadata a list": "in.yaml (document 1, NodePool/?): metadata: ['a'] is not of type 'object'",
    "import: requirements a scalar": "in.yaml (document 1, NodePool/a): spec.template.spec.requirements: 5 is not of type 'array'",
    "import: name ../EVIL": "in.yaml (document 1, NodePool/../EVIL): drafted as tenant '../EVIL', its name: '../EVIL' is not an RFC 1123 label: use at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit; it cannot be a tenant as it is",
    "import: cpu .inf": "in.yaml (document 1, NodePool/a): spec.limits.cpu: inf is not valid under any of the given schemas",
    "import: cpu 'inf'": "in.yaml (document 1, NodePool/a): spec.limits.cpu: 'inf' does not match '^(\\\\+|-)?(([0-9]+(\\\\.[0-9]*)?)|(\\\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\\\+|-)?(([0-9]+(\\\\.[0-9]*)?)|(\\\\.[0-9]+))))?$'",
    "import: alias bomb": "in.yaml:7: more than 1,000,000 YAML nodes with aliases expanded (an alias bomb?); expand the aliases or split the file",
    "import: nested 150 deep": "in.yaml:1: nested more than 100 levels deep; flatten the document",
    "import: a scalar document": "in.yaml (document 1): not a Kubernetes object",
    "import: unknown kind": "in.yaml (document 1, ConfigMap/x): unknown kind ConfigMap (v1): import reads karpenter.sh/v1alpha5 Provisioner, karpenter.k8s.aws/v1alpha1 AWSNodeTemplate, karpenter.sh/v1 NodePool and karpenter.k8s.aws/v1 EC2NodeClass",
    "import: missing file": "nowhere.yaml: cannot read: No such file or directory",
    "migrate: not UTF-8": "clusters/old.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
    "migrate: nested 150 deep": "clusters/old.yaml:1: (top level): nested more than 100 levels deep; flatten the document",
    "migrate: alias bomb": "clusters/old.yaml:7: (top level): more than 1,000,000 YAML nodes with aliases expanded (an alias bomb?); expand the aliases or split the file",
    "migrate: missing file": "clusters/nowhere.yaml: (top level): cannot read the file: No such file or directory",
    "adopt: bad config": "clusters/acme.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """clusters/acme.yaml, its dist/, terraform outputs, a git history with a commit before dist/."""
    root = tmp_path_factory.mktemp("workspace")
    clusters = root / "clusters"
    clusters.mkdir()
    (clusters / "acme.yaml").write_text(_config())
    (root / "outputs.json").write_text(FIXTURE_OUTPUTS)

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)

    git("init", "-q")
    git("add", "-A")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "clusters")
    git("tag", "nodist")
    assert main(["--clusters", str(clusters), "synth", "--out", str(root / "dist")]) == 0
    git("add", "-A")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "dist")
    return root


def snapshot(root: Path) -> dict[str, bytes | str]:
    """Every file and link under root (the git folder aside) with its content or link target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if relative == ".git" or relative.startswith(".git/"):
            continue
        if path.is_symlink():
            found[relative] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[relative] = path.read_bytes()
    return found


def _prepare(workspace: Path, tmp_path: Path, case: Case) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(workspace, root, symlinks=True)
    for relative in case.remove:
        target = root / relative
        shutil.rmtree(target) if target.is_dir() else target.unlink()
    for relative, content in case.files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content if isinstance(content, bytes) else content.encode())
    for relative, link in case.symlinks.items():
        (root / relative).symlink_to(link)
    return root


def test_there_are_at_least_60_cases_over_every_command() -> None:
    assert len(CASES) >= 60
    commands = {
        next(a for a in case.args if not a.startswith("-") and a not in ("nowhere",)) for case in CASES.values()
    }
    assert {
        "synth",
        "check",
        "validate",
        "export-schemas",
        "render-chart",
        "plan",
        "check-terraform",
        "import",
        "migrate",
        "docs",
    } <= commands
    assert sum(case.sub for case in CASES.values()) >= 12


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(
    name: str, workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[name]
    root = _prepare(workspace, tmp_path, case)
    before = snapshot(root)
    if case.sub:
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), *case.args],
            cwd=root,
            capture_output=True,
            text=True,
            env={**os.environ, **case.env},
            timeout=120,
        )
        status, stdout, stderr = result.returncode, result.stdout, result.stderr
    else:
        monkeypatch.chdir(root)
        for key, value in case.env.items():
            monkeypatch.setenv(key, value)
        status = main(case.args)
        stdout, stderr = capsys.readouterr()
    output = stdout + stderr
    assert "Traceback" not in output
    assert "internal error" not in output
    assert status == case.status, output
    first = stderr.splitlines()[0].replace(str(root.resolve()), "<ws>").replace(str(root), "<ws>")
    assert first == case.first_line
    if first.endswith(":"):  # a header: the first problem line is pinned too
        assert stderr.splitlines()[1].strip() == DETAILS[name]
    assert snapshot(root) == before, "a rejected command changed files"
    assert not [p.name for p in root.rglob("*.tmp-*")], "temporary files left behind"


def test_an_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "invalid choice: 'frobnicate'" in capsys.readouterr().err


# --- the environment -----------------------------------------------------------------------------------------------
# Every variable the product reads is parsed and range-checked where it is read (config/environment.py; the lock
# timeout in synthesis/safe_io.py): a value it cannot use is exit 2 with one line naming the variable and the fix, never a
# traceback, a silent fallback, or a folder taken from wherever the command runs.

SHARED_FIX = (
    "set it to the absolute path of the reference data folder (`python main.py fetch-reference` fills one), or unset it"
)

CACHE_FIX = "set it to the absolute path of a folder for the cache, or unset it"

VALIDATE = ["--clusters", str(EXAMPLES_DIR), "validate", str(EXAMPLE_DIST)]

ENVIRONMENT = {  # variable: (value, command, the error; <file> a regular file, <missing> a path to nothing)
    "KARPENTER_TENANTS_SHARED empty": (
        "KARPENTER_TENANTS_SHARED",
        "",
        VALIDATE,
        f"KARPENTER_TENANTS_SHARED is set but empty: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED relative": (
        "KARPENTER_TENANTS_SHARED",
        "../shared",
        VALIDATE,
        f"KARPENTER_TENANTS_SHARED='../shared' is a relative path (read from wherever the command runs): {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED missing": (
        "KARPENTER_TENANTS_SHARED",
        "<missing>",
        VALIDATE,
        f"KARPENTER_TENANTS_SHARED='<missing>': no such folder: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED a file": (
        "KARPENTER_TENANTS_SHARED",
        "<file>",
        VALIDATE,
        f"KARPENTER_TENANTS_SHARED='<file>' is a file, not a folder: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED a file, for render-chart": (
        "KARPENTER_TENANTS_SHARED",
        "<file>",
        ["--clusters", str(EXAMPLES_DIR), "render-chart", "<missing>"],
        f"KARPENTER_TENANTS_SHARED='<file>' is a file, not a folder: {SHARED_FIX}",
    ),
    "KARPENTER_TENANTS_SHARED empty, for fetch-reference": (
        "KARPENTER_TENANTS_SHARED",
        "",
        ["--clusters", str(EXAMPLES_DIR), "fetch-reference", "1.14.1"],
        f"KARPENTER_TENANTS_SHARED is set but empty: {SHARED_FIX}",  # a folder to read, named as such
    ),
    "KARPENTER_TENANTS_CACHE_DIR empty": (
        "KARPENTER_TENANTS_CACHE_DIR",
        "",
        VALIDATE,
        f"KARPENTER_TENANTS_CACHE_DIR is set but empty: {CACHE_FIX}",
    ),
    "KARPENTER_TENANTS_CACHE_DIR relative": (
        "KARPENTER_TENANTS_CACHE_DIR",
        "cache",
        VALIDATE,
        f"KARPENTER_TENANTS_CACHE_DIR='cache' is a relative path (read from wherever the command runs): {CACHE_FIX}",
    ),
    "KARPENTER_TENANTS_CACHE_DIR a file": (
        "KARPENTER_TENANTS_CACHE_DIR",
        "<file>",
        VALIDATE,
        f"KARPENTER_TENANTS_CACHE_DIR='<file>' is a file, not a folder: {CACHE_FIX}",
    ),
    "KARPENTER_TENANTS_NO_CACHE unknown": (
        "KARPENTER_TENANTS_NO_CACHE",
        "maybe",
        VALIDATE,
        "KARPENTER_TENANTS_NO_CACHE='maybe' is not a switch: 1 runs without the cache, 0 or unset uses it",
    ),
    "XDG_CACHE_HOME a file": (
        "XDG_CACHE_HOME",
        "<file>",
        VALIDATE,
        "XDG_CACHE_HOME='<file>' is a file, not a folder: set it to the absolute path of your cache folder, or unset it "
        "for ~/.cache",
    ),
    "CDK8S_OUTDIR empty": (
        "CDK8S_OUTDIR",
        "",
        ["--clusters", str(EXAMPLES_DIR), "synth"],
        "CDK8S_OUTDIR is set but empty: unset it (synth writes dist/) or name the output folder",
    ),
    "KARPENTER_TENANTS_DEBUG unknown": (
        "KARPENTER_TENANTS_DEBUG",
        "please",
        ["--clusters", str(EXAMPLES_DIR), "check"],
        "KARPENTER_TENANTS_DEBUG='please' is not a switch: 1 shows an internal error's traceback, 0 or unset prints one line",
    ),
}


@pytest.mark.parametrize("case", list(ENVIRONMENT))
def test_an_environment_variable_the_product_cannot_use_is_exit_2_naming_it_and_the_fix(
    case: str, tmp_path: Path
) -> None:
    name, value, args, expected = ENVIRONMENT[case]
    places = {"<file>": str(tmp_path / "a-file"), "<missing>": str(tmp_path / "missing")}
    (tmp_path / "a-file").write_text("not a folder\n")
    environment = {
        key: v
        for key, v in os.environ.items()
        if not (name == "XDG_CACHE_HOME" and key == "KARPENTER_TENANTS_CACHE_DIR")
    }
    environment[name] = places.get(value, value)
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *[places.get(a, a) for a in args]],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )
    for placeholder, path in places.items():
        expected = expected.replace(placeholder, path)
    assert (result.returncode, result.stderr) == (2, f"error: {expected}\n"), result.stdout + result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"], "a refused command wrote something"


def test_an_empty_cdk8s_outdir_is_no_error_for_plan_which_does_not_read_it(tmp_path: Path) -> None:
    """CDK8S_OUTDIR names synth's and check's output folder only: plan (and check-terraform --dist) read --dist."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--clusters",
            str(EXAMPLES_DIR),
            "plan",
            "--base",
            "no-such-revision",
            "--dist",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "CDK8S_OUTDIR": ""},
        cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 2 and "CDK8S_OUTDIR" not in result.stderr, result.stderr
    assert result.stderr.startswith("error: "), result.stderr


@pytest.mark.parametrize(
    ("value", "cached"), [("1", False), ("TRUE", False), ("yes", False), ("0", True), ("no", True), ("", True)]
)
def test_the_no_cache_switch_takes_the_usual_spellings_of_yes_and_no(value: str, cached: bool, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export-schemas", str(tmp_path / "out"), "--path", str(EXAMPLE_DIST)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "KARPENTER_TENANTS_CACHE_DIR": str(cache), "KARPENTER_TENANTS_NO_CACHE": value},
    )
    assert result.returncode == 0, result.stderr
    assert cache.exists() is cached


def test_a_debug_switch_of_0_keeps_an_internal_error_to_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import karpenter_tenants.commands.docs

    def broken(args: Any) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(karpenter_tenants.commands.docs, "run", broken)
    monkeypatch.setenv("KARPENTER_TENANTS_DEBUG", "0")
    assert main(["docs"]) == 70
    assert capsys.readouterr().err == "internal error: RuntimeError: boom, please report\n"
    monkeypatch.setenv("KARPENTER_TENANTS_DEBUG", "1")
    with pytest.raises(RuntimeError):
        main(["docs"])


@pytest.mark.parametrize("base", ["--output=/tmp/owned", "-p", "main\x1b]0;x\x07"])
def test_a_base_that_git_would_read_as_an_option_is_refused(
    base: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--clusters", str(tmp_path), "plan", f"--base={base}"]) == 2
    assert "is not a git revision" in capsys.readouterr().err
    assert not Path("/tmp/owned").exists()
