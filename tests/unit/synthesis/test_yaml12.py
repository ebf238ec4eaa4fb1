"""What Flux reads is what the user wrote: every string synth writes to dist/ is read back as the same string by a YAML
1.2 parser (kustomize, Flux and Argo CD read dist/ with Go's yaml.v3; ruamel.yaml in YAML 1.2 mode stands in for it
here), names, labels, tags and values that look like numbers included; and `validate` refuses a dist/ file where such a
string is written plain."""

from __future__ import annotations

import copy
import io
import string
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import BASE_V1, load
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from karpenter_tenants.config.loader import ConfigError
from karpenter_tenants.synthesis.render import render_cluster
from karpenter_tenants.synthesis.yaml_text import dump, reads_as_another_type

# Strings that YAML 1.2 (or yaml.v3) reads as numbers but PyYAML's YAML 1.1 resolver reads as strings, and some it
# reads as numbers too; all valid DNS labels, so they can name tenants, namespaces and clusters.
NUMBER_LIKE = ["1e3", "1e-3", "0o17", "1e10", "9e9", "1_000", "123", "0x1f", "0b101", "017", "1e3e3", "2e2x"]


def yaml12(text: str) -> list[Any]:
    reader = YAML(typ="safe", pure=True)
    reader.version = (1, 2)
    return list(reader.load_all(io.StringIO(text)))


@pytest.mark.parametrize(
    "text", [*NUMBER_LIKE, ".5E2", "+1", "-1e3", "1.5", ".inf", "true", "null", "~", "v1.14.1", ""]
)
def test_a_string_dumped_is_the_same_string_to_a_yaml_12_parser(text: str) -> None:
    written = dump({"name": text, "labels": {text or "k": text}, "list": [text]})
    assert yaml12(written) == [{"name": text, "labels": {text or "k": text}, "list": [text]}], written
    assert yaml.safe_load(written) == {"name": text, "labels": {text or "k": text}, "list": [text]}


def test_strings_that_are_strings_to_both_are_written_as_before() -> None:
    """Only what a reader would take for another type is quoted: names and versions stay plain."""
    assert dump({"a": "alpha", "b": "v1.14.1", "c": "1.2.3", "d": "x1e3", "e": "e3"}) == (
        "a: alpha\nb: v1.14.1\nc: 1.2.3\nd: x1e3\ne: e3\n"
    )
    assert not reads_as_another_type("alpha") and reads_as_another_type("1e3") and reads_as_another_type("0o17")


def strings_of(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*strings_of(k), *strings_of(v))]
    if isinstance(value, list):
        return [s for item in value for s in strings_of(item)]
    return []


dns_label = st.one_of(
    st.sampled_from(NUMBER_LIKE),
    st.from_regex(r"\A[0-9][0-9e_]{0,4}[0-9]\Z", fullmatch=True).filter(lambda s: "_" not in s),
    st.text(string.ascii_lowercase + string.digits, min_size=1, max_size=8).filter(lambda s: s[0].isalnum()),
)
label_value = st.one_of(st.sampled_from([*NUMBER_LIKE, ".5", "-1", "+1", "0o7", "1e+3"]), dns_label)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(tenant=dns_label, namespace=dns_label, cluster=dns_label, label=label_value, tag=label_value)
def test_random_names_labels_and_tags_round_trip_through_dist_and_a_yaml_12_parser(
    tmp_path_factory: pytest.TempPathFactory, tenant: str, namespace: str, cluster: str, label: str, tag: str
) -> None:
    data = copy.deepcopy(BASE_V1)
    data["cluster"]["name"] = cluster
    data["tenants"][0].update(name=tenant, namespaces=[namespace], labels={"team": label}, tags={"cost-center": tag})
    try:
        loaded = load(tmp_path_factory.mktemp("c"), data)
    except ConfigError:  # a name the config refuses (e.g. a reserved namespace) is not this test's subject
        assume(False)
    files = render_cluster(loaded)
    seen: set[str] = set()
    for path, text in files.items():
        if not path.endswith(".yaml"):
            continue
        assert yaml12(text) == list(yaml.safe_load_all(text)), path
        seen.update(strings_of(list(yaml.safe_load_all(text))))
    # The drawn values reached dist/ (as names, the tenant label, node labels and EC2 tags).
    assert {tenant, namespace, label, tag} <= seen, {tenant, namespace, label, tag} - seen


def test_validate_finds_a_string_written_plain_that_yaml_12_reads_as_a_number(tmp_path: Path) -> None:
    from karpenter_tenants.checks.validate import read_documents, yaml12_findings

    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "ns.yaml").write_text(
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: 1e3\n  labels:\n    tenant: '1e3'\n"
    )
    [finding] = yaml12_findings(folder, read_documents(folder))
    assert (finding.file, finding.kind, finding.name, finding.path, finding.layer) == (
        "ns.yaml",
        "Namespace",
        "1e3",
        "metadata.name",
        "yaml",
    )
    assert "read it as a number" in finding.message
    (folder / "ns.yaml").write_text(dump({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "1e3"}}))
    assert yaml12_findings(folder, read_documents(folder)) == []


@pytest.mark.parametrize("text", [*NUMBER_LIKE, ".5E2", "+1", "-1e3", "1.5", ".inf", "true", "on", "null", "~", ""])
def test_a_string_in_a_cluster_file_section_import_writes_is_the_same_string_to_a_yaml_12_parser(text: str) -> None:
    """import, import-nodegroups and migrate write cluster-file sections (convert.migrate.dump_config) that Terraform's
    yamldecode (YAML 1.2) reads as well as the product: a tag or label value that looks like a number stays a string."""
    from karpenter_tenants.convert.migrate import dump_config

    section = {"tenants": [{"name": "alpha", "labels": {text or "k": text}, "tags": {"cost-center": text}}]}
    written = dump_config(section)
    assert yaml12(written) == [section], written
    assert yaml.safe_load(written) == section


def yaml11(text: str) -> list[Any]:
    """A YAML 1.1 reader (ruamel.yaml in 1.1 mode): sigs.k8s.io/yaml, kubectl's and kustomize-controller's decoder
    (go-yaml v2), reads `y` and `N` as booleans as it does."""
    reader = YAML(typ="safe", pure=True)
    reader.version = (1, 1)
    return list(reader.load_all(io.StringIO(text)))


@pytest.mark.parametrize("text", ["y", "Y", "n", "N", "yes", "No", "on", "OFF", "true", "~", "1e3", "0o17"])
def test_a_string_dumped_is_the_same_string_to_a_yaml_11_parser_too(text: str) -> None:
    written = dump({"labels": {"tenant": text}, "list": [text]})
    assert yaml11(written) == [{"labels": {"tenant": text}, "list": [text]}], written
    assert yaml12(written) == [{"labels": {"tenant": text}, "list": [text]}], written
    assert reads_as_another_type(text)
