"""tenantDefaults (config/tenant_defaults.py): tenant fields every tenant starts from, each overriding. A cluster file
with defaults synthesizes byte for byte what the same file with the merged fields written into every tenant does
(mappings merged key by key, anything else replaced); a problem of an inherited field is reported once, at its line
in tenantDefaults, naming the tenants; `plan` of a defaults change names the tenants it reaches in one line."""

from __future__ import annotations

import copy
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import BASE_V1, write_cluster

from karpenter_tenants.commands.cli import main
from karpenter_tenants.config.tenant_defaults import merged

DEFAULTS: dict[str, Any] = {
    "ami": {"alias": "al2023@v20261101"},
    "requirements": {"instanceCategories": ["c", "m"], "capacityTypes": ["spot", "on-demand"]},
    "limits": {"cpu": "64", "memory": "256Gi"},
    "disruption": {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "10m", "expireAfter": "Never"},
    "labels": {"team": "platform"},
}
TENANTS: list[dict[str, Any]] = [
    {"name": "alpha", "namespaces": ["alpha"]},
    {"name": "beta", "namespaces": ["beta"], "limits": {"cpu": "128"}, "disruption": {"expireAfter": "720h"}},
    {"name": "gamma", "namespaces": ["gamma"], "requirements": {"instanceCategories": ["r"]}, "labels": None},
    {"name": "delta", "namespaces": ["delta"], "ami": {"alias": "al2023@v20261201"}, "weight": 5},
]


def _with_defaults() -> dict[str, Any]:
    return {
        "cluster": {**BASE_V1["cluster"], "kubernetesVersion": "1.33"},
        "karpenter": BASE_V1["karpenter"],
        "tenantDefaults": copy.deepcopy(DEFAULTS),
        "tenants": copy.deepcopy(TENANTS),
    }


def _written_out() -> dict[str, Any]:
    """The same cluster with each tenant's merged fields written by hand (no tenantDefaults)."""
    data = _with_defaults()
    del data["tenantDefaults"]
    by_hand = {
        "alpha": {**DEFAULTS},
        "beta": {
            **DEFAULTS,
            "limits": {"cpu": "128", "memory": "256Gi"},
            "disruption": {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "10m", "expireAfter": "720h"},
        },
        "gamma": {
            key: value
            for key, value in {
                **DEFAULTS,
                "requirements": {"instanceCategories": ["r"], "capacityTypes": ["spot", "on-demand"]},
            }.items()
            if key != "labels"
        },
        "delta": {**DEFAULTS, "ami": {"alias": "al2023@v20261201"}, "weight": 5},
    }
    data["tenants"] = [
        {
            "name": t["name"],
            "namespaces": t["namespaces"],
            **by_hand[t["name"]],
            **({"weight": 5} if t["name"] == "delta" else {}),
        }
        for t in TENANTS
    ]
    return data


def _synth(tmp_path: Path, name: str, data: dict[str, Any] | str) -> dict[str, bytes]:
    clusters, dist = tmp_path / name / "clusters", tmp_path / name / "dist"
    write_cluster(clusters, data)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    return {str(p.relative_to(dist)): p.read_bytes() for p in sorted(dist.rglob("*")) if p.is_file()}


def test_merge_rules() -> None:
    assert merged({"a": {"x": 1, "y": 2}, "l": [1, 2], "s": "d"}, {"a": {"y": 3, "x": None}, "l": [3], "s": None}) == {
        "a": {"y": 3},
        "l": [3],
    }
    assert merged({}, {"s": None}) == {"s": None}  # null where no default: the model judges it
    assert merged({"a": {"x": 1}}, {"a": [1]}) == {"a": [1]}  # another shape replaces, for the model to judge
    assert merged({"a": 1}, {"b": 2}) == {"a": 1, "b": 2}


def test_defaults_synthesize_what_the_fields_written_out_do(tmp_path: Path) -> None:
    with_defaults = _synth(tmp_path, "defaults", _with_defaults())
    by_hand = _synth(tmp_path, "by-hand", _written_out())
    assert set(with_defaults) == set(by_hand) and len(by_hand) > 20
    assert [p for p in by_hand if with_defaults[p] != by_hand[p] and p != ".karpenter-cache"] == []
    beta = with_defaults["acme/tenants/beta/nodepool-beta.yaml"].decode()
    assert "cpu: '128'" in beta and "memory: 256Gi" in beta and "expireAfter: 720h" in beta and "WhenEmpty" in beta


