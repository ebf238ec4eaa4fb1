"""live.client against a recorded API server on loopback (support.fake_apiserver): the real client code path
(lightkube, httpx, the kubeconfig and credential handling) on lists answered from JSON. Every failure is one LiveError
line naming the context (or the kubeconfig) and what failed, within the bounds, and never the token."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.fake_apiserver import PATHS, FakeApiServer, Raw, kubeconfig, node, pod, serving

from karpenter_tenants.live import kinds
from karpenter_tenants.live.client import Limits, LiveError, connect

TOKEN = "t0ken-never-printed"


@pytest.fixture
def server() -> Iterator[FakeApiServer]:
    fake = FakeApiServer(token=TOKEN)
    with serving(fake):
        yield fake


@pytest.fixture
def config(tmp_path: Path, server: FakeApiServer) -> Path:
    return kubeconfig(tmp_path / "kubeconfig", server.url, token=TOKEN)


def failure(config: Path, kind: kinds.Kind = kinds.POD, **limits: float) -> str:
    with pytest.raises(LiveError) as error, connect(kubeconfig=config, limits=Limits(**limits)) as live:  # type: ignore[arg-type]
        live.list(kind)
    text = str(error.value)
    assert "\n" not in text and TOKEN not in text
    return text


def test_lists_every_page_with_limit_and_continue(server: FakeApiServer, config: Path) -> None:
    server.put(*(pod("alpha", f"p{i}") for i in range(7)), node("n1"))
    with connect(kubeconfig=config, limits=Limits(page_size=3)) as live:
        pods = live.list(kinds.POD)
        assert [p["metadata"]["name"] for p in pods] == [f"p{i}" for i in range(7)]
        assert [n["metadata"]["name"] for n in live.list(kinds.NODE)] == ["n1"]
        assert live.list(kinds.NODE_CLAIM) == []  # Karpenter's CRD not served: none, not a failure
        assert str(live.target) == f"context fake ({server.url})"
    pages = [(query.get("limit"), query.get("continue")) for path, query, _ in server.requests if path == PATHS["Pod"]]
    assert pages == [(["3"], None), (["3"], ["3"]), (["3"], ["6"])]
    assert all(headers["authorization"] == f"Bearer {TOKEN}" for _, _, headers in server.requests)
    assert pods[0]["spec"]["containers"][0]["env"] == []  # the client gives what the server said; snapshot keeps less


def test_a_gzipped_answer_is_read(server: FakeApiServer, config: Path) -> None:
    server.gzip = True
    server.put(*(pod("alpha", f"p{i}") for i in range(3)))
    with connect(kubeconfig=config) as live:
        assert len(live.list(kinds.POD)) == 3
    assert server.requests[0][2]["accept-encoding"] == "gzip"


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (Raw(b'{"items": [1, 2'), "the answer is not a Kubernetes List"),
        (Raw(b"[]"), "the answer is not a Kubernetes List"),
        (Raw(b'{"items": 5}'), "the answer is not a Kubernetes List"),
        (Raw(b'{"items": [7]}'), "the answer is not a Kubernetes List"),
        (Raw(b"<html>gateway</html>", 502, {"Content-Type": "text/html"}), "the API server answered 502"),
        (Raw(b"oops", 500, {}), "the API server answered 500"),
        (
            Raw(
                json.dumps(
                    {"kind": "Status", "code": 403, "message": 'pods is forbidden: User "u" cannot list'}
                ).encode(),
                403,
            ),
            '403 Forbidden (pods is forbidden: User "u" cannot list): bind the ClusterRole karpenter-tenants-reader',
        ),
        (Raw(json.dumps({"kind": "Status", "code": 410, "message": "expired"}).encode(), 410), "410 Gone"),
        (
            Raw(b"\x1f\x8b not gzip", headers={"Content-Type": "application/json", "Content-Encoding": "gzip"}),
            "not the gzip it says it is",
        ),
        (Raw(b"{}", headers={"Content-Type": "application/json", "Content-Encoding": "br"}), "which was not asked for"),
    ],
)
def test_a_hostile_or_broken_answer_is_one_line(server: FakeApiServer, config: Path, answer: Raw, said: str) -> None:
    server.answers[PATHS["Pod"]] = answer
    text = failure(config)
    assert text.startswith(f"context fake ({server.url}): listing pods: ") and said in text, text


def test_a_server_message_with_control_characters_is_one_line(server: FakeApiServer, config: Path) -> None:
    message = "no\n\x1b[2J## [click](https://evil.example)\r"
    server.answers[PATHS["Pod"]] = Raw(json.dumps({"kind": "Status", "code": 500, "message": message}).encode(), 500)
    text = failure(config)
    assert "\x1b" not in text and "\r" not in text and "answered 500" in text


def test_the_wrong_credentials_are_401_without_the_token(server: FakeApiServer, tmp_path: Path) -> None:
    text = failure(kubeconfig(tmp_path / "kc", server.url, token="stale-token"))
    assert "401 Unauthorized" in text and "stale-token" not in text


def test_pages_without_end_stop_at_the_object_bound(server: FakeApiServer, config: Path) -> None:
    server.endless.add(PATHS["Pod"])
    started = time.monotonic()
    text = failure(config, objects=2_000, page_size=100)
    assert "more than 2,000 objects in all" in text and time.monotonic() - started < 20
    assert len(server.requests) == 21


def test_empty_pages_without_end_stop_at_the_request_bound(server: FakeApiServer, config: Path) -> None:
    def empty(query: dict[str, list[str]]) -> Raw:
        token = int((query.get("continue") or ["0"])[0]) + 1
        return Raw(json.dumps({"kind": "List", "items": [], "metadata": {"continue": str(token)}}).encode())

    server.answers[PATHS["Pod"]] = empty
    assert "more than 50 requests" in failure(config, requests=50)


def test_an_answer_past_the_byte_bound_stops_before_it_is_read_whole(server: FakeApiServer, config: Path) -> None:
    big = json.dumps({"kind": "List", "items": [pod("a", f"p{i}") for i in range(5000)]}).encode()
    assert len(big) > 2 * 1024 * 1024
    server.answers[PATHS["Pod"]] = Raw(big)
    assert "one answer over 1 MiB" in failure(config, page_bytes=1024 * 1024)
    # chunked, no length said: counted as it arrives
    server.answers[PATHS["Pod"]] = Raw(big, chunked=True)
    assert "one answer over 1 MiB" in failure(config, page_bytes=1024 * 1024)
    server.answers[PATHS["Pod"]] = Raw(big[:300_000], chunked=True)
    assert "answers over 0 MiB in all" in failure(config, total_bytes=100_000)


def test_a_gzip_bomb_is_bounded_as_decoded(server: FakeApiServer, config: Path) -> None:
    server.answers[PATHS["Pod"]] = Raw(b'{"items": [' + b" " * (64 * 1024 * 1024) + b"]}", gzip=True)
    started = time.monotonic()
    assert "one answer over 1 MiB" in failure(config, page_bytes=1024 * 1024)
    assert time.monotonic() - started < 10


def test_a_slow_server_times_out_within_the_deadline(server: FakeApiServer, config: Path) -> None:
    body = json.dumps({"kind": "List", "items": []}).encode() * 20
    server.answers[PATHS["Pod"]] = Raw(body, trickle=0.05)  # a byte every 50 ms: each read is quick, the whole is not
    started = time.monotonic()
    text = failure(config, seconds=1.5)
    assert "no whole answer within --timeout 1.5 s" in text
    assert time.monotonic() - started < 4


def test_a_server_that_never_answers_times_out(tmp_path: Path) -> None:
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)  # accepts (the kernel does), never answers
    try:
        config = kubeconfig(tmp_path / "kc", f"http://127.0.0.1:{listener.getsockname()[1]}")
        started = time.monotonic()
        assert "no whole answer within --timeout 1 s" in failure(config, seconds=1)
        assert time.monotonic() - started < 4
    finally:
        listener.close()


def test_nothing_listening_is_cannot_connect(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    text = failure(kubeconfig(tmp_path / "kc", f"https://127.0.0.1:{port}"))
    assert f"context fake (https://127.0.0.1:{port}): listing pods: cannot connect" in text


# --- the kubeconfig -------------------------------------------------------------------------------------------


def connect_failure(**kwargs: object) -> str:
    with pytest.raises(LiveError) as error:
        connect(**kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(error.value)
    return str(error.value)


def test_a_missing_kubeconfig_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert connect_failure(kubeconfig=tmp_path / "nope") == (
        f"kubeconfig {tmp_path / 'nope'}: no such file; name the file kubectl uses (or leave --kubeconfig out for "
        "$KUBECONFIG, then ~/.kube/config)"
    )
    monkeypatch.setenv("KUBECONFIG", str(tmp_path / "a") + os.pathsep + str(tmp_path / "b"))
    assert f"no kubeconfig: $KUBECONFIG={tmp_path / 'a'}" in connect_failure()
    monkeypatch.delenv("KUBECONFIG")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    assert connect_failure().startswith("no kubeconfig: ~/.kube/config names no file that exists")


def test_an_unreadable_kubeconfig_is_named(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    assert connect_failure(kubeconfig=tmp_path / "folder") == (
        f"kubeconfig {tmp_path / 'folder'} is a folder, not a file: name the kubeconfig file"
    )
    (tmp_path / "binary").write_bytes(b"\xff\xfe")
    assert f"kubeconfig {tmp_path / 'binary'}:1: not UTF-8 text" in connect_failure(kubeconfig=tmp_path / "binary")
    (tmp_path / "broken").write_text("clusters: [\n")
    assert connect_failure(kubeconfig=tmp_path / "broken").startswith(f"kubeconfig {tmp_path / 'broken'}")
    (tmp_path / "list").write_text("- 1\n")
    assert "not a kubeconfig" in connect_failure(kubeconfig=tmp_path / "list")
    os.mkfifo(tmp_path / "fifo")  # never opened: reading a FIFO waits for a writer
    assert "not a regular file" in connect_failure(kubeconfig=tmp_path / "fifo")
    if os.geteuid() != 0:  # root reads any file
        (tmp_path / "secret").write_text("{}")
        (tmp_path / "secret").chmod(0)
        assert "cannot read it: Permission denied" in connect_failure(kubeconfig=tmp_path / "secret")


def test_an_unknown_context_is_named_with_the_contexts_there(tmp_path: Path) -> None:
    config = kubeconfig(tmp_path / "kc", "https://127.0.0.1:1", context="prod")
    assert connect_failure(kubeconfig=config, context="staging") == (
        f"kubeconfig {config} has no context 'staging' (it has prod); pass one of them with --context"
    )
    config = kubeconfig(tmp_path / "none", "https://127.0.0.1:1", current=False)
    assert "sets no current-context: pass --context (it has fake)" in connect_failure(kubeconfig=config)
    document = json.loads(config.read_text())
    document["contexts"][0]["context"]["cluster"] = "gone"
    config.write_text(json.dumps(document))
    assert "context fake names cluster 'gone', which no `clusters` entry defines" in connect_failure(
        kubeconfig=config, context="fake"
    )
    document["contexts"][0]["context"] = {"cluster": "fake", "user": "nobody"}
    config.write_text(json.dumps(document))
    assert "names user 'nobody'" in connect_failure(kubeconfig=config, context="fake")
    document["clusters"][0]["cluster"]["server"] = 5
    document["contexts"][0]["context"] = {"cluster": "fake"}
    config.write_text(json.dumps(document))
    assert "not a kubeconfig kubectl reads" in connect_failure(kubeconfig=config, context="fake")


def test_kubeconfig_files_merge_first_wins_with_relative_paths_per_file(
    tmp_path: Path, server: FakeApiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.put(pod("a", "p"))
    (tmp_path / "one").mkdir()
    first = kubeconfig(tmp_path / "one/config", server.url, token=TOKEN, context="fake")
    second = json.loads(kubeconfig(tmp_path / "second", "https://127.0.0.1:1", context="fake").read_text())
    second["contexts"].append({"name": "other", "context": {"cluster": "fake", "user": "me"}})
    second["current-context"] = "other"
    second["users"][0]["user"] = {"tokenFile": "token"}  # relative: to the second file's folder
    (tmp_path / "second").write_text(json.dumps(second))
    monkeypatch.setenv("KUBECONFIG", os.pathsep.join([str(first), str(tmp_path / "missing"), str(tmp_path / "second")]))
    with connect() as live:  # current-context: the first file's; cluster and user "fake"/"me": the first file's
        assert live.target.context == "fake" and len(live.list(kinds.POD)) == 1


def test_an_empty_kubeconfig_file_is_skipped_and_proxy_url_is_used(
    tmp_path: Path, server: FakeApiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As kubectl: an empty file among $KUBECONFIG's adds nothing; a cluster's proxy-url carries the requests (here the
    recorded server answers as the proxy, for a server name that resolves nowhere)."""
    server.put(pod("a", "p"))
    (tmp_path / "empty").write_text("")
    document = json.loads(kubeconfig(tmp_path / "kc", "http://kubernetes.invalid:6443", token=TOKEN).read_text())
    document["clusters"][0]["cluster"]["proxy-url"] = server.url
    (tmp_path / "kc").write_text(json.dumps(document))
    monkeypatch.setenv("KUBECONFIG", f"{tmp_path / 'empty'}{os.pathsep}{tmp_path / 'kc'}")
    with connect() as live:
        assert len(live.list(kinds.POD)) == 1 and str(live.target) == "context fake (http://kubernetes.invalid:6443)"


