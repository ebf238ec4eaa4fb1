"""The objects charts.typed_objects serialises in Python are, byte for byte, what cdk8s's own toJson makes
of the same ApiObject (built through jsii in a chart with the same labels): for every typed object of
the example clusters, of a generated 500-tenant cluster, of mutated configs, and for random free-form
values (labels, annotations, tags, Helm values: key order, numbers, nulls, empty maps and lists)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from cdk8s import ApiObjectMetadata, App, Chart
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from charts.cluster import ClusterCharts
from charts.typed_objects import TypedChart, chart_metadata, chart_objects, js_keys, raw_object, typed_object, union_of
from config.loader import ConfigError, LoadedCluster, load_cluster_file
from imports.flux_helm.io.fluxcd.toolkit.helm import HelmRelease, HelmReleaseSpec
from imports.karpenter_aws_v1.aws.k8s.karpenter import (
    Ec2NodeClass,
    Ec2NodeClassSpec,
    Ec2NodeClassSpecAmiSelectorTerms,
    Ec2NodeClassSpecSecurityGroupSelectorTerms,
    Ec2NodeClassSpecSubnetSelectorTerms,
)
from imports.karpenter_v1.sh.karpenter import (
    NodePool,
    NodePoolSpec,
    NodePoolSpecLimits,
    NodePoolSpecTemplate,
    NodePoolSpecTemplateSpec,
    NodePoolSpecTemplateSpecNodeClassRef,
    NodePoolSpecTemplateSpecRequirements,
    NodePoolSpecTemplateSpecRequirementsOperator,
)
from synth.yaml_text import dump

sys.path.insert(0, str(Path(__file__).parent))
from test_robustness import mutated_configs  # noqa: E402  (the same mutated configs)


def exact(document: Any) -> str:
    """Order, types (1 vs 1.0 vs true vs "1") and nulls all show in JSON text."""
    return json.dumps(document, ensure_ascii=False)


def twins(cluster: LoadedCluster) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every typed object of the cluster's charts: (Python serialisation, cdk8s toJson of the same object)."""
    charts = ClusterCharts(cluster)
    pairs = []
    for chart in [*charts.folders.values(), charts.tenants]:
        # Every chart holds typed objects only (the cluster-wide ones too), so every object is compared here.
        assert isinstance(chart, TypedChart), f"{chart.id} is a cdk8s chart"
        objects = chart_objects(chart)
        if not objects:
            continue
        labels, namespace = chart_metadata(chart)
        twin = Chart(App(), "twin", labels=labels, namespace=namespace)
        pairs += [(obj.to_json(), obj.to_cdk8s(twin).to_json()) for obj in objects]
    assert len(pairs) == sum(len(output.objects) for output in charts.outputs()), "an object is no typed object"
    return pairs


