"""A read-only Git server on 127.0.0.1 speaking Git's smart HTTP protocol through `git http-backend` (the
CGI program shipped with Git), as a hosted Git service would serve this repository to Flux."""

from __future__ import annotations

import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit


class _Handler(BaseHTTPRequestHandler):
    root: Path  # set on the subclass made per server

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self._cgi()

    def do_POST(self) -> None:  # noqa: N802
        self._cgi()

    def _cgi(self) -> None:
        url = urlsplit(self.path)
        if url.path.endswith("/git-receive-pack") or "service=git-receive-pack" in url.query:
            self.send_error(403, "read-only: the suite pushes to the bare repository directly")
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_PROJECT_ROOT": str(self.root),
            "GIT_HTTP_EXPORT_ALL": "1",
            "REQUEST_METHOD": self.command,
            "PATH_INFO": url.path,
            "QUERY_STRING": url.query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_ADDR": self.client_address[0],
        }
        if self.headers.get("Git-Protocol"):
            env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
        result = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True, timeout=60)
        head, _, payload = result.stdout.partition(b"\r\n\r\n")
        headers = [line.split(": ", 1) for line in head.decode("latin-1").split("\r\n") if ": " in line]
        status = next((int(v.split()[0]) for k, v in headers if k.lower() == "status"), 200)
        self.send_response(status)
        for key, value in headers:
            if key.lower() != "status":
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's signature
        pass


class GitServer:
    """Serves the bare repositories under `root` at http://127.0.0.1:<port>/<name>.git until stopped."""

    def __init__(self, root: Path) -> None:
        handler = type("Handler", (_Handler,), {"root": root})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, name="git-http", daemon=True)
        self.thread.start()

    def url(self, repository: str) -> str:
        return f"http://127.0.0.1:{self.port}/{repository}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)
