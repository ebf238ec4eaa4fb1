"""What a snapshot keeps (live.snapshot): the fields the readers read and nothing else. Held together with the
readers themselves: every pod spec field the simulation sends to the scheduler and every one the isolation policy of
each example cluster reads is kept; env values, annotations, managed fields, images and volume sources never are;
and the findings (workloads asking for nothing, nodes without allocatable, pods whose owner is missing)."""

from __future__ import annotations

import json
from typing import Any

from conftest import EXAMPLE_DIST
from hypothesis import given
from hypothesis import strategies as st
from support.fake_apiserver import controller, node, pod

from karpenter_tenants.kinds.isolation.policy_reads import spec_fields
from karpenter_tenants.kinds.isolation.preflight import load_policy
from karpenter_tenants.live import kinds
from karpenter_tenants.live.snapshot import POD_SPEC, as_list, kept, snapshot
from karpenter_tenants.simulation.workloads import POD_SPEC_FIELDS, workloads_of


def test_every_field_a_reader_reads_is_kept() -> None:
    assert set(POD_SPEC_FIELDS) <= set(POD_SPEC)
    for cluster in sorted(p.name for p in EXAMPLE_DIST.iterdir() if p.is_dir()):
        policy = load_policy(EXAMPLE_DIST, cluster)
        if policy is not None:
            fields = spec_fields(policy.policy)
            assert fields is not None and fields <= set(POD_SPEC), (cluster, fields)


SECRETS = {
    "env": "hunter2-env",
    "from": "hunter2-valuefrom",
    "annotation": "hunter2-annotation",
    "command": "hunter2-command",
    "csi": "hunter2-csi",
}


def hostile_pod() -> dict[str, Any]:
    found = pod(
        "alpha",
        "web-1",
        env=[
            {"name": "DB_PASSWORD", "value": SECRETS["env"]},
            {"name": "T", "valueFrom": {"secretKeyRef": {"name": SECRETS["from"], "key": "k"}}},
        ],
    )
    container = found["spec"]["containers"][0]
    container.update(
        envFrom=[{"secretRef": {"name": "s"}}],
        command=["run", SECRETS["command"]],
        args=["--password", SECRETS["command"]],
        ports=[{"containerPort": 80}, {"containerPort": 9100, "hostPort": 9100, "name": "metrics"}],
        livenessProbe={"exec": {"command": [SECRETS["command"]]}},
        restartPolicy="Always",
    )
    found["metadata"]["annotations"]["vault.hashicorp.com/secret"] = SECRETS["annotation"]
    found["spec"]["initContainers"] = [
        {
            "name": "init",
            "image": "i",
            "env": [{"name": "K", "value": SECRETS["env"]}],
            "resources": {"requests": {"cpu": "1"}},
        }
    ]
    found["spec"]["volumes"] = [
        {"name": "creds", "secret": {"secretName": "db", "items": [{"key": "password", "path": "p"}]}},
        {"name": "cfg", "configMap": {"name": "app-config"}},
        {"name": "csi", "csi": {"driver": "secrets-store", "volumeAttributes": {"token": SECRETS["csi"]}}},
        {"name": "data", "persistentVolumeClaim": {"claimName": "data-0"}},
    ]
    found["spec"]["serviceAccountName"] = "app"
    return found


def test_no_env_value_annotation_command_or_volume_source_is_kept() -> None:
    written = as_list(
        [
            kept(kinds.POD, hostile_pod()),
            kept(
                kinds.DEPLOYMENT,
                controller("Deployment", "alpha", "web", env=[{"name": "API_KEY", "value": SECRETS["env"]}]),
            ),
        ]
    )
    for secret in SECRETS.values():
        assert secret not in written
    for word in (
        "env",
        "envFrom",
        "annotations",
        "managedFields",
        "image",
        "command",
        "livenessProbe",
        "secretName",
        "configMap",
        "volumeAttributes",
        "serviceAccountName",
        "uid",
        "podIP",
        "last-applied",
    ):
        assert f'"{word}"' not in written and word not in written, word
    obj = json.loads(written)["items"][0]
    assert obj["spec"]["containers"] == [
        {
            "name": "app",
            "ports": [{"containerPort": 9100, "hostPort": 9100}],
            "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}},
            "restartPolicy": "Always",
        }
    ]
    assert obj["spec"]["volumes"] == [
        {"name": "creds"},
        {"name": "cfg"},
        {"name": "csi"},
        {"name": "data", "persistentVolumeClaim": {"claimName": "data-0"}},
    ]
    assert obj["metadata"] == {"name": "web-1", "namespace": "alpha", "labels": {"app": "web-1"}}