def assert_identical(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    assert pairs, "no typed objects compared"
    for ours, theirs in pairs:
        assert exact(ours) == exact(theirs)
        assert dump(ours) == dump(theirs)


def test_every_typed_object_of_the_examples_is_what_cdk8s_writes(examples: list[LoadedCluster]) -> None:
    pairs = [pair for cluster in examples for pair in twins(cluster)]
    kinds = {ours["kind"] for ours, _ in pairs}
    assert {"NodePool", "EC2NodeClass", "Provisioner", "AWSNodeTemplate", "Kustomization", "Application"} <= kinds
    # The cluster-wide objects: cdk8s-plus-33's k8s classes, raw FlowSchemas, Flux's chart sources.
    assert {
        "Namespace", "ServiceAccount", "NetworkPolicy", "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding",
        "FlowSchema", "OCIRepository", "HelmRelease",
    } <= kinds
    assert_identical(pairs)


def test_every_typed_object_of_a_500_tenant_cluster_is_what_cdk8s_writes(tmp_path: Path) -> None:
    """Tenants cycled from every example tenant (1.x and 0.31 generations alike), renamed."""
    for example in ("acme", "acme-legacy", "acme-argocd"):
        config = yaml.safe_load((ROOT / f"clusters/{example}.yaml").read_text())
        templates = config["tenants"]
        config["tenants"] = [
            {**templates[i % len(templates)], "name": f"t{i:04d}", "namespaces": [f"t{i:04d}"]}
            for i in range(500 if example == "acme" else 50)
        ]
        for tenant in config["tenants"]:
            for key in ("nodeRole", "instanceProfile"):
                if key in tenant:
                    tenant[key] = f"{tenant[key]}-{tenant['name']}"
        path = tmp_path / f"{example}.yaml"
        path.write_text(yaml.safe_dump(config))
        assert_identical(twins(load_cluster_file(path)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(config=mutated_configs())
def test_every_typed_object_of_a_mutated_config_is_what_cdk8s_writes(
    config: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("clusters") / "acme.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    try:
        cluster = load_cluster_file(path)
    except ConfigError:
        return
    assert_identical(twins(cluster))


# --- free-form values ----------------------------------------------------------------------------------

KEYS = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["0", "1", "2", "9", "10", "01", "-1", "1.5", "4294967294", "4294967295", "a", "B", "_", "é", "\ue000", "😀"]),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),  # JavaScript numbers hold integers exactly up to 2**53
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6),
)
FREE = st.recursive(
    SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=4)), max_leaves=12
)
STRINGS = st.dictionaries(KEYS, st.text(max_size=4), max_size=5)


def compare(api_class: type, spec: Any) -> None:
    """One typed object with spec, compared with cdk8s's toJson of the same object."""
    chart = Chart(App(), "chart", labels={"app.kubernetes.io/managed-by": "karpenter-tenants"})
    obj = typed_object(api_class, chart, "o", metadata=ApiObjectMetadata(name="o"), spec=spec)
    twin = Chart(App(), "twin", labels=chart_metadata(chart)[0])
    assert_identical([(obj.to_json(), obj.to_cdk8s(twin).to_json())])


@settings(max_examples=150, deadline=None)
@given(values=FREE, labels=STRINGS, annotations=STRINGS, finalizers=st.lists(st.text(max_size=4), max_size=2))
def test_free_form_values_and_metadata_are_what_cdk8s_writes(
    values: Any, labels: dict[str, str], annotations: dict[str, str], finalizers: list[str]
) -> None:
    metadata = ApiObjectMetadata(name="karpenter", labels=labels, annotations=annotations, finalizers=finalizers)
    chart = Chart(App(), "chart", labels={"app.kubernetes.io/managed-by": "karpenter-tenants"})
    obj = typed_object(HelmRelease, chart, "r", metadata=metadata, spec=HelmReleaseSpec(interval="1m", values=values))
    twin = Chart(App(), "twin", labels=chart_metadata(chart)[0])
    assert_identical([(obj.to_json(), obj.to_cdk8s(twin).to_json())])


@settings(max_examples=60, deadline=None)
@given(
    tags=STRINGS,
    limits=st.dictionaries(KEYS, st.sampled_from(["1", "10", "64Gi", "1000m", 4, 2.5]), max_size=3),
    values=st.lists(st.text(max_size=3), max_size=3),
    held=st.booleans(),
)
def test_maps_quantities_lists_and_enums_are_what_cdk8s_writes(
    tags: dict[str, str], limits: dict[str, str | float], values: list[str], held: bool
) -> None:
    """held: the quantities made by union_of() (kept in Python, no jsii object) instead of from_string/from_number."""

    def quantity(value: str | float) -> NodePoolSpecLimits:
        if held:
            return union_of(NodePoolSpecLimits, value)
        return NodePoolSpecLimits.from_string(value) if isinstance(value, str) else NodePoolSpecLimits.from_number(value)

    quantities = {key: quantity(value) for key, value in limits.items()}
    requirement = NodePoolSpecTemplateSpecRequirements(
        key="k", operator=NodePoolSpecTemplateSpecRequirementsOperator.IN, values=values
    )
    node_class = NodePoolSpecTemplateSpecNodeClassRef(group="g", kind="k", name="n")
    template = NodePoolSpecTemplate(spec=NodePoolSpecTemplateSpec(node_class_ref=node_class, requirements=[requirement]))
    compare(NodePool, NodePoolSpec(limits=quantities, template=template))
    compare(
        Ec2NodeClass,
        Ec2NodeClassSpec(
            role="r",
            tags=tags,
            ami_selector_terms=[Ec2NodeClassSpecAmiSelectorTerms(alias="al2023@latest")],
            subnet_selector_terms=[Ec2NodeClassSpecSubnetSelectorTerms(tags=tags or None)],
            security_group_selector_terms=[Ec2NodeClassSpecSecurityGroupSelectorTerms(id="sg-1")],
        ),
    )


