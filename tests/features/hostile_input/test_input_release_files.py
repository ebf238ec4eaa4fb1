"""The live release files of `adopt`/`plan --release-values/--release-list/--release-secret` as a careless user may
give them: any JSON at any place of `helm get values --all`'s object, `helm list -o json`'s list, a Secret, a List of
Secrets or the release record inside one is read or refused with a ReleaseInputError naming the file (exit 2), never
another exception (exit 70); what is read has the shape the comparison relies on."""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_plan_malformed_base import replaced

from karpenter_tenants.kinds.controller.adopt_release import GeneratedRelease, ReleaseInputError, read_live_release

GENERATED = GeneratedRelease("karpenter", "karpenter", "Flux HelmRelease karpenter/karpenter", "1.14.1", {}, None)
VALUES = {
    "controller": {"image": {"tag": "1.14.1"}},
    "serviceAccount": {"create": True, "name": ""},
    "settings": {"clusterName": "acme"},
    "replicas": 2,
}
RECORD = {
    "name": "karpenter",
    "namespace": "karpenter",
    "version": 1,
    "info": {"status": "deployed"},
    "chart": {"metadata": {"name": "karpenter", "version": "1.14.1"}, "values": VALUES},
    "config": {"replicas": 1},
}
LISTING = [
    {
        "name": "karpenter",
        "namespace": "karpenter",
        "revision": "1",
        "status": "deployed",
        "chart": "karpenter-1.14.1",
        "app_version": "1.14.1",
    }
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


def _secret(record: Any) -> dict[str, Any]:
    helm = base64.b64encode(gzip.compress(json.dumps(record).encode()))
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "type": "helm.sh/release.v1",
        "metadata": {
            "name": "sh.helm.release.v1.karpenter.v1",
            "namespace": "karpenter",
            "labels": {"owner": "helm", "status": "deployed"},
        },
        "data": {"release": base64.b64encode(helm).decode()},
    }


def _read(tmp: Path, option: str, document: Any) -> None:
    path = tmp / f"{option}.json"
    path.write_text(json.dumps(document))
    values = tmp / "values.json"
    if option != "values":
        values.write_text(json.dumps(VALUES))
    try:
        live = read_live_release(
            values if option != "secret" else None,
            path if option == "list" else None,
            path if option == "secret" else None,
            GENERATED,
        )
    except ReleaseInputError as error:
        assert str(error).startswith(f"{path}: ") and "\n" not in str(error), error
        return
    assert isinstance(live.values, dict) and isinstance(live.values.get("serviceAccount", {}), dict | None)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=json_values, option=st.sampled_from(["values", "list", "secret", "record", "items"]))
def test_any_json_anywhere_in_a_release_file_is_read_or_refused_naming_the_file(
    tmp_path: Path, data: st.DataObject, value: Any, option: str
) -> None:
    base: Any = {
        "values": VALUES,
        "list": LISTING,
        "secret": _secret(RECORD),
        "record": RECORD,
        "items": {"kind": "List", "items": [_secret(RECORD)]},
    }[option]
    path = data.draw(st.sampled_from([(), *paths(base)]))
    document = replaced(base, path, value)
    if option == "record":
        _read(tmp_path, "secret", _secret(document))
    elif option == "items":
        _read(tmp_path, "secret", document)
    else:
        _read(tmp_path, option, document)


def test_a_values_file_larger_than_a_release_record_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """`--release-values` of 9 MiB (a record is capped at 8 MiB; JSON takes ~17 times its file in memory): refused by
    its size, naming the file, without parsing it."""
    path = tmp_path / "values.json"
    path.write_text(json.dumps({**VALUES, "padding": "x" * (9 * 1024 * 1024)}))
    with pytest.raises(ReleaseInputError) as raised:
        read_live_release(path, None, None, GENERATED)
    assert raised.value.file == str(path) and "larger than 8 MiB" in str(raised.value)
    path.write_text(json.dumps({**VALUES, "padding": "x" * (1024 * 1024)}))  # 1 MiB: read
    assert read_live_release(path, None, None, GENERATED).values["padding"]
