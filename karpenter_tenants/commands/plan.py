"""`python main.py plan`: the Markdown review of what the change does to customers' nodes, against dist/ at a git
revision; exit 3 when --fail-on's gate trips.

Must not import at module level: review/, capacity/, synth/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.adopt import release_options
from karpenter_tenants.commands.common import dist_option, folder_path, load, revision
from karpenter_tenants.commands.output import EXIT_GATE, EXIT_OK, BadInput, print_warnings
from karpenter_tenants.config.listing import code, first_few

NAME = "plan"


def add_parser(commands: Any) -> None:
    plan = commands.add_parser(
        NAME, help="Markdown summary of what the change does to customers' nodes, against dist/ at a git revision"
    )
    plan.add_argument(
        "--base", metavar="REV", type=revision, help="revision to compare with (default: merge base with origin/main)"
    )
    plan.add_argument(
        "--fail-on",
        choices=["destructive", "drift", "unschedulable"],
        help="exit 3 when changes of this effect (or worse) exist (unschedulable: with --workloads, a pod of a tenant the "
        "change adds or changes that cannot run at head; destructive and drift include it)",
    )
    dist_option(plan, "the committed output folder (default dist/)")
    release_options(plan, "the live release the change's new controller release adopts (as for `adopt`)")
    plan.add_argument(
        "--nodes",
        type=Path,
        metavar="FILE",
        help="what `kubectl get nodes -o json` prints: each drift names the nodes it replaces",
    )
    plan.add_argument(
        "--workloads",
        type=Path,
        metavar="FILE",
        help="what `kubectl get pods,deployments,statefulsets,replicasets,daemonsets,jobs,cronjobs -A -o json` "
        "prints: its pods scheduled by Karpenter's own scheduler at the base and at the head (needs Go)",
    )
    plan.add_argument(
        "--cluster", metavar="KEY", help="with --workloads: the cluster they run in (default: the only one)"
    )
    plan.add_argument(
        "--workloads-dir",
        type=folder_path,
        metavar="DIR",
        help="a workloads snapshot per cluster: DIR/<cluster>.json (and DIR/<cluster>.nodes.json, the "
        "nodes), each simulated as --workloads is; the nodes reviewed as --nodes gives them, the workloads "
        "judged by the isolation policy a change turns to deny (what `verify` passes when workloads/ exists)",
    )
    plan.add_argument(
        "--prices",
        type=Path,
        metavar="FILE",
        help="with --workloads: on-demand $/h by instance type for the cluster's region (JSON object; "
        "default Karpenter's us-east-1 table)",
    )
    plan.add_argument(
        "--format",
        choices=["markdown", "json"],
        default="markdown",
        help="markdown (the pull request's comment, default) or json (the same as data)",
    )
    plan.add_argument(
        "--from-empty",
        action="store_true",
        help='with --workloads: every pod scheduled afresh onto empty nodes ("can they all run"), not '
        "from today's placement (the pods the snapshot shows running stay on the nodes the revision keeps)",
    )


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.capacity.report import add_plan_lines
    from karpenter_tenants.commands.adopt import release_usage
    from karpenter_tenants.config.listing import printable
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.kinds.controller.review import version_changes
    from karpenter_tenants.objects.changes import SEVERITY, ClusterFacts, gate_tripped
    from karpenter_tenants.review.autoscaler import groups_left, migration_notes
    from karpenter_tenants.review.git_tree import PlanError, in_repository, merge_base, tree_at_revision
    from karpenter_tenants.review.markdown import markdown
    from karpenter_tenants.review.plan import plan, readable_base
    from karpenter_tenants.simulation.run import read_nodes
    from karpenter_tenants.synthesis.incremental import plan_facts

    usage = release_usage(args)
    if usage:
        raise BadInput(f"{usage}")
    try:  # the one nodes reader for the node review and the simulation alike (simulation.run.read_nodes)
        node_list = read_nodes(args.nodes) if args.nodes is not None else None
    except InputError as error:
        raise BadInput(f"--nodes {error}") from None
    except OSError as error:  # missing, unreadable, a folder: the runner's words, the option named
        from karpenter_tenants.commands.runner import os_error

        raise BadInput(f"--nodes {os_error(error)}") from None
    nodes: Any = node_list.reviewed if node_list is not None else None
    try:
        asked = _simulation_inputs(args, node_list)
        if nodes is None and args.workloads_dir is not None:  # each cluster's snapshot of its nodes, as --nodes
            nodes = _snapshot_nodes(args.workloads_dir, _cluster_keys(args.clusters), asked) or None
    except InputError as error:
        raise BadInput(f"{error}") from None
    adopting = args.release_values is not None or args.release_secret is not None
    recorded = None if adopting else as_synth_left_it(args.clusters, args.dist)  # adoption's diff reads the config
    if recorded is None:
        clusters = load(args.clusters)
    if not in_repository(args.dist):
        raise BadInput(
            f"--dist {args.dist}: not in a git repository: plan compares the folder synth wrote with a git revision "
            "(--base, default the merge base with origin/main); run plan in the clone that holds it"
        )
    try:
        base = args.base or merge_base(args.dist if args.dist.is_dir() else Path("."))
        if recorded is not None:  # dist/ is what synth writes from the cluster files as they are: nothing to build
            new_files, recorded_facts = recorded
        else:
            # What synth would write now: only the parts whose files in dist/ synth's cache does not vouch for are
            # built (after `python main.py`, just what the change touched; without a cache, a fresh clone, every part).
            from karpenter_tenants.synthesis.render import render_incremental

            new_files = render_incremental(clusters, args.dist, jobs=0).files
            recorded_facts = {c.key: plan_facts(c) for c in clusters}
        configs = {c.key: c.config for c in clusters} if recorded is None else {}
        sources = (
            {c.key: c.source for c in clusters}
            if recorded is None
            else {k: args.clusters / f"{k}.yaml" for k in recorded[1]}
        )
        # Only the files that differ are read from git (one `git cat-file --batch`) and parsed on both sides; the
        # same run reads the cluster files at the base (clusterAutoscaler.nodeGroups: the node groups that leave it).
        from karpenter_tenants.synthesis.safe_io import MARKER

        base_sources: dict[Path, str | None] = dict.fromkeys([*sources.values(), args.dist / MARKER])
        old_files, same = tree_at_revision(args.dist, base, new_files, base_sources)
        old_files = readable_base(old_files)  # a file the base cannot read is said, the rest planned
        base_marker = base_sources.pop(args.dist / MARKER)
        if args.base is None:
            _not_your_history(base, {p.split("/", 1)[0] for p in (*old_files, *same) if "/" in p}, set(sources))
    except PlanError as error:
        hint = "" if args.base else " (no merge base with origin/main: pass --base REV)"
        raise BadInput(f"{error}{hint}") from None
    facts = {key: ClusterFacts(each["labelKey"], each["driftGate"]) for key, each in recorded_facts.items()}
    if adopting:
        from dataclasses import replace

        from karpenter_tenants.kinds.controller.adopt_release import NoAdoption, ReleaseInputError, plan_release_diff
        from karpenter_tenants.reference.shared import shared_dir

        try:
            adoption = plan_release_diff(
                clusters,
                new_files,
                set(old_files) | set(same),
                shared_dir(),
                args.release_values,
                args.release_list,
                args.release_secret,
            )
        except (NoAdoption, ReleaseInputError) as error:
            raise BadInput(f"{error}") from None
        facts[adoption.cluster] = replace(facts[adoption.cluster], adoption=adoption)
    changes = plan(old_files, new_files, facts, same, nodes)
    differing = {path: text for path, text in new_files.items() if path not in same}
    add_plan_lines(changes, old_files, differing, SEVERITY)  # capacity only for the node pools that changed
    versions = version_changes(old_files, differing)
    moving = {
        key: [
            *groups_left(
                base_sources.get(source),
                f"{source} at {base}",
                configs.get(key),
                {p.split("/")[2] for p in new_files if p.startswith(f"{key}/tenants/")},
                facts[key].label_key,
            ),
            *(migration_notes(configs[key]) if key in configs else []),
        ]
        for key, source in sources.items()
    }
    if nodes is not None:  # node groups this change lists as moved while the cluster still has their nodes
        changes = [
            *changes,
            *_groups_still_running(nodes, sources, base_sources, {k: f.label_key for k, f in facts.items()}),
        ]
    if args.workloads_dir is not None:  # what runs that the head refuses at deny and the base did not
        changes = [*changes, *_refused_at_deny(args.workloads_dir, sources, old_files, new_files, same, facts)]
    simulated = []
    from karpenter_tenants.simulation.report import changes as simulation_changes

    for each in asked:
        try:
            simulated.append(
                _simulate(
                    each,
                    sources,
                    base_sources,
                    old_files,
                    new_files,
                    same,
                    from_empty=getattr(args, "from_empty", False),
                )
            )
        except InputError as error:
            raise BadInput(f"{error}") from None
        changes = [*changes, *simulation_changes(simulated[-1])]
    from karpenter_tenants.review.grouping import node_groups_still_running_in_one_line

    changes = node_groups_still_running_in_one_line(changes)  # the node groups' findings above: one line for many
    not_read = _not_read(args.workloads_dir, _cluster_keys(args.clusters)) if args.workloads_dir is not None else []
    if args.format == "json":
        sys.stdout.write(_as_json(changes, simulated, not_read))
    else:
        text = markdown(
            changes,
            # the revision as typed, in a code span: `@team` outside one would mention a GitHub team in the comment
            code(args.base) if args.base else f"merge base {code(base[:12])} with origin/main",
            versions,
            moving,
            _defaults_lines(sources, base_sources, base),
        )
        upgrade = _generator_upgrade(base_marker, old_files, new_files, same, base_sources)
        if upgrade:  # after the plan's heading line
            head, _, rest = text.partition("\n\n")
            text = f"{head}\n\n{upgrade}{rest}"
        from karpenter_tenants.scaffold.terraform_ref import with_module_ref_note

        text = with_module_ref_note(text, args.clusters.parent)  # terraform/*.tf's module `ref` against this version
        from karpenter_tenants.simulation.report import markdown as simulation_markdown

        for each in simulated:
            text += "\n" + simulation_markdown(each)
        if not_read:  # said once: a team's other files in the folder (its --prices file) are not snapshots
            text += "\n" + _not_read_line(args.workloads_dir, args.clusters, not_read) + "\n"
        sys.stdout.write(printable(text))
    if gate_tripped(changes, args.fail_on):
        print(f"plan: {args.fail_on} changes present: exit 3 (acknowledge them to merge)", file=sys.stderr)
        return EXIT_GATE
    return EXIT_OK


def _groups_still_running(
    nodes: Any, sources: dict[str, Path], base_sources: dict[Path, str | None], label_keys: dict[str, str] | None = None
) -> list[Any]:
    """A destructive change per node group that leaves clusterAutoscaler.nodeGroups while `--nodes` shows nodes of
    it (review.autoscaler.groups_with_nodes), and per node group of an onboarded tenant's nodes that the move does
    not list while cluster-autoscaler runs (review.autoscaler.groups_unlisted). nodes: one Nodes for every cluster
    (`--nodes`), or each cluster's by its key (`--workloads-dir`: DIR/<cluster>.nodes.json)."""
    label_keys = label_keys or {}
    by_cluster = nodes if isinstance(nodes, dict) else dict.fromkeys(sources, nodes)
    from karpenter_tenants.config.yaml_input import InputError, read_text
    from karpenter_tenants.objects.changes import DESTRUCTIVE, Change
    from karpenter_tenants.review.autoscaler import NODE_GROUP_LABEL, groups_unlisted, groups_with_nodes
    from karpenter_tenants.simulation.report import text

    found = []
    for key, source in sorted(sources.items()):
        if (shown_nodes := by_cluster.get(key)) is None:
            continue
        labels = [(node.name, node.labels) for node in shown_nodes.items]
        try:
            head_text = read_text(source, str(source)) if source.is_file() else None
        except (InputError, OSError):
            head_text = None
        label_key = label_keys.get(key, "tenant")
        leaving = groups_with_nodes(base_sources.get(source), head_text, str(source), labels)
        left = {group for group, _, _ in leaving}  # said below as leaving: "list it" would contradict the move
        for group, tenant, holding in groups_unlisted(head_text, str(source), labels, label_key):
            if group in left:
                continue
            shown = first_few([text(name, 80) for name in holding])
            group, tenant = text(group, 80), text(tenant, 80)
            found.append(
                Change(
                    cluster=key,
                    group=f"tenant {tenant}",
                    kind="NodeGroup",
                    name=group,
                    action="not in the move",
                    effect=DESTRUCTIVE,
                    why=(
                        f"{shown_nodes.source} shows {len(holding)} node(s) of node group `{group}` labelled `{label_key}={tenant}` "
                        f"({shown}), which clusterAutoscaler.nodeGroups does not list while cluster-autoscaler runs: both "
                        f"autoscalers may add nodes for {tenant}'s pods; list it ({{name: {group}, tenant: {tenant}}}) and "
                        "let cluster-autoscaler ignore it (docs/cluster-autoscaler.md step 2)"
                    ),
                )
            )
        for group, tenant, holding in leaving:
            shown = first_few([text(name, 80) for name in holding])
            group, tenant = text(group, 80), text(tenant, 80)  # from files: escaped for the pull request's comment
            found.append(
                Change(
                    cluster=key,
                    group=f"tenant {tenant}",
                    kind="NodeGroup",
                    name=group,
                    action="still has nodes",
                    effect=DESTRUCTIVE,
                    why=(
                        f"leaves clusterAutoscaler.nodeGroups while {shown_nodes.source} shows {len(holding)} node(s) labelled "
                        f"`{NODE_GROUP_LABEL}={group}` ({shown}): their pods lose their nodes when the group is deleted; "
                        f"drain them onto {tenant}'s pool first (`kubectl drain -l {NODE_GROUP_LABEL}={group}`), then merge"
                    ),
                )
            )
    return found


