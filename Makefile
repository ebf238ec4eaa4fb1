# The README's commands. `make synth` and `make test` set everything up on a fresh machine
# (Python >= 3.11, Node >= 20 and npm needed) and are safe to re-run.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION := 20
export CDK8S_CHECK_UPGRADE := false

.PHONY: setup reference-data synth check verify test lint typecheck lock terraform-plan e2e imports validate checkov \
  bench clean

setup: $(VENV)/.installed node_modules/.installed

# Every install takes its exact version from constraints.txt (the lock; pyproject.toml declares ranges, as the
# package's users install it beside their own cdk8s): CI and every checkout run what the suite ran.
LOCK := --constraint constraints.txt
$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet $(LOCK) --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet $(LOCK) --group test
	# this checkout as the package karpenter_tenants (editable, compat mode: a plain path in a .pth, no import hook
	# run at start-up, where Ctrl-C could not be caught; the console command `karpenter-tenants` runs this
	# tree), with its dependencies at the lock's versions.
	$(PY) -m pip install --quiet $(LOCK) --editable . --config-settings editable_mode=compat
	# pip compiles bytecode for plain `python` only; synth runs `python -O`, whose first run would compile
	# cdk8s-plus-33's 70,000-line k8s module (~0.7 s), and every run when bytecode cannot be written
	# (PYTHONDONTWRITEBYTECODE, a read-only environment). With it compiled the import takes ~0.03 s.
	$(PY) -O -m compileall -q "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/cdk8s_plus_33"
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# -O: jsii skips its runtime type checks (typeguard), a third of synth time at scale; the
# output is checked by `validate` and the tests instead.
synth: setup  ## write dist/ from clusters/*.yaml
	$(PY) -O main.py

check: setup  ## fail if dist/ is not what synth would write
	$(PY) main.py check

# Go tools, each built pinned from its module into .tools/bin: kustomize builds every dist/ folder in the tests
# (kubectl's when installed), kubeconform checks them (`make verify`), actionlint the pull-request workflow.
KUSTOMIZE := .tools/bin/kustomize
KUBECONFORM := .tools/bin/kubeconform
ACTIONLINT := .tools/bin/actionlint
GO_INSTALL := GOBIN=$(abspath .tools/bin) GOFLAGS=-mod=mod go install
$(KUSTOMIZE):
	$(GO_INSTALL) sigs.k8s.io/kustomize/kustomize/v5@v5.7.1
$(KUBECONFORM):
	$(GO_INSTALL) github.com/yannh/kubeconform/cmd/kubeconform@v0.8.0
$(ACTIONLINT):
	$(GO_INSTALL) github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

# A pull request of clusters/: dist/ current, validate, kubeconform, plan against BASE (default: the merge base
# with origin/main) with the gate FAIL_ON (default destructive); PLAN=FILE also writes the plan's Markdown there.
# make itself exits 2 whenever a recipe fails, so the command's own status (3: the plan's gate tripped, which a CI
# gate may waive; 1: findings; 2: bad input) is written to STATUS=FILE when given, as the pull-request workflow reads it.
FAIL_ON ?= destructive
verify: setup reference-data $(KUBECONFORM)  ## what a reviewer needs on your clusters, without the product's test suite
	@$(if $(STATUS),rm -f $(STATUS))
	$(PY) main.py verify --fail-on $(FAIL_ON) $(if $(BASE),--base $(BASE)) $(if $(PLAN),--plan-markdown $(PLAN)) \
	  $(if $(STATUS),; status=$$?; echo $$status > $(STATUS); exit $$status)

# Before the Go tools and the suite: the reference data (../shared, $KARPENTER_TENANTS_SHARED or the cache
# fetch-reference fills) holds the releases the commands read, or one line saying to run fetch-reference.
reference-data: setup
	@$(PY) main.py fetch-reference --check

# The unit suite runs on TEST_WORKERS processes (pytest-xdist; 0: in this process), each with its own disk cache.
TEST_WORKERS ?= 2
test: setup reference-data $(KUBECONFORM) $(ACTIONLINT) $(if $(shell command -v kubectl),,$(KUSTOMIZE))  ## the whole test suite
	$(PY) -m pytest $(if $(filter-out 0,$(TEST_WORKERS)),-n $(TEST_WORKERS))

