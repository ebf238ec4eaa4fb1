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


class HelmRelease(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmRelease",
):
    '''HelmRelease is the Schema for the helmreleases API.

    :schema: HelmRelease
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["HelmReleaseSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "HelmRelease" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: HelmReleaseSpec defines the desired state of a Helm release.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__75caadeae8ba44237699ac9cd25ef123acb6681eddf229b1028b6e425f1e6161)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = HelmReleaseProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["HelmReleaseSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "HelmRelease".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: HelmReleaseSpec defines the desired state of a Helm release.
        '''
        props = HelmReleaseProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "HelmRelease".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class HelmReleaseProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["HelmReleaseSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''HelmRelease is the Schema for the helmreleases API.

        :param metadata: 
        :param spec: HelmReleaseSpec defines the desired state of a Helm release.

        :schema: HelmRelease
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = HelmReleaseSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5e46c27136f480cb0935001569915622f1dbc1872b88cf431c2965b149e0e60d)
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
        :schema: HelmRelease#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["HelmReleaseSpec"]:
        '''HelmReleaseSpec defines the desired state of a Helm release.

        :schema: HelmRelease#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["HelmReleaseSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpec",
    jsii_struct_bases=[],
    name_mapping={
        "interval": "interval",
        "chart": "chart",
        "chart_ref": "chartRef",
        "common_metadata": "commonMetadata",
        "depends_on": "dependsOn",
        "drift_detection": "driftDetection",
        "health_check_exprs": "healthCheckExprs",
        "install": "install",
        "kube_config": "kubeConfig",
        "max_history": "maxHistory",
        "persistent_client": "persistentClient",
        "post_renderers": "postRenderers",
        "post_render_strategy": "postRenderStrategy",
        "release_name": "releaseName",
        "rollback": "rollback",
        "service_account_name": "serviceAccountName",
        "storage_namespace": "storageNamespace",
        "suspend": "suspend",
        "target_namespace": "targetNamespace",
        "test": "test",
        "timeout": "timeout",
        "uninstall": "uninstall",
        "upgrade": "upgrade",
        "values": "values",
        "values_from": "valuesFrom",
        "wait_strategy": "waitStrategy",
    },
)
class HelmReleaseSpec:
    def __init__(
        self,
        *,
        interval: builtins.str,
        chart: typing.Optional[typing.Union["HelmReleaseSpecChart", typing.Dict[builtins.str, typing.Any]]] = None,
        chart_ref: typing.Optional[typing.Union["HelmReleaseSpecChartRef", typing.Dict[builtins.str, typing.Any]]] = None,
        common_metadata: typing.Optional[typing.Union["HelmReleaseSpecCommonMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        depends_on: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecDependsOn", typing.Dict[builtins.str, typing.Any]]]] = None,
        drift_detection: typing.Optional[typing.Union["HelmReleaseSpecDriftDetection", typing.Dict[builtins.str, typing.Any]]] = None,
        health_check_exprs: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecHealthCheckExprs", typing.Dict[builtins.str, typing.Any]]]] = None,
        install: typing.Optional[typing.Union["HelmReleaseSpecInstall", typing.Dict[builtins.str, typing.Any]]] = None,
        kube_config: typing.Optional[typing.Union["HelmReleaseSpecKubeConfig", typing.Dict[builtins.str, typing.Any]]] = None,
        max_history: typing.Optional[jsii.Number] = None,
        persistent_client: typing.Optional[builtins.bool] = None,
        post_renderers: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecPostRenderers", typing.Dict[builtins.str, typing.Any]]]] = None,
        post_render_strategy: typing.Optional["HelmReleaseSpecPostRenderStrategy"] = None,
        release_name: typing.Optional[builtins.str] = None,
        rollback: typing.Optional[typing.Union["HelmReleaseSpecRollback", typing.Dict[builtins.str, typing.Any]]] = None,
        service_account_name: typing.Optional[builtins.str] = None,
        storage_namespace: typing.Optional[builtins.str] = None,
        suspend: typing.Optional[builtins.bool] = None,
        target_namespace: typing.Optional[builtins.str] = None,
        test: typing.Optional[typing.Union["HelmReleaseSpecTest", typing.Dict[builtins.str, typing.Any]]] = None,
        timeout: typing.Optional[builtins.str] = None,
        uninstall: typing.Optional[typing.Union["HelmReleaseSpecUninstall", typing.Dict[builtins.str, typing.Any]]] = None,
        upgrade: typing.Optional[typing.Union["HelmReleaseSpecUpgrade", typing.Dict[builtins.str, typing.Any]]] = None,
        values: typing.Any = None,
        values_from: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecValuesFrom", typing.Dict[builtins.str, typing.Any]]]] = None,
        wait_strategy: typing.Optional[typing.Union["HelmReleaseSpecWaitStrategy", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''HelmReleaseSpec defines the desired state of a Helm release.

        :param interval: Interval at which to reconcile the Helm release.
        :param chart: Chart defines the template of the v1.HelmChart that should be created for this HelmRelease.
        :param chart_ref: ChartRef holds a reference to a source controller resource containing the Helm chart artifact.
        :param common_metadata: CommonMetadata specifies the common labels and annotations that are applied to all resources. Any existing label or annotation will be overridden if its key matches a common one.
        :param depends_on: DependsOn may contain a DependencyReference slice with references to HelmRelease resources that must be ready before this HelmRelease can be reconciled.
        :param drift_detection: DriftDetection holds the configuration for detecting and handling differences between the manifest in the Helm storage and the resources currently existing in the cluster.
        :param health_check_exprs: HealthCheckExprs is a list of healthcheck expressions for evaluating the health of custom resources using Common Expression Language (CEL). The expressions are evaluated only when the specific Helm action taking place has wait enabled, i.e. DisableWait is false, and the 'poller' WaitStrategy is used.
        :param install: Install holds the configuration for Helm install actions for this HelmRelease.
        :param kube_config: KubeConfig for reconciling the HelmRelease on a remote cluster. When used in combination with HelmReleaseSpec.ServiceAccountName, forces the controller to act on behalf of that Service Account at the target cluster. If the --default-service-account flag is set, its value will be used as a controller level fallback for when HelmReleaseSpec.ServiceAccountName is empty.
        :param max_history: MaxHistory is the number of revisions saved by Helm for this HelmRelease. Use '0' for an unlimited number of revisions; defaults to '5'.
        :param persistent_client: PersistentClient tells the controller to use a persistent Kubernetes client for this release. When enabled, the client will be reused for the duration of the reconciliation, instead of being created and destroyed for each (step of a) Helm action. This can improve performance, but may cause issues with some Helm charts that for example do create Custom Resource Definitions during installation outside Helm's CRD lifecycle hooks, which are then not observed to be available by e.g. post-install hooks. If not set, it defaults to true.
        :param post_renderers: PostRenderers holds an array of Helm PostRenderers, which will be applied in order of their definition.
        :param post_render_strategy: PostRenderStrategy defines the strategy for sending hooks to post-renderers. Valid values are 'nohooks' (hooks not sent to post-renderers, Helm 3 behavior), 'combined' (hooks and templates sent together, Helm 4 default), and 'separate' (hooks and templates sent in separate streams, Helm 4.2 opt-in). Defaults to 'combined', or 'nohooks' when the UseHelm3Defaults feature gate is enabled. Default: combined', or 'nohooks' when the UseHelm3Defaults feature gate is enabled.
        :param release_name: ReleaseName used for the Helm release. Defaults to a composition of '[TargetNamespace-]Name'. Default: a composition of
        :param rollback: Rollback holds the configuration for Helm rollback actions for this HelmRelease.
        :param service_account_name: The name of the Kubernetes service account to impersonate when reconciling this HelmRelease.
        :param storage_namespace: StorageNamespace used for the Helm storage. Defaults to the namespace of the HelmRelease. Default: the namespace of the HelmRelease.
        :param suspend: Suspend tells the controller to suspend reconciliation for this HelmRelease, it does not apply to already started reconciliations. Defaults to false. Default: false.
        :param target_namespace: TargetNamespace to target when performing operations for the HelmRelease. Defaults to the namespace of the HelmRelease. Default: the namespace of the HelmRelease.
        :param test: Test holds the configuration for Helm test actions for this HelmRelease.
        :param timeout: Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm action. Defaults to '5m0s'. Default: 5m0s'.
        :param uninstall: Uninstall holds the configuration for Helm uninstall actions for this HelmRelease.
        :param upgrade: Upgrade holds the configuration for Helm upgrade actions for this HelmRelease.
        :param values: Values holds the values for this Helm release.
        :param values_from: ValuesFrom holds references to resources containing Helm values for this HelmRelease, and information about how they should be merged.
        :param wait_strategy: WaitStrategy defines Helm's wait strategy for waiting for applied resources to become ready.

        :schema: HelmReleaseSpec
        '''
        if isinstance(chart, dict):
            chart = HelmReleaseSpecChart(**chart)
        if isinstance(chart_ref, dict):
            chart_ref = HelmReleaseSpecChartRef(**chart_ref)
        if isinstance(common_metadata, dict):
            common_metadata = HelmReleaseSpecCommonMetadata(**common_metadata)
        if isinstance(drift_detection, dict):
            drift_detection = HelmReleaseSpecDriftDetection(**drift_detection)
        if isinstance(install, dict):
            install = HelmReleaseSpecInstall(**install)
        if isinstance(kube_config, dict):
            kube_config = HelmReleaseSpecKubeConfig(**kube_config)
        if isinstance(rollback, dict):
            rollback = HelmReleaseSpecRollback(**rollback)
        if isinstance(test, dict):
            test = HelmReleaseSpecTest(**test)
        if isinstance(uninstall, dict):
            uninstall = HelmReleaseSpecUninstall(**uninstall)
        if isinstance(upgrade, dict):
            upgrade = HelmReleaseSpecUpgrade(**upgrade)
        if isinstance(wait_strategy, dict):
            wait_strategy = HelmReleaseSpecWaitStrategy(**wait_strategy)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8b9bbf31f4f250d208b26b26d989752b228291ebb3f40e028e3d15b12a28b5a7)
            check_type(argname="argument interval", value=interval, expected_type=type_hints["interval"])
            check_type(argname="argument chart", value=chart, expected_type=type_hints["chart"])
            check_type(argname="argument chart_ref", value=chart_ref, expected_type=type_hints["chart_ref"])
            check_type(argname="argument common_metadata", value=common_metadata, expected_type=type_hints["common_metadata"])
            check_type(argname="argument depends_on", value=depends_on, expected_type=type_hints["depends_on"])
            check_type(argname="argument drift_detection", value=drift_detection, expected_type=type_hints["drift_detection"])
            check_type(argname="argument health_check_exprs", value=health_check_exprs, expected_type=type_hints["health_check_exprs"])
            check_type(argname="argument install", value=install, expected_type=type_hints["install"])
            check_type(argname="argument kube_config", value=kube_config, expected_type=type_hints["kube_config"])
            check_type(argname="argument max_history", value=max_history, expected_type=type_hints["max_history"])
            check_type(argname="argument persistent_client", value=persistent_client, expected_type=type_hints["persistent_client"])
            check_type(argname="argument post_renderers", value=post_renderers, expected_type=type_hints["post_renderers"])
            check_type(argname="argument post_render_strategy", value=post_render_strategy, expected_type=type_hints["post_render_strategy"])
            check_type(argname="argument release_name", value=release_name, expected_type=type_hints["release_name"])
            check_type(argname="argument rollback", value=rollback, expected_type=type_hints["rollback"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
            check_type(argname="argument storage_namespace", value=storage_namespace, expected_type=type_hints["storage_namespace"])
            check_type(argname="argument suspend", value=suspend, expected_type=type_hints["suspend"])
            check_type(argname="argument target_namespace", value=target_namespace, expected_type=type_hints["target_namespace"])
            check_type(argname="argument test", value=test, expected_type=type_hints["test"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
            check_type(argname="argument uninstall", value=uninstall, expected_type=type_hints["uninstall"])
            check_type(argname="argument upgrade", value=upgrade, expected_type=type_hints["upgrade"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
            check_type(argname="argument values_from", value=values_from, expected_type=type_hints["values_from"])
            check_type(argname="argument wait_strategy", value=wait_strategy, expected_type=type_hints["wait_strategy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "interval": interval,
        }
        if chart is not None:
            self._values["chart"] = chart
        if chart_ref is not None:
            self._values["chart_ref"] = chart_ref
        if common_metadata is not None:
            self._values["common_metadata"] = common_metadata
        if depends_on is not None:
            self._values["depends_on"] = depends_on
        if drift_detection is not None:
            self._values["drift_detection"] = drift_detection
        if health_check_exprs is not None:
            self._values["health_check_exprs"] = health_check_exprs
        if install is not None:
            self._values["install"] = install
        if kube_config is not None:
            self._values["kube_config"] = kube_config
        if max_history is not None:
            self._values["max_history"] = max_history
        if persistent_client is not None:
            self._values["persistent_client"] = persistent_client
        if post_renderers is not None:
            self._values["post_renderers"] = post_renderers
        if post_render_strategy is not None:
            self._values["post_render_strategy"] = post_render_strategy
        if release_name is not None:
            self._values["release_name"] = release_name
        if rollback is not None:
            self._values["rollback"] = rollback
        if service_account_name is not None:
            self._values["service_account_name"] = service_account_name
        if storage_namespace is not None:
            self._values["storage_namespace"] = storage_namespace
        if suspend is not None:
            self._values["suspend"] = suspend
        if target_namespace is not None:
            self._values["target_namespace"] = target_namespace
        if test is not None:
            self._values["test"] = test
        if timeout is not None:
            self._values["timeout"] = timeout
        if uninstall is not None:
            self._values["uninstall"] = uninstall
        if upgrade is not None:
            self._values["upgrade"] = upgrade
        if values is not None:
            self._values["values"] = values
        if values_from is not None:
            self._values["values_from"] = values_from
        if wait_strategy is not None:
            self._values["wait_strategy"] = wait_strategy

    @builtins.property
    def interval(self) -> builtins.str:
        '''Interval at which to reconcile the Helm release.

        :schema: HelmReleaseSpec#interval
        '''
        result = self._values.get("interval")
        assert result is not None, "Required property 'interval' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def chart(self) -> typing.Optional["HelmReleaseSpecChart"]:
        '''Chart defines the template of the v1.HelmChart that should be created for this HelmRelease.

        :schema: HelmReleaseSpec#chart
        '''
        result = self._values.get("chart")
        return typing.cast(typing.Optional["HelmReleaseSpecChart"], result)

    @builtins.property
    def chart_ref(self) -> typing.Optional["HelmReleaseSpecChartRef"]:
        '''ChartRef holds a reference to a source controller resource containing the Helm chart artifact.

        :schema: HelmReleaseSpec#chartRef
        '''
        result = self._values.get("chart_ref")
        return typing.cast(typing.Optional["HelmReleaseSpecChartRef"], result)

    @builtins.property
    def common_metadata(self) -> typing.Optional["HelmReleaseSpecCommonMetadata"]:
        '''CommonMetadata specifies the common labels and annotations that are applied to all resources.

        Any existing label or annotation will be
        overridden if its key matches a common one.

        :schema: HelmReleaseSpec#commonMetadata
        '''
        result = self._values.get("common_metadata")
        return typing.cast(typing.Optional["HelmReleaseSpecCommonMetadata"], result)

    @builtins.property
    def depends_on(self) -> typing.Optional[typing.List["HelmReleaseSpecDependsOn"]]:
        '''DependsOn may contain a DependencyReference slice with references to HelmRelease resources that must be ready before this HelmRelease can be reconciled.

        :schema: HelmReleaseSpec#dependsOn
        '''
        result = self._values.get("depends_on")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecDependsOn"]], result)

    @builtins.property
    def drift_detection(self) -> typing.Optional["HelmReleaseSpecDriftDetection"]:
        '''DriftDetection holds the configuration for detecting and handling differences between the manifest in the Helm storage and the resources currently existing in the cluster.

        :schema: HelmReleaseSpec#driftDetection
        '''
        result = self._values.get("drift_detection")
        return typing.cast(typing.Optional["HelmReleaseSpecDriftDetection"], result)

    @builtins.property
    def health_check_exprs(
        self,
    ) -> typing.Optional[typing.List["HelmReleaseSpecHealthCheckExprs"]]:
        '''HealthCheckExprs is a list of healthcheck expressions for evaluating the health of custom resources using Common Expression Language (CEL).

        The expressions are evaluated only when the specific Helm action
        taking place has wait enabled, i.e. DisableWait is false, and the
        'poller' WaitStrategy is used.

        :schema: HelmReleaseSpec#healthCheckExprs
        '''
        result = self._values.get("health_check_exprs")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecHealthCheckExprs"]], result)

    @builtins.property
    def install(self) -> typing.Optional["HelmReleaseSpecInstall"]:
        '''Install holds the configuration for Helm install actions for this HelmRelease.

        :schema: HelmReleaseSpec#install
        '''
        result = self._values.get("install")
        return typing.cast(typing.Optional["HelmReleaseSpecInstall"], result)

    @builtins.property
    def kube_config(self) -> typing.Optional["HelmReleaseSpecKubeConfig"]:
        '''KubeConfig for reconciling the HelmRelease on a remote cluster.

        When used in combination with HelmReleaseSpec.ServiceAccountName,
        forces the controller to act on behalf of that Service Account at the
        target cluster.
        If the --default-service-account flag is set, its value will be used as
        a controller level fallback for when HelmReleaseSpec.ServiceAccountName
        is empty.

        :schema: HelmReleaseSpec#kubeConfig
        '''
        result = self._values.get("kube_config")
        return typing.cast(typing.Optional["HelmReleaseSpecKubeConfig"], result)

    @builtins.property
    def max_history(self) -> typing.Optional[jsii.Number]:
        '''MaxHistory is the number of revisions saved by Helm for this HelmRelease.

        Use '0' for an unlimited number of revisions; defaults to '5'.

        :schema: HelmReleaseSpec#maxHistory
        '''
        result = self._values.get("max_history")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def persistent_client(self) -> typing.Optional[builtins.bool]:
        '''PersistentClient tells the controller to use a persistent Kubernetes client for this release.

        When enabled, the client will be reused for the
        duration of the reconciliation, instead of being created and destroyed
        for each (step of a) Helm action.

        This can improve performance, but may cause issues with some Helm charts
        that for example do create Custom Resource Definitions during installation
        outside Helm's CRD lifecycle hooks, which are then not observed to be
        available by e.g. post-install hooks.

        If not set, it defaults to true.

        :schema: HelmReleaseSpec#persistentClient
        '''
        result = self._values.get("persistent_client")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def post_renderers(
        self,
    ) -> typing.Optional[typing.List["HelmReleaseSpecPostRenderers"]]:
        '''PostRenderers holds an array of Helm PostRenderers, which will be applied in order of their definition.

        :schema: HelmReleaseSpec#postRenderers
        '''
        result = self._values.get("post_renderers")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecPostRenderers"]], result)

    @builtins.property
    def post_render_strategy(
        self,
    ) -> typing.Optional["HelmReleaseSpecPostRenderStrategy"]:
        '''PostRenderStrategy defines the strategy for sending hooks to post-renderers.

        Valid values are 'nohooks' (hooks not sent to post-renderers, Helm 3 behavior),
        'combined' (hooks and templates sent together, Helm 4 default), and 'separate'
        (hooks and templates sent in separate streams, Helm 4.2 opt-in).
        Defaults to 'combined', or 'nohooks' when the UseHelm3Defaults feature gate is enabled.

        :default: combined', or 'nohooks' when the UseHelm3Defaults feature gate is enabled.

        :schema: HelmReleaseSpec#postRenderStrategy
        '''
        result = self._values.get("post_render_strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecPostRenderStrategy"], result)

    @builtins.property
    def release_name(self) -> typing.Optional[builtins.str]:
        '''ReleaseName used for the Helm release.

        Defaults to a composition of
        '[TargetNamespace-]Name'.

        :default: a composition of

        :schema: HelmReleaseSpec#releaseName
        '''
        result = self._values.get("release_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def rollback(self) -> typing.Optional["HelmReleaseSpecRollback"]:
        '''Rollback holds the configuration for Helm rollback actions for this HelmRelease.

        :schema: HelmReleaseSpec#rollback
        '''
        result = self._values.get("rollback")
        return typing.cast(typing.Optional["HelmReleaseSpecRollback"], result)

    @builtins.property
    def service_account_name(self) -> typing.Optional[builtins.str]:
        '''The name of the Kubernetes service account to impersonate when reconciling this HelmRelease.

        :schema: HelmReleaseSpec#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def storage_namespace(self) -> typing.Optional[builtins.str]:
        '''StorageNamespace used for the Helm storage.

        Defaults to the namespace of the HelmRelease.

        :default: the namespace of the HelmRelease.

        :schema: HelmReleaseSpec#storageNamespace
        '''
        result = self._values.get("storage_namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def suspend(self) -> typing.Optional[builtins.bool]:
        '''Suspend tells the controller to suspend reconciliation for this HelmRelease, it does not apply to already started reconciliations.

        Defaults to false.

        :default: false.

        :schema: HelmReleaseSpec#suspend
        '''
        result = self._values.get("suspend")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def target_namespace(self) -> typing.Optional[builtins.str]:
        '''TargetNamespace to target when performing operations for the HelmRelease.

        Defaults to the namespace of the HelmRelease.

        :default: the namespace of the HelmRelease.

        :schema: HelmReleaseSpec#targetNamespace
        '''
        result = self._values.get("target_namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def test(self) -> typing.Optional["HelmReleaseSpecTest"]:
        '''Test holds the configuration for Helm test actions for this HelmRelease.

        :schema: HelmReleaseSpec#test
        '''
        result = self._values.get("test")
        return typing.cast(typing.Optional["HelmReleaseSpecTest"], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm action.

        Defaults to '5m0s'.

        :default: 5m0s'.

        :schema: HelmReleaseSpec#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def uninstall(self) -> typing.Optional["HelmReleaseSpecUninstall"]:
        '''Uninstall holds the configuration for Helm uninstall actions for this HelmRelease.

        :schema: HelmReleaseSpec#uninstall
        '''
        result = self._values.get("uninstall")
        return typing.cast(typing.Optional["HelmReleaseSpecUninstall"], result)

    @builtins.property
    def upgrade(self) -> typing.Optional["HelmReleaseSpecUpgrade"]:
        '''Upgrade holds the configuration for Helm upgrade actions for this HelmRelease.

        :schema: HelmReleaseSpec#upgrade
        '''
        result = self._values.get("upgrade")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgrade"], result)

    @builtins.property
    def values(self) -> typing.Any:
        '''Values holds the values for this Helm release.

        :schema: HelmReleaseSpec#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Any, result)

    @builtins.property
    def values_from(self) -> typing.Optional[typing.List["HelmReleaseSpecValuesFrom"]]:
        '''ValuesFrom holds references to resources containing Helm values for this HelmRelease, and information about how they should be merged.

        :schema: HelmReleaseSpec#valuesFrom
        '''
        result = self._values.get("values_from")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecValuesFrom"]], result)

    @builtins.property
    def wait_strategy(self) -> typing.Optional["HelmReleaseSpecWaitStrategy"]:
        '''WaitStrategy defines Helm's wait strategy for waiting for applied resources to become ready.

        :schema: HelmReleaseSpec#waitStrategy
        '''
        result = self._values.get("wait_strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecWaitStrategy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChart",
    jsii_struct_bases=[],
    name_mapping={"spec": "spec", "metadata": "metadata"},
)
class HelmReleaseSpecChart:
    def __init__(
        self,
        *,
        spec: typing.Union["HelmReleaseSpecChartSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["HelmReleaseSpecChartMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Chart defines the template of the v1.HelmChart that should be created for this HelmRelease.

        :param spec: Spec holds the template for the v1.HelmChartSpec for this HelmRelease.
        :param metadata: ObjectMeta holds the template for metadata like labels and annotations.

        :schema: HelmReleaseSpecChart
        '''
        if isinstance(spec, dict):
            spec = HelmReleaseSpecChartSpec(**spec)
        if isinstance(metadata, dict):
            metadata = HelmReleaseSpecChartMetadata(**metadata)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__81eadbdea11d73814cdc19044e62d84b49242a5e8b85e91260426ed9ab030d1c)
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "spec": spec,
        }
        if metadata is not None:
            self._values["metadata"] = metadata

    @builtins.property
    def spec(self) -> "HelmReleaseSpecChartSpec":
        '''Spec holds the template for the v1.HelmChartSpec for this HelmRelease.

        :schema: HelmReleaseSpecChart#spec
        '''
        result = self._values.get("spec")
        assert result is not None, "Required property 'spec' is missing"
        return typing.cast("HelmReleaseSpecChartSpec", result)

    @builtins.property
    def metadata(self) -> typing.Optional["HelmReleaseSpecChartMetadata"]:
        '''ObjectMeta holds the template for metadata like labels and annotations.

        :schema: HelmReleaseSpecChart#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["HelmReleaseSpecChartMetadata"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChart(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartMetadata",
    jsii_struct_bases=[],
    name_mapping={"annotations": "annotations", "labels": "labels"},
)
class HelmReleaseSpecChartMetadata:
    def __init__(
        self,
        *,
        annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''ObjectMeta holds the template for metadata like labels and annotations.

        :param annotations: Annotations is an unstructured key value map stored with a resource that may be set by external tools to store and retrieve arbitrary metadata. They are not queryable and should be preserved when modifying objects. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations/
        :param labels: Map of string keys and values that can be used to organize and categorize (scope and select) objects. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/

        :schema: HelmReleaseSpecChartMetadata
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8b079b9ce40a589deb763452a769e373fc736e31f9545e5f8e87f301cf8b2c37)
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
        '''Annotations is an unstructured key value map stored with a resource that may be set by external tools to store and retrieve arbitrary metadata.

        They are not
        queryable and should be preserved when modifying objects.
        More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations/

        :schema: HelmReleaseSpecChartMetadata#annotations
        '''
        result = self._values.get("annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def labels(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Map of string keys and values that can be used to organize and categorize (scope and select) objects.

        More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/

        :schema: HelmReleaseSpecChartMetadata#labels
        '''
        result = self._values.get("labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChartMetadata(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartRef",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "name": "name",
        "api_version": "apiVersion",
        "namespace": "namespace",
    },
)
class HelmReleaseSpecChartRef:
    def __init__(
        self,
        *,
        kind: "HelmReleaseSpecChartRefKind",
        name: builtins.str,
        api_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
    ) -> None:
        '''ChartRef holds a reference to a source controller resource containing the Helm chart artifact.

        :param kind: Kind of the referent.
        :param name: Name of the referent.
        :param api_version: APIVersion of the referent.
        :param namespace: Namespace of the referent, defaults to the namespace of the Kubernetes resource object that contains the reference.

        :schema: HelmReleaseSpecChartRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__31457e97834efc461fcd5a35781222696a4e26b0956fc94976c706704fe4ec46)
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
    def kind(self) -> "HelmReleaseSpecChartRefKind":
        '''Kind of the referent.

        :schema: HelmReleaseSpecChartRef#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast("HelmReleaseSpecChartRefKind", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: HelmReleaseSpecChartRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def api_version(self) -> typing.Optional[builtins.str]:
        '''APIVersion of the referent.

        :schema: HelmReleaseSpecChartRef#apiVersion
        '''
        result = self._values.get("api_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace of the referent, defaults to the namespace of the Kubernetes resource object that contains the reference.

        :schema: HelmReleaseSpecChartRef#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChartRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartRefKind")
class HelmReleaseSpecChartRefKind(enum.Enum):
    '''Kind of the referent.

    :schema: HelmReleaseSpecChartRefKind
    '''

    OCI_REPOSITORY = "OCI_REPOSITORY"
    '''OCIRepository.'''
    HELM_CHART = "HELM_CHART"
    '''HelmChart.'''
    EXTERNAL_ARTIFACT = "EXTERNAL_ARTIFACT"
    '''ExternalArtifact.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpec",
    jsii_struct_bases=[],
    name_mapping={
        "chart": "chart",
        "source_ref": "sourceRef",
        "ignore_missing_values_files": "ignoreMissingValuesFiles",
        "interval": "interval",
        "reconcile_strategy": "reconcileStrategy",
        "values_files": "valuesFiles",
        "verify": "verify",
        "version": "version",
    },
)
class HelmReleaseSpecChartSpec:
    def __init__(
        self,
        *,
        chart: builtins.str,
        source_ref: typing.Union["HelmReleaseSpecChartSpecSourceRef", typing.Dict[builtins.str, typing.Any]],
        ignore_missing_values_files: typing.Optional[builtins.bool] = None,
        interval: typing.Optional[builtins.str] = None,
        reconcile_strategy: typing.Optional["HelmReleaseSpecChartSpecReconcileStrategy"] = None,
        values_files: typing.Optional[typing.Sequence[builtins.str]] = None,
        verify: typing.Optional[typing.Union["HelmReleaseSpecChartSpecVerify", typing.Dict[builtins.str, typing.Any]]] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Spec holds the template for the v1.HelmChartSpec for this HelmRelease.

        :param chart: The name or path the Helm chart is available at in the SourceRef.
        :param source_ref: The name and namespace of the v1.Source the chart is available at.
        :param ignore_missing_values_files: IgnoreMissingValuesFiles controls whether to silently ignore missing values files rather than failing.
        :param interval: Interval at which to check the v1.Source for updates. Defaults to 'HelmReleaseSpec.Interval'. Default: HelmReleaseSpec.Interval'.
        :param reconcile_strategy: Determines what enables the creation of a new artifact. Valid values are ('ChartVersion', 'Revision'). See the documentation of the values for an explanation on their behavior. Defaults to ChartVersion when omitted. Default: ChartVersion when omitted.
        :param values_files: Alternative list of values files to use as the chart values (values.yaml is not included by default), expected to be a relative path in the SourceRef. Values files are merged in the order of this list with the last file overriding the first. Ignored when omitted.
        :param verify: Verify contains the secret name containing the trusted public keys used to verify the signature and specifies which provider to use to check whether OCI image is authentic. This field is only supported for OCI sources. Chart dependencies, which are not bundled in the umbrella chart artifact, are not verified.
        :param version: Version semver expression, ignored for charts from v1.GitRepository and v1beta2.Bucket sources. Defaults to latest when omitted. Default: latest when omitted.

        :schema: HelmReleaseSpecChartSpec
        '''
        if isinstance(source_ref, dict):
            source_ref = HelmReleaseSpecChartSpecSourceRef(**source_ref)
        if isinstance(verify, dict):
            verify = HelmReleaseSpecChartSpecVerify(**verify)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__decc639b43e534b29604802184200f4959b3e1965fd150d2dfae69cafe723674)
            check_type(argname="argument chart", value=chart, expected_type=type_hints["chart"])
            check_type(argname="argument source_ref", value=source_ref, expected_type=type_hints["source_ref"])
            check_type(argname="argument ignore_missing_values_files", value=ignore_missing_values_files, expected_type=type_hints["ignore_missing_values_files"])
            check_type(argname="argument interval", value=interval, expected_type=type_hints["interval"])
            check_type(argname="argument reconcile_strategy", value=reconcile_strategy, expected_type=type_hints["reconcile_strategy"])
            check_type(argname="argument values_files", value=values_files, expected_type=type_hints["values_files"])
            check_type(argname="argument verify", value=verify, expected_type=type_hints["verify"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "chart": chart,
            "source_ref": source_ref,
        }
        if ignore_missing_values_files is not None:
            self._values["ignore_missing_values_files"] = ignore_missing_values_files
        if interval is not None:
            self._values["interval"] = interval
        if reconcile_strategy is not None:
            self._values["reconcile_strategy"] = reconcile_strategy
        if values_files is not None:
            self._values["values_files"] = values_files
        if verify is not None:
            self._values["verify"] = verify
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def chart(self) -> builtins.str:
        '''The name or path the Helm chart is available at in the SourceRef.

        :schema: HelmReleaseSpecChartSpec#chart
        '''
        result = self._values.get("chart")
        assert result is not None, "Required property 'chart' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def source_ref(self) -> "HelmReleaseSpecChartSpecSourceRef":
        '''The name and namespace of the v1.Source the chart is available at.

        :schema: HelmReleaseSpecChartSpec#sourceRef
        '''
        result = self._values.get("source_ref")
        assert result is not None, "Required property 'source_ref' is missing"
        return typing.cast("HelmReleaseSpecChartSpecSourceRef", result)

    @builtins.property
    def ignore_missing_values_files(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingValuesFiles controls whether to silently ignore missing values files rather than failing.

        :schema: HelmReleaseSpecChartSpec#ignoreMissingValuesFiles
        '''
        result = self._values.get("ignore_missing_values_files")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def interval(self) -> typing.Optional[builtins.str]:
        '''Interval at which to check the v1.Source for updates. Defaults to 'HelmReleaseSpec.Interval'.

        :default: HelmReleaseSpec.Interval'.

        :schema: HelmReleaseSpecChartSpec#interval
        '''
        result = self._values.get("interval")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def reconcile_strategy(
        self,
    ) -> typing.Optional["HelmReleaseSpecChartSpecReconcileStrategy"]:
        '''Determines what enables the creation of a new artifact.

        Valid values are
        ('ChartVersion', 'Revision').
        See the documentation of the values for an explanation on their behavior.
        Defaults to ChartVersion when omitted.

        :default: ChartVersion when omitted.

        :schema: HelmReleaseSpecChartSpec#reconcileStrategy
        '''
        result = self._values.get("reconcile_strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecChartSpecReconcileStrategy"], result)

    @builtins.property
    def values_files(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Alternative list of values files to use as the chart values (values.yaml is not included by default), expected to be a relative path in the SourceRef. Values files are merged in the order of this list with the last file overriding the first. Ignored when omitted.

        :schema: HelmReleaseSpecChartSpec#valuesFiles
        '''
        result = self._values.get("values_files")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def verify(self) -> typing.Optional["HelmReleaseSpecChartSpecVerify"]:
        '''Verify contains the secret name containing the trusted public keys used to verify the signature and specifies which provider to use to check whether OCI image is authentic.

        This field is only supported for OCI sources.
        Chart dependencies, which are not bundled in the umbrella chart artifact,
        are not verified.

        :schema: HelmReleaseSpecChartSpec#verify
        '''
        result = self._values.get("verify")
        return typing.cast(typing.Optional["HelmReleaseSpecChartSpecVerify"], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version semver expression, ignored for charts from v1.GitRepository and v1beta2.Bucket sources. Defaults to latest when omitted.

        :default: latest when omitted.

        :schema: HelmReleaseSpecChartSpec#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChartSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpecReconcileStrategy"
)
class HelmReleaseSpecChartSpecReconcileStrategy(enum.Enum):
    '''Determines what enables the creation of a new artifact.

    Valid values are
    ('ChartVersion', 'Revision').
    See the documentation of the values for an explanation on their behavior.
    Defaults to ChartVersion when omitted.

    :default: ChartVersion when omitted.

    :schema: HelmReleaseSpecChartSpecReconcileStrategy
    '''

    CHART_VERSION = "CHART_VERSION"
    '''ChartVersion.'''
    REVISION = "REVISION"
    '''Revision.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpecSourceRef",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "name": "name",
        "api_version": "apiVersion",
        "namespace": "namespace",
    },
)
class HelmReleaseSpecChartSpecSourceRef:
    def __init__(
        self,
        *,
        kind: "HelmReleaseSpecChartSpecSourceRefKind",
        name: builtins.str,
        api_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
    ) -> None:
        '''The name and namespace of the v1.Source the chart is available at.

        :param kind: Kind of the referent.
        :param name: Name of the referent.
        :param api_version: APIVersion of the referent.
        :param namespace: Namespace of the referent.

        :schema: HelmReleaseSpecChartSpecSourceRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9ca762e09d2ccdc967cc96a4d3af0b32d1d4d7287a2c0167257146e19d82adee)
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
    def kind(self) -> "HelmReleaseSpecChartSpecSourceRefKind":
        '''Kind of the referent.

        :schema: HelmReleaseSpecChartSpecSourceRef#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast("HelmReleaseSpecChartSpecSourceRefKind", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: HelmReleaseSpecChartSpecSourceRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def api_version(self) -> typing.Optional[builtins.str]:
        '''APIVersion of the referent.

        :schema: HelmReleaseSpecChartSpecSourceRef#apiVersion
        '''
        result = self._values.get("api_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace of the referent.

        :schema: HelmReleaseSpecChartSpecSourceRef#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChartSpecSourceRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpecSourceRefKind"
)
class HelmReleaseSpecChartSpecSourceRefKind(enum.Enum):
    '''Kind of the referent.

    :schema: HelmReleaseSpecChartSpecSourceRefKind
    '''

    HELM_REPOSITORY = "HELM_REPOSITORY"
    '''HelmRepository.'''
    GIT_REPOSITORY = "GIT_REPOSITORY"
    '''GitRepository.'''
    BUCKET = "BUCKET"
    '''Bucket.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpecVerify",
    jsii_struct_bases=[],
    name_mapping={"provider": "provider", "secret_ref": "secretRef"},
)
class HelmReleaseSpecChartSpecVerify:
    def __init__(
        self,
        *,
        provider: "HelmReleaseSpecChartSpecVerifyProvider",
        secret_ref: typing.Optional[typing.Union["HelmReleaseSpecChartSpecVerifySecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Verify contains the secret name containing the trusted public keys used to verify the signature and specifies which provider to use to check whether OCI image is authentic.

        This field is only supported for OCI sources.
        Chart dependencies, which are not bundled in the umbrella chart artifact,
        are not verified.

        :param provider: Provider specifies the technology used to sign the OCI Helm chart.
        :param secret_ref: SecretRef specifies the Kubernetes Secret containing the trusted public keys.

        :schema: HelmReleaseSpecChartSpecVerify
        '''
        if isinstance(secret_ref, dict):
            secret_ref = HelmReleaseSpecChartSpecVerifySecretRef(**secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__aa768aaa595fe593efb9bddf3a86ded45adb14e0de2a58da98ab8e158224a084)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if secret_ref is not None:
            self._values["secret_ref"] = secret_ref

    @builtins.property
    def provider(self) -> "HelmReleaseSpecChartSpecVerifyProvider":
        '''Provider specifies the technology used to sign the OCI Helm chart.

        :schema: HelmReleaseSpecChartSpecVerify#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("HelmReleaseSpecChartSpecVerifyProvider", result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["HelmReleaseSpecChartSpecVerifySecretRef"]:
        '''SecretRef specifies the Kubernetes Secret containing the trusted public keys.

        :schema: HelmReleaseSpecChartSpecVerify#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["HelmReleaseSpecChartSpecVerifySecretRef"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChartSpecVerify(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpecVerifyProvider"
)
class HelmReleaseSpecChartSpecVerifyProvider(enum.Enum):
    '''Provider specifies the technology used to sign the OCI Helm chart.

    :schema: HelmReleaseSpecChartSpecVerifyProvider
    '''

    COSIGN = "COSIGN"
    '''cosign.'''
    NOTATION = "NOTATION"
    '''notation.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecChartSpecVerifySecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class HelmReleaseSpecChartSpecVerifySecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''SecretRef specifies the Kubernetes Secret containing the trusted public keys.

        :param name: Name of the referent.

        :schema: HelmReleaseSpecChartSpecVerifySecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f1ee0ef671a71f4ee76a773853ea6a93e7980ce00451e54981cec77f13ef256e)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: HelmReleaseSpecChartSpecVerifySecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecChartSpecVerifySecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecCommonMetadata",
    jsii_struct_bases=[],
    name_mapping={"annotations": "annotations", "labels": "labels"},
)
class HelmReleaseSpecCommonMetadata:
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

        :schema: HelmReleaseSpecCommonMetadata
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__537ccd3b7e9b3b99c8e811305d61ef6a6e089b3eef4ca785028994556db6553b)
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

        :schema: HelmReleaseSpecCommonMetadata#annotations
        '''
        result = self._values.get("annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def labels(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Labels to be added to the object's metadata.

        :schema: HelmReleaseSpecCommonMetadata#labels
        '''
        result = self._values.get("labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecCommonMetadata(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecDependsOn",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "namespace": "namespace", "ready_expr": "readyExpr"},
)
class HelmReleaseSpecDependsOn:
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

        :schema: HelmReleaseSpecDependsOn
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5cff875665c2673071a23c6cde8879f8adbcc6c8b8b87d48b1d57153c342fde4)
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

        :schema: HelmReleaseSpecDependsOn#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace of the referent, defaults to the namespace of the resource object that contains the reference.

        :schema: HelmReleaseSpecDependsOn#namespace
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

        :schema: HelmReleaseSpecDependsOn#readyExpr
        '''
        result = self._values.get("ready_expr")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecDependsOn(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecDriftDetection",
    jsii_struct_bases=[],
    name_mapping={"ignore": "ignore", "mode": "mode"},
)
class HelmReleaseSpecDriftDetection:
    def __init__(
        self,
        *,
        ignore: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecDriftDetectionIgnore", typing.Dict[builtins.str, typing.Any]]]] = None,
        mode: typing.Optional["HelmReleaseSpecDriftDetectionMode"] = None,
    ) -> None:
        '''DriftDetection holds the configuration for detecting and handling differences between the manifest in the Helm storage and the resources currently existing in the cluster.

        :param ignore: Ignore contains a list of rules for specifying which changes to ignore during diffing.
        :param mode: Mode defines how differences should be handled between the Helm manifest and the manifest currently applied to the cluster. If not explicitly set, it defaults to DiffModeDisabled.

        :schema: HelmReleaseSpecDriftDetection
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e4dbf231bbfa23f1b9956acf606848cc9805453de182528607aaa0373e4047ce)
            check_type(argname="argument ignore", value=ignore, expected_type=type_hints["ignore"])
            check_type(argname="argument mode", value=mode, expected_type=type_hints["mode"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ignore is not None:
            self._values["ignore"] = ignore
        if mode is not None:
            self._values["mode"] = mode

    @builtins.property
    def ignore(
        self,
    ) -> typing.Optional[typing.List["HelmReleaseSpecDriftDetectionIgnore"]]:
        '''Ignore contains a list of rules for specifying which changes to ignore during diffing.

        :schema: HelmReleaseSpecDriftDetection#ignore
        '''
        result = self._values.get("ignore")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecDriftDetectionIgnore"]], result)

    @builtins.property
    def mode(self) -> typing.Optional["HelmReleaseSpecDriftDetectionMode"]:
        '''Mode defines how differences should be handled between the Helm manifest and the manifest currently applied to the cluster.

        If not explicitly set, it defaults to DiffModeDisabled.

        :schema: HelmReleaseSpecDriftDetection#mode
        '''
        result = self._values.get("mode")
        return typing.cast(typing.Optional["HelmReleaseSpecDriftDetectionMode"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecDriftDetection(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecDriftDetectionIgnore",
    jsii_struct_bases=[],
    name_mapping={"paths": "paths", "target": "target"},
)
class HelmReleaseSpecDriftDetectionIgnore:
    def __init__(
        self,
        *,
        paths: typing.Sequence[builtins.str],
        target: typing.Optional[typing.Union["HelmReleaseSpecDriftDetectionIgnoreTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''IgnoreRule defines a rule to selectively disregard specific changes during the drift detection process.

        :param paths: Paths is a list of JSON Pointer (RFC 6901) paths to be excluded from consideration in a Kubernetes object.
        :param target: Target is a selector for specifying Kubernetes objects to which this rule applies. If Target is not set, the Paths will be ignored for all Kubernetes objects within the manifest of the Helm release.

        :schema: HelmReleaseSpecDriftDetectionIgnore
        '''
        if isinstance(target, dict):
            target = HelmReleaseSpecDriftDetectionIgnoreTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f6ada3dbc1cd573143ece139404fed801f81bfe7a73fc1dddd64a6d92b92ab82)
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

        :schema: HelmReleaseSpecDriftDetectionIgnore#paths
        '''
        result = self._values.get("paths")
        assert result is not None, "Required property 'paths' is missing"
        return typing.cast(typing.List[builtins.str], result)

    @builtins.property
    def target(self) -> typing.Optional["HelmReleaseSpecDriftDetectionIgnoreTarget"]:
        '''Target is a selector for specifying Kubernetes objects to which this rule applies.

        If Target is not set, the Paths will be ignored for all Kubernetes
        objects within the manifest of the Helm release.

        :schema: HelmReleaseSpecDriftDetectionIgnore#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["HelmReleaseSpecDriftDetectionIgnoreTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecDriftDetectionIgnore(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecDriftDetectionIgnoreTarget",
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
class HelmReleaseSpecDriftDetectionIgnoreTarget:
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
        objects within the manifest of the Helm release.

        :param annotation_selector: AnnotationSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource annotations.
        :param group: Group is the API group to select resources from. Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md
        :param kind: Kind of the API Group to select resources from. Together with Group and Version it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md
        :param label_selector: LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.
        :param name: Name to match resources with.
        :param namespace: Namespace to select resources from.
        :param version: Version of the API Group to select resources from. Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources. https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b489c0813fce47b7ed591241b594f24eafc5ead180332e474b01f104431bdcd5)
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

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''Group is the API group to select resources from.

        Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the API Group to select resources from.

        Together with Group and Version it is capable of unambiguously
        identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name to match resources with.

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace to select resources from.

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version of the API Group to select resources from.

        Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecDriftDetectionIgnoreTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecDriftDetectionIgnoreTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecDriftDetectionMode")
class HelmReleaseSpecDriftDetectionMode(enum.Enum):
    '''Mode defines how differences should be handled between the Helm manifest and the manifest currently applied to the cluster.

    If not explicitly set, it defaults to DiffModeDisabled.

    :schema: HelmReleaseSpecDriftDetectionMode
    '''

    ENABLED = "ENABLED"
    '''enabled.'''
    WARN = "WARN"
    '''warn.'''
    DISABLED = "DISABLED"
    '''disabled.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecHealthCheckExprs",
    jsii_struct_bases=[],
    name_mapping={
        "api_version": "apiVersion",
        "current": "current",
        "failed": "failed",
        "in_progress": "inProgress",
        "kind": "kind",
    },
)
class HelmReleaseSpecHealthCheckExprs:
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

        :schema: HelmReleaseSpecHealthCheckExprs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f66572dee84704c22ba809e69786873ab38c08358ee206df5ba5f1477e3d872c)
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

        :schema: HelmReleaseSpecHealthCheckExprs#apiVersion
        '''
        result = self._values.get("api_version")
        assert result is not None, "Required property 'api_version' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def current(self) -> builtins.str:
        '''Current is the CEL expression that determines if the status of the custom resource has reached the desired state.

        :schema: HelmReleaseSpecHealthCheckExprs#current
        '''
        result = self._values.get("current")
        assert result is not None, "Required property 'current' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def failed(self) -> typing.Optional[builtins.str]:
        '''Failed is the CEL expression that determines if the status of the custom resource has failed to reach the desired state.

        :schema: HelmReleaseSpecHealthCheckExprs#failed
        '''
        result = self._values.get("failed")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def in_progress(self) -> typing.Optional[builtins.str]:
        '''InProgress is the CEL expression that determines if the status of the custom resource has not yet reached the desired state.

        :schema: HelmReleaseSpecHealthCheckExprs#inProgress
        '''
        result = self._values.get("in_progress")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the custom resource under evaluation.

        :schema: HelmReleaseSpecHealthCheckExprs#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecHealthCheckExprs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecInstall",
    jsii_struct_bases=[],
    name_mapping={
        "crds": "crds",
        "create_namespace": "createNamespace",
        "disable_hooks": "disableHooks",
        "disable_open_api_validation": "disableOpenApiValidation",
        "disable_schema_validation": "disableSchemaValidation",
        "disable_take_ownership": "disableTakeOwnership",
        "disable_wait": "disableWait",
        "disable_wait_for_jobs": "disableWaitForJobs",
        "remediation": "remediation",
        "replace": "replace",
        "server_side_apply": "serverSideApply",
        "skip_cr_ds": "skipCrDs",
        "strategy": "strategy",
        "timeout": "timeout",
    },
)
class HelmReleaseSpecInstall:
    def __init__(
        self,
        *,
        crds: typing.Optional["HelmReleaseSpecInstallCrds"] = None,
        create_namespace: typing.Optional[builtins.bool] = None,
        disable_hooks: typing.Optional[builtins.bool] = None,
        disable_open_api_validation: typing.Optional[builtins.bool] = None,
        disable_schema_validation: typing.Optional[builtins.bool] = None,
        disable_take_ownership: typing.Optional[builtins.bool] = None,
        disable_wait: typing.Optional[builtins.bool] = None,
        disable_wait_for_jobs: typing.Optional[builtins.bool] = None,
        remediation: typing.Optional[typing.Union["HelmReleaseSpecInstallRemediation", typing.Dict[builtins.str, typing.Any]]] = None,
        replace: typing.Optional[builtins.bool] = None,
        server_side_apply: typing.Optional[builtins.bool] = None,
        skip_cr_ds: typing.Optional[builtins.bool] = None,
        strategy: typing.Optional[typing.Union["HelmReleaseSpecInstallStrategy", typing.Dict[builtins.str, typing.Any]]] = None,
        timeout: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Install holds the configuration for Helm install actions for this HelmRelease.

        :param crds: CRDs upgrade CRDs from the Helm Chart's crds directory according to the CRD upgrade policy provided here. Valid values are ``Skip``, ``Create`` or ``CreateReplace``. Default is ``Create`` and if omitted CRDs are installed but not updated. Skip: do neither install nor replace (update) any CRDs. Create: new CRDs are created, existing CRDs are neither updated nor deleted. CreateReplace: new CRDs are created, existing CRDs are updated (replaced) but not deleted. By default, CRDs are applied (installed) during Helm install action. With this option users can opt in to CRD replace existing CRDs on Helm install actions, which is not (yet) natively supported by Helm. https://helm.sh/docs/chart_best_practices/custom_resource_definitions. Default: Create` and if omitted
        :param create_namespace: CreateNamespace tells the Helm install action to create the HelmReleaseSpec.TargetNamespace if it does not exist yet. On uninstall, the namespace will not be garbage collected.
        :param disable_hooks: DisableHooks prevents hooks from running during the Helm install action.
        :param disable_open_api_validation: DisableOpenAPIValidation prevents the Helm install action from validating rendered templates against the Kubernetes OpenAPI Schema.
        :param disable_schema_validation: DisableSchemaValidation prevents the Helm install action from validating the values against the JSON Schema.
        :param disable_take_ownership: DisableTakeOwnership disables taking ownership of existing resources during the Helm install action. Defaults to false. Default: false.
        :param disable_wait: DisableWait disables the waiting for resources to be ready after a Helm install has been performed.
        :param disable_wait_for_jobs: DisableWaitForJobs disables waiting for jobs to complete after a Helm install has been performed.
        :param remediation: Remediation holds the remediation configuration for when the Helm install action for the HelmRelease fails. The default is to not perform any action.
        :param replace: Replace tells the Helm install action to re-use the 'ReleaseName', but only if that name is a deleted release which remains in the history.
        :param server_side_apply: ServerSideApply enables server-side apply for resources during install. Defaults to true (or false when UseHelm3Defaults feature gate is enabled). Default: true (or false when UseHelm3Defaults feature gate is enabled).
        :param skip_cr_ds: SkipCRDs tells the Helm install action to not install any CRDs. By default, CRDs are installed if not already present. Deprecated use CRD policy (``crds``) attribute with value ``Skip`` instead.
        :param strategy: Strategy defines the install strategy to use for this HelmRelease. Defaults to 'RemediateOnFailure', or 'RetryOnFailure' when the DefaultToRetryOnFailure feature gate is enabled. Default: RemediateOnFailure', or 'RetryOnFailure' when the
        :param timeout: Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm install action. Defaults to 'HelmReleaseSpec.Timeout'. Default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecInstall
        '''
        if isinstance(remediation, dict):
            remediation = HelmReleaseSpecInstallRemediation(**remediation)
        if isinstance(strategy, dict):
            strategy = HelmReleaseSpecInstallStrategy(**strategy)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a23f30da9d5a77784bccccc754184aa30d3bb29f76d25aa44b7cf3cc5f513dd2)
            check_type(argname="argument crds", value=crds, expected_type=type_hints["crds"])
            check_type(argname="argument create_namespace", value=create_namespace, expected_type=type_hints["create_namespace"])
            check_type(argname="argument disable_hooks", value=disable_hooks, expected_type=type_hints["disable_hooks"])
            check_type(argname="argument disable_open_api_validation", value=disable_open_api_validation, expected_type=type_hints["disable_open_api_validation"])
            check_type(argname="argument disable_schema_validation", value=disable_schema_validation, expected_type=type_hints["disable_schema_validation"])
            check_type(argname="argument disable_take_ownership", value=disable_take_ownership, expected_type=type_hints["disable_take_ownership"])
            check_type(argname="argument disable_wait", value=disable_wait, expected_type=type_hints["disable_wait"])
            check_type(argname="argument disable_wait_for_jobs", value=disable_wait_for_jobs, expected_type=type_hints["disable_wait_for_jobs"])
            check_type(argname="argument remediation", value=remediation, expected_type=type_hints["remediation"])
            check_type(argname="argument replace", value=replace, expected_type=type_hints["replace"])
            check_type(argname="argument server_side_apply", value=server_side_apply, expected_type=type_hints["server_side_apply"])
            check_type(argname="argument skip_cr_ds", value=skip_cr_ds, expected_type=type_hints["skip_cr_ds"])
            check_type(argname="argument strategy", value=strategy, expected_type=type_hints["strategy"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if crds is not None:
            self._values["crds"] = crds
        if create_namespace is not None:
            self._values["create_namespace"] = create_namespace
        if disable_hooks is not None:
            self._values["disable_hooks"] = disable_hooks
        if disable_open_api_validation is not None:
            self._values["disable_open_api_validation"] = disable_open_api_validation
        if disable_schema_validation is not None:
            self._values["disable_schema_validation"] = disable_schema_validation
        if disable_take_ownership is not None:
            self._values["disable_take_ownership"] = disable_take_ownership
        if disable_wait is not None:
            self._values["disable_wait"] = disable_wait
        if disable_wait_for_jobs is not None:
            self._values["disable_wait_for_jobs"] = disable_wait_for_jobs
        if remediation is not None:
            self._values["remediation"] = remediation
        if replace is not None:
            self._values["replace"] = replace
        if server_side_apply is not None:
            self._values["server_side_apply"] = server_side_apply
        if skip_cr_ds is not None:
            self._values["skip_cr_ds"] = skip_cr_ds
        if strategy is not None:
            self._values["strategy"] = strategy
        if timeout is not None:
            self._values["timeout"] = timeout

    @builtins.property
    def crds(self) -> typing.Optional["HelmReleaseSpecInstallCrds"]:
        '''CRDs upgrade CRDs from the Helm Chart's crds directory according to the CRD upgrade policy provided here.

        Valid values are ``Skip``,
        ``Create`` or ``CreateReplace``. Default is ``Create`` and if omitted
        CRDs are installed but not updated.

        Skip: do neither install nor replace (update) any CRDs.

        Create: new CRDs are created, existing CRDs are neither updated nor deleted.

        CreateReplace: new CRDs are created, existing CRDs are updated (replaced)
        but not deleted.

        By default, CRDs are applied (installed) during Helm install action.
        With this option users can opt in to CRD replace existing CRDs on Helm
        install actions, which is not (yet) natively supported by Helm.
        https://helm.sh/docs/chart_best_practices/custom_resource_definitions.

        :default: Create` and if omitted

        :schema: HelmReleaseSpecInstall#crds
        '''
        result = self._values.get("crds")
        return typing.cast(typing.Optional["HelmReleaseSpecInstallCrds"], result)

    @builtins.property
    def create_namespace(self) -> typing.Optional[builtins.bool]:
        '''CreateNamespace tells the Helm install action to create the HelmReleaseSpec.TargetNamespace if it does not exist yet. On uninstall, the namespace will not be garbage collected.

        :schema: HelmReleaseSpecInstall#createNamespace
        '''
        result = self._values.get("create_namespace")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_hooks(self) -> typing.Optional[builtins.bool]:
        '''DisableHooks prevents hooks from running during the Helm install action.

        :schema: HelmReleaseSpecInstall#disableHooks
        '''
        result = self._values.get("disable_hooks")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_open_api_validation(self) -> typing.Optional[builtins.bool]:
        '''DisableOpenAPIValidation prevents the Helm install action from validating rendered templates against the Kubernetes OpenAPI Schema.

        :schema: HelmReleaseSpecInstall#disableOpenAPIValidation
        '''
        result = self._values.get("disable_open_api_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''DisableSchemaValidation prevents the Helm install action from validating the values against the JSON Schema.

        :schema: HelmReleaseSpecInstall#disableSchemaValidation
        '''
        result = self._values.get("disable_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_take_ownership(self) -> typing.Optional[builtins.bool]:
        '''DisableTakeOwnership disables taking ownership of existing resources during the Helm install action.

        Defaults to false.

        :default: false.

        :schema: HelmReleaseSpecInstall#disableTakeOwnership
        '''
        result = self._values.get("disable_take_ownership")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait(self) -> typing.Optional[builtins.bool]:
        '''DisableWait disables the waiting for resources to be ready after a Helm install has been performed.

        :schema: HelmReleaseSpecInstall#disableWait
        '''
        result = self._values.get("disable_wait")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait_for_jobs(self) -> typing.Optional[builtins.bool]:
        '''DisableWaitForJobs disables waiting for jobs to complete after a Helm install has been performed.

        :schema: HelmReleaseSpecInstall#disableWaitForJobs
        '''
        result = self._values.get("disable_wait_for_jobs")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def remediation(self) -> typing.Optional["HelmReleaseSpecInstallRemediation"]:
        '''Remediation holds the remediation configuration for when the Helm install action for the HelmRelease fails.

        The default is to not perform any action.

        :schema: HelmReleaseSpecInstall#remediation
        '''
        result = self._values.get("remediation")
        return typing.cast(typing.Optional["HelmReleaseSpecInstallRemediation"], result)

    @builtins.property
    def replace(self) -> typing.Optional[builtins.bool]:
        '''Replace tells the Helm install action to re-use the 'ReleaseName', but only if that name is a deleted release which remains in the history.

        :schema: HelmReleaseSpecInstall#replace
        '''
        result = self._values.get("replace")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def server_side_apply(self) -> typing.Optional[builtins.bool]:
        '''ServerSideApply enables server-side apply for resources during install.

        Defaults to true (or false when UseHelm3Defaults feature gate is enabled).

        :default: true (or false when UseHelm3Defaults feature gate is enabled).

        :schema: HelmReleaseSpecInstall#serverSideApply
        '''
        result = self._values.get("server_side_apply")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_cr_ds(self) -> typing.Optional[builtins.bool]:
        '''SkipCRDs tells the Helm install action to not install any CRDs. By default, CRDs are installed if not already present.

        Deprecated use CRD policy (``crds``) attribute with value ``Skip`` instead.

        :schema: HelmReleaseSpecInstall#skipCRDs
        '''
        result = self._values.get("skip_cr_ds")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def strategy(self) -> typing.Optional["HelmReleaseSpecInstallStrategy"]:
        '''Strategy defines the install strategy to use for this HelmRelease.

        Defaults to 'RemediateOnFailure', or 'RetryOnFailure' when the
        DefaultToRetryOnFailure feature gate is enabled.

        :default: RemediateOnFailure', or 'RetryOnFailure' when the

        :schema: HelmReleaseSpecInstall#strategy
        '''
        result = self._values.get("strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecInstallStrategy"], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm install action.

        Defaults to
        'HelmReleaseSpec.Timeout'.

        :default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecInstall#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecInstall(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecInstallCrds")
class HelmReleaseSpecInstallCrds(enum.Enum):
    '''CRDs upgrade CRDs from the Helm Chart's crds directory according to the CRD upgrade policy provided here.

    Valid values are ``Skip``,
    ``Create`` or ``CreateReplace``. Default is ``Create`` and if omitted
    CRDs are installed but not updated.

    Skip: do neither install nor replace (update) any CRDs.

    Create: new CRDs are created, existing CRDs are neither updated nor deleted.

    CreateReplace: new CRDs are created, existing CRDs are updated (replaced)
    but not deleted.

    By default, CRDs are applied (installed) during Helm install action.
    With this option users can opt in to CRD replace existing CRDs on Helm
    install actions, which is not (yet) natively supported by Helm.
    https://helm.sh/docs/chart_best_practices/custom_resource_definitions.

    :default: Create` and if omitted

    :schema: HelmReleaseSpecInstallCrds
    '''

    SKIP = "SKIP"
    '''Skip.'''
    CREATE = "CREATE"
    '''Create.'''
    CREATE_REPLACE = "CREATE_REPLACE"
    '''CreateReplace.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecInstallRemediation",
    jsii_struct_bases=[],
    name_mapping={
        "ignore_test_failures": "ignoreTestFailures",
        "remediate_last_failure": "remediateLastFailure",
        "retries": "retries",
    },
)
class HelmReleaseSpecInstallRemediation:
    def __init__(
        self,
        *,
        ignore_test_failures: typing.Optional[builtins.bool] = None,
        remediate_last_failure: typing.Optional[builtins.bool] = None,
        retries: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''Remediation holds the remediation configuration for when the Helm install action for the HelmRelease fails.

        The default is to not perform any action.

        :param ignore_test_failures: IgnoreTestFailures tells the controller to skip remediation when the Helm tests are run after an install action but fail. Defaults to 'Test.IgnoreFailures'. Default: Test.IgnoreFailures'.
        :param remediate_last_failure: RemediateLastFailure tells the controller to remediate the last failure, when no retries remain. Defaults to 'false'. Default: false'.
        :param retries: Retries is the number of retries that should be attempted on failures before bailing. Remediation, using an uninstall, is performed between each attempt. Defaults to '0', a negative integer equals to unlimited retries. Default: 0', a negative integer equals to unlimited retries.

        :schema: HelmReleaseSpecInstallRemediation
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7546a37b1a0cf0454b5c0835b931595b34c72c24e0abdcda2dd6150f859509b7)
            check_type(argname="argument ignore_test_failures", value=ignore_test_failures, expected_type=type_hints["ignore_test_failures"])
            check_type(argname="argument remediate_last_failure", value=remediate_last_failure, expected_type=type_hints["remediate_last_failure"])
            check_type(argname="argument retries", value=retries, expected_type=type_hints["retries"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ignore_test_failures is not None:
            self._values["ignore_test_failures"] = ignore_test_failures
        if remediate_last_failure is not None:
            self._values["remediate_last_failure"] = remediate_last_failure
        if retries is not None:
            self._values["retries"] = retries

    @builtins.property
    def ignore_test_failures(self) -> typing.Optional[builtins.bool]:
        '''IgnoreTestFailures tells the controller to skip remediation when the Helm tests are run after an install action but fail.

        Defaults to
        'Test.IgnoreFailures'.

        :default: Test.IgnoreFailures'.

        :schema: HelmReleaseSpecInstallRemediation#ignoreTestFailures
        '''
        result = self._values.get("ignore_test_failures")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def remediate_last_failure(self) -> typing.Optional[builtins.bool]:
        '''RemediateLastFailure tells the controller to remediate the last failure, when no retries remain.

        Defaults to 'false'.

        :default: false'.

        :schema: HelmReleaseSpecInstallRemediation#remediateLastFailure
        '''
        result = self._values.get("remediate_last_failure")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def retries(self) -> typing.Optional[jsii.Number]:
        '''Retries is the number of retries that should be attempted on failures before bailing.

        Remediation, using an uninstall, is performed between each attempt.
        Defaults to '0', a negative integer equals to unlimited retries.

        :default: 0', a negative integer equals to unlimited retries.

        :schema: HelmReleaseSpecInstallRemediation#retries
        '''
        result = self._values.get("retries")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecInstallRemediation(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecInstallStrategy",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "retry_interval": "retryInterval"},
)
class HelmReleaseSpecInstallStrategy:
    def __init__(
        self,
        *,
        name: "HelmReleaseSpecInstallStrategyName",
        retry_interval: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Strategy defines the install strategy to use for this HelmRelease.

        Defaults to 'RemediateOnFailure', or 'RetryOnFailure' when the
        DefaultToRetryOnFailure feature gate is enabled.

        :param name: Name of the install strategy.
        :param retry_interval: RetryInterval is the interval at which to retry a failed install. Can be used only when Name is set to RetryOnFailure. Defaults to '5m'. Default: 5m'.

        :default: RemediateOnFailure', or 'RetryOnFailure' when the

        :schema: HelmReleaseSpecInstallStrategy
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2752de0395dbc394eaf8bcf123308dbb44ebff7d33afa23f5931e51602909654)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument retry_interval", value=retry_interval, expected_type=type_hints["retry_interval"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if retry_interval is not None:
            self._values["retry_interval"] = retry_interval

    @builtins.property
    def name(self) -> "HelmReleaseSpecInstallStrategyName":
        '''Name of the install strategy.

        :schema: HelmReleaseSpecInstallStrategy#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast("HelmReleaseSpecInstallStrategyName", result)

    @builtins.property
    def retry_interval(self) -> typing.Optional[builtins.str]:
        '''RetryInterval is the interval at which to retry a failed install.

        Can be used only when Name is set to RetryOnFailure.
        Defaults to '5m'.

        :default: 5m'.

        :schema: HelmReleaseSpecInstallStrategy#retryInterval
        '''
        result = self._values.get("retry_interval")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecInstallStrategy(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecInstallStrategyName"
)
class HelmReleaseSpecInstallStrategyName(enum.Enum):
    '''Name of the install strategy.

    :schema: HelmReleaseSpecInstallStrategyName
    '''

    REMEDIATE_ON_FAILURE = "REMEDIATE_ON_FAILURE"
    '''RemediateOnFailure.'''
    RETRY_ON_FAILURE = "RETRY_ON_FAILURE"
    '''RetryOnFailure.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecKubeConfig",
    jsii_struct_bases=[],
    name_mapping={"config_map_ref": "configMapRef", "secret_ref": "secretRef"},
)
class HelmReleaseSpecKubeConfig:
    def __init__(
        self,
        *,
        config_map_ref: typing.Optional[typing.Union["HelmReleaseSpecKubeConfigConfigMapRef", typing.Dict[builtins.str, typing.Any]]] = None,
        secret_ref: typing.Optional[typing.Union["HelmReleaseSpecKubeConfigSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''KubeConfig for reconciling the HelmRelease on a remote cluster.

        When used in combination with HelmReleaseSpec.ServiceAccountName,
        forces the controller to act on behalf of that Service Account at the
        target cluster.
        If the --default-service-account flag is set, its value will be used as
        a controller level fallback for when HelmReleaseSpec.ServiceAccountName
        is empty.

        :param config_map_ref: ConfigMapRef holds an optional name of a ConfigMap that contains the following keys:. - ``provider``: the provider to use. One of ``aws``, ``azure``, ``gcp``, or ``generic``. Required. - ``cluster``: the fully qualified resource name of the Kubernetes cluster in the cloud provider API. Not used by the ``generic`` provider. Required when one of ``address`` or ``ca.crt`` is not set. - ``address``: the address of the Kubernetes API server. Required for ``generic``. For the other providers, if not specified, the first address in the cluster resource will be used, and if specified, it must match one of the addresses in the cluster resource. If audiences is not set, will be used as the audience for the ``generic`` provider. - ``ca.crt``: the optional PEM-encoded CA certificate for the Kubernetes API server. If not set, the controller will use the CA certificate from the cluster resource. - ``audiences``: the optional audiences as a list of line-break-separated strings for the Kubernetes ServiceAccount token. Defaults to the ``address`` for the ``generic`` provider, or to specific values for the other providers depending on the provider. - ``serviceAccountName``: the optional name of the Kubernetes ServiceAccount in the same namespace that should be used for authentication. If not specified, the controller ServiceAccount will be used. Mutually exclusive with SecretRef. Default: the ``address`` for the ``generic`` provider, or
        :param secret_ref: SecretRef holds an optional name of a secret that contains a key with the kubeconfig file as the value. If no key is set, the key will default to 'value'. Mutually exclusive with ConfigMapRef. It is recommended that the kubeconfig is self-contained, and the secret is regularly updated if credentials such as a cloud-access-token expire. Cloud specific ``cmd-path`` auth helpers will not function without adding binaries and credentials to the Pod that is responsible for reconciling Kubernetes resources. Supported only for the generic provider.

        :schema: HelmReleaseSpecKubeConfig
        '''
        if isinstance(config_map_ref, dict):
            config_map_ref = HelmReleaseSpecKubeConfigConfigMapRef(**config_map_ref)
        if isinstance(secret_ref, dict):
            secret_ref = HelmReleaseSpecKubeConfigSecretRef(**secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c64606131fc18e36b97305974304bbb02b23aa41d7258c4a0b5599f6dfabfb68)
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
    ) -> typing.Optional["HelmReleaseSpecKubeConfigConfigMapRef"]:
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

        :schema: HelmReleaseSpecKubeConfig#configMapRef
        '''
        result = self._values.get("config_map_ref")
        return typing.cast(typing.Optional["HelmReleaseSpecKubeConfigConfigMapRef"], result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["HelmReleaseSpecKubeConfigSecretRef"]:
        '''SecretRef holds an optional name of a secret that contains a key with the kubeconfig file as the value.

        If no key is set, the key will default
        to 'value'. Mutually exclusive with ConfigMapRef.
        It is recommended that the kubeconfig is self-contained, and the secret
        is regularly updated if credentials such as a cloud-access-token expire.
        Cloud specific ``cmd-path`` auth helpers will not function without adding
        binaries and credentials to the Pod that is responsible for reconciling
        Kubernetes resources. Supported only for the generic provider.

        :schema: HelmReleaseSpecKubeConfig#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["HelmReleaseSpecKubeConfigSecretRef"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecKubeConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecKubeConfigConfigMapRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class HelmReleaseSpecKubeConfigConfigMapRef:
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

        :schema: HelmReleaseSpecKubeConfigConfigMapRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5549c435c61b6510ca357cfa9bce64fbc37e8e326a556bdffa7e73557057603c)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: HelmReleaseSpecKubeConfigConfigMapRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecKubeConfigConfigMapRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecKubeConfigSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "key": "key"},
)
class HelmReleaseSpecKubeConfigSecretRef:
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

        :schema: HelmReleaseSpecKubeConfigSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f4500bbf686d10bd6c2c3ebebd14d4bccb9605a43dcc111fac0e9b093bfb01fc)
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

        :schema: HelmReleaseSpecKubeConfigSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def key(self) -> typing.Optional[builtins.str]:
        '''Key in the Secret, when not specified an implementation-specific default key is used.

        :schema: HelmReleaseSpecKubeConfigSecretRef#key
        '''
        result = self._values.get("key")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecKubeConfigSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecPostRenderStrategy")
class HelmReleaseSpecPostRenderStrategy(enum.Enum):
    '''PostRenderStrategy defines the strategy for sending hooks to post-renderers.

    Valid values are 'nohooks' (hooks not sent to post-renderers, Helm 3 behavior),
    'combined' (hooks and templates sent together, Helm 4 default), and 'separate'
    (hooks and templates sent in separate streams, Helm 4.2 opt-in).
    Defaults to 'combined', or 'nohooks' when the UseHelm3Defaults feature gate is enabled.

    :default: combined', or 'nohooks' when the UseHelm3Defaults feature gate is enabled.

    :schema: HelmReleaseSpecPostRenderStrategy
    '''

    NOHOOKS = "NOHOOKS"
    '''nohooks.'''
    COMBINED = "COMBINED"
    '''combined.'''
    SEPARATE = "SEPARATE"
    '''separate.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecPostRenderers",
    jsii_struct_bases=[],
    name_mapping={"kustomize": "kustomize"},
)
class HelmReleaseSpecPostRenderers:
    def __init__(
        self,
        *,
        kustomize: typing.Optional[typing.Union["HelmReleaseSpecPostRenderersKustomize", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''PostRenderer contains a Helm PostRenderer specification.

        :param kustomize: Kustomization to apply as PostRenderer.

        :schema: HelmReleaseSpecPostRenderers
        '''
        if isinstance(kustomize, dict):
            kustomize = HelmReleaseSpecPostRenderersKustomize(**kustomize)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cd113f41d62567c73fc1003924933c48c8c7f5291e01acb27686bf38bf100195)
            check_type(argname="argument kustomize", value=kustomize, expected_type=type_hints["kustomize"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if kustomize is not None:
            self._values["kustomize"] = kustomize

    @builtins.property
    def kustomize(self) -> typing.Optional["HelmReleaseSpecPostRenderersKustomize"]:
        '''Kustomization to apply as PostRenderer.

        :schema: HelmReleaseSpecPostRenderers#kustomize
        '''
        result = self._values.get("kustomize")
        return typing.cast(typing.Optional["HelmReleaseSpecPostRenderersKustomize"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecPostRenderers(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecPostRenderersKustomize",
    jsii_struct_bases=[],
    name_mapping={"images": "images", "patches": "patches"},
)
class HelmReleaseSpecPostRenderersKustomize:
    def __init__(
        self,
        *,
        images: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecPostRenderersKustomizeImages", typing.Dict[builtins.str, typing.Any]]]] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecPostRenderersKustomizePatches", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Kustomization to apply as PostRenderer.

        :param images: Images is a list of (image name, new name, new tag or digest) for changing image names, tags or digests. This can also be achieved with a patch, but this operator is simpler to specify.
        :param patches: Strategic merge and JSON patches, defined as inline YAML objects, capable of targeting objects based on kind, label and annotation selectors.

        :schema: HelmReleaseSpecPostRenderersKustomize
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__862cc68dc7512e1a9dd0771f15393f958511696292aa5994e97157ee5b4182d1)
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if images is not None:
            self._values["images"] = images
        if patches is not None:
            self._values["patches"] = patches

    @builtins.property
    def images(
        self,
    ) -> typing.Optional[typing.List["HelmReleaseSpecPostRenderersKustomizeImages"]]:
        '''Images is a list of (image name, new name, new tag or digest) for changing image names, tags or digests.

        This can also be achieved with a
        patch, but this operator is simpler to specify.

        :schema: HelmReleaseSpecPostRenderersKustomize#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecPostRenderersKustomizeImages"]], result)

    @builtins.property
    def patches(
        self,
    ) -> typing.Optional[typing.List["HelmReleaseSpecPostRenderersKustomizePatches"]]:
        '''Strategic merge and JSON patches, defined as inline YAML objects, capable of targeting objects based on kind, label and annotation selectors.

        :schema: HelmReleaseSpecPostRenderersKustomize#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecPostRenderersKustomizePatches"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecPostRenderersKustomize(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecPostRenderersKustomizeImages",
    jsii_struct_bases=[],
    name_mapping={
        "name": "name",
        "digest": "digest",
        "new_name": "newName",
        "new_tag": "newTag",
    },
)
class HelmReleaseSpecPostRenderersKustomizeImages:
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

        :schema: HelmReleaseSpecPostRenderersKustomizeImages
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fba52ae6495191bba23503f2a2d0350dfbddd5e5a30b5fd639558b88e5e4274b)
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

        :schema: HelmReleaseSpecPostRenderersKustomizeImages#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def digest(self) -> typing.Optional[builtins.str]:
        '''Digest is the value used to replace the original image tag.

        If digest is present NewTag value is ignored.

        :schema: HelmReleaseSpecPostRenderersKustomizeImages#digest
        '''
        result = self._values.get("digest")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def new_name(self) -> typing.Optional[builtins.str]:
        '''NewName is the value used to replace the original name.

        :schema: HelmReleaseSpecPostRenderersKustomizeImages#newName
        '''
        result = self._values.get("new_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def new_tag(self) -> typing.Optional[builtins.str]:
        '''NewTag is the value used to replace the original tag.

        :schema: HelmReleaseSpecPostRenderersKustomizeImages#newTag
        '''
        result = self._values.get("new_tag")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecPostRenderersKustomizeImages(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecPostRenderersKustomizePatches",
    jsii_struct_bases=[],
    name_mapping={"patch": "patch", "target": "target"},
)
class HelmReleaseSpecPostRenderersKustomizePatches:
    def __init__(
        self,
        *,
        patch: builtins.str,
        target: typing.Optional[typing.Union["HelmReleaseSpecPostRenderersKustomizePatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Patch contains an inline StrategicMerge or JSON6902 patch, and the target the patch should be applied to.

        :param patch: Patch contains an inline StrategicMerge patch or an inline JSON6902 patch with an array of operation objects.
        :param target: Target points to the resources that the patch document should be applied to.

        :schema: HelmReleaseSpecPostRenderersKustomizePatches
        '''
        if isinstance(target, dict):
            target = HelmReleaseSpecPostRenderersKustomizePatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4ec6403f2beeb2fbcb349d2a83e4d8fe7501ac44529f920eaece04f1716196bf)
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

        :schema: HelmReleaseSpecPostRenderersKustomizePatches#patch
        '''
        result = self._values.get("patch")
        assert result is not None, "Required property 'patch' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def target(
        self,
    ) -> typing.Optional["HelmReleaseSpecPostRenderersKustomizePatchesTarget"]:
        '''Target points to the resources that the patch document should be applied to.

        :schema: HelmReleaseSpecPostRenderersKustomizePatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["HelmReleaseSpecPostRenderersKustomizePatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecPostRenderersKustomizePatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecPostRenderersKustomizePatchesTarget",
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
class HelmReleaseSpecPostRenderersKustomizePatchesTarget:
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

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c2ab1ef83330f2dcff0ef7f9388d82c499f9e0ca238c1d99da2273ecb9b77bb5)
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

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''Group is the API group to select resources from.

        Together with Version and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind of the API Group to select resources from.

        Together with Group and Version it is capable of unambiguously
        identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''LabelSelector is a string that follows the label selection expression https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#api It matches with the resource labels.

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name to match resources with.

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace to select resources from.

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version of the API Group to select resources from.

        Together with Group and Kind it is capable of unambiguously identifying and/or selecting resources.
        https://github.com/kubernetes/community/blob/master/contributors/design-proposals/api-machinery/api-group.md

        :schema: HelmReleaseSpecPostRenderersKustomizePatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecPostRenderersKustomizePatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecRollback",
    jsii_struct_bases=[],
    name_mapping={
        "cleanup_on_fail": "cleanupOnFail",
        "disable_hooks": "disableHooks",
        "disable_wait": "disableWait",
        "disable_wait_for_jobs": "disableWaitForJobs",
        "force": "force",
        "recreate": "recreate",
        "server_side_apply": "serverSideApply",
        "timeout": "timeout",
    },
)
class HelmReleaseSpecRollback:
    def __init__(
        self,
        *,
        cleanup_on_fail: typing.Optional[builtins.bool] = None,
        disable_hooks: typing.Optional[builtins.bool] = None,
        disable_wait: typing.Optional[builtins.bool] = None,
        disable_wait_for_jobs: typing.Optional[builtins.bool] = None,
        force: typing.Optional[builtins.bool] = None,
        recreate: typing.Optional[builtins.bool] = None,
        server_side_apply: typing.Optional["HelmReleaseSpecRollbackServerSideApply"] = None,
        timeout: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Rollback holds the configuration for Helm rollback actions for this HelmRelease.

        :param cleanup_on_fail: CleanupOnFail allows deletion of new resources created during the Helm rollback action when it fails.
        :param disable_hooks: DisableHooks prevents hooks from running during the Helm rollback action.
        :param disable_wait: DisableWait disables the waiting for resources to be ready after a Helm rollback has been performed.
        :param disable_wait_for_jobs: DisableWaitForJobs disables waiting for jobs to complete after a Helm rollback has been performed.
        :param force: Force forces resource updates through a replacement strategy that avoids 3-way merge conflicts on client-side apply. This field is ignored for server-side apply (which always forces conflicts with other field managers).
        :param recreate: Recreate performs pod restarts for any managed workloads. Deprecated: This behavior was deprecated in Helm 3: - Deprecation: https://github.com/helm/helm/pull/6463 - Removal: https://github.com/helm/helm/pull/31023 After helm-controller was upgraded to the Helm 4 SDK, this field is no longer functional and will print a warning if set to true. It will also be removed in a future release.
        :param server_side_apply: ServerSideApply enables server-side apply for resources during rollback. Can be "enabled", "disabled", or "auto". When "auto", server-side apply usage will be based on the release's previous usage. Defaults to "auto". Default: auto".
        :param timeout: Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm rollback action. Defaults to 'HelmReleaseSpec.Timeout'. Default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecRollback
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ee2ad1a6d685f02d7082fa37eff06026d82614df2d9df895630f27e65c84f8a6)
            check_type(argname="argument cleanup_on_fail", value=cleanup_on_fail, expected_type=type_hints["cleanup_on_fail"])
            check_type(argname="argument disable_hooks", value=disable_hooks, expected_type=type_hints["disable_hooks"])
            check_type(argname="argument disable_wait", value=disable_wait, expected_type=type_hints["disable_wait"])
            check_type(argname="argument disable_wait_for_jobs", value=disable_wait_for_jobs, expected_type=type_hints["disable_wait_for_jobs"])
            check_type(argname="argument force", value=force, expected_type=type_hints["force"])
            check_type(argname="argument recreate", value=recreate, expected_type=type_hints["recreate"])
            check_type(argname="argument server_side_apply", value=server_side_apply, expected_type=type_hints["server_side_apply"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if cleanup_on_fail is not None:
            self._values["cleanup_on_fail"] = cleanup_on_fail
        if disable_hooks is not None:
            self._values["disable_hooks"] = disable_hooks
        if disable_wait is not None:
            self._values["disable_wait"] = disable_wait
        if disable_wait_for_jobs is not None:
            self._values["disable_wait_for_jobs"] = disable_wait_for_jobs
        if force is not None:
            self._values["force"] = force
        if recreate is not None:
            self._values["recreate"] = recreate
        if server_side_apply is not None:
            self._values["server_side_apply"] = server_side_apply
        if timeout is not None:
            self._values["timeout"] = timeout

    @builtins.property
    def cleanup_on_fail(self) -> typing.Optional[builtins.bool]:
        '''CleanupOnFail allows deletion of new resources created during the Helm rollback action when it fails.

        :schema: HelmReleaseSpecRollback#cleanupOnFail
        '''
        result = self._values.get("cleanup_on_fail")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_hooks(self) -> typing.Optional[builtins.bool]:
        '''DisableHooks prevents hooks from running during the Helm rollback action.

        :schema: HelmReleaseSpecRollback#disableHooks
        '''
        result = self._values.get("disable_hooks")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait(self) -> typing.Optional[builtins.bool]:
        '''DisableWait disables the waiting for resources to be ready after a Helm rollback has been performed.

        :schema: HelmReleaseSpecRollback#disableWait
        '''
        result = self._values.get("disable_wait")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait_for_jobs(self) -> typing.Optional[builtins.bool]:
        '''DisableWaitForJobs disables waiting for jobs to complete after a Helm rollback has been performed.

        :schema: HelmReleaseSpecRollback#disableWaitForJobs
        '''
        result = self._values.get("disable_wait_for_jobs")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force(self) -> typing.Optional[builtins.bool]:
        '''Force forces resource updates through a replacement strategy that avoids 3-way merge conflicts on client-side apply.

        This field is ignored for server-side apply (which always
        forces conflicts with other field managers).

        :schema: HelmReleaseSpecRollback#force
        '''
        result = self._values.get("force")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def recreate(self) -> typing.Optional[builtins.bool]:
        '''Recreate performs pod restarts for any managed workloads.

        Deprecated: This behavior was deprecated in Helm 3:

        - Deprecation: https://github.com/helm/helm/pull/6463
        - Removal: https://github.com/helm/helm/pull/31023
          After helm-controller was upgraded to the Helm 4 SDK,
          this field is no longer functional and will print a
          warning if set to true. It will also be removed in a
          future release.

        :schema: HelmReleaseSpecRollback#recreate
        '''
        result = self._values.get("recreate")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def server_side_apply(
        self,
    ) -> typing.Optional["HelmReleaseSpecRollbackServerSideApply"]:
        '''ServerSideApply enables server-side apply for resources during rollback.

        Can be "enabled", "disabled", or "auto".
        When "auto", server-side apply usage will be based on the release's previous usage.
        Defaults to "auto".

        :default: auto".

        :schema: HelmReleaseSpecRollback#serverSideApply
        '''
        result = self._values.get("server_side_apply")
        return typing.cast(typing.Optional["HelmReleaseSpecRollbackServerSideApply"], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm rollback action.

        Defaults to
        'HelmReleaseSpec.Timeout'.

        :default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecRollback#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecRollback(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecRollbackServerSideApply"
)
class HelmReleaseSpecRollbackServerSideApply(enum.Enum):
    '''ServerSideApply enables server-side apply for resources during rollback.

    Can be "enabled", "disabled", or "auto".
    When "auto", server-side apply usage will be based on the release's previous usage.
    Defaults to "auto".

    :default: auto".

    :schema: HelmReleaseSpecRollbackServerSideApply
    '''

    ENABLED = "ENABLED"
    '''enabled.'''
    DISABLED = "DISABLED"
    '''disabled.'''
    AUTO = "AUTO"
    '''auto.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecTest",
    jsii_struct_bases=[],
    name_mapping={
        "enable": "enable",
        "filters": "filters",
        "ignore_failures": "ignoreFailures",
        "timeout": "timeout",
    },
)
class HelmReleaseSpecTest:
    def __init__(
        self,
        *,
        enable: typing.Optional[builtins.bool] = None,
        filters: typing.Optional[typing.Sequence[typing.Union["HelmReleaseSpecTestFilters", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_failures: typing.Optional[builtins.bool] = None,
        timeout: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Test holds the configuration for Helm test actions for this HelmRelease.

        :param enable: Enable enables Helm test actions for this HelmRelease after an Helm install or upgrade action has been performed.
        :param filters: Filters is a list of tests to run or exclude from running.
        :param ignore_failures: IgnoreFailures tells the controller to skip remediation when the Helm tests are run but fail. Can be overwritten for tests run after install or upgrade actions in 'Install.IgnoreTestFailures' and 'Upgrade.IgnoreTestFailures'.
        :param timeout: Timeout is the time to wait for any individual Kubernetes operation during the performance of a Helm test action. Defaults to 'HelmReleaseSpec.Timeout'. Default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecTest
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__58c44cfc0a6f9f7bc34683fe86840dff1dafaef80acf72ae6cef5484ee489d20)
            check_type(argname="argument enable", value=enable, expected_type=type_hints["enable"])
            check_type(argname="argument filters", value=filters, expected_type=type_hints["filters"])
            check_type(argname="argument ignore_failures", value=ignore_failures, expected_type=type_hints["ignore_failures"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if enable is not None:
            self._values["enable"] = enable
        if filters is not None:
            self._values["filters"] = filters
        if ignore_failures is not None:
            self._values["ignore_failures"] = ignore_failures
        if timeout is not None:
            self._values["timeout"] = timeout

    @builtins.property
    def enable(self) -> typing.Optional[builtins.bool]:
        '''Enable enables Helm test actions for this HelmRelease after an Helm install or upgrade action has been performed.

        :schema: HelmReleaseSpecTest#enable
        '''
        result = self._values.get("enable")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def filters(self) -> typing.Optional[typing.List["HelmReleaseSpecTestFilters"]]:
        '''Filters is a list of tests to run or exclude from running.

        :schema: HelmReleaseSpecTest#filters
        '''
        result = self._values.get("filters")
        return typing.cast(typing.Optional[typing.List["HelmReleaseSpecTestFilters"]], result)

    @builtins.property
    def ignore_failures(self) -> typing.Optional[builtins.bool]:
        '''IgnoreFailures tells the controller to skip remediation when the Helm tests are run but fail.

        Can be overwritten for tests run after install or upgrade
        actions in 'Install.IgnoreTestFailures' and 'Upgrade.IgnoreTestFailures'.

        :schema: HelmReleaseSpecTest#ignoreFailures
        '''
        result = self._values.get("ignore_failures")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout is the time to wait for any individual Kubernetes operation during the performance of a Helm test action.

        Defaults to 'HelmReleaseSpec.Timeout'.

        :default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecTest#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecTest(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecTestFilters",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "exclude": "exclude"},
)
class HelmReleaseSpecTestFilters:
    def __init__(
        self,
        *,
        name: builtins.str,
        exclude: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Filter holds the configuration for individual Helm test filters.

        :param name: Name is the name of the test.
        :param exclude: Exclude specifies whether the named test should be excluded.

        :schema: HelmReleaseSpecTestFilters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a0203e4145da9c211072eb528092fe78774c3be063cec017fdf3ed73ab234025)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument exclude", value=exclude, expected_type=type_hints["exclude"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if exclude is not None:
            self._values["exclude"] = exclude

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is the name of the test.

        :schema: HelmReleaseSpecTestFilters#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def exclude(self) -> typing.Optional[builtins.bool]:
        '''Exclude specifies whether the named test should be excluded.

        :schema: HelmReleaseSpecTestFilters#exclude
        '''
        result = self._values.get("exclude")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecTestFilters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUninstall",
    jsii_struct_bases=[],
    name_mapping={
        "deletion_propagation": "deletionPropagation",
        "disable_hooks": "disableHooks",
        "disable_wait": "disableWait",
        "keep_history": "keepHistory",
        "timeout": "timeout",
    },
)
class HelmReleaseSpecUninstall:
    def __init__(
        self,
        *,
        deletion_propagation: typing.Optional["HelmReleaseSpecUninstallDeletionPropagation"] = None,
        disable_hooks: typing.Optional[builtins.bool] = None,
        disable_wait: typing.Optional[builtins.bool] = None,
        keep_history: typing.Optional[builtins.bool] = None,
        timeout: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Uninstall holds the configuration for Helm uninstall actions for this HelmRelease.

        :param deletion_propagation: DeletionPropagation specifies the deletion propagation policy when a Helm uninstall is performed.
        :param disable_hooks: DisableHooks prevents hooks from running during the Helm rollback action.
        :param disable_wait: DisableWait disables waiting for all the resources to be deleted after a Helm uninstall is performed.
        :param keep_history: KeepHistory tells Helm to remove all associated resources and mark the release as deleted, but retain the release history.
        :param timeout: Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm uninstall action. Defaults to 'HelmReleaseSpec.Timeout'. Default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecUninstall
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a162600fbf56e534e22e1e94d09c61fb2163c85c12f55c06a6d4a63ff7424504)
            check_type(argname="argument deletion_propagation", value=deletion_propagation, expected_type=type_hints["deletion_propagation"])
            check_type(argname="argument disable_hooks", value=disable_hooks, expected_type=type_hints["disable_hooks"])
            check_type(argname="argument disable_wait", value=disable_wait, expected_type=type_hints["disable_wait"])
            check_type(argname="argument keep_history", value=keep_history, expected_type=type_hints["keep_history"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if deletion_propagation is not None:
            self._values["deletion_propagation"] = deletion_propagation
        if disable_hooks is not None:
            self._values["disable_hooks"] = disable_hooks
        if disable_wait is not None:
            self._values["disable_wait"] = disable_wait
        if keep_history is not None:
            self._values["keep_history"] = keep_history
        if timeout is not None:
            self._values["timeout"] = timeout

    @builtins.property
    def deletion_propagation(
        self,
    ) -> typing.Optional["HelmReleaseSpecUninstallDeletionPropagation"]:
        '''DeletionPropagation specifies the deletion propagation policy when a Helm uninstall is performed.

        :schema: HelmReleaseSpecUninstall#deletionPropagation
        '''
        result = self._values.get("deletion_propagation")
        return typing.cast(typing.Optional["HelmReleaseSpecUninstallDeletionPropagation"], result)

    @builtins.property
    def disable_hooks(self) -> typing.Optional[builtins.bool]:
        '''DisableHooks prevents hooks from running during the Helm rollback action.

        :schema: HelmReleaseSpecUninstall#disableHooks
        '''
        result = self._values.get("disable_hooks")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait(self) -> typing.Optional[builtins.bool]:
        '''DisableWait disables waiting for all the resources to be deleted after a Helm uninstall is performed.

        :schema: HelmReleaseSpecUninstall#disableWait
        '''
        result = self._values.get("disable_wait")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def keep_history(self) -> typing.Optional[builtins.bool]:
        '''KeepHistory tells Helm to remove all associated resources and mark the release as deleted, but retain the release history.

        :schema: HelmReleaseSpecUninstall#keepHistory
        '''
        result = self._values.get("keep_history")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm uninstall action.

        Defaults
        to 'HelmReleaseSpec.Timeout'.

        :default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecUninstall#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecUninstall(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUninstallDeletionPropagation"
)
class HelmReleaseSpecUninstallDeletionPropagation(enum.Enum):
    '''DeletionPropagation specifies the deletion propagation policy when a Helm uninstall is performed.

    :schema: HelmReleaseSpecUninstallDeletionPropagation
    '''

    BACKGROUND = "BACKGROUND"
    '''background.'''
    FOREGROUND = "FOREGROUND"
    '''foreground.'''
    ORPHAN = "ORPHAN"
    '''orphan.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgrade",
    jsii_struct_bases=[],
    name_mapping={
        "chart_name_change_strategy": "chartNameChangeStrategy",
        "cleanup_on_fail": "cleanupOnFail",
        "crds": "crds",
        "disable_hooks": "disableHooks",
        "disable_open_api_validation": "disableOpenApiValidation",
        "disable_schema_validation": "disableSchemaValidation",
        "disable_take_ownership": "disableTakeOwnership",
        "disable_wait": "disableWait",
        "disable_wait_for_jobs": "disableWaitForJobs",
        "force": "force",
        "preserve_values": "preserveValues",
        "remediation": "remediation",
        "server_side_apply": "serverSideApply",
        "strategy": "strategy",
        "timeout": "timeout",
    },
)
class HelmReleaseSpecUpgrade:
    def __init__(
        self,
        *,
        chart_name_change_strategy: typing.Optional["HelmReleaseSpecUpgradeChartNameChangeStrategy"] = None,
        cleanup_on_fail: typing.Optional[builtins.bool] = None,
        crds: typing.Optional["HelmReleaseSpecUpgradeCrds"] = None,
        disable_hooks: typing.Optional[builtins.bool] = None,
        disable_open_api_validation: typing.Optional[builtins.bool] = None,
        disable_schema_validation: typing.Optional[builtins.bool] = None,
        disable_take_ownership: typing.Optional[builtins.bool] = None,
        disable_wait: typing.Optional[builtins.bool] = None,
        disable_wait_for_jobs: typing.Optional[builtins.bool] = None,
        force: typing.Optional[builtins.bool] = None,
        preserve_values: typing.Optional[builtins.bool] = None,
        remediation: typing.Optional[typing.Union["HelmReleaseSpecUpgradeRemediation", typing.Dict[builtins.str, typing.Any]]] = None,
        server_side_apply: typing.Optional["HelmReleaseSpecUpgradeServerSideApply"] = None,
        strategy: typing.Optional[typing.Union["HelmReleaseSpecUpgradeStrategy", typing.Dict[builtins.str, typing.Any]]] = None,
        timeout: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Upgrade holds the configuration for Helm upgrade actions for this HelmRelease.

        :param chart_name_change_strategy: ChartNameChangeStrategy defines the strategy to use when a Helm chart name changes. Valid values are 'Reinstall' or 'InPlaceUpdate'. Defaults to 'Reinstall' if omitted. Reinstall: Reinstall the Helm release, uninstalling the existing Helm release. InPlaceUpdate: Update the Helm release in place. Default: Reinstall' if omitted.
        :param cleanup_on_fail: CleanupOnFail allows deletion of new resources created during the Helm upgrade action when it fails.
        :param crds: CRDs upgrade CRDs from the Helm Chart's crds directory according to the CRD upgrade policy provided here. Valid values are ``Skip``, ``Create`` or ``CreateReplace``. Default is ``Skip`` and if omitted CRDs are neither installed nor upgraded. Skip: do neither install nor replace (update) any CRDs. Create: new CRDs are created, existing CRDs are neither updated nor deleted. CreateReplace: new CRDs are created, existing CRDs are updated (replaced) but not deleted. By default, CRDs are not applied during Helm upgrade action. With this option users can opt-in to CRD upgrade, which is not (yet) natively supported by Helm. https://helm.sh/docs/chart_best_practices/custom_resource_definitions. Default: Skip` and if omitted
        :param disable_hooks: DisableHooks prevents hooks from running during the Helm upgrade action.
        :param disable_open_api_validation: DisableOpenAPIValidation prevents the Helm upgrade action from validating rendered templates against the Kubernetes OpenAPI Schema.
        :param disable_schema_validation: DisableSchemaValidation prevents the Helm upgrade action from validating the values against the JSON Schema.
        :param disable_take_ownership: DisableTakeOwnership disables taking ownership of existing resources during the Helm upgrade action. Defaults to false. Default: false.
        :param disable_wait: DisableWait disables the waiting for resources to be ready after a Helm upgrade has been performed.
        :param disable_wait_for_jobs: DisableWaitForJobs disables waiting for jobs to complete after a Helm upgrade has been performed.
        :param force: Force forces resource updates through a replacement strategy that avoids 3-way merge conflicts on client-side apply. This field is ignored for server-side apply (which always forces conflicts with other field managers).
        :param preserve_values: PreserveValues will make Helm reuse the last release's values and merge in overrides from 'Values'. Setting this flag makes the HelmRelease non-declarative.
        :param remediation: Remediation holds the remediation configuration for when the Helm upgrade action for the HelmRelease fails. The default is to not perform any action.
        :param server_side_apply: ServerSideApply enables server-side apply for resources during upgrade. Can be "enabled", "disabled", or "auto". When "auto", server-side apply usage will be based on the release's previous usage. Defaults to "auto". Default: auto".
        :param strategy: Strategy defines the upgrade strategy to use for this HelmRelease. Defaults to 'RemediateOnFailure', or 'RetryOnFailure' when the DefaultToRetryOnFailure feature gate is enabled. Default: RemediateOnFailure', or 'RetryOnFailure' when the
        :param timeout: Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm upgrade action. Defaults to 'HelmReleaseSpec.Timeout'. Default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecUpgrade
        '''
        if isinstance(remediation, dict):
            remediation = HelmReleaseSpecUpgradeRemediation(**remediation)
        if isinstance(strategy, dict):
            strategy = HelmReleaseSpecUpgradeStrategy(**strategy)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5ce4ff655cf1c2734d0763b743b368bb7468e2f66f25e0652d72656cbdf341de)
            check_type(argname="argument chart_name_change_strategy", value=chart_name_change_strategy, expected_type=type_hints["chart_name_change_strategy"])
            check_type(argname="argument cleanup_on_fail", value=cleanup_on_fail, expected_type=type_hints["cleanup_on_fail"])
            check_type(argname="argument crds", value=crds, expected_type=type_hints["crds"])
            check_type(argname="argument disable_hooks", value=disable_hooks, expected_type=type_hints["disable_hooks"])
            check_type(argname="argument disable_open_api_validation", value=disable_open_api_validation, expected_type=type_hints["disable_open_api_validation"])
            check_type(argname="argument disable_schema_validation", value=disable_schema_validation, expected_type=type_hints["disable_schema_validation"])
            check_type(argname="argument disable_take_ownership", value=disable_take_ownership, expected_type=type_hints["disable_take_ownership"])
            check_type(argname="argument disable_wait", value=disable_wait, expected_type=type_hints["disable_wait"])
            check_type(argname="argument disable_wait_for_jobs", value=disable_wait_for_jobs, expected_type=type_hints["disable_wait_for_jobs"])
            check_type(argname="argument force", value=force, expected_type=type_hints["force"])
            check_type(argname="argument preserve_values", value=preserve_values, expected_type=type_hints["preserve_values"])
            check_type(argname="argument remediation", value=remediation, expected_type=type_hints["remediation"])
            check_type(argname="argument server_side_apply", value=server_side_apply, expected_type=type_hints["server_side_apply"])
            check_type(argname="argument strategy", value=strategy, expected_type=type_hints["strategy"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if chart_name_change_strategy is not None:
            self._values["chart_name_change_strategy"] = chart_name_change_strategy
        if cleanup_on_fail is not None:
            self._values["cleanup_on_fail"] = cleanup_on_fail
        if crds is not None:
            self._values["crds"] = crds
        if disable_hooks is not None:
            self._values["disable_hooks"] = disable_hooks
        if disable_open_api_validation is not None:
            self._values["disable_open_api_validation"] = disable_open_api_validation
        if disable_schema_validation is not None:
            self._values["disable_schema_validation"] = disable_schema_validation
        if disable_take_ownership is not None:
            self._values["disable_take_ownership"] = disable_take_ownership
        if disable_wait is not None:
            self._values["disable_wait"] = disable_wait
        if disable_wait_for_jobs is not None:
            self._values["disable_wait_for_jobs"] = disable_wait_for_jobs
        if force is not None:
            self._values["force"] = force
        if preserve_values is not None:
            self._values["preserve_values"] = preserve_values
        if remediation is not None:
            self._values["remediation"] = remediation
        if server_side_apply is not None:
            self._values["server_side_apply"] = server_side_apply
        if strategy is not None:
            self._values["strategy"] = strategy
        if timeout is not None:
            self._values["timeout"] = timeout

    @builtins.property
    def chart_name_change_strategy(
        self,
    ) -> typing.Optional["HelmReleaseSpecUpgradeChartNameChangeStrategy"]:
        '''ChartNameChangeStrategy defines the strategy to use when a Helm chart name changes.

        Valid values are 'Reinstall' or 'InPlaceUpdate'. Defaults to 'Reinstall' if omitted.

        Reinstall: Reinstall the Helm release, uninstalling the existing Helm release.

        InPlaceUpdate: Update the Helm release in place.

        :default: Reinstall' if omitted.

        :schema: HelmReleaseSpecUpgrade#chartNameChangeStrategy
        '''
        result = self._values.get("chart_name_change_strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgradeChartNameChangeStrategy"], result)

    @builtins.property
    def cleanup_on_fail(self) -> typing.Optional[builtins.bool]:
        '''CleanupOnFail allows deletion of new resources created during the Helm upgrade action when it fails.

        :schema: HelmReleaseSpecUpgrade#cleanupOnFail
        '''
        result = self._values.get("cleanup_on_fail")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def crds(self) -> typing.Optional["HelmReleaseSpecUpgradeCrds"]:
        '''CRDs upgrade CRDs from the Helm Chart's crds directory according to the CRD upgrade policy provided here.

        Valid values are ``Skip``,
        ``Create`` or ``CreateReplace``. Default is ``Skip`` and if omitted
        CRDs are neither installed nor upgraded.

        Skip: do neither install nor replace (update) any CRDs.

        Create: new CRDs are created, existing CRDs are neither updated nor deleted.

        CreateReplace: new CRDs are created, existing CRDs are updated (replaced)
        but not deleted.

        By default, CRDs are not applied during Helm upgrade action. With this
        option users can opt-in to CRD upgrade, which is not (yet) natively supported by Helm.
        https://helm.sh/docs/chart_best_practices/custom_resource_definitions.

        :default: Skip` and if omitted

        :schema: HelmReleaseSpecUpgrade#crds
        '''
        result = self._values.get("crds")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgradeCrds"], result)

    @builtins.property
    def disable_hooks(self) -> typing.Optional[builtins.bool]:
        '''DisableHooks prevents hooks from running during the Helm upgrade action.

        :schema: HelmReleaseSpecUpgrade#disableHooks
        '''
        result = self._values.get("disable_hooks")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_open_api_validation(self) -> typing.Optional[builtins.bool]:
        '''DisableOpenAPIValidation prevents the Helm upgrade action from validating rendered templates against the Kubernetes OpenAPI Schema.

        :schema: HelmReleaseSpecUpgrade#disableOpenAPIValidation
        '''
        result = self._values.get("disable_open_api_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''DisableSchemaValidation prevents the Helm upgrade action from validating the values against the JSON Schema.

        :schema: HelmReleaseSpecUpgrade#disableSchemaValidation
        '''
        result = self._values.get("disable_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_take_ownership(self) -> typing.Optional[builtins.bool]:
        '''DisableTakeOwnership disables taking ownership of existing resources during the Helm upgrade action.

        Defaults to false.

        :default: false.

        :schema: HelmReleaseSpecUpgrade#disableTakeOwnership
        '''
        result = self._values.get("disable_take_ownership")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait(self) -> typing.Optional[builtins.bool]:
        '''DisableWait disables the waiting for resources to be ready after a Helm upgrade has been performed.

        :schema: HelmReleaseSpecUpgrade#disableWait
        '''
        result = self._values.get("disable_wait")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def disable_wait_for_jobs(self) -> typing.Optional[builtins.bool]:
        '''DisableWaitForJobs disables waiting for jobs to complete after a Helm upgrade has been performed.

        :schema: HelmReleaseSpecUpgrade#disableWaitForJobs
        '''
        result = self._values.get("disable_wait_for_jobs")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force(self) -> typing.Optional[builtins.bool]:
        '''Force forces resource updates through a replacement strategy that avoids 3-way merge conflicts on client-side apply.

        This field is ignored for server-side apply (which always
        forces conflicts with other field managers).

        :schema: HelmReleaseSpecUpgrade#force
        '''
        result = self._values.get("force")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def preserve_values(self) -> typing.Optional[builtins.bool]:
        '''PreserveValues will make Helm reuse the last release's values and merge in overrides from 'Values'.

        Setting this flag makes the HelmRelease
        non-declarative.

        :schema: HelmReleaseSpecUpgrade#preserveValues
        '''
        result = self._values.get("preserve_values")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def remediation(self) -> typing.Optional["HelmReleaseSpecUpgradeRemediation"]:
        '''Remediation holds the remediation configuration for when the Helm upgrade action for the HelmRelease fails.

        The default is to not perform any action.

        :schema: HelmReleaseSpecUpgrade#remediation
        '''
        result = self._values.get("remediation")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgradeRemediation"], result)

    @builtins.property
    def server_side_apply(
        self,
    ) -> typing.Optional["HelmReleaseSpecUpgradeServerSideApply"]:
        '''ServerSideApply enables server-side apply for resources during upgrade.

        Can be "enabled", "disabled", or "auto".
        When "auto", server-side apply usage will be based on the release's previous usage.
        Defaults to "auto".

        :default: auto".

        :schema: HelmReleaseSpecUpgrade#serverSideApply
        '''
        result = self._values.get("server_side_apply")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgradeServerSideApply"], result)

    @builtins.property
    def strategy(self) -> typing.Optional["HelmReleaseSpecUpgradeStrategy"]:
        '''Strategy defines the upgrade strategy to use for this HelmRelease.

        Defaults to 'RemediateOnFailure', or 'RetryOnFailure' when the
        DefaultToRetryOnFailure feature gate is enabled.

        :default: RemediateOnFailure', or 'RetryOnFailure' when the

        :schema: HelmReleaseSpecUpgrade#strategy
        '''
        result = self._values.get("strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgradeStrategy"], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout is the time to wait for any individual Kubernetes operation (like Jobs for hooks) during the performance of a Helm upgrade action.

        Defaults to
        'HelmReleaseSpec.Timeout'.

        :default: HelmReleaseSpec.Timeout'.

        :schema: HelmReleaseSpecUpgrade#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecUpgrade(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeChartNameChangeStrategy"
)
class HelmReleaseSpecUpgradeChartNameChangeStrategy(enum.Enum):
    '''ChartNameChangeStrategy defines the strategy to use when a Helm chart name changes.

    Valid values are 'Reinstall' or 'InPlaceUpdate'. Defaults to 'Reinstall' if omitted.

    Reinstall: Reinstall the Helm release, uninstalling the existing Helm release.

    InPlaceUpdate: Update the Helm release in place.

    :default: Reinstall' if omitted.

    :schema: HelmReleaseSpecUpgradeChartNameChangeStrategy
    '''

    IN_PLACE_UPDATE = "IN_PLACE_UPDATE"
    '''InPlaceUpdate.'''
    REINSTALL = "REINSTALL"
    '''Reinstall.'''


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeCrds")
class HelmReleaseSpecUpgradeCrds(enum.Enum):
    '''CRDs upgrade CRDs from the Helm Chart's crds directory according to the CRD upgrade policy provided here.

    Valid values are ``Skip``,
    ``Create`` or ``CreateReplace``. Default is ``Skip`` and if omitted
    CRDs are neither installed nor upgraded.

    Skip: do neither install nor replace (update) any CRDs.

    Create: new CRDs are created, existing CRDs are neither updated nor deleted.

    CreateReplace: new CRDs are created, existing CRDs are updated (replaced)
    but not deleted.

    By default, CRDs are not applied during Helm upgrade action. With this
    option users can opt-in to CRD upgrade, which is not (yet) natively supported by Helm.
    https://helm.sh/docs/chart_best_practices/custom_resource_definitions.

    :default: Skip` and if omitted

    :schema: HelmReleaseSpecUpgradeCrds
    '''

    SKIP = "SKIP"
    '''Skip.'''
    CREATE = "CREATE"
    '''Create.'''
    CREATE_REPLACE = "CREATE_REPLACE"
    '''CreateReplace.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeRemediation",
    jsii_struct_bases=[],
    name_mapping={
        "ignore_test_failures": "ignoreTestFailures",
        "remediate_last_failure": "remediateLastFailure",
        "retries": "retries",
        "strategy": "strategy",
    },
)
class HelmReleaseSpecUpgradeRemediation:
    def __init__(
        self,
        *,
        ignore_test_failures: typing.Optional[builtins.bool] = None,
        remediate_last_failure: typing.Optional[builtins.bool] = None,
        retries: typing.Optional[jsii.Number] = None,
        strategy: typing.Optional["HelmReleaseSpecUpgradeRemediationStrategy"] = None,
    ) -> None:
        '''Remediation holds the remediation configuration for when the Helm upgrade action for the HelmRelease fails.

        The default is to not perform any action.

        :param ignore_test_failures: IgnoreTestFailures tells the controller to skip remediation when the Helm tests are run after an upgrade action but fail. Defaults to 'Test.IgnoreFailures'. Default: Test.IgnoreFailures'.
        :param remediate_last_failure: RemediateLastFailure tells the controller to remediate the last failure, when no retries remain. Defaults to 'false' unless 'Retries' is greater than 0. Default: false' unless 'Retries' is greater than 0.
        :param retries: Retries is the number of retries that should be attempted on failures before bailing. Remediation, using 'Strategy', is performed between each attempt. Defaults to '0', a negative integer equals to unlimited retries. Default: 0', a negative integer equals to unlimited retries.
        :param strategy: Strategy to use for failure remediation. Defaults to 'rollback'. Default: rollback'.

        :schema: HelmReleaseSpecUpgradeRemediation
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ff60db42177f73972e681c6d01a6cd867ffeddf7d5594e17d7f12e41f6b2e07a)
            check_type(argname="argument ignore_test_failures", value=ignore_test_failures, expected_type=type_hints["ignore_test_failures"])
            check_type(argname="argument remediate_last_failure", value=remediate_last_failure, expected_type=type_hints["remediate_last_failure"])
            check_type(argname="argument retries", value=retries, expected_type=type_hints["retries"])
            check_type(argname="argument strategy", value=strategy, expected_type=type_hints["strategy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ignore_test_failures is not None:
            self._values["ignore_test_failures"] = ignore_test_failures
        if remediate_last_failure is not None:
            self._values["remediate_last_failure"] = remediate_last_failure
        if retries is not None:
            self._values["retries"] = retries
        if strategy is not None:
            self._values["strategy"] = strategy

    @builtins.property
    def ignore_test_failures(self) -> typing.Optional[builtins.bool]:
        '''IgnoreTestFailures tells the controller to skip remediation when the Helm tests are run after an upgrade action but fail.

        Defaults to 'Test.IgnoreFailures'.

        :default: Test.IgnoreFailures'.

        :schema: HelmReleaseSpecUpgradeRemediation#ignoreTestFailures
        '''
        result = self._values.get("ignore_test_failures")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def remediate_last_failure(self) -> typing.Optional[builtins.bool]:
        '''RemediateLastFailure tells the controller to remediate the last failure, when no retries remain.

        Defaults to 'false' unless 'Retries' is greater than 0.

        :default: false' unless 'Retries' is greater than 0.

        :schema: HelmReleaseSpecUpgradeRemediation#remediateLastFailure
        '''
        result = self._values.get("remediate_last_failure")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def retries(self) -> typing.Optional[jsii.Number]:
        '''Retries is the number of retries that should be attempted on failures before bailing.

        Remediation, using 'Strategy', is performed between each attempt.
        Defaults to '0', a negative integer equals to unlimited retries.

        :default: 0', a negative integer equals to unlimited retries.

        :schema: HelmReleaseSpecUpgradeRemediation#retries
        '''
        result = self._values.get("retries")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def strategy(self) -> typing.Optional["HelmReleaseSpecUpgradeRemediationStrategy"]:
        '''Strategy to use for failure remediation.

        Defaults to 'rollback'.

        :default: rollback'.

        :schema: HelmReleaseSpecUpgradeRemediation#strategy
        '''
        result = self._values.get("strategy")
        return typing.cast(typing.Optional["HelmReleaseSpecUpgradeRemediationStrategy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecUpgradeRemediation(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeRemediationStrategy"
)
class HelmReleaseSpecUpgradeRemediationStrategy(enum.Enum):
    '''Strategy to use for failure remediation.

    Defaults to 'rollback'.

    :default: rollback'.

    :schema: HelmReleaseSpecUpgradeRemediationStrategy
    '''

    ROLLBACK = "ROLLBACK"
    '''rollback.'''
    UNINSTALL = "UNINSTALL"
    '''uninstall.'''


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeServerSideApply"
)
class HelmReleaseSpecUpgradeServerSideApply(enum.Enum):
    '''ServerSideApply enables server-side apply for resources during upgrade.

    Can be "enabled", "disabled", or "auto".
    When "auto", server-side apply usage will be based on the release's previous usage.
    Defaults to "auto".

    :default: auto".

    :schema: HelmReleaseSpecUpgradeServerSideApply
    '''

    ENABLED = "ENABLED"
    '''enabled.'''
    DISABLED = "DISABLED"
    '''disabled.'''
    AUTO = "AUTO"
    '''auto.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeStrategy",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "retry_interval": "retryInterval"},
)
class HelmReleaseSpecUpgradeStrategy:
    def __init__(
        self,
        *,
        name: "HelmReleaseSpecUpgradeStrategyName",
        retry_interval: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Strategy defines the upgrade strategy to use for this HelmRelease.

        Defaults to 'RemediateOnFailure', or 'RetryOnFailure' when the
        DefaultToRetryOnFailure feature gate is enabled.

        :param name: Name of the upgrade strategy.
        :param retry_interval: RetryInterval is the interval at which to retry a failed upgrade. Can be used only when Name is set to RetryOnFailure. Defaults to '5m'. Default: 5m'.

        :default: RemediateOnFailure', or 'RetryOnFailure' when the

        :schema: HelmReleaseSpecUpgradeStrategy
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9f88c7a06bf0d38ab2acaba39df71b542031d305e1274ffd50af880dd78fae5e)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument retry_interval", value=retry_interval, expected_type=type_hints["retry_interval"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }
        if retry_interval is not None:
            self._values["retry_interval"] = retry_interval

    @builtins.property
    def name(self) -> "HelmReleaseSpecUpgradeStrategyName":
        '''Name of the upgrade strategy.

        :schema: HelmReleaseSpecUpgradeStrategy#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast("HelmReleaseSpecUpgradeStrategyName", result)

    @builtins.property
    def retry_interval(self) -> typing.Optional[builtins.str]:
        '''RetryInterval is the interval at which to retry a failed upgrade.

        Can be used only when Name is set to RetryOnFailure.
        Defaults to '5m'.

        :default: 5m'.

        :schema: HelmReleaseSpecUpgradeStrategy#retryInterval
        '''
        result = self._values.get("retry_interval")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecUpgradeStrategy(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecUpgradeStrategyName"
)
class HelmReleaseSpecUpgradeStrategyName(enum.Enum):
    '''Name of the upgrade strategy.

    :schema: HelmReleaseSpecUpgradeStrategyName
    '''

    REMEDIATE_ON_FAILURE = "REMEDIATE_ON_FAILURE"
    '''RemediateOnFailure.'''
    RETRY_ON_FAILURE = "RETRY_ON_FAILURE"
    '''RetryOnFailure.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecValuesFrom",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "name": "name",
        "literal": "literal",
        "optional": "optional",
        "target_path": "targetPath",
        "values_key": "valuesKey",
    },
)
class HelmReleaseSpecValuesFrom:
    def __init__(
        self,
        *,
        kind: "HelmReleaseSpecValuesFromKind",
        name: builtins.str,
        literal: typing.Optional[builtins.bool] = None,
        optional: typing.Optional[builtins.bool] = None,
        target_path: typing.Optional[builtins.str] = None,
        values_key: typing.Optional[builtins.str] = None,
    ) -> None:
        '''ValuesReference contains a reference to a resource containing Helm values, and optionally the key they can be found at.

        :param kind: Kind of the values referent, valid values are ('Secret', 'ConfigMap').
        :param name: Name of the values referent. Should reside in the same namespace as the referring resource.
        :param literal: Literal marks this ValuesReference as a literal value. When set in combination with TargetPath, the referenced value is merged at the target path without interpreting Helm's ``--set`` syntax (commas, brackets, dots, equal signs, etc.), mirroring the behavior of ``helm --set-literal``. This is the only safe way to inject arbitrary file content (config files, JSON blobs, multi-line strings containing special characters) through ``valuesFrom``. Has no effect when TargetPath is empty: in that mode the referenced value is always YAML-merged at the root.
        :param optional: Optional marks this ValuesReference as optional. When set, a not found error for the values reference is ignored, but any ValuesKey, TargetPath or transient error will still result in a reconciliation failure.
        :param target_path: TargetPath is the YAML dot notation path the value should be merged at. When set, the ValuesKey is expected to be a single flat value. Defaults to 'None', which results in the values getting merged at the root. Default: None',
        :param values_key: ValuesKey is the data key where the values.yaml or a specific value can be found at. Defaults to 'values.yaml'. Default: values.yaml'.

        :schema: HelmReleaseSpecValuesFrom
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e72de5ab2ae9bfafbba0d254c37e07239b0bac6e4ddfb319b9a113ccd544b712)
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument literal", value=literal, expected_type=type_hints["literal"])
            check_type(argname="argument optional", value=optional, expected_type=type_hints["optional"])
            check_type(argname="argument target_path", value=target_path, expected_type=type_hints["target_path"])
            check_type(argname="argument values_key", value=values_key, expected_type=type_hints["values_key"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "kind": kind,
            "name": name,
        }
        if literal is not None:
            self._values["literal"] = literal
        if optional is not None:
            self._values["optional"] = optional
        if target_path is not None:
            self._values["target_path"] = target_path
        if values_key is not None:
            self._values["values_key"] = values_key

    @builtins.property
    def kind(self) -> "HelmReleaseSpecValuesFromKind":
        '''Kind of the values referent, valid values are ('Secret', 'ConfigMap').

        :schema: HelmReleaseSpecValuesFrom#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast("HelmReleaseSpecValuesFromKind", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the values referent.

        Should reside in the same namespace as the
        referring resource.

        :schema: HelmReleaseSpecValuesFrom#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def literal(self) -> typing.Optional[builtins.bool]:
        '''Literal marks this ValuesReference as a literal value.

        When set in
        combination with TargetPath, the referenced value is merged at the target
        path without interpreting Helm's ``--set`` syntax (commas, brackets, dots,
        equal signs, etc.), mirroring the behavior of ``helm --set-literal``. This
        is the only safe way to inject arbitrary file content (config files, JSON
        blobs, multi-line strings containing special characters) through
        ``valuesFrom``. Has no effect when TargetPath is empty: in that mode the
        referenced value is always YAML-merged at the root.

        :schema: HelmReleaseSpecValuesFrom#literal
        '''
        result = self._values.get("literal")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def optional(self) -> typing.Optional[builtins.bool]:
        '''Optional marks this ValuesReference as optional.

        When set, a not found error
        for the values reference is ignored, but any ValuesKey, TargetPath or
        transient error will still result in a reconciliation failure.

        :schema: HelmReleaseSpecValuesFrom#optional
        '''
        result = self._values.get("optional")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def target_path(self) -> typing.Optional[builtins.str]:
        '''TargetPath is the YAML dot notation path the value should be merged at.

        When
        set, the ValuesKey is expected to be a single flat value. Defaults to 'None',
        which results in the values getting merged at the root.

        :default: None',

        :schema: HelmReleaseSpecValuesFrom#targetPath
        '''
        result = self._values.get("target_path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def values_key(self) -> typing.Optional[builtins.str]:
        '''ValuesKey is the data key where the values.yaml or a specific value can be found at. Defaults to 'values.yaml'.

        :default: values.yaml'.

        :schema: HelmReleaseSpecValuesFrom#valuesKey
        '''
        result = self._values.get("values_key")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecValuesFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecValuesFromKind")
class HelmReleaseSpecValuesFromKind(enum.Enum):
    '''Kind of the values referent, valid values are ('Secret', 'ConfigMap').

    :schema: HelmReleaseSpecValuesFromKind
    '''

    SECRET = "SECRET"
    '''Secret.'''
    CONFIG_MAP = "CONFIG_MAP"
    '''ConfigMap.'''


@jsii.data_type(
    jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecWaitStrategy",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class HelmReleaseSpecWaitStrategy:
    def __init__(self, *, name: "HelmReleaseSpecWaitStrategyName") -> None:
        '''WaitStrategy defines Helm's wait strategy for waiting for applied resources to become ready.

        :param name: Name is Helm's wait strategy for waiting for applied resources to become ready. One of 'poller' or 'legacy'. The 'poller' strategy uses kstatus to poll resource statuses, while the 'legacy' strategy uses Helm v3's waiting logic. Defaults to 'poller', or to 'legacy' when UseHelm3Defaults feature gate is enabled. Default: poller', or to 'legacy' when UseHelm3Defaults feature

        :schema: HelmReleaseSpecWaitStrategy
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d54e3ce4e38e74fbacd9bc8ff75b70659a2bca1727f85be12364779dcbe86122)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> "HelmReleaseSpecWaitStrategyName":
        '''Name is Helm's wait strategy for waiting for applied resources to become ready.

        One of 'poller' or 'legacy'. The 'poller' strategy uses
        kstatus to poll resource statuses, while the 'legacy' strategy uses
        Helm v3's waiting logic.
        Defaults to 'poller', or to 'legacy' when UseHelm3Defaults feature
        gate is enabled.

        :default: poller', or to 'legacy' when UseHelm3Defaults feature

        :schema: HelmReleaseSpecWaitStrategy#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast("HelmReleaseSpecWaitStrategyName", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "HelmReleaseSpecWaitStrategy(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_helm_iofluxcdtoolkithelm.HelmReleaseSpecWaitStrategyName")
class HelmReleaseSpecWaitStrategyName(enum.Enum):
    '''Name is Helm's wait strategy for waiting for applied resources to become ready.

    One of 'poller' or 'legacy'. The 'poller' strategy uses
    kstatus to poll resource statuses, while the 'legacy' strategy uses
    Helm v3's waiting logic.
    Defaults to 'poller', or to 'legacy' when UseHelm3Defaults feature
    gate is enabled.

    :default: poller', or to 'legacy' when UseHelm3Defaults feature

    :schema: HelmReleaseSpecWaitStrategyName
    '''

    POLLER = "POLLER"
    '''poller.'''
    LEGACY = "LEGACY"
    '''legacy.'''


__all__ = [
    "HelmRelease",
    "HelmReleaseProps",
    "HelmReleaseSpec",
    "HelmReleaseSpecChart",
    "HelmReleaseSpecChartMetadata",
    "HelmReleaseSpecChartRef",
    "HelmReleaseSpecChartRefKind",
    "HelmReleaseSpecChartSpec",
    "HelmReleaseSpecChartSpecReconcileStrategy",
    "HelmReleaseSpecChartSpecSourceRef",
    "HelmReleaseSpecChartSpecSourceRefKind",
    "HelmReleaseSpecChartSpecVerify",
    "HelmReleaseSpecChartSpecVerifyProvider",
    "HelmReleaseSpecChartSpecVerifySecretRef",
    "HelmReleaseSpecCommonMetadata",
    "HelmReleaseSpecDependsOn",
    "HelmReleaseSpecDriftDetection",
    "HelmReleaseSpecDriftDetectionIgnore",
    "HelmReleaseSpecDriftDetectionIgnoreTarget",
    "HelmReleaseSpecDriftDetectionMode",
    "HelmReleaseSpecHealthCheckExprs",
    "HelmReleaseSpecInstall",
    "HelmReleaseSpecInstallCrds",
    "HelmReleaseSpecInstallRemediation",
    "HelmReleaseSpecInstallStrategy",
    "HelmReleaseSpecInstallStrategyName",
    "HelmReleaseSpecKubeConfig",
    "HelmReleaseSpecKubeConfigConfigMapRef",
    "HelmReleaseSpecKubeConfigSecretRef",
    "HelmReleaseSpecPostRenderStrategy",
    "HelmReleaseSpecPostRenderers",
    "HelmReleaseSpecPostRenderersKustomize",
    "HelmReleaseSpecPostRenderersKustomizeImages",
    "HelmReleaseSpecPostRenderersKustomizePatches",
    "HelmReleaseSpecPostRenderersKustomizePatchesTarget",
    "HelmReleaseSpecRollback",
    "HelmReleaseSpecRollbackServerSideApply",
    "HelmReleaseSpecTest",
    "HelmReleaseSpecTestFilters",
    "HelmReleaseSpecUninstall",
    "HelmReleaseSpecUninstallDeletionPropagation",
    "HelmReleaseSpecUpgrade",
    "HelmReleaseSpecUpgradeChartNameChangeStrategy",
    "HelmReleaseSpecUpgradeCrds",
    "HelmReleaseSpecUpgradeRemediation",
    "HelmReleaseSpecUpgradeRemediationStrategy",
    "HelmReleaseSpecUpgradeServerSideApply",
    "HelmReleaseSpecUpgradeStrategy",
    "HelmReleaseSpecUpgradeStrategyName",
    "HelmReleaseSpecValuesFrom",
    "HelmReleaseSpecValuesFromKind",
    "HelmReleaseSpecWaitStrategy",
    "HelmReleaseSpecWaitStrategyName",
]

publication.publish()

def _typecheckingstub__75caadeae8ba44237699ac9cd25ef123acb6681eddf229b1028b6e425f1e6161(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[HelmReleaseSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5e46c27136f480cb0935001569915622f1dbc1872b88cf431c2965b149e0e60d(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[HelmReleaseSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__8b9bbf31f4f250d208b26b26d989752b228291ebb3f40e028e3d15b12a28b5a7(
    *,
    interval: builtins.str,
    chart: typing.Optional[typing.Union[HelmReleaseSpecChart, typing.Dict[builtins.str, typing.Any]]] = None,
    chart_ref: typing.Optional[typing.Union[HelmReleaseSpecChartRef, typing.Dict[builtins.str, typing.Any]]] = None,
    common_metadata: typing.Optional[typing.Union[HelmReleaseSpecCommonMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    depends_on: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecDependsOn, typing.Dict[builtins.str, typing.Any]]]] = None,
    drift_detection: typing.Optional[typing.Union[HelmReleaseSpecDriftDetection, typing.Dict[builtins.str, typing.Any]]] = None,
    health_check_exprs: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecHealthCheckExprs, typing.Dict[builtins.str, typing.Any]]]] = None,
    install: typing.Optional[typing.Union[HelmReleaseSpecInstall, typing.Dict[builtins.str, typing.Any]]] = None,
    kube_config: typing.Optional[typing.Union[HelmReleaseSpecKubeConfig, typing.Dict[builtins.str, typing.Any]]] = None,
    max_history: typing.Optional[jsii.Number] = None,
    persistent_client: typing.Optional[builtins.bool] = None,
    post_renderers: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecPostRenderers, typing.Dict[builtins.str, typing.Any]]]] = None,
    post_render_strategy: typing.Optional[HelmReleaseSpecPostRenderStrategy] = None,
    release_name: typing.Optional[builtins.str] = None,
    rollback: typing.Optional[typing.Union[HelmReleaseSpecRollback, typing.Dict[builtins.str, typing.Any]]] = None,
    service_account_name: typing.Optional[builtins.str] = None,
    storage_namespace: typing.Optional[builtins.str] = None,
    suspend: typing.Optional[builtins.bool] = None,
    target_namespace: typing.Optional[builtins.str] = None,
    test: typing.Optional[typing.Union[HelmReleaseSpecTest, typing.Dict[builtins.str, typing.Any]]] = None,
    timeout: typing.Optional[builtins.str] = None,
    uninstall: typing.Optional[typing.Union[HelmReleaseSpecUninstall, typing.Dict[builtins.str, typing.Any]]] = None,
    upgrade: typing.Optional[typing.Union[HelmReleaseSpecUpgrade, typing.Dict[builtins.str, typing.Any]]] = None,
    values: typing.Any = None,
    values_from: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecValuesFrom, typing.Dict[builtins.str, typing.Any]]]] = None,
    wait_strategy: typing.Optional[typing.Union[HelmReleaseSpecWaitStrategy, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__81eadbdea11d73814cdc19044e62d84b49242a5e8b85e91260426ed9ab030d1c(
    *,
    spec: typing.Union[HelmReleaseSpecChartSpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[HelmReleaseSpecChartMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__8b079b9ce40a589deb763452a769e373fc736e31f9545e5f8e87f301cf8b2c37(
    *,
    annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__31457e97834efc461fcd5a35781222696a4e26b0956fc94976c706704fe4ec46(
    *,
    kind: HelmReleaseSpecChartRefKind,
    name: builtins.str,
    api_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__decc639b43e534b29604802184200f4959b3e1965fd150d2dfae69cafe723674(
    *,
    chart: builtins.str,
    source_ref: typing.Union[HelmReleaseSpecChartSpecSourceRef, typing.Dict[builtins.str, typing.Any]],
    ignore_missing_values_files: typing.Optional[builtins.bool] = None,
    interval: typing.Optional[builtins.str] = None,
    reconcile_strategy: typing.Optional[HelmReleaseSpecChartSpecReconcileStrategy] = None,
    values_files: typing.Optional[typing.Sequence[builtins.str]] = None,
    verify: typing.Optional[typing.Union[HelmReleaseSpecChartSpecVerify, typing.Dict[builtins.str, typing.Any]]] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9ca762e09d2ccdc967cc96a4d3af0b32d1d4d7287a2c0167257146e19d82adee(
    *,
    kind: HelmReleaseSpecChartSpecSourceRefKind,
    name: builtins.str,
    api_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__aa768aaa595fe593efb9bddf3a86ded45adb14e0de2a58da98ab8e158224a084(
    *,
    provider: HelmReleaseSpecChartSpecVerifyProvider,
    secret_ref: typing.Optional[typing.Union[HelmReleaseSpecChartSpecVerifySecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f1ee0ef671a71f4ee76a773853ea6a93e7980ce00451e54981cec77f13ef256e(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__537ccd3b7e9b3b99c8e811305d61ef6a6e089b3eef4ca785028994556db6553b(
    *,
    annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5cff875665c2673071a23c6cde8879f8adbcc6c8b8b87d48b1d57153c342fde4(
    *,
    name: builtins.str,
    namespace: typing.Optional[builtins.str] = None,
    ready_expr: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e4dbf231bbfa23f1b9956acf606848cc9805453de182528607aaa0373e4047ce(
    *,
    ignore: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecDriftDetectionIgnore, typing.Dict[builtins.str, typing.Any]]]] = None,
    mode: typing.Optional[HelmReleaseSpecDriftDetectionMode] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f6ada3dbc1cd573143ece139404fed801f81bfe7a73fc1dddd64a6d92b92ab82(
    *,
    paths: typing.Sequence[builtins.str],
    target: typing.Optional[typing.Union[HelmReleaseSpecDriftDetectionIgnoreTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b489c0813fce47b7ed591241b594f24eafc5ead180332e474b01f104431bdcd5(
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

def _typecheckingstub__f66572dee84704c22ba809e69786873ab38c08358ee206df5ba5f1477e3d872c(
    *,
    api_version: builtins.str,
    current: builtins.str,
    failed: typing.Optional[builtins.str] = None,
    in_progress: typing.Optional[builtins.str] = None,
    kind: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a23f30da9d5a77784bccccc754184aa30d3bb29f76d25aa44b7cf3cc5f513dd2(
    *,
    crds: typing.Optional[HelmReleaseSpecInstallCrds] = None,
    create_namespace: typing.Optional[builtins.bool] = None,
    disable_hooks: typing.Optional[builtins.bool] = None,
    disable_open_api_validation: typing.Optional[builtins.bool] = None,
    disable_schema_validation: typing.Optional[builtins.bool] = None,
    disable_take_ownership: typing.Optional[builtins.bool] = None,
    disable_wait: typing.Optional[builtins.bool] = None,
    disable_wait_for_jobs: typing.Optional[builtins.bool] = None,
    remediation: typing.Optional[typing.Union[HelmReleaseSpecInstallRemediation, typing.Dict[builtins.str, typing.Any]]] = None,
    replace: typing.Optional[builtins.bool] = None,
    server_side_apply: typing.Optional[builtins.bool] = None,
    skip_cr_ds: typing.Optional[builtins.bool] = None,
    strategy: typing.Optional[typing.Union[HelmReleaseSpecInstallStrategy, typing.Dict[builtins.str, typing.Any]]] = None,
    timeout: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7546a37b1a0cf0454b5c0835b931595b34c72c24e0abdcda2dd6150f859509b7(
    *,
    ignore_test_failures: typing.Optional[builtins.bool] = None,
    remediate_last_failure: typing.Optional[builtins.bool] = None,
    retries: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2752de0395dbc394eaf8bcf123308dbb44ebff7d33afa23f5931e51602909654(
    *,
    name: HelmReleaseSpecInstallStrategyName,
    retry_interval: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c64606131fc18e36b97305974304bbb02b23aa41d7258c4a0b5599f6dfabfb68(
    *,
    config_map_ref: typing.Optional[typing.Union[HelmReleaseSpecKubeConfigConfigMapRef, typing.Dict[builtins.str, typing.Any]]] = None,
    secret_ref: typing.Optional[typing.Union[HelmReleaseSpecKubeConfigSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5549c435c61b6510ca357cfa9bce64fbc37e8e326a556bdffa7e73557057603c(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f4500bbf686d10bd6c2c3ebebd14d4bccb9605a43dcc111fac0e9b093bfb01fc(
    *,
    name: builtins.str,
    key: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__cd113f41d62567c73fc1003924933c48c8c7f5291e01acb27686bf38bf100195(
    *,
    kustomize: typing.Optional[typing.Union[HelmReleaseSpecPostRenderersKustomize, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__862cc68dc7512e1a9dd0771f15393f958511696292aa5994e97157ee5b4182d1(
    *,
    images: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecPostRenderersKustomizeImages, typing.Dict[builtins.str, typing.Any]]]] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecPostRenderersKustomizePatches, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fba52ae6495191bba23503f2a2d0350dfbddd5e5a30b5fd639558b88e5e4274b(
    *,
    name: builtins.str,
    digest: typing.Optional[builtins.str] = None,
    new_name: typing.Optional[builtins.str] = None,
    new_tag: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4ec6403f2beeb2fbcb349d2a83e4d8fe7501ac44529f920eaece04f1716196bf(
    *,
    patch: builtins.str,
    target: typing.Optional[typing.Union[HelmReleaseSpecPostRenderersKustomizePatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c2ab1ef83330f2dcff0ef7f9388d82c499f9e0ca238c1d99da2273ecb9b77bb5(
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

def _typecheckingstub__ee2ad1a6d685f02d7082fa37eff06026d82614df2d9df895630f27e65c84f8a6(
    *,
    cleanup_on_fail: typing.Optional[builtins.bool] = None,
    disable_hooks: typing.Optional[builtins.bool] = None,
    disable_wait: typing.Optional[builtins.bool] = None,
    disable_wait_for_jobs: typing.Optional[builtins.bool] = None,
    force: typing.Optional[builtins.bool] = None,
    recreate: typing.Optional[builtins.bool] = None,
    server_side_apply: typing.Optional[HelmReleaseSpecRollbackServerSideApply] = None,
    timeout: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__58c44cfc0a6f9f7bc34683fe86840dff1dafaef80acf72ae6cef5484ee489d20(
    *,
    enable: typing.Optional[builtins.bool] = None,
    filters: typing.Optional[typing.Sequence[typing.Union[HelmReleaseSpecTestFilters, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_failures: typing.Optional[builtins.bool] = None,
    timeout: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a0203e4145da9c211072eb528092fe78774c3be063cec017fdf3ed73ab234025(
    *,
    name: builtins.str,
    exclude: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a162600fbf56e534e22e1e94d09c61fb2163c85c12f55c06a6d4a63ff7424504(
    *,
    deletion_propagation: typing.Optional[HelmReleaseSpecUninstallDeletionPropagation] = None,
    disable_hooks: typing.Optional[builtins.bool] = None,
    disable_wait: typing.Optional[builtins.bool] = None,
    keep_history: typing.Optional[builtins.bool] = None,
    timeout: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5ce4ff655cf1c2734d0763b743b368bb7468e2f66f25e0652d72656cbdf341de(
    *,
    chart_name_change_strategy: typing.Optional[HelmReleaseSpecUpgradeChartNameChangeStrategy] = None,
    cleanup_on_fail: typing.Optional[builtins.bool] = None,
    crds: typing.Optional[HelmReleaseSpecUpgradeCrds] = None,
    disable_hooks: typing.Optional[builtins.bool] = None,
    disable_open_api_validation: typing.Optional[builtins.bool] = None,
    disable_schema_validation: typing.Optional[builtins.bool] = None,
    disable_take_ownership: typing.Optional[builtins.bool] = None,
    disable_wait: typing.Optional[builtins.bool] = None,
    disable_wait_for_jobs: typing.Optional[builtins.bool] = None,
    force: typing.Optional[builtins.bool] = None,
    preserve_values: typing.Optional[builtins.bool] = None,
    remediation: typing.Optional[typing.Union[HelmReleaseSpecUpgradeRemediation, typing.Dict[builtins.str, typing.Any]]] = None,
    server_side_apply: typing.Optional[HelmReleaseSpecUpgradeServerSideApply] = None,
    strategy: typing.Optional[typing.Union[HelmReleaseSpecUpgradeStrategy, typing.Dict[builtins.str, typing.Any]]] = None,
    timeout: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ff60db42177f73972e681c6d01a6cd867ffeddf7d5594e17d7f12e41f6b2e07a(
    *,
    ignore_test_failures: typing.Optional[builtins.bool] = None,
    remediate_last_failure: typing.Optional[builtins.bool] = None,
    retries: typing.Optional[jsii.Number] = None,
    strategy: typing.Optional[HelmReleaseSpecUpgradeRemediationStrategy] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9f88c7a06bf0d38ab2acaba39df71b542031d305e1274ffd50af880dd78fae5e(
    *,
    name: HelmReleaseSpecUpgradeStrategyName,
    retry_interval: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e72de5ab2ae9bfafbba0d254c37e07239b0bac6e4ddfb319b9a113ccd544b712(
    *,
    kind: HelmReleaseSpecValuesFromKind,
    name: builtins.str,
    literal: typing.Optional[builtins.bool] = None,
    optional: typing.Optional[builtins.bool] = None,
    target_path: typing.Optional[builtins.str] = None,
    values_key: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d54e3ce4e38e74fbacd9bc8ff75b70659a2bca1727f85be12364779dcbe86122(
    *,
    name: HelmReleaseSpecWaitStrategyName,
) -> None:
    """Type checking stubs"""
    pass
