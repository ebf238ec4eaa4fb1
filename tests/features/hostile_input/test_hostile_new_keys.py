"""Hostile and careless input against the three newest keys of a cluster file: `tenantDefaults:` (config.tenant_defaults,
merged in config.loader; plan's "Tenant defaults" section, review.tenant_defaults), `tenants[].enforcement` (the
tenant's isolation binding, kinds.isolation.construct; plan's grouping, kinds.isolation.review) and `tenants[].pools[].nodePoolName`
(config.schema.tenant.node_pools).

The product's rules for bad input, asserted for every case: exit 2, one clear message per problem naming the file, the
path in it and the fix, never a traceback, never exit 70, and dist/ left exactly as it was. A case that breaks a rule
asserts the correct behaviour (each bug found was fixed)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import write_cluster

from karpenter_tenants.commands.cli import main

HEAD = (
    'cluster: {name: acme, accountId: "001234567890", region: ca-central-1, kubernetesVersion: "1.33"}\n'
    'karpenter: {version: "1.14.1"}\n'
)
# 0.31: BASE_V1ALPHA5 of conftest, as text
OLD = (
    'cluster: {name: acme, accountId: "001234567890", region: ca-central-1, kubernetesVersion: "1.28"}\n'
    'karpenter: {version: "0.31.5"}\n'
)
TENANTS = (
    "tenants:\n"
    "  - {name: alpha, nodeRole: node-alpha, namespaces: [alpha], ami: {alias: al2023@v20261101}}\n"
    "  - {name: beta, nodeRole: node-beta, namespaces: [beta], ami: {alias: al2023@v20261101}}\n"
)
OLD_TENANTS = (
    "tenants:\n"
    "  - {name: alpha, instanceProfile: node-alpha, ami: {family: AL2}}\n"
    "  - {name: beta, instanceProfile: node-beta, ami: {family: AL2}}\n"
)
VALID = HEAD + TENANTS
PROBLEM = re.compile(r"^  (?P<file>\S+?\.yaml)(?::(?P<line>\d+))?: (?P<path>.*?): (?P<message>.*)$")


# --- helpers -----------------------------------------------------------------------------------------------------


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def valid_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ as synth writes it from VALID: each refusal below starts from a copy and must leave it as it was."""
    root = tmp_path_factory.mktemp("valid")
    write_cluster(root / "clusters", VALID)
    assert main(["--clusters", str(root / "clusters"), "synth", "--dist", str(root / "dist"), "--jobs", "1"]) == 0
    return root / "dist"


def _synth(tmp_path: Path, text: str) -> tuple[int, str, str]:
    import contextlib
    import io

    clusters = tmp_path / "clusters"
    write_cluster(clusters, text)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--clusters", str(clusters), "synth", "--dist", str(tmp_path / "dist"), "--jobs", "1"])
    return status, out.getvalue(), err.getvalue()


def refused(tmp_path: Path, valid_dist: Path, text: str) -> list[dict[str, Any]]:
    """The problems synth reports for text (exit 2, no traceback, dist/ as it was), each as file, line, path, message."""
    dist = tmp_path / "dist"
    shutil.copytree(valid_dist, dist)
    before = _files(dist)
    status, out, err = _synth(tmp_path, text)
    assert status == 2, (status, out, err[:3000])
    assert "Traceback" not in err + out and "internal error" not in err, err[:3000]
    assert _files(dist) == before, "dist/ changed on a refused input"
    problems = []
    for line in err.splitlines():
        if line.startswith("  "):
            found = PROBLEM.match(line)
            assert found is not None, line[:500]
            problems.append({**found.groupdict(), "line": int(found["line"]) if found["line"] else None, "text": line})
    assert problems, err[:3000]
    assert all(p["file"].endswith("clusters/acme.yaml") for p in problems), err[:3000]
    return problems


def accepted(tmp_path: Path, text: str) -> tuple[Path, str]:
    status, out, err = _synth(tmp_path, text)
    assert status == 0, err[:3000]
    assert "Traceback" not in err
    return tmp_path / "dist", err


def _line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


def _tenants(count: int) -> str:
    return "tenants:\n" + "".join(
        f"  - {{name: tenant-{i:03d}, nodeRole: role-{i}, namespaces: [ns-{i}, nt-{i}], "
        "ami: {alias: al2023@v20261101}}\n"
        for i in range(count)
    )


# --- tenantDefaults: its shape ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["hello", "5", "[ami, labels]", "true", "'{ami: x}'"])
def test_defaults_that_are_not_a_mapping_are_one_problem_at_the_key(
    tmp_path: Path, valid_dist: Path, value: str
) -> None:
    text = HEAD + f"tenantDefaults: {value}\n" + TENANTS
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [("tenantDefaults", _line_of(text, "tenantDefaults:"))]
    assert "expected a mapping of tenant fields" in problems[0]["message"]


