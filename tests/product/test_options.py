"""One option name, one meaning (issue 57 item 6): every command's parser, each built by its module through the
registry, is read, and an option name takes the same kind of value in every command that has it: a flag, one of its
choices, or a value whose metavar (KEY, FILE, DIR, REV, ...; an optional `[KEY=]` prefix is a refinement) and type (a
path or not) are the same everywhere. `--cluster` is a cluster's key, `--out` a folder, `--workloads` the kubectl
workloads file; a path option says FILE or DIR. An earlier spelling kept working (common.DeprecatedSpelling:
`import --out FILE`, `import-nodegroups --out FILE` and `--cluster FILE`, `preflight FILE`) is exempt: it parses to
what the new spelling does, warns once naming it, and is out of --help; bad input is still exit 2 in one message."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import shlex
from pathlib import Path

import pytest
from conftest import EXAMPLE_DIST, EXAMPLE_REPO, ROOT

from karpenter_tenants.commands import output, registry
from karpenter_tenants.commands.cli import build_parser, main
from karpenter_tenants.commands.common import DeprecatedSpelling, folder_path
from karpenter_tenants.commands.runner import parse

MANIFEST = ROOT / "tests/manifests/v1-basic.yaml"
PATH_TYPES = (Path, folder_path)  # the argparse types of a path option
NODEGROUPS = ROOT / "tests/nodegroups/describe/delta.json"


def parsers() -> dict[str, argparse.ArgumentParser]:
    """The top-level parser (its own options, as "(top)") and each command's parser, made by its module's add_parser."""
    found = {"(top)": build_parser()}
    for command in registry.COMMANDS:
        commands = argparse.ArgumentParser().add_subparsers()
        command.add_parser(commands)
        found[command.NAME] = commands.choices[command.NAME]
    return found


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The parser's options a user types, the deprecated spellings included (never --help, nor the subcommands)."""
    return [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]


def value_kind(action: argparse.Action) -> str:
    """What the option takes: `flag`, `a choice`, or its metavar (as --help shows it; an optional `[...]` part left
    out), after `path` when its type is Path (or common.folder_path: a Path, never empty nor `-`)."""
    if action.nargs == 0:
        return "flag"
    if action.choices is not None:
        return "a choice"
    metavar = re.sub(r"\[[^\]]*\]", "", action.metavar if isinstance(action.metavar, str) else action.dest.upper())
    return f"path {metavar}" if action.type in PATH_TYPES else metavar


def conflicts(found: dict[str, argparse.ArgumentParser]) -> list[str]:
    """One line per option name that takes two kinds of value across the commands (deprecated spellings aside)."""
    kinds: dict[str, dict[str, list[str]]] = {}
    for command, parser in found.items():
        for action in options(parser):
            if isinstance(action, DeprecatedSpelling):
                continue
            for option in action.option_strings:
                kinds.setdefault(option, {}).setdefault(value_kind(action), []).append(command)
    return [
        f"{option}: " + "; ".join(f"{kind} in {', '.join(commands)}" for kind, commands in meanings.items())
        for option, meanings in sorted(kinds.items())
        if len(meanings) > 1
    ]


def unnamed_paths(found: dict[str, argparse.ArgumentParser]) -> list[str]:
    """The path options whose metavar does not say FILE or DIR."""
    return [
        f"{command} {action.option_strings[0]} {value_kind(action)}"
        for command, parser in found.items()
        for action in options(parser)
        if action.type in PATH_TYPES and value_kind(action) not in ("path FILE", "path DIR")
    ]