# ruff on the repository ([tool.ruff]: generated code excluded). Part of `make test` too (tests/product/test_lint.py);
# the pre-commit hooks run this and typecheck (.pre-commit-config.yaml).
lint: setup  ## ruff: pyflakes, bugbear, import order; the formatter's layout (`ruff format` fixes it)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# mypy, strict, on the whole package ([tool.mypy] in pyproject.toml), held to the ratchet .ci/mypy-ratchet.txt: no
# module may have more errors than it lists, new modules none. RATCHET=update lowers it after errors are fixed. Part of
# `make test` too (tests/product/test_typecheck.py).
typecheck: setup  ## mypy, strict, held to .ci/mypy-ratchet.txt (RATCHET=update lowers it)
	$(PY) .ci/typecheck.py $(if $(filter update,$(RATCHET)),--update)

# constraints.txt anew from pip's resolution of pyproject.toml's ranges for a fresh environment: requirements new to
# the ranges resolved and the other pins kept, or with UPGRADE=1 the newest versions the ranges allow. Then `make
# setup` installs it and `make test` says whether it works.
lock: $(VENV)/.installed
	$(PY) -m pip install --quiet --dry-run --ignore-installed --report - $(if $(UPGRADE),,$(LOCK)) --group test \
	  --editable . "pip>=25.1" | $(PY) .ci/lock.py > constraints.txt.new || { rm -f constraints.txt.new; exit 1; }
	mv constraints.txt.new constraints.txt

# Part of `make test` too. Needs Go (>= 1.26): builds OpenTofu and the stand-in AWS provider from the pinned modules in
# tests/terraform_plan once (cached in ~/.cache/karpenter-tenants-e2e by content; cold about 7 minutes). docs/terraform-plan.md
terraform-plan: setup  ## `tofu plan` of terraform/ for many aws.json cases, against a stand-in AWS provider
	$(PY) -m pytest tests/product/test_terraform_plan.py

# Needs Go (>= 1.26) and git; builds kube-apiserver, etcd and the Flux controllers from the pinned
# modules in tests/e2e/tools once (cached in ~/.cache/karpenter-tenants-e2e by content). The test modules run
# side by side on E2E_WORKERS processes (0: one after another), each module whole on one (docs/e2e.md).
E2E_WORKERS ?= 2
e2e: setup $(KUBECONFORM) $(if $(shell command -v kubectl),,$(KUSTOMIZE))  ## end-to-end: dist/ on a real kube-apiserver, real admission, real Flux
	$(PY) -m pytest tests/e2e -n $(E2E_WORKERS) --dist loadfile --no-loadscope-reorder

validate: setup  ## check dist/ offline: CRD schemas, CEL rules, core kinds, the rendered chart
	$(PY) main.py validate

# checkov has many dependencies of its own; its own virtual environment keeps them apart.
.venv-checkov/.installed:
	$(PYTHON) -m venv .venv-checkov
	.venv-checkov/bin/python -m pip install --quiet --upgrade pip
	.venv-checkov/bin/python -m pip install --quiet checkov==3.3.30
	touch $@

checkov: setup .venv-checkov/.installed  ## scan dist/, the rendered chart and terraform/ (skips: .checkov.yaml)
	bash .ci/checkov.sh

bench: setup  ## whole commands against the libyaml floor (bench/commands.py), validate's disk cache, validation throughput, status
	$(PY) bench/commands.py
	$(PY) bench/validate_cache.py
	$(PY) bench/validate_throughput.py
	$(PY) bench/status.py

imports: node_modules/.installed  ## regenerate karpenter_tenants/imports/ from the CRDs pinned in cdk8s.yaml
	rm -rf karpenter_tenants/imports
	npx cdk8s import --output karpenter_tenants/imports

clean:
	rm -rf $(VENV) .venv-checkov node_modules .pytest_cache
