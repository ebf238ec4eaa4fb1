"""`python main.py plan`: the Markdown review of what the change does to customers' nodes, against dist/ at a git
revision; exit 3 when --fail-on's gate trips.

Must not import at module level: review/, capacity/, synth/ or config.loader (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from commands.adopt import release_options
from commands.common import load, revision
from commands.output import EXIT_BAD_INPUT, EXIT_GATE, EXIT_OK

NAME = "plan"


def add_parser(commands: Any) -> None:
    plan = commands.add_parser(
        "plan", help="Markdown summary of what the change does to customers' nodes, against dist/ at a git revision"
    )
    plan.add_argument("--base", metavar="REV", type=revision, help="revision to compare with (default: merge base with origin/main)")
    plan.add_argument(
        "--fail-on", choices=["destructive", "drift"], help="exit 3 when changes of this effect (or worse) exist"
    )
    plan.add_argument("--dist", type=Path, default=Path("dist"), help="the committed output folder (default dist/)")
    release_options(plan, "the live release the change's new controller release adopts (as for `adopt`)")


def run(args: argparse.Namespace) -> int:
    from capacity.report import add_plan_lines
    from commands.adopt import release_usage
    from config.versions import Generation
    from review.autoscaler import migration_notes
    from review.changes import SEVERITY, ClusterFacts, gate_tripped
    from review.controller import version_changes
    from review.git_tree import PlanError, merge_base, tree_at_revision
    from review.markdown import markdown
    from review.plan import plan
    from synth.render import render_incremental

    usage = release_usage(args)
    if usage:
        print(f"error: {usage}", file=sys.stderr)
        return EXIT_BAD_INPUT
    clusters = load(args.clusters)
    if clusters is None:
        return EXIT_BAD_INPUT

    try:
        base = args.base or merge_base(args.dist if args.dist.is_dir() else Path("."))
        # What synth would write now: only the parts whose files in dist/ synth's cache does not vouch for are built
        # (after `python main.py`, just what the change touched; without a cache, a fresh clone, every part).
        new_files = render_incremental(clusters, args.dist, jobs=0).files
        # Only the files that differ are read from git (one `git cat-file --batch`) and parsed on both sides.
        old_files, same = tree_at_revision(args.dist, base, new_files)
    except PlanError as error:
        hint = "" if args.base else " (no merge base with origin/main: pass --base REV)"
        print(f"error: {error}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    facts = {
        c.key: ClusterFacts(
            c.config.tenancy.label_key,
            c.config.karpenter.feature_gates.get("driftEnabled", False) if c.config.generation is Generation.V1ALPHA5 else None,
        )
        for c in clusters
    }
    if args.release_values is not None or args.release_secret is not None:
        from dataclasses import replace

        from convert.adopt_release import NoAdoption, ReleaseInputError, plan_release_diff
        from reference.shared import shared_dir

        try:
            adoption = plan_release_diff(clusters, new_files, set(old_files) | set(same), shared_dir(),
                                         args.release_values, args.release_list, args.release_secret)
        except (NoAdoption, ReleaseInputError) as error:
            print(f"error: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        facts[adoption.cluster] = replace(facts[adoption.cluster], adoption=adoption)
    changes = plan(old_files, new_files, facts, same)
    add_plan_lines(changes, old_files, new_files, SEVERITY)
    versions = version_changes(old_files, new_files, same)
    moving = {c.key: migration_notes(c.config) for c in clusters}
    sys.stdout.write(markdown(changes, args.base or f"merge base {base[:12]} with origin/main", versions, moving))
    if gate_tripped(changes, args.fail_on):
        print(f"plan: {args.fail_on} changes present: exit 3 (acknowledge them to merge)", file=sys.stderr)
        return EXIT_GATE
    return EXIT_OK
