"""convert.hcl_values: Terraform values resolved statically: locals, variables and templates resolve, everything
else (functions, data sources, resource attributes, directives) says why not."""

from __future__ import annotations

from convert.hcl_values import NO_DEFAULT, Resolver, Scope, Unresolved


def test_locals_variables_and_templates_resolve_and_everything_else_says_why_not() -> None:
    scope = Scope(
        locals={"name": '"acme"', "types": "${var.types}", "tier": '"${local.name}-${var.size}"', "loop": "${local.loop}",
                "tags": {"Team": '"${local.name}"'}, "merged": '${merge(local.tags, {a = "b"})}', "literal": '"$${x}"'},
        defaults={"types": ['"m6i.large"'], "size": 2, "open": NO_DEFAULT},
    )
    resolver = Resolver(scope)
    assert resolver.value("${local.types}") == ["m6i.large"]
    assert resolver.value('"${local.tier}"') == "acme-2"
    assert resolver.value("${local.tags.Team}") == "acme"
    assert resolver.value('${local.tags["Team"]}') == "acme"
    assert resolver.value("${local.literal}") == "${x}"
    assert resolver.value("${var.open}") == Unresolved("var.open", "var.open has no default")
    assert resolver.value("${local.loop}").reason == "local.loop refers to itself"
    assert resolver.value("${local.merged}").reason.startswith("local.merged is merge(local.tags, {a = \"b\"}): merge(")
    assert "calls the function merge()" in resolver.value("${local.merged}").reason
    assert resolver.value("${data.aws_ami.eks.id}").reason == "data.aws_ami.eks.id is a data source, read by Terraform when it runs"
    assert resolver.value("${aws_subnet.a.id}").reason == "aws_subnet.a.id is a resource attribute, known only after apply"
    assert resolver.value("${var.missing}").reason == "var.missing is not declared in the files given"
    assert resolver.value('"%{ if true }x%{ endif }"').reason.endswith("holds a template directive (%{...}), which is not evaluated")
