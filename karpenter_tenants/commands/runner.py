"""Running one command: the cache switch and Python's cycle collector set for it, and the mapping from what it
raises to an exit status (one line on stderr, never a traceback). commands.cli.main runs the command the user named
through it, verify each of its steps.

Owns: which errors are the user's (exit 2) and which a bug (exit 70, KARPENTER_TENANTS_DEBUG=1 for the traceback).
Must not import: commands.cli or commands.registry (verify imports this module; they import verify)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from karpenter_tenants.charts import runtime
from karpenter_tenants.charts.cluster import ChartError
from karpenter_tenants.charts.extensions import ExtensionError
from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_INTERNAL, BadInput, ExitStatus, Reported
from karpenter_tenants.config import environment
from karpenter_tenants.config.environment import EnvironmentProblem
from karpenter_tenants.config.listing import one_line
from karpenter_tenants.config.yaml_input import InputError
from karpenter_tenants.synthesis.safe_io import UnsafeOutput, WriteFailed
from karpenter_tenants.synthesis.shard import ShardError


def exit_status(body: Callable[[], int]) -> int:
    """body's exit status. Every user mistake and file-system refusal is exit 2 with one message; anything else is
    a bug, reported in one line with exit 70 (never a traceback). The line is one_line'd: a path or a value typed with
    a control character (ESC, a newline) is echoed with a space in its place, never driving the terminal. Ctrl-C (KeyboardInterrupt) goes through: it
    stops the whole run, verify's later steps included (commands.cli.main: exit 130)."""
    try:
        debug = environment.switch(environment.DEBUG_ENV, "shows an internal error's traceback", "prints one line")
        environment.temp_folder()  # before jsii's kernel starts there: ENOTDIR would be an internal error
    except EnvironmentProblem as error:
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return body()
    except Exception as error:
        ended = runtime.node_ended(error)  # first: what jsii raised then is only the dead pipe
        if ended in ("killed by SIGINT", "exited with status 130"):  # Ctrl-C reached it first (one process group)
            print("interrupted", file=sys.stderr)
            return ExitStatus.INTERRUPTED
        if ended is not None and not debug:
            print(one_line(node_ended_message(f"{runtime.NODE} {ended}")), file=sys.stderr)
            return EXIT_BAD_INPUT
        return _report(error, debug)


def node_ended_message(what: str) -> str:
    """The one line for a process the command needs ending under it (`what`: which, and how)."""
    return (
        f"error: {what} before the command finished (out of memory, or killed); nothing was written: free memory "
        "(or lower --jobs) and run the command again"
    )


def _report(error: Exception, debug: bool) -> int:
    """The exit status of a command that raised `error`, reported in one line (exit_status); re-raised when it is
    a bug and KARPENTER_TENANTS_DEBUG is on."""
    if isinstance(error, Reported):
        return EXIT_BAD_INPUT
    if isinstance(error, runtime.RuntimeEnded):
        print(one_line(node_ended_message(str(error))), file=sys.stderr)
        return EXIT_BAD_INPUT
    if isinstance(error, (ExtensionError, ChartError)):
        print(one_line(f"error: {error}; nothing was written"), file=sys.stderr)
        return EXIT_BAD_INPUT
    if isinstance(error, (BadInput, InputError, UnsafeOutput, WriteFailed, EnvironmentProblem, ShardError)):
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    if isinstance(error, OSError):
        print(one_line(f"error: {os_error(error)}; nothing was changed"), file=sys.stderr)
        return EXIT_BAD_INPUT
    if debug:
        raise error
    print(one_line(f"internal error: {type(error).__name__}: {error}, please report"), file=sys.stderr)
    return EXIT_INTERNAL


def os_error(error: OSError) -> str:
    """A file-system refusal in words, naming the path (an empty path is the current folder, `.`)."""
    name = error.filename
    if name == "-":
        return "-: standard input is not read; write what you would pipe to a file and name the file"
    where = f"{name}: " if name else ""
    if isinstance(error, IsADirectoryError):
        empty = " (an empty argument names the current folder)" if name == "." else ""
        return f"{where}a folder where a file is asked; name the file{empty}"
    if isinstance(error, NotADirectoryError):
        return f"{where}a file where a folder is asked (on the way to it); name a folder"
    if isinstance(error, FileNotFoundError):
        return f"{where}no such file"
    if isinstance(error, PermissionError):
        return f"{where}not readable or writable by this user (permission denied)"
    return f"{where}cannot be read or written ({error.strerror or error}): is it a regular file?"


def run_command(command: ModuleType, args: argparse.Namespace) -> int:
    """command.run(args) with the cache switched as its --no-cache says and the cycle collector as it wants."""
    from karpenter_tenants.config import chart_defaults
    from karpenter_tenants.reference import disk_cache

    # karpenter.values is checked against the default values of the chart each cluster pins, in the reference data
    # (config reads no reference data itself): installed here, where every command runs (a team's own main.py
    # included, and `synth --jobs` workers, which are forked), not at start-up, which `--help` keeps light; made
    # when a cluster file is first loaded (config.chart_defaults).
    chart_defaults.install(_chart_reference)
    disk_cache.disable(getattr(args, "no_cache", False))
    with _cycle_collection(getattr(command, "COLLECT_CYCLES", True)):
        return command.run(args)


def _chart_reference() -> Any:
    from karpenter_tenants.reference.charts import ChartReference

    return ChartReference()


def parse(command: ModuleType, argv: list[str], **options: Any) -> argparse.Namespace:
    """command's arguments as `python main.py COMMAND ARGV...` reads them (its defaults included), with the
    top-level options given (SystemExit after the usage message, as argparse)."""
    parser = argparse.ArgumentParser(prog="python main.py")
    command.add_parser(parser.add_subparsers(dest="command", metavar="COMMAND"))
    return parser.parse_args([command.NAME, *argv], argparse.Namespace(**options))


@contextlib.contextmanager
def _cycle_collection(on: bool) -> Iterator[None]:
    """Python's cycle collector on or off while a command runs, as it was afterwards. Off for synth and check:
    what they build (the config, the charts' structs and JSON, the YAML of every file) is acyclic and lives
    until the files are written, so each collection only walks a growing heap to find nothing. Measured
    (docs/performance.md): 0.6 s of a 1,000-tenant synth and 2-5 s at 5,000, with the same peak memory either
    way. main.py turns it off before the imports (they make no garbage worth a collection), so a synth process
    never collects; turning it back on would walk everything made meanwhile at the next allocation (9 ms
    after a 1,000-tenant synth)."""
    enabled = gc.isenabled()
    if on:
        gc.enable()
    else:
        gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
        else:
            gc.disable()