def alias_problems(found: dict[str, argparse.ArgumentParser]) -> list[str]:
    """What is wrong with a deprecated spelling: no new spelling beside it taking the same value into the same dest,
    shown in --help; or itself shown in --help."""
    problems = []
    for command, parser in found.items():
        for alias in (a for a in parser._actions if isinstance(a, DeprecatedSpelling)):
            new_option = alias.use.split()[0]
            new = [
                a for a in options(parser) if new_option in a.option_strings and not isinstance(a, DeprecatedSpelling)
            ]
            # an earlier option takes what the new one does; an earlier positional argument one value, or none
            nargs = alias.nargs if alias.option_strings else None if alias.nargs == "?" else "not ?"
            if not new:
                problems.append(f"{command}: {alias.spelling}: no {new_option} beside it")
            elif (new[0].dest, new[0].type, new[0].nargs) != (alias.dest, alias.type, nargs):
                problems.append(f"{command}: {alias.spelling}: not what {new_option} takes")
            elif alias.option_strings and value_kind(alias) != value_kind(new[0]):
                problems.append(f"{command}: {alias.spelling}: {value_kind(alias)}, {new_option} {value_kind(new[0])}")
            if alias.help is not argparse.SUPPRESS or new and new[0].help is argparse.SUPPRESS:
                problems.append(f"{command}: {alias.spelling}: in --help instead of {new_option}")
            if alias.command != command:
                problems.append(f"{command}: {alias.spelling}: its warning names the command {alias.command}")
    return problems


def deprecated() -> list[tuple[str, DeprecatedSpelling]]:
    return [
        (command, a)
        for command, parser in parsers().items()
        for a in parser._actions
        if isinstance(a, DeprecatedSpelling)
    ]


# --- the product's parsers -----------------------------------------------------------------------------------------


def test_every_option_name_takes_one_kind_of_value_across_the_commands() -> None:
    assert conflicts(parsers()) == []


def test_every_path_option_says_file_or_dir() -> None:
    assert unnamed_paths(parsers()) == []


def test_every_deprecated_spelling_is_an_earlier_name_of_an_option_beside_it() -> None:
    assert alias_problems(parsers()) == []
    assert sorted((command, alias.spelling) for command, alias in deprecated()) == [
        ("import", "--out FILE"),
        ("import-nodegroups", "--cluster FILE"),
        ("import-nodegroups", "--out FILE"),
        ("preflight", "FILE without --workloads"),
    ]


def test_the_names_of_issue_57_mean_one_thing() -> None:
    """--cluster a cluster's key, --out a folder, --workloads the workloads file, wherever they are typed."""
    kinds: dict[str, set[str]] = {}
    commands: dict[str, set[str]] = {}
    for command, parser in parsers().items():
        for action in options(parser):
            for option in set(action.option_strings) & {"--cluster", "--out", "--workloads"}:
                if not isinstance(action, DeprecatedSpelling):
                    kinds.setdefault(option, set()).add(value_kind(action))
                    commands.setdefault(option, set()).add(command)
    assert kinds == {"--cluster": {"KEY"}, "--out": {"path DIR"}, "--workloads": {"path FILE"}}
    assert {"plan", "verify", "preflight", "snapshot", "status", "check-terraform"} <= commands["--cluster"]
    assert {"synth", "check", "snapshot"} <= commands["--out"]
    assert {"plan", "verify", "preflight"} <= commands["--workloads"]


# --- the checker catches what it is for ------------------------------------------------------------------------------


