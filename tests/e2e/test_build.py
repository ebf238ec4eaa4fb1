"""The build step itself: a module that does not compile fails with the compiler's words, not a skip."""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.build import Phases, ToolModule, build


def test_a_failed_build_names_the_module_and_shows_the_compiler_output(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KARPENTER_TENANTS_E2E_CACHE", str(tmp_path / "cache"))
    (tmp_path / "broken/cmd/broken").mkdir(parents=True)
    (tmp_path / "broken/go.mod").write_text("module example.com/broken\n\ngo 1.24\n")
    (tmp_path / "broken/cmd/broken/main.go").write_text("package main\n\nfunc main() { undefinedCall() }\n")
    module = ToolModule("broken", {"broken": "./cmd/broken"}, root=tmp_path)
    with pytest.raises(RuntimeError) as failure:
        build(module, Phases())
    assert f"building broken from {tmp_path / 'broken'} failed" in str(failure.value)
    assert "undefined: undefinedCall" in str(failure.value)
    assert not list((tmp_path / "cache").glob("broken-*")), "a failed build leaves nothing in the cache"
