"""`make typecheck`: mypy, strict, on the whole package (pyproject.toml's [tool.mypy]), held to a ratchet.

A module may have at most the errors `.ci/mypy-ratchet.txt` records for it, and a module it does not list none: new
code is strict from its first line, old code cannot get worse, and the file only shrinks. Fixing errors makes the
check fail until the ratchet is lowered (`make typecheck RATCHET=update` writes the counts mypy reports now; it never
raises the total, so a module moved or renamed keeps its count and new errors are fixed, not recorded).

python .ci/typecheck.py [--update] [--mypy-output FILE]   (--mypy-output: read mypy's report from FILE, for tests)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATCHET = ROOT / ".ci" / "mypy-ratchet.txt"
HEADER = """\
# mypy errors (strict, pyproject.toml's [tool.mypy]) a module may still have: `make typecheck` fails when a module
# has more, when one not listed has any, or when one has fewer (lower its line: `make typecheck RATCHET=update`).
# Only shrinks. Written by .ci/typecheck.py --update; one line per module: COUNT PATH.
"""
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: ", re.MULTILINE)


def errors_by_module(report: str) -> Counter[str]:
    return Counter(match["path"] for match in ERROR.finditer(report))


def read_ratchet(text: str) -> dict[str, int]:
    ratchet: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        count, _, path = line.partition(" ")
        if not count.isdigit() or not path or path in ratchet:
            raise SystemExit(
                f"{RATCHET.relative_to(ROOT)}:{number}: expected `COUNT PATH` once per module, got {line!r}"
            )
        ratchet[path] = int(count)
    return ratchet


def problems(found: Counter[str], ratchet: dict[str, int], root: Path = ROOT) -> list[str]:
    """What breaks the ratchet: a module over its count (or with errors and unlisted), a listed module that improved
    (the line must come down) or that no longer exists."""
    out = []
    for path in sorted(set(found) | set(ratchet)):
        have, allowed = found.get(path, 0), ratchet.get(path, 0)
        if have > allowed:
            where = f"{allowed} allowed by the ratchet" if path in ratchet else "not in the ratchet: new code is strict"
            out.append(f"{path}: {have} mypy error(s), {where}; fix the new ones (mypy's report above)")
        elif path in ratchet and not (root / path).is_file():
            out.append(f"{path}: listed in the ratchet but no such module; `make typecheck RATCHET=update`")
        elif have < allowed:
            out.append(
                f"{path}: {have} mypy error(s), the ratchet says {allowed}; lower it: `make typecheck RATCHET=update`"
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--update", action="store_true", help="rewrite the ratchet with today's counts (never a higher total)"
    )
    parser.add_argument("--mypy-output", type=Path, help="read mypy's report from this file instead of running mypy")
    parser.add_argument("--ratchet", type=Path, default=RATCHET, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.mypy_output is not None:
        report = args.mypy_output.read_text()
    else:
        report = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True).stdout
    if "error:" not in report and not re.search(r"^Success: ", report, re.MULTILINE):
        print(report, end="")
        print("typecheck: mypy did not run to the end (its output above)", file=sys.stderr)
        return 2
    found = errors_by_module(report)
    ratchet = read_ratchet(args.ratchet.read_text()) if args.ratchet.exists() else {}
    if args.update:
        if ratchet and sum(found.values()) > sum(ratchet.values()):
            print(report, end="")
            print(
                f"typecheck: the ratchet only comes down: mypy finds {sum(found.values())} error(s), the ratchet allows "
                f"{sum(ratchet.values())} in all (a module moved keeps its count; new errors are fixed, not recorded)",
                file=sys.stderr,
            )
            return 1
        lines = "".join(f"{count} {path}\n" for path, count in sorted(found.items()))
        args.ratchet.write_text(HEADER + lines)
        print(f"typecheck: ratchet written: {sum(found.values())} error(s) in {len(found)} module(s)")
        return 0
    broken = problems(found, ratchet)
    if broken:
        print(report, end="")
        print("\n".join(["typecheck: the ratchet is broken:", *broken]), file=sys.stderr)
        return 1
    print(f"typecheck: strict; {sum(found.values())} error(s) left in {len(found)} module(s) of the ratchet, none new")
    return 0


if __name__ == "__main__":
    sys.exit(main())
