"""Kept answers are not trusted for being there (issue 56 item 3): an answer kept beside the scheduler is used only when
this machine sealed it (an HMAC-SHA256 under a random key in the user's cache, beside the scheduler folder, never in
the folder a CI cache restores) and every field the product reads has the program's shape; an `answers/` that is a
link is not read; the NodeClaims line escapes what an answer says; the workflows restore the scheduler folder only by
the exact key of its sources. The program itself is a stand-in here: what is tested is what is done with its answers."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from karpenter_tenants.simulation import binary

ROOT = Path(__file__).resolve().parents[3]
REQUEST = {"nodePools": [], "nodeClasses": [], "instanceTypes": [], "nodes": [], "pods": [], "daemonSets": []}
ANSWER = {
    "karpenterCore": "v1.14.1",
    "bound": None,
    "existingNodes": None,
    "pending": [],
    "droppedNodePools": None,
    "nodeClaims": [
        {
            "nodePool": "alpha",
            "pods": ["alpha/web-0"],
            "instanceTypeOptions": 3,
            "instanceType": "m7i.large",
            "capacityType": "on-demand",
            "zone": "eu-west-1a",
            "pricePerHour": 0.1008,
            "requests": {"cpu": "1"},
        }
    ],
}
FORGED = {
    **ANSWER,
    "nodeClaims": [{**ANSWER["nodeClaims"][0], "instanceType": "m5.large\n\n## All clear [x](http://e)"}],
}


@pytest.fixture
def program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A stand-in scheduler program in tmp_path/build (its answers in tmp_path/build/answers), the user's cache in
    tmp_path/cache; returns the requests it was asked."""
    build = tmp_path / "build"
    build.mkdir()
    monkeypatch.setattr(binary, "binary", lambda *_: build / "scheduler")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("KARPENTER_TENANTS_NO_CACHE", raising=False)
    monkeypatch.delenv(binary.PROFILE_ENV, raising=False)
    asked: list[str] = []

    def run(_: Any, request: str) -> subprocess.CompletedProcess[str]:
        asked.append(request)
        return subprocess.CompletedProcess(["scheduler"], 0, json.dumps(ANSWER), "")

    monkeypatch.setattr(binary, "_run", run)
    return asked


def _old_format(answer: Any) -> str:
    """A kept file as anyone can write one: the request's key and a SHA-256 of the answer (the digest kept before)."""
    digest = hashlib.sha256(json.dumps(answer, separators=(",", ":")).encode()).hexdigest()
    return json.dumps({"request": binary._key(REQUEST), "digest": digest, "answer": answer})


def test_a_forged_answer_written_by_anyone_is_asked_again(program: list[str]) -> None:
    """A checksum anyone recomputes vouched for a forged answer (Markdown in an instance type printed into the pull
    request's comment, a pending list made up); a key of this machine's does not come with a restored folder."""
    path = binary.kept_path(REQUEST)
    path.parent.mkdir(parents=True)
    path.write_text(_old_format(FORGED))
    assert binary.solve(REQUEST) == ANSWER and len(program) == 1
    # sealed under another machine's key (the folder restored from a CI cache another runner wrote): asked again
    path.write_text(
        json.dumps(
            {
                "request": binary._key(REQUEST),
                "seal": binary._seal(b"k" * 32, binary._key(REQUEST), FORGED),
                "answer": FORGED,
            }
        )
    )
    assert binary.solve(REQUEST) == ANSWER and len(program) == 2
    # the program's own answer, kept and sealed here, is answered from there
    assert binary.solve(REQUEST) == ANSWER and len(program) == 2


def test_the_key_is_made_once_private_beside_the_scheduler_folder_never_in_it(
    tmp_path: Path, program: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    binary.solve(REQUEST)
    key = tmp_path / "cache/karpenter-tenants/scheduler.key"
    assert binary.key_path() == key
    status = os.lstat(key)
    assert stat.S_ISREG(status.st_mode) and stat.S_IMODE(status.st_mode) == 0o600
    made = key.read_bytes()
    assert not any(p.name.endswith(".key") for p in (tmp_path / "build").rglob("*"))  # not where the answers are
    binary.solve({**REQUEST, "nodes": [{"n": 1}]})
    assert key.read_bytes() == made  # made once
    # another machine (its own user cache) with this folder restored: no answer of it is taken
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "other-machine"))
    before = len(program)
    binary.solve(REQUEST)
    assert len(program) == before + 1


