"""The command line: `karpenter-tenants [COMMAND]` (the console script), `python -m karpenter_tenants`, or a team's
own `main.py` calling run(extensions=...). Without a command it synthesizes dist/ (what `cdk8s synth` runs).

Importing this module installs the start-up handling below before the commands load, so it is imported first."""

import _signal  # type: ignore[import-not-found]  # CPython's own module (what `signal` wraps), no stub
import os

# Ctrl-C before the command line's own handling is in place (while the modules load): one line, exit 130; unless
# it is ignored already (a synth --jobs worker starting, which imports this module: synthesis.render, or a command run
# in the background), then it stays so.
_CTRL_C = _signal.getsignal(_signal.SIGINT) != _signal.SIG_IGN
if _CTRL_C:
    _signal.signal(_signal.SIGINT, lambda signum, frame: (os.write(2, b"interrupted\n"), os._exit(130)))

import gc  # noqa: E402
import sys  # noqa: E402

# No cycle collection while the modules load (they make no garbage worth one: docs/performance.md);
# commands.runner turns it on for the commands that want it.
gc.disable()

from karpenter_tenants.charts.extensions import Extensions  # noqa: E402  (after the lines above, on purpose)
from karpenter_tenants.commands.cli import main  # noqa: E402

# From here Ctrl-C is a KeyboardInterrupt, which commands.cli.main turns into one line and exit 130 wherever it comes.
if _CTRL_C:
    _signal.signal(_signal.SIGINT, _signal.default_int_handler)


def run(argv: list[str] | None = None, *, extensions: Extensions | None = None) -> None:
    """Run the command line and exit with its status (never returns)."""
    from karpenter_tenants.charts import runtime
    from karpenter_tenants.config import environment

    try:
        environment.temp_folder()  # usable: Node.js's temporary folder goes in one of this process's own
        runtime.private_temp()
    except environment.EnvironmentProblem:
        pass  # the command says so (commands.runner)
    runtime.quiet_exit()
    code = main(argv, extensions=extensions)
    # From here the process only stops Node.js and exits: a Ctrl-C now changes nothing, and would print a traceback.
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    runtime.stop()  # now, a Node.js killed meanwhile (Ctrl-C, the OOM killer) ignored: no traceback at exit
    # The process ends here: without this, Python's last cycle collection at exit walks every object still alive
    # (the rendered tree, jsii's object references) only for the OS to free them (docs/performance.md).
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
