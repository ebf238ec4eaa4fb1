"""What an isolation policy's CEL expressions read, found in their text (never run): the pod spec fields
(spec_fields), the labels and annotations of a new pod's metadata (metadata_reads), and whether an expression uses
CEL's optional syntax, which cel-python cannot parse (optional_syntax). `preflight` (kinds/isolation/preflight.py)
asks the policy once per workloads alike in what it reads, and refuses a policy it could not evaluate. String
literals and comments are masked first; anything not understood says "may read more" (None), never less.
Imports nothing of the product."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

LAYER = "checks"  # this module's layer (kinds/__init__.py)

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_UPDATE_GUARD = re.compile(r"\s*request\s*\.\s*operation\s*==\s*(['\"])UPDATE\1\s*&&")
_EXPRESSION_KEYS = {
    "variables": ("expression",),
    "validations": ("expression", "messageExpression"),
    "matchConditions": ("expression",),
}


def _masked(text: str) -> str | None:
    """text with every string literal's content blanked (same length, quotes kept), so nothing inside a string reads
    as a field; None for what is not read here (a triple-quoted string, a backtick-quoted name, an unclosed string)."""
    out, index = [], 0
    while index < len(text):
        char = text[index]
        if char == "`" or (char in "'\"" and text.startswith(char * 3, index)):
            return None
        if text.startswith("//", index):  # a comment, to the end of its line: blanked as a string is
            end = text.find("\n", index)
            end = len(text) if end < 0 else end
            out.append(" " * (end - index))
            index = end
            continue
        if char not in "'\"":
            out.append(char)
            index += 1
            continue
        raw = (
            index > 0
            and text[index - 1] in "rR"
            and not (index > 1 and (text[index - 2].isalnum() or text[index - 2] == "_"))
        )
        end = index + 1
        while end < len(text) and text[end] != char:
            end += 2 if text[end] == "\\" and not raw else 1
        if end >= len(text):
            return None
        out.append(char + " " * (end - index - 1) + char)
        index = end + 1
    return "".join(out)


def _top_level(masked: str) -> Iterator[int]:
    """The indexes of masked's characters outside every bracket."""
    depth = 0
    for index, char in enumerate(masked):
        depth += (char in "([{") - (char in ")]}")
        if depth == 0:
            yield index


def _terms(masked: str) -> list[tuple[int, int]]:
    """The spans of masked's top-level `||` terms (outside every bracket)."""
    spans, start = [], 0
    for index in _top_level(masked):
        if masked.startswith("||", index) and index >= start:
            spans.append((start, index))
            start = index + 2
    return [*spans, (start, len(masked))]


def _skip(text: str, index: int, step: int) -> int:
    """The index of the first character from index (going by step) that is not a space, or -1 / len(text)."""
    while 0 <= index < len(text) and text[index].isspace():
        index += step
    return index


def _member_before(masked: str, start: int) -> tuple[str | None, int]:
    """For an identifier at start: what it is a member of (`object` of `object.spec`, `.template` of
    `x.template.spec`: a leading dot when that is itself a member) and where that begins, or None when it is not a
    member: no `.` before it, or a leading dot (`.object`: CEL's root-scoped name, the variable itself)."""
    dot = _skip(masked, start - 1, -1)
    if dot < 0 or masked[dot] != ".":
        return None, start
    end = _skip(masked, dot - 1, -1) + 1
    begin = end
    while begin > 0 and (masked[begin - 1].isalnum() or masked[begin - 1] == "_"):
        begin -= 1
    if (begin == end and (end == 0 or masked[end - 1] not in ")]}")) or masked[begin:end] == "in":
        return None, start  # `.object`, `(.object`, `x in .object`: CEL's root-scoped name
    root = _skip(masked, begin - 1, -1)
    return ("." if root >= 0 and masked[root] == "." else "") + masked[begin:end], begin


def _member_after(masked: str, end: int) -> tuple[str | None, int]:
    """For an identifier ending at end: the member it is followed by (`x` of `spec.x`) and where that ends, or None
    and the index of the next character."""
    dot = _skip(masked, end, 1)
    if dot >= len(masked) or masked[dot] != ".":
        return None, dot
    found = _IDENTIFIER.match(masked, _skip(masked, dot + 1, 1))
    return (found[0], found.end()) if found else (None, dot)