def test_javascript_key_order_puts_array_indexes_first() -> None:
    """What V8 does with {"b": 1, "10": 2, "a": 3, "9": 4, "01": 5} after sorting the keys."""
    assert js_keys(["b", "10", "a", "9", "01", "4294967295"], sort=True) == ["9", "10", "01", "4294967295", "a", "b"]


def test_an_object_without_a_name_is_refused() -> None:
    chart = Chart(App(), "chart")
    obj = typed_object(HelmRelease, chart, "r", spec=HelmReleaseSpec(interval="1m"))
    with pytest.raises(TypeError, match="give every object a metadata name"):
        obj.to_json()


def test_two_objects_with_one_id_in_a_chart_are_refused() -> None:
    chart = Chart(App(), "chart")
    typed_object(HelmRelease, chart, "r", metadata=ApiObjectMetadata(name="a"), spec=HelmReleaseSpec(interval="1m"))
    with pytest.raises(ValueError, match="There is already a Construct with name 'r'"):
        typed_object(HelmRelease, chart, "r", metadata=ApiObjectMetadata(name="b"), spec=HelmReleaseSpec(interval="1m"))


def test_union_of_refuses_a_class_that_is_no_union() -> None:
    with pytest.raises(TypeError, match="NodePoolSpec is not a union class of imports/"):
        union_of(NodePoolSpec, "1")


# --- cdk8s-plus-33's k8s module and raw objects (the cluster-wide objects) ------------------------------------


def test_every_class_of_cdk8s_plus_k8s_has_its_tables() -> None:
    """The tables read from cdk8s-plus-33's tarball (lib/imports/k8s.js: static GVK fields, not the assignments of
    cdk8s import's output) cover every API object class and struct of the Python module, field for field."""
    from cdk8s import ApiObject
    from cdk8s_plus_33 import k8s

    from charts.typed_objects import _plan, assembly

    table = assembly(k8s.__name__)
    classes = [name for name, value in vars(k8s).items() if isinstance(value, type) and issubclass(value, ApiObject)]
    assert len(classes) > 150 and set(classes) == set(table.gvk)
    assert table.gvk["KubeNetworkPolicy"] == ("networking.k8s.io/v1", "NetworkPolicy")
    structs = [name for name, value in vars(k8s).items() if hasattr(value, "__jsii_name_mapping__")]
    assert set(structs) == set(table.structs)
    for name in structs:
        _plan(k8s.__name__, name)  # every field's JSON name maps to a Python attribute


