"""Naming many things in one line: the first few and how many more; a value read from a file as one line of text
or Markdown (what `plan` posts on the pull request and every command prints). Imports nothing of the product; every
layer may use it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any


def first_few(names: Sequence[str], most: int = 5) -> str:
    """`a, b, c, d, e and 35 more` (all of them when there are at most `most`)."""
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


# What no value taken from a file may bring into a line: C0 and C1 control characters (escape sequences, newlines,
# carriage returns; \x9b is a terminal's one-byte CSI), DEL, the Unicode line and paragraph separators, the
# bidirectional overrides, isolates and marks (text that displays other than it reads: U+061C, U+200E/F) and the
# invisible ones (zero-width space and joiners, word joiner, invisible operators, the byte-order mark).
# (the soft hyphen, the Mongolian vowel separator and Unicode's tag characters are invisible too: hidden text)
_CONTROL = "\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\U000e0000-\U000e007f"
_CONTROLS = re.compile(f"[{_CONTROL}]")
# Markdown's markup (`&` too: an entity such as `&rlm;` would bring back what _CONTROL takes out; `~` strikes through),
# and what GitHub's renderer (cmark-gfm) would turn into a link by itself: the `:` of `scheme://` and the `.` of
# `www.` wherever it starts (`https\://` reads the same and links nowhere). An e-mail address stays a mailto: link
# showing the address itself (cmark-gfm links it escaped or not).
_UNSAFE = re.compile(f"[{_CONTROL}`*_~&\\[\\]<>|#\\\\]|(?<=[A-Za-z]):(?=//)|(?<=www)\\.", re.IGNORECASE)


def one_line(text: str) -> str:
    """text with every control character (above) a space: one line of Markdown and of terminal text."""
    return _CONTROLS.sub(" ", text)


def escaped(value: Any, most: int = 300) -> str:
    """A value taken from a file, a cluster or a base revision as one line of Markdown and of terminal text: control
    characters (escape sequences, newlines) become spaces and Markdown's markup characters are backslash-escaped, so
    it can neither start a heading or a link in the pull request's comment nor drive the terminal; cut at `most`."""
    text = _UNSAFE.sub(lambda m: " " if _CONTROLS.match(m[0]) else f"\\{m[0]}", str(value))
    return text if len(text) <= most else text[: most - 1] + "…"


def code(value: Any, most: int = 120) -> str:
    """A value taken from a file as a Markdown code span: control characters become spaces and a backtick an
    apostrophe, so the span cannot end early; inside it Markdown's markup is inert."""
    text = one_line(str(value)).replace("`", "'")
    return f"`{text if len(text) <= most else text[: most - 1] + '…'}`"


def printable(text: str) -> str:
    """A whole report with every line one_line: the last guard before it reaches the terminal or the comment."""
    return "\n".join(one_line(line) for line in text.split("\n"))
