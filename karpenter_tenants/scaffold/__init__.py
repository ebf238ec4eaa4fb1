"""A team's own repository as `karpenter-tenants init` writes it: its cluster file, a cdk8s app (main.py, cdk8s.yaml)
composing the installed package's charts with the team's extensions, the pull-request workflow, a Makefile with the
two commands, .gitignore, and the Terraform root module calling the product's module by a versioned source.

Owns: the files of a new repository (files()). Must not import: commands/ (the command imports this)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from karpenter_tenants import SOURCE, __version__
from karpenter_tenants.config.gitops_engines import ENGINES


@dataclass(frozen=True, kw_only=True)
class RepositoryFacts:
    """What the new repository is for; None: the cluster file's template says what to fill in."""

    name: str | None
    account_id: str | None
    region: str | None
    kubernetes_version: str | None
    karpenter_version: str
    identity: str  # podIdentity | irsa
    oidc_provider: str | None = None  # cluster.oidcProvider (irsa needs it: init refuses irsa without it)
    engine: str  # gitops.engine: a name of config.gitops_engines.ENGINES
    repo_url: str | None  # an engine whose init_settings read it (argocd): the repository it reads
    module_source: str  # Terraform: the product's module, by a versioned source
    package: str  # pip: the requirement that installs the product

    @property
    def key(self) -> str:
        return self.name or "my-cluster"


def module_source() -> str:
    """The product's Terraform module at the tag of this version (terraform-aws-modules' `source` + `ref`)."""
    return f"git::{SOURCE}.git//terraform?ref=v{__version__}"


def verbatim_problem(value: str) -> str | None:
    """Why a value init writes as it is into a file cannot be written (`--module-source` into terraform/main.tf,
    `--package` into requirements.txt): Terraform's interpolation and template sequences (`${`, `%{`: Terraform runs
    them, and pip expands `${VAR}` in a requirements file), a newline or another control character (a line of its
    own: pip reads `--index-url` there); None when it can."""
    from karpenter_tenants.config.listing import one_line

    if not value.strip():
        return "is empty"
    if "${" in value or "%{" in value:
        return (
            "holds `${` or `%{`, which Terraform interpolates (and pip expands): the file would not say what was given"
        )
    if one_line(value) != value:
        return "holds a newline or another control character: it would write a line of its own"
    return None


def package_problem(value: str) -> str | None:
    """Why `--package` is no pip requirement init may write into requirements.txt: verbatim_problem's, or an option
    (`-`-led: `--index-url`, `--hash`, `-e`, a per-requirement `--global-option`) that pip would run with."""
    problem = verbatim_problem(value)
    if problem is None and re.search(r"(^|\s)-", value):
        problem = "holds a pip option (a word starting with `-`): give the requirement alone, e.g. karpenter-tenants==X"
    return problem


def doc_url(path: str) -> str:
    """The product's file at path (e.g. `docs/configuration.md#cluster-config-reference`) at this version's tag: what
    the files init writes point at (a team's repository has no docs/ of the product; `docs` is a maintainer tool)."""
    return f"{SOURCE}/blob/v{__version__}/{path}"


def _quoted(value: str) -> str:
    return json.dumps(value)  # a YAML double-quoted scalar: never read as a number or a boolean


def cluster_file(facts: RepositoryFacts) -> str:
    """clusters/<name>.yaml: the facts given, a commented placeholder for each one that is not, one example tenant."""

    def fact(key: str, value: str | None, example: str, what: str) -> str:
        if value is None:
            return f"  {key}: {_quoted(example)}  # TODO: {what}"
        return f"  {key}: {_quoted(value)}"

    lines = [
        f"# Written by karpenter-tenants init: the cluster {facts.key}. Edit freely; `make synth` writes dist/ from it.",
        f"# Every key: {doc_url('docs/configuration.md#cluster-config-reference')}",
        "cluster:",
        fact("name", facts.name, "my-cluster", "the EKS cluster's name"),
        fact("accountId", facts.account_id, "123456789012", "its AWS account (12 digits)"),
        fact("region", facts.region, "eu-west-1", "its AWS region"),
        fact("kubernetesVersion", facts.kubernetes_version, "1.33", "its Kubernetes minor version"),
    ]
    if facts.oidc_provider is not None:  # IRSA's trust: the cluster's OIDC issuer (init refuses irsa without it)
        lines.append(f"  oidcProvider: {_quoted(facts.oidc_provider)}")
    lines += ["", "gitops:", f"  engine: {facts.engine}"]
    engine = ENGINES[facts.engine]
    if engine.init_settings:  # the engine's settings (its facts), e.g. Argo CD's repoURL
        repo_url = _quoted(facts.repo_url or "https://example.com/platform.git") + (
            "" if facts.repo_url else f"  # TODO: this repository's URL, as {engine.synced_by} reads it"
        )
        lines += engine.init_settings.format(repo_url=repo_url).split("\n")
    lines += [
        "",
        "karpenter:",
        f"  version: {_quoted(facts.karpenter_version)}",
        f"  identity: {facts.identity}",
        "",
        "# One entry per customer: its namespaces' pods run on its own NodePool. Onboarding a customer:",
        f"# {doc_url('README.md#onboard-a-new-customer')}",
        "tenants:",
        "  - name: example",
        "    namespaces: [example]",
        "    requirements: {instanceCategories: [c, m], capacityTypes: [on-demand]}",
        '    limits: {cpu: "16", memory: 64Gi}',
        "    ami: {family: AL2}  # Karpenter 0.31 picks the newest AMI of the family"
        if facts.karpenter_version.startswith("0.")
        else "    ami: {alias: al2023@v20261101}  # pinned: a new AMI release drifts (replaces) the nodes only when you "
        "bump it",
        "",
    ]
    return "\n".join(lines)