@pytest.mark.parametrize("value", ["", "null", "~", "{}"])
def test_empty_or_null_defaults_synthesize_what_no_defaults_do(tmp_path: Path, valid_dist: Path, value: str) -> None:
    dist, _ = accepted(tmp_path, HEAD + f"tenantDefaults: {value}\n" + TENANTS)
    made, reference = _files(dist), _files(valid_dist)
    assert {p for p in made if made[p] != reference.get(p) and not p.endswith(".karpenter-cache")} == set()


def test_each_tenants_own_keys_are_refused_even_through_a_merge_key(tmp_path: Path, valid_dist: Path) -> None:
    """name, namespaces and pools brought into tenantDefaults by `<<: *tenant`: one problem each, at tenantDefaults."""
    text = HEAD + (
        "tenants:\n"
        "  - &first {name: alpha, nodeRole: node-alpha, namespaces: [alpha], pools: [{name: p}]}\n"
        "tenantDefaults:\n  <<: *first\n  labels: {team: a}\n"
    )
    problems = refused(tmp_path, valid_dist, text)
    assert sorted(p["path"] for p in problems) == [
        "tenantDefaults.name",
        "tenantDefaults.namespaces",
        "tenantDefaults.pools",
    ]
    assert all("each tenant's own" in p["message"] and p["line"] == _line_of(text, "tenantDefaults:") for p in problems)


def test_anchors_and_merge_keys_inside_defaults_and_tenants_merge(tmp_path: Path) -> None:
    text = HEAD + (
        "tenantDefaults: &defaults\n"
        "  ami: {alias: al2023@v20261101}\n"
        "  disruption: &disruption {consolidationPolicy: WhenEmpty, consolidateAfter: 10m, expireAfter: Never}\n"
        "  labels: {team: platform}\n"
        "tenants:\n"
        "  - {name: alpha, nodeRole: node-alpha, disruption: {<<: *disruption, expireAfter: 720h}}\n"
        "  - {<<: *defaults, name: beta, nodeRole: node-beta, labels: {team: beta}}\n"
    )
    dist, _ = accepted(tmp_path, text)
    alpha = yaml.safe_load((dist / "acme/tenants/alpha/nodepool-alpha.yaml").read_text())
    beta = yaml.safe_load((dist / "acme/tenants/beta/nodepool-beta.yaml").read_text())
    assert (
        alpha["spec"]["disruption"]["consolidateAfter"] == "10m"
        and alpha["spec"]["template"]["spec"]["expireAfter"] == "720h"
    )
    assert alpha["spec"]["template"]["metadata"]["labels"]["team"] == "platform"
    assert beta["spec"]["template"]["metadata"]["labels"]["team"] == "beta"


