"""The cluster config as one module, for code written before config.schema split it by section: re-exports every
name config.schema defines. New code imports from config.schema.<section> (or config.resolved).

Imports config only."""

# ruff: noqa: F401
from karpenter_tenants.config.rules.raw import tenant_key_conflicts
from karpenter_tenants.config.rules.tenant import TENANT_RULES, TenantRule
from karpenter_tenants.config.schema.autoscaler import AutoscaledNodeGroup, ClusterAutoscaler
from karpenter_tenants.config.schema.base import (
    CONTROL_PLANE_NAMESPACES,
    QUANTITY_UNITS,
    RFC1123_LABEL,
    SHOWN_CHARACTERS,
    SHOWN_WHOLE,
    AccountId,
    BudgetDuration,
    BudgetNodes,
    CronSchedule,
    Duration,
    FieldProblems,
    IamRoleName,
    InstanceProfileName,
    Integer,
    LabelKey,
    LabelValue,
    Model,
    Name,
    Quantity,
    QueueName,
    Region,
    RoleArn,
    duration_seconds_of,
    quantity_value,
    shown,
)
from karpenter_tenants.config.schema.buffers import (
    BUFFER_IMAGE,
    RESOURCE_NAME_PATTERN,
    Buffer,
    ResourceName,
    ScalableRef,
)
from karpenter_tenants.config.schema.cluster import ClusterConfig
from karpenter_tenants.config.schema.cluster_file import ClusterFile, isolation_supported
from karpenter_tenants.config.schema.gitops import (
    FLUX_CONTROLLER_ACCOUNTS,
    ArgoCdConfig,
    FluxConfig,
    FluxSource,
    GitOpsConfig,
    always_exempt_namespaces,
    gitops_namespace,
)
from karpenter_tenants.config.schema.iam import (
    MANAGED_POLICIES_PER_ROLE,
    PASS_ROLE_CHUNK,
    ExistingIam,
    IamConfig,
    NamePrefix,
    PassRole,
    PolicyArn,
    RoleNameOrArn,
    arn_like,
    pass_role_pattern,
    role_name_of,
)
from karpenter_tenants.config.schema.karpenter import (
    CHARTS,
    FEATURE_GATES,
    FIRST_SIGNED_CHART,
    KARPENTER_SIGNING_ISSUER,
    KARPENTER_SIGNING_SUBJECT,
    ROLE_ANNOTATION,
    ChartSource,
    ChartVerify,
    Compatibility,
    ControllerConfig,
    ControllerRole,
    KarpenterConfig,
    Regex,
    Resources,
    ServiceMonitor,
    Toleration,
    TopologySpread,
    Webhook,
    unknown_value_keys,
)
from karpenter_tenants.config.schema.node_class import (
    ALIAS_FAMILIES,
    FAMILY_DISKS,
    Ami,
    AmiSelectorTerm,
    BlockDevice,
    CapacityReservationTerm,
    Ebs,
    EnclaveOptions,
    Kubelet,
    MetadataOptions,
    RootVolume,
    SelectorTerm,
    VolumeSize,
    disk_layout,
)
from karpenter_tenants.config.schema.overlays import STANDARD_RESOURCES, Overlay
from karpenter_tenants.config.schema.quota import Quota, QuotaCaps
from karpenter_tenants.config.schema.requirements import (
    REQUIREMENT_KEYS,
    TYPED_REQUIREMENT_KEYS,
    Budget,
    Disruption,
    Limits,
    Requirement,
    Requirements,
    Taint,
    restricted_requirement_key,
)
from karpenter_tenants.config.schema.specs import DEFAULT_REQUIREMENTS, RequirementSpec, TaintSpec, duration_seconds
from karpenter_tenants.config.schema.stages import (
    BASE_STAGE,
    CONTROLLER_STAGE,
    CRD_STAGE,
    OVERLAYS_STAGE,
    applier_names,
    buffers_stage_id,
    install_stage_ids,
    quota_stage_id,
    tenant_stage_id,
)
from karpenter_tenants.config.schema.tenancy import (
    DEFAULT_EXEMPT_NAMESPACES,
    MIN_KUBERNETES_MINOR,
    NODE_RESTRICTION_DOMAIN,
    Tenancy,
)
from karpenter_tenants.config.schema.tenant import Pool, Tenant, node_pools
