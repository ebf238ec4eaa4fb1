"""Where the reference data is: the shared folder every command reads (shared_dir) and the folder
`python main.py fetch-reference` fills by default (reference_cache).

Must not import charts, synth, checks or anything above them."""

from __future__ import annotations

from pathlib import Path

from karpenter_tenants.config import environment

# The product checkout this package runs from, when it runs from one (its tree holds pyproject.toml beside the
# package); an installed package's parent is site-packages, which has no ../shared.
REPOSITORY_ROOT = Path(__file__).resolve().parents[2]
SHARED_ENV = environment.SHARED_ENV


def reference_cache() -> Path:
    """Where fetch-reference writes by default: <user cache>/karpenter-tenants/reference."""
    return environment.cache_home() / "karpenter-tenants" / "reference"


def shared_dir() -> Path:
    """Upstream reference data: $KARPENTER_TENANTS_SHARED, else ../shared beside the working directory (the
    repository a command runs in), else ../shared beside this product checkout (when the package runs from one),
    else the folder `fetch-reference` fills (reference.fetch) when that is there, else ../shared beside the working
    directory (which the messages then name as missing)."""
    configured = environment.folder(
        SHARED_ENV, "the reference data folder (`python main.py fetch-reference` fills one)", must_exist=True
    )
    if configured is not None:
        return configured
    beside = Path.cwd().parent / "shared"  # beside the repository the command runs in (a team's, or this one)
    if beside.is_dir():
        return beside
    checkout = REPOSITORY_ROOT.parent / "shared"
    if (REPOSITORY_ROOT / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    fetched = reference_cache()
    return fetched if fetched.is_dir() else beside
