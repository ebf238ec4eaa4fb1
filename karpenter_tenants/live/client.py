"""The live cluster through the Kubernetes API (lightkube, docs/live.md): the kubeconfig and context, the credentials,
and lists of whole kinds across all namespaces, page by page (`limit`/`continue`), bounded in objects, bytes and time.

connect() picks the kubeconfig as kubectl does (--kubeconfig FILE, else $KUBECONFIG's files merged, first wins, else
~/.kube/config, else the pod's service account inside a cluster) and the context (--context, else current-context),
runs an exec credential plugin (`aws eks get-token`) itself with the time left, and returns a Live whose list(kind)
gives the API server's objects as plain dicts. Every failure is LiveError, one line naming the context (and its
server) and what failed, never a token or a traceback: the commands raise it as BadInput (exit 2).

Bounds (Limits): objects in all, bytes of one answer and of all answers (counted after gzip, which this module
decodes itself so that a small compressed answer cannot become a huge one), requests, and one deadline for
everything (the plugin, each connection, each read). A server that trickles bytes, pages forever or answers
something that is no List stops within them with a clear line.

Owns: talking to the API server. Imports config, live.kinds, lightkube and httpx2 (a command imports this module
when it runs, never at start-up). Must not import: charts, synthesis, checks, review, simulation, commands."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import msgspec
from lightkube import Client
from lightkube.config.client_adapter import verify_cluster
from lightkube.config.kubeconfig import KubeConfig
from lightkube.config.models import User
from lightkube.core.exceptions import ApiError, ConfigError
from lightkube.generic_resource import create_global_resource, create_namespaced_resource

from karpenter_tenants.config.listing import first_few, one_line
from karpenter_tenants.live.kinds import READER_ROLE, Kind

KUBECONFIG_ENV = "KUBECONFIG"
DEFAULT_KUBECONFIG = "~/.kube/config"
SERVICE_ACCOUNT = Path("/var/run/secrets/kubernetes.io/serviceaccount")
EXEC_API_VERSIONS = (
    "client.authentication.k8s.io/v1",
    "client.authentication.k8s.io/v1beta1",
    "client.authentication.k8s.io/v1alpha1",
)
MIB = 1024 * 1024


class LiveError(Exception):
    """What failed talking to the cluster, one line: the context, its server and the fix."""


@dataclass(frozen=True)
class Limits:
    objects: int = 100_000  # in all kinds together: plan's simulation takes at most 50,000 pods
    page_bytes: int = 256 * MIB  # one answer (a page of `page_size` objects), after gzip
    total_bytes: int = 2048 * MIB  # every answer together
    requests: int = 2_000  # pages: a server that hands out `continue` tokens forever
    seconds: float = 60.0  # everything, from the credential plugin to the last byte
    page_size: int = 500  # `limit` of each list request (kubectl's chunk size)


@dataclass(frozen=True)
class Target:
    """Which cluster: the context, its server and where they were read (kubeconfig files, or the pod's account)."""

    context: str
    server: str
    source: str
    proxy: str | None = None  # the kubeconfig's proxy-url (lightkube does not read it), else $HTTPS_PROXY's
    user: str = ""  # the kubeconfig `users` entry the context names (its exec plugin's, when it runs one)

    def __str__(self) -> str:
        return f"context {one_line(self.context)[:80]} ({one_line(self.server)[:120]})"


def connect(context: str | None = None, kubeconfig: Path | None = None, limits: Limits | None = None) -> Live:
    """A Live client of the context (default: current-context) of the kubeconfig kubectl would read; LiveError
    naming the file or the context otherwise. Time counts from here."""
    limits = limits or Limits()
    deadline = time.monotonic() + limits.seconds
    config, target = _single_config(context, kubeconfig)
    user = config.user
    if user is not None and user.exec is not None:
        user = _with_credential(user, target, deadline)
    return Live(config._replace(user=user), target, limits, deadline)


# --- the kubeconfig -------------------------------------------------------------------------------------------


def kubeconfig_files(explicit: Path | None) -> tuple[list[Path], str]:
    """The kubeconfig files kubectl reads, with how they were named for the messages: --kubeconfig, else each file
    of $KUBECONFIG (os.pathsep-separated, missing ones skipped as kubectl skips them), else ~/.kube/config. An empty
    list: none exists (inside a cluster, the pod's service account is used)."""
    if explicit is not None:
        return ([explicit] if explicit.exists() or explicit.is_symlink() else []), f"--kubeconfig {explicit}"
    listed = os.environ.get(KUBECONFIG_ENV, "")
    if listed.strip():
        paths = [Path(p).expanduser() for p in listed.split(os.pathsep) if p.strip()]
        return [p for p in paths if p.exists() or p.is_symlink()], f"${KUBECONFIG_ENV}={listed}"
    default = Path(DEFAULT_KUBECONFIG).expanduser()
    return ([default] if default.exists() or default.is_symlink() else []), DEFAULT_KUBECONFIG


def context_names(explicit: Path | None) -> list[str]:
    """The context names of the kubeconfig kubectl would read (as connect() reads it); LiveError naming the file
    when there is none or it cannot be read."""
    files, named = kubeconfig_files(explicit)
    if not files:
        raise LiveError(f"no kubeconfig: {one_line(named)} names no file that exists")
    return [entry["name"] for entry in _merged(files)["contexts"]]


def _single_config(context: str | None, explicit: Path | None) -> tuple[Any, Target]:
    files, named = kubeconfig_files(explicit)
    if not files:
        if explicit is None and os.environ.get("KUBERNETES_SERVICE_HOST") and (SERVICE_ACCOUNT / "token").is_file():
            return _in_cluster(context)
        if explicit is not None:
            raise LiveError(
                f"kubeconfig {explicit}: no such file; name the file kubectl uses (or leave --kubeconfig "
                "out for $KUBECONFIG, then ~/.kube/config)"
            )
        raise LiveError(
            f"no kubeconfig: {one_line(named)} names no file that exists; write one (e.g. `aws eks "
            "update-kubeconfig --name CLUSTER`), set KUBECONFIG or pass --kubeconfig FILE"
        )
    merged = _merged(files)
    shown = ", ".join(str(p) for p in files)
    name = context if context is not None else merged.get("current-context")
    contexts = [entry["name"] for entry in merged["contexts"]]
    if not isinstance(name, str) or not name:
        raise LiveError(
            f"kubeconfig {shown} sets no current-context: pass --context (it has {_names(contexts) or 'no context'})"
        )
    if name not in contexts:
        raise LiveError(
            f"kubeconfig {shown} has no context {one_line(name)[:80]!r} (it has "
            f"{_names(contexts) or 'no context'}); pass one of them with --context"
        )
    try:
        whole = KubeConfig.from_dict(merged, fname=files[0])
        chosen = whole.contexts[name]
        if chosen.cluster not in whole.clusters:
            raise LiveError(
                f"kubeconfig {shown}: context {one_line(name)[:80]} names cluster "
                f"{one_line(chosen.cluster)[:80]!r}, which no `clusters` entry defines"
            )
        if chosen.user is not None and chosen.user not in whole.users:
            raise LiveError(
                f"kubeconfig {shown}: context {one_line(name)[:80]} names user "
                f"{one_line(chosen.user)[:80]!r}, which no `users` entry defines"
            )
        config = whole.get(name)
    except (msgspec.MsgspecError, KeyError, TypeError, ValueError) as error:
        raise LiveError(f"kubeconfig {shown}: not a kubeconfig kubectl reads ({one_line(str(error))[:200]})") from None
    entry = next(e for e in merged["clusters"] if e["name"] == chosen.cluster).get("cluster") or {}
    user = next((e for e in merged["users"] if e["name"] == chosen.user), {}).get("user") or {}
    _files_named(shown, ("cluster", chosen.cluster, entry), ("user", chosen.user, user))
    proxy = entry.get("proxy-url") if isinstance(entry, dict) else None
    for key, value in (("server", entry.get("server") if isinstance(entry, dict) else None), ("proxy-url", proxy)):
        if isinstance(value, str) and not all(32 < ord(c) < 127 for c in value):
            raise LiveError(
                f"kubeconfig {shown}: cluster {one_line(str(chosen.cluster))[:80]}: {key} "
                f"{ascii(value)[:120]} is no URL (a space or a character outside printable ASCII)"
            )
    return config, Target(
        name,
        config.cluster.server,
        shown,
        proxy if isinstance(proxy, str) and proxy else None,
        chosen.user if isinstance(chosen.user, str) else "",
    )


MAX_CREDENTIAL_BYTES = 1024 * 1024  # a certificate, key or token file: kilobytes; more is not one


def _files_named(shown: str, *entries: tuple[str, Any, Any]) -> None:
    """The files the chosen cluster and user name (certificate-authority, client-certificate, client-key, tokenFile),
    checked before lightkube reads them: each a regular file of at most MAX_CREDENTIAL_BYTES (a FIFO would wait for a
    writer past the deadline, /dev/zero would be read without end); LiveError naming the kubeconfig, entry and field."""
    import stat

    for section, name, body in entries:
        if not isinstance(body, dict):
            continue
        for key in _PATH_FIELDS[f"{section}s"][1]:
            path = body.get(key)
            if not isinstance(path, str) or not path:
                continue
            where = f"kubeconfig {shown}: {section} {one_line(str(name))[:80]}: {key} {one_line(path)[:200]}"
            try:
                status = os.stat(os.path.expanduser(path))
            except OSError as error:
                raise LiveError(f"{where}: {error.strerror or error}; name the file kubectl uses") from None
            if not stat.S_ISREG(status.st_mode):
                raise LiveError(f"{where}: not a regular file (a folder, device or FIFO); name the file")
            if status.st_size > MAX_CREDENTIAL_BYTES:
                raise LiveError(
                    f"{where}: {status.st_size:,} bytes, more than a credential file holds "
                    f"({MAX_CREDENTIAL_BYTES // 1024} KiB at most)"
                )


def _names(names: list[str]) -> str:
    return first_few([one_line(n)[:80] for n in names])


# Fields holding a path, which kubectl reads relative to the file that holds it (section, entry key, fields).
_PATH_FIELDS = {
    "clusters": ("cluster", ("certificate-authority",)),
    "users": ("user", ("client-certificate", "client-key", "tokenFile")),
}


def _merged(files: list[Path]) -> dict[str, Any]:
    """The files as one kubeconfig, as kubectl merges $KUBECONFIG: the first entry of each name wins, the first
    current-context set wins; relative paths made absolute against the file that holds them."""
    from karpenter_tenants.config.yaml_input import InputError, read_yaml_all

    merged: dict[str, Any] = {"clusters": [], "contexts": [], "users": [], "current-context": None}
    for path in files:
        try:
            documents = read_yaml_all(path, str(path))
        except IsADirectoryError:
            raise LiveError(f"kubeconfig {path} is a folder, not a file: name the kubeconfig file") from None
        except OSError as error:
            raise LiveError(f"kubeconfig {path}: cannot read it: {error.strerror or error}") from None
        except InputError as error:
            raise LiveError(f"kubeconfig {one_line(str(error))[:300]}") from None
        if documents in ([], [None]):
            continue  # an empty file, as kubectl takes it
        document = documents[0] if len(documents) == 1 else None
        if not isinstance(document, dict):
            raise LiveError(f"kubeconfig {path}: not a kubeconfig (one YAML mapping with clusters, contexts and users)")
        for section in ("clusters", "contexts", "users"):
            entries = document.get(section) or []
            if not isinstance(entries, list):
                raise LiveError(f"kubeconfig {path}: `{section}` is not a list")
            seen = {entry["name"] for entry in merged[section]}
            for index, entry in enumerate(entries):
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                    raise LiveError(f"kubeconfig {path}: {section}[{index}] has no name")
                if entry["name"] in seen:
                    continue
                merged[section].append(_absolute(entry, section, path.parent))
                seen.add(entry["name"])
        current = document.get("current-context")
        if merged["current-context"] is None and isinstance(current, str) and current:
            merged["current-context"] = current
    return merged


def _absolute(entry: dict[str, Any], section: str, folder: Path) -> dict[str, Any]:
    if section not in _PATH_FIELDS:
        return entry
    key, fields = _PATH_FIELDS[section]
    body = entry.get(key)
    if not isinstance(body, dict):
        return entry
    body = dict(body)
    for name in fields:
        if isinstance(body.get(name), str) and body[name] and not os.path.isabs(os.path.expanduser(body[name])):
            body[name] = str(folder / body[name])
    command = (body.get("exec") or {}).get("command") if isinstance(body.get("exec"), dict) else None
    if isinstance(command, str) and os.sep in command and not os.path.isabs(command):  # as client-go resolves it
        body["exec"] = {**body["exec"], "command": str(folder / command)}
    return {**entry, key: body}


def _in_cluster(context: str | None) -> tuple[Any, Target]:
    try:
        config = KubeConfig.from_service_account(SERVICE_ACCOUNT).get()
    except (ConfigError, KeyError, OSError) as error:
        raise LiveError(
            f"no kubeconfig, and the pod's service account cannot be read: {one_line(str(error))[:200]}"
        ) from None
    if context is not None:
        raise LiveError(
            f"--context {one_line(context)[:80]}: no kubeconfig to find it in (inside the cluster the pod's "
            "service account is used); leave --context out or pass --kubeconfig FILE"
        )
    return config, Target("in-cluster", config.cluster.server, str(SERVICE_ACCOUNT))


# --- exec credentials -----------------------------------------------------------------------------------------


def _with_credential(user: Any, target: Target, deadline: float) -> Any:
    """The user with the exec plugin's credential in place of the plugin (token, or client certificate and key):
    the plugin run once here, with the time left, no terminal and the ExecCredential request in
    KUBERNETES_EXEC_INFO, as kubectl runs it."""
    import base64

    spec = user.exec
    command = one_line(spec.command)[:120]
    if spec.apiVersion not in EXEC_API_VERSIONS:
        raise LiveError(
            f"{target}: its user's exec plugin asks for {one_line(str(spec.apiVersion))[:80]}, not one of "
            f"{', '.join(EXEC_API_VERSIONS)}"
        )
    environment = {
        **os.environ,
        **{entry.name: entry.value for entry in spec.env or []},
        "KUBERNETES_EXEC_INFO": json.dumps(
            {"apiVersion": spec.apiVersion, "kind": "ExecCredential", "spec": {"interactive": False}}
        ),
    }
    remaining = deadline - time.monotonic()
    hint = f" ({one_line(spec.installHint)[:200]})" if spec.installHint else ""
    try:
        process = subprocess.Popen(
            [spec.command, *(spec.args or [])],
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except FileNotFoundError:
        raise LiveError(f"{target}: its credential plugin `{command}` is not installed (not found){hint}") from None
    except OSError as error:
        raise LiveError(f"{target}: its credential plugin `{command}` cannot run: {error.strerror or error}") from None
    try:
        answer = _plugin_output(process, time.monotonic() + max(remaining, 0.1))
    except BaseException:
        _end(process)
        raise
    if answer is None:  # the deadline: the plugin's process group killed (a login prompt, a hang)
        _end(process)
        user = f" (kubeconfig user {one_line(target.user)[:80]})" if target.user else ""
        raise LiveError(
            f"{target}: its credential plugin `{command}`{user} gave no credential within the "
            f"{remaining:.0f} s left of --timeout (is it waiting for a login?)"
        )
    out, err = answer
    if process.returncode != 0:
        said = next((line for line in err.decode("utf-8", "replace").splitlines() if line.strip()), "")
        raise LiveError(
            f"{target}: its credential plugin `{command}` failed (exit {process.returncode})"
            + (f": {one_line(said).strip()[:200]}" if said else "")
        )
    try:
        status = json.loads(out).get("status")
    except (ValueError, AttributeError):
        status = None
    token = status.get("token") if isinstance(status, dict) else None
    certificate = status.get("clientCertificateData") if isinstance(status, dict) else None
    key = status.get("clientKeyData") if isinstance(status, dict) else None
    if isinstance(token, str) and token:
        return msgspec.structs.replace(user, exec=None, token=token)
    if isinstance(certificate, str) and isinstance(key, str):
        return msgspec.structs.replace(
            user,
            exec=None,
            client_cert_data=base64.b64encode(certificate.encode()).decode(),
            client_key_data=base64.b64encode(key.encode()).decode(),
        )
    raise LiveError(
        f"{target}: its credential plugin `{command}` printed no ExecCredential with status.token or a "
        "client certificate"
    )


PLUGIN_OUTPUT_BYTES = 16 * 1024 * 1024  # an ExecCredential is kilobytes; what is past this is not read
PLUGIN_QUIET_SECONDS = 0.2  # after the plugin exits: its pipes read until they are quiet this long


def _plugin_output(process: subprocess.Popen[bytes], deadline: float) -> tuple[bytes, bytes] | None:
    """The plugin's stdout and stderr once it has exited, read until both close or, after its exit, until they are
    quiet for PLUGIN_QUIET_SECONDS: a process it left in the background (`setsid sleep 300 &`) holds them open, and
    waiting for their end waited past --timeout. None at the deadline (the plugin still running). At most
    PLUGIN_OUTPUT_BYTES of each is kept."""
    import selectors

    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.fileno(), process.stderr.fileno()
    read = {out: bytearray(), err: bytearray()}
    with selectors.DefaultSelector() as selector:
        for descriptor in read:
            selector.register(descriptor, selectors.EVENT_READ)
        quiet: float | None = None  # since the plugin's exit, or the last bytes after it
        while True:
            now = time.monotonic()
            if quiet is None and process.poll() is not None:
                quiet = now
            if quiet is not None and (not selector.get_map() or now - quiet >= PLUGIN_QUIET_SECONDS):
                break
            if now >= deadline:
                return None
            if not selector.get_map():  # both closed, the plugin still running: wait for its exit
                time.sleep(min(deadline - now, 0.05))
                continue
            for key, _ in selector.select(timeout=min(deadline - now, 0.05)):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fd)
                    continue
                if len(read[key.fd]) < PLUGIN_OUTPUT_BYTES:
                    read[key.fd] += chunk
                if quiet is not None:
                    quiet = time.monotonic()
    process.stdout.close()
    process.stderr.close()
    return bytes(read[out]), bytes(read[err])


def _end(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass
    process.wait()


# --- the client -----------------------------------------------------------------------------------------------


@dataclass
class _Budget:
    limits: Limits
    deadline: float
    target: Target
    bytes: int = 0
    requests: int = 0
    objects: int = 0
    doing: str = field(default="connecting")
    status: tuple[int, str] = (0, "")  # the last answer's status code and reason

    def remaining(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise LiveError(
                f"{self.target}: {self.doing}: no whole answer within --timeout {self.limits.seconds:g} s; "
                "raise it, or check the connection"
            )
        return left

    def read(self, size: int, page: int) -> None:
        self.bytes += size
        if page > self.limits.page_bytes or self.bytes > self.limits.total_bytes:
            which = (
                f"one answer over {self.limits.page_bytes // MIB} MiB"
                if page > self.limits.page_bytes
                else f"answers over {self.limits.total_bytes // MIB} MiB in all"
            )
            raise LiveError(
                f"{self.target}: {self.doing}: {which}: more than a snapshot takes; is this the cluster you meant?"
            )
        self.remaining()

    def count(self) -> None:
        self.objects += 1
        if self.objects > self.limits.objects:
            raise LiveError(
                f"{self.target}: {self.doing}: more than {self.limits.objects:,} objects in all: more than "
                "a snapshot takes (plan simulates at most 50,000 pods); is this the cluster you meant?"
            )


class Live:
    """A connected client (connect() makes it); list(kind) per kind, close() (or `with`) when done."""

    def __init__(self, config: Any, target: Target, limits: Limits, deadline: float) -> None:
        self.target = target
        self.limits = limits
        self._budget = _Budget(limits, deadline, target)
        self.unserved: set[Kind] = set()  # custom kinds the server answered 404 for: their CRD is not installed
        if config.user is None:  # a context without a user: anonymous, as kubectl
            config = config._replace(user=User())
        try:
            verify = verify_cluster(config.cluster, config.user, config.abs_file)
            proxy = target.proxy or _proxy_for(config.cluster.server)
            inner = httpx2.HTTPTransport(verify=verify, proxy=proxy, trust_env=False)
            # trust_env=False: no proxy transport of the environment's mounted beside ours (it would skip the bounds);
            # the environment's proxy, if any, is the inner transport's
            self._client = Client(
                config=config,
                timeout=httpx2.Timeout(limits.seconds),
                trust_env=False,
                transport=_Bounded(inner, self._budget),
            )
        except (ConfigError, OSError, ValueError, httpx2.HTTPError) as error:  # ssl.SSLError is an OSError
            raise LiveError(f"{target}: cannot set up the connection: {one_line(str(error))[:200]}") from None

    def __enter__(self) -> Live:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def list(self, kind: Kind) -> list[dict[str, Any]]:
        """Every object of the kind, in all namespaces, as the API server gave it (plain dicts), read in pages of
        Limits.page_size. A kind of a CRD the cluster does not serve (Karpenter not installed yet) is an empty list."""
        self._budget.doing = f"listing {kind.plural}" + (f".{kind.group}" if kind.group else "")
        found: list[dict[str, Any]] = []
        try:
            for item in self._client.list(
                _resource(kind), namespace="*" if kind.namespaced else None, chunk_size=self.limits.page_size
            ):
                self._budget.count()
                if not isinstance(item, dict):
                    raise LiveError(f"{self.target}: {self._budget.doing}: an item of the answer is not an object")
                found.append(dict(item))
        except ApiError as error:
            code = error.response.status_code if error.response is not None else error.status.code
            if code == 404 and kind.custom:
                self.unserved.add(kind)
                return []
            raise self._refused(code, error.status.message) from None
        except httpx2.HTTPStatusError as error:
            if error.response.status_code == 404 and kind.custom:
                self.unserved.add(kind)
                return []
            raise self._refused(error.response.status_code, error.response.reason_phrase) from None
        except httpx2.TimeoutException:
            raise LiveError(
                f"{self.target}: {self._budget.doing}: no whole answer within --timeout "
                f"{self.limits.seconds:g} s; raise it, or check the connection"
            ) from None
        except httpx2.HTTPError as error:
            raise LiveError(f"{self.target}: {self._budget.doing}: {_transport_problem(error)}") from None
        except RecursionError:  # nested deeper than any Kubernetes object (the decoder recurses per level)
            raise LiveError(
                f"{self.target}: {self._budget.doing}: the answer is nested deeper than any Kubernetes "
                "object; is the server a Kubernetes API server?"
            ) from None
        except (msgspec.MsgspecError, ValueError, KeyError, TypeError, AttributeError) as error:
            if self._budget.status[0] >= 300:  # an error answer lightkube could not read as a Status
                raise self._refused(*self._budget.status) from None
            raise LiveError(
                f"{self.target}: {self._budget.doing}: the answer is not a Kubernetes List "
                f"({one_line(str(error))[:160]}); is the server a Kubernetes API server?"
            ) from None
        return found

    def _refused(self, code: Any, message: Any) -> LiveError:
        said = one_line(str(message or "")).strip()[:200]
        doing = f"{self.target}: {self._budget.doing}"
        if code == 401:
            return LiveError(
                f"{doing}: 401 Unauthorized: the API server refused the context's credentials (expired? "
                "log in again, e.g. `aws sso login`)"
            )
        if code == 403:
            return LiveError(
                f"{doing}: 403 Forbidden ({said}): bind the ClusterRole {READER_ROLE} (dist/<cluster>/base/) "
                "to this user or group (README: the read-only identity)"
            )
        if code == 410:
            return LiveError(
                f"{doing}: 410 Gone: the list changed while it was read in pages and its continue token "
                "expired; run the command again"
            )
        return LiveError(f"{doing}: the API server answered {code}" + (f": {said}" if said else ""))


def _reason(response: httpx2.Response) -> str:
    try:
        return response.reason_phrase
    except (KeyError, ValueError):
        return ""


def _transport_problem(error: Exception) -> str:
    text = one_line(str(error)).strip()[:200] or type(error).__name__
    if isinstance(error, httpx2.ConnectError):
        return f"cannot connect: {text}"
    return f"the connection failed: {text}"


def _proxy_for(server: str) -> str | None:
    """The proxy $HTTPS_PROXY/$HTTP_PROXY names for the server, unless $NO_PROXY exempts it (as kubectl honours them)."""
    from urllib.parse import urlsplit
    from urllib.request import getproxies_environment, proxy_bypass_environment

    parts = urlsplit(server)
    proxies = getproxies_environment()
    proxy = proxies.get(parts.scheme or "https")
    if not proxy or proxy_bypass_environment(parts.hostname or "", proxies):
        return None
    return proxy


_RESOURCES: dict[Kind, Any] = {}


def _resource(kind: Kind) -> Any:
    """lightkube's generic resource of the kind (objects decoded as plain JSON, not its typed models: a snapshot writes
    what the server said, and a field a model does not know is not lost)."""
    if kind not in _RESOURCES:
        make = create_namespaced_resource if kind.namespaced else create_global_resource
        _RESOURCES[kind] = make(
            kind.group,
            kind.version,
            kind.kind,
            kind.plural,
            verbs=["get", "list", "global_list", "watch", "global_watch"],
        )
    return _RESOURCES[kind]


class _Bounded(httpx2.BaseTransport):
    """An httpx transport around the real one: each request gets the time left as its timeouts; each answer is
    counted against the byte bounds as it arrives, and gzip is decoded here, within them."""

    def __init__(self, inner: Any, budget: _Budget) -> None:
        self._inner = inner
        self._budget = budget

    def handle_request(self, request: Any) -> Any:
        budget = self._budget
        budget.requests += 1
        if budget.requests > budget.limits.requests:
            raise LiveError(
                f"{budget.target}: {budget.doing}: more than {budget.limits.requests:,} requests: the server "
                "keeps handing out pages; is it a Kubernetes API server?"
            )
        left = budget.remaining()
        request.extensions = {
            **request.extensions,
            "timeout": {name: left for name in ("connect", "read", "write", "pool")},
        }
        request.headers["Accept-Encoding"] = "gzip"
        response = self._inner.handle_request(request)
        budget.status = (response.status_code, _reason(response))
        encoding = response.headers.get("Content-Encoding", "").strip().lower()
        if encoding not in ("", "identity", "gzip"):
            response.close()
            raise LiveError(
                f"{budget.target}: {budget.doing}: an answer in {one_line(encoding)[:40]!r}, which was not "
                "asked for (gzip was)"
            )
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and not encoding == "gzip" and int(declared) > budget.limits.page_bytes:
            response.close()
            budget.read(int(declared), int(declared))  # raises: said before a byte is read
        headers = [
            (k, v) for k, v in response.headers.multi_items() if k.lower() not in ("content-encoding", "content-length")
        ]
        return httpx2.Response(
            response.status_code,
            headers=headers,
            extensions=response.extensions,
            stream=_BoundedStream(response.stream, budget, encoding == "gzip"),
        )

    def close(self) -> None:
        self._inner.close()

    def __enter__(self) -> _Bounded:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _BoundedStream(httpx2.SyncByteStream):
    """The answer's bytes, decoded from gzip when it came so, counted against the budget chunk by chunk."""

    CHUNK = 1024 * 1024

    def __init__(self, raw: Any, budget: _Budget, gzipped: bool) -> None:
        self._raw = raw
        self._budget = budget
        self._gzipped = gzipped

    def __iter__(self) -> Iterator[bytes]:
        decoder = zlib.decompressobj(16 + zlib.MAX_WBITS) if self._gzipped else None
        page = 0
        for chunk in self._raw:
            if decoder is None:
                page += len(chunk)
                self._budget.read(len(chunk), page)
                yield chunk
                continue
            data = chunk
            while data:
                try:
                    out = decoder.decompress(data, self.CHUNK)
                except zlib.error:
                    raise LiveError(
                        f"{self._budget.target}: {self._budget.doing}: the answer is not the gzip it says it is"
                    ) from None
                data = decoder.unconsumed_tail
                page += len(out)
                self._budget.read(len(out), page)
                if out:
                    yield out
                if not out and not data:
                    break
            if decoder.eof:
                break
        if decoder is not None:
            rest = decoder.flush()
            page += len(rest)
            self._budget.read(len(rest), page)
            if rest:
                yield rest

    def close(self) -> None:
        self._raw.close()
