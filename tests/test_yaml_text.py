"""synth.yaml_text.dump against PyYAML's own yaml.dump with synth's settings: the same text for every
object synth writes and for random documents (strings YAML would misread, unicode, long and multi-line
strings, numbers, shared parts)."""

from __future__ import annotations

from typing import Any

import yaml
from conftest import EXAMPLE_DIST
from hypothesis import given, settings
from hypothesis import strategies as st

from synth.yaml_text import DUMPER, dump


def pyyaml(document: Any) -> str:
    return yaml.dump(document, Dumper=DUMPER, sort_keys=False, default_flow_style=False, width=10_000)


def test_every_object_synth_wrote_for_the_examples_dumps_as_pyyaml_dumps_it() -> None:
    files = sorted((EXAMPLE_DIST).rglob("*.yaml"))
    assert len(files) > 50
    for path in files:
        for document in yaml.load_all(path.read_text(), Loader=yaml.CSafeLoader):
            assert dump(document) == pyyaml(document), path


TRICKY = st.sampled_from([
    "", " ", "yes", "No", "on", "~", "null", "true", "010", "0x1F", "1:30", "1e3", ".inf", "-", "- a", "a: b", "#", "a #b",
    "'", '"', "\\", "*a", "&a", "!tag", "%", "@", "`", "{", "[", "|", ">", "?", "\t", "a\nb", "a\n", "\n", " a", "a ",
    "é", "😀", "\u2028", "\x85", "\x00", "\ufeff", "x" * 300, "word " * 2500, "---", "...",
])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), TRICKY, st.text(max_size=8),
    st.lists(TRICKY, min_size=1, max_size=3).map("".join),
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.one_of(TRICKY, st.text(max_size=5), st.integers()), inner, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=500, deadline=None)
@given(document=DOCUMENTS, share=st.booleans())
def test_random_documents_dump_as_pyyaml_dumps_them(document: Any, share: bool) -> None:
    if share and isinstance(document, dict | list):
        document = {"a": document, "b": [document]}  # PyYAML writes an anchor and an alias
    assert dump(document) == pyyaml(document)