@pytest.mark.parametrize("planted", ["link", "dangling", "readable", "not a key"])
def test_a_key_that_is_not_this_users_private_file_keeps_nothing_and_is_never_written_through(
    planted: str, tmp_path: Path, program: list[str]
) -> None:
    key = tmp_path / "cache/karpenter-tenants/scheduler.key"
    key.parent.mkdir(parents=True)
    target = tmp_path / "elsewhere"
    if planted == "link":
        target.write_text("a" * 64)
        os.chmod(target, 0o600)
        key.symlink_to(target)
    elif planted == "dangling":
        key.symlink_to(target)
    elif planted == "readable":
        key.write_text("a" * 64)
        os.chmod(key, 0o644)
    else:
        key.write_text("not a key")
        os.chmod(key, 0o600)
    assert binary.solve(REQUEST) == ANSWER and binary.solve(REQUEST) == ANSWER
    assert len(program) == 2  # nothing kept, nothing read
    assert not binary.kept_path(REQUEST).exists()
    if planted == "link":
        assert target.read_text() == "a" * 64 and key.is_symlink()
    if planted == "dangling":
        assert not target.exists() and key.is_symlink()  # never created through the link


WRONG_SHAPES = [
    {**ANSWER, "nodeClaims": "m5.large"},
    {**ANSWER, "pending": [{"pod": ["x"], "reason": "r"}]},
    {**ANSWER, "nodeClaims": [{**ANSWER["nodeClaims"][0], "pricePerHour": "cheap"}]},
    {**ANSWER, "bound": [{"node": "n", "pods": "alpha/web-0"}]},
    {
        **ANSWER,
        "disruption": [
            {
                "method": "emptiness",
                "reason": "Empty",
                "decision": "delete",
                "savingsPerHour": 1,
                "nodes": [{"node": "n"}],
                "replacements": None,
            }
        ],
    },
    {**ANSWER, "droppedNodePools": [7]},
    {**ANSWER, "nodeClaims": [{**ANSWER["nodeClaims"][0], "instanceTypeOptions": True}]},
    ["not", "an", "object"],
]


@pytest.mark.parametrize("shape", WRONG_SHAPES, ids=range(len(WRONG_SHAPES)))
def test_a_sealed_answer_of_another_shape_is_not_kept_but_asked_again(shape: Any, program: list[str]) -> None:
    """Five wrong shapes were exit 70 (a traceback in the revision's result): every field the product reads is checked
    before use, and an answer that fails is as good as none."""
    secret = binary._secret()
    assert secret is not None
    path = binary.kept_path(REQUEST)
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "request": binary._key(REQUEST),
                "seal": binary._seal(secret, binary._key(REQUEST), shape),
                "answer": shape,
            }
        )
    )
    assert binary.answer_problem(shape) is not None
    assert binary.cached(REQUEST) is None
    assert binary.solve(REQUEST) == ANSWER and len(program) == 1


@pytest.mark.parametrize("shape", WRONG_SHAPES[:3], ids=range(3))
def test_the_programs_own_answer_of_another_shape_is_exit_2(
    shape: Any, monkeypatch: pytest.MonkeyPatch, program: list[str]
) -> None:
    monkeypatch.setattr(binary, "_run", lambda *_: subprocess.CompletedProcess([], 0, json.dumps(shape), ""))
    with pytest.raises(binary.SimulatorFailed, match="shape"):
        binary.solve(REQUEST, keep=False)


def test_the_programs_answers_are_of_the_shape_it_checks() -> None:
    """The checks accept what the program writes: Go's empty lists as null, consolidation's commands."""
    claim = ANSWER["nodeClaims"][0]
    full = {
        **ANSWER,
        "bound": [{"node": "n", "pods": None}],
        "existingNodes": [{"node": "m", "pods": ["a/b"]}],
        "pending": [{"pod": "a/c", "reason": "no instance type"}],
        "droppedNodePools": [{"nodePool": "beta", "reason": "limits"}],
        "disruption": [
            {
                "method": "single-node consolidation",
                "reason": "Underutilized",
                "decision": "replace",
                "nodes": [
                    {
                        "node": "n",
                        "nodePool": "alpha",
                        "instanceType": "m7i.xlarge",
                        "capacityType": "on-demand",
                        "zone": "eu-west-1a",
                        "pricePerHour": 0.2,
                        "pods": 2,
                    }
                ],
                "replacements": [{**claim, "pods": None, "requests": None}],
                "savingsPerHour": 0.1,
            }
        ],
    }
    assert binary.answer_problem(full) is None
    assert binary.answer_problem({**ANSWER, "nodeClaims": None, "pending": None}) is None