def _simulation_inputs(args: argparse.Namespace, nodes: Any = None) -> list[tuple[Any, ...]]:
    """[(workloads, nodes, prices, cluster key or None)] read and checked before anything else runs: --workloads (with
    `nodes`, --nodes as read), or each snapshot of --workloads-dir; none without either. InputError naming the file
    and the path in it."""
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.simulation.offerings import read_prices
    from karpenter_tenants.simulation.run import read_nodes
    from karpenter_tenants.simulation.workloads import read_workloads

    if args.workloads is not None and args.workloads_dir is not None:
        raise InputError("--workloads-dir", None, "give --workloads FILE or --workloads-dir DIR, not both")
    if args.workloads is None and args.workloads_dir is None:
        for option in ("cluster", "prices"):
            if getattr(args, option) is not None:
                raise InputError(f"--{option}", None, "only means something with --workloads FILE")
        if getattr(args, "from_empty", False):
            raise InputError("--from-empty", None, "only means something with --workloads FILE or --workloads-dir DIR")
        return []
    prices = read_prices(args.prices) if args.prices is not None else None
    if args.workloads is not None:
        return [(read_workloads(args.workloads), nodes if nodes is not None else [], prices, args.cluster)]
    folder: Path = args.workloads_dir
    if not folder.is_dir():
        raise InputError(
            str(folder),
            None,
            "not a folder: --workloads-dir names the folder of the workloads "
            "snapshots, <cluster>.json each (one file is --workloads FILE)"
            if folder.exists()
            else "no such folder: the workloads snapshots, <cluster>.json each (`karpenter-tenants snapshot` "
            "writes them)",
        )
    asked = []
    for path in _snapshots(folder, _cluster_keys(args.clusters)):
        if path.name.endswith(NODES_SUFFIX):
            continue
        nodes_file = path.with_name(f"{path.stem}{NODES_SUFFIX}")
        asked.append((read_workloads(path), read_nodes(nodes_file) if nodes_file.is_file() else [], prices, path.stem))
    return asked


