"""Reading dist/ at a git revision for `plan`: the files under a folder as they were at a commit, except those equal
to the ones plan already has (same git blob id: not read at all), the merge base with upstream, and PlanError for a
revision, folder or blob git cannot give.

Imports nothing of the product; git is run as a subprocess."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path


def tree_at_revision(
    folder: Path, revision: str, known: dict[str, str] | None = None
) -> tuple[dict[str, str], set[str]]:
    """(files, same): the files under folder as they were at a git revision, keyed by path relative to folder,
    except those whose content equals `known`'s (same: their paths). One `git cat-file --batch` reads them all.
    PlanError when the revision is unknown or has no such folder. folder need not exist now."""
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.is_dir())
    try:  # the repository's root and the revision's commit in one git run; apart only to say which one failed
        root_line, commit = _git(existing, "rev-parse", "--show-toplevel", f"{revision}^{{commit}}").splitlines()
    except (PlanError, ValueError):
        root_line, commit = _git(existing, "rev-parse", "--show-toplevel"), None
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
    listing = [line.split("\t", 1) for line in _git(root, "ls-tree", "-r", revision, "--", prefix).splitlines()]
    if not listing:
        # A repository's first pull request: nothing was committed there yet, so everything is added.
        print(f"plan: {folder} does not exist at {revision}: every object is new", file=sys.stderr)
        return {}, set()
    blobs = {name[len(prefix) + 1 :]: meta.split()[2] for meta, name in listing if meta.split()[1] == "blob"}
    # Files the caller already has with the same content (same git blob id) are not read at all.
    same = {path for path, blob in blobs.items() if path in (known or {}) and _blob_id(known[path]) == blob}
    wanted = {path: blob for path, blob in blobs.items() if path not in same}
    return _cat_files(root, wanted), same


def _blob_id(text: str) -> str:
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # noqa: S324 - git's object id, not security


def _cat_files(root: Path, blobs: dict[str, str]) -> dict[str, str]:
    """The contents of git blobs by path, read by one `git cat-file --batch`."""
    if not blobs:
        return {}
    request = "".join(f"{blob}\n" for blob in blobs.values()).encode()
    result = subprocess.run(["git", "-C", str(root), "cat-file", "--batch"], input=request, capture_output=True)
    if result.returncode != 0:
        raise PlanError(f"git cat-file --batch: {result.stderr.decode('utf-8', 'replace').strip() or 'failed'}")
    out, position, files = result.stdout, 0, {}
    for path in blobs:
        header_end = out.index(b"\n", position)
        size = int(out[position:header_end].split()[2])
        body = out[header_end + 1 : header_end + 1 + size]
        position = header_end + 1 + size + 1
        try:
            files[path] = body.decode("utf-8")
        except UnicodeDecodeError:
            raise PlanError(f"git cat-file --batch: {path} is not UTF-8 text") from None
    return files


def files_at_revision(folder: Path, revision: str, files: list[Path]) -> dict[Path, str]:
    """The texts of files as they were at a revision of the git repository that holds folder (plan's dist/; it need
    not exist now), by path; a file that revision does not have or not UTF-8 text is left out, and every file when
    one is outside that repository (the cluster files are kept elsewhere). One `git cat-file --batch`, each path given relative to folder (`REV:./../clusters/acme.yaml`), so the
    repository's root need not be asked."""
    if not files:
        return {}
    existing = next(p for p in (folder.absolute(), *folder.absolute().parents) if p.is_dir())
    names = {file: Path(os.path.relpath(file.absolute(), existing)).as_posix() for file in files}
    request = "".join(f"{revision}:./{name}\n" for name in names.values()).encode()
    result = subprocess.run(["git", "-C", str(existing), "cat-file", "--batch"], input=request, capture_output=True)
    if result.returncode != 0:  # a file outside the repository (git stops there): the cluster files are not in it
        return {}
    out, position, found = result.stdout, 0, {}
    for file in names:
        header_end = out.index(b"\n", position)
        header = out[position:header_end].split()
        position = header_end + 1
        if len(header) != 3 or not header[2].isdigit():  # "<name> missing", "<name> ambiguous"
            continue
        size = int(header[2])
        body = out[position : position + size]
        position += size + 1
        if header[1] != b"blob":  # a folder of that name
            continue
        try:
            found[file] = body.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return found


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