def test_an_alias_bomb_inside_defaults_is_refused_as_any_other(tmp_path: Path, valid_dist: Path) -> None:
    lines = ["tenantDefaults:", "  labels:", "    a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"    a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    problems = refused(tmp_path, valid_dist, HEAD + "\n".join(lines) + "\n" + TENANTS)
    assert len(problems) == 1 and "more than 1,000,000 YAML nodes" in problems[0]["message"]


def test_a_self_containing_alias_in_defaults_is_refused(tmp_path: Path, valid_dist: Path) -> None:
    problems = refused(tmp_path, valid_dist, HEAD + "tenantDefaults:\n  labels: &x {a: *x}\n" + TENANTS)
    assert len(problems) == 1 and "contains itself" in problems[0]["message"]


def _amplified(through_defaults: bool) -> str:
    """190,000 nodes of subnetSelector (9,000 aliases of one 21-node term) for each of 10 tenants: 1.9 million nodes
    once every tenant has it. tenants[0] has weight 0 so that a file that is not refused stops after validation."""
    term = "{tags: {" + ", ".join(f"k{i}: v" for i in range(10)) + "}}"
    if through_defaults:
        body = "tenantDefaults:\n  subnetSelector:\n    - &t " + term + "\n" + "    - *t\n" * 9000
        return (
            HEAD
            + body
            + "tenants:\n"
            + "".join(f"  - {{name: t{i}, nodeRole: r{i}{', weight: 0' if i == 0 else ''}}}\n" for i in range(10))
        )
    body = "tenants:\n  - name: t0\n    nodeRole: r0\n    weight: 0\n    subnetSelector: &s\n      - &t " + term + "\n"
    body += "      - *t\n" * 9000
    return HEAD + body + "".join(f"  - {{name: t{i}, nodeRole: r{i}, subnetSelector: *s}}\n" for i in range(1, 10))


def test_the_same_expansion_through_aliases_is_refused(tmp_path: Path, valid_dist: Path) -> None:
    problems = refused(tmp_path, valid_dist, _amplified(through_defaults=False))
    assert len(problems) == 1 and "more than 1,000,000 YAML nodes" in problems[0]["message"]


def test_defaults_multiplied_past_the_node_limit_are_refused(tmp_path: Path, valid_dist: Path) -> None:
    problems = refused(tmp_path, valid_dist, _amplified(through_defaults=True))
    assert len(problems) == 1 and "1,000,000" in problems[0]["message"], [p["text"][:300] for p in problems]


def test_deep_nesting_in_defaults(tmp_path: Path, valid_dist: Path) -> None:
    too_deep = refused(
        tmp_path / "a", valid_dist, HEAD + "tenantDefaults:\n  labels: " + "[" * 120 + "]" * 120 + "\n" + TENANTS
    )
    assert len(too_deep) == 1 and "nested more than 100 levels deep" in too_deep[0]["message"]
    deep = refused(
        tmp_path / "b", valid_dist, HEAD + "tenantDefaults:\n  labels: " + "{a: " * 90 + "1" + "}" * 90 + "\n" + TENANTS
    )
    assert len(deep) == 1 and deep[0]["path"] == "tenantDefaults.labels.a" and len(deep[0]["text"]) < 1000
    assert "(inherited by tenants alpha, beta)" in deep[0]["message"]


def test_a_huge_default_list_is_accepted_once(tmp_path: Path) -> None:
    values = ", ".join(f"m{i}.large" for i in range(3000))
    dist, _ = accepted(tmp_path, HEAD + f"tenantDefaults:\n  requirements: {{instanceTypes: [{values}]}}\n" + TENANTS)
    pool = yaml.safe_load((dist / "acme/tenants/beta/nodepool-beta.yaml").read_text())
    types = next(
        r for r in pool["spec"]["template"]["spec"]["requirements"] if r["key"] == "node.kubernetes.io/instance-type"
    )
    assert len(types["values"]) == 3000


@pytest.mark.parametrize(
    ("body", "path", "needle"),
    [
        ("tenantDefaults:\n  labels: {team: a}\n  labels: {team: b}\n", "tenantDefaults.labels", "labels: {team: b}"),
        (
            "tenantDefaults: {labels: {team: a}}\ntenantDefaults: {labels: {team: b}}\n",
            "tenantDefaults",
            "tenantDefaults: {labels: {team: b}}",
        ),
        ("tenantDefaults:\n  labels:\n    team: a\n    team: b\n", "tenantDefaults.labels.team", "team: b"),
    ],
)
def test_duplicated_keys_in_defaults_are_one_problem_at_the_repeat(
    tmp_path: Path, valid_dist: Path, body: str, path: str, needle: str
) -> None:
    text = HEAD + body + TENANTS
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [(path, _line_of(text, needle))]
    assert "duplicate key" in problems[0]["message"] and "keep one of them" in problems[0]["message"]


# --- tenantDefaults: what the tenants inherit ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("default", "path", "words"),
    [
        (
            "nodeRole: node-all",
            "tenantDefaults.nodeRole",
            "nodeRole is a Karpenter 1.x field; on 0.31 give 'instanceProfile'",
        ),
        ("ami: {alias: al2023@latest}", "tenantDefaults.ami.alias", "ami.alias is a Karpenter 1.x field"),
        ("terminationGracePeriod: 1h", "tenantDefaults.terminationGracePeriod", "needs Karpenter 1.x"),
        ("overlays: [{name: o, priceAdjustment: '-10%'}]", "tenantDefaults.overlays", "need Karpenter >= 1.7"),
        ("associatePublicIPAddress: true", "tenantDefaults.associatePublicIPAddress", ""),
    ],
)
def test_a_1x_default_on_a_031_cluster_is_one_problem_at_its_line(
    tmp_path: Path, valid_dist: Path, default: str, path: str, words: str
) -> None:
    text = OLD + f"tenantDefaults:\n  {default}\n" + OLD_TENANTS
    problems = refused(tmp_path, valid_dist, text)
    assert [p["path"] for p in problems] == [path], [p["text"] for p in problems]
    assert problems[0]["line"] == _line_of(text, default.split(":")[0] + ":")
    assert words in problems[0]["message"] and "(inherited by tenants alpha, beta)" in problems[0]["message"]