MAIN = f'''"""This repository's cdk8s app: `python main.py` (or `cdk8s synth`) writes dist/ from clusters/; `--help` lists
the commands. Written by karpenter-tenants init; yours to edit. The product is the installed package
karpenter_tenants; the team's own constructs are listed in EXTENSIONS:
{doc_url("docs/extending.md")}"""

from karpenter_tenants.__main__ import run
from karpenter_tenants.charts.extensions import Extensions

# e.g. Extensions(tenant=["platform.quotas:tenant_quotas"], base=["platform.headroom:headroom"])
EXTENSIONS = Extensions()

if __name__ == "__main__":  # `synth --jobs` starts worker processes that import this file
    run(extensions=EXTENSIONS)
'''

CDK8S_YAML = """# cdk8s project file (written by karpenter-tenants init): `cdk8s synth` runs main.py, which writes dist/
# atomically; `output:` is a scratch folder the cdk8s CLI lists, never dist/.
language: python
app: .venv/bin/python -O main.py synth --cdk8s-cli
output: .cdk8s.out
"""


# kubeconform, pinned: the generated Makefile builds it as the product's own does (`verify` runs it on every dist/
# folder). A Go build, not a check inside the package: kubeconform is the schema checker teams already run and
# trust, and its behaviour (strict, every kind's schema) is what docs/review.md documents.
KUBECONFORM_MODULE = "github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0"


# gitops.engine kubectl (an engine that syncs nothing: its facts' synced_by is None): nothing in the cluster syncs
# dist/, so the repository says how it is applied after a merge, docs/gitops.md's runbook as a make target (the end-to-end suite runs this target against a real API server).
APPLY = """
# gitops.engine kubectl: nothing in the cluster syncs dist/. After merging, `make apply` (or your pipeline) applies
# the stage folders of dist/$(CLUSTER)/ in install order with KUBECTL's current context, waiting for the CRDs to be
# served before the node pools. It does not prune: `plan` says the `kubectl delete` of each removed object.
KUBECTL ?= kubectl
CLUSTER ?= {key}

apply:  ## kubectl apply --server-side -k each stage folder of dist/$(CLUSTER)/, in install order (after merging)
\tcd dist/$(CLUSTER) && for folder in base karpenter-crd karpenter; do \\
\t  if [ -d "$$folder" ]; then $(KUBECTL) apply --server-side -k "$$folder" || exit 1; fi; \\
\tdone
\t$(KUBECTL) wait --for condition=Established --timeout 60s crd --all
\tcd dist/$(CLUSTER) && for folder in overlays tenants/*/ tenants/*/quota tenants/*/buffers; do \\
\t  if [ -f "$$folder/kustomization.yaml" ]; then $(KUBECTL) apply --server-side -k "$$folder" || exit 1; fi; \\
\tdone
"""


