"""The `gitops` section: Flux, Argo CD or plain `kubectl apply -k` (nothing syncing), and their settings.

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator, model_validator

from karpenter_tenants.config.gitops_engines import DEFAULT_ENGINE, ENGINES
from karpenter_tenants.config.schema.base import (
    CONTROL_PLANE_NAMESPACES,
    Duration,
    FieldProblems,
    Flag,
    Model,
    Name,
    shown,
)

# gitops.engine's values: the names of config.gitops_engines.ENGINES, the one list of the engines, made a Literal so
# that validation says them and the JSON schema lists them (an enum). mypy sees a str: it cannot read a computed one.
if TYPE_CHECKING:
    EngineName = str
else:
    EngineName = Literal[tuple(ENGINES)]

# The ServiceAccounts of Flux's own controllers (flux install / flux bootstrap writes them in Flux's namespace).
FLUX_CONTROLLER_ACCOUNTS = frozenset(
    {
        "source-controller",
        "kustomize-controller",
        "helm-controller",
        "notification-controller",
        "image-reflector-controller",
        "image-automation-controller",
        "default",
    }
)


class FluxSource(Model):
    url: str = Field(description="URL of this repository as Flux clones it: `ssh://git@…` or `https://…`. Required.")
    branch: str = Field(default="main", description="Branch Flux follows. Default `main`.")
    secret_ref: Name | None = Field(
        default=None,
        description="Secret in gitops.flux.namespace with the credentials (`flux create secret git`). Default none "
        "(a public repository).",
    )

    @field_validator("url")
    @classmethod
    def _git_url(cls, value: str) -> str:
        if not re.fullmatch(r"(ssh|https|http)://[^\s]+", value, re.ASCII):
            raise ValueError(
                f"{shown(value)} is not a Git URL Flux clones: ssh://git@host/org/repo or https://host/org/repo"
            )
        return value


class FluxConfig(Model):
    namespace: Name = Field(
        default="flux-system", description="Namespace of the Flux Kustomizations. Default `flux-system`."
    )
    source_ref: Name = Field(
        default="flux-system",
        description="Name of the Flux GitRepository holding this repository. Default `flux-system`, the one `flux "
        "bootstrap` creates (named after Flux's namespace); another name needs `source` (synth then writes that "
        "GitRepository beside the root), else `validate` reports it.",
    )
    source: FluxSource | None = Field(
        default=None,
        description="This repository as a GitRepository of its own (`sourceRef`), written beside the root: for a "
        "fleet repository that `flux bootstrap` does not sync. Default none (the bootstrap GitRepository).",
    )
    interval: Duration = Field(default="10m", description="Flux reconcile interval. Default `10m`.")
    service_account_name: Name | None = Field(
        default=None,
        description="ServiceAccount the generated Kustomizations (in `namespace`) and HelmReleases (in "
        "karpenter.namespace) run as: what Flux's multi-tenancy lockdown (`--default-service-account`, "
        "flux2-multi-tenancy) requires. synth writes it in both namespaces, each bound to `cluster-admin` (the "
        "Karpenter chart installs CRDs and cluster roles): beside the root for the Kustomizations, in base/ for the "
        "HelmReleases. Default none (the controllers' own identity).",
    )

    @model_validator(mode="after")
    def _source_for_another_repository(self) -> FluxConfig:
        # `flux bootstrap` names its GitRepository after Flux's namespace (flux-system/flux-system by default).
        if self.source is not None and self.source_ref == self.namespace:
            raise FieldProblems(
                [
                    (
                        ("sourceRef",),
                        (
                            f"{self.namespace}/{self.source_ref} is the GitRepository `flux bootstrap` creates and owns; name this "
                            "repository's own GitRepository otherwise (e.g. sourceRef: fleet)"
                        ),
                    )
                ]
            )
        return self


class ArgoCdConfig(Model):
    repo_url: str = Field(
        alias="repoURL", description="URL of this Git repository, as Argo CD knows it (Argo CD spelling). Required."
    )

    @field_validator("repo_url")
    @classmethod
    def _repository_url(cls, value: str) -> str:
        # what Argo CD's repository server clones: https://, http://, ssh:// or scp-like git@host:path; no file://
        # (Argo CD refuses local paths), no white space or control characters (a newline ends the URL in the YAML).
        if re.search(r"[\s\x00-\x1f\x7f]", value) or not re.fullmatch(
            r"(https?|ssh)://[^/\s]+(/\S*)?|[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:\S+", value
        ):
            raise ValueError(
                f"{shown(value)} is not a Git URL Argo CD can clone: give https://host/path.git, "
                "ssh://host/path.git or git@host:path.git (no spaces, no file://)"
            )
        return value

    target_revision: str = Field(default="HEAD", description="Git revision Argo CD syncs. Default `HEAD`.")
    namespace: Name = Field(default="argocd", description="Namespace of the Applications. Default `argocd`.")
    project: Name = Field(default="default", description="Argo CD project of the Applications. Default `default`.")
    destination_server: str = Field(
        default="https://kubernetes.default.svc",
        description="API server of the cluster Argo CD deploys to. Default: the cluster Argo CD runs in.",
    )
    prune: Flag = Field(default=True, description="Automated sync deletes what left the repository. Default true.")
    self_heal: Flag = Field(
        default=True, description="Automated sync reverts changes made in the cluster. Default true."
    )


class GitOpsConfig(Model):
    engine: EngineName = Field(
        default=DEFAULT_ENGINE.name,
        description="What syncs dist/. Default `flux`. `kubectl`: nothing does; each stage folder is applied by hand "
        "(`kubectl apply --server-side -k`, in order: docs/gitops.md), the charts rendered at synth from the "
        "reference data.",
    )
    path: str | None = Field(
        default=None,
        description="Path of this cluster's dist/ folder in the Git repository. Default `./dist/<file name>`.",
    )
    flux: FluxConfig = Field(default_factory=FluxConfig, description="Flux settings (engine `flux`).")
    argocd: ArgoCdConfig | None = Field(default=None, description="Argo CD settings; required for engine `argocd`.")

    @field_validator("path")
    @classmethod
    def _relative_path(cls, value: str | None) -> str | None:
        if value is not None and (value.startswith("/") or ".." in value.split("/")):
            raise ValueError(f"{shown(value)} must be a path inside the repository, like './dist/acme'")
        return value

    @model_validator(mode="after")
    def _engine_settings(self) -> GitOpsConfig:
        if self.engine == "argocd" and self.argocd is None:
            raise ValueError("engine argocd needs an 'argocd' section with at least repoURL (this repository's URL)")
        if self.engine != "argocd" and self.argocd is not None:
            raise ValueError(f"an 'argocd' section is set but engine is {self.engine}: set engine: argocd or remove it")
        if self.engine != "flux" and "flux" in self.model_fields_set:
            raise ValueError(f"a 'flux' section is set but engine is {self.engine}: remove it")
        return self


def gitops_namespace(gitops: GitOpsConfig) -> str:
    """The GitOps engine's namespace (kubectl: none, no controller runs; Flux's default then, never checked)."""
    argocd = gitops.argocd
    return argocd.namespace if gitops.engine == "argocd" and argocd is not None else gitops.flux.namespace


def always_exempt_namespaces(karpenter_namespace: str, gitops: GitOpsConfig) -> list[str]:
    """Namespaces the isolation policy never checks: the control plane's, Karpenter's, the GitOps engine's."""
    # an engine that syncs nothing (kubectl) runs nothing in the cluster
    engine = {gitops_namespace(gitops)} if ENGINES[gitops.engine].synced_by is not None else set()
    return sorted({*CONTROL_PLANE_NAMESPACES, karpenter_namespace, *engine})
