"""The reference data of each Karpenter release: its folder under the shared folder, whether it is there, and
upstream's Kubernetes compatibility tables read from it (config/compatibility.json is written from them; config.versions
reads that file, and the loader these tables only for a release that file does not list, through
reference.charts.ChartReference).

A release's folder is in one of two layouts (release_data):
- <shared>/karpenter/v1.14.1/: what `fetch-reference` writes (the published charts karpenter/ and karpenter-crd/, the
  CRDs in karpenter/crds, iam/, docs/compatibility.yaml, reference/);
- <shared>/karpenter-next/v1.15.2/: a release as its Go module's tree holds it (github.com/aws/karpenter-provider-aws
  at the tag): crds/, chart-source/ (the charts before upstream's release commit rewrites their version and image),
  docs/compatibility.yaml, no published chart. Its CRDs serve validate and export-schemas; what needs the published
  chart (the rendered chart, render-chart, adopt) says it is missing (missing_published_chart).

Must not import charts, synth, checks or anything above them."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from karpenter_tenants.config.versions import COMPATIBILITY_FILE, KarpenterVersion, KubernetesRange
from karpenter_tenants.reference.data import ReferenceDataError, checked_path, read_text, yaml_documents
from karpenter_tenants.reference.shared import shared_dir

MODULE_TREES = "karpenter-next"  # <shared>/karpenter-next/v<version>/: releases as their Go module's tree holds them


def reference_folder(shared: Path, version: KarpenterVersion | str) -> Path:
    """Where the reference data of one release lives as `fetch-reference` writes it: <shared>/karpenter/v1.14.1."""
    return shared / "karpenter" / f"v{version}"


def module_folder(shared: Path, version: KarpenterVersion | str) -> Path:
    """Where a release's Go module tree lives: <shared>/karpenter-next/v1.15.2."""
    return shared / MODULE_TREES / f"v{version}"


@dataclass(frozen=True)
class ReleaseData:
    """One release's reference data: its folder, and whether it holds the published chart (fetch-reference's layout)
    or only the Go module's tree (crds/, chart-source/)."""

    version: str
    folder: Path
    published: bool

    @property
    def crds(self) -> Path:
        return self.folder / ("karpenter/crds" if self.published else "crds")

    @property
    def chart_source(self) -> Path:
        """The karpenter chart: the published one, else the module tree's source (its values.yaml has the release's
        keys; its Chart.yaml and image still say the release before)."""
        return self.folder / ("karpenter" if self.published else "chart-source/karpenter")

    def describe(self) -> str:
        return str(self.folder) if self.published else f"{self.folder} (the Go module's tree: CRDs, no published chart)"


def release_data(shared: Path, version: KarpenterVersion | str) -> ReleaseData | None:
    """The release's reference data under shared: the published layout when its chart is there, else its Go module's
    tree when that has CRDs, else None."""
    published = reference_folder(shared, version)
    if (published / "karpenter" / "Chart.yaml").is_file():
        return ReleaseData(str(version), published, True)
    module = module_folder(shared, version)
    if (module / "crds").is_dir():
        return ReleaseData(str(version), module, False)
    return None


def crd_folder(shared: Path, version: KarpenterVersion | str) -> Path:
    """The folder of a release's Karpenter CRDs: the published chart's crds/, else its module tree's crds/."""
    data = release_data(shared, version)
    return data.crds if data is not None else reference_folder(shared, version) / "karpenter" / "crds"


def missing_published_chart(shared: Path, version: KarpenterVersion | str, who: str) -> str | None:
    """None when the release's published chart is in the reference data (or the release has none at all: see
    missing_reference_data), else what is missing and how to get it."""
    data = release_data(shared, version)
    if data is None or data.published:
        return None
    return (
        f"Karpenter {version}'s published chart is not in the reference data ({who}): {data.folder} is the Go module's "
        f"tree, whose chart sources still carry the previous release's version and controller image (upstream's "
        f"release commit rewrites them after the tag); fetch the chart oci://public.ecr.aws/karpenter/karpenter:"
        f"{version} with `python main.py fetch-reference {version}` (or point --reference or $KARPENTER_TENANTS_SHARED at "
        f"a folder that has {reference_folder(shared, version)}/karpenter)"
    )


def missing_reference_data(shared: Path, version: KarpenterVersion | str, who: str) -> str | None:
    """None when the shared folder holds the release's reference data (release_data), else the error to print."""
    folder = reference_folder(shared, version)
    if release_data(shared, version) is not None:
        return None
    return (
        f"no reference data for Karpenter {version} ({who}): {folder}/karpenter is missing; fetch it with "
        f"`python main.py fetch-reference {version}` (or point --reference or $KARPENTER_TENANTS_SHARED at a folder that "
        "has it)"
    )


def compatibility_files(shared: Path, module_trees: bool = False) -> list[Path]:
    """Each release's compatibility table (with module_trees, the Go module trees' too), a regular file reached
    without leaving shared (reference.data)."""
    trees = ("karpenter", MODULE_TREES) if module_trees else ("karpenter",)
    return sorted(checked_path(shared, p) for tree in trees for p in (shared / tree).glob("v*/docs/compatibility.yaml"))


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
        raise ReferenceDataError(
            path,
            None,
            "not Karpenter's compatibility table (one mapping with a `compatibility` "
            "list of appVersion, minK8sVersion, maxK8sVersion entries)",
        )
    for index, entry in enumerate(entries):
        fields = entry if isinstance(entry, dict) else {}
        bad = [key for key in ("minK8sVersion", "maxK8sVersion") if not _MINOR.fullmatch(str(fields.get(key, "")))]
        if not isinstance(fields.get("appVersion"), str):
            raise ReferenceDataError(path, None, f"compatibility[{index}]: no appVersion in {entry!r:.80}")
        if bad:
            raise ReferenceDataError(
                path,
                None,
                f"compatibility[{index}]: {' and '.join(bad)} missing or not a "
                f"Kubernetes minor like '1.28' in {entry!r:.80}",
            )
    return entries


@cache
def kubernetes_range(shared: Path, version: KarpenterVersion) -> KubernetesRange | None:
    """What upstream's compatibility table says about a release: the release's own table first, then
    the other reference releases' tables, newest first (each table lists every earlier release line;
    v0.31.5's own stops at 0.30.x, later ones list 0.31.x). In a table, an entry for the exact release
    ('1.0.5') wins over its line ('1.0.x'), and a later entry over an earlier one."""
    data = release_data(shared, version)
    own = (data.folder if data is not None else reference_folder(shared, version)) / "docs" / "compatibility.yaml"
    tables = compatibility_files(shared, module_trees=True)
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
    releases = dict(
        sorted(releases.items(), key=lambda item: tuple(int(p) if p.isdigit() else 999 for p in item[0].split(".")))
    )
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
