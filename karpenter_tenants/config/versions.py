"""Karpenter versions this product supports, and what differs between their API generations."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol


class Generation(enum.Enum):
    """A Karpenter API generation: which kinds a node pool is made of."""

    V1ALPHA5 = "v1alpha5"  # Karpenter 0.31: Provisioner + AWSNodeTemplate
    V1 = "v1"  # Karpenter 1.x: NodePool + EC2NodeClass


# The kinds of each generation's node pool and node class, as charts build them and dist/ holds them (plan and
# capacity read them back).
NODE_POOL_KIND = {Generation.V1ALPHA5: "Provisioner", Generation.V1: "NodePool"}
NODE_CLASS_KIND = {Generation.V1ALPHA5: "AWSNodeTemplate", Generation.V1: "EC2NodeClass"}
NODE_POOL_KINDS = frozenset(NODE_POOL_KIND.values())


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

# semver's numbers: no leading zeros (1.014.1 is no release; Helm and the chart registry would not find it)
_VERSION = re.compile(r"^v?(?P<major>0|[1-9][0-9]*)\.(?P<minor>0|[1-9][0-9]*)\.(?P<patch>0|[1-9][0-9]*)$")


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

    def at_least(self, release: str) -> bool:
        """Whether this release is `release` ('1.15.0') or newer."""
        other = KarpenterVersion.parse(release)
        return (self.major, self.minor, self.patch) >= (other.major, other.minor, other.patch)


@dataclass(frozen=True)
class ApiAddition:
    """Something of the config that a 1.x release's CRDs added: refused on older releases (config.rules.release_api), with
    the release that adds it named."""

    what: str  # as the refusal names it: "the disruption budget reason Unhealthy"
    since: str  # the first release whose CRDs have it: "1.15.0"


# The 1.x API the config speaks that arrived after 1.0, by the release whose CRDs add it. tests/unit/config/test_release_api.py
# checks each against every 1.x release's CRDs in the reference data (../shared: 1.0.14, 1.14.1, the Go module's
# 1.15.2): present from `since`, absent before. Gte/Lte came with kubernetes-sigs/karpenter#2674 (Karpenter 1.9.0).
REQUIREMENT_GTE_LTE = ApiAddition("the requirement operators Gte and Lte", "1.9.0")
UNHEALTHY_REASON = ApiAddition("the disruption budget reason Unhealthy", "1.15.0")
ENCLAVE_OPTIONS = ApiAddition("enclaveOptions (the EC2NodeClass's Nitro Enclaves switch)", "1.15.0")
# From 1.15.0 the NodePool CRD no longer requires spec.disruption.consolidateAfter (it defaults to 0s there); the
# product writes it on every 1.x release all the same (its own default, 1m), so an upgrade keeps the timing.
CONSOLIDATE_AFTER_OPTIONAL = ApiAddition("a NodePool without spec.disruption.consolidateAfter", "1.15.0")


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


# The facts synth needs from upstream's compatibility tables, as the product's own data: the Kubernetes range of
# every supported release line (0.31.x, 1.x) and of the releases listed on their own, as kubernetes_range() reads
# them from the reference releases' tables (tests/unit/config/test_versions.py compares them with ../shared).
COMPATIBILITY_FILE = Path(__file__).with_name("compatibility.json")


@cache
def _product_compatibility() -> dict[str, list[str]]:
    import json

    releases: dict[str, list[str]] = json.loads(COMPATIBILITY_FILE.read_text(encoding="utf-8"))["releases"]
    return releases


class ReleaseTables(Protocol):
    """The compatibility tables of the reference data (reference.charts.ChartReference reads them): where the Kubernetes
    range of a release newer than config/compatibility.json comes from. Config reads no reference data itself."""

    def kubernetes_range(self, version: KarpenterVersion) -> KubernetesRange | None:
        """The release's Kubernetes range as the reference data's compatibility tables give it, else None."""
        ...

    def tables(self) -> list[Path]:
        """The compatibility tables read (for the error when none lists the release)."""
        ...


def supported_kubernetes(version: KarpenterVersion) -> KubernetesRange | None:
    """The Kubernetes minors a Karpenter release supports, from config/compatibility.json (no ../shared needed): the
    entry of the exact release, else of its line; None for a release the table does not list."""
    table = _product_compatibility()
    entry = table.get(str(version)) or table.get(f"{version.major}.{version.minor}.x")
    return KubernetesRange(entry[0], entry[1], COMPATIBILITY_FILE) if entry else None


class StatedRange(Protocol):
    """karpenter.compatibility of a cluster file (config.schema.karpenter.Compatibility)."""

    @property
    def min_k8s_version(self) -> str: ...
    @property
    def max_k8s_version(self) -> str: ...


PRODUCT_TABLE = "upstream's compatibility table, config/compatibility.json"


@dataclass(frozen=True)
class KubernetesSupport:
    """What is known of the Kubernetes range of a pinned release: the range and where it is from (source, warning when
    it is not the product's own table), or the problem (path in the file, message) when nothing gives it."""

    range: KubernetesRange | None
    source: str = PRODUCT_TABLE
    warning: str | None = None
    problem: tuple[tuple[str, ...], str] | None = None


def kubernetes_support(
    version: KarpenterVersion, tables: ReleaseTables | None, stated: StatedRange | None
) -> KubernetesSupport:
    """The Kubernetes range of a release: config/compatibility.json's entry; for a release newer than that, the
    reference data's compatibility tables (`tables`, newest first); else the file's karpenter.compatibility (`stated`),
    with a warning naming where it came from. Stated beside a table that lists the release, the two must agree. Never
    a guess: when none gives it, the problem names what is missing and the fixes."""
    known = supported_kubernetes(version)
    support = KubernetesSupport(known) if known is not None else None
    if support is None and tables is not None:
        found = tables.kubernetes_range(version)
        if found is not None:
            support = KubernetesSupport(
                found,
                f"upstream's compatibility table, {found.source}",
                (
                    f"Karpenter {version} is newer than this product's compatibility table (config/compatibility.json, up "
                    f"to {newest_listed_line()}): its Kubernetes range {found} is from the reference data, {found.source}"
                ),
            )
    if stated is not None:
        mine = KubernetesRange(stated.min_k8s_version, stated.max_k8s_version, Path("karpenter.compatibility"))
        if support is not None and (mine.minimum, mine.maximum) != (support.range.minimum, support.range.maximum):  # type: ignore[union-attr]
            return KubernetesSupport(
                None,
                problem=(
                    ("karpenter", "compatibility"),
                    (
                        f"karpenter.compatibility says Karpenter {version} supports Kubernetes {mine}, but {support.source} "
                        f"says {support.range}: remove karpenter.compatibility (the table's range applies)"
                    ),
                ),
            )
        if support is None:
            read = tables.tables() if tables is not None else []
            return KubernetesSupport(
                mine,
                "karpenter.compatibility",
                (
                    f"Karpenter {version}: its Kubernetes range {mine} is karpenter.compatibility's, as this file states it: "
                    f"no compatibility table lists {version.major}.{version.minor}.x (config/compatibility.json up to "
                    f"{newest_listed_line()}; the reference data's tables: {_tables_read(read)}); check it against "
                    "upstream's compatibility page"
                ),
            )
    if support is not None:
        return support
    read = tables.tables() if tables is not None else []
    return KubernetesSupport(
        None,
        problem=(
            ("karpenter", "version"),
            (
                f"Karpenter {version} is not in Karpenter's Kubernetes compatibility table as this product carries it "
                f"(config/compatibility.json, up to {newest_listed_line()}), nor in the reference data's compatibility tables "
                f"({_tables_read(read)}): "
                f"its Kubernetes range is not known. Pin a listed release; or fetch the reference data of a release whose table "
                f"lists {version.major}.{version.minor}.x (`python main.py fetch-reference VERSION`); or state upstream's row "
                f"for it as karpenter.compatibility {{minK8sVersion, maxK8sVersion}} (karpenter.sh/docs/upgrading/compatibility); "
                "or upgrade karpenter-tenants to one that knows it"
            ),
        ),
    )


def _tables_read(tables: list[Path]) -> str:
    return "read: " + ", ".join(map(str, tables)) if tables else "none found"


def newest_listed_line() -> str:
    """The newest release line config/compatibility.json lists ('1.14.x')."""
    lines = [key for key in _product_compatibility() if key.endswith(".x")]
    return max(lines, key=lambda line: tuple(int(part) for part in line.split(".")[:2]))
