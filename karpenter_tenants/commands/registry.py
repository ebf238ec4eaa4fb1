"""The commands of `python main.py`, one module each, in the order `--help` lists them.

A command's module has NAME (what the user types), add_parser(subparsers) (its subcommand and options, under
that name), run(args) -> int (its exit status: commands.output), and, when the cycle collector only slows it
down, COLLECT_CYCLES = False (commands.runner). A module imports at its top only what `--help` needs; what it
runs with it imports in run (start-up: docs/performance.md).

Must not import: commands.cli (which imports this module)."""

from __future__ import annotations

from types import ModuleType

from karpenter_tenants.commands import (
    adopt,
    capacity,
    check,
    check_terraform,
    docs,
    export_schemas,
    fetch_reference,
    import_manifests,
    import_nodegroups,
    init,
    migrate,
    plan,
    preflight,
    render_chart,
    snapshot,
    status,
    synth,
    validate,
    verify,
)

COMMANDS: tuple[ModuleType, ...] = (
    init,
    synth,
    check,
    validate,
    export_schemas,
    render_chart,
    plan,
    check_terraform,
    import_manifests,
    import_nodegroups,
    migrate,
    adopt,
    preflight,
    snapshot,
    status,
    fetch_reference,
    verify,
    capacity,
    docs,
)
DEFAULT = synth  # `python main.py` without a command
_BY_NAME = {command.NAME: command for command in COMMANDS}


def named(name: str | None) -> ModuleType:
    """The command called name (None: the default command); argparse has refused any other name."""
    return DEFAULT if name is None else _BY_NAME[name]
