"""`python main.py [COMMAND]`: the top-level parser and the dispatch through the registry (commands.registry);
synthesize when run without a command (what `cdk8s synth` runs).

Exit status: 0 done/clean, 1 findings, 2 bad input or usage, 3 a `plan` gate tripped, 70 internal error (one
line, never a traceback), 130 interrupted; which error is which: commands.runner.
Must not import at module level: what a command runs with (`--help` loads only the commands' parsers)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

from karpenter_tenants import __version__
from karpenter_tenants.charts import runtime
from karpenter_tenants.charts.extensions import Extensions, use
from karpenter_tenants.commands import output, registry
from karpenter_tenants.commands.output import EXIT_INTERRUPTED


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser whose usage errors are one line, like every other refusal (exit 2): the problem and where
    the options are listed, not the whole usage text first."""

    def error(self, message: str) -> NoReturn:
        print(
            f"error: {self.prog}: {' '.join(message.split())} (`{self.prog} --help` lists the options)", file=sys.stderr
        )
        self.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        # as the user started it: the installed command, or a repository's main.py
        prog="karpenter-tenants" if Path(sys.argv[0]).name == "karpenter-tenants" else "python main.py",
        description="Generate Karpenter installs and per-tenant node pools for Flux from clusters/*.yaml.",
    )
    parser.add_argument(
        "--clusters", type=Path, default=Path("clusters"), metavar="DIR", help="config folder (default clusters/)"
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"karpenter-tenants {__version__}",
        help="print the installed version and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in registry.COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: list[str] | None = None, *, extensions: Extensions | None = None) -> int:
    """Run a command. Every user mistake and file-system refusal is exit 2 with one message; anything
    else is a bug, reported in one line with exit 70 (never a traceback). extensions: a platform team's
    constructs added to every tenant's chart and to the cluster-wide base (charts.extensions,
    docs/extending.md)."""
    output.new_run()
    for stream in (sys.stdout, sys.stderr):  # a lone surrogate in a file's text (JSON's "\ud800") printed, not a crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exit_:  # argparse exits 2 on usage errors, 0 on --help
            return int(exit_.code or 0)
        if args.command in (None, "synth"):  # Node.js starts while the rest loads, when a build is likely
            from karpenter_tenants.synthesis.incremental import likely_to_build

            if likely_to_build(
                args.clusters, getattr(args, "dist", None) or Path(os.environ.get("CDK8S_OUTDIR") or "dist")
            ):
                runtime.start()
        from karpenter_tenants.commands.runner import exit_status, run_command

        command = registry.named(args.command)

        def run() -> int:
            use(extensions if extensions is not None else Extensions())
            return run_command(command, args)

        return exit_status(run)
    except KeyboardInterrupt:  # at any moment: while parsing, importing, running
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        runtime.wait()  # jsii's runtime started early is ready before anything else may call it (charts.runtime)
