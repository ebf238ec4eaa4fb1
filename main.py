"""Entry point: `python main.py` synthesizes dist/ (what `cdk8s synth` runs); `--help` lists commands."""

import sys

from commands.cli import main

if __name__ == "__main__":  # `synth --jobs` starts worker processes that import this file
    sys.exit(main())