@pytest.mark.parametrize(
    ("default", "path"),
    [
        ("weight: 0", "tenantDefaults.weight"),
        ("ami: {alias: al2023@v20261101, bogus: 1}", "tenantDefaults.ami.bogus"),
        ("limits: {cpu: lots}", "tenantDefaults.limits.cpu"),
        ("taints: [{key: tenant, effect: NoSchedule}]", "tenantDefaults.taints[0].key"),
        (
            "requirements: {extra: [{key: tenant, operator: In, values: [a]}]}",
            "tenantDefaults.requirements.extra[0].key",
        ),
        ("enforcement: block", "tenantDefaults.enforcement"),
        ("nodePoolName: legacy", "tenantDefaults.nodePoolName"),
    ],
)
def test_a_default_that_breaks_200_tenants_is_one_bounded_problem(
    tmp_path: Path, valid_dist: Path, default: str, path: str
) -> None:
    text = HEAD + f"tenantDefaults:\n  {default}\n" + _tenants(200)
    problems = refused(tmp_path, valid_dist, text)
    assert [p["path"] for p in problems] == [path], [p["text"][:300] for p in problems[:3]]
    assert problems[0]["line"] == _line_of(text, default)
    assert len(problems[0]["text"]) < 1000
    assert (
        "(inherited by tenants tenant-000, tenant-001, tenant-002, tenant-003, tenant-004 and 195 more)"
        in problems[0]["text"]
    )


@pytest.mark.parametrize(
    ("default", "path"),
    [
        ("labels: {tenant: x}", "tenantDefaults.labels.tenant"),
        (
            "buffers: [{name: b, namespace: other, replicas: 1, requests: {cpu: '1'}}]",
            "tenantDefaults.buffers[0].namespace",
        ),
        ("buffers: [{name: b, replicas: 1, requests: {cpu: '1'}}]", "tenantDefaults.buffers[0]"),
    ],
)
def test_a_default_whose_message_names_the_tenant_is_still_one_problem(
    tmp_path: Path, valid_dist: Path, default: str, path: str
) -> None:
    problems = refused(tmp_path, valid_dist, HEAD + f"tenantDefaults:\n  {default}\n" + _tenants(200))
    assert [p["path"] for p in problems] == [path], f"{len(problems)} problems: {problems[0]['text'][:300]}"
    assert len(problems[0]["text"]) < 1000


@pytest.mark.parametrize(
    ("own", "shape"),
    [
        ("labels: [a, b]", "got list"),
        ("labels: team", "got str"),
        ("disruption: never", "got str"),
        ("ami: [al2023@latest]", "got list"),
    ],
)
def test_a_tenant_writing_another_shape_over_a_default_mapping_is_its_own_problem(
    tmp_path: Path, valid_dist: Path, own: str, shape: str
) -> None:
    text = HEAD + (
        "tenantDefaults: {labels: {team: a}, disruption: {expireAfter: Never}, ami: {alias: al2023@v20261101}}\n"
        f"tenants:\n  - {{name: alpha, nodeRole: node-alpha, {own}}}\n  - {{name: beta, nodeRole: node-beta}}\n"
    )
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [
        (f"tenants[0].{own.split(':')[0]}", _line_of(text, "name: alpha"))
    ]
    assert "expected a mapping" in problems[0]["message"] and shape in problems[0]["message"]
    assert "inherited" not in problems[0]["message"]


@pytest.mark.parametrize(
    ("default", "own", "path"),
    [
        (
            "taints: [{key: a, value: b, effect: NoSchedule}]",
            "taints: [{value: x, effect: NoSchedule}]",
            "tenants[0].taints[0].key",
        ),
        (
            "requirements: {extra: [{key: example.com/k, operator: In, values: [b]}]}",
            "requirements: {extra: [{operator: In, values: [a]}]}",
            "tenants[0].requirements.extra[0].key",
        ),
    ],
)
def test_a_problem_inside_a_list_the_tenant_wrote_is_the_tenants(
    tmp_path: Path, valid_dist: Path, default: str, own: str, path: str
) -> None:
    text = (
        HEAD + f"tenantDefaults: {{{default}}}\ntenants:\n  - {{name: alpha, nodeRole: node-alpha, {own}}}\n"
        "  - {name: beta, nodeRole: node-beta}\n"
    )
    problems = refused(tmp_path, valid_dist, text)
    assert [p["path"] for p in problems] == [path], [p["text"] for p in problems]
    assert "inherited" not in problems[0]["message"]


def test_an_integer_key_in_defaults_is_one_problem_there(tmp_path: Path, valid_dist: Path) -> None:
    problems = refused(tmp_path, valid_dist, HEAD + "tenantDefaults: {1: a}\n" + TENANTS)
    assert [p["path"] for p in problems] == ["tenantDefaults[1]"]
    assert "(inherited by tenants alpha, beta)" in problems[0]["message"]


@pytest.mark.parametrize("key", ["null", "~"])
def test_a_null_key_in_defaults_is_one_problem_there(tmp_path: Path, valid_dist: Path, key: str) -> None:
    problems = refused(tmp_path, valid_dist, HEAD + f"tenantDefaults: {{{key}: b}}\n" + TENANTS)
    assert len(problems) == 1 and problems[0]["path"].startswith("tenantDefaults"), [p["text"] for p in problems]