# --- exec credentials -----------------------------------------------------------------------------------------


def plugin(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "get-token"
    script.write_text(f"#!{sys.executable}\nimport json, os, sys, time\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def exec_user(command: Path | str, api: str = "client.authentication.k8s.io/v1beta1") -> dict[str, object]:
    return {
        "exec": {
            "apiVersion": api,
            "command": str(command),
            "args": ["eks", "get-token"],
            "env": [{"name": "AWS_PROFILE", "value": "platform"}],
            "interactiveMode": "Never",
        }
    }


def test_an_exec_plugin_gives_the_token_as_kubectl_runs_it(server: FakeApiServer, tmp_path: Path) -> None:
    server.put(pod("a", "p"))
    script = plugin(
        tmp_path,
        f"""
info = json.loads(os.environ["KUBERNETES_EXEC_INFO"])
assert sys.argv[1:] == ["eks", "get-token"] and os.environ["AWS_PROFILE"] == "platform" and not sys.stdin.read()
assert info["spec"]["interactive"] is False
print(json.dumps({{"apiVersion": info["apiVersion"], "kind": "ExecCredential", "status": {{"token": "{TOKEN}"}}}}))""",
    )
    for api in ("client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"):
        config = kubeconfig(tmp_path / "kc", server.url, user=exec_user(script, api))
        with connect(kubeconfig=config) as live:
            assert len(live.list(kinds.POD)) == 1


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "sys.stderr.write('\\nToken for profile platform has expired\\x1b[31m\\n'); sys.exit(255)",
            "its credential plugin `{command}` failed (exit 255): Token for profile platform has expired",
        ),
        ("print('not json')", "printed no ExecCredential with status.token"),
        ("print(json.dumps({'status': {}}))", "printed no ExecCredential with status.token"),
        ("time.sleep(30)", "gave no credential within the 2 s left of --timeout"),
    ],
)
def test_a_failing_plugin_is_one_line(tmp_path: Path, body: str, said: str) -> None:
    script = plugin(tmp_path, body)
    config = kubeconfig(tmp_path / "kc", "https://127.0.0.1:1", user=exec_user(script))
    started = time.monotonic()
    text = connect_failure(kubeconfig=config, limits=Limits(seconds=2))
    assert text.startswith("context fake (https://127.0.0.1:1): ") and said.format(command=script) in text, text
    assert "\x1b" not in text and time.monotonic() - started < 6


