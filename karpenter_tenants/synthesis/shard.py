"""`synth --shard K/N` and `check --shard K/N`: a deterministic part of the clusters, for a CI matrix.

A cluster belongs to shard 1 + (SHA-256 of its key, first 8 bytes as a number) mod N: a function of
its own key and N alone, so adding or removing a cluster file never moves another cluster to a
different shard, and every runner computes the same split without talking to the others. Every
path of dist/ belongs to the shard of its first component (dist/<key>/...), the folders of deleted
clusters included, so the shards of one N together write, and check, all of dist/. With few
clusters a shard can be empty: it renders nothing (docs/gitops.md, "Sharding").
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

_FORM = re.compile(r"^([0-9]+)/([0-9]+)$")
_EXAMPLE = "(e.g. --shard 2/3 for the second of three shards)"


class ShardError(ValueError):
    """A --shard value that is not K/N with 1 <= K <= N; the message names it and the fix."""


@dataclass(frozen=True)
class Shard:
    index: int  # K, from 1
    count: int  # N

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def owns(self, key: str) -> bool:
        """True for the cluster key (or dist/ path's first component) this shard writes and checks."""
        return shard_of(key, self.count) == self.index

    def owns_path(self, relative: str) -> bool:
        """True for a path relative to dist/ that belongs to this shard (by its cluster folder)."""
        return self.owns(relative.split("/", 1)[0])


def shard_of(key: str, count: int) -> int:
    """The shard (1..count) of a cluster key."""
    return 1 + int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big") % count


def parse_shard(text: str) -> Shard:
    match = _FORM.match(text.strip())
    if match is None:
        raise ShardError(f"--shard {text}: write K/N, two whole numbers with 1 <= K <= N {_EXAMPLE}")
    index, count = int(match.group(1)), int(match.group(2))
    if not 1 <= index <= count:
        raise ShardError(f"--shard {text}: there is no shard {index} of {count}; K runs from 1 to N {_EXAMPLE}")
    return Shard(index, count)
