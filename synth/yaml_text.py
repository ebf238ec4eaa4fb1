"""`dump(document)`: the YAML text synth writes for one object: libyaml's emitter (PyYAML's CSafeDumper where it
has libyaml), block style, keys in the order cdk8s gives them, lines never folded (width 10,000).

(A faster path that built the emitter's nodes directly, a third faster per document, went with issue 21: the
dump is milliseconds of the one-tenant pull request and about 3 % of a full synth through cdk8s, under the 20 %
that code whose only job is speed must save.)"""

from __future__ import annotations

from typing import Any

import yaml

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump(document: Any) -> str:
    return yaml.dump(document, Dumper=DUMPER, sort_keys=False, default_flow_style=False, width=10_000)
