"""Whether a team's Terraform root (terraform/*.tf, as `init` writes it) calls the product's module at the installed
version: after `make upgrade` moves requirements.txt to a new version, the module's `ref` stays where it was until
someone moves it too (init's README and terraform/main.tf say they move together). `plan` says so in one note, not a
finding: the gate is about dist/'s effect on the cluster, and the module's change ships with its own `terraform plan`.

Owns: the note (module_ref_note, with_module_ref_note). Must not import: commands/ (plan imports this)."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from urllib.parse import parse_qs

from karpenter_tenants import SOURCE, __version__

_SOURCE_LINE = re.compile(r'^\s*source\s*=\s*"([^"\n]*)"', re.M)
_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/+-]{0,99}")  # what a ref or a file name is shown as, in the comment
_LIMIT = 1 << 20  # a Terraform file larger than 1 MiB is not read (a root module is a few kB)


def _repository(url: str) -> str:
    """host/owner/name of a Git URL, without scheme, user, `.git` and case: what two spellings of SOURCE share."""
    url = url.removeprefix("git::")
    url = re.sub(r"^[a-z+]+://", "", url)
    url = re.sub(r"^[^@/]+@", "", url)  # git@github.com:owner/name
    url = url.replace(":", "/", 1) if re.match(r"^[^/]+:[^/]", url) else url
    return url.split("//", 1)[0].split("?", 1)[0].removesuffix("/").removesuffix(".git").lower()


def product_ref(source: str) -> str | None:
    """The `ref` a module source of the product's repository (karpenter_tenants.SOURCE, any spelling Terraform takes:
    `git::https://.../name.git//terraform?ref=v1.2.3`, `github.com/owner/name//terraform?ref=…`) pins; "" when it pins none;
    None when the source is not the product's."""
    if _repository(source) != _repository(SOURCE):
        return None
    query = source.split("?", 1)[1].split("#", 1)[0] if "?" in source else ""
    refs = parse_qs(query).get("ref") or [""]
    return refs[0]


def stale_module_refs(root: Path) -> list[tuple[str, str]]:
    """[(file name, ref)] of each call of the product's module in root/terraform/*.tf whose `ref` is not this
    version's tag (v<version>, or <version>), in file order. Files that are links, not regular or over 1 MiB are
    not read (what a pull request commits there is not followed anywhere else)."""
    folder = root / "terraform"
    if not folder.is_dir() or folder.is_symlink():
        return []
    found = []
    for path in sorted(folder.glob("*.tf")):
        try:
            status = os.lstat(path)
            if not stat.S_ISREG(status.st_mode) or status.st_size > _LIMIT:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for match in _SOURCE_LINE.finditer(text):
            ref = product_ref(match.group(1))
            if ref is not None and ref not in (f"v{__version__}", __version__):
                found.append((path.name, ref))
    return found


def module_ref_note(root: Path) -> str:
    """One Markdown paragraph when terraform/*.tf calls the product's module at another ref than the installed
    version (stale_module_refs), else ""."""
    stale = stale_module_refs(root)
    if not stale:
        return ""

    def shown(name: str, ref: str) -> str:
        where = f"`terraform/{name}`" if _SAFE.fullmatch(name) else "a file of `terraform/`"
        pinned = f"`ref={ref}`" if _SAFE.fullmatch(ref) else "a ref" if ref else "no `ref` (its default branch)"
        return f"{where} at {pinned}"

    calls = "; ".join(dict.fromkeys(shown(name, ref) for name, ref in stale))
    return (
        f"**Note: the Terraform module is not at this version.** The product's module is called from {calls}, while "
        f"karpenter-tenants {__version__} writes `dist/`: set `?ref=v{__version__}` in its `source` (the module and "
        "requirements.txt's version move together), then `terraform init -upgrade` and review its plan.\n\n"
    )


def with_module_ref_note(text: str, root: Path) -> str:
    """plan's Markdown with module_ref_note after its heading line (unchanged when the module is at this version)."""
    note = module_ref_note(root)
    if not note:
        return text
    head, _, rest = text.partition("\n\n")
    return f"{head}\n\n{note}{rest}"
