"""The `cluster` section: the EKS cluster (name, account, region, Kubernetes version, OIDC provider).

Part of the cluster config schema (config.schema); imports config only."""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from karpenter_tenants.config.schema.base import AccountId, Model, Name, Region, kubernetes_minor_value, shown


class ClusterConfig(Model):
    name: Name = Field(description="EKS cluster name; also the `karpenter.sh/discovery` tag value. Required.")
    account_id: AccountId = Field(description="AWS account id, 12 digits, quoted in YAML. Required.")
    region: Region = Field(description="AWS region, e.g. `ca-central-1`. Required.")
    kubernetes_version: str = Field(
        default="1.33",
        description="Kubernetes minor version, used to validate core kinds; must be in upstream's compatibility "
        "table for karpenter.version. Default `1.33`.",
    )
    endpoint: str | None = Field(
        default=None,
        description="API server endpoint; default: none, Karpenter discovers it with eks:DescribeCluster.",
    )
    oidc_provider: str | None = Field(
        default=None,
        description="IAM OIDC provider of the cluster, as IAM names it: host/path, e.g. "
        "`oidc.eks.ca-central-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE` (for IRSA and the Terraform "
        "module). The issuer URL (`https://...`, what terraform-aws-eks' `cluster_oidc_issuer_url` output holds) is "
        "taken without its scheme. Default: none.",
    )

    @field_validator("oidc_provider", mode="before")
    @classmethod
    def _oidc_provider_as_iam_names_it(cls, value: object) -> object:
        """IAM's provider ARN and the trust's condition keys use host/path: `https://` would make them never match."""
        if not isinstance(value, str):
            return value
        text = value.removeprefix("https://").rstrip("/")
        if not re.fullmatch(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?(/[A-Za-z0-9._-]+)*", text, re.ASCII):
            raise ValueError(
                f"{shown(value)} is not an OIDC provider like 'oidc.eks.ca-central-1.amazonaws.com/id/EXAMPLE' (the "
                "cluster's OIDC issuer URL without https://)"
            )
        return text

    @field_validator("account_id", mode="before")
    @classmethod
    def _account_id_is_a_string(cls, value: object) -> object:
        if isinstance(value, int) and not isinstance(value, bool):
            raise ValueError(
                f"{shown(value)} is a YAML number; write the account id as a quoted 12-digit string, "
                'e.g. "001234567890", so leading zeros are kept'
            )
        return value

    @field_validator("kubernetes_version", mode="before")
    @classmethod
    def _kubernetes_version_shape(cls, value: object) -> object:
        return kubernetes_minor_value(value)

    @field_validator("endpoint")
    @classmethod
    def _endpoint_is_https(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith("https://"):
            raise ValueError(f"{shown(value)} is not an https:// URL")
        return value
