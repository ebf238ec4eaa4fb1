"""Bad cluster files (clusters/*.yaml): each problem at its file, line and path with its
fix, every problem of every file at once, exit 2, dist/ untouched; a mutated config is rejected cleanly or synthesizes
valid output. The YAML reader's own limits are in test_input_yaml.py, the table over every command in
test_input_arguments.py."""

from __future__ import annotations

import copy
import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, BASE_V1ALPHA5, EXAMPLES_DIR, ROOT, cluster_dict, paths, write_cluster
from conftest import objects as parsed_objects
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support.input_helpers import NOT_UTF8, _config, run_bad_config

from karpenter_tenants.checks.validate import Finding
from karpenter_tenants.checks.validate import ObjectValidator as ProductValidator
from karpenter_tenants.checks.wiring import check_wiring_files, wiring_for
from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.loader import ConfigError, LoadedCluster, load_cluster_file
from karpenter_tenants.config.resolved import resolve
from karpenter_tenants.synthesis.render import render as product_render

ALPHA = BASE_V1["tenants"][0]

OLD_ALPHA = BASE_V1ALPHA5["tenants"][0]

CASES: dict[str, tuple[dict[str, Any] | str, list[str]]] = {
    "duplicate tenant names": (
        cluster_dict(tenants=[ALPHA, {**ALPHA}]),
        ["acme.yaml:12: tenants[1].name: duplicate tenant name 'alpha' (also tenants[0]); tenant names must be unique"],
    ),
    "tenant name not an RFC 1123 label": (
        cluster_dict(tenants=[{**ALPHA, "name": "Alpha_1"}]),
        [
            "acme.yaml:8: tenants[0].name: 'Alpha_1' is not an RFC 1123 label: use at most 63 lowercase letters, "
            "digits and '-', starting and ending with a letter or digit"
        ],
    ),
    "unsupported Karpenter version": (
        cluster_dict(karpenter={"version": "0.36.2"}),
        [
            "acme.yaml:6: karpenter.version: Karpenter 0.36.2 is not supported; supported: 0.31.x "
            "(karpenter.sh/v1alpha5 Provisioner + AWSNodeTemplate) and 1.x (karpenter.sh/v1 NodePool + "
            "EC2NodeClass); 0.32-0.37 served the transitional v1beta1 API, which this product does not generate, "
            "and 0.30 and older are out of support"
        ],
    ),
    "booleans where numbers belong": (
        cluster_dict(
            karpenter={"version": "1.14.1", "controller": {"replicas": True}},
            tenants=[{**ALPHA, "weight": True, "requirements": {"instanceGenerations": [6, False]}}],
        ),
        [
            "acme.yaml:8: karpenter.controller.replicas: true is a boolean (YAML reads yes/no/true/false as one); write a number",
            "acme.yaml:14: tenants[0].weight: true is a boolean (YAML reads yes/no/true/false as one); write a number",
            "acme.yaml:18: tenants[0].requirements.instanceGenerations[1]: false is a boolean (YAML reads yes/no/true/false "
            "as one); write a number",
        ],
    ),
    "node role where an instance profile is needed": (
        cluster_dict(BASE_V1ALPHA5, tenants=[{"name": "alpha", "nodeRole": "x", "ami": {"family": "AL2"}}]),
        [
            "acme.yaml:10: tenants[0].nodeRole: nodeRole is a Karpenter 1.x field; on 0.31 give 'instanceProfile' "
            "(or karpenter.defaultInstanceProfile)"
        ],
    ),
    "instance profile where a node role is needed": (
        cluster_dict(tenants=[{"name": "alpha", "instanceProfile": "x", "ami": {"alias": "al2023@v20261101"}}]),
        [
            "acme.yaml:9: tenants[0].instanceProfile: instanceProfile is a Karpenter 0.31 field; on 1.x give 'nodeRole' "
            "(Karpenter creates the profile)"
        ],
    ),
    "negative limit": (
        cluster_dict(tenants=[{**ALPHA, "limits": {"cpu": "-4"}}]),
        ["acme.yaml:13: tenants[0].limits.cpu: '-4' is negative; a limit must be zero or more"],
    ),
    # round 9 (r9-synth-127...): written into the NodePool, where Karpenter's controller counts them in an int64 (or,
    # for an exponent of billions, hangs in Go's inf.Dec)
    "a limit's exponent of billions": (
        cluster_dict(tenants=[{**ALPHA, "limits": {"memory": "1e2147483647"}}]),
        [
            "acme.yaml:13: tenants[0].limits.memory: '1e2147483647': an exponent that large is no quantity "
            "Kubernetes counts"
        ],
    ),
    "a limit past an int64": (
        cluster_dict(tenants=[{**ALPHA, "limits": {"memory": "8Ei"}}]),
        [
            "acme.yaml:13: tenants[0].limits.memory: '8Ei' is more than a quantity holds (at most "
            "9223372036854775807 of its unit)"
        ],
    ),
    "a cpu limit past int64 millicores": (
        cluster_dict(tenants=[{**ALPHA, "limits": {"cpu": "1e18"}}]),
        ["acme.yaml:13: tenants[0].limits.cpu: '1e18' is more cores than Kubernetes counts (at most 9223372036854775)"],
    ),
    # round 9 (r9-synth-041): a quoted "false" read as false dropped the tenant's taint without a word
    "a switch quoted": (
        cluster_dict(tenants=[{**ALPHA, "dedicated": "false"}]),
        ["acme.yaml:12: tenants[0].dedicated: 'false' is not true or false: write true or false, unquoted"],
    ),
    "the controller's cpu past int64 millicores": (
        cluster_dict(karpenter={**BASE_V1["karpenter"], "controller": {"resources": {"cpu": "1e18"}}}),
        [
            "acme.yaml:9: karpenter.controller.resources.cpu: '1e18' is more cores than Kubernetes counts (at most "
            "9223372036854775)"
        ],
    ),
    "an instance generation no type has": (  # round 9 (r9-synth-176): a pool that could launch nothing
        cluster_dict(tenants=[{**ALPHA, "requirements": {"instanceGenerations": [99999999999999999999999]}}]),
        [
            "acme.yaml:13: tenants[0].requirements.instanceGenerations: 99999999999999999999999: EC2 instance "
            "generations are one or two digits (m8g is generation 8); no instance type has this one, so the pool "
            "could launch nothing"
        ],
    ),
    "bad duration": (
        cluster_dict(tenants=[{**ALPHA, "disruption": {"expireAfter": "30d"}}]),
        [
            "acme.yaml:13: tenants[0].disruption.expireAfter: '30d' is not a duration like '30s', '15m', '720h' "
            "or '1h30m' (or 'Never')"
        ],
    ),
    "bad quantity": (
        cluster_dict(tenants=[{**ALPHA, "limits": {"memory": "lots"}}]),
        ["acme.yaml:13: tenants[0].limits.memory: 'lots' is not a Kubernetes quantity like '100', '500m' or '64Gi'"],
    ),
    "YAML syntax error": (
        "cluster:\n  name: acme\n  region: [ca-central-1\nkarpenter: {}\n",
        [
            "acme.yaml:4: (top level): YAML syntax error: while parsing a flow sequence, expected ',' or ']', "
            "but got ':'; fix the YAML"
        ],
    ),
    "missing required key": (
        cluster_dict(cluster={"name": "acme", "region": "ca-central-1"}),
        ["acme.yaml:1: cluster.accountId: required key 'accountId' is missing"],
    ),
    "account id as a YAML number": (
        cluster_dict(cluster={"name": "acme", "accountId": 1234567890, "region": "ca-central-1"}),
        [
            "acme.yaml:3: cluster.accountId: 1234567890 is a YAML number; write the account id as a quoted "
            '12-digit string, e.g. "001234567890", so leading zeros are kept'
        ],
    ),
    "AMI alias on Karpenter 0.31": (
        cluster_dict(BASE_V1ALPHA5, tenants=[{**OLD_ALPHA, "ami": {"alias": "al2023@v20261101"}}]),
        ["acme.yaml:12: tenants[0].ami.alias: ami.alias is a Karpenter 1.x field; on 0.31 use ami.family, e.g. 'AL2'"],
    ),
    "budget schedule without duration": (
        cluster_dict(tenants=[{**ALPHA, "disruption": {"budgets": [{"nodes": "0", "schedule": "@daily"}]}}]),
        ["acme.yaml:14: tenants[0].disruption.budgets[0]: 'schedule' and 'duration' must be set together"],
    ),
    "weight out of range": (
        cluster_dict(tenants=[{**ALPHA, "weight": 500}]),
        ["acme.yaml:12: tenants[0].weight: Input should be less than or equal to 100, got 500"],
    ),
    "capacity type misspelled": (
        cluster_dict(tenants=[{**ALPHA, "requirements": {"capacityTypes": ["spot", "ondemand"]}}]),
        [
            "acme.yaml:15: tenants[0].requirements.capacityTypes[1]: 'ondemand' is not one of "
            "'spot', 'on-demand' or 'reserved'"
        ],
    ),
    "restricted tenant label domain": (
        cluster_dict(tenancy={"labelKey": "karpenter.sh/tenant"}),
        [
            "acme.yaml:13: tenancy.labelKey: 'karpenter.sh/tenant' uses the restricted label domain "
            "'karpenter.sh'; choose your own, or node-restriction.kubernetes.io/<name>"
        ],
    ),
    "reserved EC2 tag key": (
        cluster_dict(tenants=[{**ALPHA, "tags": {"karpenter.sh/nodepool": "x"}}]),
        [
            "acme.yaml:12: tenants[0].tags: tag key 'karpenter.sh/nodepool' is reserved for Karpenter, EKS or AWS; "
            "choose another key"
        ],
    ),
    "defaultInstanceProfile on Karpenter 1.x": (
        cluster_dict(karpenter={"version": "1.14.1", "defaultInstanceProfile": "default-acme"}),
        [
            "acme.yaml:7: karpenter.defaultInstanceProfile: defaultInstanceProfile is a Karpenter 0.31 setting; "
            "Karpenter 1.x creates instance profiles from each tenant's nodeRole: remove it"
        ],
    ),
    "reserved capacity as a raw requirement without reservations": (
        cluster_dict(
            tenants=[
                {
                    **ALPHA,
                    "requirements": {
                        "extra": [{"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["reserved"]}]
                    },
                }
            ]
        ),
        [
            "acme.yaml:16: tenants[0].requirements.extra[0].values: capacity type 'reserved' needs "
            "capacityReservationSelector: the reservations the tenant may use"
        ],
    ),
    "endpoint not https": (
        cluster_dict(cluster={**BASE_V1["cluster"], "endpoint": "http://api.acme.internal"}),
        ["acme.yaml:5: cluster.endpoint: 'http://api.acme.internal' is not an https:// URL"],
    ),
    "a date, binary data, a set, NaN, infinity and keys that are not text in chart values": (
        "cluster: {name: acme, accountId: '001234567890', region: ca-central-1}\n"
        "karpenter:\n  version: '1.14.1'\n  values:\n"
        "    podDisruptionBudget: {maxUnavailable: 2020-01-01}\n"
        "    extra: [!!binary aGVsbG8=, !!set {a, b}, .nan, -.inf]\n"
        "    podAnnotations:\n      a: b\n      yes: x\n      ~: y\n      2: z\n",
        [
            "acme.yaml:5: karpenter.values.podDisruptionBudget.maxUnavailable: a YAML date (2020-01-01), which is no "
            "Helm value; quote it to keep it as text",
            "acme.yaml:6: karpenter.values.extra[0]: a YAML !!binary value, which is no Helm value; quote it to keep "
            "it as text",
            "acme.yaml:6: karpenter.values.extra[1]: a YAML !!set, which is no Helm value; quote it to keep it as text",
            "acme.yaml:6: karpenter.values.extra[2]: .nan is no Helm value (JSON has no NaN or infinity); quote it to "
            "keep it as text",
            "acme.yaml:6: karpenter.values.extra[3]: -.inf is no Helm value (JSON has no NaN or infinity); quote it "
            "to keep it as text",
            "acme.yaml:7: karpenter.values.podAnnotations: holds a key YAML reads as the boolean true (unquoted yes, "
            "no, on and off are booleans too); Helm values' keys are text: quote it",
            "acme.yaml:7: karpenter.values.podAnnotations: holds a key YAML reads as null (~, null or no key at all); "
            "Helm values' keys are text: quote it",
            "acme.yaml:7: karpenter.values.podAnnotations: holds a key YAML reads as the number 2; Helm values' keys "
            "are text: quote it",
        ],
    ),
    "yes and no where text is expected": (
        "cluster: {name: acme, accountId: '001234567890', region: ca-central-1}\n"
        "karpenter: {version: '1.14.1'}\ngitops: {engine: yes}\n"
        "tenants:\n  - {name: alpha, nodeRole: no, ami: {alias: al2023@v20261101}}\n",
        [
            "acme.yaml:3: gitops.engine: True is not one of 'flux', 'argocd' or 'kubectl' (unquoted yes, no, on, off, true and "
            "false are YAML booleans)",
            "acme.yaml:5: tenants[0].nodeRole: False is a YAML boolean (so are unquoted yes, no, on, off, true and "
            "false); quote it to keep it as text",
        ],
    ),
    "a very long value is shown cut, with its length": (
        "cluster: {name: acme, accountId: '001234567890', region: ca-central-1}\n"
        "karpenter: {version: '1.14.1'}\n"
        f"tenants:\n  - {{name: {'a' * 100_000}, nodeRole: node-alpha, weight: {'x' * 5_000}}}\n",
        [
            f"acme.yaml:4: tenants[0].name: '{'a' * 79}… (100,000 characters) is not an RFC 1123 label: use at most "
            "63 lowercase letters, digits and '-', starting and ending with a letter or digit",
            "acme.yaml:4: tenants[0].weight: Input should be a valid integer, unable to parse string as an integer, "
            f"got '{'x' * 79}… (5,000 characters)",
        ],
    ),
    "duplicate YAML key": (
        "cluster:\n  name: acme\n  name: other\n  accountId: '001234567890'\n  region: ca-central-1\n"
        "karpenter:\n  version: '1.14.1'\n",
        ["acme.yaml:3: cluster.name: duplicate key 'name' (first at line 2); keep one of them"],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_config_is_rejected_with_an_exact_message_and_dist_unchanged(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, expected = CASES[case]
    assert run_bad_config(tmp_path, data, capsys) == expected


def test_an_unknown_key_names_the_allowed_keys_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(tenants=[{**ALPHA, "nodeRoles": "x"}]), capsys)
    prefix = "acme.yaml:12: tenants[0].nodeRoles: unknown key 'nodeRoles' (did you mean nodeRole?); allowed keys here: "
    assert problem.startswith(prefix)
    allowed = problem.removeprefix(prefix).split(", ")
    assert {"nodeRole", "name", "requirements", "limits"} <= set(allowed)
    assert allowed == sorted(allowed)


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = cluster_dict(
        cluster={"name": "acme", "accountId": "12", "region": "mars"},
        tenants=[{**ALPHA, "limits": {"cpu": "-1"}}, {**ALPHA, "name": "beta", "weight": 0}, ALPHA],
    )
    problems = run_bad_config(tmp_path, data, capsys)
    assert [p.split(": ")[1] for p in problems] == [
        "cluster.accountId",
        "cluster.region",
        "tenants[0].limits.cpu",
        "tenants[1].weight",
        "tenants[2].name",
    ]


def test_every_config_problem_is_reported_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clusters = tmp_path / "clusters"
    clusters.mkdir()
    (clusters / "acme.yaml").write_text(
        _config(
            labels={"tenant": "beta"},
            taints=[{"key": "tenant", "value": "beta", "effect": "NoSchedule"}],
            kubelet={"systemReserved": {"gpu": "1"}},
        )
    )
    (clusters / "other.yml").write_text("x: 1\n")
    (clusters / "broken.yaml").write_bytes(NOT_UTF8)
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 2
    lines = [line.strip().replace(f"{clusters}/", "") for line in capsys.readouterr().err.splitlines()]
    assert lines == [
        "error: 5 problems in the cluster config; dist/ was not changed:",
        "other.yml: (top level): cluster files end in .yaml; rename it to other.yaml",
        "acme.yaml:13: tenants[0].labels.tenant: would override the tenant label (tenant: alpha); remove it or "
        "choose another tenancy.labelKey",
        "acme.yaml:15: tenants[0].taints[0].key: 'tenant' is the tenant key: the product sets the tenant taint "
        "itself (dedicated: true); remove this one",
        "acme.yaml:19: tenants[0].kubelet.systemReserved: 'gpu' is not one of cpu, memory, ephemeral-storage, pid "
        "(the keys kubelet reserves)",
        "broken.yaml:3: (top level): not UTF-8 text (byte 0xff at offset 32); save the file as UTF-8",
    ]
    assert not (tmp_path / "dist").exists()


def test_a_bad_config_gives_exit_2_and_no_traceback_from_the_command_line(tmp_path: Path) -> None:
    write_cluster(tmp_path / "clusters", cluster_dict(karpenter={"version": "2.0.0"}))
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(tmp_path / "clusters"), "--help"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0 and "synth" in result.stdout
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(tmp_path / "clusters")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "karpenter.version: Karpenter 2.0.0 is not supported" in result.stderr
    assert not (tmp_path / "dist").exists()


GITOPS_CASES = {
    "argocd without its section": (
        {"engine": "argocd"},
        "gitops: engine argocd needs an 'argocd' section with at least repoURL (this repository's URL)",
    ),
    "argocd settings under flux": (
        {"argocd": {"repoURL": "https://git.example.com/x.git"}},
        "gitops: an 'argocd' section is set but engine is flux: set engine: argocd or remove it",
    ),
    "unknown engine": ({"engine": "jenkins"}, "gitops.engine: 'jenkins' is not one of 'flux', 'argocd' or 'kubectl'"),
}


@pytest.mark.parametrize("case", sorted(GITOPS_CASES))
def test_gitops_settings_must_match_the_engine(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gitops, expected = GITOPS_CASES[case]
    [problem] = run_bad_config(tmp_path, cluster_dict(gitops=gitops), capsys)
    assert problem.split(": ", 1)[1] == expected


def test_aws_names_are_unique_per_account_across_cluster_files(tmp_path: Path) -> None:
    from karpenter_tenants.config.loader import ConfigError, load_clusters

    clusters = tmp_path / "clusters"
    write_cluster(clusters, cluster_dict(), "acme")
    other = cluster_dict(cluster={**BASE_V1["cluster"], "region": "eu-west-1"})
    write_cluster(clusters, other, "acme-eu")
    with pytest.raises(ConfigError) as error:
        load_clusters(clusters)
    assert [(p.path, p.message.split(" is also ")[0]) for p in error.value.problems] == [
        ("karpenter.controllerRole", "the controller role 'karpenter-controller-acme'"),
        ("tenants[0].nodeRole", "a node role 'node-alpha'"),
    ]
    # Another account, or other names, and both load.
    write_cluster(
        clusters,
        cluster_dict(cluster={**BASE_V1["cluster"], "region": "eu-west-1", "accountId": "009876543210"}),
        "acme-eu",
    )
    assert len(load_clusters(clusters)) == 2


def test_generation_rules_report_each_problem_at_its_own_field_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tenant = {
        **BASE_V1ALPHA5["tenants"][0],
        "associatePublicIPAddress": True,
        "terminationGracePeriod": "1h",
        "limits": {"nodes": "3"},
        "disruption": {"budgets": [{"nodes": "10%"}]},
    }
    problems = run_bad_config(tmp_path, cluster_dict(BASE_V1ALPHA5, tenants=[tenant]), capsys)
    found = {p.split(": ")[1]: (int(p.split(": ")[0].split(":")[1]), p.split(": ", 2)[2]) for p in problems}
    assert set(found) == {
        "tenants[0].associatePublicIPAddress",
        "tenants[0].terminationGracePeriod",
        "tenants[0].limits.nodes",
        "tenants[0].disruption.budgets",
    }
    assert len({line for line, _ in found.values()}) == 4, "each at its own line"
    assert found["tenants[0].limits.nodes"][1] == "limits.nodes needs Karpenter 1.x"


def test_a_merge_key_may_override_what_it_merges_but_a_key_written_twice_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`<<: *alpha` then `name: gamma` is what YAML merge keys are for (not a duplicate key of the merged tenant)."""
    from karpenter_tenants.config.loader import load_cluster_file

    text = (
        "cluster: {name: acme, accountId: '001234567890', region: ca-central-1}\n"
        "karpenter: {version: '1.14.1'}\n"
        "tenants:\n"
        "  - &alpha\n    name: alpha\n    nodeRole: node-alpha\n    ami: {alias: al2023@v20261101}\n"
        "  - <<: *alpha\n    name: gamma\n    nodeRole: node-gamma\n"
    )
    (tmp_path / "acme.yaml").write_text(text)
    loaded = load_cluster_file(tmp_path / "acme.yaml")
    assert [(t.name, t.node_role, t.ami.alias) for t in loaded.config.tenants] == [
        ("alpha", "node-alpha", "al2023@v20261101"),
        ("gamma", "node-gamma", "al2023@v20261101"),
    ]
    twice = text + "    name: delta\n"
    assert run_bad_config(tmp_path / "twice", twice, capsys) == [
        "acme.yaml:11: tenants[1].name: duplicate key 'name' (first at line 9); keep one of them"
    ]


ESCAPES = {
    "a tenant name": (("tenants", 0, "name"), "alpha\n"),
    "a tenant namespace": (("tenants", 0, "namespaces"), ["alpha\n"]),
    "a tenant namespace, as a block scalar": (("tenants", 0, "namespaces"), ["alpha\n\n"]),
    "a node role": (("tenants", 0, "nodeRole"), "node-alpha\n"),
    "a node role with a carriage return": (("tenants", 0, "nodeRole"), "node-alpha\r"),
    "a non-ASCII node role": (("tenants", 0, "nodeRole"), "nöde-alpha"),
    "a label key": (("tenants", 0, "labels"), {"team\n": "blue"}),
    "a label value": (("tenants", 0, "labels"), {"team": "blue\n"}),
    "the account id": (("cluster", "accountId"), "001234567890\n"),
    "the region": (("cluster", "region"), "ca-central-1\n"),
    "the cluster name": (("cluster", "name"), "acme\n"),
    "the Kubernetes version": (("cluster", "kubernetesVersion"), "1.33\n"),
    "a limit": (("tenants", 0, "limits"), {"cpu": "10\n"}),
    "an AMI alias": (("tenants", 0, "ami"), {"alias": "al2023@latest\n"}),
}


@pytest.mark.parametrize("name", list(ESCAPES))
def test_a_trailing_newline_or_control_character_is_refused(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Python's `$` matches before a final newline: every shaped string is matched whole, so `alpha\\n` is no
    namespace (the isolation policy's map would hold it, and namespace alpha would belong to no tenant)."""
    path, value = ESCAPES[name]
    data = cluster_dict()
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    problems = run_bad_config(tmp_path, data, capsys)
    assert len(problems) == 1, problems
    from karpenter_tenants.config.loader import format_path

    assert f": {format_path(path)}" in problems[0], problems[0]


def test_an_oidc_issuer_url_is_taken_as_iam_names_the_provider(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """terraform-aws-eks' cluster_oidc_issuer_url is `https://oidc.eks...`; IAM names the provider (its ARN, the trust's
    condition keys) by host/path, so the scheme is dropped; another scheme or a malformed value is refused."""
    from conftest import load

    issuer = "https://oidc.eks.ca-central-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE"
    data = cluster_dict(cluster={**BASE_V1["cluster"], "oidcProvider": issuer + "/"})
    assert load(tmp_path / "a", data).config.cluster.oidc_provider == issuer.removeprefix("https://")
    for bad in ("http://oidc.eks.example.com/id/X", "oidc.eks.example.com/id/X\n", "oidc eks"):
        [problem] = run_bad_config(
            tmp_path / str(len(bad)), cluster_dict(cluster={**BASE_V1["cluster"], "oidcProvider": bad}), capsys
        )
        assert "cluster.oidcProvider: " in problem and "is not an OIDC provider like" in problem, problem


def test_a_node_role_that_is_the_controller_role_or_another_up_to_case_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tenant = BASE_V1["tenants"][0]
    data = cluster_dict(
        karpenter={"version": "1.14.1", "controllerRole": {"name": "karpenter-controller-acme"}},
        tenants=[{**tenant, "nodeRole": "Karpenter-Controller-ACME"}],
    )
    [problem] = run_bad_config(tmp_path / "a", data, capsys)
    assert "tenants[0].nodeRole: 'Karpenter-Controller-ACME' is the controller role" in problem
    data = cluster_dict(
        tenants=[{**tenant, "nodeRole": "node-shared"}, {**tenant, "name": "beta", "nodeRole": "Node-Shared"}]
    )
    [problem] = run_bad_config(tmp_path / "b", data, capsys)
    assert "tenants[1].nodeRole: 'Node-Shared' and tenant alpha's 'node-shared' differ only in case" in problem


def test_two_cluster_files_writing_one_argo_cd_application_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cluster `a` with a tenant `karpenter` and cluster `a-nodepool` both write the Application a-nodepool-karpenter
    in the hub's argocd namespace."""
    argocd = {"engine": "argocd", "argocd": {"repoURL": "https://example.com/r.git"}}
    tenant = {**BASE_V1["tenants"][0], "name": "karpenter", "nodeRole": "node-k"}
    clusters = tmp_path / "clusters"
    write_cluster(clusters, cluster_dict(gitops=argocd, tenants=[tenant]), "a")
    other = cluster_dict(gitops=argocd, cluster={**BASE_V1["cluster"], "name": "b", "accountId": "009999999999"})
    write_cluster(clusters, other, "a-nodepool")
    assert main(["--clusters", str(clusters), "synth", "--out", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert "Argo CD Application argocd/a-nodepool-karpenter would also be written for" in err


@pytest.mark.parametrize(
    ("tenant", "expected"),
    [
        (
            {"instanceTypes": ["m7i.large"]},
            "tenants[0].instanceTypes: unknown key 'instanceTypes' (did you mean requirements.instanceTypes?)",
        ),
        (
            {"requirements": {"instanceType": ["m7i.large"]}},
            "tenants[0].requirements.instanceType: unknown key 'instanceType' (did you mean instanceTypes?)",
        ),
        ({"diskSize": 50}, "tenants[0].diskSize: unknown key 'diskSize' (a node group setting; here: rootVolume.size)"),
        (
            {"desired_size": 2},
            "unknown key 'desired_size' (a node group setting; here: nothing: Karpenter starts nodes for "
            "pending pods, so there is no desired size; cap with limits)",
        ),
        ({"limit": {"cpu": "1"}}, "tenants[0].limit: unknown key 'limit' (did you mean limits?)"),
        ({"zzz": 1}, "tenants[0].zzz: unknown key 'zzz'; allowed keys here: ami,"),
    ],
)
def test_an_unknown_key_names_the_nearest_key_or_the_typed_setting_a_node_groups_word_stands_for(
    tenant: dict[str, Any], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    [problem] = run_bad_config(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], **tenant}]), capsys)
    assert expected in problem, problem


def test_instance_types_select_exact_types_and_drop_the_defaults_they_decide(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from conftest import load

    tenant = {**BASE_V1["tenants"][0], "requirements": {"instanceTypes": ["m7g.large", "t2.micro"]}}
    config = load(tmp_path / "a", cluster_dict(tenants=[tenant])).config
    requirements = {r.key: (r.operator, r.values) for r in resolve(config).tenant(config.tenants[0]).requirements}
    assert requirements["node.kubernetes.io/instance-type"] == ("In", ("m7g.large", "t2.micro"))
    # an arm64 type and a generation-2 type stay possible: no default architecture or generation requirement
    assert "kubernetes.io/arch" not in requirements and "karpenter.k8s.aws/instance-generation" not in requirements
    assert requirements["karpenter.sh/capacity-type"] == ("In", ("on-demand",))
    [problem] = run_bad_config(
        tmp_path / "b", cluster_dict(tenants=[{**tenant, "requirements": {"instanceTypes": ["M7i.Large"]}}]), capsys
    )
    assert "'M7i.Large' is not an EC2 instance type like 'm7i.large'" in problem
    both = {
        "instanceTypes": ["m7i.large"],
        "extra": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["c7i.large"]}],
    }
    [problem] = run_bad_config(tmp_path / "c", cluster_dict(tenants=[{**tenant, "requirements": both}]), capsys)
    assert "conflicts with 'instanceTypes'" in problem


VALID: list[dict[str, Any]] = [
    yaml.safe_load((EXAMPLES_DIR / "acme.yaml").read_text()),
    yaml.safe_load((EXAMPLES_DIR / "acme-legacy.yaml").read_text()),
    yaml.safe_load((EXAMPLES_DIR / "acme-argocd.yaml").read_text()),
    BASE_V1,
    BASE_V1ALPHA5,
]


# Values a hurried editor might type anywhere: right shapes in wrong places and wrong shapes.
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=200),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-10, max_value=10),
    st.sampled_from(
        [
            "",
            "alpha",
            "Alpha",
            "1.14.1",
            "0.31.5",
            "0.36.0",
            "1.33",
            "Never",
            "720h",
            "30d",
            "10%",
            "-1",
            "100",
            "64Gi",
            "lots",
            "spot",
            "on-demand",
            "In",
            "Exists",
            "NoSchedule",
            "al2023@v20261101",
            "al2023@latest",
            "AL2",
            "karpenter.sh/nodepool",
            "tenant",
            "kube-system",
            "flux",
            "argocd",
            "https://x",
            "a" * 70,
        ]
    ),
    st.text(max_size=12),
)

VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["name", "key", "values", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def mutated_configs(draw: st.DrawFn) -> dict[str, Any]:
    config = copy.deepcopy(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        candidates = paths(config)
        path = draw(st.sampled_from(candidates))
        parent = config
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["tweak", "tweak", "tweak", "replace", "delete", "add"]))
        value = parent[path[-1]]
        if action == "tweak":  # a value of the same kind: plausible edits, many of them valid
            if isinstance(value, bool):
                parent[path[-1]] = draw(st.booleans())
            elif isinstance(value, int):
                parent[path[-1]] = draw(st.integers(min_value=0, max_value=120))
            elif isinstance(value, str):
                parent[path[-1]] = draw(
                    st.sampled_from([value, value.upper(), value + "x", value[:-1], "1", "5m", "2"])
                )
            elif isinstance(value, list) and value:
                parent[path[-1]] = draw(st.lists(st.sampled_from(value), max_size=len(value) + 1))
            else:
                del parent[path[-1]]
        elif action == "replace":
            parent[path[-1]] = draw(VALUES)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "nodeRoles", "labels", "weight", "namespaces"]))] = draw(VALUES)
        else:
            parent.append(draw(VALUES))
    return config


