"""Start jsii's Node.js runtime only when a jsii object is first used, not when a module is imported.

Every jsii package (cdk8s, constructs, cdk8s-plus, each module of imports/) loads its assembly into
jsii's Node.js process as it is imported, so importing them starts Node.js and loads every tarball:
about half a second, measured, before any object exists. synth authors the per-tenant objects with
the typed structs of imports/ and serialises them in Python (charts.typed_objects), which needs the
modules' Python classes but nothing of Node.js; only cdk8s objects (App, Chart, ApiObject) do.

defer_assembly_loads() wraps the kernel's provider so that a load request is remembered instead of
sent, and every remembered load is sent, in import order, before the first request of any other kind
(create, get, invoke, ...). Node.js then starts on first use, with the same assemblies loaded in the
same order as before, or never when nothing is used. A load that fails (Node.js missing, a damaged
tarball) fails at first use instead of at import.

The wrapper relies on jsii's Python runtime keeping one global kernel (`jsii._runtime.kernel`) whose
`provider` serves every request; tests/test_jsii_deferred.py checks that against the installed jsii."""

from __future__ import annotations

from typing import Any


class _DeferredLoads:
    """A kernel provider that keeps load requests until the first other request."""

    def __init__(self, provider: Any) -> None:
        self.provider = provider
        self.pending: list[Any] = []

    def load(self, request: Any) -> None:
        self.pending.append(request)

    def flush(self) -> None:
        while self.pending:
            self.provider.load(self.pending.pop(0))

    def __getattr__(self, name: str) -> Any:  # every other request: load what is pending first
        self.flush()
        return getattr(self.provider, name)


def defer_assembly_loads() -> None:
    """Install the wrapper on jsii's kernel (once; before the jsii-backed modules are imported)."""
    from jsii import _runtime

    if not isinstance(_runtime.kernel.provider, _DeferredLoads):
        _runtime.kernel.provider = _DeferredLoads(_runtime.kernel.provider)