def test_a_plugin_leaving_a_background_process_on_its_output_gives_its_token_at_once(
    server: FakeApiServer, tmp_path: Path
) -> None:
    """A plugin that prints its credential and exits, leaving a process of its own session holding its stdout
    (`setsid sleep 300 &`): the credential is taken once the plugin has exited, not after the pipe closes (that waited
    the whole --timeout and then said no credential came; hostile round 6)."""
    server.put(pod("a", "p"))
    script = plugin(
        tmp_path,
        f"""
import subprocess
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(25)"], start_new_session=True)
print(json.dumps({{"kind": "ExecCredential", "status": {{"token": "{TOKEN}"}}}}), flush=True)""",
    )
    config = kubeconfig(tmp_path / "kc", server.url, user=exec_user(script))
    started = time.monotonic()
    with connect(kubeconfig=config, limits=Limits(seconds=20)) as live:
        assert len(live.list(kinds.POD)) == 1
    assert time.monotonic() - started < 5


def test_a_plugin_that_gives_nothing_by_the_deadline_is_killed_naming_the_kubeconfig_user(tmp_path: Path) -> None:
    """The plugin's whole process group is ended at the deadline, and the line names the kubeconfig's user entry
    (the `users` entry whose exec it ran: which login to renew)."""
    marker = tmp_path / "child.pid"
    script = plugin(
        tmp_path,
        f"""
import subprocess
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
open({str(marker)!r}, "w").write(str(child.pid))
time.sleep(300)""",
    )
    config = kubeconfig(tmp_path / "kc", "https://127.0.0.1:1", user=exec_user(script))
    started = time.monotonic()
    text = connect_failure(kubeconfig=config, limits=Limits(seconds=2))
    assert time.monotonic() - started < 6
    assert text == (
        f"context fake (https://127.0.0.1:1): its credential plugin `{script}` (kubeconfig user me) gave no "
        "credential within the 2 s left of --timeout (is it waiting for a login?)"
    )
    child = int(marker.read_text())
    for _ in range(50):  # the plugin's child, in its process group, ended with it
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"the plugin's child {child} still runs")


