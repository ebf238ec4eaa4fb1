"""jsii's Node.js runtime starts at the first use of a jsii object, not when the modules are imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import os, sys
sys.path.insert(0, {root!r})

def node_children():
    found = []
    for task in os.listdir(f"/proc/{{os.getpid()}}/task"):
        with open(f"/proc/{{os.getpid()}}/task/{{task}}/children") as children:
            found += children.read().split()
    return len(found)

from synth.jsii_deferred import defer_assembly_loads
defer_assembly_loads()
import cdk8s
from imports.karpenter_v1.sh import karpenter
spec = karpenter.NodePoolSpecTemplateSpec(requirements=[], node_class_ref=None)  # a struct: pure Python
print("after import", node_children())
app = cdk8s.App()
chart = cdk8s.Chart(app, "probe", labels={{"a": "b"}})
print("after first object", node_children())
print("labels", dict(chart.labels))
pool = karpenter.NodePool(chart, "pool", metadata=cdk8s.ApiObjectMetadata(name="x"), spec=karpenter.NodePoolSpec(
    template=karpenter.NodePoolSpecTemplate(spec=karpenter.NodePoolSpecTemplateSpec(
        requirements=[], node_class_ref=karpenter.NodePoolSpecTemplateSpecNodeClassRef(group="g", kind="k", name="n")))))
print("kind", pool.to_json()["kind"])
"""


def _probe() -> list[str]:
    env = {**os.environ, "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20"}
    result = subprocess.run(
        [sys.executable, "-O", "-c", PROBE.format(root=str(ROOT))], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_importing_jsii_modules_starts_no_node_process_and_the_first_object_starts_it_with_every_assembly() -> None:
    lines = _probe()
    assert lines[0] == "after import 0"
    assert lines[1] == "after first object 1"
    # Every assembly was loaded before the first request: cdk8s's Chart and an imports/ class both work.
    assert lines[2:] == ["labels {'a': 'b'}", "kind NodePool"]
