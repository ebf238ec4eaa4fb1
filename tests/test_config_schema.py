"""config.schema: the cluster config split by section, one module per section of clusters/<name>.yaml, with
karpenter_tenants.config.model re-exporting every public name (for code written before the split)."""

from __future__ import annotations

import importlib
import pkgutil

import karpenter_tenants.config.model
import karpenter_tenants.config.schema
from karpenter_tenants.config.schema.cluster_file import ClusterFile
from karpenter_tenants.config.schema.tenant import Pool, Tenant

SECTIONS = [module.name for module in pkgutil.iter_modules(karpenter_tenants.config.schema.__path__)]


def test_config_model_re_exports_the_schema_modules_own_objects() -> None:
    exported = {name for name in vars(karpenter_tenants.config.model) if not name.startswith("_")}
    for section in SECTIONS:
        module = importlib.import_module(f"karpenter_tenants.config.schema.{section}")
        for name, value in vars(module).items():
            if name.startswith("_") or getattr(value, "__module__", module.__name__) != module.__name__:
                continue
            if isinstance(value, type) or callable(value):
                assert name in exported, f"karpenter_tenants.config.model does not re-export {section}.{name}"
                assert getattr(karpenter_tenants.config.model, name) is value, name


def test_each_top_level_section_is_modelled_in_the_module_named_after_it() -> None:
    modules = {name: field.annotation for name, field in ClusterFile.model_fields.items()}
    assert modules["cluster"].__module__ == "karpenter_tenants.config.schema.cluster"
    assert modules["gitops"].__module__ == "karpenter_tenants.config.schema.gitops"
    assert modules["karpenter"].__module__ == "karpenter_tenants.config.schema.karpenter"
    assert modules["tenancy"].__module__ == "karpenter_tenants.config.schema.tenancy"
    assert modules["iam"].__module__ == "karpenter_tenants.config.schema.iam"
    assert Tenant.__module__ == Pool.__module__ == "karpenter_tenants.config.schema.tenant"


def test_no_schema_module_is_longer_than_600_lines() -> None:
    for section in SECTIONS:
        module = importlib.import_module(f"karpenter_tenants.config.schema.{section}")
        with open(module.__file__, encoding="utf-8") as source:
            assert len(source.readlines()) <= 600, section
