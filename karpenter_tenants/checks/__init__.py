"""Checks of the generated output: schemas, CEL rules, core kinds, GitOps wiring, the rendered chart."""
