"""A corpus of invalid objects (tests/corpus/*.yaml): each is rejected with exactly the findings its
`# expect:` lines name — CRD schema, CEL rule or core-kind schema, as the API server would."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from karpenter_tenants.checks.validate import ObjectValidator

CORPUS = Path(__file__).parents[2] / "corpus"


def expectations(path: Path) -> list[str]:
    return [line.removeprefix("# expect: ") for line in path.read_text().splitlines() if line.startswith("# expect: ")]


def corpus() -> list[Path]:
    return sorted(CORPUS.glob("*.yaml"))


def test_the_corpus_is_large_and_varied_enough() -> None:
    files = corpus()
    kinds = {yaml.safe_load(p.read_text())["kind"] for p in files}
    cel_only = [p for p in files if expectations(p) and all(e.startswith("cel: ") for e in expectations(p))]
    assert len(files) >= 30
    assert len(cel_only) >= 10
    assert {
        "NodePool",
        "EC2NodeClass",
        "Provisioner",
        "AWSNodeTemplate",
        "HelmRelease",
        "Kustomization",
        "Namespace",
    } <= kinds
    assert all(expectations(p) for p in files), "every corpus object names what rejects it"


@pytest.mark.parametrize("path", corpus(), ids=lambda p: p.stem)
def test_an_invalid_object_is_rejected_with_the_expected_rule_message(path: Path, shared: Path) -> None:
    obj = yaml.safe_load(path.read_text())
    findings = ObjectValidator(shared, "1.33").check(obj, path.name)
    assert [f"{f.layer}: {f.path or '(object)'}: {f.message}" for f in findings] == expectations(path)