def _spec_reads(masked: str, original: str, alias: bool) -> set[str] | None:
    """The pod spec fields one expression reads, None when it may read more (see spec_fields)."""
    fields: set[str] = set()
    for start, end in _terms(masked):
        term = masked[start:end]
        top_level_choice = any(term[index] == "?" for index in _top_level(term))
        guarded = not top_level_choice and _UPDATE_GUARD.match(original, start) is not None
        for found in _IDENTIFIER.finditer(term):
            name, at, after = found[0], start + found.start(), start + found.end()
            if name not in ("object", "variables", "spec"):
                continue
            member, next_index = _member_after(masked, after)
            owner, owner_at = _member_before(masked, at)
            if name in ("object", "variables"):
                if owner is None and member is None:  # `object` or `variables` taken whole: `[object].all(o, ...)`
                    return None
                continue
            if owner in ("oldObject", ".template"):  # the old object (null at CREATE), a template (a Pod has none)
                continue
            if owner not in ("object", "variables"):  # `spec` of anything else: a comprehension's alias, `x.spec`
                return None
            if member is not None:
                if masked[_skip(masked, next_index, 1) :][:1] == "(":  # a method or macro on the spec: `.all(`
                    return None
                if member != "template":
                    fields.add(member)
                continue
            if guarded:  # the spec taken whole where only UPDATE evaluates it
                continue
            # ... or as a branch of the alias's choice, nothing around it: `c ? object.spec.template.spec : object.spec`
            before, following = _skip(masked, owner_at - 1, -1), _skip(masked, after, 1)
            if (
                alias
                and owner == "object"
                and not any(char in masked for char in "()[]{}")
                and (before < 0 or masked[before] in "?:")
                and (following >= len(masked) or masked[following] == ":")
            ):
                continue
            return None
    return fields


def spec_fields(policy: dict[str, Any]) -> frozenset[str] | None:
    """The pod spec fields the policy's expressions read of a new pod (preflight asks as CREATE), or None when they
    may read more. `variables.spec.X` and `object.spec.X` name X (whitespace around the dots allowed, string literals
    not read); the spec is taken whole only as a branch of the variable `spec`'s choice (its alias: `object.kind ==
    "DaemonSet" ? object.spec.template.spec : object.spec`) and in a top-level `||` term that starts with
    `request.operation == "UPDATE" &&` (the placement-unchanged variable). Anything else — the spec indexed, a method
    or macro on it, `spec` of another name, `object` or `variables` whole, a choice around a guarded term — and a
    policy of another shape (dist/ edited by hand) is judged on the whole spec."""
    spec = policy.get("spec") if isinstance(policy.get("spec"), dict) else {}
    fields: set[str] = set()
    for key, texts in _EXPRESSION_KEYS.items():
        items = spec.get(key) or []
        if not isinstance(items, list):
            return None
        for item in items:
            if not isinstance(item, dict):
                return None
            alias = key == "variables" and item.get("name") == "spec"  # the pod's spec (or a DaemonSet's template's)
            for text in texts:
                original = str(item.get(text) or "")
                masked = _masked(original)
                read = None if masked is None else _spec_reads(masked, original, alias)
                if read is None:
                    return None
                fields |= read
    return frozenset(fields)


_METADATA_MAPS = ("labels", "annotations")
_LITERAL_BEFORE_IN = re.compile(r"""(["'])([^"'\\]*)\1\s*in\s*$""")