def test_a_tenant_null_removes_a_default(tmp_path: Path) -> None:
    text = HEAD + (
        "tenantDefaults: {ami: {alias: al2023@v20261101}, labels: {team: a}, weight: 7}\n"
        "tenants:\n  - {name: alpha, nodeRole: node-alpha, labels: null, weight: null}\n"
    )
    dist, _ = accepted(tmp_path, text)
    pool = yaml.safe_load((dist / "acme/tenants/alpha/nodepool-alpha.yaml").read_text())
    assert "team" not in pool["spec"]["template"]["metadata"]["labels"] and "weight" not in pool["spec"]


# --- enforcement ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["Deny", "' deny'", "''", "true", "[deny]", "1", "{deny: true}", "enforce"])
def test_a_wrong_enforcement_is_one_problem_naming_the_values(tmp_path: Path, valid_dist: Path, value: str) -> None:
    text = HEAD + f"tenants:\n  - {{name: alpha, nodeRole: node-alpha, namespaces: [alpha], enforcement: {value}}}\n"
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [("tenants[0].enforcement", 4)]
    assert "'audit', 'warn' or 'deny'" in problems[0]["message"]


@pytest.mark.parametrize("namespaces", [", namespaces: []", ""])
def test_enforcement_without_namespaces_is_one_problem(tmp_path: Path, valid_dist: Path, namespaces: str) -> None:
    text = HEAD + f"tenants:\n  - {{name: alpha, nodeRole: node-alpha{namespaces}, enforcement: deny}}\n"
    problems = refused(tmp_path, valid_dist, text)
    assert [p["path"] for p in problems] == ["tenants[0].enforcement"]
    assert "list them in namespaces (or remove enforcement)" in problems[0]["message"]


def test_default_enforcement_for_a_tenant_without_namespaces_names_it_once(tmp_path: Path, valid_dist: Path) -> None:
    text = HEAD + (
        "tenantDefaults: {enforcement: deny}\ntenants:\n  - {name: alpha, nodeRole: a, namespaces: [alpha]}\n"
        "  - {name: beta, nodeRole: b}\n  - {name: gamma, nodeRole: c, namespaces: []}\n"
    )
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [("tenantDefaults.enforcement", 3)]
    assert problems[0]["message"].endswith("(inherited by tenants beta, gamma)")


def test_enforcement_per_tenant_default_and_null(tmp_path: Path) -> None:
    text = HEAD + (
        "tenancy: {enforcement: audit}\ntenantDefaults: {enforcement: warn, ami: {alias: al2023@v20261101}}\n"
        "tenants:\n  - {name: alpha, nodeRole: a, namespaces: [alpha]}\n"
        "  - {name: beta, nodeRole: b, namespaces: [beta], enforcement: deny}\n"
        "  - {name: gamma, nodeRole: c, namespaces: [gamma], enforcement: null}\n"
    )
    dist, _ = accepted(tmp_path, text)

    def actions(tenant: str) -> list[str]:
        path = dist / f"acme/tenants/{tenant}/validatingadmissionpolicybinding-karpenter-tenant-isolation-{tenant}.yaml"
        return yaml.safe_load(path.read_text())["spec"]["validationActions"]

    assert (sorted(actions("alpha")), actions("beta"), actions("gamma")) == (["Audit", "Warn"], ["Deny"], ["Audit"])


def test_a_63_character_tenant_gets_a_valid_binding_name(tmp_path: Path) -> None:
    name = "t" + "x" * 61 + "t"
    dist, _ = accepted(
        tmp_path,
        HEAD + f"tenants:\n  - {{name: {name}, nodeRole: r, namespaces: [ns], enforcement: deny, "
        "ami: {alias: al2023@v20261101}}\n",
    )
    binding = yaml.safe_load(
        next((dist / f"acme/tenants/{name}").glob("validatingadmissionpolicybinding-*")).read_text()
    )
    assert binding["metadata"]["name"] == f"karpenter-tenant-isolation-{name}"
    assert re.fullmatch(r"[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?", binding["metadata"]["name"])  # DNS subdomain
    assert binding["spec"]["validationActions"] == ["Deny"]
    assert binding["spec"]["paramRef"]["name"] == f"karpenter-tenant-{name}"


def test_enforcement_where_isolation_is_unsupported_warns(tmp_path: Path) -> None:
    text = (
        OLD
        + "tenants:\n  - {name: alpha, instanceProfile: p, ami: {family: AL2}, namespaces: [alpha], enforcement: deny}\n"
    )
    dist, err = accepted(tmp_path, text)
    assert "tenant namespaces are not enforced" in err
    assert not list(dist.rglob("validatingadmissionpolicybinding-*"))


