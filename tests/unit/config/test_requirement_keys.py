"""Raw requirements on Karpenter's own label domains: the keys the 1.x NodePool and NodeOverlay CRDs accept
(config/requirement_keys.json) are the ones their CEL rules in ../shared list, and any other key under those domains
is a config error at its line, before synth writes what the API server would refuse."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, cluster_dict
from support.input_helpers import run_bad_config

from karpenter_tenants.config.schema.requirements import REQUIREMENT_KEYS, restricted_requirement_key

RULE = re.compile(r'^self in \[(?P<keys>.*?)\] \|\| !self\.find\("\^\(\[\^/\]\+\)"\)\.endsWith\("(?P<domain>[^"]+)"\)$')


def key_rules(shared: Path, crd: str, *path: str) -> list[dict[str, Any]]:
    document = yaml.safe_load((shared / "karpenter/v1.14.1/karpenter/crds" / crd).read_text())
    node = document["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
    for step in path:
        node = node["properties"][step] if step != "items" else node["items"]
    return node["items"]["properties"]["key"]["x-kubernetes-validations"]


@pytest.mark.parametrize(
    ("kind", "crd", "path"),
    [
        ("NodePool", "karpenter.sh_nodepools.yaml", ("template", "spec", "requirements")),
        ("NodeOverlay", "karpenter.sh_nodeoverlays.yaml", ("requirements",)),
    ],
)
def test_the_accepted_keys_are_the_crds_own(kind: str, crd: str, path: tuple[str, ...], shared: Path) -> None:
    rules = [r["rule"] for r in key_rules(shared, crd, *path)]
    allowed = {m["domain"]: set(json.loads(f"[{m['keys']}]")) for r in rules if (m := RULE.match(r))}
    assert set(allowed) == {"karpenter.sh", "karpenter.k8s.aws"}, rules
    # the NodePool CRD refuses karpenter.sh/nodepool with a rule of its own, although its domain rule lists it
    refused = {m[1] for r in rules if (m := re.fullmatch(r'self != "([^"]+)"', r))}
    expected = {domain: sorted(keys - refused) for domain, keys in allowed.items()}
    assert {domain: sorted(keys) for domain, keys in REQUIREMENT_KEYS[kind].items()} == expected
    assert refused - {"karpenter.sh/nodepool"} == set(REQUIREMENT_KEYS["always_restricted"])


@pytest.mark.parametrize(
    ("key", "kind", "refused"),
    [
        ("karpenter.k8s.aws/instance-family", "NodePool", False),
        ("karpenter.k8s.aws/placement-group-id", "NodePool", False),
        ("karpenter.k8s.aws/placement-group-id", "NodeOverlay", True),
        ("karpenter.sh/nodepool", "NodeOverlay", False),
        ("karpenter.sh/nodepool", "NodePool", True),
        ("karpenter.sh/capacity-type", "NodePool", False),
        ("karpenter.k8s.aws/instance-famly", "NodePool", True),
        ("team.karpenter.sh/pool", "NodePool", True),  # a subdomain: the CEL rule tests the ending
        ("example.com/karpenter.sh", "NodePool", False),  # the domain is example.com
        ("kubernetes.io/hostname", "NodeOverlay", True),
        ("topology.kubernetes.io/zone", "NodePool", False),
    ],
)
def test_a_key_is_refused_as_the_crds_cel_rule_refuses_it(key: str, kind: str, refused: bool) -> None:
    assert (restricted_requirement_key(key, kind) is not None) == refused


@pytest.mark.parametrize(
    ("tenant", "overlays", "expected"),
    [
        (
            {
                "requirements": {
                    "extra": [{"key": "karpenter.k8s.aws/instance-famly", "operator": "In", "values": ["m7i"]}]
                }
            },
            [],
            "tenants[0].requirements.extra[0].key: 'karpenter.k8s.aws/instance-famly' is in the label domain "
            "'karpenter.k8s.aws', where the NodePool CRD accepts only Karpenter's well-known labels "
            "(config/requirement_keys.json): did you mean 'karpenter.k8s.aws/instance-family'?",
        ),
        (
            {
                "pools": [
                    {"name": "a", "requirements": {"extra": [{"key": "kubernetes.io/hostname", "operator": "Exists"}]}}
                ]
            },
            [],
            "tenants[0].pools[0].requirements.extra[0].key: label 'kubernetes.io/hostname' is restricted",
        ),
        (
            {
                "overlays": [
                    {
                        "name": "x",
                        "price": "1",
                        "requirements": [{"key": "karpenter.k8s.aws/capacity-reservation-id", "operator": "Exists"}],
                    }
                ]
            },
            [],
            "tenants[0].overlays[0].requirements[0].key: 'karpenter.k8s.aws/capacity-reservation-id' is in the label "
            "domain 'karpenter.k8s.aws', where the NodeOverlay CRD",
        ),
        (
            {},
            [{"name": "x", "price": "1", "requirements": [{"key": "karpenter.sh/discovery", "operator": "Exists"}]}],
            "overlays[0].requirements[0].key: 'karpenter.sh/discovery' is in the label domain 'karpenter.sh'",
        ),
    ],
)
def test_a_raw_requirement_the_crd_refuses_is_a_config_error_at_its_line(
    tenant: dict[str, Any],
    overlays: list[dict[str, Any]],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = cluster_dict(tenants=[{**BASE_V1["tenants"][0], **tenant}], overlays=overlays)
    problems = run_bad_config(tmp_path, data, capsys)
    assert any(expected in p for p in problems), problems


LABEL_RULE = re.compile(
    r'^self\.all\(x, x in \[(?P<keys>.*?)\] \|\| !x\.find\("\^\(\[\^/\]\+\)"\)\.endsWith\("(?P<domain>[^"]+)"\)\)$'
)


def test_the_template_labels_rules_refuse_what_the_requirement_key_rules_refuse(shared: Path) -> None:
    """A tenant's or pool's `labels` are the NodePool template's labels: their CEL rules, read from ../shared, accept
    the same keys of Karpenter's domains as the requirement keys' rules (so one table says both)."""
    document = yaml.safe_load((shared / "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml").read_text())
    labels = document["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"][
        "template"
    ]["properties"]["metadata"]["properties"]["labels"]
    rules = [r["rule"] for r in labels["x-kubernetes-validations"]]
    allowed = {m["domain"]: set(json.loads(f"[{m['keys']}]")) for r in rules if (m := LABEL_RULE.match(r))}
    refused = {m[1] for r in rules if (m := re.fullmatch(r'self\.all\(x, x != "([^"]+)"\)', r))}
    assert set(allowed) == {"karpenter.sh", "karpenter.k8s.aws"}, rules
    assert {domain: sorted(keys - refused) for domain, keys in allowed.items()} == {
        domain: sorted(keys) for domain, keys in REQUIREMENT_KEYS["NodePool"].items()
    }
    assert refused == {"karpenter.sh/nodepool", *REQUIREMENT_KEYS["always_restricted"]}
    assert labels["additionalProperties"]["maxLength"] == 63  # what config's LabelValue allows


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("evilkarpenter.sh/x", "is in the label domain 'karpenter.sh'"),  # the CEL rule tests the ending
        ("karpenter.sh/nodepool", "is in the label domain 'karpenter.sh'"),
        ("kubernetes.io/hostname", "the NodePool CRD refuses it as a label"),
        ("karpenter.k8s.aws/instance-famly", "did you mean 'karpenter.k8s.aws/instance-family'?"),
        ("a" * 64, "the name after the prefix is 64 characters; Kubernetes allows 63"),
        ("b" * 64 + ".example.com/x", "the prefix is no DNS subdomain"),
        ("c" * 250 + ".example.com/x", "the prefix is no DNS subdomain"),
    ],
)
def test_a_node_label_the_api_server_would_refuse_is_a_config_error_at_its_line(
    label: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tenant = {**BASE_V1["tenants"][0], "labels": {label: "x"}}
    [problem] = run_bad_config(tmp_path, cluster_dict(tenants=[tenant]), capsys)
    assert expected in problem and "tenants[0].labels" in problem


def test_labels_of_karpenters_domains_it_accepts_and_of_your_own_pass(tmp_path: Path) -> None:
    from conftest import load

    labels = {
        "karpenter.sh/capacity-type": "spot",
        "karpenter.k8s.aws/instance-family": "m7i",
        "team.example.com/x": "y",
        "a" * 63: "x",
        "d" * 63 + ".example.com/" + "e" * 63: "x",
    }
    loaded = load(tmp_path, cluster_dict(tenants=[{**BASE_V1["tenants"][0], "labels": labels}]))
    assert loaded.config.tenants[0].labels == labels
