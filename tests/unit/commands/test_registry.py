"""The command registry (commands.registry): every command the README's command table lists is registered once,
each module has NAME, add_parser and run, and `--help` lists them in the registry's order."""

from __future__ import annotations

import argparse
import inspect
import re
import subprocess
import sys

from conftest import ROOT

from karpenter_tenants.commands import registry
from karpenter_tenants.commands.cli import build_parser


def readme_commands() -> set[str]:
    """The command names of the README's command table: its first column's `python main.py NAME ...` (or `karpenter-tenants NAME ...`) spans."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Commands", 1)[1].split("\n## ", 1)[0]
    names = set()
    for row in re.findall(r"^\| (.+?) \| .+ \|$", section, flags=re.M)[2:]:  # past the header and its rule
        for span in re.findall(r"`([^`]+)`", row):
            words = span.removeprefix("python main.py").removeprefix("karpenter-tenants").split()
            names.add(words[0] if words else registry.DEFAULT.NAME)
    return names


def test_every_command_of_the_readme_is_registered_and_every_registered_one_listed() -> None:
    names = [command.NAME for command in registry.COMMANDS]
    assert len(names) == len(set(names)), names
    assert readme_commands() == set(names)


def test_each_command_has_add_parser_and_run_and_registers_its_own_name() -> None:
    for command in registry.COMMANDS:
        assert list(inspect.signature(command.add_parser).parameters) == ["commands"], command.__name__
        assert list(inspect.signature(command.run).parameters) == ["args"], command.__name__
        assert isinstance(getattr(command, "COLLECT_CYCLES", True), bool), command.__name__
        commands = argparse.ArgumentParser().add_subparsers()
        command.add_parser(commands)
        assert list(commands.choices) == [command.NAME], command.__name__
        assert registry.named(command.NAME) is command
    assert registry.named(None) is registry.DEFAULT


def test_help_lists_the_commands_in_the_registrys_order() -> None:
    [subcommands] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(subcommands.choices) == [command.NAME for command in registry.COMMANDS]


def test_help_imports_no_command_s_heavy_modules() -> None:
    """The registry imports every command for `--help`: each imports what it runs with only when it runs."""
    heavy = (
        "yaml",
        "pydantic",
        "jsii",
        *(
            f"karpenter_tenants.{m}"
            for m in ("config.loader", "charts.cluster", "synthesis.render", "checks.validate", "review.plan")
        ),
    )
    code = (
        "import runpy, sys\nsys.argv = ['main.py', '--help']\ntry:\n    runpy.run_path('main.py', run_name='__main__')\n"
        f"except SystemExit:\n    pass\nprint(sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]", result.stdout