def test_a_missing_plugin_or_an_unknown_api_is_named(tmp_path: Path) -> None:
    user = exec_user("aws-not-installed")
    user["exec"]["installHint"] = "install the AWS CLI:\nhttps://aws.amazon.com/cli/"  # type: ignore[index]
    config = kubeconfig(tmp_path / "kc", "https://127.0.0.1:1", user=user)
    assert connect_failure(kubeconfig=config).endswith(
        "its credential plugin `aws-not-installed` is not installed (not found) (install the AWS CLI: "
        "https://aws.amazon.com/cli/)"
    )
    config = kubeconfig(tmp_path / "kc", "https://127.0.0.1:1", user=exec_user("aws", api="client.example/v9"))
    assert "asks for client.example/v9" in connect_failure(kubeconfig=config)


def test_a_plugin_may_give_a_client_certificate(server: FakeApiServer, tmp_path: Path) -> None:
    """An ExecCredential with clientCertificateData/clientKeyData instead of a token is taken (lightkube's own exec
    support only takes a token); a certificate that is not one is one line."""
    script = plugin(tmp_path, "print(json.dumps({'status': {'clientCertificateData': 'x', 'clientKeyData': 'y'}}))")
    config = kubeconfig(tmp_path / "kc", server.url, user=exec_user(script))
    text = connect_failure(kubeconfig=config)
    assert text.startswith(f"context fake ({server.url}): cannot set up the connection"), text


