"""What `plan` posts on the pull request (the workflow) and what every report prints on a terminal: a value that a pull
request's author, a hostile base revision or a nodes file brings (user data, a label, an annotation, a requirement, a
node's name) must reach neither raw. Each line the product writes stays one line: no control character (escape
sequences, a bell, a carriage return, C1's one-byte CSI, the Unicode line separators and bidirectional overrides), no
heading or working link of its own."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
from pathlib import Path

import cmarkgfm
import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLE_REPO, cluster_dict, write_cluster

from karpenter_tenants.commands.cli import main

EVIL = (
    "x\x1b]0;owned\x07`y`\r\n\n## INJECTED [link](http://evil.example) <b>h</b> |p| \x9b31m \u202eyxes\u2028## SEP "
    "https://bare.example/x www.bare.example \u200fz\ufeff\u061c"
)
INVISIBLE = "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]"
OURS = re.compile(r"(## Karpenter plan against |### Cluster |#### )")


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True, capture_output=True
    )


def inert(line: str, at: int) -> bool:
    """The text at `at` is inside a code span (an odd number of backticks before it) or its bracket is escaped."""
    return line[:at].count("`") % 2 == 1 or line[at - 1 : at] == "\\"


@pytest.fixture
def hostile_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    tenant = {
        "name": "globex",
        "nodeRole": "node-globex",
        "namespaces": ["globex"],
        "ami": {"alias": "al2023@v20261101"},
    }
    base = cluster_dict(
        tenants=[tenant],
        clusterAutoscaler={"running": False, "nodeGroups": [{"name": "globex-workers", "tenant": "globex"}]},
    )
    write_cluster(repo / "clusters", base)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
    # the base revision's NodePool as a hostile commit left it
    pool = repo / "dist/acme/tenants/globex/nodepool-globex.yaml"
    clean = pool.read_text()
    doc = yaml.safe_load(clean)
    doc["metadata"]["annotations"] = {"evil": EVIL, EVIL: "key"}
    doc["spec"]["template"]["metadata"]["labels"]["evil"] = EVIL
    doc["spec"]["template"]["spec"]["requirements"].append({"key": "evil`\n# k", "operator": "In", "values": [EVIL]})
    pool.write_text(yaml.safe_dump(doc))
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    pool.write_text(clean)
    # the pull request's author: user data and a tag of their own, the node group removed
    head = copy.deepcopy(base)
    head["clusterAutoscaler"]["nodeGroups"] = []
    head["tenants"][0]["userData"] = "#!/bin/sh\necho " + EVIL
    write_cluster(repo / "clusters", head)
    assert main(["--clusters", str(repo / "clusters"), "synth", "--out", str(repo / "dist")]) == 0
    # a node name or label value can no longer carry the hostile text (the nodes reader refuses what the API server
    # refuses: test_a_hostile_nodes_file_is_refused_on_one_escaped_line), so the node is plain here
    group = {"eks.amazonaws.com/nodegroup": "globex-workers", "node.kubernetes.io/instance-type": "m5.large"}
    nodes = [{"kind": "Node", "metadata": {"name": "ng-1", "labels": group}}]
    (repo / "nodes.json").write_text(json.dumps({"kind": "List", "items": nodes}))
    return repo


def test_no_value_from_a_file_reaches_the_comment_or_the_terminal_raw(
    hostile_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cwd = Path.cwd()
    os.chdir(hostile_repo)
    try:
        capsys.readouterr()
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD", "--nodes", "nodes.json"])
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert status == 0
    # the hostile values were all seen (so this checks something): the user data, the base's label, annotations
    # and requirement, the node
    for seen in ("`spec.userData`", "labels.evil", "`metadata.annotations`", "requirements[evil", "ng-1"):
        assert seen in out, seen
    assert not re.search(INVISIBLE, out)
    # as GitHub renders the comment (cmark-gfm, its own renderer): no link at all (bare URLs included), no heading
    # but the report's own, no HTML of the value's
    html = cmarkgfm.github_flavored_markdown_to_html(out, options=cmarkgfm.cmark.Options.CMARK_OPT_UNSAFE)
    assert "<a " not in html and "<b>" not in html, html
    assert len(re.findall(r"<h[1-6]>", html)) == len([line for line in out.splitlines() if OURS.match(line)])
    for line in out.splitlines():
        assert not line.lstrip().startswith("#") or OURS.match(line), line
        for found in re.finditer(r"\]\(http", line):
            assert inert(line, found.start()), line
        for found in re.finditer(r"<b>", line):
            assert inert(line, found.start() + 1) or line[found.start() - 1] == "\\", line


def test_a_hostile_nodes_file_is_refused_on_one_escaped_line(
    hostile_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A node named (or labelled) with the hostile text: the API server refuses such a name, so the nodes reader does,
    exit 2, on one line with no control or invisible character of the value's."""
    group = {"eks.amazonaws.com/nodegroup": "globex-workers", "node.kubernetes.io/instance-type": "m5.large"}
    nodes = [{"kind": "Node", "metadata": {"name": "ng-1" + EVIL, "labels": group}}]
    (hostile_repo / "evil-nodes.json").write_text(json.dumps({"kind": "List", "items": nodes}))
    cwd = Path.cwd()
    os.chdir(hostile_repo)
    try:
        capsys.readouterr()
        status = main(["--clusters", "clusters", "plan", "--base", "HEAD", "--nodes", "evil-nodes.json"])
    finally:
        os.chdir(cwd)
    said = capsys.readouterr()
    assert status == 2 and said.out == ""
    [line] = said.err.strip().splitlines()
    assert "evil-nodes.json" in line and "items[0].metadata.name" in line, line
    assert not re.search(INVISIBLE, line), line


