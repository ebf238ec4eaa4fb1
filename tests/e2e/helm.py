"""Flux's helm-controller for real: the charts of ../shared packaged as Helm does and pushed as OCI artifacts
into the CNCF distribution registry on loopback, which source-controller pulls from for the generated
OCIRepositories and helm-controller installs from for the generated HelmReleases."""

from __future__ import annotations

import copy
import fnmatch
import gzip
import hashlib
import io
import json
import tarfile
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import yaml

from e2e.controlplane import ControlPlane
from e2e.flux import FLUX_NAMESPACE
from e2e.manifests import load_yaml_documents
from e2e.processes import Process, free_port
from karpenter_tenants.reference.shared import shared_dir

# Helm's OCI media types (helm.sh/helm/v4/pkg/registry/constants.go), what `helm push` writes.
CONFIG_MEDIA_TYPE = "application/vnd.cncf.helm.config.v1+json"
CHART_MEDIA_TYPE = "application/vnd.cncf.helm.chart.content.v1.tar+gzip"
MANIFEST_MEDIA_TYPE = "application/vnd.oci.image.manifest.v1+json"


def start_registry(binary: Path, folder: Path) -> tuple[Process, str]:
    """distribution's `registry serve` on 127.0.0.1 with filesystem storage; returns the process and host:port."""
    port = free_port()
    config = {
        "version": 0.1,
        "log": {"level": "info", "accesslog": {"disabled": True}},
        "storage": {"filesystem": {"rootdirectory": str(folder / "registry")}},
        "http": {"addr": f"127.0.0.1:{port}"},
    }
    path = folder / "registry.yaml"
    path.write_text(yaml.safe_dump(config))
    # OpenTelemetry's exporters default to otlp on localhost:4318: off, nothing listens there.
    env = {"OTEL_TRACES_EXPORTER": "none", "OTEL_METRICS_EXPORTER": "none", "OTEL_LOGS_EXPORTER": "none"}
    process = Process("registry", [str(binary), "serve", str(path)], folder / "registry.log", env)
    host = f"127.0.0.1:{port}"
    process.wait_until(lambda: _status(f"http://{host}/v2/") == 200, 30, f"the registry answering on {host}/v2/")
    return process, host


def _status(url: str) -> int:
    with urllib.request.urlopen(url, timeout=5) as response:
        return int(response.status)


def _ignored(relative: str, patterns: list[str]) -> bool:
    """The subset of .helmignore the charts of ../shared use: globs on a path's last element or the whole path,
    and `dir/` for folders."""
    parts = relative.split("/")
    for pattern in patterns:
        if pattern.endswith("/"):
            if pattern.rstrip("/") in parts[:-1]:
                return True
        elif fnmatch.fnmatch(parts[-1], pattern) or fnmatch.fnmatch(relative, pattern):
            return True
    return False


def package_chart(folder: Path) -> tuple[dict[str, Any], bytes]:
    """A chart folder as `helm package` writes it: a gzipped tar of <name>/..., .helmignore applied; and its
    Chart.yaml."""
    chart = yaml.safe_load((folder / "Chart.yaml").read_text())
    ignore = folder / ".helmignore"
    patterns = (
        [line.strip() for line in ignore.read_text().splitlines() if line.strip() and not line.startswith("#")]
        if ignore.is_file()
        else []
    )
    assert not any(p.startswith("!") for p in patterns), f"{ignore}: negations are not handled here"
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            relative = path.relative_to(folder).as_posix()
            if _ignored(relative, patterns):
                continue
            info = tarfile.TarInfo(f"{chart['name']}/{relative}")
            data = path.read_bytes()
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return chart, gzip.compress(raw.getvalue(), mtime=0)