NODES_SUFFIX = ".nodes.json"  # DIR/<cluster>.nodes.json beside DIR/<cluster>.json


def _cluster_keys(clusters: Path) -> set[str]:
    """The keys of the cluster files (clusters/<key>.yaml); none when the folder cannot be listed (loading the
    clusters says why)."""
    import os

    try:
        return {name[: -len(".yaml")] for name in os.listdir(clusters) if name.endswith(".yaml")}
    except OSError:
        return set()


def _known(path: Path, keys: set[str]) -> bool:
    """DIR/<cluster>.json or DIR/<cluster>.nodes.json of a cluster file's key: what `snapshot` writes."""
    name = path.name
    return (name.endswith(NODES_SUFFIX) and name[: -len(NODES_SUFFIX)] in keys) or name[: -len(".json")] in keys


def _not_read(folder: Path, keys: set[str]) -> list[Path]:
    """The *.json files of a --workloads-dir folder of no cluster (a team's --prices file, another repository's
    cluster): not snapshots, not read, said once (they made every pull request exit 2 blaming --cluster)."""
    return sorted(path for path in folder.glob("*.json") if not _known(path, keys)) if folder.is_dir() else []


def _not_read_line(folder: Path, clusters: Path, not_read: list[Path]) -> str:
    from karpenter_tenants.config.listing import code

    return (
        f"{code(folder.as_posix().rstrip('/') + '/')}: {len(not_read)} file(s) not read, of no cluster file of {code(f'{clusters}/')} "
        "(a snapshot folder holds `<cluster>.json` and `<cluster>.nodes.json`): "
        + first_few([code(path.name, 80) for path in not_read], 10)
    )


