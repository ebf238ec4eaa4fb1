"""A recorded Kubernetes API server on loopback for the live client's tests: lists answered from JSON (pages of
`limit` objects with a `continue` token, as kube-apiserver pages them), and each hostile answer a test asks for
(a status, raw bytes, gzip, a slow trickle, pages without end). With a kubeconfig pointing at it, the product's real
client (lightkube, httpx, the kubeconfig and credential code) runs unchanged.

Paths are the API server's list paths across all namespaces: /api/v1/pods, /apis/apps/v1/deployments,
/apis/karpenter.sh/v1/nodeclaims; a path with no answer set is 404 (a CRD not installed)."""

from __future__ import annotations

import gzip
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

PATHS = {  # kind -> list path
    "Pod": "/api/v1/pods",
    "Node": "/api/v1/nodes",
    "Deployment": "/apis/apps/v1/deployments",
    "ReplicaSet": "/apis/apps/v1/replicasets",
    "StatefulSet": "/apis/apps/v1/statefulsets",
    "DaemonSet": "/apis/apps/v1/daemonsets",
    "Job": "/apis/batch/v1/jobs",
    "CronJob": "/apis/batch/v1/cronjobs",
    "PodDisruptionBudget": "/apis/policy/v1/poddisruptionbudgets",
    "NodeClaim": "/apis/karpenter.sh/v1/nodeclaims",
}
# What `status` reads besides: served (their CRD installed) only once a test puts one, else 404 (without Flux, Argo CD;
# admission policies' v1 before Kubernetes 1.30)
STATUS_PATHS = {
    "NodePool": "/apis/karpenter.sh/v1/nodepools",
    "EC2NodeClass": "/apis/karpenter.k8s.aws/v1/ec2nodeclasses",
    "Kustomization": "/apis/kustomize.toolkit.fluxcd.io/v1/kustomizations",
    "HelmRelease": "/apis/helm.toolkit.fluxcd.io/v2/helmreleases",
    "Application": "/apis/argoproj.io/v1alpha1/applications",
    "ValidatingAdmissionPolicyBinding": "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings",
}


@dataclass
class Raw:
    """An answer as bytes: status, body, headers; `trickle` seconds between its bytes (a slow server)."""

    body: bytes
    status: int = 200
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "application/json"})
    trickle: float = 0.0
    gzip: bool = False
    chunked: bool = False  # no Content-Length: the client learns the size only as the bytes arrive


