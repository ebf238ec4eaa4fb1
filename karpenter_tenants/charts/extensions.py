"""A platform team's own constructs, added to every tenant's chart or to the cluster-wide base.

An extension is a function in a module of the team's own, named as `"module:function"` (imported only when a
part is built, so a synth with nothing to build imports nothing of it and starts no Node.js):

- a tenant extension is called with each tenant's `charts.parts.TenantCharts` while it is built, and adds
  constructs to `tenant.chart` (`dist/<cluster>/tenants/<tenant>/`);
- a base extension is called with the cluster-wide `charts.parts.ClusterWideCharts`, and adds constructs to
  `cluster.base` (`dist/<cluster>/base/`).

They are given to `commands.cli.main(extensions=Extensions(...))` in the team's own `main.py`
(docs/extending.md has a worked example). synth's cache fingerprints every module that was loaded while
a part was built, wherever it lives, so changing an extension's code rebuilds what it touched."""

from __future__ import annotations

import importlib
import os
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # never run: importing charts.parts imports cdk8s, which starts Node.js
    from constructs import Construct

    from karpenter_tenants.charts.parts import ClusterWideCharts, TenantCharts

_SPEC = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")


class ExtensionError(Exception):
    """An extension could not be loaded or failed while it built a part: the user's code, so bad input (exit 2)."""


@dataclass(frozen=True)
class Extensions:
    """The extensions of one synth: `"module:function"` names, called in the order given."""

    base: tuple[str, ...] = ()
    tenant: tuple[str, ...] = ()

    def check(self) -> None:
        """ExtensionError naming the first prop that is not a list of "module:function" names."""
        for prop in ("base", "tenant"):
            value = getattr(self, prop)
            if isinstance(value, str) or not isinstance(value, (list, tuple)):
                raise ExtensionError(f'Extensions({prop}=...): a list of "module:function" names, not {value!r}')
            for spec in value:
                if not isinstance(spec, str) or not _SPEC.fullmatch(spec):
                    raise ExtensionError(
                        f'Extensions({prop}=...): {spec!r} is not a "module:function" name (e.g. "platform.quota:tenant_quota")'
                    )

    def names(self) -> list[str]:
        """What the cache fingerprints of the extensions themselves (their code: synthesis.incremental)."""
        return [*(f"base={s}" for s in self.base), *(f"tenant={s}" for s in self.tenant)]

    def extend_base(self, cluster: ClusterWideCharts) -> None:
        for spec in self.base:
            _call(spec, cluster)

    def extend_tenant(self, tenant: TenantCharts) -> None:
        for spec in self.tenant:
            _call(spec, tenant)


NONE = Extensions()
_active: list[Extensions] = [NONE]


def use(extensions: Extensions) -> None:
    """The extensions every part built from now on in this process gets (commands.cli.main sets them); ExtensionError
    when they are not "module:function" names."""
    extensions.check()
    _active[0] = Extensions(tuple(extensions.base), tuple(extensions.tenant))


def active() -> Extensions:
    return _active[0]


def load(spec: str) -> Callable[[Any], Any]:
    module_name, _, name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # the user's module: any error it raises is theirs
        raise ExtensionError(f"extension {spec}: cannot import {module_name}: {_describe(error)}") from None
    function = getattr(module, name, None)
    if not callable(function):
        raise ExtensionError(
            f"extension {spec}: {module_name} ({getattr(module, '__file__', '?')}) has no function {name}"
        )
    return function


def _call(spec: str, scope: Construct) -> None:
    function = load(spec)
    try:
        function(scope)
    except ExtensionError:
        raise
    except Exception as error:
        raise ExtensionError(f"extension {spec} failed on {scope.node.path}: {_describe(error)}") from None


def _describe(error: BaseException) -> str:
    """The error and where in the user's code it was raised (the innermost frame outside this product's charts)."""
    frames = traceback.extract_tb(error.__traceback__)
    where = next(
        (f for f in reversed(frames) if "/site-packages/" not in f.filename and "/jsii/" not in f.filename), None
    )
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return f"{text} (at {where.filename}:{where.lineno})" if where is not None else text


def loaded_module_files() -> list[str]:
    """The files of every module loaded now that is not the standard library's or an installed package's (this
    product's and the user's own modules, wherever they live), with the data files beside them in their packages
    (config/naming.json, the jsii assemblies of imports/): synthesis.incremental fingerprints them."""
    import sysconfig

    installed = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    files: set[str] = set()
    packages: set[str] = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if not path or not path.endswith(".py") or any(path.startswith(p + os.sep) for p in installed):
            continue
        files.add(path)
        folder = os.path.dirname(path)
        if os.path.isfile(os.path.join(folder, "__init__.py")):
            packages.add(folder)
    for folder in packages:
        with os.scandir(folder) as entries:
            files.update(
                e.path for e in entries if e.is_file(follow_symlinks=False) and not e.name.endswith((".pyc", ".pyo"))
            )
    return sorted(files)
