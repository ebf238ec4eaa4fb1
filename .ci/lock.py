"""`make lock`: writes constraints.txt, the exact versions the product's own CI and `make setup` install, from pip's
resolution of pyproject.toml's ranges as a fresh environment would get it (`pip install --dry-run --ignore-installed
--report -`, read from standard input): every package pip would install, the product itself excepted."""

from __future__ import annotations

import json
import sys

HEADER = """\
# The exact versions the product's own CI and `make setup` install (`pip install --constraint constraints.txt`):
# every package pyproject.toml's dependencies and its `test` group bring, and pip itself. pyproject.toml declares
# ranges, as a library's users install it beside their own cdk8s and constructs; this file is what the product is
# tested with. Written by `make lock` (new requirements resolved, the other pins kept) or `make lock UPGRADE=1` (the
# newest versions the ranges allow); tests/product/test_packaging.py holds it to pyproject.toml and to .venv.
"""


def main() -> None:
    report = json.load(sys.stdin)
    found = {item["metadata"]["name"]: item["metadata"]["version"] for item in report["install"]}
    pins = [f"{name}=={found[name]}" for name in sorted(found, key=str.lower) if name != "karpenter-tenants"]
    if not pins:
        sys.exit("lock: pip's report names no package to install")
    sys.stdout.write(HEADER + "".join(f"{pin}\n" for pin in pins))


if __name__ == "__main__":
    main()
