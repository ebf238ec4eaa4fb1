"""karpenter-tenants: Karpenter for EKS clusters shared by several customers, as a cdk8s app.

One import package, so that installing the product adds no top-level `config`, `charts` or `commands` to
site-packages. The command line is `karpenter-tenants` (karpenter_tenants.__main__); a team's own `main.py`
composes the same commands with its extensions (docs/extending.md). Kept light: `--help` imports only this and
the commands' parsers."""

# The version of the generator: recorded in every dist/ it writes (dist/<cluster>/.generator) and read by
# `plan` to tell an upgrade's changes from the cluster files' (CHANGELOG.md). The wheel's version is this one.
__version__ = "0.2.0"

# Where the product's source lives: the Terraform module a team's repository calls (`init`) is its terraform/ folder
# at the tag v<version>.
SOURCE = "https://github.com/karpenter-tenants/karpenter-tenants"
