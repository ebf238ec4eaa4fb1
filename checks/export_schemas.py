"""`python main.py export-schemas OUT`: the CRD schemas of every custom kind used in dist/, as JSON Schema
files in kubeconform's layout, for teams that run kubeconform in their own CI:

    kubeconform -strict -summary -schema-location default \\
      -schema-location 'OUT/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json' dist/
"""

from __future__ import annotations

import json
from pathlib import Path

from checks.schemas import CrdVersion, strict_json_schema
from checks.validate import read_objects
from synth.safe_io import atomic_write


def schema_path(group: str, kind: str, version: str) -> str:
    """kubeconform's {{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json (ResourceKind is lowercase)."""
    return f"{group}/{kind.lower()}_{version}.json"


def export_schemas(folder: Path, crds: dict[tuple[str, str], CrdVersion], out: Path) -> list[str]:
    """Write one JSON Schema per custom (apiVersion, kind) found under folder; return the written paths."""
    used = sorted({(str(o.get("apiVersion")), str(o.get("kind"))) for _, o in read_objects(folder)})
    written = []
    for api_version, kind in used:
        entry = crds.get((api_version, kind))
        if entry is None:
            continue  # core kinds: kubeconform's default location has them
        relative = schema_path(entry.group, entry.kind, entry.version)
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        schema = {"$schema": "http://json-schema.org/draft-07/schema#", **strict_json_schema(entry.schema)}
        atomic_write(target, json.dumps(schema, indent=2, sort_keys=True) + "\n")
        written.append(relative)
    return written
