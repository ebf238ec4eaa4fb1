"""`karpenter-tenants init DIR`: a team's own repository (karpenter_tenants.scaffold): its cluster file from the
flags, a cdk8s app composing the installed package with the team's extensions, the pull-request workflow, a
Makefile with the two commands, .gitignore and the Terraform root module calling the product's module by version.

Refuses a DIR that holds anything unless --force; even then it never replaces a file that is there (it keeps it and
says so), and every path is checked before anything is written (synthesis.safe_io's write rule).

Must not import at module level: config.loader, synth/ (imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from karpenter_tenants.commands.common import folder_path, release
from karpenter_tenants.commands.output import EXIT_BAD_INPUT, EXIT_OK, BadInput
from karpenter_tenants.config.gitops_engines import DEFAULT_ENGINE, ENGINES
from karpenter_tenants.config.listing import one_line

NAME = "init"


def add_parser(commands: Any) -> None:
    init = commands.add_parser(
        NAME,
        help="write a team's own repository: cluster file, cdk8s app, workflow, "
        "Makefile, Terraform root calling the product's module by version",
    )
    init.add_argument("dir", type=folder_path, metavar="DIR", help="the new repository's folder (new or empty)")
    init.add_argument("--name", default=None, help="the EKS cluster's name (also the cluster file's name)")
    init.add_argument("--account-id", default=None, help="its AWS account (12 digits)")
    init.add_argument("--region", default=None, help="its AWS region")
    init.add_argument("--kubernetes-version", default=None, help="its Kubernetes minor version, e.g. 1.33")
    init.add_argument(
        "--karpenter-version",
        type=release,
        default=None,
        metavar="VERSION",
        help="the Karpenter release to run (default: the newest this version supports)",
    )
    init.add_argument(
        "--identity",
        choices=("podIdentity", "irsa"),
        default=None,
        help="how the controller gets its AWS role (default podIdentity; irsa, needs --oidc-provider, on 0.31, which "
        "predates Pod Identity)",
    )
    init.add_argument(
        "--oidc-provider",
        default=None,
        metavar="ISSUER",
        help="the cluster's OIDC issuer as IAM names it, e.g. "
        "oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE (https:// is dropped): "
        "what IRSA's trust names; `aws eks describe-cluster --name NAME --query cluster.identity.oidc.issuer`",
    )
    init.add_argument(
        "--gitops",
        choices=tuple(ENGINES),  # the engines config.gitops_engines lists, as gitops.engine accepts them
        default=DEFAULT_ENGINE.name,
        help="what syncs dist/ (default flux; kubectl: nothing syncs it, `make apply` applies it after a merge)",
    )
    init.add_argument("--repo-url", default=None, help="argocd: the URL Argo CD reads this repository from")
    init.add_argument(
        "--module-source",
        default=None,
        help="the Terraform module's source (default: the product's terraform/ at this version's tag)",
    )
    init.add_argument(
        "--package",
        default=None,
        help="the pip requirement that installs the product (default karpenter-tenants==<this version>)",
    )
    init.add_argument(
        "--force", action="store_true", help="write into a DIR that holds files (files there are kept, never replaced)"
    )


def run(args: argparse.Namespace) -> int:
    from karpenter_tenants import __version__
    from karpenter_tenants.config.loader import ConfigError, load_cluster_file
    from karpenter_tenants.config.versions import REFERENCE_VERSIONS
    from karpenter_tenants.config.yaml_input import InputError
    from karpenter_tenants.scaffold import RepositoryFacts, files, module_source
    from karpenter_tenants.synthesis.safe_io import (
        FOLDER_MARKER_PREFIX,
        UnsafeOutput,
        atomic_write,
        claim_folder,
        record_folder,
    )

    karpenter_version = args.karpenter_version or str(max(REFERENCE_VERSIONS, key=_release_order))
    legacy = karpenter_version.startswith("0.")  # 0.31: IRSA only (the cluster file's own default there)
    if args.identity is None:
        args.identity = "irsa" if legacy else "podIdentity"
    _check_flags(args)
    if args.identity == "irsa" and args.oidc_provider is None and legacy:
        raise BadInput(
            f"init: Karpenter {karpenter_version} gets its role through IRSA (it predates EKS Pod Identity), which "
            "needs --oidc-provider, the cluster's OIDC issuer (`aws eks describe-cluster --name NAME --query "
            "cluster.identity.oidc.issuer --output text`); nothing was written"
        )
    if args.identity == "irsa" and args.oidc_provider is None:
        # Refused rather than a placeholder: IRSA's whole trust is this one value, and a placeholder synth accepts
        # would pass every check of the gate and fail only when the controller first asks AWS for its role.
        raise BadInput(
            "init: --identity irsa needs --oidc-provider, the cluster's OIDC issuer (`aws eks describe-cluster "
            "--name NAME --query cluster.identity.oidc.issuer --output text`), or use --identity podIdentity "
            "(the default); nothing was written"
        )
    facts = RepositoryFacts(
        name=args.name,
        account_id=args.account_id,
        region=args.region,
        kubernetes_version=args.kubernetes_version,
        karpenter_version=karpenter_version,
        identity=args.identity,
        oidc_provider=args.oidc_provider,
        engine=args.gitops,
        repo_url=args.repo_url,
        module_source=args.module_source or module_source(),
        package=args.package or f"karpenter-tenants=={__version__}",
    )
    wanted = files(facts)
    # The cluster file is checked as synth will read it before anything is written: a flag's bad value is exit 2
    # naming the flag's key, and DIR is left as it was.
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        relative = f"clusters/{facts.key}.yaml"
        trial = Path(scratch) / relative
        trial.parent.mkdir()
        trial.write_text(wanted[relative], encoding="utf-8")
        try:
            loaded = load_cluster_file(trial)
        except (ConfigError, InputError) as error:
            message = _flags_named(error).replace(str(trial), str(args.dir / relative))
            raise BadInput(f"init: the cluster file from these flags is not valid: {message}") from None
    if loaded.config.cluster.oidc_provider != facts.oidc_provider:  # as IAM names it (https:// dropped), as loaded
        from dataclasses import replace

        facts = replace(facts, oidc_provider=loaded.config.cluster.oidc_provider)
        wanted = files(facts)
    folder: Path = args.dir
    marker = folder / f"{FOLDER_MARKER_PREFIX}{NAME}"
    if folder.is_dir() and not folder.is_symlink() and not args.force:
        present = sorted(p.name for p in folder.iterdir() if p != marker and p.name != ".git")
        if present:
            print(
                one_line(
                    f"error: {folder} is not empty ({', '.join(present[:3])}{' ...' if len(present) > 3 else ''}): "
                    "name a new or empty folder, or pass --force to add the files init writes (files there are kept)"
                ),
                file=sys.stderr,
            )
            return EXIT_BAD_INPUT
    try:
        targets = claim_folder(folder, list(wanted), command=NAME, force=True)  # every path checked: links, FIFOs, .git
    except UnsafeOutput as error:
        raise BadInput(f"{error}") from None
    written, kept = [], []
    for relative, content in wanted.items():
        target = targets[relative]
        if target.exists():  # the team's now, edited or not: never replaced
            kept.append(relative)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, content)
        written.append(relative)
    record_folder(folder, written, command=NAME)
    for relative in written:
        print(one_line(f"init: wrote {folder / relative}"))
    for relative in kept:
        print(one_line(f"init: kept {folder / relative} (there already)"))
    print(one_line(f"init: next: cd {folder} && make synth (then git init, commit, and open pull requests against it)"))
    return EXIT_OK


def _check_flags(args: argparse.Namespace) -> None:
    """BadInput naming the flag whose value init would write unchecked or that does not apply, before anything is
    written (the cluster file's own keys are checked as synth reads them, after): --name as the file's name (an
    RFC 1123 label: `../x` would name a path outside clusters/), --region among the regions AWS's SDK lists
    (config/naming.json), --module-source and --package as written verbatim (scaffold.verbatim_problem), --repo-url
    only with --gitops argocd, --oidc-provider only with --identity irsa."""
    from karpenter_tenants.config.listing import one_line
    from karpenter_tenants.config.naming import regions
    from karpenter_tenants.config.schema.base import RFC1123_LABEL
    from karpenter_tenants.scaffold import package_problem, verbatim_problem

    def refuse(flag: str, value: Any, why: str) -> BadInput:
        shown = one_line(repr(value)) if len(repr(value)) <= 80 else one_line(repr(value)[:77]) + "..."
        return BadInput(one_line(f"init: {args.dir}: {flag} {shown}: {why}; nothing was written"))

    if args.name is not None and (len(args.name) > 63 or not RFC1123_LABEL.fullmatch(args.name)):
        raise refuse(
            "--name",
            args.name,
            "not a cluster name (an RFC 1123 label: at most 63 lowercase letters, "
            "digits and '-', starting and ending with a letter or digit), which also names clusters/NAME.yaml",
        )
    if args.region is not None and args.region not in regions():
        raise refuse(
            "--region",
            args.region,
            "no AWS region this version knows (AWS's SDK lists them, e.g. "
            "eu-west-1, us-gov-west-1, cn-north-1); a region opened since: leave --region out and write it "
            "into the cluster file",
        )
    if args.module_source is not None and (problem := verbatim_problem(args.module_source)):
        raise refuse("--module-source", args.module_source, problem)
    if args.package is not None and (problem := package_problem(args.package)):
        raise refuse("--package", args.package, problem)
    if args.repo_url is not None and "{repo_url}" not in ENGINES[args.gitops].init_settings:  # Argo CD's alone
        raise refuse(
            "--repo-url",
            args.repo_url,
            "only applies with --gitops argocd (the repository Argo CD reads); drop it, or add --gitops argocd",
        )
    if args.oidc_provider is not None and args.identity != "irsa":
        raise refuse(
            "--oidc-provider",
            args.oidc_provider,
            "only applies with --identity irsa (IRSA's trust names "
            f"the issuer; --identity {args.identity} does not use it): drop it, or add --identity irsa",
        )


def _release_order(version: Any) -> tuple[int, ...]:
    return tuple(int(part) for part in str(version).split(".") if part.isdigit())


def _flags_named(error: Exception) -> str:
    """The loader's message with the cluster file's keys given as the flags that set them."""
    text = str(error).split("\n")
    flags = {
        "cluster.name": "--name",
        "cluster.accountId": "--account-id",
        "cluster.region": "--region",
        "cluster.kubernetesVersion": "--kubernetes-version",
        "karpenter.version": "--karpenter-version",
        "cluster.oidcProvider": "--oidc-provider",
        "gitops.argocd.repoURL": "--repo-url",
    }
    lines = []
    for line in text:
        for key, flag in flags.items():
            if key in line:
                line = f"{line} (flag {flag})"
                break
        lines.append(line.strip())
    return "; ".join(line for line in lines if line)