@given(
    st.lists(
        st.tuples(st.from_regex(r"[A-Z_]{1,12}", fullmatch=True), st.text(min_size=6, max_size=40)),
        min_size=1,
        max_size=5,
    )
)
def test_no_env_value_whatever_it_holds_is_written(env: list[tuple[str, str]]) -> None:
    """Any value (any characters, quotes, JSON, escapes) in any container's env of a pod or a template is absent
    from the snapshot's text, raw and as JSON would escape it."""
    variables = [{"name": name, "value": f"{value}-zz"} for name, value in env]
    written = as_list(
        [
            kept(kinds.POD, pod("a", "p", env=variables)),
            kept(kinds.CRON_JOB, controller("CronJob", "a", "c", env=variables)),
            kept(kinds.DAEMON_SET, controller("DaemonSet", "a", "d", env=variables)),
        ]
    )
    for variable in variables:
        assert variable["value"] not in written and json.dumps(variable["value"])[1:-1] not in written
    assert '"env"' not in written


def test_a_node_keeps_labels_taints_allocatable_and_readiness_only() -> None:
    raw = node("n1")
    raw["spec"]["taints"] = [{"key": "tenant", "value": "alpha", "effect": "NoSchedule", "timeAdded": "x"}]
    obj = kept(kinds.NODE, raw)
    assert obj == {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": "n1", "labels": raw["metadata"]["labels"]},
        "spec": {
            "providerID": "aws:///ca-central-1a/i-n1",
            "taints": [{"key": "tenant", "value": "alpha", "effect": "NoSchedule"}],
        },
        "status": {
            "allocatable": raw["status"]["allocatable"],
            "capacity": raw["status"]["capacity"],
            "conditions": [{"type": "Ready", "status": "True"}],
        },
    }


def test_the_snapshot_is_what_plan_reads_and_says_what_is_missing() -> None:
    listed = {
        kinds.DEPLOYMENT: [
            controller("Deployment", "alpha", "web", replicas=3),
            controller("Deployment", "alpha", "idle", replicas=2, cpu=None),
        ],
        kinds.REPLICA_SET: [controller("ReplicaSet", "alpha", "web-1", replicas=3, owner=("Deployment", "web"))],
        kinds.POD: [
            pod("alpha", "web-1-a", owner=("ReplicaSet", "web-1")),
            pod("alpha", "lonely", cpu=None),
            pod("alpha", "roll-1", owner=("Rollout", "roll")),
            pod("kube-system", "etcd-n1", owner=("Node", "n1")),
        ],
        kinds.CRON_JOB: [controller("CronJob", "alpha", "nightly")],
        kinds.NODE: [node("n1"), node("n2", without_allocatable=True)],
    }
    taken = snapshot(listed)
    assert taken.counts == {
        "Pod": 4,
        "ReplicaSet": 1,
        "Deployment": 2,
        "StatefulSet": 0,
        "DaemonSet": 0,
        "Job": 0,
        "CronJob": 1,
        "PodDisruptionBudget": 0,
        "NodeClaim": 0,
        "Node": 1,
    }
    assert taken.without_requests == ["alpha/Pod/lonely", "alpha/Deployment/idle"]
    assert taken.without_allocatable == ["n2"]
    assert taken.orphans == [("alpha/roll-1", "Rollout/roll")]
    pods = workloads_of(json.loads(as_list(taken.workloads)), "acme.json").pods
    assert sorted({p.workload for p in pods}) == [
        "alpha/CronJob/nightly",
        "alpha/Deployment/idle",
        "alpha/Deployment/web",
        "alpha/Pod/lonely",
        "alpha/Pod/roll-1",
        "kube-system/Pod/etcd-n1",
    ]
    assert as_list(taken.workloads) == as_list(snapshot(listed).workloads)  # the same objects, the same bytes


