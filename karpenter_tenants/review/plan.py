"""`python main.py plan`: what a change to the cluster configs does to customers' nodes.

Compares freshly synthesized output with dist/ at a git revision (review/git_tree.py) and classifies every change by
its effect in Karpenter (objects/changes.py: destructive, drift, in place), each object by the review its kind is
registered with (review/registry.py: node pools and node classes after Karpenter's drift rules, quotas, buffers,
overlays, the controller's identity, the isolation policies, the Karpenter chart, namespaces), then the AWS side
(review/iam.py) and the 0.31 -> 1.x upgrade path (review/upgrade.py); review/markdown.py renders the report.

Imports review's modules; nothing in review imports it."""

from __future__ import annotations

from typing import Any

from karpenter_tenants.capacity.pools import pool_spec
from karpenter_tenants.kinds.gitops.review import applied_by_hand, one_instruction_per_folder
from karpenter_tenants.objects.changes import DESTRUCTIVE, Change, ClusterFacts
from karpenter_tenants.objects.dist_objects import Objects, objects_of
from karpenter_tenants.objects.review import Sides, group_of
from karpenter_tenants.review.nodes import Nodes, with_nodes
from karpenter_tenants.review.registry import FILE_REVIEWS, GROUPINGS, review_of


def plan(
    old_files: dict[str, str],
    new_files: dict[str, str],
    facts: dict[str, ClusterFacts] | None = None,
    same: set[str] | frozenset[str] = frozenset(),
    nodes: Nodes | dict[str, Nodes] | None = None,
) -> list[Change]:
    """Every change between two dist/ trees, classified; facts: what each cluster's config says beyond them;
    same: files identical on both sides, left out of old_files (their objects still give context, like which
    node pool uses a node class); nodes: the cluster's nodes (`--nodes`), named on each drift that replaces them, or
    each cluster's by its key (`--workloads-dir`: DIR/<cluster>.nodes.json)."""
    old, malformed = _well_formed(_base_objects(old_files, unreadable := []))
    sides = Sides(old, new_side(old, new_files, same), old_files, new_files, same, facts or {})
    changed = {key for key, (path, _) in sides.new.items() if path not in same}
    changes: list[Change] = [_unreadable(path, why) for path, why in (*unreadable, *malformed)]
    for key in sorted({review_of(key[1]).said_under(key, sides) for key in set(sides.old) | changed}):
        path, obj = sides.new.get(key) or sides.old[key]
        group = group_of(path, obj, sides.facts_of(key[0]).label_key)
        try:
            reviewed = review_of(key[1]).review(sides, key, group)
        except (AttributeError, TypeError, KeyError, ValueError, IndexError) as error:
            if key not in sides.old or key not in sides.new:
                raise  # the reviews of what synth writes do not fail: a bug
            # A base object of the right kind and name but a shape synth never writes (edited by hand): said, and
            # compared as if the base did not have it.
            base_path = sides.old.pop(key)[0]
            changes.append(
                _unreadable(base_path, f"{key[1]}/{key[3]} is not as synth writes it ({type(error).__name__}: {error})")
            )
            reviewed = review_of(key[1]).review(sides, key, group)
        changes += [applied_by_hand(change, path, key, sides.new) for change in reviewed]
    if nodes is not None:
        changes = [
            with_nodes(change, sides, each)
            if (each := nodes.get(change.cluster) if isinstance(nodes, dict) else nodes) is not None
            else change
            for change in changes
        ]
    for grouping in GROUPINGS:
        changes = grouping(changes)
    for review in FILE_REVIEWS:
        changes += review(old_files, new_files, same)
    return one_instruction_per_folder(changes)


def readable_base(old_files: dict[str, str]) -> dict[str, str]:
    """old_files with each file that cannot be read at the base revision (a YAML syntax error, an alias bomb, nesting
    too deep) as an Unreadable: every reader of the base (the reviews, capacity, the controller's) sees no object
    there, and plan says the file."""
    from karpenter_tenants.config.yaml_input import InputError, load_all
    from karpenter_tenants.review.git_tree import Unreadable

    readable = dict(old_files)
    for path, text in old_files.items():
        if isinstance(text, Unreadable) or not path.endswith((".yaml", ".yml")):
            continue
        try:
            load_all(text, path)
        except InputError as error:
            readable[path] = Unreadable(f"not readable ({error.detail})")
    return readable


def _base_objects(old_files: dict[str, str], unreadable: list[tuple[str, str]]) -> Objects:
    """The base revision's objects, file by file: a file that cannot be read there (not UTF-8, a YAML syntax error,
    an alias bomb, nesting too deep: edited by hand, or by a hostile commit) is said as such, at that revision, and
    the rest is planned (it stopped the whole plan, naming the working copy's path)."""
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.review.git_tree import Unreadable

    found: Objects = {}
    for path, text in old_files.items():
        if isinstance(text, Unreadable):
            unreadable.append((path, text.why))
            continue
        try:
            found.update(objects_of({path: text}))
        except InputError as error:
            unreadable.append((path, f"not readable ({error.detail})"))
    return found


def new_side(old: Objects, new_files: dict[str, str], same: set[str] | frozenset[str]) -> Objects:
    """The objects of the new side that plan reads: those of the files that differ, and of the files in the folders
    where a review reads the other objects (ObjectReview.reads_its_folder: a node pool's or a buffer's); the files
    identical on both sides elsewhere are not parsed, so plan's cost follows the change, not the cluster. In
    new_files' order, as if every file had been read."""
    differing = objects_of({path: text for path, text in new_files.items() if path not in same})
    folders = {
        path.rpartition("/")[0]
        for key, (path, _) in (*old.items(), *differing.items())
        if review_of(key[1]).reads_its_folder
    }
    context = objects_of(
        {path: text for path, text in new_files.items() if path in same and path.rpartition("/")[0] in folders}
    )
    order = {path: index for index, path in enumerate(new_files)}
    return dict(sorted({**context, **differing}.items(), key=lambda item: order[item[1][0]]))


# The NodePool CRD's maxItems of spec.template.spec.requirements (1.x; ../shared's karpenter.sh_nodepools.yaml, checked
# by tests/unit/review/test_plan_malformed_base.py): a base pool with more is no object the API server holds, and comparing
# thousands of them is not plan's to do.
MAX_REQUIREMENTS = 100
POOL_KINDS = ("NodePool", "Provisioner")


def _well_formed(objects: dict[Any, Any]) -> tuple[dict[Any, Any], list[tuple[str, str]]]:
    """The base revision's objects whose identity is as synth writes it (kind, apiVersion, metadata.name and
    .namespace strings), and (file, why) for the others: a hand-edited base is a finding, never a crash."""
    kept, malformed = {}, []
    for key, (path, obj) in objects.items():
        metadata = obj.get("metadata")
        problems = [
            f"{field} is {value!r}, not a string"
            for field, value in (
                ("kind", obj.get("kind")),
                ("apiVersion", obj.get("apiVersion")),
                ("metadata.name", metadata.get("name") if isinstance(metadata, dict) else None),
            )
            if not isinstance(value, str)
        ]
        if not isinstance(metadata, dict):
            problems = [f"metadata is {metadata!r}, not a mapping"]
        elif not isinstance(metadata.get("namespace", ""), str):
            problems.append(f"metadata.namespace is {metadata['namespace']!r}, not a string")
        elif obj.get("kind") in POOL_KINDS and len(requirements := pool_spec(obj)[0]) > MAX_REQUIREMENTS:
            problems.append(
                f"{obj.get('kind')} {metadata.get('name')} has {len(requirements):,} requirements, more than "
                f"the NodePool CRD allows ({MAX_REQUIREMENTS})"
            )
        if problems:
            malformed.append((path, problems[0]))
        else:
            kept[key] = (path, obj)
    return kept, malformed


def _unreadable(path: str, why: str) -> Change:
    cluster = path.split("/", 1)[0]
    return Change(
        cluster,
        "Karpenter and base objects",
        "file",
        path,
        "changed",
        DESTRUCTIVE,
        f"the base revision's {path}: {why}, which synth never writes (edited by hand?): plan cannot tell what "
        "this change does to nodes there; read the file's diff (compared as if the base did not have it)",
    )
