"""Upstream, on 127.0.0.1, made from ../shared: an OCI registry holding the Karpenter charts (as Helm pushes them:
the OCI distribution API's manifests and blobs, Helm's config and chart layer media types) and a raw-file server
laid out as raw.githubusercontent.com (<owner>/<repo>/<tag>/<path>), for `fetch-reference` to download from.
Loopback only; each server stops with its context."""

from __future__ import annotations

import hashlib
import http.server
import io
import json
import re
import tarfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml

from karpenter_tenants.config.versions import KarpenterVersion
from karpenter_tenants.reference.fetch import CATALOGUE, COMPATIBILITY, GITOPS_CRDS, IAM_TEMPLATE, KARPENTER_REPOSITORY

MANIFEST = "application/vnd.oci.image.manifest.v1+json"
HELM_CONFIG = "application/vnd.cncf.helm.config.v1+json"
HELM_LAYER = "application/vnd.cncf.helm.chart.content.v1.tar+gzip"


def chart_archive(folder: Path) -> bytes:
    """The chart folder as `helm package` lays it out: <name>/... in a gzipped tar."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                tar.add(path, arcname=f"{folder.name}/{path.relative_to(folder).as_posix()}", recursive=False)
    return buffer.getvalue()


def _digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


class Registry:
    """repository ("karpenter/karpenter") -> tag -> manifest, and the blobs by digest."""

    def __init__(self) -> None:
        self.manifests: dict[tuple[str, str], bytes] = {}
        self.blobs: dict[str, bytes] = {}

    def add_chart(self, repository: str, folder: Path, tag: str) -> None:
        chart = yaml.safe_load((folder / "Chart.yaml").read_text())
        chart["version"] = tag  # the published chart carries the tag's version
        config = json.dumps(chart).encode()
        layer = chart_archive(folder)
        for blob in (config, layer):
            self.blobs[_digest(blob)] = blob
        manifest = {
            "schemaVersion": 2,
            "mediaType": MANIFEST,
            "config": {"mediaType": HELM_CONFIG, "digest": _digest(config), "size": len(config)},
            "layers": [{"mediaType": HELM_LAYER, "digest": _digest(layer), "size": len(layer)}],
        }
        self.manifests[(repository, tag)] = json.dumps(manifest).encode()


@contextmanager
def serve(handle: Callable[[http.server.BaseHTTPRequestHandler], None]) -> Iterator[str]:
    """An HTTP server on 127.0.0.1 whose GET and HEAD requests `handle` answers; yields its host:port."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            handle(self)

        do_HEAD = do_GET  # noqa: N815

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def reply(
    request: http.server.BaseHTTPRequestHandler,
    status: int,
    body: bytes = b"",
    headers: dict[str, str] | None = None,
    cut: int | None = None,
) -> None:
    """Answer a request; cut: send only that many bytes of the body, then drop the connection."""
    request.send_response(status)
    for name, value in (headers or {}).items():
        request.send_header(name, value)
    request.send_header("Content-Length", str(len(body)))
    request.end_headers()
    if request.command != "HEAD":
        request.wfile.write(body if cut is None else body[:cut])
    if cut is not None:
        request.close_connection = True


@contextmanager
def oci_registry(shared: Path, versions: list[str]) -> Iterator[str]:
    """oci://HOST/karpenter with the charts karpenter and karpenter-crd of each release, from ../shared."""
    registry = Registry()
    for text in versions:
        version = KarpenterVersion.parse(text)
        for chart in ("karpenter", "karpenter-crd"):
            folder = shared / "karpenter" / f"v{version}" / chart
            if folder.is_dir():
                registry.add_chart(f"karpenter/{chart}", folder, version.chart_version)

    def handle(request: http.server.BaseHTTPRequestHandler) -> None:
        path = request.path.split("?")[0]
        if path in ("/v2", "/v2/"):
            return reply(request, 200, b"{}", {"Content-Type": "application/json"})
        found = re.match(r"^/v2/(.+)/(manifests|blobs)/([^/]+)$", path)
        if found is None:
            return reply(request, 404)
        repository, kind, reference = found.groups()
        if kind == "manifests":
            body = registry.manifests.get((repository, reference)) or next(
                (m for m in registry.manifests.values() if _digest(m) == reference), None
            )
            if body is None:
                return reply(
                    request, 404, b'{"errors":[{"code":"MANIFEST_UNKNOWN"}]}', {"Content-Type": "application/json"}
                )
            return reply(request, 200, body, {"Content-Type": MANIFEST, "Docker-Content-Digest": _digest(body)})
        blob = registry.blobs.get(reference)
        if blob is None:
            return reply(request, 404)
        return reply(
            request, 200, blob, {"Content-Type": "application/octet-stream", "Docker-Content-Digest": reference}
        )

    with serve(handle) as host:
        yield host


def raw_files(shared: Path, versions: list[str]) -> dict[str, Path]:
    """URL path -> ../shared file, for each file fetch-reference downloads."""
    found: dict[str, Path] = {}
    for text in versions:
        version = KarpenterVersion.parse(text)
        folder = shared / "karpenter" / f"v{version}"
        found[f"/{KARPENTER_REPOSITORY}/v{version}/{IAM_TEMPLATE}"] = folder / "iam/cloudformation.yaml"
        found[f"/{KARPENTER_REPOSITORY}/v{version}/{COMPATIBILITY[version.generation]}"] = (
            folder / "docs/compatibility.yaml"
        )
        if (folder / "reference").is_dir():
            for local, upstream in CATALOGUE.items():
                found[f"/{KARPENTER_REPOSITORY}/v{version}/{upstream}"] = folder / local
    for crds, repository, tag, path in GITOPS_CRDS:
        found[f"/{repository}/{tag}/{path}"] = shared / "crds" / crds / Path(path).name
    return found


@contextmanager
def raw_server(
    shared: Path, versions: list[str], broken: Callable[[str], int | None] = lambda path: None
) -> Iterator[str]:
    """http://HOST serving raw_files; broken(path): cut that file's body after so many bytes (None: whole)."""
    files = raw_files(shared, versions)

    def handle(request: http.server.BaseHTTPRequestHandler) -> None:
        source = files.get(request.path)
        if source is None or not source.is_file():
            return reply(request, 404, b"404: Not Found")
        return reply(request, 200, source.read_bytes(), {"Content-Type": "text/plain"}, cut=broken(request.path))

    with serve(handle) as host:
        yield f"http://{host}"
