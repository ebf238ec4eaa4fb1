"""config.schema: the cluster config split by section, one module per section of clusters/<name>.yaml."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import karpenter_tenants.config.schema
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.tenant import Pool, Tenant

SECTIONS = [module.name for module in pkgutil.iter_modules(karpenter_tenants.config.schema.__path__)]


def test_the_config_has_no_re_export_module() -> None:
    """Each name is imported from the module that defines it (issue 42: the shim config.model re-exported them all,
    and 32 modules imported it, 0.38 s of every start-up)."""
    assert importlib.util.find_spec("karpenter_tenants.config.model") is None


def test_each_top_level_section_is_modelled_in_the_module_named_after_it() -> None:
    modules = {name: field.annotation for name, field in ClusterFile.model_fields.items()}
    assert modules["cluster"].__module__ == "karpenter_tenants.config.schema.cluster"
    assert modules["gitops"].__module__ == "karpenter_tenants.config.schema.gitops"
    assert modules["karpenter"].__module__ == "karpenter_tenants.config.schema.karpenter"
    assert modules["tenancy"].__module__ == "karpenter_tenants.config.schema.tenancy"
    assert modules["iam"].__module__ == "karpenter_tenants.config.schema.iam"
    assert Tenant.__module__ == Pool.__module__ == "karpenter_tenants.config.schema.tenant"


def test_no_schema_module_is_longer_than_700_lines() -> None:
    """A section's module stays readable in one sitting (600 lines before `ruff format` spread calls one argument a
    line: about a tenth more)."""
    for section in SECTIONS:
        module = importlib.import_module(f"karpenter_tenants.config.schema.{section}")
        with open(module.__file__, encoding="utf-8") as source:
            assert len(source.readlines()) <= 700, section