def _parser(*arguments: tuple[str, dict[str, object]]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    for name, kwargs in arguments:
        parser.add_argument(name, **kwargs)  # type: ignore[arg-type]
    return parser


def test_a_planted_second_meaning_is_caught() -> None:
    """issue 57's own three: --cluster a key and a file, --out a folder and a file, a flag and a value."""
    plan = _parser(
        ("--cluster", {"metavar": "KEY"}),
        ("--out", {"type": Path, "metavar": "DIR"}),
        ("--verbose", {"action": "store_true"}),
    )
    nodegroups = _parser(
        ("--cluster", {"type": Path, "metavar": "FILE"}),
        ("--out", {"type": Path, "metavar": "FILE"}),
        ("--verbose", {"metavar": "LEVEL"}),
    )
    assert conflicts({"plan": plan, "import-nodegroups": nodegroups}) == [
        "--cluster: KEY in plan; path FILE in import-nodegroups",
        "--out: path DIR in plan; path FILE in import-nodegroups",
        "--verbose: flag in plan; LEVEL in import-nodegroups",
    ]
    # the same value named without a metavar (argparse's default, the dest) is another name for it
    assert conflicts({"a": _parser(("--cluster", {"metavar": "KEY"})), "b": _parser(("--cluster", {}))}) == [
        "--cluster: KEY in a; CLUSTER in b"
    ]
    assert unnamed_paths({"b": _parser(("--kubeconform", {"type": Path}))}) == ["b --kubeconform path KUBECONFORM"]


def test_a_planted_second_meaning_among_the_real_commands_is_caught() -> None:
    found = parsers()
    found["import"].add_argument("--cluster", type=Path, metavar="FILE")
    [line] = conflicts(found)
    assert line.startswith("--cluster: KEY in ") and line.endswith("; path FILE in import")


def test_a_deprecated_spelling_is_exempt_but_held_to_its_new_one() -> None:
    from karpenter_tenants.commands.common import renamed_option

    plan = _parser(("--cluster", {"metavar": "KEY"}))
    nodegroups = argparse.ArgumentParser()
    renamed_option(nodegroups, "import-nodegroups", "--cluster-file", earlier="--cluster", metavar="FILE", type=Path)
    assert conflicts({"plan": plan, "import-nodegroups": nodegroups}) == []
    assert alias_problems({"import-nodegroups": nodegroups}) == []
    # an alias without its new spelling, or taking another value, is caught
    orphan = argparse.ArgumentParser()
    orphan.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help=argparse.SUPPRESS,
        action=DeprecatedSpelling,
        command="import",
        spelling="--out FILE",
        use="--out-file FILE",
    )
    assert alias_problems({"import": orphan}) == ["import: --out FILE: no --out-file beside it"]
    other = argparse.ArgumentParser()
    other.add_argument("--out-file", type=Path, metavar="FILE")
    other.add_argument(
        "--out",
        dest="out_file",
        metavar="DIR",
        type=Path,
        help=argparse.SUPPRESS,
        action=DeprecatedSpelling,
        command="import",
        spelling="--out DIR",
        use="--out-file FILE",
    )
    assert alias_problems({"import": other}) == ["import: --out DIR: path DIR, --out-file path FILE"]


# What the product shows (docs, README, the Makefiles, CI scripts, what `init` writes) runs `python main.py ...` or
# `karpenter-tenants ...`: every such command line that parses gives no deprecated spelling.
SHOWN = ["README.md", "docs/*.md", "Makefile", ".ci/*", ".github/workflows/*", "karpenter_tenants/scaffold/*.py"]
COMMAND_LINE = re.compile(
    r"(?:(?:python3?|\$\(PY\)|\.venv/bin/python)(?: -O)? main\.py|karpenter-tenants)((?: +[^\s`|>&;<]+)*)"
)


def deprecated_in(text: str) -> list[str]:
    """The warnings of the command lines in text that parse (the rest are fragments: `[--cluster KEY]`, `...`)."""
    found = []
    for match in COMMAND_LINE.finditer(text):
        try:
            argv = shlex.split(match[1])
        except ValueError:
            continue
        said = io.StringIO()
        output.new_run()
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            try:
                build_parser().parse_args(argv)
            except SystemExit:
                continue
        found += [f"{match[0].strip()}: {line}" for line in said.getvalue().splitlines() if "deprecated" in line]
    return found


