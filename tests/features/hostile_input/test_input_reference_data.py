"""Hostile reference data (the shared folder: charts, CRDs, compatibility tables), which
the product reads as untrusted input (reference/data.py, objects/cel.py's limits). Each test runs a real command through
main.py with KARPENTER_TENANTS_SHARED at a copy of the parts of ../shared the commands read, one thing in it made
hostile, and expects exit 2 with one error line naming what is wrong and the fix (never a traceback or exit 70), in
seconds."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import EXAMPLE_DIST, EXAMPLES_DIR, ROOT
from support.input_helpers import BIG_LIST, BOMB_YAML

# --- hostile reference data ---------------------------------------------------------------------------------------
# Reference data is untrusted input (reference/data.py, objects/cel.py's limits). Each test runs a real command
# through main.py with KARPENTER_TENANTS_SHARED at a copy of the parts of ../shared the commands read, one thing in it
# made hostile, and expects exit 2 with one error line naming what is wrong (never a traceback or exit 70).

NODEPOOL_CRD = "karpenter/v1.14.1/karpenter/crds/karpenter.sh_nodepools.yaml"

CHART = "karpenter/v1.14.1/karpenter"

REFERENCE_FIX = "reference data is read as upstream publishes it: restore it (`python main.py fetch-reference`)"


def _reference_copy(shared: Path, tmp_path: Path) -> Path:
    """The reference data validate, render-chart and adopt read (each reference release's charts, CRDs and
    compatibility table; the Flux and Argo CD CRDs), copied writable."""
    from karpenter_tenants.config.versions import REFERENCE_VERSIONS

    root = tmp_path / "reference"
    shutil.copytree(shared / "crds", root / "crds")
    for version in REFERENCE_VERSIONS:
        for part in ("karpenter", "docs"):
            shutil.copytree(shared / f"karpenter/v{version}/{part}", root / f"karpenter/v{version}/{part}")
    for path in [root, *root.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o700 if path.is_dir() else path.stat().st_mode | 0o600)
    return root


def _main(reference: Path, *args: str) -> tuple[int, str, str, float]:
    """python main.py --clusters <the examples> ARGS with KARPENTER_TENANTS_SHARED=reference: status, stdout, stderr
    and seconds taken."""
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--clusters", str(EXAMPLES_DIR), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "KARPENTER_TENANTS_SHARED": str(reference)},
        timeout=300,
    )
    return result.returncode, result.stdout, result.stderr, time.monotonic() - started


def _refusal(status: int, stderr: str, named: Path) -> str:
    """The one error line of a command refused for its reference data: exit 2, naming `named` first, with the fix."""
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if line.startswith("error: ")]
    assert status == 2 and len(errors) == 1, stderr
    assert errors[0].startswith(f"error: {named}"), errors[0]
    assert REFERENCE_FIX in errors[0]
    return errors[0]


def _edit_yaml(path: Path, change: Any) -> None:
    documents = list(yaml.safe_load_all(path.read_text()))
    change(documents)
    path.write_text(yaml.safe_dump_all(documents))


def _add_rule(path: Path, rule: str) -> None:
    def add(documents: list[Any]) -> None:
        for version in documents[0]["spec"]["versions"]:
            version["schema"]["openAPIV3Schema"].setdefault("x-kubernetes-validations", []).append({"rule": rule})

    _edit_yaml(path, add)


COSTLY_RULES = {  # rule, what the error says
    "nested all() over big lists": (
        f"{BIG_LIST}.all(a, {BIG_LIST}.all(b, {BIG_LIST}.all(c, a + b + c >= 0)))",
        "more than 20,000 evaluation steps",
    ),
    "a string repeated by nested replace()": (
        "'a'" + ".replace('a', 'aaaaaaaaaa')" * 12 + ".size() > 0",
        "a value of 10,000,000 characters or items",
    ),
    "a string doubled in nested map()": (  # a thousand characters, doubled eleven times
        "[" * 11 + "'" + "x" * 1000 + "'" + "".join(f"].map(s{i}, s{i} + s{i})[0]" for i in range(11)) + ".size() > 0",
        "a value of 1,024,000 characters or items, more than 1,000,000",
    ),
    "400 nested parentheses": ("(" * 400 + "true" + ")" * 400, "levels deep once parsed, more than 250"),
}


@pytest.mark.parametrize("case", list(COSTLY_RULES))
def test_a_reference_crd_rule_past_the_cel_limits_ends_validate_with_exit_2_naming_the_crd_and_the_rule_in_seconds(
    case: str, shared: Path, tmp_path: Path
) -> None:
    """The API server refuses a CRD whose rules cost too much and stops an evaluation past its cost limit; validate
    once hung past 120 s on a nested rule. Every limit works without signals, so in any thread or worker too."""
    rule, detail = COSTLY_RULES[case]
    reference = _reference_copy(shared, tmp_path)
    _add_rule(reference / NODEPOOL_CRD, rule)
    status, _, stderr, seconds = _main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")
    line = _refusal(status, stderr, reference / NODEPOOL_CRD)
    assert f"the CRD of karpenter.sh/v1 NodePool: rule {rule[:60]!r}"[:-1] in line, line
    assert detail in line, line
    assert seconds < 30, f"validate took {seconds:.1f} s"


def test_a_reference_crd_rule_longer_than_cel_go_takes_is_refused_before_it_is_parsed(
    shared: Path, tmp_path: Path
) -> None:
    reference = _reference_copy(shared, tmp_path)
    rule = " || ".join(["self.size() >= 0"] * 7_000)
    _add_rule(reference / NODEPOOL_CRD, rule)
    status, _, stderr, seconds = _main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")
    line = _refusal(status, stderr, reference / NODEPOOL_CRD)
    assert (
        f"openAPIV3Schema.x-kubernetes-validations: [0].rule: {len(rule):,} characters; the API server's CEL parser "
        "takes at most 100,000"
    ) in line, line
    assert seconds < 30


def test_a_backtracking_regular_expression_in_a_reference_rule_runs_in_linear_time(
    shared: Path, tmp_path: Path
) -> None:
    """RE2, as in the API server: Python's re needs some 2^40 steps for this find() (it would hang validate)."""
    reference = _reference_copy(shared, tmp_path)
    _add_rule(reference / NODEPOOL_CRD, "'" + "a" * 40 + "!'.find('^(a+)+$') == ''")
    status, stdout, stderr, seconds = _main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")
    assert (status, stderr) == (0, ""), stdout + stderr
    assert seconds < 30


