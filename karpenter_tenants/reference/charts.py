"""The Karpenter charts of the reference data: the unpacked chart folder of the release a cluster pins, checked as
untrusted input before Helm or anything else reads it (reference.data), ChartReference, the loader's view of
the chart's default values (config.loader.ChartDefaults: karpenter.values is checked against them), and render_chart,
the chart as `helm template` renders it (the Helm v4 SDK, offline; checks.helm_render for validate, and synth itself
for gitops.engine kubectl, whose chart stages are the rendered charts).

Must not import charts, synth, checks or anything above them."""

from __future__ import annotations

import json
import os
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.versions import KarpenterVersion, KubernetesRange
from karpenter_tenants.config.yaml_input import SAFE_LOADER
from karpenter_tenants.reference import data as reference_data
from karpenter_tenants.reference.data import ReferenceDataError
from karpenter_tenants.reference.shared import shared_dir
from karpenter_tenants.reference.versions import compatibility_files, kubernetes_range, reference_folder, release_data


def chart_folder(shared: Path, config: ClusterFile, chart: str = "karpenter") -> Path:
    """The unpacked chart of the release the cluster pins: <shared>/karpenter/v<version>/<chart>, checked as
    reference data when it is there (ReferenceDataError naming what is wrong): also before config.loader reads its
    values.yaml for karpenter.values (through ChartReference)."""
    folder = reference_folder(shared, config.karpenter.parsed_version) / chart
    if os.path.lexists(folder):
        _check_chart(shared, folder, _signature(folder / "values.yaml"))
    return folder


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


@cache
def _check_chart(shared: Path, folder: Path, values: tuple[int, int, int] | None) -> None:
    """Once per chart folder and version of its values.yaml: the tree, then values.yaml as a YAML mapping."""
    reference_data.checked_tree(shared, folder)
    path = folder / "values.yaml"
    if values is None:
        return
    documents = _values_documents(str(path), reference_data.read_text(path))
    if len(documents) != 1 or not isinstance(documents[0], dict | None):
        raise ReferenceDataError(path, None, "not one YAML mapping of the chart's default values")


class ChartReference:
    """The default values of the Karpenter chart each cluster pins, from the shared folder (reference.shared): what
    config.loader checks karpenter.values against (config.loader.ChartDefaults); and the compatibility tables there,
    for a release config/compatibility.json does not list (config.versions.ReleaseTables)."""

    def values_file(self, config: ClusterFile) -> Path:
        """<shared>/karpenter/v<version>/karpenter/values.yaml, the chart checked as reference data when it is there;
        else the values.yaml of the release's Go module tree (chart-source/karpenter: the same keys, as upstream's
        release commit changes only the version and image lines)."""
        shared = shared_dir()
        published = chart_folder(shared, config)
        data = release_data(shared, config.karpenter.parsed_version)
        if data is None or data.published:
            return published / "values.yaml"
        if os.path.lexists(data.chart_source):
            _check_chart(shared, data.chart_source, _signature(data.chart_source / "values.yaml"))
        return data.chart_source / "values.yaml"

    def kubernetes_range(self, version: KarpenterVersion) -> KubernetesRange | None:
        return kubernetes_range(shared_dir(), version)

    def tables(self) -> list[Path]:
        return compatibility_files(shared_dir(), module_trees=True)

    def rendered_whole(self, path: Path) -> frozenset[tuple[str, ...]]:
        """The values the chart's templates (beside values_file's path) render whole, `{{- with .Values.X }}` …
        `toYaml .` or `toYaml .Values.X`: their keys are Kubernetes', not the chart's (nodeSelector,
        podSecurityContext, strategy), so any key is a value of the chart there."""
        return _rendered_whole(path.parent / "templates")

    def default_values(self, path: Path) -> Any:
        """The chart's default values (values_file's one YAML document, {} when empty), read as untrusted input:
        bounded, UTF-8, within the YAML limits (a ReferenceDataError is exit 2). Parsed once per content in a
        process (_values_documents), however many cluster files and commands (verify's steps) check against it: the
        value is shared, never to be changed by the caller."""
        documents = _values_documents(str(path), reference_data.read_text(path))
        return documents[0] if documents else {}


@lru_cache(maxsize=16)
def _values_documents(name: str, text: str) -> tuple[Any, ...]:
    """A chart's values.yaml (name: its path) parsed, by its content: read again on every use (a few kB), parsed only
    when that content is new to the process (a ReferenceDataError is not remembered)."""
    return tuple(reference_data.yaml_documents(name, text, SAFE_LOADER))


_WITH = re.compile(r"\{\{-?\s*with\s+\.Values\.([A-Za-z0-9_.]+)\s*-?\}\}(.{0,300}?)\{\{-?\s*end", re.S)
_TO_YAML = re.compile(r"toYaml\s+\.Values\.([A-Za-z0-9_.]+)")


@cache
def _rendered_whole(templates: Path) -> frozenset[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    for template in sorted(templates.glob("*")) if templates.is_dir() else []:
        if template.suffix not in (".yaml", ".tpl") or not template.is_file():
            continue
        text = reference_data.read_text(template)
        found |= {tuple(m.group(1).split(".")) for m in _WITH.finditer(text) if re.search(r"toYaml\s+\.\s", m.group(2))}
        found |= {tuple(m.group(1).split(".")) for m in _TO_YAML.finditer(text)}
    return frozenset(found)


def _documents(text: str, source: str) -> list[dict[str, Any]]:
    """The objects of a template as rendered (or a CRD file), parsed within the input limits."""
    return [d for d in reference_data.yaml_documents(source, text, SAFE_LOADER) if isinstance(d, dict) and d]


def render_chart(
    folder: Path, values: dict[str, Any], name: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the objects of the chart's templates, the CRDs of its crds/ folder), as `helm template` renders them
    with these values, release name and namespace, from a folder chart_folder gave. Helm applies crds/ outside
    the release (never owned). From the disk cache (reference.disk_cache) when the same chart files were rendered
    with the same values, name and namespace before."""
    from importlib.metadata import version

    import yaml

    from karpenter_tenants.reference import disk_cache

    try:
        values_key = json.dumps(values, allow_nan=False)
    except (TypeError, ValueError):
        return _render(folder, values, name, namespace)
    parts = (
        disk_cache.folder_digest(folder),
        values_key,
        name,
        namespace,
        f"helm-python-sdk {version('helm-python-sdk')} PyYAML {yaml.__version__}",
        disk_cache.source_digest(__file__),
    )
    templates, crds = disk_cache.cached("chart", parts, lambda: list(_render(folder, values, name, namespace)))
    return templates, crds


def _render(
    folder: Path, values: dict[str, Any], name: str, namespace: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    import helm_python

    try:
        chart = helm_python.Chart.load(str(folder))
        rendered = chart.render(values, name=name, namespace=namespace, is_install=True)
        crd_files = sorted(chart.crds, key=lambda c: c["name"])
    except helm_python.HelmError as error:
        words = " ".join(str(error).split())
        raise ReferenceDataError(
            folder, None, f"Helm cannot render the chart: {words if len(words) <= 300 else words[:300] + '...'}"
        ) from None
    templates = [
        document
        for template, text in sorted(rendered.items())
        if template.endswith((".yaml", ".yml"))
        for document in _documents(text, f"{folder} ({template} as rendered)")
    ]
    crds = [document for crd in crd_files for document in _documents(crd["data"], f"{folder}/crds/{crd['name']}")]
    return templates, crds
