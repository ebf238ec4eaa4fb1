"""Entry point: `python main.py` synthesizes dist/ (what `cdk8s synth` runs); `--help` lists commands."""

import sys

from charts.cli import main

sys.exit(main())