def _snapshots(folder: Path, keys: set[str]) -> list[Path]:
    """The snapshot files of a --workloads-dir folder: DIR/<cluster>.json and DIR/<cluster>.nodes.json of the
    cluster files' keys (others are not read: _not_read); InputError naming the first that is a symbolic link (a
    committed link reads a file anywhere on the machine that runs the gate into the pull request's comment) or no
    file."""
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.synthesis.safe_io import link_on_the_way

    # a committed link would read <cluster>.json of any folder of the machine: the folder itself or one on the way to
    # it (dir/link/sub), as the write rule reads a path (safe_io.link_on_the_way; docs/safety.md)
    link = link_on_the_way(folder)
    if link is not None:
        raise InputError(
            str(link),
            None,
            "a symbolic link"
            + (f" on the way to --workloads-dir {folder}" if link != folder else "")
            + ": the snapshot folder is a folder of the repository itself (`karpenter-tenants snapshot` writes it), "
            "not a link to one nor one reached through a link",
        )
    found = sorted(path for path in folder.glob("*.json") if _known(path, keys))
    for path in found:
        if path.is_symlink() or not path.is_file():
            raise InputError(
                str(path),
                None,
                f"{'a symbolic link' if path.is_symlink() else 'not a file'}: a workloads "
                "snapshot is a file of the folder itself, what kubectl printed",
            )
    return found


