"""`plan --base REV` where the base revision's dist/ holds objects synth never writes (edited by hand): whatever
shape they have, plan says so as a finding naming the file and compares as if the base did not have the object;
it never fails (exit 70) on them."""

from __future__ import annotations

import copy
from typing import Any

import yaml
from conftest import EXAMPLE_DIST
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karpenter_tenants.objects.changes import DESTRUCTIVE
from karpenter_tenants.review.plan import plan

FILES = {
    f"acme/{path.relative_to(EXAMPLE_DIST / 'acme').as_posix()}": path.read_text()
    for path in sorted((EXAMPLE_DIST / "acme").rglob("*"))
    if path.is_file()
}
TARGETS = sorted(p for p in FILES if p.endswith(".yaml") and not p.endswith("kustomization.yaml"))

JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=4), st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += paths(value, (*prefix, index))
    return found


def replaced(document: Any, where: tuple[Any, ...], value: Any) -> Any:
    if not where:
        return value
    copied = copy.deepcopy(document)
    node = copied
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = value
    return copied


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_malformed_base_object_is_a_finding_never_a_crash(data: st.DataObject) -> None:
    target = data.draw(st.sampled_from(TARGETS), label="file")
    header, _, body = FILES[target].partition("\n")
    document = yaml.safe_load(body)
    where = data.draw(st.sampled_from(paths(document)), label="path")
    value = data.draw(JSON, label="value")
    old = {**FILES, target: header + "\n" + yaml.safe_dump(replaced(document, where, value))}
    changes = plan(old, FILES)  # never raises
    unreadable = [c for c in changes if c.kind == "file" and c.name == target]
    for change in unreadable:
        assert (
            change.effect == DESTRUCTIVE
            and "which synth never writes" in change.why
            or "not as synth writes" in change.why
        )


def test_a_base_node_pool_with_a_name_that_is_a_number_is_said_with_its_file() -> None:
    target = "acme/tenants/alpha/nodepool-alpha.yaml"
    header, _, body = FILES[target].partition("\n")
    document = yaml.safe_load(body)
    document["metadata"]["name"] = 12
    changes = plan({**FILES, target: header + "\n" + yaml.safe_dump(document)}, FILES)
    [finding] = [c for c in changes if c.kind == "file"]
    assert finding.name == target and "metadata.name is 12, not a string" in finding.why
    # and the NodePool of the current revision is said as added, since the base's cannot be read
    assert any(c.kind == "NodePool" and c.name == "alpha" and c.action == "added" for c in changes)


def test_a_base_file_that_cannot_be_read_is_said_at_that_revision_and_the_rest_is_planned(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """issue 44: a base revision whose dist/ holds a file that is not YAML (a syntax error, an alias bomb, nesting 200
    deep) or not UTF-8 stopped the whole plan with exit 2, naming the working copy's path. Now each is a destructive
    finding naming the file at the base revision, and the other changes are planned."""
    import subprocess

    from conftest import BASE_V1, write_cluster

    from karpenter_tenants.commands.cli import main

    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(
        clusters,
        {
            **BASE_V1,
            "cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"},
            "tenants": [{**BASE_V1["tenants"][0]}, {**BASE_V1["tenants"][0], "name": "beta", "nodeRole": "node-beta"}],
        },
    )
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    broken = {
        "alpha/nodepool-alpha.yaml": b"a: [\n",
        "alpha/ec2nodeclass-alpha.yaml": b"a: &a ["
        + b"*a, " * 3
        + b"]\n"
        + b"".join(b"b%d: &b%d [*b%d, *b%d]\n" % (i, i + 1, i, i) for i in range(30)),
        "beta/nodepool-beta.yaml": b"a: " + b"[" * 200 + b"]" * 200 + b"\n",
        "beta/ec2nodeclass-beta.yaml": b"kind: EC2NodeClass\nmetadata: {name: beta}\nx: \xff\xfe\n",
    }
    for name, data in broken.items():
        (dist / "acme/tenants" / name).write_bytes(data)
    for args in (
        ("init", "-q"),
        ("add", "-A"),
        ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"),
    ):
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0  # the working copy is good again
    write_cluster(
        clusters,
        {
            **BASE_V1,
            "cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"},
            "tenants": [
                {**BASE_V1["tenants"][0]},
                {**BASE_V1["tenants"][0], "name": "beta", "nodeRole": "node-beta"},
                {**BASE_V1["tenants"][0], "name": "gamma", "nodeRole": "node-gamma"},
            ],
        },
    )
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    capsys.readouterr()
    status = main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)])
    out, err = capsys.readouterr()
    assert status == 0 and not err.strip().startswith("error"), err
    for name in broken:
        [line] = [line for line in out.splitlines() if f"file/acme/tenants/{name} changed" in line]
        assert line.startswith("- **destructive**") and f"the base revision's acme/tenants/{name}: not " in line, line
    assert "NodePool/gamma added" in out  # the rest is planned


def test_a_base_node_pool_with_more_requirements_than_the_crd_allows_is_said_not_compared(shared) -> None:  # type: ignore[no-untyped-def]
    """Thousands of requirements in a base NodePool (a hostile commit; the CRD allows 100): a finding naming the file,
    read no further (comparing 50,000 cost half a minute and 400 MB; what is left is reading the YAML, linear); 100
    are compared as any pool."""
    from karpenter_tenants.review.plan import MAX_REQUIREMENTS

    crd = yaml.safe_load((shared / "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml").read_text())
    template = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["template"]
    assert template["properties"]["spec"]["properties"]["requirements"]["maxItems"] == MAX_REQUIREMENTS
    target = "acme/tenants/alpha/nodepool-alpha.yaml"
    header, _, body = FILES[target].partition("\n")
    for count, said in ((5_000, True), (MAX_REQUIREMENTS, False)):
        document = yaml.safe_load(body)
        document["spec"]["template"]["spec"]["requirements"] = [
            {"key": f"example.com/k{n}", "operator": "In", "values": ["v"]} for n in range(count)
        ]
        changes = plan({**FILES, target: header + "\n" + yaml.safe_dump(document)}, FILES)
        findings = [c for c in changes if c.kind == "file" and c.name == target]
        assert bool(findings) == said
        if said:
            assert "NodePool alpha has 5,000 requirements, more than the NodePool CRD allows (100)" in findings[0].why
