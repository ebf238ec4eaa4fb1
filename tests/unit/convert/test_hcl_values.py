"""convert.hcl_values: Terraform values resolved statically: locals, variables, templates, operators, conditionals and
the functions of convert.hcl_functions resolve where every input is static; everything else (other functions, data
sources, resource attributes, module outputs, directives, for expressions) says why not. The expected values are
Terraform's own, as its function documentation gives them (developer.hashicorp.com/terraform/language/functions)."""

from __future__ import annotations

import pytest

from karpenter_tenants.convert.hcl_functions import FUNCTIONS, SUPPORTED
from karpenter_tenants.convert.hcl_values import NO_DEFAULT, Resolver, Scope, Unresolved, unresolved_parts


def resolver() -> Resolver:
    return Resolver(
        Scope(
            locals={
                "name": '"acme"',
                "types": "${var.types}",
                "tier": '"${local.name}-${var.size}"',
                "loop": "${local.loop}",
                "tags": {"Team": '"${local.name}"'},
                "merged": '${merge(local.tags, {a = "b"})}',
                "literal": '"$${x}"',
                "vpc": "${module.vpc.vpc_id}",
            },
            defaults={"types": ['"m6i.large"'], "size": 2, "open": NO_DEFAULT, "env": '"prod"'},
        )
    )


def test_locals_variables_and_templates_resolve_and_everything_else_says_why_not() -> None:
    r = resolver()
    assert r.value("${local.types}") == ["m6i.large"]
    assert r.value('"${local.tier}"') == "acme-2"
    assert r.value("${local.tags.Team}") == "acme"
    assert r.value('${local.tags["Team"]}') == "acme"
    assert r.value("${local.literal}") == "${x}"
    assert r.value("${var.open}") == Unresolved("var.open", "var.open has no default")
    assert r.value("${local.loop}").reason == "local.loop refers to itself"
    assert (
        r.value("${data.aws_ami.eks.id}").reason
        == "data.aws_ami.eks.id is a data source, read by Terraform when it runs"
    )
    assert r.value("${aws_subnet.a.id}").reason == "aws_subnet.a.id is a resource attribute, known only after apply"
    assert r.value("${var.missing}").reason == "var.missing is not declared in the files given"
    assert r.value('"%{ if true }x%{ endif }"').reason.endswith(
        "holds a template directive (%{...}), which is not evaluated"
    )


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # terraform-aws-eks node groups as teams write them: the cost-allocation tag merged into the common tags
        ('${merge(local.tags, {customer = "alpha"})}', {"Team": "acme", "customer": "alpha"}),
        ("${local.merged}", {"Team": "acme", "a": "b"}),
        ("${merge({a = 1, b = 2}, {b = 3}, null)}", {"a": 1, "b": 3}),  # later maps win; null is skipped
        ('"${local.name}-gpu"', "acme-gpu"),
        ('${format("%s-%03d-%v", local.name, 7, true)}', "acme-007-true"),
        ('${format("%q", "a\\"b")}', '"a\\"b"'),
        ('${concat(local.types, ["g5.xlarge"], [])}', ["m6i.large", "g5.xlarge"]),
        ('${lookup(local.tags, "Team", "none")}', "acme"),
        ('${lookup(local.tags, "Owner", "none")}', "none"),
        ('${coalesce("", null, var.env)}', "prod"),
        ('${coalescelist([], ["a"])}', ["a"]),
        ('${join(",", ["a", "b"], ["c"])}', "a,b,c"),
        ('${split(",", "a,b")}', ["a", "b"]),
        ('"${lower("GPU")}-${upper(local.name)}"', "gpu-ACME"),
        ('${title("hello world")}', "Hello World"),
        ('${trimspace("  x ")}', "x"),
        ('${replace("a-b-c", "-", "_")}', "a_b_c"),
        ('${toset(["c", "a", "c", "b"])}', ["a", "b", "c"]),  # a set of strings is in lexical order
        ('${tolist(["b", "a"])}', ["b", "a"]),
        ('${tomap({a = "x"})}', {"a": "x"}),
        ("${tostring(5)}", "5"),
        ('${tonumber("5")}', 5),
        ('${distinct(["a", "b", "a"])}', ["a", "b"]),
        ('${flatten([["a"], [["b"]], "c"])}', ["a", "b", "c"]),
        ('${compact(["a", "", null, "b"])}', ["a", "b"]),
        ("${keys({b = 1, a = 2})}", ["a", "b"]),
        ("${values({b = 1, a = 2})}", [2, 1]),
        ("${length(local.types)}", 1),
        ('${contains(local.types, "m6i.large")}', True),
        ("${max(1, var.size, 0)}", 2),
        ('${try(local.tags.Owner, "platform")}', "platform"),  # a missing attribute is an error try() catches
        ("${try(local.types[3], local.types[0])}", "m6i.large"),
        ("${can(local.tags.Owner)}", False),
        ("${var.size * 4 + 1}", 9),
        ('${var.size >= 2 && var.env == "prod" ? "big" : "small"}', "big"),
        ("${!(var.size > 2)}", True),
        ('${merge(local.tags, {for_cost = upper(var.env)})["for_cost"]}', "PROD"),
        # for expressions: a list's index and value, a map's key and value in key order, if, grouping with ...
        ('${[for t in concat(local.types, ["c6i.large"]) : upper(t)]}', ["M6I.LARGE", "C6I.LARGE"]),
        ('${[for i, t in ["a", "b"] : "${i}-${t}"]}', ["0-a", "1-b"]),
        ('${{for k, v in {b = 2, a = 1} : "${k}-x" => v * 10 if v > 1}}', {"b-x": 20}),
        (
            '${{for t in ["m5.large", "m6i.large", "m5.xlarge"] : split(".", t)[0] => t...}}',
            {"m5": ["m5.large", "m5.xlarge"], "m6i": ["m6i.large"]},
        ),
        (
            "${{for name, c in {alpha = {max = 4}} : name => merge(local.tags, {customer = name, max = c.max})}}",
            {"alpha": {"Team": "acme", "customer": "alpha", "max": 4}},
        ),
    ],
)
def test_functions_operators_and_conditionals_evaluate_as_terraform_does(expression: str, expected: object) -> None:
    assert resolver().value(expression) == expected


