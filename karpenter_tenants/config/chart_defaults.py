"""Which Karpenter chart defaults a cluster file's karpenter.values is checked against (config.loader): installed
once per process by commands.runner as a function that makes them, called when a load first needs them. Making them
imports the reference data's readers, and with them the config's models: a synth with nothing to do loads no cluster
file and so pays neither (a third of its time).

Imports nothing of the product."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_factory: list[Callable[[], Any]] = []
_made: list[Any] = []


def install(factory: Callable[[], Any]) -> None:
    """factory() gives the defaults (a config.rules.warnings.ChartDefaults) or None for none; made on first use."""
    _factory[:] = [factory]
    _made.clear()


def current() -> Any:
    """The installed defaults (None when nothing is installed)."""
    if not _made:
        _made.append(_factory[0]() if _factory else None)
    return _made[0]