def test_an_answers_folder_that_is_a_link_is_not_read_nor_written_through(tmp_path: Path, program: list[str]) -> None:
    secret = binary._secret()
    assert secret is not None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    key = binary._key(REQUEST)
    (elsewhere / f"{key}.json").write_text(
        json.dumps({"request": key, "seal": binary._seal(secret, key, FORGED), "answer": FORGED})
    )
    (tmp_path / "build/answers").symlink_to(elsewhere)
    assert binary.cached(REQUEST) is None
    assert binary.solve(REQUEST) == ANSWER and len(program) == 1
    assert json.loads((elsewhere / f"{key}.json").read_text())["answer"] == FORGED  # nothing written through it
    assert sorted(p.name for p in elsewhere.iterdir()) == [f"{key}.json"]


def test_the_nodeclaims_line_escapes_what_the_answer_says() -> None:
    """The one place an answer's value was printed as it came: an instance type carrying Markdown (a heading, a link)
    reached the pull request's comment."""
    from karpenter_tenants.simulation.report import _summary
    from karpenter_tenants.simulation.revision import TenantResult

    result = TenantResult(
        scheduled=1,
        node_claims=[
            {
                "instanceType": "m5.large\n## All clear [x](http://evil) <b>",
                "capacityType": "on-demand`",
                "pricePerHour": 0.1,
            }
        ],
    )
    import cmarkgfm

    line = _summary(result)
    assert "\n" not in line and "\\#\\# All clear \\[x\\]" in line and "\\<b\\>" in line
    html = cmarkgfm.github_flavored_markdown_to_html(f"- {line}")
    assert "<h2" not in html and "<a " not in html and "<b>" not in html


def _scheduler_cache(workflow: Path) -> dict[str, Any]:
    steps = yaml.safe_load(workflow.read_text())["jobs"]["verify"]["steps"]
    [step] = [
        s
        for s in steps
        if str(s.get("uses", "")).startswith("actions/cache@")
        and s["with"]["path"].endswith("karpenter-tenants/scheduler")
    ]
    return dict(step["with"])


def test_the_workflows_restore_the_scheduler_folder_only_by_the_key_of_its_sources(tmp_path: Path) -> None:
    """The folder is code (the program plan runs): a prefix restore-key let another branch's cache in, and a key of the
    run id bound it to nothing."""
    from karpenter_tenants.commands.cli import main

    product = _scheduler_cache(ROOT / ".github/workflows/pull-request.yaml")
    assert "restore-keys" not in product and "run_id" not in product["key"]
    assert "hashFiles('karpenter_tenants/simulation/scheduler/**')" in product["key"]
    assert "steps.go.outputs.go-version" in product["key"]
    assert main(["init", str(tmp_path / "team"), "--name", "globex"]) == 0
    team = _scheduler_cache(tmp_path / "team/.github/workflows/pull-request.yaml")
    assert "restore-keys" not in team and "run_id" not in team["key"]
    assert "hashFiles('requirements.txt')" in team["key"] and "steps.go.outputs.go-version" in team["key"]
    for workflow in (
        ROOT / ".github/workflows/pull-request.yaml",
        tmp_path / "team/.github/workflows/pull-request.yaml",
    ):
        steps = yaml.safe_load(workflow.read_text())["jobs"]["verify"]["steps"]
        assert any(s.get("id") == "go" and str(s.get("uses", "")).startswith("actions/setup-go@") for s in steps)


def test_a_fifo_where_an_answer_is_kept_is_not_waited_on(program: list[str]) -> None:
    """Round 8 (r8-plan-236): a FIFO put where the answer is kept made `plan` wait for a writer forever (opened
    before its type was checked). Now it is no answer: asked again at once, and the FIFO replaced by the answer."""
    import threading

    path = binary.kept_path(REQUEST)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    found: list[Any] = []
    reader = threading.Thread(target=lambda: found.append(binary.cached(REQUEST)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # unblock the reader's open so the test process can end
        with open(os.open(path, os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass
        pytest.fail("cached() waited on a FIFO")
    assert found == [None]
    assert binary.solve(REQUEST) == ANSWER and len(program) == 1
    assert stat.S_ISREG(path.lstat().st_mode)
