"""The reference data of each Karpenter release: its folder under the shared folder (<shared>/karpenter/v1.14.1),
whether it is there, and upstream's Kubernetes compatibility tables read from it (config/compatibility.json is
written from them; config.versions reads that file, never these tables).

Must not import charts, synth, checks or anything above them."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import yaml

from config.versions import COMPATIBILITY_FILE, KarpenterVersion, KubernetesRange
from reference.data import ReferenceDataError, checked_path, read_text, yaml_documents
from reference.shared import shared_dir


def reference_folder(shared: Path, version: KarpenterVersion | str) -> Path:
    """Where the reference data of one release lives: <shared>/karpenter/v1.14.1."""
    return shared / "karpenter" / f"v{version}"


def missing_reference_data(shared: Path, version: KarpenterVersion | str, who: str) -> str | None:
    """None when <shared>/karpenter/v<version>/ holds the release's chart, else the error to print."""
    folder = reference_folder(shared, version)
    if (folder / "karpenter" / "Chart.yaml").is_file():
        return None
    return (
        f"no reference data for Karpenter {version} ({who}): {folder}/karpenter is missing; fetch it with "
        f"`python main.py fetch-reference {version}` (or point --crds or $KARPENTER_TENANTS_SHARED at a folder that "
        "has it)"
    )


def compatibility_files(shared: Path) -> list[Path]:
    """Each release's compatibility table, a regular file reached without leaving shared (reference.data)."""
    return sorted(checked_path(shared, p) for p in (shared / "karpenter").glob("v*/docs/compatibility.yaml"))


_MINOR = re.compile(r"^[0-9]+\.[0-9]+$")


@cache
def _compatibility_entries(path: Path) -> list[dict[str, str]]:
    """The entries of an upstream compatibility table, read as untrusted reference data (reference.data):
    ReferenceDataError naming the file when it is not a mapping whose `compatibility` is a list of entries, each
    with an appVersion and Kubernetes minors minK8sVersion and maxK8sVersion ('1.28')."""
    # BaseLoader: every value a string, so 1.30 stays "1.30" (YAML 1.1 would read the float 1.3).
    documents = yaml_documents(path, read_text(path), yaml.BaseLoader)
    document = documents[0] if len(documents) == 1 else None
    entries = document.get("compatibility") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise ReferenceDataError(path, None, "not Karpenter's compatibility table (one mapping with a `compatibility` "
                                             "list of appVersion, minK8sVersion, maxK8sVersion entries)")
    for index, entry in enumerate(entries):
        fields = entry if isinstance(entry, dict) else {}
        bad = [key for key in ("minK8sVersion", "maxK8sVersion") if not _MINOR.fullmatch(str(fields.get(key, "")))]
        if not isinstance(fields.get("appVersion"), str):
            raise ReferenceDataError(path, None, f"compatibility[{index}]: no appVersion in {entry!r:.80}")
        if bad:
            raise ReferenceDataError(path, None, f"compatibility[{index}]: {' and '.join(bad)} missing or not a "
                                                 f"Kubernetes minor like '1.28' in {entry!r:.80}")
    return entries


@cache
def kubernetes_range(shared: Path, version: KarpenterVersion) -> KubernetesRange | None:
    """What upstream's compatibility table says about a release: the release's own table first, then
    the other reference releases' tables, newest first (each table lists every earlier release line;
    v0.31.5's own stops at 0.30.x, later ones list 0.31.x). In a table, an entry for the exact release
    ('1.0.5') wins over its line ('1.0.x'), and a later entry over an earlier one."""
    own = reference_folder(shared, version) / "docs" / "compatibility.yaml"
    tables = compatibility_files(shared)
    others = sorted((p for p in tables if p != own), key=lambda p: _sort_key(p.parent.parent.name), reverse=True)
    for path in [p for p in tables if p == own and p.is_file()] + others:
        line_match = exact_match = None
        for entry in _compatibility_entries(path):
            app = entry.get("appVersion", "").removeprefix("v")
            if app == str(version):
                exact_match = entry
            elif app == f"{version.major}.{version.minor}.x":
                line_match = entry
        match = exact_match or line_match
        if match is not None:
            return KubernetesRange(match["minK8sVersion"], match["maxK8sVersion"], path)
    return None


def _sort_key(folder_name: str) -> tuple[int, ...]:
    try:
        parsed = KarpenterVersion.parse(folder_name)
    except ValueError:
        return (-1,)
    return (parsed.major, parsed.minor, parsed.patch)


def compatibility_data(shared: Path) -> dict[str, object]:
    """config/compatibility.json as the reference tables in shared give it (each supported entry resolved by
    kubernetes_range's rules)."""
    releases: dict[str, list[str]] = {}
    tables = sorted(compatibility_files(shared), key=lambda p: _sort_key(p.parent.parent.name), reverse=True)
    for path in reversed(tables):  # the newest table's entry wins, as in kubernetes_range for a release of no table
        for entry in _compatibility_entries(path):
            app = entry.get("appVersion", "").removeprefix("v")
            if app.startswith(("0.31.", "1.")):
                releases[app] = [entry["minK8sVersion"], entry["maxK8sVersion"]]
    releases = dict(sorted(releases.items(), key=lambda item: tuple(int(p) if p.isdigit() else 999 for p in item[0].split("."))))
    return {
        "_source": "Karpenter's Kubernetes compatibility tables (aws/karpenter-provider-aws, Apache-2.0): "
        "hack/docs/compatibilitymatrix_gen/compatibility.yaml at v1.14.1 and hack/docs/compatibility-karpenter.yaml at "
        "v0.31.5, the supported release lines resolved as reference.versions.kubernetes_range reads them "
        "(regenerate: python -c 'from reference.versions import write_compatibility; write_compatibility()')",
        "releases": releases,
    }


def write_compatibility(shared: Path | None = None) -> None:
    if shared is None:
        shared = shared_dir()
    COMPATIBILITY_FILE.write_text(json.dumps(compatibility_data(shared), indent=2) + "\n", encoding="utf-8")
