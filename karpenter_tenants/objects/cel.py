"""CRD `x-kubernetes-validations` rules evaluated offline with cel-python, as the API server would.

cel-python implements standard CEL; the Kubernetes CEL libraries add functions the Karpenter
CRDs use. The ones supplied (objects/cel_kubernetes.py) follow the Kubernetes definitions
(k8s.io/apiserver/pkg/cel/library and cel-go's strings extension):
- regex: `s.find(re)` (first match or ""), `s.findAll(re)`;
- strings: `s.split(sep)`, `s.lowerAscii()`, `s.upperAscii()`, `s.replace(a, b)`, `s.trim()`,
  `s.indexOf(sub)`, `list.join(sep)`;
- lists: `list.isSorted()`.

Rules come from reference data, which is untrusted input (reference.data), so every rule is bounded as the
API server bounds it (it refuses a CRD whose rules' estimated cost is too high and stops an evaluation past its
per-call cost limit), in cel-python's terms and in a way that works in any thread or worker process (no signals):
- before it is compiled, at most MAX_RULE_CODE_POINTS characters (cel-go's expression size limit; checked when the
  CRD is read), after it, at most MAX_RULE_DEPTH levels of parse tree (cel-python evaluates by recursion);
- each evaluation at most MAX_RULE_STEPS steps of the interpreter (nodes evaluated, every iteration of a macro
  counted) and MAX_RULE_SECONDS of wall-clock time, and no string, list or map it makes longer than
  MAX_VALUE_LENGTH (the Kubernetes functions check their result's size before they build it; regular
  expressions run in RE2, linear in time, as in the API server).
Past a limit the rule raises RuleLimitExceeded, which `validate` reports as exit 2 naming the CRD file and the rule.

Owns the limits and the evaluation; imports objects.cel_kubernetes (handing it the size check), which imports
nothing of objects.cel. Read by checks.validate (the CRDs' rules) and kinds.isolation.preflight (the isolation policy).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path as PathLib
from typing import TYPE_CHECKING, Any

from karpenter_tenants.reference import disk_cache
from karpenter_tenants.reference.data import MAX_RULE_CODE_POINTS

if TYPE_CHECKING:
    import celpy

Path = tuple[str | int, ...]


class RuleError(Exception):
    """A rule that cannot be compiled or evaluated."""


MAX_RULE_DEPTH = 250  # parse tree levels: ~20 nested parentheses or calls (the real rules: at most 53 levels)
MAX_RULE_STEPS = 20_000  # interpreter steps per evaluation, under a second (the real rules on dist/: at most ~650)
MAX_RULE_SECONDS = 2.0  # wall-clock time per evaluation, whatever the steps cost
MAX_VALUE_LENGTH = 1_000_000  # characters of a string, items of a list or map, a rule makes


class RuleLimitExceeded(Exception):
    """A rule past one of the limits above: one the API server would refuse or stop. Not a finding of the object:
    the reference data (or the policy) is not what it should be."""

    def __init__(self, rule: str, detail: str) -> None:
        self.rule, self.detail = rule, detail
        super().__init__(f"rule {shown_rule(rule)}: {detail}")


def shown_rule(rule: str) -> str:
    """A rule as a message quotes it: whole when short, else its start and its length."""
    return repr(rule) if len(rule) <= 120 else f"{rule[:100]!r}... ({len(rule):,} characters)"


class _Budget:
    """What one evaluation may still spend: steps, and time until its deadline (looked at every 256 steps)."""

    __slots__ = ("rule", "steps", "deadline")

    def __init__(self, rule: str, steps: int = MAX_RULE_STEPS, seconds: float = MAX_RULE_SECONDS) -> None:
        self.rule, self.steps = rule, steps
        self.deadline = time.monotonic() + seconds

    def charge(self) -> None:
        self.steps -= 1
        if self.steps & 0xFF == 0:
            if self.steps < 0:
                raise RuleLimitExceeded(
                    self.rule,
                    f"more than {MAX_RULE_STEPS:,} evaluation steps: the API server stops a rule past its cost limit",
                )
            if time.monotonic() > self.deadline:
                raise RuleLimitExceeded(self.rule, f"evaluation took more than {MAX_RULE_SECONDS:g} s")


def check_size(rule: str, length: int) -> None:
    if length > MAX_VALUE_LENGTH:
        raise RuleLimitExceeded(
            rule,
            f"it makes a value of {length:,} characters or items, more than "
            f"{MAX_VALUE_LENGTH:,}: the API server stops a rule past its cost limit",
        )


@cache
def _environment() -> celpy.Environment:
    """Built on first use: it builds cel-python's LALR parser (a third of a second), which a run whose
    results all come from the disk cache never needs. Its programs are bounded (_bounded_runner)."""
    import celpy

    return celpy.Environment(runner_class=_bounded_runner())


@cache
def _bounded_runner() -> type:
    """cel-python's interpreter with a _Budget per evaluation, charged for every node it evaluates (its macros'
    nested evaluators share it), and every value it makes checked against MAX_VALUE_LENGTH."""
    import celpy
    from celpy.evaluation import Evaluator

    class BoundedEvaluator(Evaluator):
        budget: _Budget

        def sub_evaluator(self, ast: Any) -> Evaluator:
            nested = BoundedEvaluator(ast, activation=self.activation)
            nested.budget = self.budget
            return nested

        def visit(self, tree: Any) -> Any:
            self.budget.charge()
            return super().visit(tree)

        def visit_children(self, tree: Any) -> list[Any]:
            self.budget.charge()
            values = super().visit_children(tree)
            for value in values:
                if isinstance(value, str | list | dict) and len(value) > MAX_VALUE_LENGTH:
                    check_size(self.budget.rule, len(value))
            return values

    class BoundedRunner(celpy.InterpretedRunner):
        rule = ""

        def evaluate(self, context: Any) -> Any:
            evaluator = BoundedEvaluator(ast=self.ast, activation=self.new_activation())
            evaluator.budget = _Budget(self.rule)
            _CURRENT.append(evaluator.budget)
            try:
                return evaluator.evaluate(context)
            finally:
                _CURRENT.pop()

    return BoundedRunner


_CURRENT: list[_Budget] = []  # the budgets of the evaluations running (the Kubernetes functions charge the last)


def current_rule() -> str:
    return _CURRENT[-1].rule if _CURRENT else ""


@cache
def _kubernetes_functions() -> dict[str, Any]:
    """objects.cel_kubernetes' functions, their values' sizes checked against the rule evaluating them."""
    from karpenter_tenants.objects.cel_kubernetes import kubernetes_functions

    return kubernetes_functions(lambda length: check_size(current_rule(), length))


def _depth(tree: Any) -> int:
    import lark

    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack += [(child, level + 1) for child in node.children if isinstance(child, lark.Tree)]
    return deepest


@cache
def bounded_program(expression: str) -> Any:
    """expression compiled for bounded evaluation (objects.cel's limits). RuleLimitExceeded when it is too long or too
    deeply nested to evaluate; RuleError when it does not compile."""
    if len(expression) > MAX_RULE_CODE_POINTS:
        raise RuleLimitExceeded(
            expression,
            f"{len(expression):,} characters; the API server's CEL parser takes at most {MAX_RULE_CODE_POINTS:,}",
        )
    try:
        functions = _kubernetes_functions()
        environment = _environment()
        tree = environment.compile(expression)
    except Exception as error:  # cel-python raises its own parse and compile errors
        raise RuleError(f"cannot compile {expression!r}: {error}") from error
    if _depth(tree) > MAX_RULE_DEPTH:
        raise RuleLimitExceeded(
            expression,
            f"nested {_depth(tree)} levels deep once parsed, more than {MAX_RULE_DEPTH}: too deep to evaluate",
        )
    program = environment.program(tree, functions=functions)
    program.rule = expression
    return program


def compile_rule(rule: str) -> Any:
    return bounded_program(rule)


def is_transition_rule(rule: str) -> bool:
    return re.search(r"\boldSelf\b", rule) is not None


_SELF_ACCESS = re.compile(r"\b(self|oldSelf)\b(?:\.([A-Za-z_]\w*)(\s*\()?)?")


@cache
def referenced_fields(rule: str) -> frozenset[str] | None:
    """The fields of `self`/`oldSelf` a rule reads, when it reads nothing else of them (`self.a`,
    `has(self.b)`); None when it uses the whole value (`self.all(...)`, `self[k]`, `self == ...`)."""
    fields = set()
    for match in _SELF_ACCESS.finditer(rule):
        field, is_call = match.group(2), match.group(3)
        if field is None or is_call:
            return None
        fields.add(field)
    return frozenset(fields)


_KEYS_ONLY = re.compile(r"^\s*!?\s*self\.(all|exists|exists_one)\(\s*\w+\s*,")


@cache
def reads_only_keys(rule: str) -> bool:
    """True for `self.all(k, <k only>)`-style rules: on a map they see the keys, never the values."""
    return bool(_KEYS_ONLY.match(rule)) and len(re.findall(r"\bself\b", rule)) == 1


def _project(value: Any, rule: str, fields: frozenset[str] | None) -> Any:
    if not isinstance(value, dict):
        return value
    if fields is not None:
        return {k: v for k, v in value.items() if k in fields}
    if reads_only_keys(rule):
        return dict.fromkeys(value, "")
    return value


_RESULTS: dict[tuple[str, str, str], bool | str] = {}
_RESULTS_LIMIT = 200_000


def evaluate(rule: str, value: Any, old_value: Any = None) -> bool:
    """True when `value` satisfies `rule`; RuleError when the rule cannot be evaluated on it.

    CEL is side-effect free, so results are memoized by (rule, value, old value): cel-python
    interprets a rule in about a millisecond, and the objects of many tenants repeat the same
    sub-values (requirement keys, tags, selector terms)."""
    fields = referenced_fields(rule)
    value, old_value = _project(value, rule, fields), _project(old_value, rule, fields)
    key = (rule, json.dumps(value, sort_keys=True), json.dumps(old_value, sort_keys=True))
    cached = _RESULTS.get(key)
    if cached is None:
        stored_key = hashlib.sha256("\0".join(key).encode()).hexdigest()
        cached = _STORED.get(stored_key)
        if not isinstance(cached, bool | str):
            try:
                cached = _evaluate(rule, value, old_value)
            except RuleError as error:
                cached = str(error)
            _STORED.put(stored_key, cached)
        if len(_RESULTS) >= _RESULTS_LIMIT:
            _RESULTS.clear()
        _RESULTS[key] = cached
    if isinstance(cached, str):
        raise RuleError(cached)
    return cached


# Results are also kept on disk (reference.disk_cache) between runs, keyed by the SHA-256 of (rule, value,
# old value) in a table for this module's source and cel-python's version: a second `validate` of the
# same values evaluates no rule and never builds the CEL parser.
def _table_parts() -> tuple[str, ...]:
    from importlib.metadata import version

    sources = (__file__, str(PathLib(__file__).with_name("cel_kubernetes.py")))
    return (f"cel-python {version('cel-python')}", *map(disk_cache.source_digest, sources))


_STORED = disk_cache.ResultTable("cel", _table_parts, _RESULTS_LIMIT)


def _evaluate(rule: str, value: Any, old_value: Any) -> bool:
    import celpy
    from celpy import celtypes

    program = compile_rule(rule)
    try:
        activation = {"self": celpy.json_to_cel(value)}
        if old_value is not None:
            activation["oldSelf"] = celpy.json_to_cel(old_value)
    except (ValueError, OverflowError) as error:  # integers beyond 64 bits: the API server rejects them too
        raise RuleError(f"value not representable in CEL: {error}") from None
    try:
        result = program.evaluate(activation)
    except RuleLimitExceeded:
        raise
    except Exception as error:  # evaluation errors surface as exceptions or CELEvalError values
        raise RuleError(_describe(error)) from error
    if isinstance(result, celpy.CELEvalError):
        raise RuleError(_describe(result))
    if not isinstance(result, celtypes.BoolType | bool):
        raise RuleError(f"rule returned {type(result).__name__}, not a bool")
    return bool(result)


def _describe(error: BaseException) -> str:
    """cel-python's errors as the API server phrases them: 'no such key: values', 'invalid literal ...'."""
    args = error.args
    if len(args) == 3 and isinstance(args[0], str):
        message, kind, detail = args
        if kind is KeyError:
            return "no such key: " + message.rsplit(": ", 1)[-1].strip("'")
        if detail:
            return str(detail[0]).replace("StringType(", "(")
        return message
    return str(error)


@dataclass(frozen=True)
class RuleSite:
    """One rule attached to one schema node, reachable at `path` (list items as '[]', map values as '{}')."""

    path: tuple[str, ...]
    rule: str
    message: str


def rule_sites(schema: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[RuleSite]:
    """Every CEL rule of a schema, with the schema path where it applies."""
    for entry in schema.get("x-kubernetes-validations", []) or []:
        yield RuleSite(path, entry["rule"], entry.get("message") or f"failed rule: {entry['rule']}")
    for name, child in (schema.get("properties") or {}).items():
        yield from rule_sites(child, (*path, name))
    if isinstance(schema.get("items"), dict):
        yield from rule_sites(schema["items"], (*path, "[]"))
    if isinstance(schema.get("additionalProperties"), dict):
        yield from rule_sites(schema["additionalProperties"], (*path, "{}"))


@dataclass(frozen=True)
class RuleOutcome:
    path: Path
    rule: str
    message: str
    status: str  # "passed", "failed", "error", "skipped" (transition rule without an old object)
    detail: str = ""


def check_rules(schema: dict[str, Any], value: Any, old: Any = None, path: Path = ()) -> Iterator[RuleOutcome]:
    """Evaluate every rule of `schema` at every place `value` reaches it (old: the previous object)."""
    if value is None:
        return
    for entry in schema.get("x-kubernetes-validations", []) or []:
        rule = entry["rule"]
        message = entry.get("message") or f"failed rule: {rule}"
        if is_transition_rule(rule) and old is None:
            yield RuleOutcome(path, rule, message, "skipped", "transition rule: no previous version of the object")
            continue
        try:
            passed = evaluate(rule, value, old)
        except RuleError as error:
            yield RuleOutcome(path, rule, message, "error", str(error))
            continue
        yield RuleOutcome(path, rule, message, "passed" if passed else "failed")
    if isinstance(value, dict):
        for name, child in (schema.get("properties") or {}).items():
            if name in value:
                old_child = old.get(name) if isinstance(old, dict) else None
                yield from check_rules(child, value[name], old_child, (*path, name))
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            for key, child_value in value.items():
                old_child = old.get(key) if isinstance(old, dict) else None
                yield from check_rules(extra, child_value, old_child, (*path, key))
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        old_items = _correlate(schema, value, old)
        for index, item in enumerate(value):
            yield from check_rules(schema["items"], item, old_items[index], (*path, index))


def _correlate(schema: dict[str, Any], value: list[Any], old: Any) -> list[Any]:
    """Old items for transition rules: only map-type lists correlate items (by their keys)."""
    keys = schema.get("x-kubernetes-list-map-keys")
    if schema.get("x-kubernetes-list-type") != "map" or not keys or not isinstance(old, list):
        return [None] * len(value)
    by_key = {tuple(o.get(k) for k in keys): o for o in old if isinstance(o, dict)}
    return [by_key.get(tuple(v.get(k) for k in keys)) if isinstance(v, dict) else None for v in value]
