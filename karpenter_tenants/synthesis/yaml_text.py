"""`dump(document)`: the YAML text synth writes for one object: libyaml's emitter (PyYAML's CSafeDumper where it
has libyaml), block style, keys in the order cdk8s gives them, lines never folded (width 10,000).

Every string is written so that a YAML 1.2 parser reads it back as the same string. PyYAML resolves plain scalars
by YAML 1.1, under which `1e3`, `1e-3`, `0o17` or `.5E2` are strings, so it would write them plain; kustomize, Flux
and Argo CD read dist/ with Go's yaml.v3 (YAML 1.2 with 1.1's leftovers), under which they are numbers (`name: 1e3`
is 1000). The dumper resolves plain scalars by both, so PyYAML quotes every string either reader would take for
another type, as it already quotes '123' or 'true' (`YAML12_NUMBER`, which `validate` checks dist/ with too). Must
not import from above synth/.

(A faster path that built the emitter's nodes directly was dropped: docs/performance.md says why.)"""

from __future__ import annotations

import re
from typing import Any

import yaml

# A number to YAML 1.2's core schema or to Go's yaml.v3 (resolve.go: the first character a digit, a sign or a dot,
# "_" removed, then strconv.ParseInt with base prefixes 0b/0o/0x, or the core schema's float) that YAML 1.1 does not
# call one. Booleans, null, .inf/.nan, 0x and 0b are numbers (or booleans) to both and PyYAML quotes them already.
YAML12_NUMBER = re.compile(
    r"""^[-+]?(?:
        (?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9_]*[0-9][0-9_]*)(?:[eE][-+]?[0-9_]+)?   # 1e3, 1E-3, .5e2, 1_0e1
      | 0[oO][0-7_]+                                                                # 0o17
    )$""",
    re.X,
)
FIRST_CHARACTERS = list("-+.0123456789")


class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """PyYAML's safe dumper whose resolver also knows YAML 1.2's numbers: a string that looks like one is quoted."""


Dumper.add_implicit_resolver("tag:yaml.org,2002:float", YAML12_NUMBER, FIRST_CHARACTERS)
# YAML 1.1's one-letter booleans, which PyYAML's resolver leaves out and sigs.k8s.io/yaml (kubectl's and
# kustomize-controller's decoder, go-yaml v2) reads as true and false: `tenant: y` would become a boolean label.
YAML11_LETTER_BOOL = re.compile(r"^(?:y|Y|n|N)$")
Dumper.add_implicit_resolver("tag:yaml.org,2002:bool", YAML11_LETTER_BOOL, list("yYnN"))
DUMPER = Dumper


def reads_as_another_type(text: str) -> bool:
    """Whether `text`, written plain, is read by a YAML 1.2 parser (or yaml.v3) or a YAML 1.1 one as anything but
    this string."""
    tag: str = Dumper.resolve(Dumper, yaml.ScalarNode, text, (True, False))
    return tag != "tag:yaml.org,2002:str"


def dump(document: Any) -> str:
    return yaml.dump(document, Dumper=DUMPER, sort_keys=False, default_flow_style=False, width=10_000)
