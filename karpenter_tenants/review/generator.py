"""A generator upgrade in `plan`: the version that wrote dist/ at the base (the second line of synth's marker,
dist/.karpenter-tenants) against this one, and which changed files of dist/ come from the upgrade (the base's
cluster files written by this generator differ from the base's dist/) rather than from clusters/ (the cluster
files' change, written by this generator).

Owns: reading the generator's version back and the attribution. Must not import: commands/."""

from __future__ import annotations

import re
from dataclasses import dataclass

from karpenter_tenants.config.listing import escaped, first_few

_GENERATOR = re.compile(r"^generator: karpenter-tenants ([0-9]+\.[0-9]+\.[0-9]+(?:[.+-][0-9A-Za-z.]+)?)$", re.MULTILINE)


def generator_of(marker_text: str | None) -> str | None:
    """The version a marker names; 'before 0.2.0' for a marker from before versions were recorded; None: no marker
    (the base has no dist/ of synth's), or one that was not read (a symbolic link at the revision: unread_marker)."""
    if marker_text is None or unread_marker(marker_text):
        return None
    found = _GENERATOR.search(marker_text)
    return found.group(1) if found else "before 0.2.0"


def unread_marker(marker_text: str | None) -> str:
    """The plan's words for a base marker that was not read (git_tree.Unreadable: a symbolic link committed in its
    place, whose text is a path and never a marker), "" for any other."""
    why = getattr(marker_text, "why", None)
    if not why:
        return ""
    return (
        f"**dist/.karpenter-tenants at the base: {escaped(why)}**: synth writes it as a plain file, so which "
        "generator wrote the base's dist/ is not known and no changed file is attributed to a generator change; "
        "run `python main.py` (synth) and commit the marker it writes.\n\n"
    )


def version_order(version: str) -> tuple[tuple[int, ...], int, str]:
    """A generator version's order: its release numbers, a pre-release (`-rc1`, `a1`, `.dev0`) before the release
    (`+local` and `.post1` after), 'before 0.2.0' before every recorded one."""
    found = re.match(r"([0-9]+)\.([0-9]+)\.([0-9]+)(.*)$", version)
    if found is None:
        return ((), 0, version)
    rest = found.group(4)
    pre = bool(rest) and not rest.startswith(("+", ".post", "-post"))
    return (tuple(int(part) for part in found.groups()[:3]), 0 if pre else 1, rest)


@dataclass(frozen=True)
class Upgrade:
    base: str
    head: str
    from_upgrade: list[str]  # changed files the upgrade alone changes
    from_clusters: list[str]  # changed files the cluster files' change changes

    @property
    def downgrade(self) -> bool:
        """The base's dist/ was written by a newer generator than the head's (99.0.0 → 0.2.0)."""
        return version_order(self.head) < version_order(self.base)


def attribute(
    base: str,
    head: str,
    old_files: dict[str, str],
    new_files: dict[str, str],
    same: set[str],
    base_rendered: dict[str, str] | None,
) -> Upgrade:
    """base_rendered: what this generator writes from the base's cluster files (None: they could not be read, every
    changed file is then said to come from either)."""
    changed = sorted(p for p in {*old_files, *new_files} - same if old_files.get(p) != new_files.get(p))
    if base_rendered is None:
        return Upgrade(base, head, changed, changed)
    return Upgrade(
        base,
        head,
        [p for p in changed if old_files.get(p) != base_rendered.get(p)],
        [p for p in changed if base_rendered.get(p) != new_files.get(p)],
    )


def markdown(upgrade: Upgrade, most: int = 12) -> str:
    def listed(paths: list[str]) -> str:
        return first_few([f"`{p}`" for p in paths], most)

    if upgrade.downgrade:  # a newer generator wrote the base: what this change does is undo what it writes
        lines = [
            f"**Generator karpenter-tenants {upgrade.base} → {upgrade.head}: a downgrade** (the base's dist/ was "
            f"written by {upgrade.base}, newer than {upgrade.head}, which writes the head's: install "
            f"{upgrade.base} or newer to plan this change, unless going back is meant; CHANGELOG.md says what "
            "each version changes in dist/)."
        ]
    else:
        lines = [
            f"**Generator karpenter-tenants {upgrade.base} → {upgrade.head}** (CHANGELOG.md says what each version "
            "changes in dist/)."
        ]
    lines.append(
        f"- from the {'downgrade' if upgrade.downgrade else 'upgrade'} (the same cluster files, written by "
        f"{upgrade.head}): "
        + (
            f"{len(upgrade.from_upgrade)} file(s): {listed(upgrade.from_upgrade)}"
            if upgrade.from_upgrade
            else "nothing"
        )
    )
    lines.append(
        "- from clusters/: "
        + (
            f"{len(upgrade.from_clusters)} file(s): {listed(upgrade.from_clusters)}"
            if upgrade.from_clusters
            else "nothing"
        )
    )
    return "\n".join(lines) + "\n\n"
