"""Reading an output tree (dist/ or a staging folder) as synth wrote it: its files as text or bytes, its folders,
and what in it synth never writes (links, special files). Writes nothing. Imports config and synthesis.safe_io only."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from karpenter_tenants.config.yaml_input import read_text
from karpenter_tenants.synthesis.safe_io import MARKER


def read_tree(folder: Path) -> dict[str, str]:
    """Every file under folder by relative path, synth's marker file excepted; InputError for a file
    that is not UTF-8."""
    if not folder.is_dir():
        return {}
    return {
        relative: read_text(path, str(path))
        for path in sorted(folder.rglob("*"))
        if path.is_file() and (relative := str(path.relative_to(folder))) != MARKER
    }


def folders_of(paths: Iterable[str]) -> set[str]:
    """Every folder the relative file paths are in, their parents included: the folders a tree of them has."""
    folders: set[str] = set()
    for relative in paths:
        parent = relative.rpartition("/")[0]
        while parent and parent not in folders:  # a folder's parents are in once it is
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    return folders


def _scan(folder: Path) -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Every entry under folder as (path relative to it, entry), links not followed: one scandir per folder,
    no stat per file (a thousand tenants' trees are four thousand files)."""
    stack = [("", os.fspath(folder))]
    while stack:
        prefix, path = stack.pop()
        with os.scandir(path) as entries:
            for entry in entries:
                relative = prefix + entry.name
                yield relative, entry
                if entry.is_dir(follow_symlinks=False):
                    stack.append((relative + "/", entry.path))


Identity = tuple[int, int]  # (device, inode)


def tree_entries(folder: Path) -> dict[str, tuple[bool, Identity]]:
    """Everything under folder (links not followed): relative path -> (is a folder, (device, inode)). The inode is
    the directory entry's; the device is folder's (an entry on another device would be a mount point inside
    synth's own staging folders)."""
    device = os.lstat(folder).st_dev
    return {
        relative: (entry.is_dir(follow_symlinks=False), (device, entry.inode())) for relative, entry in _scan(folder)
    }


def folders_in(folder: Path) -> set[str]:
    """Every folder under folder (relative paths; links to folders are not folders here)."""
    return {relative for relative, (is_folder, _) in tree_entries(folder).items() if is_folder}


def bytes_tree(
    folder: Path, identities: dict[str, Identity] | None = None, folders: set[str] | None = None
) -> dict[str, bytes] | None:
    """Every regular file under folder by relative path; None when something else (a link) is in it.
    identities, when given, gets each file's (device, inode), as tree_entries gives them; folders every folder."""
    found: dict[str, bytes] = {}
    device = os.lstat(folder).st_dev
    for relative, entry in _scan(folder):
        if entry.is_symlink():
            return None
        if entry.is_dir(follow_symlinks=False):
            if folders is not None:
                folders.add(relative)
            continue
        if not entry.is_file(follow_symlinks=False):
            return None
        found[relative] = _read_all(entry.path)
        if identities is not None:
            identities[relative] = (device, entry.inode())
    return found


def _read_all(path: str) -> bytes:
    """A file's bytes through the file descriptor alone (open()'s buffered file object cost a third of
    reading a thousand tenants' four thousand files)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def not_files(folder: Path) -> list[str]:
    """Entries under folder (relative paths) that are links or neither regular files nor folders: synth
    never writes one, bytes_tree refuses them and read_tree would follow or skip them."""
    found = []
    for root, folders, names in os.walk(folder):
        for name in sorted(names + folders):
            path = os.path.join(root, name)
            if os.path.islink(path) or not (os.path.isfile(path) or os.path.isdir(path)):
                found.append(os.path.relpath(path, folder))
    return sorted(found)
