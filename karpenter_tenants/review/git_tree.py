"""Reading dist/ at a git revision for `plan`: the files under a folder as they were at a commit, except those equal
to the ones plan already has (same git blob id: not read at all), the merge base with upstream, and PlanError for a
revision, folder or blob git cannot give.

Imports nothing of the product; git is run as a subprocess."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any


def tree_at_revision(
    folder: Path, revision: str, known: dict[str, str] | None = None, also: dict[Path, str | None] | None = None
) -> tuple[dict[str, str], set[str]]:
    """(files, same): the files under folder as they were at a git revision, keyed by path relative to folder,
    except those whose content equals `known`'s (same: their paths). One `git cat-file --batch` reads them all,
    and the files `also` names (elsewhere in the repository: plan's cluster files), whose texts it fills in (None: the
    revision has none there, or not as UTF-8 text, or the file is outside the repository). PlanError when the revision
    is unknown or has no such folder. folder need not exist now."""
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.is_dir())
    root_line, commit = _git(existing, "rev-parse", "--show-toplevel"), None
    try:  # the revision as written first, then its commit: `:/text` (a commit message search) takes no suffix
        resolved = _git(existing, "rev-parse", "--verify", "--quiet", revision).strip()
        commit = _git(existing, "rev-parse", "--verify", "--quiet", f"{resolved}^{{commit}}").strip() or None
    except PlanError:
        commit = None
    root = Path(root_line.strip()).resolve()
    absolute = existing.resolve() / folder.absolute().relative_to(existing)
    try:
        prefix = absolute.relative_to(root).as_posix()
    except ValueError:
        raise PlanError(f"{folder} is outside the git repository {root}") from None
    if commit is None:
        raise PlanError(
            f"--base {revision}: no such commit in {root} (a branch, tag or commit id; fetch it first, e.g. "
            f"`git fetch origin {revision}`)"
        )
    if prefix == ".":
        raise PlanError(f"{folder} is the repository's root: pass --dist with the output folder")
    listing = [line.split("\t", 1) for line in _git(root, "ls-tree", "-r", commit, "--", prefix).splitlines()]
    if any(name == prefix for _, name in listing):  # a file there, not a folder (`--dist main.py`)
        raise PlanError(
            f"{folder} is a file at {revision}, not the output folder: pass --dist with the folder synth writes"
        )
    others: dict[Path, str] = {}
    linked: dict[Path, Unreadable] = {}
    relative: dict[Path, str] = {}
    for path in also or {}:
        try:  # the file at this path in the revision: a link in the working copy is not followed to another file
            relative[path] = (path.absolute().parent.resolve() / path.name).relative_to(root).as_posix()
        except ValueError:  # outside the repository: nothing at the revision
            continue
    links = _links(root, commit, sorted(set(relative.values())))
    for path, name in relative.items():
        if name in links:  # a symbolic link committed there: its text is a path, not the file's; never read
            linked[path] = Unreadable(f"a symbolic link at {revision} (git mode 120000), not read")
        else:
            others[path] = f"{commit}:{name}"
    (also or {}).update(linked)
    if not listing:
        # A repository's first pull request: nothing was committed there yet, so everything is added.
        print(f"plan: {folder} does not exist at {revision}: every object is new", file=sys.stderr)
        (also or {}).update(_cat_files(root, others))
        return {}, set()
    blobs = {
        name[len(prefix) + 1 :]: meta.split()[2]
        for meta, name in listing
        if meta.split()[1] == "blob" and meta.split()[0] != LINK_MODE
    }
    # a symbolic link committed in the folder: said as the file it is not, never read as one
    unread = {
        name[len(prefix) + 1 :]: Unreadable(f"a symbolic link at {revision} (git mode 120000), not read")
        for meta, name in listing
        if meta.split()[0] == LINK_MODE
    }
    # Files the caller already has with the same content (same git blob id) are not read at all.
    same = {path for path, blob in blobs.items() if path in (known or {}) and _blob_id(known[path]) == blob}
    wanted: dict[str | Path, str] = {path: blob for path, blob in blobs.items() if path not in same}
    found = _cat_files(root, {**wanted, **others})
    (also or {}).update({path: text for path, text in found.items() if isinstance(path, Path)})
    return {**{path: text for path, text in found.items() if isinstance(path, str)}, **unread}, same


LINK_MODE = "120000"  # git's mode of a symbolic link


def _links(root: Path, commit: str, paths: list[str]) -> set[str]:
    """Those of paths (relative to root) that are symbolic links at commit."""
    if not paths:
        return set()
    found = set()
    for entry in _git(root, "ls-tree", "-z", "--full-tree", commit, "--", *paths).split("\0"):
        meta, _, name = entry.partition("\t")
        if meta.split(" ")[0] == LINK_MODE:
            found.add(name)
    return found


def _blob_id(text: str) -> str:
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # noqa: S324 - git's object id, not security


def _cat_files(root: Path, objects: dict[Any, str]) -> dict[Any, str]:
    """The contents of git objects (blob ids, or `REV:path`) by the caller's key, read by one `git cat-file --batch`.
    A blob id's object must be UTF-8 text (PlanError); a `REV:path` that names no blob, or one that is not UTF-8, is
    left out."""
    if not objects:
        return {}
    request = "".join(f"{name}\n" for name in objects.values()).encode()
    result = subprocess.run(["git", "-C", str(root), "cat-file", "--batch"], input=request, capture_output=True)
    if result.returncode != 0:
        raise PlanError(f"git cat-file --batch: {result.stderr.decode('utf-8', 'replace').strip() or 'failed'}")
    out, position, files = result.stdout, 0, {}
    for key, name in objects.items():
        header_end = out.index(b"\n", position)
        header = out[position:header_end].split()
        position = header_end + 1
        if len(header) != 3 or not header[2].isdigit():  # "<name> missing"
            if ":" not in name:
                raise PlanError(f"git cat-file --batch: {key}: {b' '.join(header).decode('utf-8', 'replace')}")
            continue
        size = int(header[2])
        body = out[position : position + size]
        position += size + 1
        if header[1] != b"blob":
            continue
        try:
            files[key] = body.decode("utf-8")
        except UnicodeDecodeError as error:
            if ":" not in name:  # a file of the base revision's dist/: plan says it, and plans the rest
                files[key] = Unreadable(f"not UTF-8 text (byte {error.start})")
    return files


class Unreadable(str):
    """A base revision's file that is no text: empty to whoever reads it, with why (review.plan says it)."""

    def __new__(cls, why: str) -> Unreadable:
        text = super().__new__(cls, "")
        text.why = why
        return text

    why: str


def in_repository(folder: Path) -> bool:
    """Whether folder (or, when it does not exist, the nearest folder above it that does) is inside a git work tree:
    git's own answer is two lines naming no folder and no fix."""
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.is_dir())
    result = subprocess.run(["git", "-C", str(existing), "rev-parse", "--is-inside-work-tree"], capture_output=True)
    return result.returncode == 0 and result.stdout.strip() == b"true"


def merge_base(folder: Path, upstream: str = "origin/main") -> str:
    return _git(folder, "merge-base", upstream, "HEAD").strip()


def _git(where: Path, *args: str) -> str:
    result = subprocess.run(["git", "-C", str(where), *args], capture_output=True)
    if result.returncode != 0:
        error = result.stderr.decode("utf-8", "replace").strip()
        raise PlanError(f"git {' '.join(args)}: {error or 'failed'}")
    try:
        return result.stdout.decode("utf-8")
    except UnicodeDecodeError:
        raise PlanError(f"git {' '.join(args)}: not UTF-8 text") from None


class PlanError(Exception):
    pass
