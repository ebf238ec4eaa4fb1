from __future__ import annotations

from pkgutil import extend_path
__path__ = extend_path(__path__, __name__)

import abc
import builtins
import datetime
import enum
import typing

import jsii
import publication
import typing_extensions

from jsii._type_checking import cached_type_hints, check_type


from ._jsii import *

class _LazyImport:
    def __init__(self, module_name: str) -> None:
        self._module_name = module_name
        self._module: typing.Any = None
    def __getattr__(self, name: str) -> typing.Any:
        if self._module is None:
            import importlib
            self._module = importlib.import_module(self._module_name)
        return getattr(self._module, name)

if typing.TYPE_CHECKING:

    import cdk8s as _cdk8s_d3d9af27
    import constructs as _constructs_77d1e7e8
else:

    _cdk8s_d3d9af27 = _LazyImport("cdk8s")
    _constructs_77d1e7e8 = _LazyImport("constructs")


class Provisioner(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_v1alpha5_shkarpenter.Provisioner",
):
    '''Provisioner is the Schema for the Provisioners API.

    :schema: Provisioner
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["ProvisionerSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "Provisioner" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: ProvisionerSpec is the top level provisioner specification. Provisioners launch nodes in response to pods that are unschedulable. A single provisioner is capable of managing a diverse set of nodes. Node properties are determined from a combination of provisioner and pod scheduling constraints.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__dccf06e3f575a8f619898e5fae1ce27bf524c79c6fc34c6cd533b04e82725f80)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = ProvisionerProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["ProvisionerSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "Provisioner".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: ProvisionerSpec is the top level provisioner specification. Provisioners launch nodes in response to pods that are unschedulable. A single provisioner is capable of managing a diverse set of nodes. Node properties are determined from a combination of provisioner and pod scheduling constraints.
        '''
        props = ProvisionerProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "Provisioner".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class ProvisionerProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["ProvisionerSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Provisioner is the Schema for the Provisioners API.

        :param metadata: 
        :param spec: ProvisionerSpec is the top level provisioner specification. Provisioners launch nodes in response to pods that are unschedulable. A single provisioner is capable of managing a diverse set of nodes. Node properties are determined from a combination of provisioner and pod scheduling constraints.

        :schema: Provisioner
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = ProvisionerSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__73ced80e5eb83cabf1c26bab93d4807d6eeb229c4d5ce9842760d26c49daea47)
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if metadata is not None:
            self._values["metadata"] = metadata
        if spec is not None:
            self._values["spec"] = spec

    @builtins.property
    def metadata(self) -> typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"]:
        '''
        :schema: Provisioner#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["ProvisionerSpec"]:
        '''ProvisionerSpec is the top level provisioner specification.

        Provisioners launch nodes in response to pods that are unschedulable. A single provisioner is capable of managing a diverse set of nodes. Node properties are determined from a combination of provisioner and pod scheduling constraints.

        :schema: Provisioner#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["ProvisionerSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpec",
    jsii_struct_bases=[],
    name_mapping={
        "annotations": "annotations",
        "consolidation": "consolidation",
        "kubelet_configuration": "kubeletConfiguration",
        "labels": "labels",
        "limits": "limits",
        "provider": "provider",
        "provider_ref": "providerRef",
        "requirements": "requirements",
        "startup_taints": "startupTaints",
        "taints": "taints",
        "ttl_seconds_after_empty": "ttlSecondsAfterEmpty",
        "ttl_seconds_until_expired": "ttlSecondsUntilExpired",
        "weight": "weight",
    },
)
class ProvisionerSpec:
    def __init__(
        self,
        *,
        annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        consolidation: typing.Optional[typing.Union["ProvisionerSpecConsolidation", typing.Dict[builtins.str, typing.Any]]] = None,
        kubelet_configuration: typing.Optional[typing.Union["ProvisionerSpecKubeletConfiguration", typing.Dict[builtins.str, typing.Any]]] = None,
        labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        limits: typing.Optional[typing.Union["ProvisionerSpecLimits", typing.Dict[builtins.str, typing.Any]]] = None,
        provider: typing.Any = None,
        provider_ref: typing.Optional[typing.Union["ProvisionerSpecProviderRef", typing.Dict[builtins.str, typing.Any]]] = None,
        requirements: typing.Optional[typing.Sequence[typing.Union["ProvisionerSpecRequirements", typing.Dict[builtins.str, typing.Any]]]] = None,
        startup_taints: typing.Optional[typing.Sequence[typing.Union["ProvisionerSpecStartupTaints", typing.Dict[builtins.str, typing.Any]]]] = None,
        taints: typing.Optional[typing.Sequence[typing.Union["ProvisionerSpecTaints", typing.Dict[builtins.str, typing.Any]]]] = None,
        ttl_seconds_after_empty: typing.Optional[jsii.Number] = None,
        ttl_seconds_until_expired: typing.Optional[jsii.Number] = None,
        weight: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''ProvisionerSpec is the top level provisioner specification.

        Provisioners launch nodes in response to pods that are unschedulable. A single provisioner is capable of managing a diverse set of nodes. Node properties are determined from a combination of provisioner and pod scheduling constraints.

        :param annotations: Annotations are applied to every node.
        :param consolidation: Consolidation are the consolidation parameters.
        :param kubelet_configuration: KubeletConfiguration are options passed to the kubelet when provisioning nodes.
        :param labels: Labels are layered with Requirements and applied to every node.
        :param limits: Limits define a set of bounds for provisioning capacity.
        :param provider: Provider contains fields specific to your cloudprovider.
        :param provider_ref: ProviderRef is a reference to a dedicated CRD for the chosen provider, that holds additional configuration options.
        :param requirements: Requirements are layered with Labels and applied to every node.
        :param startup_taints: StartupTaints are taints that are applied to nodes upon startup which are expected to be removed automatically within a short period of time, typically by a DaemonSet that tolerates the taint. These are commonly used by daemonsets to allow initialization and enforce startup ordering. StartupTaints are ignored for provisioning purposes in that pods are not required to tolerate a StartupTaint in order to have nodes provisioned for them.
        :param taints: Taints will be applied to every node launched by the Provisioner. If specified, the provisioner will not provision nodes for pods that do not have matching tolerations. Additional taints will be created that match pod tolerations on a per-node basis.
        :param ttl_seconds_after_empty: TTLSecondsAfterEmpty is the number of seconds the controller will wait before attempting to delete a node, measured from when the node is detected to be empty. A Node is considered to be empty when it does not have pods scheduled to it, excluding daemonsets. Termination due to no utilization is disabled if this field is not set.
        :param ttl_seconds_until_expired: TTLSecondsUntilExpired is the number of seconds the controller will wait before terminating a node, measured from when the node is created. This is useful to implement features like eventually consistent node upgrade, memory leak protection, and disruption testing. Termination due to expiration is disabled if this field is not set.
        :param weight: Weight is the priority given to the provisioner during scheduling. A higher numerical weight indicates that this provisioner will be ordered ahead of other provisioners with lower weights. A provisioner with no weight will be treated as if it is a provisioner with a weight of 0.

        :schema: ProvisionerSpec
        '''
        if isinstance(consolidation, dict):
            consolidation = ProvisionerSpecConsolidation(**consolidation)
        if isinstance(kubelet_configuration, dict):
            kubelet_configuration = ProvisionerSpecKubeletConfiguration(**kubelet_configuration)
        if isinstance(limits, dict):
            limits = ProvisionerSpecLimits(**limits)
        if isinstance(provider_ref, dict):
            provider_ref = ProvisionerSpecProviderRef(**provider_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3d49dc1338fa1798618218b9d7e1c4371ab44c779a9cf1a39fae6fb9719fa934)
            check_type(argname="argument annotations", value=annotations, expected_type=type_hints["annotations"])
            check_type(argname="argument consolidation", value=consolidation, expected_type=type_hints["consolidation"])
            check_type(argname="argument kubelet_configuration", value=kubelet_configuration, expected_type=type_hints["kubelet_configuration"])
            check_type(argname="argument labels", value=labels, expected_type=type_hints["labels"])
            check_type(argname="argument limits", value=limits, expected_type=type_hints["limits"])
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument provider_ref", value=provider_ref, expected_type=type_hints["provider_ref"])
            check_type(argname="argument requirements", value=requirements, expected_type=type_hints["requirements"])
            check_type(argname="argument startup_taints", value=startup_taints, expected_type=type_hints["startup_taints"])
            check_type(argname="argument taints", value=taints, expected_type=type_hints["taints"])
            check_type(argname="argument ttl_seconds_after_empty", value=ttl_seconds_after_empty, expected_type=type_hints["ttl_seconds_after_empty"])
            check_type(argname="argument ttl_seconds_until_expired", value=ttl_seconds_until_expired, expected_type=type_hints["ttl_seconds_until_expired"])
            check_type(argname="argument weight", value=weight, expected_type=type_hints["weight"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if annotations is not None:
            self._values["annotations"] = annotations
        if consolidation is not None:
            self._values["consolidation"] = consolidation
        if kubelet_configuration is not None:
            self._values["kubelet_configuration"] = kubelet_configuration
        if labels is not None:
            self._values["labels"] = labels
        if limits is not None:
            self._values["limits"] = limits
        if provider is not None:
            self._values["provider"] = provider
        if provider_ref is not None:
            self._values["provider_ref"] = provider_ref
        if requirements is not None:
            self._values["requirements"] = requirements
        if startup_taints is not None:
            self._values["startup_taints"] = startup_taints
        if taints is not None:
            self._values["taints"] = taints
        if ttl_seconds_after_empty is not None:
            self._values["ttl_seconds_after_empty"] = ttl_seconds_after_empty
        if ttl_seconds_until_expired is not None:
            self._values["ttl_seconds_until_expired"] = ttl_seconds_until_expired
        if weight is not None:
            self._values["weight"] = weight

    @builtins.property
    def annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Annotations are applied to every node.

        :schema: ProvisionerSpec#annotations
        '''
        result = self._values.get("annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def consolidation(self) -> typing.Optional["ProvisionerSpecConsolidation"]:
        '''Consolidation are the consolidation parameters.

        :schema: ProvisionerSpec#consolidation
        '''
        result = self._values.get("consolidation")
        return typing.cast(typing.Optional["ProvisionerSpecConsolidation"], result)

    @builtins.property
    def kubelet_configuration(
        self,
    ) -> typing.Optional["ProvisionerSpecKubeletConfiguration"]:
        '''KubeletConfiguration are options passed to the kubelet when provisioning nodes.

        :schema: ProvisionerSpec#kubeletConfiguration
        '''
        result = self._values.get("kubelet_configuration")
        return typing.cast(typing.Optional["ProvisionerSpecKubeletConfiguration"], result)

    @builtins.property
    def labels(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Labels are layered with Requirements and applied to every node.

        :schema: ProvisionerSpec#labels
        '''
        result = self._values.get("labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def limits(self) -> typing.Optional["ProvisionerSpecLimits"]:
        '''Limits define a set of bounds for provisioning capacity.

        :schema: ProvisionerSpec#limits
        '''
        result = self._values.get("limits")
        return typing.cast(typing.Optional["ProvisionerSpecLimits"], result)

    @builtins.property
    def provider(self) -> typing.Any:
        '''Provider contains fields specific to your cloudprovider.

        :schema: ProvisionerSpec#provider
        '''
        result = self._values.get("provider")
        return typing.cast(typing.Any, result)

    @builtins.property
    def provider_ref(self) -> typing.Optional["ProvisionerSpecProviderRef"]:
        '''ProviderRef is a reference to a dedicated CRD for the chosen provider, that holds additional configuration options.

        :schema: ProvisionerSpec#providerRef
        '''
        result = self._values.get("provider_ref")
        return typing.cast(typing.Optional["ProvisionerSpecProviderRef"], result)

    @builtins.property
    def requirements(
        self,
    ) -> typing.Optional[typing.List["ProvisionerSpecRequirements"]]:
        '''Requirements are layered with Labels and applied to every node.

        :schema: ProvisionerSpec#requirements
        '''
        result = self._values.get("requirements")
        return typing.cast(typing.Optional[typing.List["ProvisionerSpecRequirements"]], result)

    @builtins.property
    def startup_taints(
        self,
    ) -> typing.Optional[typing.List["ProvisionerSpecStartupTaints"]]:
        '''StartupTaints are taints that are applied to nodes upon startup which are expected to be removed automatically within a short period of time, typically by a DaemonSet that tolerates the taint.

        These are commonly used by daemonsets to allow initialization and enforce startup ordering.  StartupTaints are ignored for provisioning purposes in that pods are not required to tolerate a StartupTaint in order to have nodes provisioned for them.

        :schema: ProvisionerSpec#startupTaints
        '''
        result = self._values.get("startup_taints")
        return typing.cast(typing.Optional[typing.List["ProvisionerSpecStartupTaints"]], result)

    @builtins.property
    def taints(self) -> typing.Optional[typing.List["ProvisionerSpecTaints"]]:
        '''Taints will be applied to every node launched by the Provisioner.

        If specified, the provisioner will not provision nodes for pods that do not have matching tolerations. Additional taints will be created that match pod tolerations on a per-node basis.

        :schema: ProvisionerSpec#taints
        '''
        result = self._values.get("taints")
        return typing.cast(typing.Optional[typing.List["ProvisionerSpecTaints"]], result)

    @builtins.property
    def ttl_seconds_after_empty(self) -> typing.Optional[jsii.Number]:
        '''TTLSecondsAfterEmpty is the number of seconds the controller will wait before attempting to delete a node, measured from when the node is detected to be empty.

        A Node is considered to be empty when it does not have pods scheduled to it, excluding daemonsets.
        Termination due to no utilization is disabled if this field is not set.

        :schema: ProvisionerSpec#ttlSecondsAfterEmpty
        '''
        result = self._values.get("ttl_seconds_after_empty")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def ttl_seconds_until_expired(self) -> typing.Optional[jsii.Number]:
        '''TTLSecondsUntilExpired is the number of seconds the controller will wait before terminating a node, measured from when the node is created.

        This is useful to implement features like eventually consistent node upgrade, memory leak protection, and disruption testing.
        Termination due to expiration is disabled if this field is not set.

        :schema: ProvisionerSpec#ttlSecondsUntilExpired
        '''
        result = self._values.get("ttl_seconds_until_expired")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def weight(self) -> typing.Optional[jsii.Number]:
        '''Weight is the priority given to the provisioner during scheduling.

        A higher numerical weight indicates that this provisioner will be ordered ahead of other provisioners with lower weights. A provisioner with no weight will be treated as if it is a provisioner with a weight of 0.

        :schema: ProvisionerSpec#weight
        '''
        result = self._values.get("weight")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecConsolidation",
    jsii_struct_bases=[],
    name_mapping={"enabled": "enabled"},
)
class ProvisionerSpecConsolidation:
    def __init__(self, *, enabled: typing.Optional[builtins.bool] = None) -> None:
        '''Consolidation are the consolidation parameters.

        :param enabled: Enabled enables consolidation if it has been set.

        :schema: ProvisionerSpecConsolidation
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__47c93f1d2fdf8bb208c33cf9c1f33d8070069f1667712dcee69e6eb98849a2ad)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if enabled is not None:
            self._values["enabled"] = enabled

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''Enabled enables consolidation if it has been set.

        :schema: ProvisionerSpecConsolidation#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecConsolidation(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecKubeletConfiguration",
    jsii_struct_bases=[],
    name_mapping={
        "cluster_dns": "clusterDns",
        "container_runtime": "containerRuntime",
        "cpu_cfs_quota": "cpuCfsQuota",
        "eviction_hard": "evictionHard",
        "eviction_max_pod_grace_period": "evictionMaxPodGracePeriod",
        "eviction_soft": "evictionSoft",
        "eviction_soft_grace_period": "evictionSoftGracePeriod",
        "image_gc_high_threshold_percent": "imageGcHighThresholdPercent",
        "image_gc_low_threshold_percent": "imageGcLowThresholdPercent",
        "kube_reserved": "kubeReserved",
        "max_pods": "maxPods",
        "pods_per_core": "podsPerCore",
        "system_reserved": "systemReserved",
    },
)
class ProvisionerSpecKubeletConfiguration:
    def __init__(
        self,
        *,
        cluster_dns: typing.Optional[typing.Sequence[builtins.str]] = None,
        container_runtime: typing.Optional[builtins.str] = None,
        cpu_cfs_quota: typing.Optional[builtins.bool] = None,
        eviction_hard: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        eviction_max_pod_grace_period: typing.Optional[jsii.Number] = None,
        eviction_soft: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        eviction_soft_grace_period: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        image_gc_high_threshold_percent: typing.Optional[jsii.Number] = None,
        image_gc_low_threshold_percent: typing.Optional[jsii.Number] = None,
        kube_reserved: typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecKubeletConfigurationKubeReserved"]] = None,
        max_pods: typing.Optional[jsii.Number] = None,
        pods_per_core: typing.Optional[jsii.Number] = None,
        system_reserved: typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecKubeletConfigurationSystemReserved"]] = None,
    ) -> None:
        '''KubeletConfiguration are options passed to the kubelet when provisioning nodes.

        :param cluster_dns: clusterDNS is a list of IP addresses for the cluster DNS server. Note that not all providers may use all addresses.
        :param container_runtime: ContainerRuntime is the container runtime to be used with your worker nodes.
        :param cpu_cfs_quota: CPUCFSQuota enables CPU CFS quota enforcement for containers that specify CPU limits.
        :param eviction_hard: EvictionHard is the map of signal names to quantities that define hard eviction thresholds.
        :param eviction_max_pod_grace_period: EvictionMaxPodGracePeriod is the maximum allowed grace period (in seconds) to use when terminating pods in response to soft eviction thresholds being met.
        :param eviction_soft: EvictionSoft is the map of signal names to quantities that define soft eviction thresholds.
        :param eviction_soft_grace_period: EvictionSoftGracePeriod is the map of signal names to quantities that define grace periods for each eviction signal.
        :param image_gc_high_threshold_percent: ImageGCHighThresholdPercent is the percent of disk usage after which image garbage collection is always run. The percent is calculated by dividing this field value by 100, so this field must be between 0 and 100, inclusive. When specified, the value must be greater than ImageGCLowThresholdPercent.
        :param image_gc_low_threshold_percent: ImageGCLowThresholdPercent is the percent of disk usage before which image garbage collection is never run. Lowest disk usage to garbage collect to. The percent is calculated by dividing this field value by 100, so the field value must be between 0 and 100, inclusive. When specified, the value must be less than imageGCHighThresholdPercent
        :param kube_reserved: KubeReserved contains resources reserved for Kubernetes system components.
        :param max_pods: MaxPods is an override for the maximum number of pods that can run on a worker node instance.
        :param pods_per_core: PodsPerCore is an override for the number of pods that can run on a worker node instance based on the number of cpu cores. This value cannot exceed MaxPods, so, if MaxPods is a lower value, that value will be used.
        :param system_reserved: SystemReserved contains resources reserved for OS system daemons and kernel memory.

        :schema: ProvisionerSpecKubeletConfiguration
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cbf1b99319c05c3591e09f1650768aa9735432e29e1707076ee0d0e89a4d9a9a)
            check_type(argname="argument cluster_dns", value=cluster_dns, expected_type=type_hints["cluster_dns"])
            check_type(argname="argument container_runtime", value=container_runtime, expected_type=type_hints["container_runtime"])
            check_type(argname="argument cpu_cfs_quota", value=cpu_cfs_quota, expected_type=type_hints["cpu_cfs_quota"])
            check_type(argname="argument eviction_hard", value=eviction_hard, expected_type=type_hints["eviction_hard"])
            check_type(argname="argument eviction_max_pod_grace_period", value=eviction_max_pod_grace_period, expected_type=type_hints["eviction_max_pod_grace_period"])
            check_type(argname="argument eviction_soft", value=eviction_soft, expected_type=type_hints["eviction_soft"])
            check_type(argname="argument eviction_soft_grace_period", value=eviction_soft_grace_period, expected_type=type_hints["eviction_soft_grace_period"])
            check_type(argname="argument image_gc_high_threshold_percent", value=image_gc_high_threshold_percent, expected_type=type_hints["image_gc_high_threshold_percent"])
            check_type(argname="argument image_gc_low_threshold_percent", value=image_gc_low_threshold_percent, expected_type=type_hints["image_gc_low_threshold_percent"])
            check_type(argname="argument kube_reserved", value=kube_reserved, expected_type=type_hints["kube_reserved"])
            check_type(argname="argument max_pods", value=max_pods, expected_type=type_hints["max_pods"])
            check_type(argname="argument pods_per_core", value=pods_per_core, expected_type=type_hints["pods_per_core"])
            check_type(argname="argument system_reserved", value=system_reserved, expected_type=type_hints["system_reserved"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if cluster_dns is not None:
            self._values["cluster_dns"] = cluster_dns
        if container_runtime is not None:
            self._values["container_runtime"] = container_runtime
        if cpu_cfs_quota is not None:
            self._values["cpu_cfs_quota"] = cpu_cfs_quota
        if eviction_hard is not None:
            self._values["eviction_hard"] = eviction_hard
        if eviction_max_pod_grace_period is not None:
            self._values["eviction_max_pod_grace_period"] = eviction_max_pod_grace_period
        if eviction_soft is not None:
            self._values["eviction_soft"] = eviction_soft
        if eviction_soft_grace_period is not None:
            self._values["eviction_soft_grace_period"] = eviction_soft_grace_period
        if image_gc_high_threshold_percent is not None:
            self._values["image_gc_high_threshold_percent"] = image_gc_high_threshold_percent
        if image_gc_low_threshold_percent is not None:
            self._values["image_gc_low_threshold_percent"] = image_gc_low_threshold_percent
        if kube_reserved is not None:
            self._values["kube_reserved"] = kube_reserved
        if max_pods is not None:
            self._values["max_pods"] = max_pods
        if pods_per_core is not None:
            self._values["pods_per_core"] = pods_per_core
        if system_reserved is not None:
            self._values["system_reserved"] = system_reserved

    @builtins.property
    def cluster_dns(self) -> typing.Optional[typing.List[builtins.str]]:
        '''clusterDNS is a list of IP addresses for the cluster DNS server.

        Note that not all providers may use all addresses.

        :schema: ProvisionerSpecKubeletConfiguration#clusterDNS
        '''
        result = self._values.get("cluster_dns")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def container_runtime(self) -> typing.Optional[builtins.str]:
        '''ContainerRuntime is the container runtime to be used with your worker nodes.

        :schema: ProvisionerSpecKubeletConfiguration#containerRuntime
        '''
        result = self._values.get("container_runtime")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def cpu_cfs_quota(self) -> typing.Optional[builtins.bool]:
        '''CPUCFSQuota enables CPU CFS quota enforcement for containers that specify CPU limits.

        :schema: ProvisionerSpecKubeletConfiguration#cpuCFSQuota
        '''
        result = self._values.get("cpu_cfs_quota")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def eviction_hard(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''EvictionHard is the map of signal names to quantities that define hard eviction thresholds.

        :schema: ProvisionerSpecKubeletConfiguration#evictionHard
        '''
        result = self._values.get("eviction_hard")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def eviction_max_pod_grace_period(self) -> typing.Optional[jsii.Number]:
        '''EvictionMaxPodGracePeriod is the maximum allowed grace period (in seconds) to use when terminating pods in response to soft eviction thresholds being met.

        :schema: ProvisionerSpecKubeletConfiguration#evictionMaxPodGracePeriod
        '''
        result = self._values.get("eviction_max_pod_grace_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def eviction_soft(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''EvictionSoft is the map of signal names to quantities that define soft eviction thresholds.

        :schema: ProvisionerSpecKubeletConfiguration#evictionSoft
        '''
        result = self._values.get("eviction_soft")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def eviction_soft_grace_period(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''EvictionSoftGracePeriod is the map of signal names to quantities that define grace periods for each eviction signal.

        :schema: ProvisionerSpecKubeletConfiguration#evictionSoftGracePeriod
        '''
        result = self._values.get("eviction_soft_grace_period")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def image_gc_high_threshold_percent(self) -> typing.Optional[jsii.Number]:
        '''ImageGCHighThresholdPercent is the percent of disk usage after which image garbage collection is always run.

        The percent is calculated by dividing this field value by 100, so this field must be between 0 and 100, inclusive. When specified, the value must be greater than ImageGCLowThresholdPercent.

        :schema: ProvisionerSpecKubeletConfiguration#imageGCHighThresholdPercent
        '''
        result = self._values.get("image_gc_high_threshold_percent")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def image_gc_low_threshold_percent(self) -> typing.Optional[jsii.Number]:
        '''ImageGCLowThresholdPercent is the percent of disk usage before which image garbage collection is never run.

        Lowest disk usage to garbage collect to. The percent is calculated by dividing this field value by 100, so the field value must be between 0 and 100, inclusive. When specified, the value must be less than imageGCHighThresholdPercent

        :schema: ProvisionerSpecKubeletConfiguration#imageGCLowThresholdPercent
        '''
        result = self._values.get("image_gc_low_threshold_percent")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kube_reserved(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecKubeletConfigurationKubeReserved"]]:
        '''KubeReserved contains resources reserved for Kubernetes system components.

        :schema: ProvisionerSpecKubeletConfiguration#kubeReserved
        '''
        result = self._values.get("kube_reserved")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecKubeletConfigurationKubeReserved"]], result)

    @builtins.property
    def max_pods(self) -> typing.Optional[jsii.Number]:
        '''MaxPods is an override for the maximum number of pods that can run on a worker node instance.

        :schema: ProvisionerSpecKubeletConfiguration#maxPods
        '''
        result = self._values.get("max_pods")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def pods_per_core(self) -> typing.Optional[jsii.Number]:
        '''PodsPerCore is an override for the number of pods that can run on a worker node instance based on the number of cpu cores.

        This value cannot exceed MaxPods, so, if MaxPods is a lower value, that value will be used.

        :schema: ProvisionerSpecKubeletConfiguration#podsPerCore
        '''
        result = self._values.get("pods_per_core")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def system_reserved(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecKubeletConfigurationSystemReserved"]]:
        '''SystemReserved contains resources reserved for OS system daemons and kernel memory.

        :schema: ProvisionerSpecKubeletConfiguration#systemReserved
        '''
        result = self._values.get("system_reserved")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecKubeletConfigurationSystemReserved"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecKubeletConfiguration(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ProvisionerSpecKubeletConfigurationKubeReserved(
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecKubeletConfigurationKubeReserved",
):
    '''
    :schema: ProvisionerSpecKubeletConfigurationKubeReserved
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ProvisionerSpecKubeletConfigurationKubeReserved":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__93611c0981d9ec1b61f3d9499771bb689d2df885c8bbfd535dff0b828e437c5a)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ProvisionerSpecKubeletConfigurationKubeReserved", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ProvisionerSpecKubeletConfigurationKubeReserved":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__84075f37dd8f1e910063ae1793e60efc8d40f7d42c668b6cc6909d42b9d3b665)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ProvisionerSpecKubeletConfigurationKubeReserved", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


class ProvisionerSpecKubeletConfigurationSystemReserved(
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecKubeletConfigurationSystemReserved",
):
    '''
    :schema: ProvisionerSpecKubeletConfigurationSystemReserved
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ProvisionerSpecKubeletConfigurationSystemReserved":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__1629dd6ac11bd157e03bc1b4173ad1ebda3d7e36aae24d3e7fe64e0d237a76bd)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ProvisionerSpecKubeletConfigurationSystemReserved", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ProvisionerSpecKubeletConfigurationSystemReserved":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d3da512b389a32d64eb6d7a3ea35fea25c2833c07ebefd67ffe39b8d8b8ba3f2)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ProvisionerSpecKubeletConfigurationSystemReserved", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecLimits",
    jsii_struct_bases=[],
    name_mapping={"resources": "resources"},
)
class ProvisionerSpecLimits:
    def __init__(
        self,
        *,
        resources: typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecLimitsResources"]] = None,
    ) -> None:
        '''Limits define a set of bounds for provisioning capacity.

        :param resources: Resources contains all the allocatable resources that Karpenter supports for limiting.

        :schema: ProvisionerSpecLimits
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fcf30dbac332b0641e5694cff4951d0fc478d1a44dfa5585e9ddec7854325a29)
            check_type(argname="argument resources", value=resources, expected_type=type_hints["resources"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if resources is not None:
            self._values["resources"] = resources

    @builtins.property
    def resources(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecLimitsResources"]]:
        '''Resources contains all the allocatable resources that Karpenter supports for limiting.

        :schema: ProvisionerSpecLimits#resources
        '''
        result = self._values.get("resources")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, "ProvisionerSpecLimitsResources"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecLimits(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ProvisionerSpecLimitsResources(
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecLimitsResources",
):
    '''
    :schema: ProvisionerSpecLimitsResources
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(cls, value: jsii.Number) -> "ProvisionerSpecLimitsResources":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__148662dae5378606aa9d4c6b43e97cc16ea700f03bb195857dc6d227eb103b27)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ProvisionerSpecLimitsResources", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(cls, value: builtins.str) -> "ProvisionerSpecLimitsResources":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0b51f7b3854fbfe4fb98cdf570b863a36924d609fd8e607aa9c81220c803e1a6)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ProvisionerSpecLimitsResources", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecProviderRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "api_version": "apiVersion", "kind": "kind"},
)
class ProvisionerSpecProviderRef:
    def __init__(
        self,
        *,
        name: builtins.str,
        api_version: typing.Optional[builtins.str] = None,
        kind: typing.Optional[builtins.str] = None,
    ) -> None:
        '''ProviderRef is a reference to a dedicated CRD for the chosen provider, that holds additional configuration options.

        :param name: Name of the referent; More info: http://kubernetes.io/docs/user-guide/identifiers#names
        :param api_version: API version of the referent.
        :param kind: Kind of the referent; More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"

        :schema: ProvisionerSpecProviderRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__29e1b89db5ef25f3f139a0bb4a0bdaacc2755f6615f56763e5fd218e105fae58)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument api_version", value=api_version, expected_type=type_hints["api_version"])
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if api_version is not None:
            self._values["api_version"] = api_version
        if kind is not None:
            self._values["kind"] = kind

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent;

        More info: http://kubernetes.io/docs/user-guide/identifiers#names

        :schema: ProvisionerSpecProviderRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def api_version(self) -> typing.Optional[builtins.str]:
        '''API version of the referent.

        :schema: ProvisionerSpecProviderRef#apiVersion
        '''
        result = self._values.get("api_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the referent;

        More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"

        :schema: ProvisionerSpecProviderRef#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecProviderRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecRequirements",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "operator": "operator", "values": "values"},
)
class ProvisionerSpecRequirements:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: builtins.str,
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''A node selector requirement is a selector that contains values, a key, and an operator that relates the key and values.

        :param key: The label key that the selector applies to.
        :param operator: Represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist. Gt, and Lt.
        :param values: An array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. If the operator is Gt or Lt, the values array must have a single element, which will be interpreted as an integer. This array is replaced during a strategic merge patch.

        :schema: ProvisionerSpecRequirements
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__db15a7b1eae496b5c8e3b5ea72daf866e44913351aa5d86a111e9659b714914e)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument operator", value=operator, expected_type=type_hints["operator"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "operator": operator,
        }
        if values is not None:
            self._values["values"] = values

    @builtins.property
    def key(self) -> builtins.str:
        '''The label key that the selector applies to.

        :schema: ProvisionerSpecRequirements#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> builtins.str:
        '''Represents a key's relationship to a set of values.

        Valid operators are In, NotIn, Exists, DoesNotExist. Gt, and Lt.

        :schema: ProvisionerSpecRequirements#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''An array of string values.

        If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. If the operator is Gt or Lt, the values array must have a single element, which will be interpreted as an integer. This array is replaced during a strategic merge patch.

        :schema: ProvisionerSpecRequirements#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecRequirements(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecStartupTaints",
    jsii_struct_bases=[],
    name_mapping={
        "effect": "effect",
        "key": "key",
        "time_added": "timeAdded",
        "value": "value",
    },
)
class ProvisionerSpecStartupTaints:
    def __init__(
        self,
        *,
        effect: builtins.str,
        key: builtins.str,
        time_added: typing.Optional[datetime.datetime] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''The node this Taint is attached to has the "effect" on any pod that does not tolerate the Taint.

        :param effect: Required. The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute.
        :param key: Required. The taint key to be applied to a node.
        :param time_added: TimeAdded represents the time at which the taint was added. It is only written for NoExecute taints.
        :param value: The taint value corresponding to the taint key.

        :schema: ProvisionerSpecStartupTaints
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b85a11a84f2376e6465e277e4e36e4a3bc39d3aa5fad324fd1d7091b9d10d1d2)
            check_type(argname="argument effect", value=effect, expected_type=type_hints["effect"])
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument time_added", value=time_added, expected_type=type_hints["time_added"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "effect": effect,
            "key": key,
        }
        if time_added is not None:
            self._values["time_added"] = time_added
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def effect(self) -> builtins.str:
        '''Required.

        The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute.

        :schema: ProvisionerSpecStartupTaints#effect
        '''
        result = self._values.get("effect")
        assert result is not None, "Required property 'effect' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def key(self) -> builtins.str:
        '''Required.

        The taint key to be applied to a node.

        :schema: ProvisionerSpecStartupTaints#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def time_added(self) -> typing.Optional[datetime.datetime]:
        '''TimeAdded represents the time at which the taint was added.

        It is only written for NoExecute taints.

        :schema: ProvisionerSpecStartupTaints#timeAdded
        '''
        result = self._values.get("time_added")
        return typing.cast(typing.Optional[datetime.datetime], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''The taint value corresponding to the taint key.

        :schema: ProvisionerSpecStartupTaints#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecStartupTaints(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_v1alpha5_shkarpenter.ProvisionerSpecTaints",
    jsii_struct_bases=[],
    name_mapping={
        "effect": "effect",
        "key": "key",
        "time_added": "timeAdded",
        "value": "value",
    },
)
class ProvisionerSpecTaints:
    def __init__(
        self,
        *,
        effect: builtins.str,
        key: builtins.str,
        time_added: typing.Optional[datetime.datetime] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''The node this Taint is attached to has the "effect" on any pod that does not tolerate the Taint.

        :param effect: Required. The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute.
        :param key: Required. The taint key to be applied to a node.
        :param time_added: TimeAdded represents the time at which the taint was added. It is only written for NoExecute taints.
        :param value: The taint value corresponding to the taint key.

        :schema: ProvisionerSpecTaints
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e4f0b5ad9bc799d837e7453e7c87f0d4834f19e71765a193d31574e344cfde75)
            check_type(argname="argument effect", value=effect, expected_type=type_hints["effect"])
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument time_added", value=time_added, expected_type=type_hints["time_added"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "effect": effect,
            "key": key,
        }
        if time_added is not None:
            self._values["time_added"] = time_added
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def effect(self) -> builtins.str:
        '''Required.

        The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute.

        :schema: ProvisionerSpecTaints#effect
        '''
        result = self._values.get("effect")
        assert result is not None, "Required property 'effect' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def key(self) -> builtins.str:
        '''Required.

        The taint key to be applied to a node.

        :schema: ProvisionerSpecTaints#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def time_added(self) -> typing.Optional[datetime.datetime]:
        '''TimeAdded represents the time at which the taint was added.

        It is only written for NoExecute taints.

        :schema: ProvisionerSpecTaints#timeAdded
        '''
        result = self._values.get("time_added")
        return typing.cast(typing.Optional[datetime.datetime], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''The taint value corresponding to the taint key.

        :schema: ProvisionerSpecTaints#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ProvisionerSpecTaints(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "Provisioner",
    "ProvisionerProps",
    "ProvisionerSpec",
    "ProvisionerSpecConsolidation",
    "ProvisionerSpecKubeletConfiguration",
    "ProvisionerSpecKubeletConfigurationKubeReserved",
    "ProvisionerSpecKubeletConfigurationSystemReserved",
    "ProvisionerSpecLimits",
    "ProvisionerSpecLimitsResources",
    "ProvisionerSpecProviderRef",
    "ProvisionerSpecRequirements",
    "ProvisionerSpecStartupTaints",
    "ProvisionerSpecTaints",
]

publication.publish()

def _typecheckingstub__dccf06e3f575a8f619898e5fae1ce27bf524c79c6fc34c6cd533b04e82725f80(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[ProvisionerSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__73ced80e5eb83cabf1c26bab93d4807d6eeb229c4d5ce9842760d26c49daea47(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[ProvisionerSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3d49dc1338fa1798618218b9d7e1c4371ab44c779a9cf1a39fae6fb9719fa934(
    *,
    annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    consolidation: typing.Optional[typing.Union[ProvisionerSpecConsolidation, typing.Dict[builtins.str, typing.Any]]] = None,
    kubelet_configuration: typing.Optional[typing.Union[ProvisionerSpecKubeletConfiguration, typing.Dict[builtins.str, typing.Any]]] = None,
    labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    limits: typing.Optional[typing.Union[ProvisionerSpecLimits, typing.Dict[builtins.str, typing.Any]]] = None,
    provider: typing.Any = None,
    provider_ref: typing.Optional[typing.Union[ProvisionerSpecProviderRef, typing.Dict[builtins.str, typing.Any]]] = None,
    requirements: typing.Optional[typing.Sequence[typing.Union[ProvisionerSpecRequirements, typing.Dict[builtins.str, typing.Any]]]] = None,
    startup_taints: typing.Optional[typing.Sequence[typing.Union[ProvisionerSpecStartupTaints, typing.Dict[builtins.str, typing.Any]]]] = None,
    taints: typing.Optional[typing.Sequence[typing.Union[ProvisionerSpecTaints, typing.Dict[builtins.str, typing.Any]]]] = None,
    ttl_seconds_after_empty: typing.Optional[jsii.Number] = None,
    ttl_seconds_until_expired: typing.Optional[jsii.Number] = None,
    weight: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__47c93f1d2fdf8bb208c33cf9c1f33d8070069f1667712dcee69e6eb98849a2ad(
    *,
    enabled: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__cbf1b99319c05c3591e09f1650768aa9735432e29e1707076ee0d0e89a4d9a9a(
    *,
    cluster_dns: typing.Optional[typing.Sequence[builtins.str]] = None,
    container_runtime: typing.Optional[builtins.str] = None,
    cpu_cfs_quota: typing.Optional[builtins.bool] = None,
    eviction_hard: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    eviction_max_pod_grace_period: typing.Optional[jsii.Number] = None,
    eviction_soft: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    eviction_soft_grace_period: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    image_gc_high_threshold_percent: typing.Optional[jsii.Number] = None,
    image_gc_low_threshold_percent: typing.Optional[jsii.Number] = None,
    kube_reserved: typing.Optional[typing.Mapping[builtins.str, ProvisionerSpecKubeletConfigurationKubeReserved]] = None,
    max_pods: typing.Optional[jsii.Number] = None,
    pods_per_core: typing.Optional[jsii.Number] = None,
    system_reserved: typing.Optional[typing.Mapping[builtins.str, ProvisionerSpecKubeletConfigurationSystemReserved]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__93611c0981d9ec1b61f3d9499771bb689d2df885c8bbfd535dff0b828e437c5a(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__84075f37dd8f1e910063ae1793e60efc8d40f7d42c668b6cc6909d42b9d3b665(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__1629dd6ac11bd157e03bc1b4173ad1ebda3d7e36aae24d3e7fe64e0d237a76bd(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d3da512b389a32d64eb6d7a3ea35fea25c2833c07ebefd67ffe39b8d8b8ba3f2(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fcf30dbac332b0641e5694cff4951d0fc478d1a44dfa5585e9ddec7854325a29(
    *,
    resources: typing.Optional[typing.Mapping[builtins.str, ProvisionerSpecLimitsResources]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__148662dae5378606aa9d4c6b43e97cc16ea700f03bb195857dc6d227eb103b27(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0b51f7b3854fbfe4fb98cdf570b863a36924d609fd8e607aa9c81220c803e1a6(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__29e1b89db5ef25f3f139a0bb4a0bdaacc2755f6615f56763e5fd218e105fae58(
    *,
    name: builtins.str,
    api_version: typing.Optional[builtins.str] = None,
    kind: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__db15a7b1eae496b5c8e3b5ea72daf866e44913351aa5d86a111e9659b714914e(
    *,
    key: builtins.str,
    operator: builtins.str,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b85a11a84f2376e6465e277e4e36e4a3bc39d3aa5fad324fd1d7091b9d10d1d2(
    *,
    effect: builtins.str,
    key: builtins.str,
    time_added: typing.Optional[datetime.datetime] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e4f0b5ad9bc799d837e7453e7c87f0d4834f19e71765a193d31574e344cfde75(
    *,
    effect: builtins.str,
    key: builtins.str,
    time_added: typing.Optional[datetime.datetime] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass
