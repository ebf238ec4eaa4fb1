"""objects/dist_objects.py: a dist/ tree's files read back as objects keyed by cluster, kind, namespace and name."""

from __future__ import annotations

from karpenter_tenants.objects.dist_objects import objects_of


def test_an_object_is_keyed_by_its_cluster_folder_kind_namespace_and_name_with_its_file() -> None:
    files = {
        "acme/base/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: karpenter\n  namespace: kube-system\n"
    }
    assert objects_of(files) == {
        ("acme", "ServiceAccount", "kube-system", "karpenter"): (
            "acme/base/sa.yaml",
            {
                "apiVersion": "v1",
                "kind": "ServiceAccount",
                "metadata": {"name": "karpenter", "namespace": "kube-system"},
            },
        ),
    }


def test_a_cluster_wide_object_has_an_empty_namespace_and_every_document_of_a_file_counts() -> None:
    files = {"acme/crds.yaml": "kind: Namespace\nmetadata: {name: a}\n---\nkind: Namespace\nmetadata: {name: b}\n"}
    assert sorted(objects_of(files)) == [("acme", "Namespace", "", "a"), ("acme", "Namespace", "", "b")]


def test_kustomizes_own_file_and_documents_that_are_no_object_are_left_out() -> None:
    files = {
        "acme/base/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [a.yaml]\n",
        "acme/base/a.yaml": "---\n- not an object\n---\nmetadata: {name: no-kind}\n",
    }
    assert objects_of(files) == {}