def test_duplicated_enforcement_is_one_problem(tmp_path: Path, valid_dist: Path) -> None:
    text = HEAD + "tenants:\n  - name: alpha\n    namespaces: [alpha]\n    enforcement: deny\n    enforcement: audit\n"
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [("tenants[0].enforcement", 7)]


# --- nodePoolName --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("a" * 64, "not an RFC 1123 label"),
        ("Alpha-A", "not an RFC 1123 label"),
        ("''", "not an RFC 1123 label"),
        ("-a", "not an RFC 1123 label"),
        ("a.b", "not an RFC 1123 label"),
        ("123", "YAML number"),
        ("[x]", ""),
        ("{a: b}", ""),
    ],
)
def test_a_bad_node_pool_name_is_one_problem_at_it(tmp_path: Path, valid_dist: Path, value: str, words: str) -> None:
    text = HEAD + f"tenants:\n  - {{name: alpha, nodeRole: r, pools: [{{name: a, nodePoolName: {value}}}]}}\n"
    problems = refused(tmp_path, valid_dist, text)
    assert [(p["path"], p["line"]) for p in problems] == [("tenants[0].pools[0].nodePoolName", 4)]
    assert words in problems[0]["message"] and len(problems[0]["text"]) < 500


def test_a_63_character_node_pool_name_is_the_node_pools(tmp_path: Path) -> None:
    name = "n" * 63
    dist, _ = accepted(
        tmp_path, HEAD + f"tenants:\n  - {{name: alpha, nodeRole: r, pools: [{{name: a, nodePoolName: {name}}}]}}\n"
    )
    assert yaml.safe_load((dist / f"acme/tenants/alpha/nodepool-{name}.yaml").read_text())["metadata"]["name"] == name


def test_a_node_pool_name_keeps_a_long_tenant_pool_name_legal(tmp_path: Path, valid_dist: Path) -> None:
    """`<tenant>-<pool>` of 71 characters is refused; with a nodePoolName that name is never used."""
    tenant, pool = "a" * 40, "b" * 30
    body = f"tenants:\n  - {{name: {tenant}, nodeRole: r, pools: [{{name: {pool}}}]}}\n"
    problems = refused(tmp_path / "long", valid_dist, HEAD + body)
    assert [p["path"] for p in problems] == ["tenants[0].pools[0].name"] and "71 characters" in problems[0]["message"]
    dist, _ = accepted(tmp_path / "kept", HEAD + body.replace(f"{pool}}}", f"{pool}, nodePoolName: short}}"))
    assert (dist / f"acme/tenants/{tenant}/nodepool-short.yaml").is_file()


def test_a_node_pool_name_in_defaults_points_to_pools(tmp_path: Path, valid_dist: Path) -> None:
    problems = refused(tmp_path, valid_dist, HEAD + "tenantDefaults: {nodePoolName: legacy}\n" + TENANTS)
    assert [p["path"] for p in problems] == ["tenantDefaults.nodePoolName"]
    assert "did you mean pools.nodePoolName?" in problems[0]["message"]


COLLISIONS = {  # tenants whose NodePool names collide through a nodePoolName: where the problem may be reported
    "with-a-later-tenant": (
        "  - {name: alpha, nodeRole: a, pools: [{name: p, nodePoolName: beta}]}\n  - {name: beta, nodeRole: b}\n",
        {"tenants[0].pools[0].nodePoolName", "tenants[1].name"},
    ),
    "with-an-earlier-tenant": (
        "  - {name: beta, nodeRole: b}\n  - {name: alpha, nodeRole: a, pools: [{name: p, nodePoolName: beta}]}\n",
        {"tenants[1].pools[0].nodePoolName", "tenants[0].name"},
    ),
    "with-a-later-pool": (
        "  - {name: alpha, nodeRole: a, pools: [{name: p, nodePoolName: beta-q}]}\n"
        "  - {name: beta, nodeRole: b, pools: [{name: q}]}\n",
        {"tenants[0].pools[0].nodePoolName", "tenants[1].pools[0].name"},
    ),
    "with-an-earlier-pool": (
        "  - {name: beta, nodeRole: b, pools: [{name: q}]}\n"
        "  - {name: alpha, nodeRole: a, pools: [{name: p, nodePoolName: beta-q}]}\n",
        {"tenants[1].pools[0].nodePoolName", "tenants[0].pools[0].name"},
    ),
    "with-another-node-pool-name": (
        "  - {name: alpha, nodeRole: a, pools: [{name: p, nodePoolName: x}]}\n"
        "  - {name: beta, nodeRole: b, pools: [{name: q, nodePoolName: x}]}\n",
        {"tenants[0].pools[0].nodePoolName", "tenants[1].pools[0].nodePoolName"},
    ),
    "with-its-own-tenants-pool": (
        "  - {name: alpha, nodeRole: a, pools: [{name: p, nodePoolName: alpha-q}, {name: q}]}\n",
        {"tenants[0].pools[0].nodePoolName", "tenants[0].pools[1].name"},
    ),
}