def test_a_backtracking_crd_pattern_is_matched_in_linear_time() -> None:
    from karpenter_tenants.checks.schemas import crd_validator

    started = time.monotonic()
    errors = list(crd_validator({"type": "string", "pattern": "^(a|a)*$"}).iter_errors("a" * 40 + "!"))
    assert [e.message for e in errors] == [f"'{'a' * 40}!' does not match '^(a|a)*$'"]
    assert time.monotonic() - started < 1


def test_a_reference_crd_pattern_re2_cannot_read_is_refused(shared: Path, tmp_path: Path) -> None:
    reference = _reference_copy(shared, tmp_path)

    def lookbehind(documents: list[Any]) -> None:
        schema = documents[0]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
        schema["properties"]["spec"]["properties"]["weight"]["pattern"] = "(?<=a)b"

    _edit_yaml(reference / NODEPOOL_CRD, lookbehind)
    line = _refusal(*_main(reference, "validate", str(EXAMPLE_DIST), "--no-cache")[::2], reference / NODEPOOL_CRD)
    assert ".properties.spec.properties.weight.pattern: '(?<=a)b' is not an RE2 regular expression" in line, line


def _outside_secret(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: leaked}\ndata: {secret: SECRET-VALUE}\n")
    return secret


def _link_outside(reference: Path, tmp_path: Path) -> Path:
    link = reference / CHART / "templates/leak.yaml"
    link.symlink_to(_outside_secret(tmp_path))
    return link


def _release_outside(reference: Path, tmp_path: Path) -> Path:
    release = reference / "karpenter/v1.14.1"
    shutil.move(release, tmp_path / "elsewhere")
    release.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    return release


def _crd_outside(reference: Path, tmp_path: Path) -> Path:
    crd = reference / "crds/flux/helm.toolkit.fluxcd.io_helmreleases.yaml"
    shutil.move(crd, tmp_path / "helmreleases.yaml")
    crd.symlink_to(tmp_path / "helmreleases.yaml")
    return crd


def _link_to_folder(reference: Path, tmp_path: Path) -> Path:
    link = reference / CHART / "templates/again"
    link.symlink_to(reference / CHART / "templates", target_is_directory=True)
    return link


def _dangling(reference: Path, tmp_path: Path) -> Path:
    link = reference / CHART / "templates/gone.yaml"
    link.symlink_to("missing.yaml")
    return link


def _fifo(reference: Path, tmp_path: Path) -> Path:
    fifo = reference / CHART / "templates/fifo.yaml"
    os.mkfifo(fifo)
    return fifo


