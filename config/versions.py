"""Karpenter versions this product supports, and what differs between their API generations."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path


class Generation(enum.Enum):
    """A Karpenter API generation: which kinds a node pool is made of."""

    V1ALPHA5 = "v1alpha5"  # Karpenter 0.31: Provisioner + AWSNodeTemplate
    V1 = "v1"  # Karpenter 1.x: NodePool + EC2NodeClass


# The kinds of each generation's node pool and node class, as charts build them and dist/ holds them (plan and
# capacity read them back).
NODE_POOL_KIND = {Generation.V1ALPHA5: "Provisioner", Generation.V1: "NodePool"}
NODE_CLASS_KIND = {Generation.V1ALPHA5: "AWSNodeTemplate", Generation.V1: "EC2NodeClass"}
NODE_POOL_KINDS = frozenset(NODE_POOL_KIND.values())
NODE_CLASS_KINDS = frozenset(NODE_CLASS_KIND.values())


SUPPORTED_VERSIONS_TEXT = (
    "supported: 0.31.x (karpenter.sh/v1alpha5 Provisioner + AWSNodeTemplate) and 1.x "
    "(karpenter.sh/v1 NodePool + EC2NodeClass); 0.32-0.37 served the transitional v1beta1 "
    "API, which this product does not generate, and 0.30 and older are out of support"
)

# The Karpenter releases this product is built and checked against: their CRDs generate imports/
# (cdk8s.yaml), their charts, CRDs, IAM template and compatibility table are the reference data under
# ../shared/karpenter/v<version>/ (`python main.py fetch-reference` fetches it), one per API generation. The
# product's other spellings of them (imports, tests, the importer) are checked against this list.
REFERENCE_VERSIONS = ("0.31.5", "1.14.1")

_VERSION = re.compile(r"^v?(?P<major>0|[1-9][0-9]*)\.(?P<minor>[0-9]+)\.(?P<patch>[0-9]+)$")


@dataclass(frozen=True)
class KarpenterVersion:
    major: int
    minor: int
    patch: int

    @classmethod
    def parse(cls, text: str) -> KarpenterVersion:
        """Parse '1.14.1' (or 'v0.31.5'); raise ValueError naming what is supported."""
        match = _VERSION.fullmatch(text.strip())
        if not match:
            raise ValueError(f"{text!r} is not a Karpenter release version like '1.14.1'; {SUPPORTED_VERSIONS_TEXT}")
        version = cls(int(match["major"]), int(match["minor"]), int(match["patch"]))
        version.generation  # noqa: B018 - raises for unsupported versions
        return version

    @property
    def generation(self) -> Generation:
        if self.major == 0 and self.minor == 31:
            return Generation.V1ALPHA5
        if self.major == 1:
            return Generation.V1
        raise ValueError(f"Karpenter {self} is not supported; {SUPPORTED_VERSIONS_TEXT}")

    @property
    def chart_version(self) -> str:
        """The chart tag as upstream publishes it: 'v0.31.5' before 0.35, '1.14.1' after."""
        if (self.major, self.minor) < (0, 35):
            return f"v{self}"
        return str(self)

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


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


def reference_version(generation: Generation) -> KarpenterVersion:
    """The reference release of an API generation (imports/ is generated from its CRDs)."""
    return next(v for v in map(KarpenterVersion.parse, REFERENCE_VERSIONS) if v.generation is generation)


def generation_of(version_text: object) -> Generation | None:
    """The generation a raw config value asks for, or None when it is not a supported version."""
    if not isinstance(version_text, str):
        return None
    try:
        return KarpenterVersion.parse(version_text).generation
    except ValueError:
        return None


@dataclass(frozen=True)
class KubernetesRange:
    """The Kubernetes minors a Karpenter release supports, per upstream's compatibility table."""

    minimum: str
    maximum: str
    source: Path  # the compatibility.yaml (or the product's config/compatibility.json) it comes from

    def __contains__(self, kubernetes_version: object) -> bool:
        return isinstance(kubernetes_version, str) and (
            minor_key(self.minimum) <= minor_key(kubernetes_version) <= minor_key(self.maximum)
        )

    def __str__(self) -> str:
        return f"{self.minimum} to {self.maximum}"


def minor_key(kubernetes_version: str) -> tuple[int, int]:
    """'1.28' -> (1, 28): Kubernetes minors compare as numbers ('1.9' < '1.28')."""
    major, minor = kubernetes_version.split(".")[:2]
    return int(major), int(minor)


def compatibility_files(shared: Path) -> list[Path]:
    """Each release's compatibility table, a regular file reached without leaving shared (checks.reference_data)."""
    from checks.reference_data import checked_path

    return sorted(checked_path(shared, p) for p in (shared / "karpenter").glob("v*/docs/compatibility.yaml"))


_MINOR = re.compile(r"^[0-9]+\.[0-9]+$")


@cache
def _compatibility_entries(path: Path) -> list[dict[str, str]]:
    """The entries of an upstream compatibility table, read as untrusted reference data (checks.reference_data):
    ReferenceDataError naming the file when it is not a mapping whose `compatibility` is a list of entries, each
    with an appVersion and Kubernetes minors minK8sVersion and maxK8sVersion ('1.28')."""
    import yaml

    from checks.reference_data import ReferenceDataError, read_text, yaml_documents

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


# The facts synth needs from upstream's compatibility tables, as the product's own data: the Kubernetes range of
# every supported release line (0.31.x, 1.x) and of the releases listed on their own, as kubernetes_range() reads
# them from the reference releases' tables (tests/test_versions.py compares them with ../shared).
COMPATIBILITY_FILE = Path(__file__).with_name("compatibility.json")


@cache
def _product_compatibility() -> dict[str, list[str]]:
    import json

    return json.loads(COMPATIBILITY_FILE.read_text(encoding="utf-8"))["releases"]


def supported_kubernetes(version: KarpenterVersion) -> KubernetesRange | None:
    """The Kubernetes minors a Karpenter release supports, from config/compatibility.json (no ../shared needed): the
    entry of the exact release, else of its line; None for a release the table does not list."""
    table = _product_compatibility()
    entry = table.get(str(version)) or table.get(f"{version.major}.{version.minor}.x")
    return KubernetesRange(entry[0], entry[1], COMPATIBILITY_FILE) if entry else None


def newest_listed_line() -> str:
    """The newest release line config/compatibility.json lists ('1.14.x')."""
    lines = [key for key in _product_compatibility() if key.endswith(".x")]
    return max(lines, key=lambda line: tuple(int(part) for part in line.split(".")[:2]))


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
        "v0.31.5, the supported release lines resolved as config.versions.kubernetes_range reads them "
        "(regenerate: python -c 'from config.versions import write_compatibility; write_compatibility()')",
        "releases": releases,
    }


def write_compatibility(shared: Path | None = None) -> None:
    import json

    if shared is None:
        from checks.schemas import shared_dir

        shared = shared_dir()
    COMPATIBILITY_FILE.write_text(json.dumps(compatibility_data(shared), indent=2) + "\n", encoding="utf-8")