@pytest.mark.parametrize("field", ["tokenFile", "client-certificate"])
def test_a_credential_file_that_is_no_regular_file_is_refused_before_lightkube_reads_it(
    tmp_path: Path, field: str
) -> None:
    """/dev/zero named as tokenFile grew the process to 24 GB; a FIFO waited past --timeout (hostile round 6)."""
    import yaml

    from karpenter_tenants.live.client import LiveError, connect

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for named, said in (
        ("/dev/zero", "not a regular file"),
        (str(fifo), "not a regular file"),
        (str(tmp_path / "nowhere"), "No such file or directory"),
    ):
        config = tmp_path / "kubeconfig"
        config.write_text(
            yaml.safe_dump(
                {
                    "clusters": [{"name": "c", "cluster": {"server": "https://127.0.0.1:1"}}],
                    "contexts": [{"name": "x", "context": {"cluster": "c", "user": "u"}}],
                    "current-context": "x",
                    "users": [{"name": "u", "user": {field: named}}],
                }
            )
        )
        with pytest.raises(LiveError) as raised:
            connect(kubeconfig=config)
        assert f"user u: {field} {named}: {said}" in str(raised.value)


def test_a_server_url_with_a_control_character_is_refused(tmp_path: Path) -> None:
    import yaml

    from karpenter_tenants.live.client import LiveError, connect

    config = tmp_path / "kubeconfig"
    config.write_text(
        yaml.safe_dump(
            {
                "clusters": [{"name": "c", "cluster": {"server": "https://127.0.0.1:1/\x1b[31m"}}],
                "contexts": [{"name": "x", "context": {"cluster": "c"}}],
                "current-context": "x",
            }
        )
    )
    with pytest.raises(LiveError) as raised:
        connect(kubeconfig=config)
    assert "server 'https://127.0.0.1:1/\\x1b[31m' is no URL" in str(raised.value)
