"""Karpenter versions this product supports, and what differs between their API generations."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from pathlib import Path


class Generation(enum.Enum):
    """A Karpenter API generation: which kinds a node pool is made of."""

    V1ALPHA5 = "v1alpha5"  # Karpenter 0.31: Provisioner + AWSNodeTemplate
    V1 = "v1"  # Karpenter 1.x: NodePool + EC2NodeClass


SUPPORTED_VERSIONS_TEXT = (
    "supported: 0.31.x (karpenter.sh/v1alpha5 Provisioner + AWSNodeTemplate) and 1.x "
    "(karpenter.sh/v1 NodePool + EC2NodeClass); 0.32-0.37 served the transitional v1beta1 "
    "API, which this product does not generate, and 0.30 and older are out of support"
)

# The Karpenter releases this product is built and checked against: their CRDs generate imports/
# (cdk8s.yaml), their charts, CRDs, IAM template and compatibility table are the reference data under
# ../shared/karpenter/v<version>/ (.ci/fetch-shared.sh builds it), one per API generation. A test
# checks cdk8s.yaml, the fetch script and the tests against this list.
REFERENCE_VERSIONS = ("0.31.5", "1.14.1")
FETCH_SCRIPT = ".ci/fetch-shared.sh"

_VERSION = re.compile(r"^v?(?P<major>0|[1-9][0-9]*)\.(?P<minor>[0-9]+)\.(?P<patch>[0-9]+)$")


@dataclass(frozen=True)
class KarpenterVersion:
    major: int
    minor: int
    patch: int

    @classmethod
    def parse(cls, text: str) -> KarpenterVersion:
        """Parse '1.14.1' (or 'v0.31.5'); raise ValueError naming what is supported."""
        match = _VERSION.match(text.strip())
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