def test_a_function_of_an_unknown_value_is_unknown_and_says_which_value() -> None:
    r = resolver()
    merged = r.value("${merge(local.tags, module.eks.tags)}")
    assert merged == Unresolved(
        "merge(local.tags, module.eks.tags)", "module.eks.tags is an output of module eks, known only after apply"
    )
    # an unknown value inside a known map stays where it is, reported at its own key
    partly = r.value("${merge(local.tags, {vpc = local.vpc})}")
    assert partly["Team"] == "acme"
    assert unresolved_parts(partly, "tags") == [
        (
            "tags.vpc",
            Unresolved(
                "local.vpc",
                "local.vpc is module.vpc.vpc_id: module.vpc.vpc_id is an output of module vpc, known only after apply",
            ),
        )
    ]
    assert r.value('${try(module.eks.name, "x")}').reason.startswith("module.eks.name is an output")  # it may not fail
    assert r.value('${coalesce(var.open, "x")}').reason == "var.open has no default"
    assert r.value('"${upper(var.open)}-gpu"').reason == "var.open has no default"


def test_what_is_not_evaluated_names_itself_and_the_functions_that_are() -> None:
    r = resolver()
    unknown = r.value("${jsonencode(local.tags)}")
    assert unknown.reason == (
        f"jsonencode(local.tags) calls the function jsonencode(), which is not evaluated without "
        f"Terraform (these are: {SUPPORTED})"
    )
    assert SUPPORTED.startswith("can, coalesce, coalescelist, compact, concat") and "merge" in SUPPORTED
    assert r.value("${[for t in module.eks.types : upper(t)]}").reason == (
        "module.eks.types is an output of module eks, known only after apply"
    )
    assert r.value("${local.types[*]}").expression == "local.types[*]"


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ('${lookup(local.tags, "Owner")}', "the map has no key 'Owner' and no default is given"),
        ('${merge(local.tags, ["a"])}', "merge(): ['a'] is not a map"),
        ('${format("%d", "x")}', "format(): %d of 'x', which is not a number"),
        ("${local.tags.Owner}", "local.tags has no 'Owner'"),
        ("${var.size / 0}", "var.size / 0 divides by zero"),
        ('${{for t in ["a", "a"] : t => 1}}', "makes the key 'a' twice (group with ...)"),
    ],
)
def test_a_call_terraform_would_refuse_is_an_error_never_a_value(expression: str, reason: str) -> None:
    value = resolver().value(expression)
    assert isinstance(value, Unresolved) and value.error and value.reason.endswith(reason), value