@settings(max_examples=100, deadline=None)
@given(
    labels=STRINGS, annotations=STRINGS, finalizers=st.lists(st.text(max_size=4), max_size=2),
    namespace=st.one_of(st.none(), st.text(min_size=1, max_size=4)), port=st.one_of(st.integers(0, 70000), st.text(max_size=4)),
)
def test_cdk8s_plus_objects_with_object_meta_are_what_cdk8s_writes(
    labels: dict[str, str], annotations: dict[str, str], finalizers: list[str], namespace: str | None, port: int | str
) -> None:
    """k8s.ObjectMeta (not cdk8s's ApiObjectMetadata) merged with the chart's labels and namespace, then written by
    toJson_ObjectMeta; IntOrString made by union_of() as by from_number/from_string."""
    from cdk8s_plus_33 import k8s

    metadata = k8s.ObjectMeta(name="n", namespace=namespace, labels=labels, annotations=annotations, finalizers=finalizers)
    chart = TypedChart("chart", labels={"app.kubernetes.io/managed-by": "karpenter-tenants", "a": "b"}, namespace="ns")
    objects = [
        typed_object(k8s.KubeNamespace, chart, "namespace", metadata=metadata),
        typed_object(
            k8s.KubeNetworkPolicy, chart, "policy", metadata=metadata,
            spec=k8s.NetworkPolicySpec(
                pod_selector=k8s.LabelSelector(match_labels=labels),
                ingress=[k8s.NetworkPolicyIngressRule(ports=[k8s.NetworkPolicyPort(port=union_of(k8s.IntOrString, port))])],
                egress=[k8s.NetworkPolicyEgressRule()],
            ),
        ),
    ]
    twin = Chart(App(), "twin", labels=chart.labels, namespace=chart.namespace)
    assert_identical([(obj.to_json(), obj.to_cdk8s(twin).to_json()) for obj in objects])


PATCH_VALUES = st.recursive(
    st.one_of(st.booleans(), st.integers(-(2**53), 2**53), st.floats(allow_nan=False, allow_infinity=False, width=32), st.text(max_size=4)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(spec=PATCH_VALUES, status=st.dictionaries(KEYS, PATCH_VALUES, max_size=3), labels=STRINGS)
def test_raw_objects_with_json_patches_are_what_cdk8s_writes(spec: Any, status: dict[str, Any], labels: dict[str, str]) -> None:
    """ApiObject with JsonPatch.add: the patched values unsorted (JavaScript's key order), added after the header."""
    chart = TypedChart("chart", labels={"app.kubernetes.io/managed-by": "karpenter-tenants"})
    obj = raw_object(
        chart, "fs", api_version="flowcontrol.apiserver.k8s.io/v1", kind="FlowSchema",
        metadata=ApiObjectMetadata(name="fs", labels=labels), add={"/spec": spec, "/status": status, "/data": [spec]},
    )
    twin = Chart(App(), "twin", labels=chart.labels)
    assert_identical([(obj.to_json(), obj.to_cdk8s(twin).to_json())])


@pytest.mark.parametrize(
    ("add", "message"),
    [
        ({"/metadata": {}}, "raw objects add top-level fields other than the header only"),
        ({"/spec/rules": []}, "raw objects add top-level fields other than the header only"),
        ({"/spec": {"a": None}}, "a raw object's patch holds None"),
    ],
)
def test_raw_objects_refuse_what_they_do_not_reproduce(add: dict[str, Any], message: str) -> None:
    chart = TypedChart("chart")
    with pytest.raises((ValueError, TypeError), match=message):
        raw_object(chart, "x", api_version="v1", kind="X", metadata=ApiObjectMetadata(name="x"), add=add).to_json()


@pytest.mark.parametrize(
    "manifest",
    ['{"name": "x"}', '{"submodules": {"x.other": {"symbolId": "src/other:"}}}', '{"submodules": {"x.k8s": {}}}'],
)
def test_a_submodule_the_manifest_does_not_place_is_refused(manifest: str) -> None:
    from charts.typed_objects import _submodule_file

    with pytest.raises(ValueError, match="cannot find the JavaScript of jsii submodule k8s"):
        _submodule_file(manifest, "k8s")


def test_an_unknown_conversion_in_a_struct_is_refused_when_the_struct_is_used() -> None:
    from charts.typed_objects import parse_javascript

    source = "function toJson_S(obj) {\n    const result = {\n        'a': obj.a?.somethingNew(),\n    };\n}"
    table = parse_javascript(source)
    assert list(table.structs) == ["S"]
    with pytest.raises(ValueError, match=r"a conversion this module does not know: obj\.a\?\.somethingNew\(\)"):
        table.structs["S"]