def test_a_defaults_change_rebuilds_the_tenants_that_inherit_it(tmp_path: Path) -> None:
    """synth's incremental cache keys a tenant by the tenant as merged: after a defaults change, the dist/ synth
    leaves is the one a fresh synth writes."""
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, _with_defaults())
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    changed = _with_defaults()
    changed["tenantDefaults"]["ami"] = {"alias": "al2023@v20261215"}
    write_cluster(clusters, changed)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist), "--jobs", "1"]) == 0
    fresh = _synth(tmp_path, "fresh", changed)
    assert {
        str(p.relative_to(dist)): p.read_bytes()
        for p in dist.rglob("*")
        if p.is_file() and p.name != ".karpenter-cache"
    } == {k: v for k, v in fresh.items() if not k.endswith(".karpenter-cache")}
    assert b"al2023@v20261215" in fresh["acme/tenants/alpha/ec2nodeclass-alpha.yaml"]
    assert b"al2023@v20261201" in fresh["acme/tenants/delta/ec2nodeclass-delta.yaml"]  # delta's own


@pytest.mark.parametrize(
    ("defaults", "needle", "expected"),
    [
        (
            {"ami": {"alias": "al2023@v20261101", "bogus": 1}},
            "bogus",
            ["tenantDefaults.ami.bogus: unknown key 'bogus'", "(inherited by tenants alpha, beta, gamma)"],
        ),
        (
            {"limitz": {}},
            "limitz",
            ["tenantDefaults.limitz: unknown key 'limitz' (did you mean limits?)", "inherited by tenants"],
        ),
        ({"name": "x"}, "name", ["tenantDefaults.name: name is each tenant's own"]),
        ({"namespaces": ["a"]}, "namespaces", ["tenantDefaults.namespaces: namespaces is each tenant's own"]),
        ([1], "tenantDefaults", ["tenantDefaults: expected a mapping of tenant fields"]),
    ],
)
def test_a_problem_of_the_defaults_is_reported_once_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], defaults: Any, needle: str, expected: list[str]
) -> None:
    data = _with_defaults()
    data["tenants"] = data["tenants"][:3]
    del data["tenants"][2]["labels"]  # null where no default is the model's to judge
    data["tenantDefaults"] = defaults
    text = _yaml(data)
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, text)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 2
    err = capsys.readouterr().err
    problems = [line for line in err.splitlines() if line.startswith("  ")]
    assert len(problems) == 1, err
    line = int(problems[0].split("acme.yaml:", 1)[1].split(":", 1)[0])
    start = next(i for i, each in enumerate(text.splitlines(), 1) if each.startswith("tenantDefaults:"))
    assert line >= start and needle in text.splitlines()[line - 1], (line, text)
    assert all(part in problems[0] for part in expected), err
    assert "Traceback" not in err and not dist.exists()


def test_a_tenants_own_bad_value_stays_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _with_defaults()
    data["tenants"][1]["limits"] = {"cpu": "x128"}
    write_cluster(tmp_path / "clusters", data)
    assert main(["--clusters", str(tmp_path / "clusters"), "synth", "--dist", str(tmp_path / "dist")]) == 2
    err = capsys.readouterr().err
    assert "tenants[1].limits.cpu: 'x128' is not a Kubernetes quantity" in err and "inherited" not in err


def test_plan_of_a_defaults_change_names_the_tenants_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clusters, dist = tmp_path / "clusters", tmp_path / "dist"
    write_cluster(clusters, _with_defaults())
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    for args in (
        ("init", "-q"),
        ("add", "-A"),
        ("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"),
    ):
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    changed = _with_defaults()
    changed["tenantDefaults"]["ami"] = {"alias": "al2023@v20261215"}
    changed["tenantDefaults"]["disruption"]["consolidateAfter"] = "5m"
    write_cluster(clusters, changed)
    assert main(["--clusters", str(clusters), "synth", "--dist", str(dist)]) == 0
    capsys.readouterr()
    assert main(["--clusters", str(clusters), "plan", "--base", "HEAD", "--dist", str(dist)]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "tenantDefaults." in line]
    assert lines == [
        "- `tenantDefaults.ami` changed: 3 tenants inherit it (alpha, beta, gamma); 1 set their own and are unchanged "
        "by it (delta)",
        "- `tenantDefaults.disruption` changed: 3 tenants inherit it (alpha, delta, gamma); 1 merge it with their own "
        "(beta)",
    ], out
    # what synth changed agrees: three EC2NodeClasses drift, delta's does not
    # (three alike: one grouped block naming the tenants, plan's noise rule)
    [grouped] = [line for line in out.splitlines() if "tenants changed alike:" in line]
    assert grouped.endswith("3 tenants changed alike: alpha, beta, gamma"), grouped


def test_migrate_refuses_defaults_it_would_not_rewrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import BASE_V1ALPHA5

    data = copy.deepcopy(BASE_V1ALPHA5)
    data["tenantDefaults"] = {"ami": data["tenants"][0].pop("ami")}
    path = write_cluster(tmp_path / "clusters", data)
    before = path.read_bytes()
    assert main(["--clusters", str(tmp_path / "clusters"), "migrate", str(path), "--write"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tenantDefaults" in err and "move its fields into the tenants" in err
    assert path.read_bytes() == before


def _yaml(data: dict[str, Any]) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False)