def test_every_supported_function_is_one_terraform_has() -> None:
    # Terraform's built-in functions of these names (its function reference), none invented
    terraform = {
        "merge",
        "concat",
        "lookup",
        "coalesce",
        "coalescelist",
        "format",
        "join",
        "split",
        "lower",
        "upper",
        "title",
        "trimspace",
        "replace",
        "tomap",
        "toset",
        "tolist",
        "tostring",
        "tonumber",
        "tobool",
        "distinct",
        "flatten",
        "compact",
        "keys",
        "values",
        "length",
        "contains",
        "min",
        "max",
        "try",
        "can",
    }
    assert set(FUNCTIONS) | {"try", "can"} <= terraform


def test_values_that_grow_without_bound_are_not_evaluated_and_each_local_is_evaluated_once() -> None:
    # each local twice its predecessor: 2^40 elements written out, refused at the size bound in linear time
    chain = {"l0": ['"m5.large"'], **{f"l{i}": f"${{concat(local.l{i - 1}, local.l{i - 1})}}" for i in range(1, 41)}}
    value = Resolver(Scope(locals=chain)).value("${local.l40}")
    assert (
        isinstance(value, Unresolved)
        and "is larger than 20,000 elements and characters, which is not evaluated" in value.reason
    )
    assert Resolver(Scope(locals=chain)).value("${length(local.l10)}") == 1024
    wide = Resolver(Scope()).value('${format("%999999999d", 1)}')
    assert isinstance(wide, Unresolved) and wide.reason.endswith(
        "a width or precision over 1000 in '%999999999d' is not evaluated"
    )


def test_a_function_moves_unknown_parts_only_where_its_result_does_not_depend_on_them() -> None:
    r = Resolver(Scope(locals={"m": {"a": '"x"', "b": "${module.v.id}"}, "l": ['"a"', "${module.v.id}"]}))
    assert r.value('${lookup(local.m, "a", "d")}') == "x"
    assert r.value("${length(local.l)}") == 2
    assert isinstance(r.value('${concat(local.l, ["c"])}')[1], Unresolved)
    # whether the unknown element is "a" decides these
    for expression in (
        '${contains(local.l, "b")}',
        "${toset(local.l)}",
        "${distinct(local.l)}",
        "${compact(local.l)}",
        '${local.l == ["a", "b"]}',
    ):
        assert r.value(expression).reason == "module.v.id is an output of module v, known only after apply", expression


def test_numbers_beyond_what_a_float64_holds_are_not_evaluated_and_never_raise_or_grow() -> None:
    big = "1" + "0" * 300  # 1e300, a float64 still
    # each local the square of the one before: 2^40 times 300 digits, refused in linear time
    chain = {"n0": f"${{{big}}}", **{f"n{i}": f"${{local.n{i - 1} * local.n{i - 1}}}" for i in range(1, 41)}}
    for expression, scope in [
        ("${" + "9" * 400 + " + 1}", Scope()),
        ("${1e999 - 1e999}", Scope()),
        (f"${{{big} * {big} / 3}}", Scope()),
        ("${local.n40}", Scope(locals=chain)),
    ]:
        value = Resolver(scope).value(expression)
        assert isinstance(value, Unresolved) and "beyond ±1.8e308, which is not evaluated" in value.reason, value
    assert Resolver(Scope()).value(f"${{{big} / 1e300}}") == 1


def test_for_expressions_nested_over_large_lists_stop_at_a_bound_of_steps_in_linear_time() -> None:
    # 5,001 elements (within the size bound) for each of 5,001: 25 million evaluations, refused after the first ones
    scope = Scope(locals={"s": '"' + "," * 5000 + '"', "l": '${split(",", local.s)}'})
    value = Resolver(scope).value("${[for a in local.l : [for b in local.l : 1]]}")
    assert isinstance(value, Unresolved) and value.reason.endswith(
        "takes more than 200,000 steps to evaluate, which is not evaluated"
    ), value
    assert Resolver(scope).value("${length([for a in local.l : a])}") == 5001


@pytest.mark.parametrize("expression", ['${replace(local.s, "", local.s)}', "${join(local.s, local.l)}"])
def test_a_function_whose_text_would_exceed_the_size_bound_is_refused_before_it_is_built(expression: str) -> None:
    import tracemalloc

    # 19,990 characters in 19,991 places: 400 million characters, were it built
    scope = Scope(locals={"s": '"' + "x" * 19_990 + '"', "l": '${split(",", "' + "," * 9000 + '")}'})
    tracemalloc.start()
    try:
        value = Resolver(scope).value(expression)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(value, Unresolved) and "larger than 20,000" in value.reason, value
    assert peak < 20_000_000, peak