@dataclass
class FakeApiServer:
    objects: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # path -> the items of its list
    answers: dict[str, Raw | Callable[[dict[str, list[str]]], Raw]] = field(default_factory=dict)  # path -> override
    token: str | None = None  # the bearer token it requires (401 otherwise)
    endless: set[str] = field(default_factory=set)  # paths whose pages never end
    gzip: bool = False  # every list answer gzipped (as kube-apiserver does for large ones)
    requests: list[tuple[str, dict[str, list[str]], dict[str, str]]] = field(default_factory=list)
    url: str = ""

    def put(self, *items: dict[str, Any]) -> None:
        for item in items:
            self.objects.setdefault({**PATHS, **STATUS_PATHS}[item["kind"]], []).append(item)

    def answer(self, path: str, query: dict[str, list[str]], headers: dict[str, str]) -> Raw:
        self.requests.append((path, query, headers))
        if self.token is not None and headers.get("authorization") != f"Bearer {self.token}":
            return Raw(
                json.dumps(
                    {
                        "kind": "Status",
                        "apiVersion": "v1",
                        "status": "Failure",
                        "code": 401,
                        "reason": "Unauthorized",
                        "message": "Unauthorized",
                    }
                ).encode(),
                401,
            )
        override = self.answers.get(path)
        if override is not None:
            return override(query) if callable(override) else override
        if path in self.endless:
            start = int((query.get("continue") or ["0"])[0])
            size = int((query.get("limit") or ["500"])[0])
            items = [
                {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{start + i}", "namespace": "x"}}
                for i in range(size)
            ]
            return Raw(
                json.dumps(
                    {"kind": "List", "apiVersion": "v1", "items": items, "metadata": {"continue": str(start + size)}}
                ).encode(),
                gzip=self.gzip,
            )
        if path not in self.objects and path not in PATHS.values():
            return Raw(
                b'{"kind":"Status","apiVersion":"v1","status":"Failure","code":404,"reason":"NotFound",'
                b'"message":"the server could not find the requested resource"}',
                404,
            )
        if path not in self.objects and path == PATHS["NodeClaim"]:
            return Raw(b"404 page not found\n", 404, {"Content-Type": "text/plain; charset=utf-8"})
        items = self.objects.get(path, [])
        start = int((query.get("continue") or ["0"])[0])
        size = int((query.get("limit") or [str(len(items) or 1)])[0])
        page = items[start : start + size]
        meta: dict[str, Any] = {"resourceVersion": "42"}
        if start + size < len(items):
            meta["continue"] = str(start + size)
        kind = path.rsplit("/", 1)[-1]
        return Raw(
            json.dumps({"kind": f"{kind}List", "apiVersion": "v1", "metadata": meta, "items": page}).encode(),
            gzip=self.gzip,
        )


@contextmanager
def serving(server: FakeApiServer) -> Iterator[FakeApiServer]:
    """The server listening on 127.0.0.1 (a free port) in a thread while the block runs."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body in separate writes would wait for delayed ACKs (40 ms)

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            parts = urlsplit(self.path)
            raw = server.answer(parts.path, parse_qs(parts.query), {k.lower(): v for k, v in self.headers.items()})
            body = gzip.compress(raw.body) if raw.gzip else raw.body
            try:
                self.send_response(raw.status)
                for name, value in raw.headers.items():
                    self.send_header(name, value)
                if raw.gzip:
                    self.send_header("Content-Encoding", "gzip")
                if raw.trickle or raw.chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    size = 1 if raw.trickle else 16384
                    for start in range(0, len(body), size):
                        time.sleep(raw.trickle)
                        piece = body[start : start + size]
                        self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                    return
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    server.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield server
    finally:
        httpd.shutdown()
        httpd.server_close()


def kubeconfig(
    path: Path,
    server: str,
    *,
    token: str | None = "t0ken",
    context: str = "fake",
    user: dict[str, Any] | None = None,
    current: bool = True,
) -> Path:
    """A kubeconfig whose context `context` points at server, with a token user (or `user` as given)."""
    document = {
        "apiVersion": "v1",
        "kind": "Config",
        "clusters": [{"name": "fake", "cluster": {"server": server}}],
        "contexts": [{"name": context, "context": {"cluster": "fake", "user": "me"}}],
        "users": [{"name": "me", "user": user if user is not None else ({"token": token} if token else {})}],
    }
    if current:
        document["current-context"] = context
    path.write_text(json.dumps(document))  # JSON is YAML
    return path


def pod(
    namespace: str,
    name: str,
    *,
    owner: tuple[str, str] | None = None,
    cpu: str | None = "100m",
    env: list[dict[str, Any]] | None = None,
    **spec: Any,
) -> dict[str, Any]:
    """A pod as the API server lists it (with what a snapshot must not keep: env, annotations, managed fields)."""
    container: dict[str, Any] = {
        "name": "app",
        "image": "registry.example/app:1",
        "env": env or [],
        "resources": {"requests": {"cpu": cpu, "memory": "64Mi"}} if cpu else {},
    }
    metadata: dict[str, Any] = {
        "name": name,
        "namespace": namespace,
        "uid": f"uid-{namespace}-{name}",
        "labels": {"app": name},
        "annotations": {"kubectl.kubernetes.io/last-applied-configuration": '{"secret":"in-annotation"}'},
        "managedFields": [{"manager": "kubectl", "fieldsV1": {"f:spec": {}}}],
    }
    if owner is not None:
        metadata["ownerReferences"] = [
            {
                "apiVersion": "apps/v1",
                "kind": owner[0],
                "name": owner[1],
                "uid": "u",
                "controller": True,
                "blockOwnerDeletion": True,
            }
        ]
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": metadata,
        "spec": {"containers": [container], **spec},
        "status": {"phase": "Running", "podIP": "10.0.0.1"},
    }


def controller(
    kind: str,
    namespace: str,
    name: str,
    *,
    replicas: int | None = 1,
    owner: tuple[str, str] | None = None,
    env: list[dict[str, Any]] | None = None,
    cpu: str | None = "100m",
) -> dict[str, Any]:
    group = "batch/v1" if kind in ("Job", "CronJob") else "apps/v1"
    template = {
        "metadata": {"labels": {"app": name}, "annotations": {"team": "x"}},
        "spec": pod(namespace, name, env=env, cpu=cpu)["spec"],
    }
    spec: dict[str, Any] = {"selector": {"matchLabels": {"app": name}}, "template": template}
    if replicas is not None and kind in ("Deployment", "ReplicaSet", "StatefulSet"):
        spec["replicas"] = replicas
    if kind == "CronJob":
        spec = {"schedule": "* * * * *", "jobTemplate": {"spec": {"template": template}}}
    metadata: dict[str, Any] = {
        "name": name,
        "namespace": namespace,
        "uid": f"uid-{name}",
        "annotations": {"deployment.kubernetes.io/revision": "3"},
    }
    if owner is not None:
        metadata["ownerReferences"] = [
            {"apiVersion": group, "kind": owner[0], "name": owner[1], "uid": "u", "controller": True}
        ]
    return {"apiVersion": group, "kind": kind, "metadata": metadata, "spec": spec, "status": {"replicas": replicas}}


def node(
    name: str,
    *,
    allocatable: dict[str, str] | None = None,
    labels: dict[str, str] | None = None,
    without_allocatable: bool = False,
) -> dict[str, Any]:
    status: dict[str, Any] = {
        "capacity": {"cpu": "4", "memory": "16Gi", "pods": "58"},
        "conditions": [{"type": "Ready", "status": "True", "message": "kubelet is posting"}],
        "images": [{"names": ["registry.example/big:1"], "sizeBytes": 1}],
        "nodeInfo": {"kubeletVersion": "v1.33.0"},
    }
    if not without_allocatable:
        status["allocatable"] = allocatable or {"cpu": "3920m", "memory": "14Gi", "pods": "58"}
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "name": name,
            "labels": labels
            or {
                "kubernetes.io/arch": "amd64",
                "kubernetes.io/os": "linux",
                "topology.kubernetes.io/zone": "ca-central-1a",
            },
            "annotations": {"node.alpha.kubernetes.io/ttl": "0"},
        },
        "spec": {"providerID": f"aws:///ca-central-1a/i-{name}"},
        "status": status,
    }
