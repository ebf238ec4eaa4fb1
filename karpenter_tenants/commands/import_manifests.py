"""`python main.py import FILE... [--out-file FILE]`: the tenants: section equivalent to existing Provisioner/NodePool
manifests (the module is not called `import`, a Python keyword).

Must not import at module level: convert/ (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import file_path, force_option, no_cache_option, renamed_option, write_or_print
from karpenter_tenants.commands.output import EXIT_FINDINGS, EXIT_OK, print_problems

NAME = "import"


def add_parser(commands: Any) -> None:
    importer = commands.add_parser(
        NAME, help="write the tenants: section equivalent to existing Provisioner/NodePool manifests"
    )
    importer.add_argument("files", type=Path, nargs="+", help="YAML files with Karpenter manifests")
    renamed_option(
        importer,
        NAME,
        "--out-file",
        earlier="--out",
        metavar="FILE",
        type=file_path,
        help="write the tenants section to FILE instead of stdout (--out FILE: its deprecated spelling)",
    )
    force_option(importer, "an existing --out-file")
    no_cache_option(importer)


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.convert.importer import ImportFailed, import_manifests, tenants_yaml

    try:
        result = import_manifests(args.files)
    except ImportFailed as error:
        count = len(error.problems)
        return print_problems(f"cannot import ({count} problem{'s' if count != 1 else ''}):", error.problems)  # type: ignore[arg-type]
    write_or_print(args.out_file, tenants_yaml(result), command=NAME, force=args.force)
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    for line in result.unsupported:
        print(f"unsupported: {line}", file=sys.stderr)
    print(
        f"import: {len(result.tenants)} tenant{'s' if len(result.tenants) != 1 else ''}"
        + (f", {len(result.unsupported)} field(s) not expressible (listed above)" if result.unsupported else ""),
        file=sys.stderr,
    )
    return EXIT_FINDINGS if result.unsupported else EXIT_OK