@pytest.mark.parametrize("case", COLLISIONS)
def test_a_colliding_node_pool_name_is_one_problem(tmp_path: Path, valid_dist: Path, case: str) -> None:
    tenants, places = COLLISIONS[case]
    problems = refused(tmp_path, valid_dist, HEAD + "tenants:\n" + tenants)
    assert len(problems) == 1 and problems[0]["path"] in places, [p["text"] for p in problems]
    assert "NodePool" in problems[0]["message"] and "is also" in problems[0]["message"]


@pytest.mark.parametrize("case", ["with-a-later-tenant", "with-an-earlier-tenant", "with-another-node-pool-name"])
def test_a_colliding_node_pool_name_names_node_pool_name_as_the_fix(
    tmp_path: Path, valid_dist: Path, case: str
) -> None:
    problems = refused(tmp_path, valid_dist, HEAD + "tenants:\n" + COLLISIONS[case][0])
    assert len(problems) == 1 and "nodePoolName" in problems[0]["message"], problems[0]["text"]


def test_node_pool_name_on_a_031_cluster_is_refused_with_its_pools(tmp_path: Path, valid_dist: Path) -> None:
    text = (
        OLD
        + "tenants:\n  - {name: alpha, instanceProfile: p, ami: {family: AL2}, pools: [{name: a, nodePoolName: x}]}\n"
    )
    problems = refused(tmp_path, valid_dist, text)
    assert [p["path"] for p in problems] == ["tenants[0].pools"] and "1.x" in problems[0]["message"]


def test_a_node_pool_name_is_what_buffers_and_overlays_select(tmp_path: Path) -> None:
    text = HEAD + (
        "tenants:\n  - name: alpha\n    nodeRole: r\n    ami: {alias: al2023@v20261101}\n    namespaces: [alpha]\n"
        "    overlays: [{name: o, priceAdjustment: '-10%'}]\n"
        "    buffers: [{name: b, pool: gpu, replicas: 1, requests: {cpu: '1'}}]\n"
        "    pools: [{name: gpu, nodePoolName: legacy-gpu}, {name: gen}]\n"
    )
    dist, _ = accepted(tmp_path, text)
    folder = dist / "acme/tenants/alpha"
    assert sorted(p.name for p in folder.glob("nodepool-*")) == ["nodepool-alpha-gen.yaml", "nodepool-legacy-gpu.yaml"]
    assert (
        "karpenter.sh/nodepool: legacy-gpu"
        in (folder / "buffers/podtemplate-karpenter-tenants-buffer-b.yaml").read_text()
    )
    overlay = yaml.safe_load((folder / "nodeoverlay-alpha-o.yaml").read_text())
    assert sorted(overlay["spec"]["requirements"][0]["values"]) == ["alpha-gen", "legacy-gpu"]


# --- plan against a base with hostile tenantDefaults ---------------------------------------------------------------

GOOD = HEAD + (
    "tenantDefaults:\n  ami: {alias: al2023@v20261101}\n  labels: {team: a}\n"
    "tenants:\n  - {name: alpha, nodeRole: a, namespaces: [alpha]}\n"
    "  - {name: beta, nodeRole: b, namespaces: [beta], labels: {team: b}}\n"
)
_T = "tenants:\n  - {name: alpha, nodeRole: a, namespaces: [alpha]}\n"
_BOMB = "tenantDefaults:\n  labels:\n    a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"    a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 9)
)
HOSTILE_BASES = {
    "string": HEAD + "tenantDefaults: hello\n" + _T,
    "list": HEAD + "tenantDefaults: [1, 2]\n" + _T,
    "number": HEAD + "tenantDefaults: 7\n" + _T,
    "null": HEAD + "tenantDefaults: null\n" + _T,
    "non-string-keys": HEAD + "tenantDefaults: {1: a, null: b, 2.5: c, true: d}\n" + _T,
    "merge-key": HEAD + "x: &x {labels: {team: z}}\ntenantDefaults: {<<: *x, ami: {alias: al2023@v20261101}}\n" + _T,
    "merge-of-a-list": HEAD + "x: &x [1]\ntenantDefaults: {<<: *x}\n" + _T,
    "alias-bomb": HEAD + _BOMB + _T,
    "self-alias": HEAD + "tenantDefaults: &d {labels: *d}\n" + _T,
    "odd-tenants": HEAD
    + "tenantDefaults: {labels: {team: q}}\ntenants: [5, null, {name: [x]}, {name: alpha, labels: 3}, "
    "{name: alpha}]\n",
    "tenants-mapping": HEAD + "tenantDefaults: {labels: {team: q}}\ntenants: {alpha: 1}\n",
    "tenants-number": HEAD + "tenantDefaults: {labels: {team: q}}\ntenants: 5\n",
    "deep": HEAD + "tenantDefaults:\n  labels: " + "{a: " * 95 + "1" + "}" * 95 + "\n" + _T,
    "too-deep": HEAD + "tenantDefaults:\n  labels: " + "[" * 120 + "]" * 120 + "\n" + _T,
    "nan": HEAD + "tenantDefaults: {labels: .nan, weight: .nan}\n" + _T,
    "syntax-error": HEAD + "tenantDefaults: {labels: [\n" + _T,
    "duplicate-key": HEAD + "tenantDefaults: {labels: {team: a}}\ntenantDefaults: {labels: {team: b}}\n" + _T,
    "top-level-list": "- 1\n- 2\n",
    "empty": "",
    "newline-key": HEAD + 'tenantDefaults: {"a\\nb`c": 1, labels: {team: a}}\n' + _T,
    "long-key": HEAD + "tenantDefaults:\n  ? " + "k" * 100_000 + "\n  : 1\n" + _T,
    "many-keys": HEAD + "tenantDefaults: {" + ", ".join(f"k{i}: 1" for i in range(3000)) + "}\n" + _T,
}


