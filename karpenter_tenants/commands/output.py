"""Exit statuses and the error and warning listings every command shares.

Owns: the exit statuses (0 done/clean, 1 findings, 2 bad input or usage, 3 a `plan` gate tripped, 70 a bug,
130 interrupted) and how problems and warnings are printed. Must not import: anything of this product but
config.listing, which imports nothing of it (every command imports this module at start-up)."""

from __future__ import annotations

import sys
from enum import IntEnum

from karpenter_tenants.config.listing import first_few, one_line


class ExitStatus(IntEnum):
    """What a command's exit status means (httpie's ExitStatus): the numbers are public, CI scripts test them."""

    OK = 0
    FINDINGS = 1
    BAD_INPUT = 2
    GATE = 3  # a `plan` gate tripped
    INTERNAL = 70  # EX_SOFTWARE: a bug in this product, never a user's mistake
    INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command Ctrl-C stopped


# The names the commands use (each an ExitStatus, so `== 2` and `sys.exit` work as before).
class BadInput(Exception):
    """The user's mistake, said in one line: commands raise it, the runner prints `error: <message>` and exits 2."""


class Reported(Exception):
    """The user's mistakes, said already (every problem of a cluster config, each missing piece of reference data):
    the runner exits 2 without a word more."""


EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT, EXIT_GATE = (
    ExitStatus.OK,
    ExitStatus.FINDINGS,
    ExitStatus.BAD_INPUT,
    ExitStatus.GATE,
)
EXIT_INTERNAL, EXIT_INTERRUPTED = ExitStatus.INTERNAL, ExitStatus.INTERRUPTED


def print_problems(header: str, problems: list[object]) -> int:
    """A header line and one indented line per problem on stderr; returns the bad-input status."""
    # a path or value with ESC (a cluster file's name): never raw on the terminal
    print(one_line(f"error: {header}"), file=sys.stderr)
    for problem in problems:
        print(one_line(f"  {problem}"), file=sys.stderr)
    return EXIT_BAD_INPUT


_SAID: set[str] = set()  # the warning lines of this run: verify's steps each load the clusters, say them once


def new_run() -> None:
    """A command starts (commands.cli.main): its warnings are said again, once."""
    _SAID.clear()


def warn_once(message: str) -> None:
    """`warning: <message>` on stderr, once per run (a deprecated spelling given twice is said once)."""
    line = f"warning: {message}"
    if line not in _SAID:
        _SAID.add(line)
        print(line, file=sys.stderr)


def print_warnings(warnings: list[tuple[str, str]]) -> None:
    """Each warning once, after the files it concerns (a check skipped for every cluster of one release is one line),
    and once per run however many steps load the same clusters."""
    import re

    # "tenant c00: <the same warning>" of 20 tenants: one line naming them
    def tenant_and_rest(warning: str) -> tuple[str, str] | None:
        match = re.match(r"tenant ([^\s:]+): (.*)$", warning, re.S)
        if match is None:
            return None
        return match.group(1), re.sub(rf"(?<![\w-]){re.escape(match.group(1))}(?![\w-])", "<tenant>", match.group(2))

    read = [(source, warning, tenant_and_rest(warning)) for source, warning in warnings]
    by_rest: dict[tuple[str, str], list[str]] = {}
    for source, _, found in read:
        if found:
            by_rest.setdefault((source, found[1]), []).append(found[0])
    grouped = {key: names for key, names in by_rest.items() if len(names) > 2}
    said_for: set[tuple[str, str]] = set()
    merged: list[tuple[str, str]] = []
    for source, warning, found in read:
        rest = found[1] if found else None
        if rest is not None and (source, rest) in grouped:
            if (source, rest) not in said_for:
                said_for.add((source, rest))
                names = grouped[(source, rest)]
                shown = first_few(names)
                merged.append((source, f"{len(names)} tenants ({shown}): {rest}"))
            continue
        merged.append((source, warning))
    files: dict[str, list[str]] = {}
    for source, warning in merged:
        files.setdefault(warning, []).append(source)
    for warning, sources in files.items():
        line = f"warning: {', '.join(sources)}: {warning}"
        if line not in _SAID:
            _SAID.add(line)
            print(line, file=sys.stderr)