# The property renders and validates what up to 2,000 mutated configs synthesize, and a mutation often leaves the
# config, or most of its output files, as an earlier example had them. The names it calls for that work
# (ObjectValidator, render, objects) are these stand-ins, which remember each of the product's results by all it is a
# function of: a validator by its reference data and Kubernetes version (it reads the CRDs once), a render by the
# cluster file's name and bytes, a file's object by its path and text, an object's findings by its validator, file
# and JSON. So no work is done twice, and every check is the product's own. The property's source is unchanged by
# them: hypothesis derives the derandomized examples from a digest of that source, so the examples are the same too.


class RememberingValidator(ProductValidator):
    """ObjectValidator whose findings for an object (by file and JSON) are computed once."""

    def __init__(self, crds: Path, kubernetes_version: str) -> None:
        super().__init__(crds, kubernetes_version)
        self.found: dict[tuple[str, str, str], list[Finding]] = {}

    def check(self, obj: dict[str, Any], file: str = "-", old: dict[str, Any] | None = None) -> list[Finding]:
        try:
            key = (file, json.dumps(obj, sort_keys=True), json.dumps(old, sort_keys=True))
        except (TypeError, ValueError):  # not JSON data: checked every time
            return super().check(obj, file, old)
        if key not in self.found:
            self.found[key] = super().check(obj, file, old)
        return list(self.found[key])


