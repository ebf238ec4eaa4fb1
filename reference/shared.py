"""Where the reference data is: the shared folder every command reads (shared_dir) and the folder
`python main.py fetch-reference` fills by default (reference_cache).

Must not import charts, synth, checks or anything above them."""

from __future__ import annotations

from pathlib import Path

from config import environment

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
SHARED_ENV = environment.SHARED_ENV


def reference_cache() -> Path:
    """Where fetch-reference writes by default: <user cache>/karpenter-tenants/reference."""
    return environment.cache_home() / "karpenter-tenants" / "reference"


def shared_dir() -> Path:
    """Upstream reference data: $KARPENTER_TENANTS_SHARED, else ../shared beside the repository when it is there,
    else the folder `python main.py fetch-reference` fills (reference.fetch) when that is there, else ../shared
    (which the messages then name as missing)."""
    configured = environment.folder(SHARED_ENV, "the reference data folder (`python main.py fetch-reference` fills one)",
                                    must_exist=True)
    if configured is not None:
        return configured
    beside = REPOSITORY_ROOT.parent / "shared"
    if beside.is_dir():
        return beside
    fetched = reference_cache()
    return fetched if fetched.is_dir() else beside