def makefile(facts: RepositoryFacts) -> str:
    kubectl = ENGINES[facts.engine].synced_by is None  # nothing syncs dist/: `make apply`
    # kubectl's chart folders are rendered at synth from the reference data (gitops.engine kubectl): synth checks it.
    synth_needs = "setup reference-data" if kubectl else "setup"
    text = f"""# Written by karpenter-tenants init. `make synth` sets up .venv and writes dist/; `make verify` is what the
# pull-request workflow runs (dist/ current, validate, kubeconform, plan against BASE with the gate). Nothing here
# downloads but `setup` (pip), the kubeconform build (the Go module proxy) and `make fetch-reference`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BASE ?= origin/main
FAIL_ON ?= destructive
KUBECONFORM := .tools/bin/kubeconform

.PHONY: setup synth reference-data fetch-reference verify upgrade{" apply" if kubectl else ""}

setup: $(VENV)/.installed

# pip compiles bytecode for plain `python`; synth runs `python -O`, so its bytecode is compiled here once too (else
# every run compiles the package again where bytecode cannot be written: PYTHONDONTWRITEBYTECODE, read-only images).
$(VENV)/.installed: requirements.txt
\t$(PYTHON) -m venv $(VENV)
\t$(PY) -m pip install --quiet -r requirements.txt
\t$(PY) -O -m compileall -q "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
\ttouch $@

synth: {synth_needs}  ## write dist/ from clusters/*.yaml
\t$(PY) -O main.py

# The schema check's tool, built pinned from the Go module proxy (needs Go; once, into .tools/bin).
$(KUBECONFORM):
\tGOBIN=$(abspath .tools/bin) GOFLAGS=-mod=mod go install {KUBECONFORM_MODULE}

# The reference data the commands read (upstream CRDs, charts, IAM): checked, never downloaded by the gate.
reference-data: setup
\t@$(PY) main.py fetch-reference --check

fetch-reference: setup  ## download the reference data into the user cache (the network; a separate, explicit step)
\t$(PY) main.py fetch-reference

# make exits 2 whenever a recipe fails, so verify's own status (3: the plan's gate tripped, which the workflow's
# label waives; 1: findings; 2: bad input) is written to STATUS=FILE when given, as the pull-request workflow reads it.
verify: setup reference-data $(KUBECONFORM)  ## dist/ current, validate, kubeconform, plan against BASE (exit 3: destructive)
\t@$(if $(STATUS),rm -f $(STATUS))
\t$(PY) main.py verify --fail-on $(FAIL_ON) --base $(BASE) --kubeconform $(KUBECONFORM) $(if $(PLAN),--plan-markdown $(PLAN)) \\
\t  $(if $(STATUS),; status=$$?; echo $$status > $(STATUS); exit $$status)

upgrade: setup  ## after changing the version in requirements.txt: dist/ again; `plan` names the generator change
\t$(PY) -m pip install --quiet -r requirements.txt
\t$(PY) -O -m compileall -q "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
\t$(PY) -O main.py
"""
    return text + APPLY.format(key=facts.key) if kubectl else text


def applied_by(engine: str) -> str:
    """What applies dist/ (the README's words): the engine that syncs it, else `make apply`."""
    synced_by = ENGINES[engine].synced_by
    return (
        f"{synced_by} applies it"
        if synced_by
        else "`make apply` applies it after a merge: nothing in the cluster syncs it"
    )


def readme(facts: RepositoryFacts) -> str:
    kubectl = (
        f"\nWith `gitops.engine: {facts.engine}` synth renders the Karpenter charts from the reference data: `make fetch-reference`"
        "\nonce per machine (the workflow does it in a step of its own). After a merge, `make apply` applies `dist/` in"
        f" install\norder ({doc_url('docs/gitops.md#how-kubectl-consumes-dist-no-gitops-controller')}).\n"
        if ENGINES[facts.engine].synced_by is None
        else ""
    )
    return f"""# Karpenter for {facts.key}

Written by `karpenter-tenants init` ({__version__}): the cluster file in `clusters/`, what the product writes from
it in `dist/` (committed; {applied_by(facts.engine)}), the AWS side in `terraform/`.

```sh
make synth     # sets up .venv (Python 3.11+, Node.js 20 for cdk8s) and writes dist/ from clusters/
make verify    # what the pull-request workflow runs: dist/ current, validate, plan against origin/main
```

Onboard a customer: add an entry under `tenants:` in `clusters/{facts.key}.yaml`, `make synth`, open a pull
request with the change and `dist/`. Upgrade the product: change the version in `requirements.txt` and the `ref`
of the Terraform module's source together, `make upgrade`; the plan says "generator X → Y" and which `dist/`
changes come from the upgrade.

The product's documentation, at the version installed: {doc_url("README.md")} (onboarding a customer:
{doc_url("README.md#onboard-a-new-customer")}; every key of the cluster file:
{doc_url("docs/configuration.md#cluster-config-reference")}; upgrades: {doc_url("docs/upgrading.md")}).
{kubectl}"""


GITIGNORE = """.venv/
__pycache__/
.cdk8s.out/
node_modules/
.tools/
terraform/.terraform/
*.tfstate*
plan.md
verify-status
# synth's lock and its record of what it built, beside dist/
/.dist.lock
/.dist.synth-cache.json
"""