@functools.cache
def ObjectValidator(crds: Path, kubernetes_version: str) -> RememberingValidator:  # noqa: N802 - the name the property calls
    return RememberingValidator(crds, kubernetes_version)


RENDERED: dict[tuple[str, ...], dict[str, str]] = {}
PARSED: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}


def render(clusters: list[LoadedCluster]) -> dict[str, str]:
    """synthesis.render.render, once per set of cluster files (by name and bytes; chart defaults are the session's)."""
    key = tuple(part for cluster in clusters for part in (cluster.source.name, cluster.digest))
    if key not in RENDERED:
        RENDERED[key] = product_render(clusters)
    return RENDERED[key]


def objects(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """conftest.objects, each file parsed once (by path and text)."""
    found: dict[str, dict[str, Any]] = {}
    for path, text in files.items():
        if (path, text) not in PARSED:
            PARSED[path, text] = parsed_objects({path: text})  # empty for a file conftest.objects leaves out
        found.update(PARSED[path, text])
    return found


@pytest.fixture(scope="module")
def validators(shared: Path) -> dict[str, ProductValidator]:
    return {}


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(config=mutated_configs())
def test_a_mutated_config_is_rejected_cleanly_or_synthesizes_valid_output(
    config: dict[str, Any], tmp_path_factory: pytest.TempPathFactory, shared: Path, validators: dict
) -> None:
    folder = tmp_path_factory.mktemp("clusters")
    path = folder / "acme.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    try:
        cluster = load_cluster_file(path)
    except ConfigError as error:
        event("rejected")
        assert error.problems, "a rejection names at least one problem"
        for problem in error.problems:
            text = str(problem)
            assert text.startswith(str(path)), text
            assert problem.message and "Traceback" not in text and "object at 0x" not in text, text
        return
    event("synthesized and validated")
    version = cluster.config.cluster.kubernetes_version
    validator = validators.setdefault(version, ObjectValidator(shared, version))
    files = render([cluster])
    findings = [str(f) for p, obj in objects(files).items() for f in validator.check(obj, p)]
    findings += [str(f) for f in check_wiring_files(files, wiring_for([cluster]))]
    assert findings == [], yaml.safe_dump(config)


@pytest.mark.parametrize("kind", ["missing", "a file", "unreadable"])
def test_a_clusters_folder_that_cannot_be_listed_says_why(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No such folder, a file where the folder should be, a folder this user may not list: each said as it is (an
    unreadable folder said 'no cluster files found', a file 'no such folder')."""
    import os as os_module

    from karpenter_tenants.config.loader import load_clusters

    folder = tmp_path / "clusters"
    if kind == "a file":
        folder.write_text("cluster: {}\n")
    elif kind == "unreadable":
        folder.mkdir()
        real = os_module.listdir

        def refuse(path: object) -> list[str]:
            if Path(str(path)) == folder:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path)  # type: ignore[arg-type]

        monkeypatch.setattr(os_module, "listdir", refuse)
    with pytest.raises(ConfigError) as error:
        load_clusters(folder)
    [problem] = error.value.problems
    assert problem.file == str(folder)
    assert {"missing": "no such folder", "a file": "is a file, not a folder", "unreadable": "permission denied"}[
        kind
    ] in problem.message
