"""Naming many things in one line: the first few and how many more. Imports nothing of the product; every layer
may use it."""

from __future__ import annotations

from collections.abc import Sequence


def first_few(names: Sequence[str], most: int = 5) -> str:
    """`a, b, c, d, e and 35 more` (all of them when there are at most `most`)."""
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