@pytest.fixture(scope="module")
def plan_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A repository whose dist/ is GOOD's, one commit per hostile base cluster file, and GOOD (synthesized) at head."""
    from conftest import git

    root = tmp_path_factory.mktemp("plan")
    clusters, dist = root / "clusters", root / "dist"
    write_cluster(clusters, GOOD)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    git(root, "init", "-q")
    commits = {}
    for name, text in HOSTILE_BASES.items():
        write_cluster(clusters, text)
        git(root, "add", "-A")
        git(root, "commit", "-qm", name, "--allow-empty")
        commits[name] = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, check=True, capture_output=True, text=True
        ).stdout.strip()
    write_cluster(clusters, GOOD)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    return root, commits


def _plan(plan_repo: tuple[Path, dict[str, str]], base: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    root, commits = plan_repo
    capsys.readouterr()
    status = main(["--clusters", str(root / "clusters"), "plan", "--base", commits[base], "--dist", str(root / "dist")])
    out, err = capsys.readouterr()
    assert status == 0, (status, err[:2000])
    assert "Traceback" not in out + err and "internal error" not in err
    section = (
        out.split("#### Tenant defaults", 1)[1].strip().split("\n\n", 1)[0] if "#### Tenant defaults" in out else ""
    )
    return section.splitlines()


@pytest.mark.parametrize(
    "base", [name for name in HOSTILE_BASES if name not in ("newline-key", "long-key", "many-keys")]
)
def test_plan_against_a_hostile_base_does_not_crash(
    plan_repo: tuple[Path, dict[str, str]], base: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _plan(plan_repo, base, capsys)
    assert lines and all(line.startswith("- `tenantDefaults.") for line in lines), lines
    assert len(lines) <= 10 and all(len(line) < 300 for line in lines), lines


@pytest.mark.parametrize("base", ["newline-key", "long-key", "many-keys"])
def test_plan_against_a_base_with_hostile_keys_is_bounded(
    plan_repo: tuple[Path, dict[str, str]], base: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _plan(plan_repo, base, capsys)
    assert lines and all(line.startswith("- `tenantDefaults.") for line in lines), lines[:5]
    assert len(lines) <= 60 and all(len(line) < 1000 for line in lines), (len(lines), max(map(len, lines)))


def test_plan_groups_an_enforcement_change_and_keeps_own_ones_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from conftest import git

    def cluster(enforcement: str, own: dict[int, str]) -> str:
        return (
            HEAD
            + f"tenancy: {{enforcement: {enforcement}}}\ntenantDefaults: {{ami: {{alias: al2023@v20261101}}}}\n"
            + "tenants:\n"
            + "".join(
                f"  - {{name: t{i:02d}, nodeRole: r{i}, namespaces: [ns{i}]"
                + (f", enforcement: {own[i]}" if i in own else "")
                + "}\n"
                for i in range(13)
            )
        )

    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, cluster("audit", {}))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    write_cluster(clusters, cluster("deny", {0: "audit", 1: "warn", 2: "warn"}))
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    tenant_lines = [line for line in out.splitlines() if "karpenter-tenant-isolation-" in line]
    assert len(tenant_lines) == 2, out
    assert any(
        "(10 tenants)" in line and "→ deny" in line and "tenants t03, t04" in line and "t12" in line
        for line in tenant_lines
    ), out
    assert any(
        "(2 tenants)" in line and "→ warn" in line and line.endswith("tenants t01, t02") for line in tenant_lines
    ), out
    assert "t00" not in out  # its own audit is unchanged
