"""Exit statuses and the error listing every command shares."""

from __future__ import annotations

import sys

EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT, EXIT_GATE = 0, 1, 2, 3
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug in this product, never a user's mistake


def print_problems(header: str, problems: list[object]) -> int:
    """A header line and one indented line per problem on stderr; returns the bad-input status."""
    print(f"error: {header}", file=sys.stderr)
    for problem in problems:
        print(f"  {problem}", file=sys.stderr)
    return EXIT_BAD_INPUT
