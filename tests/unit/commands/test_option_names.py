"""One name per option across commands: the reference data folder is --reference and the output folder synth writes
is --dist in every command that takes one; their earlier names (--crds; --out of synth and check, --path of
export-schemas) stay accepted as aliases and mean the same."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from karpenter_tenants.commands import registry
from karpenter_tenants.commands.cli import build_parser

EARLIER = {"--crds": "reference", "--out": "dist", "--path": "dist"}


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_each_folder_has_one_name_first_in_every_command() -> None:
    seen = {"reference": set(), "dist": set()}
    for name, command in _commands().items():
        for action in command._actions:
            if action.dest in ("reference", "dist") and action.option_strings:
                assert action.option_strings[0] == f"--{action.dest}", (name, action.option_strings)
                assert set(action.option_strings[1:]) <= {k for k, v in EARLIER.items() if v == action.dest}, (
                    name,
                    action.option_strings,
                )
                seen[action.dest].add(name)
            # an earlier name never means something else where the folder option exists
            for option in action.option_strings:
                if option in EARLIER and action.dest != EARLIER[option]:
                    assert not any(a.dest == EARLIER[option] for a in command._actions), (name, option, action.dest)
    assert {"validate", "verify", "adopt", "render-chart", "export-schemas", "capacity"} <= seen["reference"]
    assert {
        "synth",
        "check",
        "plan",
        "verify",
        "preflight",
        "capacity",
        "check-terraform",
        "validate",
        "export-schemas",
    } <= seen["dist"]
    assert len(registry.COMMANDS) == len(_commands())


@pytest.mark.parametrize(
    ("command", "earlier", "now", "dest"),
    [
        ("synth", "--out", "--dist", "dist"),
        ("check", "--out", "--dist", "dist"),
        ("export-schemas", "--path", "--dist", "dist"),
        ("validate", "--crds", "--reference", "reference"),
        ("verify", "--crds", "--reference", "reference"),
        ("adopt", "--crds", "--reference", "reference"),
    ],
)
def test_an_earlier_name_means_what_the_name_does(command: str, earlier: str, now: str, dest: str) -> None:
    positional = {"export-schemas": ["schemas"], "adopt": ["acme"]}.get(command, [])
    parser = build_parser()
    old = parser.parse_args([command, *positional, earlier, "x/y"])
    new = parser.parse_args([command, *positional, now, "x/y"])
    assert getattr(old, dest) == getattr(new, dest) == Path("x/y")


def test_a_warning_is_said_once_per_run_however_many_steps_load_the_clusters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """issue 43: after an upgrade, verify's steps (check, validate, plan) each loaded the clusters and repeated the
    compatibility warning; a run says it once, the next run again."""
    from karpenter_tenants.commands import output

    output.new_run()
    for _ in range(3):
        output.print_warnings([("clusters/acme.yaml", "Karpenter 1.15.2: its Kubernetes range is stated")])
    assert capsys.readouterr().err.count("warning: ") == 1
    output.new_run()
    output.print_warnings([("clusters/acme.yaml", "Karpenter 1.15.2: its Kubernetes range is stated")])
    assert capsys.readouterr().err.count("warning: ") == 1


def test_each_commands_name_is_said_once_in_its_module() -> None:
    """The registry, the parser and the runner read NAME; the module gives its parser that same NAME, never the name
    spelled again."""
    import inspect
    import re

    for command in registry.COMMANDS:
        source = inspect.getsource(command)
        assert re.search(r"add_parser\(\s*NAME\b", source), command.__name__
        assert not re.search(rf'add_parser\(\s*"{re.escape(command.NAME)}"', source), command.__name__
    assert set(_commands()) == {command.NAME for command in registry.COMMANDS}


def test_the_same_warning_of_many_tenants_is_one_line_naming_them(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 43 (walked at 40 customers): an AMI warning per imported tenant was 20 lines; it is one naming them."""
    from karpenter_tenants.commands import output

    output.new_run()
    warnings = [
        ("clusters/prod.yaml", f"tenant c{i:02}: AMI alias al2023@latest drifts tenant c{i:02}'s nodes")
        for i in range(20)
    ] + [("clusters/prod.yaml", "tenant gpu: its own warning"), ("clusters/prod.yaml", "cluster-autoscaler still runs")]
    output.print_warnings(warnings)
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "warning: clusters/prod.yaml: 20 tenants (c00, c01, c02, c03, c04 and 15 more): AMI alias al2023@latest "
        "drifts tenant <tenant>'s nodes",
        "warning: clusters/prod.yaml: tenant gpu: its own warning",
        "warning: clusters/prod.yaml: cluster-autoscaler still runs",
    ]