def _snapshot_nodes(folder: Path, keys: set[str], asked: list[tuple[Any, ...]]) -> dict[str, Any]:
    """Each cluster's nodes for the node review (review.nodes, as `--nodes` gives them to every cluster), by cluster
    key: DIR/<cluster>.nodes.json through the one nodes reader (simulation.run.read_nodes), each file read once (those
    _simulation_inputs read beside a workloads snapshot as it read them); InputError naming the file that is not
    `kubectl get nodes -o json`."""
    from karpenter_tenants.simulation.run import read_nodes

    read = {key: nodes for _, nodes, _, key in asked if getattr(nodes, "reviewed", None) is not None}
    found = {}
    for path in _snapshots(folder, keys):
        if path.name.endswith(NODES_SUFFIX):
            key = path.name.removesuffix(NODES_SUFFIX)
            found[key] = (read[key] if key in read else read_nodes(path)).reviewed
    return found


def _refused_at_deny(
    folder: Path,
    sources: dict[str, Path],
    old_files: dict[str, str],
    new_files: dict[str, str],
    same: set[str],
    facts: dict[str, Any],
) -> list[Any]:
    """Per cluster with a snapshot DIR/<cluster>.json: the workloads the head's isolation policy refuses at deny and
    the base's did not (kinds.isolation.enforcement_switch); BadInput when the snapshot cannot be judged."""
    from karpenter_tenants.commands.preflight import KUBECTL_WORKLOADS
    from karpenter_tenants.config.yaml_input import InputError, read_json
    from karpenter_tenants.kinds.isolation.enforcement_switch import refused_at_deny
    from karpenter_tenants.kinds.isolation.preflight import PreflightError, workloads

    found = []
    _snapshots(folder, set(sources))  # a link (the folder or a snapshot) refused as the simulation refuses it
    for key in sorted(sources):
        path = folder / f"{key}.json"
        if not path.is_file():
            continue

        def items(path: Path = path) -> list[Any]:
            return workloads(read_json(path, str(path), KUBECTL_WORKLOADS), str(path))

        try:
            found += refused_at_deny(key, old_files, new_files, same, facts[key].label_key, str(path), items)
        except (PreflightError, InputError, OSError) as error:
            raise BadInput(f"{error}") from None
    return found