def test_plan_reads_the_snapshot_as_it_reads_the_whole_objects() -> None:
    """What plan's reader makes of the API server's whole objects (as `kubectl get -o json` gives them) and of the
    snapshot of them is the same: the same pods with the same specs, the same notes (terminating, finished,
    suspended, gated, owner missing, no requests)."""
    terminating = pod("alpha", "old", owner=("ReplicaSet", "web-1"))
    terminating["metadata"]["deletionTimestamp"] = "2026-12-01T00:00:00Z"
    leaving = pod("alpha", "leaving", nodeName="n1")
    leaving["metadata"]["deletionTimestamp"] = "2026-12-01T00:00:00Z"
    done = controller("Job", "alpha", "migrate")
    done["status"] = {"succeeded": 1, "conditions": [{"type": "Complete", "status": "True", "message": "ok"}]}
    half = controller("Job", "alpha", "batch")
    half["spec"].update(parallelism=4, completions=5)
    half["status"] = {"succeeded": 3, "active": 2}
    suspended = controller("CronJob", "alpha", "nightly")
    suspended["spec"]["suspend"] = True
    gated = pod("alpha", "gated", schedulingGates=[{"name": "wait"}])
    gated["spec"]["containers"][0]["ports"] = [{"containerPort": 9100, "hostPort": 9100, "protocol": "TCP"}]
    other = pod("alpha", "custom", schedulerName="volcano", cpu=None)
    spread = controller("StatefulSet", "beta", "db", replicas=2)
    spread["spec"]["template"]["spec"].update(
        topologySpreadConstraints=[
            {
                "maxSkew": 1,
                "topologyKey": "topology.kubernetes.io/zone",
                "whenUnsatisfiable": "DoNotSchedule",
                "labelSelector": {"matchLabels": {"app": "db"}},
            }
        ],
        volumes=[
            {"name": "data", "persistentVolumeClaim": {"claimName": "data"}},
            {"name": "t", "secret": {"secretName": "x"}},
        ],
        initContainers=[{"name": "sidecar", "restartPolicy": "Always", "resources": {"requests": {"cpu": "50m"}}}],
    )
    listed = {
        kinds.DEPLOYMENT: [controller("Deployment", "alpha", "web", replicas=3)],
        kinds.REPLICA_SET: [controller("ReplicaSet", "alpha", "web-1", replicas=3, owner=("Deployment", "web"))],
        kinds.POD: [
            terminating,
            leaving,
            gated,
            other,
            pod("alpha", "roll-1", owner=("Rollout", "roll")),
            pod("beta", "bound", nodeName="n1"),
        ],
        kinds.JOB: [done, half],
        kinds.CRON_JOB: [suspended],
        kinds.STATEFUL_SET: [spread],
        kinds.DAEMON_SET: [controller("DaemonSet", "kube-system", "agent")],
    }
    whole = workloads_of({"kind": "List", "items": [o for objects in listed.values() for o in objects]}, "f")
    taken = workloads_of(json.loads(as_list(snapshot(listed).workloads)), "f")
    assert taken.pods == whole.pods and taken.daemonset_pods == whole.daemonset_pods
    for field in ("without_requests", "owner_missing", "not_run", "cycles"):  # the same, in the snapshot's order
        assert sorted(getattr(taken.notes, field)) == sorted(getattr(whole.notes, field)), field
    assert taken.notes.with_their_controller == whole.notes.with_their_controller
    assert sorted(snapshot(listed).without_requests) == sorted(whole.notes.without_requests)  # snapshot says as plan
    # the custom scheduler's, the gated, the terminating pod, the finished Job, the suspended CronJob
    assert sorted(w for w, _, _ in taken.notes.not_run) == [
        "alpha/CronJob/nightly",
        "alpha/Job/migrate",
        "alpha/Pod/custom",
        "alpha/Pod/gated",
        "alpha/Pod/leaving",
    ]
    assert taken.notes.owner_missing