def _request(method: str, url: str, body: bytes = b"", content_type: str = "application/octet-stream") -> Any:
    request = urllib.request.Request(
        url, data=body if method != "POST" else b"", method=method, headers={"Content-Type": content_type}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response


def _push_blob(base: str, repository: str, data: bytes) -> dict[str, Any]:
    digest = "sha256:" + hashlib.sha256(data).hexdigest()
    started = _request("POST", f"{base}/v2/{repository}/blobs/uploads/")
    location = urljoin(f"{base}/", started.headers["Location"])
    separator = "&" if "?" in location else "?"
    _request("PUT", f"{location}{separator}digest={digest}", data)
    return {"digest": digest, "size": len(data)}


def push_chart(host: str, repository: str, folder: Path) -> str:
    """`helm push` over the OCI distribution API: the Chart.yaml as config blob, the package as the one layer,
    an OCI image manifest tagged with the chart version. Returns the manifest digest."""
    chart, package = package_chart(folder)
    base = f"http://{host}"
    config = json.dumps(chart, separators=(",", ":")).encode()
    manifest = {
        "schemaVersion": 2,
        "mediaType": MANIFEST_MEDIA_TYPE,
        "config": {"mediaType": CONFIG_MEDIA_TYPE, **_push_blob(base, repository, config)},
        "layers": [{"mediaType": CHART_MEDIA_TYPE, **_push_blob(base, repository, package)}],
        "annotations": {
            "org.opencontainers.image.title": chart["name"],
            "org.opencontainers.image.version": str(chart["version"]),
        },
    }
    body = json.dumps(manifest).encode()
    _request("PUT", f"{base}/v2/{repository}/manifests/{chart['version']}", body, MANIFEST_MEDIA_TYPE)
    return "sha256:" + hashlib.sha256(body).hexdigest()


def registry_repository(url: str) -> str:
    """The repository path of an oci:// URL (oci://public.ecr.aws/karpenter/karpenter -> karpenter/karpenter)."""
    return urlsplit(url).path.lstrip("/")


def patch_for_local_registry(dist: Path, host: str, waiting_never_ends: set[str]) -> list[str]:
    """The only changes to dist/ (in the scratch copy) for the chart registry on loopback and a cluster without
    kubelet: each OCIRepository's URL gets the local registry's host (same repository path), `insecure: true`
    (it speaks http) and no `verify` (the local artifacts carry no cosign signature of Karpenter's release
    workflow, and keyless verification needs Sigstore online); each HelmRelease whose chart has a Deployment
    gets `install.disableWait`/`upgrade.disableWait` (no kubelet runs: its pods never start, and Helm's wait would
    fail the release after its timeout); `waiting_never_ends` names those HelmReleases. Returns what was patched
    and how."""
    patched = []
    for path in sorted(dist.rglob("*.yaml")):
        documents = load_yaml_documents(path)
        if len(documents) != 1:
            continue
        [obj] = documents
        spec = obj.get("spec") or {}
        if obj.get("kind") == "OCIRepository":
            url = spec["url"]
            spec["url"] = f"oci://{host}/{registry_repository(url)}"
            spec["insecure"] = True
            removed = spec.pop("verify", None)
            change = f"url {url} -> {spec['url']}, insecure: true" + (", verify removed" if removed else "")
        elif obj.get("kind") == "HelmRelease" and obj["metadata"]["name"] in waiting_never_ends:
            for action in ("install", "upgrade"):
                spec.setdefault(action, {})["disableWait"] = True
            change = "install.disableWait: true, upgrade.disableWait: true"
        else:
            continue
        path.write_text(yaml.safe_dump(obj, sort_keys=False))
        patched.append(f"{path.relative_to(dist.parents[1])}: {obj['kind']} {obj['metadata']['name']}: {change}")
    return patched


def has_deployment(chart: Path) -> bool:
    """Whether a chart's templates write a Deployment (whose pods no kubelet here ever runs)."""
    return any("kind: Deployment" in p.read_text() for p in (chart / "templates").rglob("*.yaml"))


def start_helm_controller(binary: Path, plane: ControlPlane, folder: Path) -> Process:
    """helm-controller with the same multi-tenancy lockdown as kustomize-controller (flux2-multi-tenancy):
    a HelmRelease without serviceAccountName would run as `default`, and no cross-namespace references."""
    env = {"KUBECONFIG": str(plane.kubeconfig), "RUNTIME_NAMESPACE": FLUX_NAMESPACE}
    return Process(
        "helm-controller",
        [
            str(binary),
            "--metrics-addr=0",
            "--enable-leader-election=false",
            "--log-level=info",
            "--log-encoding=console",
            f"--health-addr=127.0.0.1:{free_port()}",
            "--requeue-dependency=2s",
            "--default-service-account=default",
            "--no-cross-namespace-refs=true",
        ],
        folder / "helm-controller.log",
        env,
    )


def shared_chart(ocirepository: dict[str, Any]) -> Path:
    """The chart of ../shared an OCIRepository's URL and tag name: karpenter/v<tag>/<last path element>."""
    name = registry_repository(ocirepository["spec"]["url"]).rsplit("/", 1)[-1]
    tag = ocirepository["spec"]["ref"]["tag"]
    folder = shared_dir() / f"karpenter/v{tag}/{name}"
    chart = yaml.safe_load((folder / "Chart.yaml").read_text())
    assert (chart["name"], str(chart["version"])) == (name, tag), f"{folder} is not chart {name} {tag}: {chart}"
    return folder


def merged(chart_values: Any, values: Any) -> Any:
    """Helm's coalescing of user values over the chart's: maps merge key by key, anything else replaces, null
    deletes."""
    if not isinstance(chart_values, dict) or not isinstance(values, dict):
        return copy.deepcopy(values)
    result = copy.deepcopy(chart_values)
    for key, value in values.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merged(result.get(key), value)
    return result