NOT_PLAIN = {  # how, the command, what the error says
    "a chart template linking to a file outside": (_link_outside, "render-chart", "a symbolic link to "),
    "a release folder linking outside": (_release_outside, "render-chart", "a symbolic link to "),
    "a CRD file linking outside": (_crd_outside, "validate", "a symbolic link to "),
    "a chart folder linking to a folder": (_link_to_folder, "render-chart", "which is not a regular file"),
    "a dangling link in the chart": (_dangling, "render-chart", "a symbolic link to nowhere"),
    "a FIFO in the chart": (_fifo, "render-chart", "not a regular file or folder (a device, FIFO or socket)"),
}


@pytest.mark.parametrize("case", list(NOT_PLAIN))
def test_reference_data_that_is_not_plain_files_inside_its_folder_is_refused_naming_the_entry(
    case: str, shared: Path, tmp_path: Path
) -> None:
    """A link in the chart once put /etc/hostname into render-chart's output."""
    make, command, detail = NOT_PLAIN[case]
    reference = _reference_copy(shared, tmp_path)
    entry = make(reference, tmp_path)
    out = tmp_path / "out"
    args = ["render-chart", str(out)] if command == "render-chart" else ["validate", str(EXAMPLE_DIST), "--no-cache"]
    status, _, stderr, _ = _main(reference, *args)
    line = _refusal(status, stderr, entry)
    assert detail in line, line
    if "outside" in case:
        assert f"outside the reference data folder {reference}" in line
    assert not out.exists() or not any("SECRET-VALUE" in p.read_text() for p in out.rglob("*.yaml"))


def test_a_link_to_a_file_inside_the_reference_folder_is_followed(shared: Path, tmp_path: Path) -> None:
    reference = _reference_copy(shared, tmp_path)
    values = reference / CHART / "values.yaml"
    shutil.move(values, reference / "values-1.14.1.yaml")
    values.symlink_to("../../../values-1.14.1.yaml")
    status, stdout, stderr, _ = _main(reference, "render-chart", str(tmp_path / "out"))
    assert status == 0 and "error" not in stderr, stdout + stderr  # Helm itself logs that it followed the link


def _replace(relative: str, content: bytes | str) -> Any:
    def make(reference: Path) -> Path:
        path = reference / relative
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        return path

    return make


def _append(relative: str, text: str) -> Any:
    def make(reference: Path) -> Path:
        path = reference / relative
        path.write_text(path.read_text() + text)
        return path

    return make


def _crd_change(change: Any) -> Any:
    def make(reference: Path) -> Path:
        _edit_yaml(reference / NODEPOOL_CRD, change)
        return reference / NODEPOOL_CRD

    return make


def _schema(documents: list[Any]) -> dict[str, Any]:
    return documents[0]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]


def _template(text: str) -> Any:
    def make(reference: Path) -> Path:
        (reference / CHART / "templates/zz-hostile.yaml").write_text(text)
        return reference / CHART

    return make


def _crd_fifo(reference: Path) -> Path:
    path = reference / NODEPOOL_CRD
    path.unlink()
    os.mkfifo(path)
    return path