def _map_reads(masked: str, original: str, start: int, end: int) -> frozenset[str] | None:
    """For `object.metadata.<map>` spanning masked[start:end]: the keys it reads by name (a frozenset; empty: only
    whether the map is there, `has(...)`), None when it may read the map whole."""
    after = _skip(masked, end, 1)
    char = masked[after] if after < len(masked) else ""
    if char == "[":  # object.metadata.labels["team"]
        close = masked.find("]", after)
        literal = re.fullmatch(r"""\s*(["'])([^"'\\]*)\1\s*""", original[after + 1 : close]) if close > 0 else None
        return frozenset({literal[2]}) if literal else None
    if char == ".":  # object.metadata.labels.team (a map's key as a field), not a method or macro on the map
        found = _IDENTIFIER.match(masked, _skip(masked, after + 1, 1))
        if (
            found
            and masked[_skip(masked, found.end(), 1) :][:1] != "("
            and masked[_skip(masked, found.end(), 1) :][:1] != "."
        ):
            return frozenset({found[0]})
        return None
    before = _skip(masked, start - 1, -1)
    if before >= 0 and masked[before] == "(" and masked[:before].rstrip().endswith("has") and char == ")":
        word = masked[:before].rstrip()
        if len(word) == 3 or not (word[-4].isalnum() or word[-4] in "_."):
            return frozenset()  # has(object.metadata.labels): whether it is there
    literal = _LITERAL_BEFORE_IN.search(original[:start])
    if literal is not None and char in ("", ")", "&", "|", "?", ":", ","):  # "team" in object.metadata.labels
        opening = start - len(literal[0])
        operand_start = masked[:opening].rstrip()  # the literal is the whole left operand: nothing binds tighter
        if masked[opening] == literal[1] and (
            not operand_start or operand_start.endswith(("(", "&&", "||", "!", "?", ":", ",", "[", "{"))
        ):
            return frozenset({literal[2]})
    return None


def metadata_reads(policy: dict[str, Any]) -> dict[str, frozenset[str] | None]:
    """Of a new pod's metadata, the labels and annotations the policy's expressions read: per map, the keys it reads
    by name (`"k" in object.metadata.annotations`, `object.metadata.labels["k"]`, `object.metadata.labels.k`, `has(...)`),
    or None when it may read the whole map (any other use, `metadata` of another name, `object.metadata` whole); a map
    it never names is not in the result. What it reads decides its verdict: workloads alike in it are judged once."""
    spec = policy.get("spec") if isinstance(policy.get("spec"), dict) else {}
    whole: dict[str, frozenset[str] | None] = {"labels": None, "annotations": None}
    reads: dict[str, frozenset[str] | None] = {}
    for key, texts in _EXPRESSION_KEYS.items():
        items = spec.get(key) or []
        if not isinstance(items, list):
            return whole
        for item in items:
            if not isinstance(item, dict):
                return whole
            for text in texts:
                original = str(item.get(text) or "")
                masked = _masked(original)
                if masked is None:
                    return whole
                for found in re.finditer(r"\bmetadata\b", masked):
                    owner, owner_at = _member_before(masked, found.start())
                    if owner in (
                        "oldObject",
                        ".template",
                        "namespaceObject",
                    ):  # null at CREATE, a template, another object
                        continue
                    if owner != "object":
                        return whole
                    member, member_end = _member_after(masked, found.end())
                    if member in ("name", "namespace", "generateName"):
                        continue
                    if member not in _METADATA_MAPS:
                        return whole
                    keys = _map_reads(masked, original, owner_at, member_end)
                    if keys is None or reads.get(member, frozenset()) is None:
                        reads[member] = None
                    else:
                        reads[member] = reads.get(member, frozenset()) | keys  # type: ignore[operator]
    return reads


# CEL's optional syntax (Kubernetes 1.29+ compiles it for admission policies), which cel-python cannot parse or run:
# `.?field`, `[?key]`, `{?key: v}` / `[?v]` entries, optional.of / ofNonZeroValue / none, .orValue() and .hasValue()
_OPTIONAL = re.compile(
    r"\.\s*\?\s*[A-Za-z_]|\[\s*\?|[{,]\s*\?|\boptional\s*\.\s*(?:of|ofNonZeroValue|none)\s*\("
    r"|\.\s*(?:orValue|hasValue)\s*\("
)


def optional_syntax(policy: dict[str, Any]) -> tuple[str, str] | None:
    """(the field, the expression) of the first expression of the policy that uses CEL's optional syntax (string
    literals and comments aside), None when none does."""
    spec = policy.get("spec") if isinstance(policy.get("spec"), dict) else {}
    for key, texts in _EXPRESSION_KEYS.items():
        items = spec.get(key) if isinstance(spec.get(key), list) else []
        for index, item in enumerate(items):
            for text in texts if isinstance(item, dict) else ():
                original = item.get(text)
                if not isinstance(original, str):
                    continue
                masked = _masked(original)
                if _OPTIONAL.search(masked if masked is not None else original):
                    return f"spec.{key}[{index}].{text}", original
    return None
