"""`tofu init`, `plan`, `show`, `apply` and `state mv` in temporary root modules that call terraform/ with an aws.json,
with the stand-in AWS provider installed from a filesystem mirror (no network) and answering from a world file.

Both binaries are built from the pinned Go modules beside this file by tests/e2e/build.py (one `go build` each,
-trimpath, cached by content in ~/.cache/karpenter-tenants-e2e or $KARPENTER_TENANTS_E2E_CACHE); a build that cannot
run fails the suite naming what is missing, never skips it."""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from e2e.build import Phases, ToolModule, build

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MODULE = ROOT / "terraform"

# OpenTofu of tofu/go.mod, stamped as its release build is (without it the binary calls itself X.Y.Z-dev).
TOFU = ToolModule(
    "tofu",
    {"tofu": "github.com/opentofu/opentofu/cmd/tofu"},
    root=HERE,
    ldflags="-X github.com/opentofu/opentofu/version.dev=no",
)
AWS_PROVIDER = ToolModule("aws-provider", {"terraform-provider-aws": "."}, root=HERE)
# terraform/versions.tf's source "hashicorp/aws", on the host OpenTofu resolves it to.
PROVIDER_ADDRESS = "registry.opentofu.org/hashicorp/aws"
WORLD_ENV = "KARPENTER_TENANTS_AWS_WORLD"  # aws-provider/world.go
MODULE_NAME = "karpenter"  # the root module's call of terraform/: addresses are module.karpenter.<resource>


def provider_version() -> str:
    """The real provider's release the stand-in copies (aws-provider/provider.go), which the mirror offers it as."""
    match = re.search(r'^const Version = "([0-9.]+)"$', (AWS_PROVIDER.directory / "provider.go").read_text(), re.M)
    assert match, "aws-provider/provider.go has no const Version"
    return match[1]


def pinned() -> str:
    return (
        f"OpenTofu {TOFU.version_of('github.com/opentofu/opentofu')}, stand-in hashicorp/aws {provider_version()} "
        f"(terraform-plugin-framework {AWS_PROVIDER.version_of('github.com/hashicorp/terraform-plugin-framework')})"
    )


@dataclass
class Plan:
    """One `tofu plan -json -out`: its diagnostics and, when it succeeded, `tofu show -json` of the plan file."""

    returncode: int
    diagnostics: list[dict[str, Any]]
    document: dict[str, Any] | None
    log: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and self.document is not None

    @property
    def errors(self) -> list[str]:
        """Each error diagnostic as 'summary: detail (address)'."""
        return [
            f"{d['summary']}: {d.get('detail', '')} ({d.get('address', '')})"
            for d in self.diagnostics
            if d.get("severity") == "error"
        ]

    @property
    def warnings(self) -> list[str]:
        return [f"{d['summary']}: {d.get('detail', '')}" for d in self.diagnostics if d.get("severity") == "warning"]

    def changes(self) -> dict[str, dict[str, Any]]:
        """Managed resources' changes by address without the module prefix ('aws_iam_role.node["alpha"]')."""
        assert self.ok, "the plan failed:\n" + "\n".join(self.errors or [self.log[-4000:]])
        prefix = f"module.{MODULE_NAME}."
        return {
            change["address"].removeprefix(prefix): change
            for change in self.document.get("resource_changes", [])
            if change["mode"] == "managed"
        }

    def actions(self) -> dict[str, tuple[str, ...]]:
        return {address: tuple(change["change"]["actions"]) for address, change in self.changes().items()}

    def created(self) -> set[str]:
        return {address for address, actions in self.actions().items() if actions == ("create",)}

    def after(self, address: str) -> dict[str, Any]:
        """The planned values of a resource (unknown ones absent)."""
        return self.changes()[address]["change"]["after"]

    def unknown(self, address: str) -> dict[str, Any]:
        return self.changes()[address]["change"]["after_unknown"]

    def output(self) -> dict[str, Any]:
        """The module's outputs as planned (the root module re-exports them as one object); unknown ones are None."""
        assert self.ok, "\n".join(self.errors)
        return self.document["output_changes"][MODULE_NAME]["after"]

    def output_unknown(self) -> Any:
        return self.document["output_changes"][MODULE_NAME]["after_unknown"]


