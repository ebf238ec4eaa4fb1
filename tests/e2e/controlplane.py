"""A real control plane on 127.0.0.1: etcd and kube-apiserver with generated certificates (CA, serving
certificate, an admin client certificate in system:masters, a service-account signing key)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from e2e.kube import Kube
from e2e.processes import Process, free_port


def _openssl(*args: str, cwd: Path) -> None:
    result = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"openssl {' '.join(args)} failed: {result.stderr}")


def generate_certificates(folder: Path) -> None:
    """ca.crt/key, apiserver.crt/key (127.0.0.1, localhost), admin.crt/key (CN admin, O system:masters),
    sa.key/sa.pub. openssl is part of every base system this runs on; checked up front."""
    if shutil.which("openssl") is None:
        raise RuntimeError("the e2e suite generates the control plane's certificates with `openssl`, not found on PATH")
    folder.mkdir(parents=True, exist_ok=True)
    _openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.crt",
        "-days",
        "2",
        "-subj",
        "/CN=e2e-ca",
        cwd=folder,
    )
    _signed(
        folder,
        "apiserver",
        "/CN=kube-apiserver",
        "subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes.default.svc",
    )
    client_certificate(folder, "admin", "/O=system:masters/CN=admin")
    _openssl("genrsa", "-out", "sa.key", "2048", cwd=folder)
    _openssl("rsa", "-in", "sa.key", "-pubout", "-out", "sa.pub", cwd=folder)


def client_certificate(folder: Path, name: str, subject: str) -> None:
    """<name>.crt/key: a client certificate for `subject` (e.g. /CN=system:kube-scheduler) signed by the CA of
    generate_certificates."""
    _signed(folder, name, subject, "extendedKeyUsage=clientAuth")


def _signed(folder: Path, name: str, subject: str, extension: str) -> None:
    _openssl(
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        f"{name}.key",
        "-out",
        f"{name}.csr",
        "-subj",
        subject,
        cwd=folder,
    )
    (folder / f"{name}.ext").write_text(extension + "\n")
    _openssl(
        "x509",
        "-req",
        "-in",
        f"{name}.csr",
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        f"{name}.crt",
        "-days",
        "2",
        "-extfile",
        f"{name}.ext",
        cwd=folder,
    )


_FIRST: list[Path] = []  # the session's first control plane's pki folder


def certificates(folder: Path) -> None:
    """generate_certificates once per session (RSA keys take seconds on a busy machine), copied for every later
    control plane: each still has its own etcd, ports and folder; one CA signs them all."""
    if _FIRST and (_FIRST[0] / "sa.pub").is_file():
        shutil.copytree(_FIRST[0], folder)
        return
    generate_certificates(folder)
    _FIRST[:] = [folder]


class ControlPlane:
    """etcd + kube-apiserver in `folder`; `stop()` ends both (the fixtures call it in a finalizer)."""

    def __init__(self, binaries: dict[str, Path], folder: Path, apiserver_args: tuple[str, ...] = ()) -> None:
        self.binaries = binaries
        self.apiserver_args = apiserver_args  # beside the defaults below
        self.folder = folder
        self.processes: list[Process] = []
        self.port = 0

    def start(self, timeout: float = 90) -> Kube:
        pki = self.folder / "pki"
        certificates(pki)
        client, peer, self.port = free_port(), free_port(), free_port()
        etcd = Process(
            "etcd",
            [
                str(self.binaries["etcd"]),
                "--name=e2e",
                f"--data-dir={self.folder / 'etcd'}",
                f"--listen-client-urls=http://127.0.0.1:{client}",
                f"--advertise-client-urls=http://127.0.0.1:{client}",
                f"--listen-peer-urls=http://127.0.0.1:{peer}",
                f"--initial-advertise-peer-urls=http://127.0.0.1:{peer}",
                f"--initial-cluster=e2e=http://127.0.0.1:{peer}",
                "--unsafe-no-fsync",
                "--log-level=warn",
            ],
            self.folder / "etcd.log",
        )
        self.processes.append(etcd)
        apiserver = Process(
            "kube-apiserver",
            [
                str(self.binaries["kube-apiserver"]),
                f"--etcd-servers=http://127.0.0.1:{client}",
                "--bind-address=127.0.0.1",
                "--advertise-address=127.0.0.1",
                f"--secure-port={self.port}",
                f"--tls-cert-file={pki / 'apiserver.crt'}",
                f"--tls-private-key-file={pki / 'apiserver.key'}",
                f"--client-ca-file={pki / 'ca.crt'}",
                "--authorization-mode=Node,RBAC",
                "--service-account-issuer=https://kubernetes.default.svc",
                f"--service-account-key-file={pki / 'sa.pub'}",
                f"--service-account-signing-key-file={pki / 'sa.key'}",
                "--service-cluster-ip-range=10.96.0.0/16",
                f"--cert-dir={self.folder / 'certs'}",
                "--profiling=false",
                "--endpoint-reconciler-type=none",
                *self.apiserver_args,
            ],
            self.folder / "kube-apiserver.log",
        )
        self.processes.append(apiserver)
        kube = Kube(f"https://127.0.0.1:{self.port}", pki / "ca.crt", pki / "admin.crt", pki / "admin.key")
        apiserver.wait_until(kube.ready, timeout, "/readyz ok")
        self.write_kubeconfig()
        return kube

    @property
    def kubeconfig(self) -> Path:
        return self.folder / "kubeconfig"

    @property
    def pki(self) -> Path:
        return self.folder / "pki"

    def write_kubeconfig(self, name: str = "admin") -> Path:
        """A kubeconfig for the client certificate pki/<name>.crt (admin's is `kubeconfig`)."""
        pki = self.pki
        path = self.kubeconfig if name == "admin" else self.folder / f"kubeconfig-{name}"
        path.write_text(
            "apiVersion: v1\nkind: Config\ncurrent-context: e2e\n"
            f"clusters:\n- name: e2e\n  cluster:\n    server: https://127.0.0.1:{self.port}\n"
            f"    certificate-authority: {pki / 'ca.crt'}\n"
            f"contexts:\n- name: e2e\n  context: {{cluster: e2e, user: {name}}}\n"
            f"users:\n- name: {name}\n  user:\n    client-certificate: {pki / f'{name}.crt'}\n"
            f"    client-key: {pki / f'{name}.key'}\n"
        )
        return path

    def user_kubeconfig(self, name: str, user: str) -> Path:
        """A kubeconfig authenticating as `user` (a certificate with that common name, no groups): what a
        component runs with when a policy decides on its user name, e.g. system:kube-scheduler."""
        client_certificate(self.pki, name, f"/CN={user}")
        return self.write_kubeconfig(name)

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()
        self.processes.clear()