def test_what_the_product_shows_uses_no_deprecated_spelling() -> None:
    texts = {path: path.read_text() for pattern in SHOWN for path in sorted(ROOT.glob(pattern)) if path.is_file()}
    assert len(texts) > 20
    assert [f"{path.relative_to(ROOT)}: {line}" for path, text in texts.items() for line in deprecated_in(text)] == []
    # it sees them: the spellings docs/isolation.md and docs/cluster-autoscaler.md showed before
    assert deprecated_in(
        "$ python main.py preflight workloads.json --cluster acme\n"
        "python main.py import-nodegroups infra/eks/ --cluster clusters/acme.yaml --out /tmp/t.yaml"
    ) == [
        "python main.py preflight workloads.json --cluster acme: warning: preflight FILE without --workloads is "
        "deprecated: use --workloads FILE",
        "python main.py import-nodegroups infra/eks/ --cluster clusters/acme.yaml --out /tmp/t.yaml: warning: "
        "import-nodegroups --cluster FILE is deprecated: use --cluster-file FILE",
        "python main.py import-nodegroups infra/eks/ --cluster clusters/acme.yaml --out /tmp/t.yaml: warning: "
        "import-nodegroups --out FILE is deprecated: use --out-file FILE",
    ]


# --- each deprecated spelling still works and warns --------------------------------------------------------------------


def _argv(command: str, alias: DeprecatedSpelling, value: str, new: bool) -> list[str]:
    """A command line of the command giving value by the deprecated spelling (or the new one), its other required
    positional arguments made up."""
    parser = parsers()[command]
    required = [a for a in parser._actions if not a.option_strings and a.nargs in (None, "+") and a is not alias]
    given = [alias.use.split()[0], value] if new else [*alias.option_strings, value]
    return [*(f"{a.dest}.yaml" for a in required), *given]


@pytest.mark.parametrize(("command", "spelling"), [(c, a.spelling) for c, a in deprecated()])
def test_a_deprecated_spelling_parses_as_the_new_one_with_one_warning(
    command: str, spelling: str, capsys: pytest.CaptureFixture[str]
) -> None:
    [alias] = [a for c, a in deprecated() if (c, a.spelling) == (command, spelling)]
    module = registry.named(command)
    capsys.readouterr()
    output.new_run()
    new = parse(module, _argv(command, alias, "given.yaml", new=True))
    assert capsys.readouterr().err == ""
    output.new_run()
    old = parse(module, _argv(command, alias, "given.yaml", new=False))
    assert capsys.readouterr().err == f"warning: {command} {spelling} is deprecated: use {alias.use}\n"
    assert vars(old) == vars(new) and getattr(new, alias.dest) == Path("given.yaml")


def _run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, list[str]]:
    capsys.readouterr()
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err.splitlines()


def test_import_out_file_and_its_earlier_spelling(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "import", MANIFEST, "--out-file", tmp_path / "new.yaml")
    assert (status, out) == (0, "") and not any(line.startswith("warning: import --out") for line in err)
    assert _run(capsys, "import", MANIFEST, "--out", tmp_path / "old.yaml") == (
        status,
        out,
        ["warning: import --out FILE is deprecated: use --out-file FILE", *err],
    )
    assert (tmp_path / "old.yaml").read_text() == (tmp_path / "new.yaml").read_text() != ""
    # given twice, said once
    assert _run(capsys, "import", MANIFEST, "--out", tmp_path / "a.yaml", "--out", tmp_path / "old.yaml", "--force")[2][
        0:2
    ] == ["warning: import --out FILE is deprecated: use --out-file FILE", err[0]]


def test_import_nodegroups_cluster_file_out_file_and_their_earlier_spellings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cluster = tmp_path / "acme.yaml"
    cluster.write_text("cluster: {name: acme}\nkarpenter: {version: 1.14.1, controller: {nodeGroup: delta}}\n")
    new = _run(capsys, "import-nodegroups", NODEGROUPS, "--cluster-file", cluster, "--out-file", tmp_path / "new.yaml")
    old = _run(capsys, "import-nodegroups", NODEGROUPS, "--cluster", cluster, "--out", tmp_path / "old.yaml")
    assert new[0] == old[0] == 2 and not (tmp_path / "new.yaml").exists()  # delta, the only group, runs the controller
    assert old[2] == [
        "warning: import-nodegroups --cluster FILE is deprecated: use --cluster-file FILE",
        "warning: import-nodegroups --out FILE is deprecated: use --out-file FILE",
        *new[2],
    ]
    cluster.write_text("cluster: {name: acme}\nkarpenter: {version: 1.14.1}\n")
    new = _run(capsys, "import-nodegroups", NODEGROUPS, "--cluster-file", cluster, "--out-file", tmp_path / "new.yaml")
    old = _run(capsys, "import-nodegroups", NODEGROUPS, "--out", tmp_path / "old.yaml", "--cluster", cluster)
    assert new[0] == old[0] == 1 and new[1] == old[1] == ""
    assert old[2] == [
        "warning: import-nodegroups --out FILE is deprecated: use --out-file FILE",
        "warning: import-nodegroups --cluster FILE is deprecated: use --cluster-file FILE",
        *new[2],
    ]
    assert (tmp_path / "old.yaml").read_text() == (tmp_path / "new.yaml").read_text() != ""


