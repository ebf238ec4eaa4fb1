r"""`python main.py export-schemas OUT`: the schema of every kind used in dist/, as JSON Schema files in
kubeconform's layout, for teams that run kubeconform in their own CI, offline:

- custom kinds: their CRD's schema (from the reference data);
- core kinds (Namespace, Deployment, NetworkPolicy, FlowSchema, ...): the Kubernetes schema of the cluster's
  version that kubernetes-validate bundles, made standalone (the definitions it refers to inlined).

    kubeconform -strict -summary -ignore-filename-pattern 'aws\.json$' -ignore-filename-pattern 'kustomization\.yaml$' \\
      -schema-location 'OUT/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json' dist/acme

(`python main.py verify` runs exactly that for every cluster, with the schemas of its Kubernetes version.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from karpenter_tenants.checks.schemas import strict_json_schema
from karpenter_tenants.checks.validate import read_objects
from karpenter_tenants.reference.crds import CrdVersion
from karpenter_tenants.synthesis.safe_io import atomic_write


def schema_path(group: str, kind: str, version: str) -> str:
    """kubeconform's {{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json (ResourceKind is lowercase), relative
    to the output folder. kubeconform's Group is the apiVersion's part before the slash, so for a core kind
    (apiVersion v1) it is the version itself: v1/namespace_v1.json (its registry.go)."""
    return f"{group or version}/{kind.lower()}_{version}.json"


class NoSchema(Exception):
    """A kind of dist/ that is neither a CRD's of the reference data nor a Kubernetes core kind of that version."""


def export_schemas(
    folder: Path,
    crds: dict[tuple[str, str], CrdVersion],
    out: Path,
    kubernetes_version: str = "1.33",
    force: bool = False,
) -> list[str]:
    """Write one JSON Schema per (apiVersion, kind) found under folder; return the written paths. NoSchema for a
    kind there is no schema of."""
    found: dict[tuple[str, str], str] = {}
    for relative, obj in read_objects(folder):
        found.setdefault((str(obj.get("apiVersion")), str(obj.get("kind"))), relative)
    for (api_version, kind), relative in found.items():
        problem = _type_problem(api_version, kind)
        if problem is not None:
            raise NoSchema(f"{folder / relative}: {problem}")
    used = sorted(found)
    schemas: dict[str, dict] = {}
    for api_version, kind in used:
        if api_version.startswith("kustomize.config.k8s.io/"):
            continue  # kustomization.yaml: kustomize's own file, which kubeconform is told to skip
        entry = crds.get((api_version, kind))
        if entry is not None:
            relative = schema_path(entry.group, entry.kind, entry.version)
            schema = {"$schema": "http://json-schema.org/draft-07/schema#", **strict_json_schema(entry.schema)}
        else:
            group, _, version = api_version.rpartition("/")
            schema = core_schema(api_version, kind, kubernetes_version)
            relative = schema_path(group, kind, version)
        schemas[relative] = schema
    from karpenter_tenants.synthesis.safe_io import claim_folder, record_folder

    # never through a link, never outside out, over nothing export-schemas did not write (its marker) unless force
    targets = claim_folder(out, list(schemas), command="export-schemas", force=force)
    for relative, schema in schemas.items():  # only once every schema is known: a NoSchema writes nothing
        target = targets[relative]
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, json.dumps(schema, indent=2, sort_keys=True) + "\n")
    record_folder(out, list(schemas), command="export-schemas")
    return list(schemas)


# The shapes Kubernetes gives a type's names, which the schema files are named after (nothing else may reach a
# path): apiextensions-apiserver's CRD validation (pkg/apis/apiextensions/validation/validation.go) wants the group a
# DNS-1123 subdomain, each version a DNS-1035 label and the kind, lowercased, a DNS-1035 label; the core group's
# apiVersion is the bare version (v1). apimachinery's ParseGroupVersion splits at the one slash.
_GROUP = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")
_LABEL_1035 = re.compile(r"[a-z]([-a-z0-9]*[a-z0-9])?")


def _type_problem(api_version: str, kind: str) -> str | None:
    """Why apiVersion/kind cannot name a Kubernetes type (None when they can), for NoSchema."""
    group, slash, version = api_version.rpartition("/")
    if (
        (slash and not (_GROUP.fullmatch(group) and len(group) <= 253))
        or not _LABEL_1035.fullmatch(version)
        or len(version) > 63
    ):
        return (
            f"apiVersion {api_version!r} is not GROUP/VERSION or VERSION (a DNS subdomain and a DNS-1035 label, "
            "as v1 or karpenter.sh/v1): fix the manifest"
        )
    if not (_LABEL_1035.fullmatch(kind.lower()) and len(kind) <= 63):
        return f"kind {kind!r} of {api_version} is not a Kubernetes kind (letters, digits and '-', as NodePool): fix the manifest"
    return None


def core_schema(api_version: str, kind: str, kubernetes_version: str) -> dict:
    """The strict schema of a Kubernetes core kind at that version (the newest kubernetes-validate has that is not
    newer), standalone: every definition it refers to, transitively, under its own $defs."""
    import re

    from kubernetes_validate import utils

    wanted = tuple(int(p) for p in kubernetes_version.split(".")[:2])
    versions = [v for v in utils.all_versions() if tuple(int(p) for p in v.split(".")[:2]) <= wanted]
    if not versions:
        raise NoSchema(
            f"no Kubernetes schemas for {kubernetes_version} (kubernetes-validate has {utils.all_versions()[0]} on)"
        )
    name = re.sub(r"^([^./]*)(?:\.[^/]*)?/", r"\1-", api_version)
    # The newest release not newer than asked that serves this apiVersion (flowcontrol v1beta3 went with 1.32):
    # one export serves a dist/ whose clusters run different Kubernetes versions.
    for version in reversed(versions):
        folder = f"kubernetes-json-schema/v{version}-local-strict"
        try:
            schema = utils.schema_contents(f"{folder}/{kind.lower()}-{name}.json", kubernetes_version)
            break
        except FileNotFoundError:
            continue
    else:
        raise NoSchema(
            f"{api_version} {kind}: neither a CRD of the reference data nor a Kubernetes kind up to {versions[-1]}"
        )
    definitions = utils.schema_contents(f"{folder}/_definitions.json", kubernetes_version)["$defs"]
    needed: dict[str, object] = {}

    def local(node: object) -> object:
        if isinstance(node, dict):
            found = {}
            for key, value in node.items():
                if key == "$ref" and isinstance(value, str) and "#/$defs/" in value:
                    ref = value.rpartition("#/$defs/")[2]
                    if ref not in needed:
                        needed[ref] = None  # before the walk: recursive definitions end here
                        needed[ref] = local(definitions[ref])
                    found[key] = f"#/$defs/{ref}"
                else:
                    found[key] = local(value)
            return found
        if isinstance(node, list):
            return [local(item) for item in node]
        return node

    standalone = local(schema)
    assert isinstance(standalone, dict)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **standalone,
        "$defs": dict(sorted(needed.items())),
    }