MALFORMED = {  # how (returns the file or folder the error names), the command, what the error says
    "a CRD that is not UTF-8": (
        _replace(NODEPOOL_CRD, b"\xff\xfe"),
        "validate",
        "not UTF-8 text (byte 0xff at offset 0)",
    ),
    "a CRD with a YAML syntax error": (_append(NODEPOOL_CRD, "\n---\nspec: [\n"), "validate", "YAML syntax error"),
    "a CRD that is an alias bomb": (_replace(NODEPOOL_CRD, BOMB_YAML), "validate", "more than 1,000,000 YAML nodes"),
    "a CRD that is a FIFO": (_crd_fifo, "validate", "not a regular file"),
    "a ConfigMap among the CRDs": (
        _append(NODEPOOL_CRD, "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"),
        "validate",
        "document 2 is 'v1' 'ConfigMap', not an apiextensions.k8s.io/v1 CustomResourceDefinition",
    ),
    "a CRD that is a list": (
        _replace(NODEPOOL_CRD, "- 1\n"),
        "validate",
        "document 1 is a list, not a CustomResourceDefinition",
    ),
    "a CRD without versions": (
        _crd_change(lambda d: d[0]["spec"].pop("versions")),
        "validate",
        "document 1: spec.versions is None, not a non-empty list",
    ),
    "a CRD without a schema": (
        _crd_change(lambda d: d[0]["spec"]["versions"][0].pop("schema")),
        "validate",
        "document 1: spec.versions[0].schema is None, not a mapping",
    ),
    "a CRD schema type that is a number": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update(type=5)),
        "validate",
        "openAPIV3Schema.properties.spec.type: 5 is not one of object, array, string",
    ),
    "a CRD schema's properties as a list": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update(properties=["weight"])),
        "validate",
        "openAPIV3Schema.properties.spec.properties: ['weight'] is not a mapping of field names to schemas",
    ),
    "a CRD schema keyword the API server does not have": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update({"if": {"type": "object"}})),
        "validate",
        "openAPIV3Schema.properties.spec.if: not a field of a CRD schema",
    ),
    "a CRD rule that is not a string": (
        _crd_change(lambda d: _schema(d).update({"x-kubernetes-validations": [{"rule": 5}]})),
        "validate",
        "openAPIV3Schema.x-kubernetes-validations: [0]: {'rule': 5} is not a rule",
    ),
    "a CRD maxItems that is text": (
        _crd_change(lambda d: _schema(d)["properties"]["spec"].update(maxItems="many")),
        "validate",
        "openAPIV3Schema.properties.spec.maxItems: 'many' is not a whole number of at least 0",
    ),
    "a chart values.yaml that is a list": (
        _replace(f"{CHART}/values.yaml", "- a\n"),
        "render-chart",
        "not one YAML mapping",
    ),
    "a chart values.yaml that is not UTF-8": (
        _replace(f"{CHART}/values.yaml", b"a: \xff\n"),
        "render-chart",
        "not UTF-8 text",
    ),
    "a chart values.yaml with a YAML syntax error": (
        _replace(f"{CHART}/values.yaml", "a: [\n"),
        "synth",
        "YAML syntax error",
    ),
    "a chart template calling fail": (
        _template('{{ fail "hostile" }}\n'),
        "render-chart",
        "Helm cannot render the chart: ",
    ),
    "a chart template include loop": (
        _template('{{- define "loop" }}{{ include "loop" . }}{{ end }}\n{{ include "loop" . }}\n'),
        "render-chart",
        "Helm cannot render the chart: ",
    ),
    "a chart template rendering no YAML": (_template("a: [\n"), "render-chart", "YAML syntax error"),
    "a chart whose Chart.yaml is a list": (  # Helm's words name Chart.yaml; the error names the chart
        lambda reference: _replace(f"{CHART}/Chart.yaml", "- x\n")(reference).parent,
        "render-chart",
        "Helm cannot render the chart: cannot load Chart.yaml",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_reference_file_is_exit_2_naming_the_file_and_the_fix(
    case: str, shared: Path, tmp_path: Path
) -> None:
    make, command, detail = MALFORMED[case]
    reference = _reference_copy(shared, tmp_path)
    named = make(reference)
    args = {
        "validate": ["validate", str(EXAMPLE_DIST), "--no-cache"],
        "render-chart": ["render-chart", str(tmp_path / "out"), "--no-cache"],
        "synth": ["synth", "--out", str(tmp_path / "dist")],
    }[command]
    status, _, stderr, _ = _main(reference, *args)
    line = _refusal(status, stderr, named)
    assert detail in line, line


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("- appVersion: 1.14.x\n", "not Karpenter's compatibility table"),
        ("compatibility:\n  - {appVersion: 1.14.x, minK8sVersion: 1.26}\n", "compatibility[0]: maxK8sVersion missing"),
        ("compatibility:\n  - {minK8sVersion: 1.26, maxK8sVersion: 1.36}\n", "compatibility[0]: no appVersion"),
        (
            "compatibility:\n  - {appVersion: 1.14.x, minK8sVersion: one, maxK8sVersion: 1.36}\n",
            "minK8sVersion missing or not",
        ),
        ("compatibility: [\n", "YAML syntax error"),
        (b"\xff", "not UTF-8 text"),
    ],
)
def test_a_malformed_compatibility_table_is_a_reference_data_error_naming_it(
    text: str | bytes, detail: str, shared: Path, tmp_path: Path
) -> None:
    from karpenter_tenants.config.versions import KarpenterVersion
    from karpenter_tenants.reference.data import ReferenceDataError
    from karpenter_tenants.reference.versions import kubernetes_range

    reference = _reference_copy(shared, tmp_path)
    table = reference / "karpenter/v1.14.1/docs/compatibility.yaml"
    table.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ReferenceDataError) as raised:
        kubernetes_range(reference, KarpenterVersion.parse("1.14.1"))
    assert str(raised.value).startswith(f"{table}") and detail in str(raised.value), raised.value
    assert REFERENCE_FIX in str(raised.value)