def _workloads(tmp_path: Path) -> Path:
    spec = {"containers": [{"name": "c", "image": "i"}], "nodeSelector": {"eks.amazonaws.com/nodegroup": "elsewhere"}}
    items = [
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"namespace": "alpha", "name": "web"},
            "spec": {"replicas": 1, "template": {"spec": spec}},
        }
    ]
    path = tmp_path / "workloads.json"
    path.write_text(json.dumps({"kind": "List", "items": items}))
    return path


def test_preflight_workloads_and_the_file_given_without_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workloads = _workloads(tmp_path)
    common = ["--clusters", EXAMPLE_REPO / "clusters", "preflight", "--cluster", "acme", "--dist", EXAMPLE_DIST]
    status, out, err = _run(capsys, *common, "--workloads", workloads)
    assert status == 1 and "refused: alpha/Deployment/web" in out and err == []
    assert _run(capsys, *common, workloads) == (
        status,
        out,
        ["warning: preflight FILE without --workloads is deprecated: use --workloads FILE"],
    )
    assert _run(
        capsys,
        "--clusters",
        EXAMPLE_REPO / "clusters",
        "preflight",
        workloads,
        "--cluster",
        "acme",
        "--dist",
        EXAMPLE_DIST,
    ) == (status, out, ["warning: preflight FILE without --workloads is deprecated: use --workloads FILE"])


@pytest.mark.parametrize(
    "argv",
    [
        ["preflight", "--cluster", "acme"],
        ["preflight", "--workloads", "a.json", "b.json"],
        ["preflight", "b.json", "--workloads", "a.json"],
        ["import", "in.yaml", "--out-file", "a.yaml", "--out", "b.yaml"],
        ["import-nodegroups", "in.json", "--cluster", "a.yaml", "--cluster-file", "b.yaml"],
    ],
)
def test_bad_input_is_still_exit_2_with_one_message(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capsys, "--clusters", EXAMPLE_REPO / "clusters", *argv)
    errors = [line for line in err if "error:" in line]
    assert status == 2 and out == "" and len(errors) == 1, err
    assert "Traceback" not in "\n".join(err) and "internal error" not in "\n".join(err)
    if len(argv) == 3:
        assert errors == [
            "error: preflight needs --workloads FILE: what `kubectl get pods,daemonsets,deployments,"
            "statefulsets,replicasets,jobs,cronjobs -A -o json` wrote"
        ]
    else:
        assert "not allowed with argument" in errors[0]


def test_timeout_is_one_duration_in_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """snapshot's --timeout took seconds only, status's a duration: both take 90s, 2m, 1h30m or plain seconds."""
    for command, most in (("snapshot", "1h"), ("status", "24h")):
        module = registry.named(command)
        assert [parse(module, ["--timeout", t]).timeout for t in ("90s", "2m", "1h", "45", "2.5")] == [
            90,
            120,
            3600,
            45,
            2.5,
        ]
        capsys.readouterr()
        with pytest.raises(SystemExit):
            parse(module, ["--timeout", "25h"])
        assert (
            f"argument --timeout: '25h': a duration such as 90s, 10m or 1h (more than 0, at most {most})"
            in capsys.readouterr().err
        )