def _simulate(
    asked: tuple[Any, ...],
    sources: dict[str, Path],
    base_sources: dict[Path, str | None],
    old_files: dict[str, str],
    new_files: dict[str, str],
    same: set[str],
    from_empty: bool = False,
) -> Any:
    """The simulation of the cluster the workloads run in, base and head (from_empty: `--from-empty`)."""
    from karpenter_tenants.capacity.catalogue import load_catalogue
    from karpenter_tenants.config.yaml_input import InputError, load_document, read_text
    from karpenter_tenants.reference.shared import shared_dir
    from karpenter_tenants.simulation.offerings import catalogue_prices
    from karpenter_tenants.simulation.revision import side_of
    from karpenter_tenants.simulation.run import simulate

    workloads, nodes, prices, key = asked
    if key is None and len(sources) != 1:
        raise InputError(
            "--workloads",
            None,
            f"several clusters ({', '.join(sorted(sources))}): pass --cluster KEY, the cluster the workloads run in",
        )
    key = key or next(iter(sources))
    if key not in sources:
        raise InputError("--cluster", None, f"{key}: no clusters/{key}.yaml (have: {', '.join(sorted(sources))})")

    def data(text: str | None, name: str) -> Any:
        if text is None:
            return None
        try:
            return load_document(text, name).data
        except InputError:
            return None

    head_data = data(read_text(sources[key], str(sources[key])), str(sources[key]))
    base_data = data(base_sources.get(sources[key]), f"{sources[key]} at the base")
    base_tree = {**{p: new_files[p] for p in same if p in new_files}, **old_files}
    head_side, base_side = side_of(new_files, key, head_data), side_of(base_tree, key, base_data)
    catalogue = load_catalogue(shared_dir())
    region = str(((head_data or {}).get("cluster") or {}).get("region") or "us-east-1")
    return simulate(
        key,
        region,
        base_side,
        head_side,
        nodes,
        workloads,
        catalogue,
        prices or catalogue_prices(catalogue),
        from_empty=from_empty,
    )


def _as_json(changes: list[Any], simulated: list[Any], not_read: list[Path] | None = None) -> str:
    import json

    document: dict[str, Any] = {
        "changes": [
            {
                "cluster": c.cluster,
                "group": c.group,
                "kind": c.kind,
                "name": c.name,
                "action": c.action,
                "effect": c.effect,
                "why": c.why,
                **({"count": c.count} if c.count != 1 else {}),
            }
            for c in changes
        ]
    }
    if len(simulated) == 1:
        document["simulation"] = simulated[0].as_json()
    elif simulated:
        document["simulations"] = {each.cluster: each.as_json() for each in simulated}
    if not_read:
        document["snapshotsNotRead"] = [str(path) for path in not_read]
    return json.dumps(document, indent=2, sort_keys=False) + "\n"