def workflow(facts: RepositoryFacts) -> str:
    return """# Written by karpenter-tenants init. On every pull request: `make verify` (dist/ current, validate, kubeconform, plan
# against the merge base) and the plan posted as a comment. Destructive changes fail the run unless the pull request carries
# the label karpenter-destructive-ok.
name: pull-request
on:
  pull_request:
    types: [opened, synchronize, reopened, labeled, unlabeled]

permissions:
  contents: read
  pull-requests: write

jobs:
  verify:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"
      - uses: actions/setup-node@v4
        with:
          node-version: "20"
      - uses: actions/setup-go@v5  # plan simulates workloads/<cluster>.json with Karpenter's scheduler, built with Go
        id: go
        with:
          go-version: "1.26"
      # Karpenter's scheduler (built from Go modules on first use, about 5 CPU-minutes), kept between runs. The folder
      # is code (the program plan runs): restored only by the exact key of the product's version (requirements.txt: the
      # scheduler's sources are the installed package's) and the Go version, never by a prefix (no restore-keys: another
      # branch's cache would run here). Its kept answers are sealed with a key of the runner that wrote them, outside
      # the folder, so a restored answer is asked again.
      - uses: actions/cache@v4
        with:
          path: ~/.cache/karpenter-tenants/scheduler
          key: karpenter-scheduler-${{ runner.os }}-${{ steps.go.outputs.go-version }}-${{ hashFiles('requirements.txt') }}
      # The reference data the commands read, kept between runs by the product's version; downloaded only when the
      # cache lacks it, in a step of its own: the gate itself never downloads.
      - uses: actions/cache@v4
        with:
          path: ~/.cache/karpenter-tenants/reference
          key: karpenter-reference-${{ hashFiles('requirements.txt', 'clusters/**') }}
      - name: Reference data (downloaded only when the cache lacks it)
        run: make reference-data || make fetch-reference
      - name: Verify (dist/ current, validate, kubeconform, plan with the gate)
        id: verify
        env:
          DESTRUCTIVE_OK: ${{ contains(github.event.pull_request.labels.*.name, 'karpenter-destructive-ok') }}
          BASE_REF: ${{ github.base_ref }}
        run: |
          # make exits 2 for any failing recipe; the command's own status is what STATUS= writes (make's own
          # status stands when verify never ran, e.g. the set-up failed).
          set +e
          make verify BASE="$(git merge-base "origin/$BASE_REF" HEAD)" PLAN=plan.md STATUS=verify-status
          status=$?
          set -e
          if [ -s verify-status ]; then status=$(cat verify-status); fi
          if [ -f plan.md ]; then cat plan.md >> "$GITHUB_STEP_SUMMARY"; else echo "no plan: verify did not run" > plan.md; fi
          if [ "$status" = 3 ] && [ "$DESTRUCTIVE_OK" = "true" ]; then status=0; fi
          echo "status=$status" >> "$GITHUB_OUTPUT"
      - name: Comment the plan on the pull request
        env:
          GH_TOKEN: ${{ github.token }}
        run: gh pr comment "${{ github.event.pull_request.number }}" --body-file plan.md --edit-last --create-if-none
      - name: Verify must pass; destructive changes need the label karpenter-destructive-ok
        if: steps.verify.outputs.status != '0'
        env:
          STATUS: ${{ steps.verify.outputs.status }}
        run: |
          if [ "$STATUS" = 3 ]; then
            echo "plan: destructive changes (see the comment); add the label karpenter-destructive-ok to acknowledge them"
          else
            echo "make verify exited $STATUS (see its log above)"
          fi
          exit 1
"""


def terraform_main(facts: RepositoryFacts) -> str:
    return f"""# Written by karpenter-tenants init: the AWS side of {facts.key} (controller role, node roles, interruption
# queue), the product's module by a versioned source. Its `ref` and requirements.txt's version move together (`plan`
# says when they differ). Its inputs and outputs: {doc_url("terraform/README.md")}
provider "aws" {{
  region = {_quoted(facts.region or "eu-west-1")}
}}

module "karpenter_{facts.key.replace("-", "_")}" {{
  source = {_quoted(facts.module_source)}

  aws_file = "${{path.root}}/../dist/{facts.key}/aws.json" # written by `make synth`
  tags     = {{}}
}}
"""


def files(facts: RepositoryFacts) -> dict[str, str]:
    """Every file of the new repository, by path relative to its folder."""
    return {
        f"clusters/{facts.key}.yaml": cluster_file(facts),
        "main.py": MAIN,
        "cdk8s.yaml": CDK8S_YAML,
        "requirements.txt": f"# Written by karpenter-tenants init: the product, pinned (upgrading: "
        f"{doc_url('docs/upgrading.md')}).\n{facts.package}\n",
        "Makefile": makefile(facts),
        "README.md": readme(facts),
        ".gitignore": GITIGNORE,
        ".github/workflows/pull-request.yaml": workflow(facts),
        "terraform/main.tf": terraform_main(facts),
    }
