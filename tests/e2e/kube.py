"""A small Kubernetes API client over HTTPS with a client certificate (http.client + ssl, one kept-alive connection
per thread): server-side apply, get, list, delete, discovery. No kubectl and no client library needed."""

from __future__ import annotations

import http.client
import json
import ssl
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

FIELD_MANAGER = "karpenter-tenants-e2e"


class ApiError(Exception):
    def __init__(self, status: int, body: dict[str, Any] | str) -> None:
        self.status = status
        self.body = body if isinstance(body, dict) else {"message": body}
        super().__init__(f"HTTP {status}: {self.text}")

    @property
    def message(self) -> str:
        return str(self.body.get("message", ""))

    @property
    def causes(self) -> list[dict[str, str]]:
        return list((self.body.get("details") or {}).get("causes") or [])

    @property
    def text(self) -> str:
        """Everything the server said: message and every cause's field and message."""
        causes = "; ".join(f"{c.get('field', '')}: {c.get('message', '')}" for c in self.causes)
        return f"{self.message} [{causes}]" if causes else self.message


@dataclass(frozen=True)
class Resource:
    plural: str
    namespaced: bool


class Kube:
    def __init__(self, server: str, ca: Path, cert: Path, key: Path) -> None:
        self.server = server
        self.context = ssl.create_default_context(cafile=str(ca))
        self.context.load_cert_chain(str(cert), str(key))
        self._resources: dict[tuple[str, str], Resource] = {}
        # A new TLS connection per request was most of a request's cost (the 5,000-tenant test sends 10,000).
        self._address = urlsplit(server)
        self._local = threading.local()

    def _send(self, method: str, target: str, data: bytes | None, headers: dict[str, str]) -> tuple[int, str]:
        """One request on this thread's connection; once more on a new one when the server had closed a reused
        connection (no response came: the request was not handled)."""
        for attempt in (1, 2):
            connection = getattr(self._local, "connection", None)
            reused = connection is not None
            if connection is None:
                connection = self._local.connection = http.client.HTTPSConnection(
                    self._address.hostname or "127.0.0.1", self._address.port, context=self.context, timeout=30
                )
            try:
                connection.request(method, target, body=data, headers=headers)
                response = connection.getresponse()
                return response.status, response.read().decode(errors="replace")
            except (OSError, http.client.HTTPException) as error:
                connection.close()
                self._local.connection = None
                stale = isinstance(error, http.client.RemoteDisconnected | BrokenPipeError | ConnectionResetError)
                if not (reused and stale) or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        content_type: str = "application/json",
        query: dict[str, str] | None = None,
        user: str | None = None,
    ) -> Any:
        """One API request; `user` impersonates that user (the admin certificate may)."""
        target = path + (f"?{urlencode(query)}" if query else "")
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        headers = {"Content-Type": content_type, **({"Impersonate-User": user} if user else {})}
        status, text = self._send(method, target, data, headers)
        if status >= 400:
            try:
                raise ApiError(status, json.loads(text)) from None
            except json.JSONDecodeError:
                raise ApiError(status, text) from None
        return json.loads(text) if text.startswith(("{", "[")) else text

    def ready(self) -> bool:
        try:
            return bool(self.request("GET", "/readyz") == "ok")
        except ApiError:
            return False

    def resource(self, api_version: str, kind: str) -> Resource:
        if (api_version, kind) not in self._resources:
            listing = self.request("GET", ("/api/" if "/" not in api_version else "/apis/") + api_version)
            for entry in listing["resources"]:
                if "/" not in entry["name"]:
                    self._resources[(api_version, entry["kind"])] = Resource(entry["name"], entry["namespaced"])
        if (api_version, kind) not in self._resources:
            raise KeyError(f"the server serves no {kind} in {api_version}")
        return self._resources[(api_version, kind)]

    def path(self, api_version: str, kind: str, namespace: str | None = None, name: str | None = None) -> str:
        resource = self.resource(api_version, kind)
        prefix = ("/api/" if "/" not in api_version else "/apis/") + api_version
        if resource.namespaced and namespace:
            prefix += f"/namespaces/{namespace}"
        return f"{prefix}/{resource.plural}" + (f"/{name}" if name else "")

    def object_path(self, obj: dict[str, Any]) -> str:
        meta = obj["metadata"]
        return self.path(obj["apiVersion"], obj["kind"], meta.get("namespace"), meta["name"])

    def apply(self, obj: dict[str, Any], dry_run: bool = False) -> dict[str, Any]:
        """Server-side apply, strict field validation (as `kubectl apply --server-side` does)."""
        query = {"fieldManager": FIELD_MANAGER, "force": "true", "fieldValidation": "Strict"}
        if dry_run:
            query["dryRun"] = "All"
        return self.request("PATCH", self.object_path(obj), obj, "application/apply-patch+yaml", query)

    def apply_all(self, objects: list[dict[str, Any]], workers: int = 4) -> None:
        """apply() of each object, `workers` requests at a time (each thread on its own connection)."""
        for obj in {(o["apiVersion"], o["kind"]): o for o in objects}.values():
            self.object_path(obj)  # discovery before the threads
        with ThreadPoolExecutor(workers) as pool:
            for _ in pool.map(self.apply, objects):
                pass

    def create(self, obj: dict[str, Any], dry_run: bool = False) -> dict[str, Any]:
        meta = obj["metadata"]
        query = {"fieldValidation": "Strict", **({"dryRun": "All"} if dry_run else {})}
        return self.request("POST", self.path(obj["apiVersion"], obj["kind"], meta.get("namespace")), obj, query=query)

    def get(self, api_version: str, kind: str, name: str, namespace: str | None = None) -> dict[str, Any] | None:
        try:
            return self.request("GET", self.path(api_version, kind, namespace, name))
        except ApiError as error:
            if error.status == 404:
                return None
            raise

    def list(self, api_version: str, kind: str, namespace: str | None = None) -> list[dict[str, Any]]:
        return list(self.request("GET", self.path(api_version, kind, namespace))["items"])

    def forget_discovery(self) -> None:
        self._resources.clear()

    def apply_crds(self, crds: list[dict[str, Any]], timeout: float = 60) -> None:
        """Apply CRDs and wait until each is Established and served."""
        for crd in crds:
            self.apply(crd)
        for crd in crds:
            name = crd["metadata"]["name"]
            wait_for(
                lambda name=name: (
                    condition(self.get("apiextensions.k8s.io/v1", "CustomResourceDefinition", name), "Established")
                    == "True"
                ),
                timeout,
                f"CRD {name} established",
            )
        self.forget_discovery()


def condition(obj: dict[str, Any] | None, kind: str) -> str | None:
    """The status of the object's condition of that type, or None."""
    for found in ((obj or {}).get("status") or {}).get("conditions") or []:
        if found.get("type") == kind:
            return str(found.get("status"))
    return None


def wait_for(check: Callable[[], Any], timeout: float, what: str, interval: float = 0.5) -> Any:
    """The first truthy result of `check`; TimeoutError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)