def test_preflight_says_a_hostile_workloads_values_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """preflight's fix quotes the node group a workload selects: from the workloads file, so one line whatever it
    holds (the example cluster acme: alpha's namespace must select alpha's nodes)."""
    spec = {"containers": [{"name": "c", "image": "i"}], "nodeSelector": {"eks.amazonaws.com/nodegroup": "g" + EVIL}}
    items = [
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"namespace": "alpha", "name": "web"},
            "spec": {
                "replicas": 1,
                "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}}, "spec": spec},
            },
        }
    ]
    (tmp_path / "w.json").write_text(json.dumps({"kind": "List", "items": items}))
    capsys.readouterr()
    status = main(
        [
            "--clusters",
            str(EXAMPLE_REPO / "clusters"),
            "preflight",
            "--cluster",
            "acme",
            "--dist",
            str(EXAMPLE_DIST),
            "--workloads",
            str(tmp_path / "w.json"),
        ]
    )
    out = capsys.readouterr().out
    assert status == 1 and "fix: replace `eks.amazonaws.com/nodegroup: gx ]0;owned 'y'" in out
    assert not re.search(INVISIBLE, out)
    assert [line.split(":")[0] for line in out.splitlines()] == ["refused", "preflight"]


@pytest.mark.parametrize(
    "value",
    [
        EVIL,
        "https://evil.example/login",
        "see www.evil.example now",
        "HTTP://EVIL.EXAMPLE",
        "<https://evil.example>",
        "[ok](https://evil.example)",
        "![i](https://e.example/i.png)",
        "# heading",
        "a\n---",
        "| a | b |\n|---|---|",
        "ftp://x.example/y",
        "_www.evil.example",
        "x_www.evil.example/p?q=1",
        "&rlm;&zwj;&ZeroWidthSpace;x",
        "~~struck~~",
    ],
)
def test_an_escaped_value_renders_as_its_own_text_on_github(value: str) -> None:
    """escaped() (the values the reports show outside code spans) through GitHub's renderer: one paragraph of text,
    no link (a bare URL, www., an autolink, an image), heading, table or HTML of the value's."""
    from karpenter_tenants.config.listing import escaped

    html = cmarkgfm.github_flavored_markdown_to_html(
        f"node {escaped(value)} is gone", options=cmarkgfm.cmark.Options.CMARK_OPT_UNSAFE
    )
    assert html.startswith("<p>node ") and html.count("<p>") == 1, html
    assert not re.search(r"<(a|img|h\d|table|b|hr|del)\b", html), html
    assert not re.search(INVISIBLE, html.replace("\n", "")), html  # no entity brings back an invisible mark
