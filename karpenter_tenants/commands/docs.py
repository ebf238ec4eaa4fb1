"""`python main.py docs`: regenerate the config reference (docs/configuration.md) and terraform/README.md's
inputs and outputs, between their markers. A maintainer's tool of the product's own repository: not listed by `--help`.

Must not import at module level: config.docs (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_OK

NAME = "docs"


def add_parser(commands: Any) -> None:
    # A maintainer's tool (it rewrites this repository's own docs/): runnable, but not in `--help`'s list of commands
    # (argparse lists a subcommand only when it has help), where a team's repository would offer it only to fail.
    commands.add_parser(
        NAME,
        description="regenerate the config reference (docs/configuration.md) and "
        "terraform/README.md's inputs and outputs (maintainers: this repository's own docs/)",
    )


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants.config.docs import BEGIN, END, TF_BEGIN, TF_END, update_readme, update_terraform_readme
    from karpenter_tenants.config.yaml_input import read_text
    from karpenter_tenants.synthesis.safe_io import atomic_write, claim_file

    reference = Path("docs/configuration.md")
    module = Path("terraform")
    texts = {reference: read_text(reference)}
    if (module / "README.md").is_file():
        texts[module / "README.md"] = read_text(module / "README.md")
    for path, (begin, end) in ((reference, (BEGIN, END)), (module / "README.md", (TF_BEGIN, TF_END))):
        text = texts.get(path)
        if text is not None and not (begin in text and end in text and text.index(begin) < text.index(end)):
            print(
                f"error: {path} has no {begin} … {end} markers, between which the generated part goes: put them "
                "back (git show HEAD:" + str(path) + "); nothing was written",
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
    for path in texts:  # its own files, rewritten between its markers: never through a link, into .git/ or dist/
        claim_file(path, command=NAME, force=True)
    atomic_write(reference, update_readme(texts[reference]))
    print("docs/configuration.md: config reference regenerated")
    if module / "README.md" in texts:
        atomic_write(module / "README.md", update_terraform_readme(texts[module / "README.md"], module))
        print("terraform/README.md: inputs and outputs regenerated")
    return EXIT_OK