@dataclass
class Root:
    """A root module in `folder` that configures the provider for `region` and calls terraform/ with `arguments`."""

    tofu: Tofu
    folder: Path
    region: str
    arguments: dict[str, Any]
    world: dict[str, Any]
    initialized: bool = field(default=False)

    def write(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        # A local module path (../...), as a root module beside terraform/ calls it: used in place, not copied.
        source = os.path.relpath(MODULE, self.folder)
        root = {
            "provider": {"aws": {"region": self.region}},
            "module": {MODULE_NAME: {"source": source, **self.arguments}},
            "output": {MODULE_NAME: {"value": f"${{module.{MODULE_NAME}}}"}},
        }
        (self.folder / "main.tf.json").write_text(json.dumps(root, indent=2))
        (self.folder / "world.json").write_text(json.dumps(self.world, indent=2))

    def run(self, *arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [str(self.tofu.binary), *arguments],
            cwd=self.folder,
            capture_output=True,
            text=True,
            env=self.tofu.environment(self.folder / "world.json"),
            timeout=300,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"tofu {' '.join(arguments)} failed (exit {result.returncode}) in {self.folder}:\n"
                f"{result.stdout[-6000:]}\n{result.stderr[-6000:]}"
            )
        return result

    def init(self) -> None:
        self.write()
        self.run("init", "-input=false", "-no-color")
        self.initialized = True

    def plan(self, *extra: str) -> Plan:
        if not self.initialized:
            self.init()
        self.write()
        plan_file = self.folder / "plan.bin"
        plan_file.unlink(missing_ok=True)
        result = self.run("plan", "-input=false", "-json", f"-out={plan_file.name}", *extra, check=False)
        messages = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
        diagnostics = [m["diagnostic"] for m in messages if m.get("type") == "diagnostic"]
        document = None
        if result.returncode == 0:
            document = json.loads(self.run("show", "-json", plan_file.name).stdout)
        return Plan(result.returncode, diagnostics, document, result.stdout + result.stderr)

    def apply(self, plan: Plan) -> None:
        """Applies the plan file of the last plan (the stand-in computes what AWS would assign)."""
        assert plan.ok, "\n".join(plan.errors)
        self.run("apply", "-input=false", "-no-color", "plan.bin")

    def state_mv(self, source: str, destination: str) -> None:
        prefix = f"module.{MODULE_NAME}."
        self.run("state", "mv", "-no-color", prefix + source, prefix + destination)

    def state(self) -> dict[str, Any]:
        return json.loads((self.folder / "terraform.tfstate").read_text())


class Tofu:
    """The built binaries, a filesystem mirror holding the stand-in provider, and the CLI configuration that
    installs hashicorp/aws from it only (every other provider, and the network, are out of reach)."""

    def __init__(self, phases: Phases, workdir: Path) -> None:
        self.binary = build(TOFU, phases)["tofu"]
        provider = build(AWS_PROVIDER, phases)["terraform-provider-aws"]
        version = provider_version()
        target = f"{platform.system().lower()}_{ {'x86_64': 'amd64', 'aarch64': 'arm64'}.get(platform.machine(), platform.machine()) }"
        package = workdir / "mirror" / PROVIDER_ADDRESS / version / target
        package.mkdir(parents=True)
        (package / f"terraform-provider-aws_v{version}").symlink_to(provider)
        self.cli_config = workdir / "tofurc"
        self.cli_config.write_text(
            "provider_installation {\n"
            f"  filesystem_mirror {{\n    path    = {json.dumps(str(workdir / 'mirror'))}\n"
            f"    include = [{json.dumps(PROVIDER_ADDRESS)}]\n  }}\n"
            "}\n"
        )

    def environment(self, world: Path) -> dict[str, str]:
        # Nothing of the caller's OpenTofu/Terraform settings (TF_VAR_*, TF_CLI_ARGS*, TF_DATA_DIR, ...) applies.
        inherited = {k: v for k, v in os.environ.items() if not k.startswith(("TF_", "AWS_"))}
        return {
            **inherited,
            "TF_CLI_CONFIG_FILE": str(self.cli_config),
            "TF_IN_AUTOMATION": "1",
            "TF_INPUT": "0",
            "CHECKPOINT_DISABLE": "1",
            WORLD_ENV: str(world),
        }

    def root(
        self,
        folder: Path,
        aws_file: Path,
        world: dict[str, Any] | None = None,
        region: str | None = None,
        **arguments: Any,
    ) -> Root:
        """A root module calling terraform/ with aws_file; the provider in aws.json's region unless `region` says
        otherwise; the world: aws.json's account with nothing in it unless `world` says otherwise."""
        aws = json.loads(aws_file.read_text())
        world = {"account_id": aws["cluster"]["account_id"], "roles": {}, "instance_profiles": {}, **(world or {})}
        return Root(self, folder, region or aws["cluster"]["region"], {"aws_file": str(aws_file), **arguments}, world)