def _generator_upgrade(
    base_marker: str | None,
    old_files: dict[str, str],
    new_files: dict[str, str],
    same: set[str],
    base_sources: dict[Path, str | None],
) -> str:
    """The plan's section on a generator upgrade (empty when the base's dist/ was written by this version or by
    none): which changed files come from the upgrade, by writing the base's cluster files with this generator."""
    from karpenter_tenants import __version__
    from karpenter_tenants.review.generator import attribute, generator_of, markdown, unread_marker

    if unread_marker(base_marker):  # a symbolic link committed as the marker: said, never read (issue 56 item 10)
        return unread_marker(base_marker)
    base_version = generator_of(base_marker)
    if base_version is None or base_version == __version__:
        return ""
    return markdown(attribute(base_version, __version__, old_files, new_files, same, _rendered(base_sources)))


def _rendered(base_sources: dict[Path, str | None]) -> dict[str, str] | None:
    """What this generator writes from the base's cluster files; None when one is missing there or not valid now."""
    import tempfile

    from karpenter_tenants.config.environment import EnvironmentProblem
    from karpenter_tenants.config.loader import ConfigError, load_clusters
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.synthesis.render import render

    present = {path: text for path, text in base_sources.items() if text is not None}  # a cluster new at head: none
    if not present:
        return {}
    with tempfile.TemporaryDirectory() as scratch:
        for path, text in present.items():
            (Path(scratch) / path.name).write_text(text, encoding="utf-8")
        try:
            return render(load_clusters(Path(scratch)))
        except (ConfigError, InputError, EnvironmentProblem):
            return None


def as_synth_left_it(clusters: Path, dist: Path) -> tuple[dict[str, str], dict[str, dict[str, Any]]] | None:
    """(dist/'s files, plan's facts of each cluster) when synth's cache vouches that dist/ holds exactly what synth
    writes from the cluster files as they are (as `check` trusts it: synthesis.incremental.unchanged) and recorded what
    plan reads of their configs; the config is then not even loaded (plan's cost follows the change: at 1,000 tenants
    loading it costs more than the rest). None otherwise, or when a cluster is moving from cluster-autoscaler (its
    runbook reads the config)."""
    from karpenter_tenants.synthesis.incremental import load_cache, unchanged

    cache = load_cache(dist, make_key=False)
    files: dict[str, bytes] = {}  # dist/'s files as unchanged() compared them with what synth recorded
    same = unchanged(clusters, dist, cache, files) if cache is not None else None
    if same is None or cache is None:
        return None
    recorded = cache.inputs.get("plan")
    names = cache.inputs.get("files") or {}
    if not isinstance(recorded, dict) or set(recorded) != set(names):
        return None
    facts = {Path(name).stem: each for name, each in recorded.items()}
    if not all(
        isinstance(each, dict)
        and isinstance(each.get("labelKey"), str)
        and each.get("driftGate") in (None, True, False)
        and not each.get("clusterAutoscaler")
        for each in facts.values()
    ):
        return None
    print_warnings(same[1])
    return {path: data.decode("utf-8") for path, data in sorted(files.items())}, facts  # synth's: UTF-8


def _defaults_lines(sources: dict[str, Path], base_sources: dict[Path, str | None], base: str) -> dict[str, list[str]]:
    """Per cluster, a line per tenantDefaults key the change touches (review.tenant_defaults)."""
    from karpenter_tenants.config.yaml_input import InputError, read_text
    from karpenter_tenants.review.tenant_defaults import defaults_lines

    found = {}
    for key, source in sources.items():
        try:
            head = read_text(source)
        except (InputError, OSError):
            head = None
        found[key] = defaults_lines(base_sources.get(source), head, str(source))
    return found


def _not_your_history(base: str, then: set[str], now: set[str]) -> None:
    """A warning when the default base (the merge base with origin/main) shares no cluster with clusters/: a clone of
    the product repository whose example clusters the team deleted plans against the product's history, where
    every example object reads as removed."""
    if then and now and not then & now:
        print(
            f"warning: the merge base {base[:12]} with origin/main has none of the clusters of clusters/ (it has "
            f"{', '.join(sorted(then)[:5])}; you have {', '.join(sorted(now)[:5])}): if that is not your own history "
            "(a clone of karpenter-tenants whose example clusters you deleted), pass --base with your first commit "
            "(make verify BASE=REV)",
            file=sys.stderr,
        )
