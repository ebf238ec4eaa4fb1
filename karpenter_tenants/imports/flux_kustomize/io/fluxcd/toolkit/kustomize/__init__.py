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


class Kustomization(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.Kustomization",
):
    '''Kustomization is the Schema for the kustomizations API.

    :schema: Kustomization
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["KustomizationSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "Kustomization" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: KustomizationSpec defines the configuration to calculate the desired state from a Source using Kustomize.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e3dcb792039290eeb070fe0092190e2eedcb7bab65035f2d37080a5e8048c8c5)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = KustomizationProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["KustomizationSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "Kustomization".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: KustomizationSpec defines the configuration to calculate the desired state from a Source using Kustomize.
        '''
        props = KustomizationProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "Kustomization".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class KustomizationProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["KustomizationSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Kustomization is the Schema for the kustomizations API.

        :param metadata: 
        :param spec: KustomizationSpec defines the configuration to calculate the desired state from a Source using Kustomize.

        :schema: Kustomization
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = KustomizationSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9de75d5642436a5c6c326f385c535982a70cbd5195a09b7015ecbffc70691fce)
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
        :schema: Kustomization#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["KustomizationSpec"]:
        '''KustomizationSpec defines the configuration to calculate the desired state from a Source using Kustomize.

        :schema: Kustomization#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["KustomizationSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpec",
    jsii_struct_bases=[],
    name_mapping={
        "interval": "interval",
        "prune": "prune",
        "source_ref": "sourceRef",
        "build_metadata": "buildMetadata",
        "common_metadata": "commonMetadata",
        "components": "components",
        "decryption": "decryption",
        "deletion_policy": "deletionPolicy",
        "depends_on": "dependsOn",
        "force": "force",
        "health_check_exprs": "healthCheckExprs",
        "health_checks": "healthChecks",
        "ignore": "ignore",
        "ignore_missing_components": "ignoreMissingComponents",
        "images": "images",
        "kube_config": "kubeConfig",
        "name_prefix": "namePrefix",
        "name_suffix": "nameSuffix",
        "patches": "patches",
        "path": "path",
        "post_build": "postBuild",
        "retry_interval": "retryInterval",
        "service_account_name": "serviceAccountName",
        "suspend": "suspend",
        "target_namespace": "targetNamespace",
        "timeout": "timeout",
        "wait": "wait",
    },
)
class KustomizationSpec:
    def __init__(
        self,
        *,
        interval: builtins.str,
        prune: builtins.bool,
        source_ref: typing.Union["KustomizationSpecSourceRef", typing.Dict[builtins.str, typing.Any]],
        build_metadata: typing.Optional[typing.Sequence["KustomizationSpecBuildMetadata"]] = None,
        common_metadata: typing.Optional[typing.Union["KustomizationSpecCommonMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        components: typing.Optional[typing.Sequence[builtins.str]] = None,
        decryption: typing.Optional[typing.Union["KustomizationSpecDecryption", typing.Dict[builtins.str, typing.Any]]] = None,
        deletion_policy: typing.Optional["KustomizationSpecDeletionPolicy"] = None,
        depends_on: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecDependsOn", typing.Dict[builtins.str, typing.Any]]]] = None,
        force: typing.Optional[builtins.bool] = None,
        health_check_exprs: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecHealthCheckExprs", typing.Dict[builtins.str, typing.Any]]]] = None,
        health_checks: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecHealthChecks", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecIgnore", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_missing_components: typing.Optional[builtins.bool] = None,
        images: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecImages", typing.Dict[builtins.str, typing.Any]]]] = None,
        kube_config: typing.Optional[typing.Union["KustomizationSpecKubeConfig", typing.Dict[builtins.str, typing.Any]]] = None,
        name_prefix: typing.Optional[builtins.str] = None,
        name_suffix: typing.Optional[builtins.str] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecPatches", typing.Dict[builtins.str, typing.Any]]]] = None,
        path: typing.Optional[builtins.str] = None,
        post_build: typing.Optional[typing.Union["KustomizationSpecPostBuild", typing.Dict[builtins.str, typing.Any]]] = None,
        retry_interval: typing.Optional[builtins.str] = None,
        service_account_name: typing.Optional[builtins.str] = None,
        suspend: typing.Optional[builtins.bool] = None,
        target_namespace: typing.Optional[builtins.str] = None,
        timeout: typing.Optional[builtins.str] = None,
        wait: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''KustomizationSpec defines the configuration to calculate the desired state from a Source using Kustomize.

        :param interval: The interval at which to reconcile the Kustomization. This interval is approximate and may be subject to jitter to ensure efficient use of resources.
        :param prune: Prune enables garbage collection.
        :param source_ref: Reference of the source where the kustomization file is.
        :param build_metadata: BuildMetadata specifies which kustomize build metadata should be added to the built resources. The allowed values are 'originAnnotations' to annotate resources with their source origin, and 'transformerAnnotations' to annotate resources with the transformers that produced them.
        :param common_metadata: CommonMetadata specifies the common labels and annotations that are applied to all resources. Any existing label or annotation will be overridden if its key matches a common one.
        :param components: Components specifies relative paths to kustomize Components.
        :param decryption: Decrypt Kubernetes secrets before applying them on the cluster.
        :param deletion_policy: DeletionPolicy can be used to control garbage collection when this Kustomization is deleted. Valid values are ('MirrorPrune', 'Delete', 'WaitForTermination', 'Orphan'). 'MirrorPrune' mirrors the Prune field (orphan if false, delete if true). Defaults to 'MirrorPrune'. Default: MirrorPrune'.
        :param depends_on: DependsOn may contain a DependencyReference slice with references to Kustomization resources that must be ready before this Kustomization can be reconciled.
        :param force: Force instructs the controller to recreate resources when patching fails due to an immutable field change.
        :param health_check_exprs: HealthCheckExprs is a list of healthcheck expressions for evaluating the health of custom resources using Common Expression Language (CEL). The expressions are evaluated only when Wait or HealthChecks are specified.
        :param health_checks: A list of resources to be included in the health assessment.
        :param ignore: Ignore is a list of rules for specifying which changes to ignore during drift detection. These rules are applied to the resources managed by the Kustomization and are used to exclude specific JSON pointer paths from the drift detection and apply process.
        :param ignore_missing_components: IgnoreMissingComponents instructs the controller to ignore Components paths not found in source by removing them from the generated kustomization.yaml before running kustomize build.
        :param images: Images is a list of (image name, new name, new tag or digest) for changing image names, tags or digests. This can also be achieved with a patch, but this operator is simpler to specify.
        :param kube_config: The KubeConfig for reconciling the Kustomization on a remote cluster. When used in combination with KustomizationSpec.ServiceAccountName, forces the controller to act on behalf of that Service Account at the target cluster. If the --default-service-account flag is set, its value will be used as a controller level fallback for when KustomizationSpec.ServiceAccountName is empty.
        :param name_prefix: NamePrefix will prefix the names of all managed resources.
        :param name_suffix: NameSuffix will suffix the names of all managed resources.
        :param patches: Strategic merge and JSON patches, defined as inline YAML objects, capable of targeting objects based on kind, label and annotation selectors.
        :param path: Path to the directory containing the kustomization.yaml file, or the set of plain YAMLs a kustomization.yaml should be generated for. Defaults to 'None', which translates to the root path of the SourceRef. Default: None', which translates to the root path of the SourceRef.
        :param post_build: PostBuild describes which actions to perform on the YAML manifest generated by building the kustomize overlay.
        :param retry_interval: The interval at which to retry a previously failed reconciliation. When not specified, the controller uses the KustomizationSpec.Interval value to retry failures.
        :param service_account_name: The name of the Kubernetes service account to impersonate when reconciling this Kustomization.
        :param suspend: This flag tells the controller to suspend subsequent kustomize executions, it does not apply to already started executions. Defaults to false. Default: false.
        :param target_namespace: TargetNamespace sets or overrides the namespace in the kustomization.yaml file.
        :param timeout: Timeout for validation, apply and health checking operations. Defaults to 'Interval' duration. Default: Interval' duration.
        :param wait: Wait instructs the controller to check the health of all the reconciled resources. When enabled, the HealthChecks are ignored. Defaults to false. Default: false.

        :schema: KustomizationSpec
        '''
        if isinstance(source_ref, dict):
            source_ref = KustomizationSpecSourceRef(**source_ref)
        if isinstance(common_metadata, dict):
            common_metadata = KustomizationSpecCommonMetadata(**common_metadata)
        if isinstance(decryption, dict):
            decryption = KustomizationSpecDecryption(**decryption)
        if isinstance(kube_config, dict):
            kube_config = KustomizationSpecKubeConfig(**kube_config)
        if isinstance(post_build, dict):
            post_build = KustomizationSpecPostBuild(**post_build)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__669f3536c9eba3716064fbb669f6bf534178c853c1e8b76dc86c1d9b139accb6)
            check_type(argname="argument interval", value=interval, expected_type=type_hints["interval"])
            check_type(argname="argument prune", value=prune, expected_type=type_hints["prune"])
            check_type(argname="argument source_ref", value=source_ref, expected_type=type_hints["source_ref"])
            check_type(argname="argument build_metadata", value=build_metadata, expected_type=type_hints["build_metadata"])
            check_type(argname="argument common_metadata", value=common_metadata, expected_type=type_hints["common_metadata"])
            check_type(argname="argument components", value=components, expected_type=type_hints["components"])
            check_type(argname="argument decryption", value=decryption, expected_type=type_hints["decryption"])
            check_type(argname="argument deletion_policy", value=deletion_policy, expected_type=type_hints["deletion_policy"])
            check_type(argname="argument depends_on", value=depends_on, expected_type=type_hints["depends_on"])
            check_type(argname="argument force", value=force, expected_type=type_hints["force"])
            check_type(argname="argument health_check_exprs", value=health_check_exprs, expected_type=type_hints["health_check_exprs"])
            check_type(argname="argument health_checks", value=health_checks, expected_type=type_hints["health_checks"])
            check_type(argname="argument ignore", value=ignore, expected_type=type_hints["ignore"])
            check_type(argname="argument ignore_missing_components", value=ignore_missing_components, expected_type=type_hints["ignore_missing_components"])
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument kube_config", value=kube_config, expected_type=type_hints["kube_config"])
            check_type(argname="argument name_prefix", value=name_prefix, expected_type=type_hints["name_prefix"])
            check_type(argname="argument name_suffix", value=name_suffix, expected_type=type_hints["name_suffix"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument post_build", value=post_build, expected_type=type_hints["post_build"])
            check_type(argname="argument retry_interval", value=retry_interval, expected_type=type_hints["retry_interval"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
            check_type(argname="argument suspend", value=suspend, expected_type=type_hints["suspend"])
            check_type(argname="argument target_namespace", value=target_namespace, expected_type=type_hints["target_namespace"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
            check_type(argname="argument wait", value=wait, expected_type=type_hints["wait"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "interval": interval,
            "prune": prune,
            "source_ref": source_ref,
        }
        if build_metadata is not None:
            self._values["build_metadata"] = build_metadata
        if common_metadata is not None:
            self._values["common_metadata"] = common_metadata
        if components is not None:
            self._values["components"] = components
        if decryption is not None:
            self._values["decryption"] = decryption
        if deletion_policy is not None:
            self._values["deletion_policy"] = deletion_policy
        if depends_on is not None:
            self._values["depends_on"] = depends_on
        if force is not None:
            self._values["force"] = force
        if health_check_exprs is not None:
            self._values["health_check_exprs"] = health_check_exprs
        if health_checks is not None:
            self._values["health_checks"] = health_checks
        if ignore is not None:
            self._values["ignore"] = ignore
        if ignore_missing_components is not None:
            self._values["ignore_missing_components"] = ignore_missing_components
        if images is not None:
            self._values["images"] = images
        if kube_config is not None:
            self._values["kube_config"] = kube_config
        if name_prefix is not None:
            self._values["name_prefix"] = name_prefix
        if name_suffix is not None:
            self._values["name_suffix"] = name_suffix
        if patches is not None:
            self._values["patches"] = patches
        if path is not None:
            self._values["path"] = path
        if post_build is not None:
            self._values["post_build"] = post_build
        if retry_interval is not None:
            self._values["retry_interval"] = retry_interval
        if service_account_name is not None:
            self._values["service_account_name"] = service_account_name
        if suspend is not None:
            self._values["suspend"] = suspend
        if target_namespace is not None:
            self._values["target_namespace"] = target_namespace
        if timeout is not None:
            self._values["timeout"] = timeout
        if wait is not None:
            self._values["wait"] = wait

    @builtins.property
    def interval(self) -> builtins.str:
        '''The interval at which to reconcile the Kustomization.

        This interval is approximate and may be subject to jitter to ensure
        efficient use of resources.

        :schema: KustomizationSpec#interval
        '''
        result = self._values.get("interval")
        assert result is not None, "Required property 'interval' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def prune(self) -> builtins.bool:
        '''Prune enables garbage collection.

        :schema: KustomizationSpec#prune
        '''
        result = self._values.get("prune")
        assert result is not None, "Required property 'prune' is missing"
        return typing.cast(builtins.bool, result)

    @builtins.property
    def source_ref(self) -> "KustomizationSpecSourceRef":
        '''Reference of the source where the kustomization file is.

        :schema: KustomizationSpec#sourceRef
        '''
        result = self._values.get("source_ref")
        assert result is not None, "Required property 'source_ref' is missing"
        return typing.cast("KustomizationSpecSourceRef", result)

    @builtins.property
    def build_metadata(
        self,
    ) -> typing.Optional[typing.List["KustomizationSpecBuildMetadata"]]:
        '''BuildMetadata specifies which kustomize build metadata should be added to the built resources.

        The allowed values are 'originAnnotations' to
        annotate resources with their source origin, and 'transformerAnnotations'
        to annotate resources with the transformers that produced them.

        :schema: KustomizationSpec#buildMetadata
        '''
        result = self._values.get("build_metadata")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecBuildMetadata"]], result)

    @builtins.property
    def common_metadata(self) -> typing.Optional["KustomizationSpecCommonMetadata"]:
        '''CommonMetadata specifies the common labels and annotations that are applied to all resources.

        Any existing label or annotation will be
        overridden if its key matches a common one.

        :schema: KustomizationSpec#commonMetadata
        '''
        result = self._values.get("common_metadata")
        return typing.cast(typing.Optional["KustomizationSpecCommonMetadata"], result)

    @builtins.property
    def components(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Components specifies relative paths to kustomize Components.

        :schema: KustomizationSpec#components
        '''
        result = self._values.get("components")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def decryption(self) -> typing.Optional["KustomizationSpecDecryption"]:
        '''Decrypt Kubernetes secrets before applying them on the cluster.

        :schema: KustomizationSpec#decryption
        '''
        result = self._values.get("decryption")
        return typing.cast(typing.Optional["KustomizationSpecDecryption"], result)

    @builtins.property
    def deletion_policy(self) -> typing.Optional["KustomizationSpecDeletionPolicy"]:
        '''DeletionPolicy can be used to control garbage collection when this Kustomization is deleted.

        Valid values are ('MirrorPrune', 'Delete',
        'WaitForTermination', 'Orphan'). 'MirrorPrune' mirrors the Prune field
        (orphan if false, delete if true). Defaults to 'MirrorPrune'.

        :default: MirrorPrune'.

        :schema: KustomizationSpec#deletionPolicy
        '''
        result = self._values.get("deletion_policy")
        return typing.cast(typing.Optional["KustomizationSpecDeletionPolicy"], result)

    @builtins.property
    def depends_on(self) -> typing.Optional[typing.List["KustomizationSpecDependsOn"]]:
        '''DependsOn may contain a DependencyReference slice with references to Kustomization resources that must be ready before this Kustomization can be reconciled.

        :schema: KustomizationSpec#dependsOn
        '''
        result = self._values.get("depends_on")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecDependsOn"]], result)

    @builtins.property
    def force(self) -> typing.Optional[builtins.bool]:
        '''Force instructs the controller to recreate resources when patching fails due to an immutable field change.

        :schema: KustomizationSpec#force
        '''
        result = self._values.get("force")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def health_check_exprs(
        self,
    ) -> typing.Optional[typing.List["KustomizationSpecHealthCheckExprs"]]:
        '''HealthCheckExprs is a list of healthcheck expressions for evaluating the health of custom resources using Common Expression Language (CEL).

        The expressions are evaluated only when Wait or HealthChecks are specified.

        :schema: KustomizationSpec#healthCheckExprs
        '''
        result = self._values.get("health_check_exprs")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecHealthCheckExprs"]], result)

    @builtins.property
    def health_checks(
        self,
    ) -> typing.Optional[typing.List["KustomizationSpecHealthChecks"]]:
        '''A list of resources to be included in the health assessment.

        :schema: KustomizationSpec#healthChecks
        '''
        result = self._values.get("health_checks")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecHealthChecks"]], result)

    @builtins.property
    def ignore(self) -> typing.Optional[typing.List["KustomizationSpecIgnore"]]:
        '''Ignore is a list of rules for specifying which changes to ignore during drift detection.

        These rules are applied to the resources managed
        by the Kustomization and are used to exclude specific JSON pointer paths
        from the drift detection and apply process.

        :schema: KustomizationSpec#ignore
        '''
        result = self._values.get("ignore")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecIgnore"]], result)

    @builtins.property
    def ignore_missing_components(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingComponents instructs the controller to ignore Components paths not found in source by removing them from the generated kustomization.yaml before running kustomize build.

        :schema: KustomizationSpec#ignoreMissingComponents
        '''
        result = self._values.get("ignore_missing_components")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def images(self) -> typing.Optional[typing.List["KustomizationSpecImages"]]:
        '''Images is a list of (image name, new name, new tag or digest) for changing image names, tags or digests.

        This can also be achieved with a
        patch, but this operator is simpler to specify.

        :schema: KustomizationSpec#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecImages"]], result)

    @builtins.property
    def kube_config(self) -> typing.Optional["KustomizationSpecKubeConfig"]:
        '''The KubeConfig for reconciling the Kustomization on a remote cluster.

        When used in combination with KustomizationSpec.ServiceAccountName,
        forces the controller to act on behalf of that Service Account at the
        target cluster.
        If the --default-service-account flag is set, its value will be used as
        a controller level fallback for when KustomizationSpec.ServiceAccountName
        is empty.

        :schema: KustomizationSpec#kubeConfig
        '''
        result = self._values.get("kube_config")
        return typing.cast(typing.Optional["KustomizationSpecKubeConfig"], result)

    @builtins.property
    def name_prefix(self) -> typing.Optional[builtins.str]:
        '''NamePrefix will prefix the names of all managed resources.

        :schema: KustomizationSpec#namePrefix
        '''
        result = self._values.get("name_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name_suffix(self) -> typing.Optional[builtins.str]:
        '''NameSuffix will suffix the names of all managed resources.

        :schema: KustomizationSpec#nameSuffix
        '''
        result = self._values.get("name_suffix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def patches(self) -> typing.Optional[typing.List["KustomizationSpecPatches"]]:
        '''Strategic merge and JSON patches, defined as inline YAML objects, capable of targeting objects based on kind, label and annotation selectors.

        :schema: KustomizationSpec#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecPatches"]], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path to the directory containing the kustomization.yaml file, or the set of plain YAMLs a kustomization.yaml should be generated for. Defaults to 'None', which translates to the root path of the SourceRef.

        :default: None', which translates to the root path of the SourceRef.

        :schema: KustomizationSpec#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def post_build(self) -> typing.Optional["KustomizationSpecPostBuild"]:
        '''PostBuild describes which actions to perform on the YAML manifest generated by building the kustomize overlay.

        :schema: KustomizationSpec#postBuild
        '''
        result = self._values.get("post_build")
        return typing.cast(typing.Optional["KustomizationSpecPostBuild"], result)

    @builtins.property
    def retry_interval(self) -> typing.Optional[builtins.str]:
        '''The interval at which to retry a previously failed reconciliation.

        When not specified, the controller uses the KustomizationSpec.Interval
        value to retry failures.

        :schema: KustomizationSpec#retryInterval
        '''
        result = self._values.get("retry_interval")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def service_account_name(self) -> typing.Optional[builtins.str]:
        '''The name of the Kubernetes service account to impersonate when reconciling this Kustomization.

        :schema: KustomizationSpec#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def suspend(self) -> typing.Optional[builtins.bool]:
        '''This flag tells the controller to suspend subsequent kustomize executions, it does not apply to already started executions.

        Defaults to false.

        :default: false.

        :schema: KustomizationSpec#suspend
        '''
        result = self._values.get("suspend")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def target_namespace(self) -> typing.Optional[builtins.str]:
        '''TargetNamespace sets or overrides the namespace in the kustomization.yaml file.

        :schema: KustomizationSpec#targetNamespace
        '''
        result = self._values.get("target_namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout for validation, apply and health checking operations.

        Defaults to 'Interval' duration.

        :default: Interval' duration.

        :schema: KustomizationSpec#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def wait(self) -> typing.Optional[builtins.bool]:
        '''Wait instructs the controller to check the health of all the reconciled resources.

        When enabled, the HealthChecks are ignored. Defaults to false.

        :default: false.

        :schema: KustomizationSpec#wait
        '''
        result = self._values.get("wait")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecBuildMetadata"
)
class KustomizationSpecBuildMetadata(enum.Enum):
    '''BuildMetadataOption defines the supported buildMetadata options.

    :schema: KustomizationSpecBuildMetadata
    '''

    ORIGIN_ANNOTATIONS = "ORIGIN_ANNOTATIONS"
    '''originAnnotations.'''
    TRANSFORMER_ANNOTATIONS = "TRANSFORMER_ANNOTATIONS"
    '''transformerAnnotations.'''


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecCommonMetadata",
    jsii_struct_bases=[],
    name_mapping={"annotations": "annotations", "labels": "labels"},
)
class KustomizationSpecCommonMetadata:
    def __init__(
        self,
        *,
        annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''CommonMetadata specifies the common labels and annotations that are applied to all resources.

        Any existing label or annotation will be
        overridden if its key matches a common one.

        :param annotations: Annotations to be added to the object's metadata.
        :param labels: Labels to be added to the object's metadata.

        :schema: KustomizationSpecCommonMetadata
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__848e237a69cad6654890b40beb3de81c2e330ab9a7539685f642814e0601173c)
            check_type(argname="argument annotations", value=annotations, expected_type=type_hints["annotations"])
            check_type(argname="argument labels", value=labels, expected_type=type_hints["labels"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if annotations is not None:
            self._values["annotations"] = annotations
        if labels is not None:
            self._values["labels"] = labels

    @builtins.property
    def annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Annotations to be added to the object's metadata.

        :schema: KustomizationSpecCommonMetadata#annotations
        '''
        result = self._values.get("annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def labels(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Labels to be added to the object's metadata.

        :schema: KustomizationSpecCommonMetadata#labels
        '''
        result = self._values.get("labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecCommonMetadata(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecDecryption",
    jsii_struct_bases=[],
    name_mapping={
        "provider": "provider",
        "secret_ref": "secretRef",
        "service_account_name": "serviceAccountName",
    },
)
class KustomizationSpecDecryption:
    def __init__(
        self,
        *,
        provider: "KustomizationSpecDecryptionProvider",
        secret_ref: typing.Optional[typing.Union["KustomizationSpecDecryptionSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        service_account_name: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Decrypt Kubernetes secrets before applying them on the cluster.

        :param provider: Provider is the name of the decryption engine.
        :param secret_ref: The secret name containing the private OpenPGP keys used for decryption. A static credential for a cloud provider defined inside the Secret takes priority to secret-less authentication with the ServiceAccountName field.
        :param service_account_name: ServiceAccountName is the name of the service account used to authenticate with KMS services from cloud providers. If a static credential for a given cloud provider is defined inside the Secret referenced by SecretRef, that static credential takes priority.

        :schema: KustomizationSpecDecryption
        '''
        if isinstance(secret_ref, dict):
            secret_ref = KustomizationSpecDecryptionSecretRef(**secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a37b39d073db59175b4ef02994d2d9203a019527fb715fbd985e0b7b7024869d)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if secret_ref is not None:
            self._values["secret_ref"] = secret_ref
        if service_account_name is not None:
            self._values["service_account_name"] = service_account_name

    @builtins.property
    def provider(self) -> "KustomizationSpecDecryptionProvider":
        '''Provider is the name of the decryption engine.

        :schema: KustomizationSpecDecryption#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("KustomizationSpecDecryptionProvider", result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["KustomizationSpecDecryptionSecretRef"]:
        '''The secret name containing the private OpenPGP keys used for decryption.

        A static credential for a cloud provider defined inside the Secret
        takes priority to secret-less authentication with the ServiceAccountName
        field.

        :schema: KustomizationSpecDecryption#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["KustomizationSpecDecryptionSecretRef"], result)

    @builtins.property
    def service_account_name(self) -> typing.Optional[builtins.str]:
        '''ServiceAccountName is the name of the service account used to authenticate with KMS services from cloud providers.

        If a
        static credential for a given cloud provider is defined
        inside the Secret referenced by SecretRef, that static
        credential takes priority.

        :schema: KustomizationSpecDecryption#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecDecryption(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecDecryptionProvider"
)
class KustomizationSpecDecryptionProvider(enum.Enum):
    '''Provider is the name of the decryption engine.

    :schema: KustomizationSpecDecryptionProvider
    '''

    SOPS = "SOPS"
    '''sops.'''


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecDecryptionSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class KustomizationSpecDecryptionSecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''The secret name containing the private OpenPGP keys used for decryption.

        A static credential for a cloud provider defined inside the Secret
        takes priority to secret-less authentication with the ServiceAccountName
        field.

        :param name: Name of the referent.

        :schema: KustomizationSpecDecryptionSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__bf1b6da09e2fb8f42a23e6378b8589d74e8e0eba21f3f0cd2a45f4cfe77d22d1)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: KustomizationSpecDecryptionSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecDecryptionSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecDeletionPolicy"
)
class KustomizationSpecDeletionPolicy(enum.Enum):
    '''DeletionPolicy can be used to control garbage collection when this Kustomization is deleted.

    Valid values are ('MirrorPrune', 'Delete',
    'WaitForTermination', 'Orphan'). 'MirrorPrune' mirrors the Prune field
    (orphan if false, delete if true). Defaults to 'MirrorPrune'.

    :default: MirrorPrune'.

    :schema: KustomizationSpecDeletionPolicy
    '''

    MIRROR_PRUNE = "MIRROR_PRUNE"
    '''MirrorPrune.'''
    DELETE = "DELETE"
    '''Delete.'''
    WAIT_FOR_TERMINATION = "WAIT_FOR_TERMINATION"
    '''WaitForTermination.'''
    ORPHAN = "ORPHAN"
    '''Orphan.'''


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecDependsOn",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "namespace": "namespace", "ready_expr": "readyExpr"},
)
class KustomizationSpecDependsOn:
    def __init__(
        self,
        *,
        name: builtins.str,
        namespace: typing.Optional[builtins.str] = None,
        ready_expr: typing.Optional[builtins.str] = None,
    ) -> None:
        '''DependencyReference contains enough information to locate the referenced Kubernetes resource object and optional CEL expression to assess its readiness.

        :param name: Name of the referent.
        :param namespace: Namespace of the referent, defaults to the namespace of the resource object that contains the reference.
        :param ready_expr: ReadyExpr is a CEL expression that can be used to assess the readiness of a dependency. When specified, the built-in readiness check is replaced by the logic defined in the CEL expression. To make the CEL expression additive to the built-in readiness check, the feature gate ``AdditiveCELDependencyCheck`` must be set to ``true``.

        :schema: KustomizationSpecDependsOn
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f42e4475fe86328f2272c2757ea6d5db1e4432c8f28b207b38d439adba816117)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument ready_expr", value=ready_expr, expected_type=type_hints["ready_expr"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if namespace is not None:
            self._values["namespace"] = namespace
        if ready_expr is not None:
            self._values["ready_expr"] = ready_expr

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: KustomizationSpecDependsOn#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace of the referent, defaults to the namespace of the resource object that contains the reference.

        :schema: KustomizationSpecDependsOn#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ready_expr(self) -> typing.Optional[builtins.str]:
        '''ReadyExpr is a CEL expression that can be used to assess the readiness of a dependency.

        When specified, the built-in readiness check
        is replaced by the logic defined in the CEL expression.
        To make the CEL expression additive to the built-in readiness check,
        the feature gate ``AdditiveCELDependencyCheck`` must be set to ``true``.

        :schema: KustomizationSpecDependsOn#readyExpr
        '''
        result = self._values.get("ready_expr")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecDependsOn(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecHealthCheckExprs",
    jsii_struct_bases=[],
    name_mapping={
        "api_version": "apiVersion",
        "current": "current",
        "failed": "failed",
        "in_progress": "inProgress",
        "kind": "kind",
    },
)
class KustomizationSpecHealthCheckExprs:
    def __init__(
        self,
        *,
        api_version: builtins.str,
        current: builtins.str,
        failed: typing.Optional[builtins.str] = None,
        in_progress: typing.Optional[builtins.str] = None,
        kind: typing.Optional[builtins.str] = None,
    ) -> None:
        '''CustomHealthCheck defines the health check for custom resources.

        :param api_version: APIVersion of the custom resource under evaluation.
        :param current: Current is the CEL expression that determines if the status of the custom resource has reached the desired state.
        :param failed: Failed is the CEL expression that determines if the status of the custom resource has failed to reach the desired state.
        :param in_progress: InProgress is the CEL expression that determines if the status of the custom resource has not yet reached the desired state.
        :param kind: Kind of the custom resource under evaluation.

        :schema: KustomizationSpecHealthCheckExprs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ba5d86f1a1070e09361a2798cfef9b054df52e207100d6f68f688bd1ba5fe7f2)
            check_type(argname="argument api_version", value=api_version, expected_type=type_hints["api_version"])
            check_type(argname="argument current", value=current, expected_type=type_hints["current"])
            check_type(argname="argument failed", value=failed, expected_type=type_hints["failed"])
            check_type(argname="argument in_progress", value=in_progress, expected_type=type_hints["in_progress"])
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "api_version": api_version,
            "current": current,
        }
        if failed is not None:
            self._values["failed"] = failed
        if in_progress is not None:
            self._values["in_progress"] = in_progress
        if kind is not None:
            self._values["kind"] = kind

    @builtins.property
    def api_version(self) -> builtins.str:
        '''APIVersion of the custom resource under evaluation.

        :schema: KustomizationSpecHealthCheckExprs#apiVersion
        '''
        result = self._values.get("api_version")
        assert result is not None, "Required property 'api_version' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def current(self) -> builtins.str:
        '''Current is the CEL expression that determines if the status of the custom resource has reached the desired state.

        :schema: KustomizationSpecHealthCheckExprs#current
        '''
        result = self._values.get("current")
        assert result is not None, "Required property 'current' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def failed(self) -> typing.Optional[builtins.str]:
        '''Failed is the CEL expression that determines if the status of the custom resource has failed to reach the desired state.

        :schema: KustomizationSpecHealthCheckExprs#failed
        '''
        result = self._values.get("failed")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def in_progress(self) -> typing.Optional[builtins.str]:
        '''InProgress is the CEL expression that determines if the status of the custom resource has not yet reached the desired state.

        :schema: KustomizationSpecHealthCheckExprs#inProgress
        '''
        result = self._values.get("in_progress")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the custom resource under evaluation.

        :schema: KustomizationSpecHealthCheckExprs#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecHealthCheckExprs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecHealthChecks",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "name": "name",
        "api_version": "apiVersion",
        "namespace": "namespace",
    },
)
class KustomizationSpecHealthChecks:
    def __init__(
        self,
        *,
        kind: builtins.str,
        name: builtins.str,
        api_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
    ) -> None:
        '''NamespacedObjectKindReference contains enough information to locate the typed referenced Kubernetes resource object in any namespace.

        :param kind: Kind of the referent.
        :param name: Name of the referent.
        :param api_version: API version of the referent, if not specified the Kubernetes preferred version will be used.
        :param namespace: Namespace of the referent, when not specified it acts as LocalObjectReference.

        :schema: KustomizationSpecHealthChecks
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2b454d4cdd807228a2831f7f05cac87c336e77e1446a58d40ffe6f6324978384)
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument api_version", value=api_version, expected_type=type_hints["api_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "kind": kind,
            "name": name,
        }
        if api_version is not None:
            self._values["api_version"] = api_version
        if namespace is not None:
            self._values["namespace"] = namespace

    @builtins.property
    def kind(self) -> builtins.str:
        '''Kind of the referent.

        :schema: KustomizationSpecHealthChecks#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: KustomizationSpecHealthChecks#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def api_version(self) -> typing.Optional[builtins.str]:
        '''API version of the referent, if not specified the Kubernetes preferred version will be used.

        :schema: KustomizationSpecHealthChecks#apiVersion
        '''
        result = self._values.get("api_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace of the referent, when not specified it acts as LocalObjectReference.

        :schema: KustomizationSpecHealthChecks#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecHealthChecks(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecIgnore",
    jsii_struct_bases=[],
    name_mapping={"paths": "paths", "target": "target"},
)
class KustomizationSpecIgnore:
    def __init__(
        self,
        *,
        paths: typing.Sequence[builtins.str],
        target: typing.Optional[typing.Union["KustomizationSpecIgnoreTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''IgnoreRule defines a rule to selectively disregard specific changes during the drift detection process.

        :param paths: Paths is a list of JSON Pointer (RFC 6901) paths to be excluded from consideration in a Kubernetes object.
        :param target: Target is a selector for specifying Kubernetes objects to which this rule applies. If Target is not set, the Paths will be ignored for all Kubernetes objects within the manifest of the Kustomization.

        :schema: KustomizationSpecIgnore
        '''
        if isinstance(target, dict):
            target = KustomizationSpecIgnoreTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b6bb60f1ccd2b8553af9b91a00aedc2cc37368c320e0957a024d2b5865d92175)
            check_type(argname="argument paths", value=paths, expected_type=type_hints["paths"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "paths": paths,
        }
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def paths(self) -> typing.List[builtins.str]:
        '''Paths is a list of JSON Pointer (RFC 6901) paths to be excluded from consideration in a Kubernetes object.

        :schema: KustomizationSpecIgnore#paths
        '''
        result = self._values.get("paths")
        assert result is not None, "Required property 'paths' is missing"
        return typing.cast(typing.List[builtins.str], result)

    @builtins.property
    def target(self) -> typing.Optional["KustomizationSpecIgnoreTarget"]:
        '''Target is a selector for specifying Kubernetes objects to which this rule applies.

        If Target is not set, the Paths will be ignored for all Kubernetes
        objects within the manifest of the Kustomization.

        :schema: KustomizationSpecIgnore#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["KustomizationSpecIgnoreTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecIgnore(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecIgnoreTarget",
    jsii_struct_bases=[],
    name_mapping={
        "annotation_selector": "annotationSelector",
        "group": "group",
        "kind": "kind",
        "label_selector": "labelSelector",
        "name": "name",
        "namespace": "namespace",
        "version": "version",
    },
)
class KustomizationSpecIgnoreTarget:
    def __init__(
        self,
        *,
        annotation_selector: typing.Optional[builtins.str] = None,
        group: typing.Optional[builtins.str] = None,
        kind: typing.Optional[builtins.str] = None,
        label_selector: typing.Optional[builtins.str] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Target is a selector for specifying Kubernetes objects to which this rule applies.

        If Target is not set, the Paths will be ignored for all Kubernetes
        objects within the manifest of the Kustomization.

        :param annotation_selector: AnnotationSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource annotations.
        :param group: Group is the API group to select resources from. Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md
        :param kind: Kind of the API Group to select resources from. Together with Group and Version it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md
        :param label_selector: LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.
        :param name: Name to match resources with.
        :param namespace: Namespace to select resources from.
        :param version: Version of the API Group to select resources from. Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecIgnoreTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__bdd99a924278bdb4e8668c79560f80eb9ca5e96de3c1922160c3ccd13b6b54f2)
            check_type(argname="argument annotation_selector", value=annotation_selector, expected_type=type_hints["annotation_selector"])
            check_type(argname="argument group", value=group, expected_type=type_hints["group"])
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument label_selector", value=label_selector, expected_type=type_hints["label_selector"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if annotation_selector is not None:
            self._values["annotation_selector"] = annotation_selector
        if group is not None:
            self._values["group"] = group
        if kind is not None:
            self._values["kind"] = kind
        if label_selector is not None:
            self._values["label_selector"] = label_selector
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def annotation_selector(self) -> typing.Optional[builtins.str]:
        '''AnnotationSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource annotations.

        :schema: KustomizationSpecIgnoreTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''Group is the API group to select resources from.

        Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecIgnoreTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the API Group to select resources from.

        Together with Group and Version it is capable of unambiguously
        identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecIgnoreTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.

        :schema: KustomizationSpecIgnoreTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name to match resources with.

        :schema: KustomizationSpecIgnoreTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace to select resources from.

        :schema: KustomizationSpecIgnoreTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version of the API Group to select resources from.

        Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecIgnoreTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecIgnoreTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecImages",
    jsii_struct_bases=[],
    name_mapping={
        "name": "name",
        "digest": "digest",
        "new_name": "newName",
        "new_tag": "newTag",
    },
)
class KustomizationSpecImages:
    def __init__(
        self,
        *,
        name: builtins.str,
        digest: typing.Optional[builtins.str] = None,
        new_name: typing.Optional[builtins.str] = None,
        new_tag: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Image contains an image name, a new name, a new tag or digest, which will replace the original name and tag.

        :param name: Name is a tag-less image name.
        :param digest: Digest is the value used to replace the original image tag. If digest is present NewTag value is ignored.
        :param new_name: NewName is the value used to replace the original name.
        :param new_tag: NewTag is the value used to replace the original tag.

        :schema: KustomizationSpecImages
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2e9b7042ba0a1e2face6161a624439c0aefefdaf2a26eb7f04045e9c7907770c)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument digest", value=digest, expected_type=type_hints["digest"])
            check_type(argname="argument new_name", value=new_name, expected_type=type_hints["new_name"])
            check_type(argname="argument new_tag", value=new_tag, expected_type=type_hints["new_tag"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if digest is not None:
            self._values["digest"] = digest
        if new_name is not None:
            self._values["new_name"] = new_name
        if new_tag is not None:
            self._values["new_tag"] = new_tag

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is a tag-less image name.

        :schema: KustomizationSpecImages#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def digest(self) -> typing.Optional[builtins.str]:
        '''Digest is the value used to replace the original image tag.

        If digest is present NewTag value is ignored.

        :schema: KustomizationSpecImages#digest
        '''
        result = self._values.get("digest")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def new_name(self) -> typing.Optional[builtins.str]:
        '''NewName is the value used to replace the original name.

        :schema: KustomizationSpecImages#newName
        '''
        result = self._values.get("new_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def new_tag(self) -> typing.Optional[builtins.str]:
        '''NewTag is the value used to replace the original tag.

        :schema: KustomizationSpecImages#newTag
        '''
        result = self._values.get("new_tag")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecImages(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecKubeConfig",
    jsii_struct_bases=[],
    name_mapping={"config_map_ref": "configMapRef", "secret_ref": "secretRef"},
)
class KustomizationSpecKubeConfig:
    def __init__(
        self,
        *,
        config_map_ref: typing.Optional[typing.Union["KustomizationSpecKubeConfigConfigMapRef", typing.Dict[builtins.str, typing.Any]]] = None,
        secret_ref: typing.Optional[typing.Union["KustomizationSpecKubeConfigSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''The KubeConfig for reconciling the Kustomization on a remote cluster.

        When used in combination with KustomizationSpec.ServiceAccountName,
        forces the controller to act on behalf of that Service Account at the
        target cluster.
        If the --default-service-account flag is set, its value will be used as
        a controller level fallback for when KustomizationSpec.ServiceAccountName
        is empty.

        :param config_map_ref: ConfigMapRef holds an optional name of a ConfigMap that contains the following keys:. - ``provider``: the provider to use. One of ``aws``, ``azure``, ``gcp``, or ``generic``. Required. - ``cluster``: the fully qualified resource name of the Kubernetes cluster in the cloud provider API. Not used by the ``generic`` provider. Required when one of ``address`` or ``ca.crt`` is not set. - ``address``: the address of the Kubernetes API server. Required for ``generic``. For the other providers, if not specified, the first address in the cluster resource will be used, and if specified, it must match one of the addresses in the cluster resource. If audiences is not set, will be used as the audience for the ``generic`` provider. - ``ca.crt``: the optional PEM-encoded CA certificate for the Kubernetes API server. If not set, the controller will use the CA certificate from the cluster resource. - ``audiences``: the optional audiences as a list of line-break-separated strings for the Kubernetes ServiceAccount token. Defaults to the ``address`` for the ``generic`` provider, or to specific values for the other providers depending on the provider. - ``serviceAccountName``: the optional name of the Kubernetes ServiceAccount in the same namespace that should be used for authentication. If not specified, the controller ServiceAccount will be used. Mutually exclusive with SecretRef. Default: the ``address`` for the ``generic`` provider, or
        :param secret_ref: SecretRef holds an optional name of a secret that contains a key with the kubeconfig file as the value. If no key is set, the key will default to 'value'. Mutually exclusive with ConfigMapRef. It is recommended that the kubeconfig is self-contained, and the secret is regularly updated if credentials such as a cloud-access-token expire. Cloud specific ``cmd-path`` auth helpers will not function without adding binaries and credentials to the Pod that is responsible for reconciling Kubernetes resources. Supported only for the generic provider.

        :schema: KustomizationSpecKubeConfig
        '''
        if isinstance(config_map_ref, dict):
            config_map_ref = KustomizationSpecKubeConfigConfigMapRef(**config_map_ref)
        if isinstance(secret_ref, dict):
            secret_ref = KustomizationSpecKubeConfigSecretRef(**secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ba4a2dc24a9380ffb97b2a0a56f6dda516fc1d5d6ac07583c25cd399081c1212)
            check_type(argname="argument config_map_ref", value=config_map_ref, expected_type=type_hints["config_map_ref"])
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if config_map_ref is not None:
            self._values["config_map_ref"] = config_map_ref
        if secret_ref is not None:
            self._values["secret_ref"] = secret_ref

    @builtins.property
    def config_map_ref(
        self,
    ) -> typing.Optional["KustomizationSpecKubeConfigConfigMapRef"]:
        '''ConfigMapRef holds an optional name of a ConfigMap that contains the following keys:.

        - ``provider``: the provider to use. One of ``aws``, ``azure``, ``gcp``, or
          ``generic``. Required.
        - ``cluster``: the fully qualified resource name of the Kubernetes
          cluster in the cloud provider API. Not used by the ``generic``
          provider. Required when one of ``address`` or ``ca.crt`` is not set.
        - ``address``: the address of the Kubernetes API server. Required
          for ``generic``. For the other providers, if not specified, the
          first address in the cluster resource will be used, and if
          specified, it must match one of the addresses in the cluster
          resource.
          If audiences is not set, will be used as the audience for the
          ``generic`` provider.
        - ``ca.crt``: the optional PEM-encoded CA certificate for the
          Kubernetes API server. If not set, the controller will use the
          CA certificate from the cluster resource.
        - ``audiences``: the optional audiences as a list of
          line-break-separated strings for the Kubernetes ServiceAccount
          token. Defaults to the ``address`` for the ``generic`` provider, or
          to specific values for the other providers depending on the
          provider.
        - ``serviceAccountName``: the optional name of the Kubernetes
          ServiceAccount in the same namespace that should be used
          for authentication. If not specified, the controller
          ServiceAccount will be used.

        Mutually exclusive with SecretRef.

        :default: the ``address`` for the ``generic`` provider, or

        :schema: KustomizationSpecKubeConfig#configMapRef
        '''
        result = self._values.get("config_map_ref")
        return typing.cast(typing.Optional["KustomizationSpecKubeConfigConfigMapRef"], result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["KustomizationSpecKubeConfigSecretRef"]:
        '''SecretRef holds an optional name of a secret that contains a key with the kubeconfig file as the value.

        If no key is set, the key will default
        to 'value'. Mutually exclusive with ConfigMapRef.
        It is recommended that the kubeconfig is self-contained, and the secret
        is regularly updated if credentials such as a cloud-access-token expire.
        Cloud specific ``cmd-path`` auth helpers will not function without adding
        binaries and credentials to the Pod that is responsible for reconciling
        Kubernetes resources. Supported only for the generic provider.

        :schema: KustomizationSpecKubeConfig#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["KustomizationSpecKubeConfigSecretRef"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecKubeConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecKubeConfigConfigMapRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class KustomizationSpecKubeConfigConfigMapRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''ConfigMapRef holds an optional name of a ConfigMap that contains the following keys:.

        - ``provider``: the provider to use. One of ``aws``, ``azure``, ``gcp``, or
          ``generic``. Required.
        - ``cluster``: the fully qualified resource name of the Kubernetes
          cluster in the cloud provider API. Not used by the ``generic``
          provider. Required when one of ``address`` or ``ca.crt`` is not set.
        - ``address``: the address of the Kubernetes API server. Required
          for ``generic``. For the other providers, if not specified, the
          first address in the cluster resource will be used, and if
          specified, it must match one of the addresses in the cluster
          resource.
          If audiences is not set, will be used as the audience for the
          ``generic`` provider.
        - ``ca.crt``: the optional PEM-encoded CA certificate for the
          Kubernetes API server. If not set, the controller will use the
          CA certificate from the cluster resource.
        - ``audiences``: the optional audiences as a list of
          line-break-separated strings for the Kubernetes ServiceAccount
          token. Defaults to the ``address`` for the ``generic`` provider, or
          to specific values for the other providers depending on the
          provider.
        - ``serviceAccountName``: the optional name of the Kubernetes
          ServiceAccount in the same namespace that should be used
          for authentication. If not specified, the controller
          ServiceAccount will be used.

        Mutually exclusive with SecretRef.

        :param name: Name of the referent.

        :default: the ``address`` for the ``generic`` provider, or

        :schema: KustomizationSpecKubeConfigConfigMapRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__aa79bcf05869fae52d29f4ae6ada0169db0f7759894a5e47fb04782ade0a5f8d)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: KustomizationSpecKubeConfigConfigMapRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecKubeConfigConfigMapRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecKubeConfigSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "key": "key"},
)
class KustomizationSpecKubeConfigSecretRef:
    def __init__(
        self,
        *,
        name: builtins.str,
        key: typing.Optional[builtins.str] = None,
    ) -> None:
        '''SecretRef holds an optional name of a secret that contains a key with the kubeconfig file as the value.

        If no key is set, the key will default
        to 'value'. Mutually exclusive with ConfigMapRef.
        It is recommended that the kubeconfig is self-contained, and the secret
        is regularly updated if credentials such as a cloud-access-token expire.
        Cloud specific ``cmd-path`` auth helpers will not function without adding
        binaries and credentials to the Pod that is responsible for reconciling
        Kubernetes resources. Supported only for the generic provider.

        :param name: Name of the Secret.
        :param key: Key in the Secret, when not specified an implementation-specific default key is used.

        :schema: KustomizationSpecKubeConfigSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__377677575c6713a9f3bfa66491053fad06f96d914920a1da91925e64beb83c7a)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if key is not None:
            self._values["key"] = key

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the Secret.

        :schema: KustomizationSpecKubeConfigSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def key(self) -> typing.Optional[builtins.str]:
        '''Key in the Secret, when not specified an implementation-specific default key is used.

        :schema: KustomizationSpecKubeConfigSecretRef#key
        '''
        result = self._values.get("key")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecKubeConfigSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecPatches",
    jsii_struct_bases=[],
    name_mapping={"patch": "patch", "target": "target"},
)
class KustomizationSpecPatches:
    def __init__(
        self,
        *,
        patch: builtins.str,
        target: typing.Optional[typing.Union["KustomizationSpecPatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Patch contains an inline StrategicMerge or JSON6902 patch, and the target the patch should be applied to.

        :param patch: Patch contains an inline StrategicMerge patch or an inline JSON6902 patch with an array of operation objects.
        :param target: Target points to the resources that the patch document should be applied to.

        :schema: KustomizationSpecPatches
        '''
        if isinstance(target, dict):
            target = KustomizationSpecPatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__067859c60aff6c119fc6da150ca60cf5e164aa19352580b7692e124443deaede)
            check_type(argname="argument patch", value=patch, expected_type=type_hints["patch"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "patch": patch,
        }
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def patch(self) -> builtins.str:
        '''Patch contains an inline StrategicMerge patch or an inline JSON6902 patch with an array of operation objects.

        :schema: KustomizationSpecPatches#patch
        '''
        result = self._values.get("patch")
        assert result is not None, "Required property 'patch' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def target(self) -> typing.Optional["KustomizationSpecPatchesTarget"]:
        '''Target points to the resources that the patch document should be applied to.

        :schema: KustomizationSpecPatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["KustomizationSpecPatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecPatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecPatchesTarget",
    jsii_struct_bases=[],
    name_mapping={
        "annotation_selector": "annotationSelector",
        "group": "group",
        "kind": "kind",
        "label_selector": "labelSelector",
        "name": "name",
        "namespace": "namespace",
        "version": "version",
    },
)
class KustomizationSpecPatchesTarget:
    def __init__(
        self,
        *,
        annotation_selector: typing.Optional[builtins.str] = None,
        group: typing.Optional[builtins.str] = None,
        kind: typing.Optional[builtins.str] = None,
        label_selector: typing.Optional[builtins.str] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Target points to the resources that the patch document should be applied to.

        :param annotation_selector: AnnotationSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource annotations.
        :param group: Group is the API group to select resources from. Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md
        :param kind: Kind of the API Group to select resources from. Together with Group and Version it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md
        :param label_selector: LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.
        :param name: Name to match resources with.
        :param namespace: Namespace to select resources from.
        :param version: Version of the API Group to select resources from. Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecPatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ac86dde3bb119ba694a0c3f2cc4a2b15d256c9482013dcff60e8c8b83c785c1d)
            check_type(argname="argument annotation_selector", value=annotation_selector, expected_type=type_hints["annotation_selector"])
            check_type(argname="argument group", value=group, expected_type=type_hints["group"])
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument label_selector", value=label_selector, expected_type=type_hints["label_selector"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if annotation_selector is not None:
            self._values["annotation_selector"] = annotation_selector
        if group is not None:
            self._values["group"] = group
        if kind is not None:
            self._values["kind"] = kind
        if label_selector is not None:
            self._values["label_selector"] = label_selector
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def annotation_selector(self) -> typing.Optional[builtins.str]:
        '''AnnotationSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource annotations.

        :schema: KustomizationSpecPatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''Group is the API group to select resources from.

        Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecPatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the API Group to select resources from.

        Together with Group and Version it is capable of unambiguously
        identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecPatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.

        :schema: KustomizationSpecPatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name to match resources with.

        :schema: KustomizationSpecPatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace to select resources from.

        :schema: KustomizationSpecPatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version of the API Group to select resources from.

        Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: KustomizationSpecPatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecPatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecPostBuild",
    jsii_struct_bases=[],
    name_mapping={
        "substitute": "substitute",
        "substitute_from": "substituteFrom",
        "substitute_strategy": "substituteStrategy",
    },
)
class KustomizationSpecPostBuild:
    def __init__(
        self,
        *,
        substitute: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        substitute_from: typing.Optional[typing.Sequence[typing.Union["KustomizationSpecPostBuildSubstituteFrom", typing.Dict[builtins.str, typing.Any]]]] = None,
        substitute_strategy: typing.Optional["KustomizationSpecPostBuildSubstituteStrategy"] = None,
    ) -> None:
        '''PostBuild describes which actions to perform on the YAML manifest generated by building the kustomize overlay.

        :param substitute: Substitute holds a map of key/value pairs. The variables defined in your YAML manifests that match any of the keys defined in the map will be substituted with the set value. Includes support for bash string replacement functions e.g. ${var:=default}, ${var:position} and ${var/substring/replacement}.
        :param substitute_from: SubstituteFrom holds references to ConfigMaps and Secrets containing the variables and their values to be substituted in the YAML manifests. The ConfigMap and the Secret data keys represent the var names, and they must match the vars declared in the manifests for the substitution to happen.
        :param substitute_strategy: SubstituteStrategy defines the strategy for substituting variables in the YAML manifests. Valid values are:. - WithVariables (the default): require at least one variable to be defined, either through the inline map or through the resolved references to ConfigMaps and Secrets. - Always: perform the substitution even if no variables are defined.

        :schema: KustomizationSpecPostBuild
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c0ac758524342ca30d16630ecc0c3aa9316333d93ed42d628203f9fcec0f018f)
            check_type(argname="argument substitute", value=substitute, expected_type=type_hints["substitute"])
            check_type(argname="argument substitute_from", value=substitute_from, expected_type=type_hints["substitute_from"])
            check_type(argname="argument substitute_strategy", value=substitute_strategy, expected_type=type_hints["substitute_strategy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if substitute is not None:
            self._values["substitute"] = substitute
        if substitute_from is not None:
            self._values["substitute_from"] = substitute_from
        if substitute_strategy is not None:
            self._values["substitute_strategy"] = substitute_strategy

    @builtins.property
    def substitute(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Substitute holds a map of key/value pairs.

        The variables defined in your YAML manifests that match any of the keys
        defined in the map will be substituted with the set value.
        Includes support for bash string replacement functions
        e.g. ${var:=default}, ${var:position} and ${var/substring/replacement}.

        :schema: KustomizationSpecPostBuild#substitute
        '''
        result = self._values.get("substitute")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def substitute_from(
        self,
    ) -> typing.Optional[typing.List["KustomizationSpecPostBuildSubstituteFrom"]]:
        '''SubstituteFrom holds references to ConfigMaps and Secrets containing the variables and their values to be substituted in the YAML manifests.

        The ConfigMap and the Secret data keys represent the var names, and they
        must match the vars declared in the manifests for the substitution to
        happen.

        :schema: KustomizationSpecPostBuild#substituteFrom
        '''
        result = self._values.get("substitute_from")
        return typing.cast(typing.Optional[typing.List["KustomizationSpecPostBuildSubstituteFrom"]], result)

    @builtins.property
    def substitute_strategy(
        self,
    ) -> typing.Optional["KustomizationSpecPostBuildSubstituteStrategy"]:
        '''SubstituteStrategy defines the strategy for substituting variables in the YAML manifests. Valid values are:.

        - WithVariables (the default): require at least one variable to be defined,
          either through the inline map or through the resolved references to ConfigMaps
          and Secrets.
        - Always: perform the substitution even if no variables are defined.

        :schema: KustomizationSpecPostBuild#substituteStrategy
        '''
        result = self._values.get("substitute_strategy")
        return typing.cast(typing.Optional["KustomizationSpecPostBuildSubstituteStrategy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecPostBuild(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecPostBuildSubstituteFrom",
    jsii_struct_bases=[],
    name_mapping={"kind": "kind", "name": "name", "optional": "optional"},
)
class KustomizationSpecPostBuildSubstituteFrom:
    def __init__(
        self,
        *,
        kind: "KustomizationSpecPostBuildSubstituteFromKind",
        name: builtins.str,
        optional: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''SubstituteReference contains a reference to a resource containing the variables name and value.

        :param kind: Kind of the values referent, valid values are ('Secret', 'ConfigMap').
        :param name: Name of the values referent. Should reside in the same namespace as the referring resource.
        :param optional: Optional indicates whether the referenced resource must exist, or whether to tolerate its absence. If true and the referenced resource is absent, proceed as if the resource was present but empty, without any variables defined.

        :schema: KustomizationSpecPostBuildSubstituteFrom
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__794f226448a62459f0359890b75a05f2a1a2887d44a208f31207016e082d1bfd)
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument optional", value=optional, expected_type=type_hints["optional"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "kind": kind,
            "name": name,
        }
        if optional is not None:
            self._values["optional"] = optional

    @builtins.property
    def kind(self) -> "KustomizationSpecPostBuildSubstituteFromKind":
        '''Kind of the values referent, valid values are ('Secret', 'ConfigMap').

        :schema: KustomizationSpecPostBuildSubstituteFrom#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast("KustomizationSpecPostBuildSubstituteFromKind", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the values referent.

        Should reside in the same namespace as the
        referring resource.

        :schema: KustomizationSpecPostBuildSubstituteFrom#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def optional(self) -> typing.Optional[builtins.bool]:
        '''Optional indicates whether the referenced resource must exist, or whether to tolerate its absence.

        If true and the referenced resource is absent, proceed
        as if the resource was present but empty, without any variables defined.

        :schema: KustomizationSpecPostBuildSubstituteFrom#optional
        '''
        result = self._values.get("optional")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecPostBuildSubstituteFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecPostBuildSubstituteFromKind"
)
class KustomizationSpecPostBuildSubstituteFromKind(enum.Enum):
    '''Kind of the values referent, valid values are ('Secret', 'ConfigMap').

    :schema: KustomizationSpecPostBuildSubstituteFromKind
    '''

    SECRET = "SECRET"
    '''Secret.'''
    CONFIG_MAP = "CONFIG_MAP"
    '''ConfigMap.'''


@jsii.enum(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecPostBuildSubstituteStrategy"
)
class KustomizationSpecPostBuildSubstituteStrategy(enum.Enum):
    '''SubstituteStrategy defines the strategy for substituting variables in the YAML manifests. Valid values are:.

    - WithVariables (the default): require at least one variable to be defined,
      either through the inline map or through the resolved references to ConfigMaps
      and Secrets.
    - Always: perform the substitution even if no variables are defined.

    :schema: KustomizationSpecPostBuildSubstituteStrategy
    '''

    WITH_VARIABLES = "WITH_VARIABLES"
    '''WithVariables.'''
    ALWAYS = "ALWAYS"
    '''Always.'''


@jsii.data_type(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecSourceRef",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "name": "name",
        "api_version": "apiVersion",
        "namespace": "namespace",
    },
)
class KustomizationSpecSourceRef:
    def __init__(
        self,
        *,
        kind: "KustomizationSpecSourceRefKind",
        name: builtins.str,
        api_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Reference of the source where the kustomization file is.

        :param kind: Kind of the referent.
        :param name: Name of the referent.
        :param api_version: API version of the referent.
        :param namespace: Namespace of the referent, defaults to the namespace of the Kubernetes resource object that contains the reference.

        :schema: KustomizationSpecSourceRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__bff253e7b2d59b28615d77579e480a0bef19c02ed62bd5bd14843b6380d4be5f)
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument api_version", value=api_version, expected_type=type_hints["api_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "kind": kind,
            "name": name,
        }
        if api_version is not None:
            self._values["api_version"] = api_version
        if namespace is not None:
            self._values["namespace"] = namespace

    @builtins.property
    def kind(self) -> "KustomizationSpecSourceRefKind":
        '''Kind of the referent.

        :schema: KustomizationSpecSourceRef#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast("KustomizationSpecSourceRefKind", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: KustomizationSpecSourceRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def api_version(self) -> typing.Optional[builtins.str]:
        '''API version of the referent.

        :schema: KustomizationSpecSourceRef#apiVersion
        '''
        result = self._values.get("api_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace of the referent, defaults to the namespace of the Kubernetes resource object that contains the reference.

        :schema: KustomizationSpecSourceRef#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "KustomizationSpecSourceRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_kustomize_iofluxcdtoolkitkustomize.KustomizationSpecSourceRefKind"
)
class KustomizationSpecSourceRefKind(enum.Enum):
    '''Kind of the referent.

    :schema: KustomizationSpecSourceRefKind
    '''

    OCI_REPOSITORY = "OCI_REPOSITORY"
    '''OCIRepository.'''
    GIT_REPOSITORY = "GIT_REPOSITORY"
    '''GitRepository.'''
    BUCKET = "BUCKET"
    '''Bucket.'''
    EXTERNAL_ARTIFACT = "EXTERNAL_ARTIFACT"
    '''ExternalArtifact.'''


__all__ = [
    "Kustomization",
    "KustomizationProps",
    "KustomizationSpec",
    "KustomizationSpecBuildMetadata",
    "KustomizationSpecCommonMetadata",
    "KustomizationSpecDecryption",
    "KustomizationSpecDecryptionProvider",
    "KustomizationSpecDecryptionSecretRef",
    "KustomizationSpecDeletionPolicy",
    "KustomizationSpecDependsOn",
    "KustomizationSpecHealthCheckExprs",
    "KustomizationSpecHealthChecks",
    "KustomizationSpecIgnore",
    "KustomizationSpecIgnoreTarget",
    "KustomizationSpecImages",
    "KustomizationSpecKubeConfig",
    "KustomizationSpecKubeConfigConfigMapRef",
    "KustomizationSpecKubeConfigSecretRef",
    "KustomizationSpecPatches",
    "KustomizationSpecPatchesTarget",
    "KustomizationSpecPostBuild",
    "KustomizationSpecPostBuildSubstituteFrom",
    "KustomizationSpecPostBuildSubstituteFromKind",
    "KustomizationSpecPostBuildSubstituteStrategy",
    "KustomizationSpecSourceRef",
    "KustomizationSpecSourceRefKind",
]

publication.publish()

def _typecheckingstub__e3dcb792039290eeb070fe0092190e2eedcb7bab65035f2d37080a5e8048c8c5(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[KustomizationSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9de75d5642436a5c6c326f385c535982a70cbd5195a09b7015ecbffc70691fce(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[KustomizationSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__669f3536c9eba3716064fbb669f6bf534178c853c1e8b76dc86c1d9b139accb6(
    *,
    interval: builtins.str,
    prune: builtins.bool,
    source_ref: typing.Union[KustomizationSpecSourceRef, typing.Dict[builtins.str, typing.Any]],
    build_metadata: typing.Optional[typing.Sequence[KustomizationSpecBuildMetadata]] = None,
    common_metadata: typing.Optional[typing.Union[KustomizationSpecCommonMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    components: typing.Optional[typing.Sequence[builtins.str]] = None,
    decryption: typing.Optional[typing.Union[KustomizationSpecDecryption, typing.Dict[builtins.str, typing.Any]]] = None,
    deletion_policy: typing.Optional[KustomizationSpecDeletionPolicy] = None,
    depends_on: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecDependsOn, typing.Dict[builtins.str, typing.Any]]]] = None,
    force: typing.Optional[builtins.bool] = None,
    health_check_exprs: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecHealthCheckExprs, typing.Dict[builtins.str, typing.Any]]]] = None,
    health_checks: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecHealthChecks, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecIgnore, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_missing_components: typing.Optional[builtins.bool] = None,
    images: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecImages, typing.Dict[builtins.str, typing.Any]]]] = None,
    kube_config: typing.Optional[typing.Union[KustomizationSpecKubeConfig, typing.Dict[builtins.str, typing.Any]]] = None,
    name_prefix: typing.Optional[builtins.str] = None,
    name_suffix: typing.Optional[builtins.str] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecPatches, typing.Dict[builtins.str, typing.Any]]]] = None,
    path: typing.Optional[builtins.str] = None,
    post_build: typing.Optional[typing.Union[KustomizationSpecPostBuild, typing.Dict[builtins.str, typing.Any]]] = None,
    retry_interval: typing.Optional[builtins.str] = None,
    service_account_name: typing.Optional[builtins.str] = None,
    suspend: typing.Optional[builtins.bool] = None,
    target_namespace: typing.Optional[builtins.str] = None,
    timeout: typing.Optional[builtins.str] = None,
    wait: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__848e237a69cad6654890b40beb3de81c2e330ab9a7539685f642814e0601173c(
    *,
    annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a37b39d073db59175b4ef02994d2d9203a019527fb715fbd985e0b7b7024869d(
    *,
    provider: KustomizationSpecDecryptionProvider,
    secret_ref: typing.Optional[typing.Union[KustomizationSpecDecryptionSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    service_account_name: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__bf1b6da09e2fb8f42a23e6378b8589d74e8e0eba21f3f0cd2a45f4cfe77d22d1(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f42e4475fe86328f2272c2757ea6d5db1e4432c8f28b207b38d439adba816117(
    *,
    name: builtins.str,
    namespace: typing.Optional[builtins.str] = None,
    ready_expr: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ba5d86f1a1070e09361a2798cfef9b054df52e207100d6f68f688bd1ba5fe7f2(
    *,
    api_version: builtins.str,
    current: builtins.str,
    failed: typing.Optional[builtins.str] = None,
    in_progress: typing.Optional[builtins.str] = None,
    kind: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2b454d4cdd807228a2831f7f05cac87c336e77e1446a58d40ffe6f6324978384(
    *,
    kind: builtins.str,
    name: builtins.str,
    api_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b6bb60f1ccd2b8553af9b91a00aedc2cc37368c320e0957a024d2b5865d92175(
    *,
    paths: typing.Sequence[builtins.str],
    target: typing.Optional[typing.Union[KustomizationSpecIgnoreTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__bdd99a924278bdb4e8668c79560f80eb9ca5e96de3c1922160c3ccd13b6b54f2(
    *,
    annotation_selector: typing.Optional[builtins.str] = None,
    group: typing.Optional[builtins.str] = None,
    kind: typing.Optional[builtins.str] = None,
    label_selector: typing.Optional[builtins.str] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2e9b7042ba0a1e2face6161a624439c0aefefdaf2a26eb7f04045e9c7907770c(
    *,
    name: builtins.str,
    digest: typing.Optional[builtins.str] = None,
    new_name: typing.Optional[builtins.str] = None,
    new_tag: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ba4a2dc24a9380ffb97b2a0a56f6dda516fc1d5d6ac07583c25cd399081c1212(
    *,
    config_map_ref: typing.Optional[typing.Union[KustomizationSpecKubeConfigConfigMapRef, typing.Dict[builtins.str, typing.Any]]] = None,
    secret_ref: typing.Optional[typing.Union[KustomizationSpecKubeConfigSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__aa79bcf05869fae52d29f4ae6ada0169db0f7759894a5e47fb04782ade0a5f8d(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__377677575c6713a9f3bfa66491053fad06f96d914920a1da91925e64beb83c7a(
    *,
    name: builtins.str,
    key: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__067859c60aff6c119fc6da150ca60cf5e164aa19352580b7692e124443deaede(
    *,
    patch: builtins.str,
    target: typing.Optional[typing.Union[KustomizationSpecPatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ac86dde3bb119ba694a0c3f2cc4a2b15d256c9482013dcff60e8c8b83c785c1d(
    *,
    annotation_selector: typing.Optional[builtins.str] = None,
    group: typing.Optional[builtins.str] = None,
    kind: typing.Optional[builtins.str] = None,
    label_selector: typing.Optional[builtins.str] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c0ac758524342ca30d16630ecc0c3aa9316333d93ed42d628203f9fcec0f018f(
    *,
    substitute: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    substitute_from: typing.Optional[typing.Sequence[typing.Union[KustomizationSpecPostBuildSubstituteFrom, typing.Dict[builtins.str, typing.Any]]]] = None,
    substitute_strategy: typing.Optional[KustomizationSpecPostBuildSubstituteStrategy] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__794f226448a62459f0359890b75a05f2a1a2887d44a208f31207016e082d1bfd(
    *,
    kind: KustomizationSpecPostBuildSubstituteFromKind,
    name: builtins.str,
    optional: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__bff253e7b2d59b28615d77579e480a0bef19c02ed62bd5bd14843b6380d4be5f(
    *,
    kind: KustomizationSpecSourceRefKind,
    name: builtins.str,
    api_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass
