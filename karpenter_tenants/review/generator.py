"""A generator upgrade in `plan`: the version that wrote dist/ at the base (the second line of synth's marker,
dist/.karpenter-tenants) against this one, and which changed files of dist/ come from the upgrade (the base's
cluster files written by this generator differ from the base's dist/) rather than from clusters/ (the cluster
files' change, written by this generator).

Owns: reading the generator's version back and the attribution. Must not import: commands/."""

from __future__ import annotations

import re
from dataclasses import dataclass

from karpenter_tenants.config.listing import first_few

_GENERATOR = re.compile(r"^generator: karpenter-tenants ([0-9]+\.[0-9]+\.[0-9]+(?:[.+-][0-9A-Za-z.]+)?)$", re.MULTILINE)


def generator_of(marker_text: str | None) -> str | None:
    """The version a marker names; 'before 0.2.0' for a marker from before versions were recorded; None: no marker
    (the base has no dist/ of synth's)."""
    if marker_text is None:
        return None
    found = _GENERATOR.search(marker_text)
    return found.group(1) if found else "before 0.2.0"


@dataclass(frozen=True)
class Upgrade:
    base: str
    head: str
    from_upgrade: list[str]  # changed files the upgrade alone changes
    from_clusters: list[str]  # changed files the cluster files' change changes


def attribute(base: str, head: str, old_files: dict[str, str], new_files: dict[str, str], same: set[str],
              base_rendered: dict[str, str] | None) -> Upgrade:
    """base_rendered: what this generator writes from the base's cluster files (None: they could not be read, every
    changed file is then said to come from either)."""
    changed = sorted(p for p in {*old_files, *new_files} - same if old_files.get(p) != new_files.get(p))
    if base_rendered is None:
        return Upgrade(base, head, changed, changed)
    return Upgrade(base, head,
                   [p for p in changed if old_files.get(p) != base_rendered.get(p)],
                   [p for p in changed if base_rendered.get(p) != new_files.get(p)])


def markdown(upgrade: Upgrade, most: int = 12) -> str:
    def listed(paths: list[str]) -> str:
        return first_few([f"`{p}`" for p in paths], most)

    lines = [f"**Generator karpenter-tenants {upgrade.base} → {upgrade.head}** (CHANGELOG.md says what each version "
             "changes in dist/)."]
    lines.append(f"- from the upgrade (the same cluster files, written by {upgrade.head}): "
                 + (f"{len(upgrade.from_upgrade)} file(s): {listed(upgrade.from_upgrade)}" if upgrade.from_upgrade else "nothing"))
    lines.append("- from clusters/: " + (f"{len(upgrade.from_clusters)} file(s): {listed(upgrade.from_clusters)}"
                                          if upgrade.from_clusters else "nothing"))
    return "\n".join(lines) + "\n\n"
