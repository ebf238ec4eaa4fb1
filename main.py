"""This repository's own cdk8s app: `python main.py` synthesizes clusters/ into dist/ (what `cdk8s synth` runs);
`--help` lists the commands. The product is the package karpenter_tenants (installed, or this checkout's); a
team's repository has the same file, written by `karpenter-tenants init`, with its extensions (docs/extending.md)."""

from karpenter_tenants.__main__ import run

if __name__ == "__main__":  # `synth --jobs` starts worker processes that import this file
    run()
