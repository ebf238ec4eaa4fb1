"""Entry point: `python main.py` synthesizes dist/ (what `cdk8s synth` runs); `--help` lists commands."""

import gc
import sys

# No cycle collection while the modules load (they make no garbage worth one: 12 ms of collections at
# start-up otherwise); commands.cli turns it on for the commands that want it.
gc.disable()

from commands.cli import main  # noqa: E402  (after the line above, on purpose)
from config.loader import use_chart_defaults  # noqa: E402
from reference.charts import ChartReference  # noqa: E402

# karpenter.values is checked against the default values of the chart each cluster pins, in the reference data
# (config reads no reference data itself: this is where the two meet, for every command and `synth --jobs` worker).
use_chart_defaults(ChartReference())

if __name__ == "__main__":  # `synth --jobs` starts worker processes that import this file
    code = main()
    # The process ends here: without this, Python's last cycle collection at exit walks every object
    # still alive (the rendered tree, jsii's object references) only for the OS to free them (0.4 s
    # after a 1,000-tenant synth). Exit handlers (jsii stopping its Node.js runtime) still run.
    gc.freeze()
    sys.exit(code)
