"""The read-only identity (live.kinds): `dist/<cluster>/base/` of every example cluster holds the ClusterRole
karpenter-tenants-reader, get/list/watch of exactly the kinds the live commands read and nothing else (no Secret, no
ConfigMap, no write verb, no wildcard), and nothing in dist/ binds it (the team binds it to its own user or group)."""

from __future__ import annotations

import yaml
from conftest import EXAMPLE_DIST, objects

from karpenter_tenants.live.kinds import READ_KINDS, READER_ROLE, SNAPSHOT_KINDS, reader_rules


def test_the_role_grants_exactly_what_is_read() -> None:
    assert set(SNAPSHOT_KINDS) <= set(READ_KINDS)
    granted = {(group, resource) for group, resources in reader_rules() for resource in resources}
    assert granted == {(kind.group, kind.plural) for kind in READ_KINDS}
    assert not {resource for _, resource in granted} & {"secrets", "configmaps", "*"}


def test_every_example_cluster_has_the_role_in_base_and_no_binding_of_it(example_files: dict[str, str]) -> None:
    found = objects(example_files)
    clusters = sorted({path.split("/")[0] for path in found})
    assert clusters == sorted(p.name for p in EXAMPLE_DIST.iterdir() if p.is_dir())
    for cluster in clusters:
        role = found[f"{cluster}/base/clusterrole-{READER_ROLE}.yaml"]
        assert role["apiVersion"] == "rbac.authorization.k8s.io/v1" and role["kind"] == "ClusterRole"
        assert role["metadata"] == {
            "name": READER_ROLE,
            "labels": {"app.kubernetes.io/managed-by": "karpenter-tenants"},
        }
        assert role["rules"] == [
            {"apiGroups": [group], "resources": resources, "verbs": ["get", "list", "watch"]}
            for group, resources in reader_rules()
        ]
        kustomization = yaml.safe_load(example_files[f"{cluster}/base/kustomization.yaml"])
        assert f"clusterrole-{READER_ROLE}.yaml" in kustomization["resources"]
    assert not [path for path, obj in found.items() if (obj.get("roleRef") or {}).get("name") == READER_ROLE]
