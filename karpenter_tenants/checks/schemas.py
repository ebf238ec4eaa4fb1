"""Structural validation of emitted objects: CRD kinds against their CRD's openAPIV3Schema, core kinds
against kubernetes-validate's schemas. The CRDs are read by reference.crds (never copied here)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from typing import Any

from karpenter_tenants.reference import data as reference_data


def crd_validator(schema: dict[str, Any]) -> Any:
    """A JSON Schema validator for a CRD's schema (Draft 7, as strict_json_schema writes it), with reference data
    as untrusted input: its `$ref`s resolve inside the schema only (an empty registry that retrieves nothing;
    jsonschema's default fetches a remote URL while validating), and `pattern` is matched by RE2, as the API server
    matches it (Python's backtracking `re` could run for hours on a pattern like `^(a+)+$`)."""
    from referencing import Registry

    return _Re2Validator()(schema, registry=Registry())


@cache
def _Re2Validator() -> Any:  # noqa: N802 - a class, made on first use (jsonschema is imported lazily)
    import jsonschema

    def pattern(validator: Any, expression: str, instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
        if validator.is_type(instance, "string") and not reference_data.re2_pattern(expression).search(instance):
            yield jsonschema.ValidationError(f"{instance!r} does not match {expression!r}")

    return jsonschema.validators.extend(jsonschema.Draft7Validator, {"pattern": pattern})


def strict_json_schema(schema: dict[str, Any], reject_unknown: bool = True) -> dict[str, Any]:
    """An openAPIV3Schema as JSON Schema that rejects unknown fields the way the API server prunes
    them (objects with declared properties and no x-kubernetes-preserve-unknown-fields; unless
    reject_unknown is false), and accepts int-or-string fields."""
    result = copy.deepcopy(schema)

    def visit(node: Any) -> None:
        if not isinstance(node, dict):
            return
        if node.get("x-kubernetes-int-or-string"):
            node.pop("type", None)
            node["anyOf"] = [{"type": "integer"}, {"type": "string"}]
        node.pop("nullable", None)
        if (
            reject_unknown
            and node.get("type") == "object"
            and "properties" in node
            and "additionalProperties" not in node
            and not node.get("x-kubernetes-preserve-unknown-fields")
        ):
            node["additionalProperties"] = False
        for key in ("properties", "patternProperties"):
            for child in node.get(key, {}).values():
                visit(child)
        for key in ("items", "additionalProperties", "not"):
            visit(node.get(key))
        for key in ("allOf", "anyOf", "oneOf"):
            for child in node.get(key, []):
                visit(child)

    visit(result)
    # The API server fills metadata itself and checks it apart from the CRD schema.
    result.setdefault("properties", {})["metadata"] = {"type": "object"}
    result["properties"]["apiVersion"] = {"type": "string"}
    result["properties"]["kind"] = {"type": "string"}
    return result
