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


class Application(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="argocd_ioargoproj.Application",
):
    '''Application is a definition of Application resource.

    :schema: Application
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]],
        spec: typing.Union["ApplicationSpec", typing.Dict[builtins.str, typing.Any]],
        operation: typing.Optional[typing.Union["ApplicationOperation", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "Application" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: ApplicationSpec represents desired application state. Contains link to repository with application definition and additional parameters link definition revision.
        :param operation: Operation contains information about a requested or running operation.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__043fcba732509963dd134008d384eeccbb4ed7ed88480f4b7a607dc25ad676e9)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = ApplicationProps(metadata=metadata, spec=spec, operation=operation)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]],
        spec: typing.Union["ApplicationSpec", typing.Dict[builtins.str, typing.Any]],
        operation: typing.Optional[typing.Union["ApplicationOperation", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "Application".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: ApplicationSpec represents desired application state. Contains link to repository with application definition and additional parameters link definition revision.
        :param operation: Operation contains information about a requested or running operation.
        '''
        props = ApplicationProps(metadata=metadata, spec=spec, operation=operation)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "Application".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperation",
    jsii_struct_bases=[],
    name_mapping={
        "info": "info",
        "initiated_by": "initiatedBy",
        "retry": "retry",
        "sync": "sync",
    },
)
class ApplicationOperation:
    def __init__(
        self,
        *,
        info: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationInfo", typing.Dict[builtins.str, typing.Any]]]] = None,
        initiated_by: typing.Optional[typing.Union["ApplicationOperationInitiatedBy", typing.Dict[builtins.str, typing.Any]]] = None,
        retry: typing.Optional[typing.Union["ApplicationOperationRetry", typing.Dict[builtins.str, typing.Any]]] = None,
        sync: typing.Optional[typing.Union["ApplicationOperationSync", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Operation contains information about a requested or running operation.

        :param info: Info is a list of informational items for this operation.
        :param initiated_by: InitiatedBy contains information about who initiated the operations.
        :param retry: Retry controls the strategy to apply if a sync fails.
        :param sync: Sync contains parameters for the operation.

        :schema: ApplicationOperation
        '''
        if isinstance(initiated_by, dict):
            initiated_by = ApplicationOperationInitiatedBy(**initiated_by)
        if isinstance(retry, dict):
            retry = ApplicationOperationRetry(**retry)
        if isinstance(sync, dict):
            sync = ApplicationOperationSync(**sync)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b2034ad4021f137a43a925daef72f1de50028ca088ff9be4ea6b7f3320891cf3)
            check_type(argname="argument info", value=info, expected_type=type_hints["info"])
            check_type(argname="argument initiated_by", value=initiated_by, expected_type=type_hints["initiated_by"])
            check_type(argname="argument retry", value=retry, expected_type=type_hints["retry"])
            check_type(argname="argument sync", value=sync, expected_type=type_hints["sync"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if info is not None:
            self._values["info"] = info
        if initiated_by is not None:
            self._values["initiated_by"] = initiated_by
        if retry is not None:
            self._values["retry"] = retry
        if sync is not None:
            self._values["sync"] = sync

    @builtins.property
    def info(self) -> typing.Optional[typing.List["ApplicationOperationInfo"]]:
        '''Info is a list of informational items for this operation.

        :schema: ApplicationOperation#info
        '''
        result = self._values.get("info")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationInfo"]], result)

    @builtins.property
    def initiated_by(self) -> typing.Optional["ApplicationOperationInitiatedBy"]:
        '''InitiatedBy contains information about who initiated the operations.

        :schema: ApplicationOperation#initiatedBy
        '''
        result = self._values.get("initiated_by")
        return typing.cast(typing.Optional["ApplicationOperationInitiatedBy"], result)

    @builtins.property
    def retry(self) -> typing.Optional["ApplicationOperationRetry"]:
        '''Retry controls the strategy to apply if a sync fails.

        :schema: ApplicationOperation#retry
        '''
        result = self._values.get("retry")
        return typing.cast(typing.Optional["ApplicationOperationRetry"], result)

    @builtins.property
    def sync(self) -> typing.Optional["ApplicationOperationSync"]:
        '''Sync contains parameters for the operation.

        :schema: ApplicationOperation#sync
        '''
        result = self._values.get("sync")
        return typing.cast(typing.Optional["ApplicationOperationSync"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperation(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationInfo",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationOperationInfo:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: ApplicationOperationInfo
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6a3374ee079767a3c335a85e80dc973aa1d3cd8b629746b4b6d23ff51396a5ff)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationOperationInfo#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationOperationInfo#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationInfo(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationInitiatedBy",
    jsii_struct_bases=[],
    name_mapping={"automated": "automated", "username": "username"},
)
class ApplicationOperationInitiatedBy:
    def __init__(
        self,
        *,
        automated: typing.Optional[builtins.bool] = None,
        username: typing.Optional[builtins.str] = None,
    ) -> None:
        '''InitiatedBy contains information about who initiated the operations.

        :param automated: Automated is set to true if operation was initiated automatically by the application controller.
        :param username: Username contains the name of a user who started operation.

        :schema: ApplicationOperationInitiatedBy
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0d3fded0954320464eb11d65702a29dc96605c50466bd48ce220768340aa0219)
            check_type(argname="argument automated", value=automated, expected_type=type_hints["automated"])
            check_type(argname="argument username", value=username, expected_type=type_hints["username"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if automated is not None:
            self._values["automated"] = automated
        if username is not None:
            self._values["username"] = username

    @builtins.property
    def automated(self) -> typing.Optional[builtins.bool]:
        '''Automated is set to true if operation was initiated automatically by the application controller.

        :schema: ApplicationOperationInitiatedBy#automated
        '''
        result = self._values.get("automated")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def username(self) -> typing.Optional[builtins.str]:
        '''Username contains the name of a user who started operation.

        :schema: ApplicationOperationInitiatedBy#username
        '''
        result = self._values.get("username")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationInitiatedBy(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationRetry",
    jsii_struct_bases=[],
    name_mapping={"backoff": "backoff", "limit": "limit", "refresh": "refresh"},
)
class ApplicationOperationRetry:
    def __init__(
        self,
        *,
        backoff: typing.Optional[typing.Union["ApplicationOperationRetryBackoff", typing.Dict[builtins.str, typing.Any]]] = None,
        limit: typing.Optional[jsii.Number] = None,
        refresh: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Retry controls the strategy to apply if a sync fails.

        :param backoff: Backoff controls how to backoff on subsequent retries of failed syncs.
        :param limit: Limit is the maximum number of attempts for retrying a failed sync. If set to 0, no retries will be performed.
        :param refresh: Refresh indicates if the latest revision should be used on retry instead of the initial one (default: false).

        :schema: ApplicationOperationRetry
        '''
        if isinstance(backoff, dict):
            backoff = ApplicationOperationRetryBackoff(**backoff)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__601c999bc50f79ed4fe99ebacdc2802dcb927376279afc8b89872b493023cf93)
            check_type(argname="argument backoff", value=backoff, expected_type=type_hints["backoff"])
            check_type(argname="argument limit", value=limit, expected_type=type_hints["limit"])
            check_type(argname="argument refresh", value=refresh, expected_type=type_hints["refresh"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if backoff is not None:
            self._values["backoff"] = backoff
        if limit is not None:
            self._values["limit"] = limit
        if refresh is not None:
            self._values["refresh"] = refresh

    @builtins.property
    def backoff(self) -> typing.Optional["ApplicationOperationRetryBackoff"]:
        '''Backoff controls how to backoff on subsequent retries of failed syncs.

        :schema: ApplicationOperationRetry#backoff
        '''
        result = self._values.get("backoff")
        return typing.cast(typing.Optional["ApplicationOperationRetryBackoff"], result)

    @builtins.property
    def limit(self) -> typing.Optional[jsii.Number]:
        '''Limit is the maximum number of attempts for retrying a failed sync.

        If set to 0, no retries will be performed.

        :schema: ApplicationOperationRetry#limit
        '''
        result = self._values.get("limit")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def refresh(self) -> typing.Optional[builtins.bool]:
        '''Refresh indicates if the latest revision should be used on retry instead of the initial one (default: false).

        :schema: ApplicationOperationRetry#refresh
        '''
        result = self._values.get("refresh")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationRetry(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationRetryBackoff",
    jsii_struct_bases=[],
    name_mapping={
        "duration": "duration",
        "factor": "factor",
        "max_duration": "maxDuration",
    },
)
class ApplicationOperationRetryBackoff:
    def __init__(
        self,
        *,
        duration: typing.Optional[builtins.str] = None,
        factor: typing.Optional[jsii.Number] = None,
        max_duration: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Backoff controls how to backoff on subsequent retries of failed syncs.

        :param duration: Duration is the amount to back off. Default unit is seconds, but could also be a duration (e.g. "2m", "1h")
        :param factor: Factor is a factor to multiply the base duration after each failed retry.
        :param max_duration: MaxDuration is the maximum amount of time allowed for the backoff strategy.

        :schema: ApplicationOperationRetryBackoff
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d4605155bf6b566296a188178ac5a858c10404e003f1dea2963fae609069fe9a)
            check_type(argname="argument duration", value=duration, expected_type=type_hints["duration"])
            check_type(argname="argument factor", value=factor, expected_type=type_hints["factor"])
            check_type(argname="argument max_duration", value=max_duration, expected_type=type_hints["max_duration"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if duration is not None:
            self._values["duration"] = duration
        if factor is not None:
            self._values["factor"] = factor
        if max_duration is not None:
            self._values["max_duration"] = max_duration

    @builtins.property
    def duration(self) -> typing.Optional[builtins.str]:
        '''Duration is the amount to back off.

        Default unit is seconds, but could also be a duration (e.g. "2m", "1h")

        :schema: ApplicationOperationRetryBackoff#duration
        '''
        result = self._values.get("duration")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def factor(self) -> typing.Optional[jsii.Number]:
        '''Factor is a factor to multiply the base duration after each failed retry.

        :schema: ApplicationOperationRetryBackoff#factor
        '''
        result = self._values.get("factor")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def max_duration(self) -> typing.Optional[builtins.str]:
        '''MaxDuration is the maximum amount of time allowed for the backoff strategy.

        :schema: ApplicationOperationRetryBackoff#maxDuration
        '''
        result = self._values.get("max_duration")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationRetryBackoff(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSync",
    jsii_struct_bases=[],
    name_mapping={
        "auto_heal_attempts_count": "autoHealAttemptsCount",
        "dry_run": "dryRun",
        "manifests": "manifests",
        "prune": "prune",
        "resources": "resources",
        "revision": "revision",
        "revisions": "revisions",
        "source": "source",
        "sources": "sources",
        "sync_options": "syncOptions",
        "sync_strategy": "syncStrategy",
    },
)
class ApplicationOperationSync:
    def __init__(
        self,
        *,
        auto_heal_attempts_count: typing.Optional[jsii.Number] = None,
        dry_run: typing.Optional[builtins.bool] = None,
        manifests: typing.Optional[typing.Sequence[builtins.str]] = None,
        prune: typing.Optional[builtins.bool] = None,
        resources: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncResources", typing.Dict[builtins.str, typing.Any]]]] = None,
        revision: typing.Optional[builtins.str] = None,
        revisions: typing.Optional[typing.Sequence[builtins.str]] = None,
        source: typing.Optional[typing.Union["ApplicationOperationSyncSource", typing.Dict[builtins.str, typing.Any]]] = None,
        sources: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSources", typing.Dict[builtins.str, typing.Any]]]] = None,
        sync_options: typing.Optional[typing.Sequence[builtins.str]] = None,
        sync_strategy: typing.Optional[typing.Union["ApplicationOperationSyncSyncStrategy", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Sync contains parameters for the operation.

        :param auto_heal_attempts_count: SelfHealAttemptsCount contains the number of auto-heal attempts.
        :param dry_run: DryRun specifies to perform a ``kubectl apply --dry-run`` without actually performing the sync.
        :param manifests: Manifests is an optional field that overrides sync source with a local directory for development.
        :param prune: Prune specifies to delete resources from the cluster that are no longer tracked in git.
        :param resources: Resources describes which resources shall be part of the sync.
        :param revision: Revision is the revision (Git) or chart version (Helm) which to sync the application to If omitted, will use the revision specified in app spec.
        :param revisions: Revisions is the list of revision (Git) or chart version (Helm) which to sync each source in sources field for the application to If omitted, will use the revision specified in app spec.
        :param source: Source overrides the source definition set in the application. This is typically set in a Rollback operation and is nil during a Sync operation
        :param sources: Sources overrides the source definition set in the application. This is typically set in a Rollback operation and is nil during a Sync operation
        :param sync_options: SyncOptions provide per-sync sync-options, e.g. Validate=false.
        :param sync_strategy: SyncStrategy describes how to perform the sync.

        :schema: ApplicationOperationSync
        '''
        if isinstance(source, dict):
            source = ApplicationOperationSyncSource(**source)
        if isinstance(sync_strategy, dict):
            sync_strategy = ApplicationOperationSyncSyncStrategy(**sync_strategy)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4df0681419d5f127e12b34dbe482c0a5077e5a5a1e312750ef7120dc8a8dd978)
            check_type(argname="argument auto_heal_attempts_count", value=auto_heal_attempts_count, expected_type=type_hints["auto_heal_attempts_count"])
            check_type(argname="argument dry_run", value=dry_run, expected_type=type_hints["dry_run"])
            check_type(argname="argument manifests", value=manifests, expected_type=type_hints["manifests"])
            check_type(argname="argument prune", value=prune, expected_type=type_hints["prune"])
            check_type(argname="argument resources", value=resources, expected_type=type_hints["resources"])
            check_type(argname="argument revision", value=revision, expected_type=type_hints["revision"])
            check_type(argname="argument revisions", value=revisions, expected_type=type_hints["revisions"])
            check_type(argname="argument source", value=source, expected_type=type_hints["source"])
            check_type(argname="argument sources", value=sources, expected_type=type_hints["sources"])
            check_type(argname="argument sync_options", value=sync_options, expected_type=type_hints["sync_options"])
            check_type(argname="argument sync_strategy", value=sync_strategy, expected_type=type_hints["sync_strategy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if auto_heal_attempts_count is not None:
            self._values["auto_heal_attempts_count"] = auto_heal_attempts_count
        if dry_run is not None:
            self._values["dry_run"] = dry_run
        if manifests is not None:
            self._values["manifests"] = manifests
        if prune is not None:
            self._values["prune"] = prune
        if resources is not None:
            self._values["resources"] = resources
        if revision is not None:
            self._values["revision"] = revision
        if revisions is not None:
            self._values["revisions"] = revisions
        if source is not None:
            self._values["source"] = source
        if sources is not None:
            self._values["sources"] = sources
        if sync_options is not None:
            self._values["sync_options"] = sync_options
        if sync_strategy is not None:
            self._values["sync_strategy"] = sync_strategy

    @builtins.property
    def auto_heal_attempts_count(self) -> typing.Optional[jsii.Number]:
        '''SelfHealAttemptsCount contains the number of auto-heal attempts.

        :schema: ApplicationOperationSync#autoHealAttemptsCount
        '''
        result = self._values.get("auto_heal_attempts_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def dry_run(self) -> typing.Optional[builtins.bool]:
        '''DryRun specifies to perform a ``kubectl apply --dry-run`` without actually performing the sync.

        :schema: ApplicationOperationSync#dryRun
        '''
        result = self._values.get("dry_run")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def manifests(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Manifests is an optional field that overrides sync source with a local directory for development.

        :schema: ApplicationOperationSync#manifests
        '''
        result = self._values.get("manifests")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def prune(self) -> typing.Optional[builtins.bool]:
        '''Prune specifies to delete resources from the cluster that are no longer tracked in git.

        :schema: ApplicationOperationSync#prune
        '''
        result = self._values.get("prune")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def resources(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncResources"]]:
        '''Resources describes which resources shall be part of the sync.

        :schema: ApplicationOperationSync#resources
        '''
        result = self._values.get("resources")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncResources"]], result)

    @builtins.property
    def revision(self) -> typing.Optional[builtins.str]:
        '''Revision is the revision (Git) or chart version (Helm) which to sync the application to If omitted, will use the revision specified in app spec.

        :schema: ApplicationOperationSync#revision
        '''
        result = self._values.get("revision")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def revisions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Revisions is the list of revision (Git) or chart version (Helm) which to sync each source in sources field for the application to If omitted, will use the revision specified in app spec.

        :schema: ApplicationOperationSync#revisions
        '''
        result = self._values.get("revisions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def source(self) -> typing.Optional["ApplicationOperationSyncSource"]:
        '''Source overrides the source definition set in the application.

        This is typically set in a Rollback operation and is nil during a Sync operation

        :schema: ApplicationOperationSync#source
        '''
        result = self._values.get("source")
        return typing.cast(typing.Optional["ApplicationOperationSyncSource"], result)

    @builtins.property
    def sources(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSources"]]:
        '''Sources overrides the source definition set in the application.

        This is typically set in a Rollback operation and is nil during a Sync operation

        :schema: ApplicationOperationSync#sources
        '''
        result = self._values.get("sources")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSources"]], result)

    @builtins.property
    def sync_options(self) -> typing.Optional[typing.List[builtins.str]]:
        '''SyncOptions provide per-sync sync-options, e.g. Validate=false.

        :schema: ApplicationOperationSync#syncOptions
        '''
        result = self._values.get("sync_options")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def sync_strategy(self) -> typing.Optional["ApplicationOperationSyncSyncStrategy"]:
        '''SyncStrategy describes how to perform the sync.

        :schema: ApplicationOperationSync#syncStrategy
        '''
        result = self._values.get("sync_strategy")
        return typing.cast(typing.Optional["ApplicationOperationSyncSyncStrategy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSync(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncResources",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "name": "name",
        "group": "group",
        "namespace": "namespace",
    },
)
class ApplicationOperationSyncResources:
    def __init__(
        self,
        *,
        kind: builtins.str,
        name: builtins.str,
        group: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
    ) -> None:
        '''SyncOperationResource contains resources to sync.

        :param kind: 
        :param name: 
        :param group: 
        :param namespace: 

        :schema: ApplicationOperationSyncResources
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__84eb8f9de79f29b7a27e0fe11bd02f1d0dde16f5facf18d4d93da10cf99994fc)
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument group", value=group, expected_type=type_hints["group"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "kind": kind,
            "name": name,
        }
        if group is not None:
            self._values["group"] = group
        if namespace is not None:
            self._values["namespace"] = namespace

    @builtins.property
    def kind(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncResources#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncResources#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncResources#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncResources#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncResources(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSource",
    jsii_struct_bases=[],
    name_mapping={
        "repo_url": "repoUrl",
        "chart": "chart",
        "directory": "directory",
        "helm": "helm",
        "kustomize": "kustomize",
        "name": "name",
        "path": "path",
        "plugin": "plugin",
        "ref": "ref",
        "tag_prefix": "tagPrefix",
        "target_revision": "targetRevision",
    },
)
class ApplicationOperationSyncSource:
    def __init__(
        self,
        *,
        repo_url: builtins.str,
        chart: typing.Optional[builtins.str] = None,
        directory: typing.Optional[typing.Union["ApplicationOperationSyncSourceDirectory", typing.Dict[builtins.str, typing.Any]]] = None,
        helm: typing.Optional[typing.Union["ApplicationOperationSyncSourceHelm", typing.Dict[builtins.str, typing.Any]]] = None,
        kustomize: typing.Optional[typing.Union["ApplicationOperationSyncSourceKustomize", typing.Dict[builtins.str, typing.Any]]] = None,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        plugin: typing.Optional[typing.Union["ApplicationOperationSyncSourcePlugin", typing.Dict[builtins.str, typing.Any]]] = None,
        ref: typing.Optional[builtins.str] = None,
        tag_prefix: typing.Optional[builtins.str] = None,
        target_revision: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Source overrides the source definition set in the application.

        This is typically set in a Rollback operation and is nil during a Sync operation

        :param repo_url: RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.
        :param chart: Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.
        :param directory: Directory holds path/directory specific options.
        :param helm: Helm holds helm specific options.
        :param kustomize: Kustomize holds kustomize specific options.
        :param name: Name is used to refer to a source and is displayed in the UI. It is used in multi-source Applications.
        :param path: Path is a directory path within the Git repository, and is only valid for applications sourced from Git.
        :param plugin: Plugin holds config management plugin specific options.
        :param ref: Ref is reference to another source within sources field. This field will not be used if used with a ``source`` tag.
        :param tag_prefix: TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint. The prefix is stripped from tag names before comparison and re-added to the resolved version. For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".
        :param target_revision: TargetRevision defines the revision of the source to sync the application to. In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD. In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationOperationSyncSource
        '''
        if isinstance(directory, dict):
            directory = ApplicationOperationSyncSourceDirectory(**directory)
        if isinstance(helm, dict):
            helm = ApplicationOperationSyncSourceHelm(**helm)
        if isinstance(kustomize, dict):
            kustomize = ApplicationOperationSyncSourceKustomize(**kustomize)
        if isinstance(plugin, dict):
            plugin = ApplicationOperationSyncSourcePlugin(**plugin)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__116566fa6ae7b961520988f82b6a5d8a62602599f623401122cc169231625002)
            check_type(argname="argument repo_url", value=repo_url, expected_type=type_hints["repo_url"])
            check_type(argname="argument chart", value=chart, expected_type=type_hints["chart"])
            check_type(argname="argument directory", value=directory, expected_type=type_hints["directory"])
            check_type(argname="argument helm", value=helm, expected_type=type_hints["helm"])
            check_type(argname="argument kustomize", value=kustomize, expected_type=type_hints["kustomize"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument plugin", value=plugin, expected_type=type_hints["plugin"])
            check_type(argname="argument ref", value=ref, expected_type=type_hints["ref"])
            check_type(argname="argument tag_prefix", value=tag_prefix, expected_type=type_hints["tag_prefix"])
            check_type(argname="argument target_revision", value=target_revision, expected_type=type_hints["target_revision"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "repo_url": repo_url,
        }
        if chart is not None:
            self._values["chart"] = chart
        if directory is not None:
            self._values["directory"] = directory
        if helm is not None:
            self._values["helm"] = helm
        if kustomize is not None:
            self._values["kustomize"] = kustomize
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path
        if plugin is not None:
            self._values["plugin"] = plugin
        if ref is not None:
            self._values["ref"] = ref
        if tag_prefix is not None:
            self._values["tag_prefix"] = tag_prefix
        if target_revision is not None:
            self._values["target_revision"] = target_revision

    @builtins.property
    def repo_url(self) -> builtins.str:
        '''RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.

        :schema: ApplicationOperationSyncSource#repoURL
        '''
        result = self._values.get("repo_url")
        assert result is not None, "Required property 'repo_url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def chart(self) -> typing.Optional[builtins.str]:
        '''Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.

        :schema: ApplicationOperationSyncSource#chart
        '''
        result = self._values.get("chart")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def directory(self) -> typing.Optional["ApplicationOperationSyncSourceDirectory"]:
        '''Directory holds path/directory specific options.

        :schema: ApplicationOperationSyncSource#directory
        '''
        result = self._values.get("directory")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourceDirectory"], result)

    @builtins.property
    def helm(self) -> typing.Optional["ApplicationOperationSyncSourceHelm"]:
        '''Helm holds helm specific options.

        :schema: ApplicationOperationSyncSource#helm
        '''
        result = self._values.get("helm")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourceHelm"], result)

    @builtins.property
    def kustomize(self) -> typing.Optional["ApplicationOperationSyncSourceKustomize"]:
        '''Kustomize holds kustomize specific options.

        :schema: ApplicationOperationSyncSource#kustomize
        '''
        result = self._values.get("kustomize")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourceKustomize"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is used to refer to a source and is displayed in the UI.

        It is used in multi-source Applications.

        :schema: ApplicationOperationSyncSource#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is a directory path within the Git repository, and is only valid for applications sourced from Git.

        :schema: ApplicationOperationSyncSource#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def plugin(self) -> typing.Optional["ApplicationOperationSyncSourcePlugin"]:
        '''Plugin holds config management plugin specific options.

        :schema: ApplicationOperationSyncSource#plugin
        '''
        result = self._values.get("plugin")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcePlugin"], result)

    @builtins.property
    def ref(self) -> typing.Optional[builtins.str]:
        '''Ref is reference to another source within sources field.

        This field will not be used if used with a ``source`` tag.

        :schema: ApplicationOperationSyncSource#ref
        '''
        result = self._values.get("ref")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tag_prefix(self) -> typing.Optional[builtins.str]:
        '''TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint.

        The prefix is stripped from tag names before comparison and re-added to the resolved version.
        For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and
        "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".

        :schema: ApplicationOperationSyncSource#tagPrefix
        '''
        result = self._values.get("tag_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_revision(self) -> typing.Optional[builtins.str]:
        '''TargetRevision defines the revision of the source to sync the application to.

        In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD.
        In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationOperationSyncSource#targetRevision
        '''
        result = self._values.get("target_revision")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSource(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceDirectory",
    jsii_struct_bases=[],
    name_mapping={
        "exclude": "exclude",
        "include": "include",
        "jsonnet": "jsonnet",
        "recurse": "recurse",
    },
)
class ApplicationOperationSyncSourceDirectory:
    def __init__(
        self,
        *,
        exclude: typing.Optional[builtins.str] = None,
        include: typing.Optional[builtins.str] = None,
        jsonnet: typing.Optional[typing.Union["ApplicationOperationSyncSourceDirectoryJsonnet", typing.Dict[builtins.str, typing.Any]]] = None,
        recurse: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Directory holds path/directory specific options.

        :param exclude: Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.
        :param include: Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.
        :param jsonnet: Jsonnet holds options specific to Jsonnet.
        :param recurse: Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationOperationSyncSourceDirectory
        '''
        if isinstance(jsonnet, dict):
            jsonnet = ApplicationOperationSyncSourceDirectoryJsonnet(**jsonnet)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3d2ff55820548b78188ae8df68775396ee2ee8c8e0ef15ab16344c78eb48ef2b)
            check_type(argname="argument exclude", value=exclude, expected_type=type_hints["exclude"])
            check_type(argname="argument include", value=include, expected_type=type_hints["include"])
            check_type(argname="argument jsonnet", value=jsonnet, expected_type=type_hints["jsonnet"])
            check_type(argname="argument recurse", value=recurse, expected_type=type_hints["recurse"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if exclude is not None:
            self._values["exclude"] = exclude
        if include is not None:
            self._values["include"] = include
        if jsonnet is not None:
            self._values["jsonnet"] = jsonnet
        if recurse is not None:
            self._values["recurse"] = recurse

    @builtins.property
    def exclude(self) -> typing.Optional[builtins.str]:
        '''Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.

        :schema: ApplicationOperationSyncSourceDirectory#exclude
        '''
        result = self._values.get("exclude")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def include(self) -> typing.Optional[builtins.str]:
        '''Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.

        :schema: ApplicationOperationSyncSourceDirectory#include
        '''
        result = self._values.get("include")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jsonnet(
        self,
    ) -> typing.Optional["ApplicationOperationSyncSourceDirectoryJsonnet"]:
        '''Jsonnet holds options specific to Jsonnet.

        :schema: ApplicationOperationSyncSourceDirectory#jsonnet
        '''
        result = self._values.get("jsonnet")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourceDirectoryJsonnet"], result)

    @builtins.property
    def recurse(self) -> typing.Optional[builtins.bool]:
        '''Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationOperationSyncSourceDirectory#recurse
        '''
        result = self._values.get("recurse")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceDirectory(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceDirectoryJsonnet",
    jsii_struct_bases=[],
    name_mapping={"ext_vars": "extVars", "libs": "libs", "tlas": "tlas"},
)
class ApplicationOperationSyncSourceDirectoryJsonnet:
    def __init__(
        self,
        *,
        ext_vars: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourceDirectoryJsonnetExtVars", typing.Dict[builtins.str, typing.Any]]]] = None,
        libs: typing.Optional[typing.Sequence[builtins.str]] = None,
        tlas: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourceDirectoryJsonnetTlas", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Jsonnet holds options specific to Jsonnet.

        :param ext_vars: ExtVars is a list of Jsonnet External Variables.
        :param libs: Additional library search dirs.
        :param tlas: TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationOperationSyncSourceDirectoryJsonnet
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__38fe980905cb9269bab2b4bf0d6d7e82f179295d8ad2fc4392e1932883f869ca)
            check_type(argname="argument ext_vars", value=ext_vars, expected_type=type_hints["ext_vars"])
            check_type(argname="argument libs", value=libs, expected_type=type_hints["libs"])
            check_type(argname="argument tlas", value=tlas, expected_type=type_hints["tlas"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ext_vars is not None:
            self._values["ext_vars"] = ext_vars
        if libs is not None:
            self._values["libs"] = libs
        if tlas is not None:
            self._values["tlas"] = tlas

    @builtins.property
    def ext_vars(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourceDirectoryJsonnetExtVars"]]:
        '''ExtVars is a list of Jsonnet External Variables.

        :schema: ApplicationOperationSyncSourceDirectoryJsonnet#extVars
        '''
        result = self._values.get("ext_vars")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourceDirectoryJsonnetExtVars"]], result)

    @builtins.property
    def libs(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Additional library search dirs.

        :schema: ApplicationOperationSyncSourceDirectoryJsonnet#libs
        '''
        result = self._values.get("libs")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def tlas(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourceDirectoryJsonnetTlas"]]:
        '''TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationOperationSyncSourceDirectoryJsonnet#tlas
        '''
        result = self._values.get("tlas")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourceDirectoryJsonnetTlas"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceDirectoryJsonnet(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceDirectoryJsonnetExtVars",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationOperationSyncSourceDirectoryJsonnetExtVars:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationOperationSyncSourceDirectoryJsonnetExtVars
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0f4c722538881de277f8829f4e9ac779384f91e5219640bbbdd46402beaadd3f)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourceDirectoryJsonnetExtVars#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourceDirectoryJsonnetExtVars#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationOperationSyncSourceDirectoryJsonnetExtVars#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceDirectoryJsonnetExtVars(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceDirectoryJsonnetTlas",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationOperationSyncSourceDirectoryJsonnetTlas:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationOperationSyncSourceDirectoryJsonnetTlas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4f268586fc502cfe9780ba6c0837b2c46c051ca5a64b1668527eb7ebdb2dfd15)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourceDirectoryJsonnetTlas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourceDirectoryJsonnetTlas#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationOperationSyncSourceDirectoryJsonnetTlas#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceDirectoryJsonnetTlas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceHelm",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "file_parameters": "fileParameters",
        "ignore_missing_value_files": "ignoreMissingValueFiles",
        "kube_version": "kubeVersion",
        "namespace": "namespace",
        "parameters": "parameters",
        "pass_credentials": "passCredentials",
        "release_name": "releaseName",
        "skip_crds": "skipCrds",
        "skip_schema_validation": "skipSchemaValidation",
        "skip_tests": "skipTests",
        "value_files": "valueFiles",
        "values": "values",
        "values_object": "valuesObject",
        "version": "version",
    },
)
class ApplicationOperationSyncSourceHelm:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        file_parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourceHelmFileParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_missing_value_files: typing.Optional[builtins.bool] = None,
        kube_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourceHelmParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        pass_credentials: typing.Optional[builtins.bool] = None,
        release_name: typing.Optional[builtins.str] = None,
        skip_crds: typing.Optional[builtins.bool] = None,
        skip_schema_validation: typing.Optional[builtins.bool] = None,
        skip_tests: typing.Optional[builtins.bool] = None,
        value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
        values: typing.Optional[builtins.str] = None,
        values_object: typing.Any = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Helm holds helm specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param file_parameters: FileParameters are file parameters to the helm template.
        :param ignore_missing_value_files: IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param namespace: Namespace is an optional namespace to template with. If left empty, defaults to the app's destination namespace.
        :param parameters: Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.
        :param pass_credentials: PassCredentials pass credentials to all domains (Helm's --pass-credentials).
        :param release_name: ReleaseName is the Helm release name to use. If omitted it will use the application name
        :param skip_crds: SkipCrds skips custom resource definition installation step (Helm's --skip-crds).
        :param skip_schema_validation: SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).
        :param skip_tests: SkipTests skips test manifest installation step (Helm's --skip-tests).
        :param value_files: ValuesFiles is a list of Helm value files to use when generating a template.
        :param values: Values specifies Helm values to be passed to helm template, typically defined as a block. ValuesObject takes precedence over Values, so use one or the other.
        :param values_object: ValuesObject specifies Helm values to be passed to helm template, defined as a map. This takes precedence over Values.
        :param version: Version is the Helm version to use for templating ("3").

        :schema: ApplicationOperationSyncSourceHelm
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__29fbf08109d1727743837805b44d18cb27cf1add287c061c402817e02a4badc7)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument file_parameters", value=file_parameters, expected_type=type_hints["file_parameters"])
            check_type(argname="argument ignore_missing_value_files", value=ignore_missing_value_files, expected_type=type_hints["ignore_missing_value_files"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
            check_type(argname="argument pass_credentials", value=pass_credentials, expected_type=type_hints["pass_credentials"])
            check_type(argname="argument release_name", value=release_name, expected_type=type_hints["release_name"])
            check_type(argname="argument skip_crds", value=skip_crds, expected_type=type_hints["skip_crds"])
            check_type(argname="argument skip_schema_validation", value=skip_schema_validation, expected_type=type_hints["skip_schema_validation"])
            check_type(argname="argument skip_tests", value=skip_tests, expected_type=type_hints["skip_tests"])
            check_type(argname="argument value_files", value=value_files, expected_type=type_hints["value_files"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
            check_type(argname="argument values_object", value=values_object, expected_type=type_hints["values_object"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if file_parameters is not None:
            self._values["file_parameters"] = file_parameters
        if ignore_missing_value_files is not None:
            self._values["ignore_missing_value_files"] = ignore_missing_value_files
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if namespace is not None:
            self._values["namespace"] = namespace
        if parameters is not None:
            self._values["parameters"] = parameters
        if pass_credentials is not None:
            self._values["pass_credentials"] = pass_credentials
        if release_name is not None:
            self._values["release_name"] = release_name
        if skip_crds is not None:
            self._values["skip_crds"] = skip_crds
        if skip_schema_validation is not None:
            self._values["skip_schema_validation"] = skip_schema_validation
        if skip_tests is not None:
            self._values["skip_tests"] = skip_tests
        if value_files is not None:
            self._values["value_files"] = value_files
        if values is not None:
            self._values["values"] = values
        if values_object is not None:
            self._values["values_object"] = values_object
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationOperationSyncSourceHelm#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def file_parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourceHelmFileParameters"]]:
        '''FileParameters are file parameters to the helm template.

        :schema: ApplicationOperationSyncSourceHelm#fileParameters
        '''
        result = self._values.get("file_parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourceHelmFileParameters"]], result)

    @builtins.property
    def ignore_missing_value_files(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.

        :schema: ApplicationOperationSyncSourceHelm#ignoreMissingValueFiles
        '''
        result = self._values.get("ignore_missing_value_files")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationOperationSyncSourceHelm#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace is an optional namespace to template with.

        If left empty, defaults to the app's destination namespace.

        :schema: ApplicationOperationSyncSourceHelm#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourceHelmParameters"]]:
        '''Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.

        :schema: ApplicationOperationSyncSourceHelm#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourceHelmParameters"]], result)

    @builtins.property
    def pass_credentials(self) -> typing.Optional[builtins.bool]:
        '''PassCredentials pass credentials to all domains (Helm's --pass-credentials).

        :schema: ApplicationOperationSyncSourceHelm#passCredentials
        '''
        result = self._values.get("pass_credentials")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def release_name(self) -> typing.Optional[builtins.str]:
        '''ReleaseName is the Helm release name to use.

        If omitted it will use the application name

        :schema: ApplicationOperationSyncSourceHelm#releaseName
        '''
        result = self._values.get("release_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def skip_crds(self) -> typing.Optional[builtins.bool]:
        '''SkipCrds skips custom resource definition installation step (Helm's --skip-crds).

        :schema: ApplicationOperationSyncSourceHelm#skipCrds
        '''
        result = self._values.get("skip_crds")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).

        :schema: ApplicationOperationSyncSourceHelm#skipSchemaValidation
        '''
        result = self._values.get("skip_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_tests(self) -> typing.Optional[builtins.bool]:
        '''SkipTests skips test manifest installation step (Helm's --skip-tests).

        :schema: ApplicationOperationSyncSourceHelm#skipTests
        '''
        result = self._values.get("skip_tests")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def value_files(self) -> typing.Optional[typing.List[builtins.str]]:
        '''ValuesFiles is a list of Helm value files to use when generating a template.

        :schema: ApplicationOperationSyncSourceHelm#valueFiles
        '''
        result = self._values.get("value_files")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def values(self) -> typing.Optional[builtins.str]:
        '''Values specifies Helm values to be passed to helm template, typically defined as a block.

        ValuesObject takes precedence over Values, so use one or the other.

        :schema: ApplicationOperationSyncSourceHelm#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def values_object(self) -> typing.Any:
        '''ValuesObject specifies Helm values to be passed to helm template, defined as a map.

        This takes precedence over Values.

        :schema: ApplicationOperationSyncSourceHelm#valuesObject
        '''
        result = self._values.get("values_object")
        return typing.cast(typing.Any, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version is the Helm version to use for templating ("3").

        :schema: ApplicationOperationSyncSourceHelm#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceHelm(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceHelmFileParameters",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "path": "path"},
)
class ApplicationOperationSyncSourceHelmFileParameters:
    def __init__(
        self,
        *,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmFileParameter is a file parameter that's passed to helm template during manifest generation.

        :param name: Name is the name of the Helm parameter.
        :param path: Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationOperationSyncSourceHelmFileParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__39f34780eb581e0e5ed8dd662a61693c022905cc0c07feb80b93dada231de2f4)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationOperationSyncSourceHelmFileParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationOperationSyncSourceHelmFileParameters#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceHelmFileParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceHelmParameters",
    jsii_struct_bases=[],
    name_mapping={"force_string": "forceString", "name": "name", "value": "value"},
)
class ApplicationOperationSyncSourceHelmParameters:
    def __init__(
        self,
        *,
        force_string: typing.Optional[builtins.bool] = None,
        name: typing.Optional[builtins.str] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmParameter is a parameter that's passed to helm template during manifest generation.

        :param force_string: ForceString determines whether to tell Helm to interpret booleans and numbers as strings.
        :param name: Name is the name of the Helm parameter.
        :param value: Value is the value for the Helm parameter.

        :schema: ApplicationOperationSyncSourceHelmParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d007c5968523e8524e925e73337396133cfbdde417b0b9d1c2940f2624dc4b74)
            check_type(argname="argument force_string", value=force_string, expected_type=type_hints["force_string"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force_string is not None:
            self._values["force_string"] = force_string
        if name is not None:
            self._values["name"] = name
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def force_string(self) -> typing.Optional[builtins.bool]:
        '''ForceString determines whether to tell Helm to interpret booleans and numbers as strings.

        :schema: ApplicationOperationSyncSourceHelmParameters#forceString
        '''
        result = self._values.get("force_string")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationOperationSyncSourceHelmParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''Value is the value for the Helm parameter.

        :schema: ApplicationOperationSyncSourceHelmParameters#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceHelmParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceKustomize",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "common_annotations": "commonAnnotations",
        "common_annotations_envsubst": "commonAnnotationsEnvsubst",
        "common_labels": "commonLabels",
        "components": "components",
        "force_common_annotations": "forceCommonAnnotations",
        "force_common_labels": "forceCommonLabels",
        "ignore_missing_components": "ignoreMissingComponents",
        "images": "images",
        "kube_version": "kubeVersion",
        "label_include_templates": "labelIncludeTemplates",
        "label_without_selector": "labelWithoutSelector",
        "name_prefix": "namePrefix",
        "namespace": "namespace",
        "name_suffix": "nameSuffix",
        "patches": "patches",
        "replicas": "replicas",
        "version": "version",
    },
)
class ApplicationOperationSyncSourceKustomize:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        common_annotations_envsubst: typing.Optional[builtins.bool] = None,
        common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        components: typing.Optional[typing.Sequence[builtins.str]] = None,
        force_common_annotations: typing.Optional[builtins.bool] = None,
        force_common_labels: typing.Optional[builtins.bool] = None,
        ignore_missing_components: typing.Optional[builtins.bool] = None,
        images: typing.Optional[typing.Sequence[builtins.str]] = None,
        kube_version: typing.Optional[builtins.str] = None,
        label_include_templates: typing.Optional[builtins.bool] = None,
        label_without_selector: typing.Optional[builtins.bool] = None,
        name_prefix: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        name_suffix: typing.Optional[builtins.str] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourceKustomizePatches", typing.Dict[builtins.str, typing.Any]]]] = None,
        replicas: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourceKustomizeReplicas", typing.Dict[builtins.str, typing.Any]]]] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Kustomize holds kustomize specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param common_annotations: CommonAnnotations is a list of additional annotations to add to rendered manifests.
        :param common_annotations_envsubst: CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.
        :param common_labels: CommonLabels is a list of additional labels to add to rendered manifests.
        :param components: Components specifies a list of kustomize components to add to the kustomization before building.
        :param force_common_annotations: ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.
        :param force_common_labels: ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.
        :param ignore_missing_components: IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.
        :param images: Images is a list of Kustomize image override specifications.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param label_include_templates: LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.
        :param label_without_selector: LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.
        :param name_prefix: NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.
        :param namespace: Namespace sets the namespace that Kustomize adds to all resources.
        :param name_suffix: NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.
        :param patches: Patches is a list of Kustomize patches.
        :param replicas: Replicas is a list of Kustomize Replicas override specifications.
        :param version: Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationOperationSyncSourceKustomize
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__25fc6c477484b8d98cc7101e04bb199171a98ebcf85c77d6dfe22e9bcf1720ba)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument common_annotations", value=common_annotations, expected_type=type_hints["common_annotations"])
            check_type(argname="argument common_annotations_envsubst", value=common_annotations_envsubst, expected_type=type_hints["common_annotations_envsubst"])
            check_type(argname="argument common_labels", value=common_labels, expected_type=type_hints["common_labels"])
            check_type(argname="argument components", value=components, expected_type=type_hints["components"])
            check_type(argname="argument force_common_annotations", value=force_common_annotations, expected_type=type_hints["force_common_annotations"])
            check_type(argname="argument force_common_labels", value=force_common_labels, expected_type=type_hints["force_common_labels"])
            check_type(argname="argument ignore_missing_components", value=ignore_missing_components, expected_type=type_hints["ignore_missing_components"])
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument label_include_templates", value=label_include_templates, expected_type=type_hints["label_include_templates"])
            check_type(argname="argument label_without_selector", value=label_without_selector, expected_type=type_hints["label_without_selector"])
            check_type(argname="argument name_prefix", value=name_prefix, expected_type=type_hints["name_prefix"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument name_suffix", value=name_suffix, expected_type=type_hints["name_suffix"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if common_annotations is not None:
            self._values["common_annotations"] = common_annotations
        if common_annotations_envsubst is not None:
            self._values["common_annotations_envsubst"] = common_annotations_envsubst
        if common_labels is not None:
            self._values["common_labels"] = common_labels
        if components is not None:
            self._values["components"] = components
        if force_common_annotations is not None:
            self._values["force_common_annotations"] = force_common_annotations
        if force_common_labels is not None:
            self._values["force_common_labels"] = force_common_labels
        if ignore_missing_components is not None:
            self._values["ignore_missing_components"] = ignore_missing_components
        if images is not None:
            self._values["images"] = images
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if label_include_templates is not None:
            self._values["label_include_templates"] = label_include_templates
        if label_without_selector is not None:
            self._values["label_without_selector"] = label_without_selector
        if name_prefix is not None:
            self._values["name_prefix"] = name_prefix
        if namespace is not None:
            self._values["namespace"] = namespace
        if name_suffix is not None:
            self._values["name_suffix"] = name_suffix
        if patches is not None:
            self._values["patches"] = patches
        if replicas is not None:
            self._values["replicas"] = replicas
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationOperationSyncSourceKustomize#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def common_annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonAnnotations is a list of additional annotations to add to rendered manifests.

        :schema: ApplicationOperationSyncSourceKustomize#commonAnnotations
        '''
        result = self._values.get("common_annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def common_annotations_envsubst(self) -> typing.Optional[builtins.bool]:
        '''CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.

        :schema: ApplicationOperationSyncSourceKustomize#commonAnnotationsEnvsubst
        '''
        result = self._values.get("common_annotations_envsubst")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def common_labels(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonLabels is a list of additional labels to add to rendered manifests.

        :schema: ApplicationOperationSyncSourceKustomize#commonLabels
        '''
        result = self._values.get("common_labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def components(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Components specifies a list of kustomize components to add to the kustomization before building.

        :schema: ApplicationOperationSyncSourceKustomize#components
        '''
        result = self._values.get("components")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def force_common_annotations(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.

        :schema: ApplicationOperationSyncSourceKustomize#forceCommonAnnotations
        '''
        result = self._values.get("force_common_annotations")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force_common_labels(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.

        :schema: ApplicationOperationSyncSourceKustomize#forceCommonLabels
        '''
        result = self._values.get("force_common_labels")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def ignore_missing_components(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.

        :schema: ApplicationOperationSyncSourceKustomize#ignoreMissingComponents
        '''
        result = self._values.get("ignore_missing_components")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def images(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Images is a list of Kustomize image override specifications.

        :schema: ApplicationOperationSyncSourceKustomize#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationOperationSyncSourceKustomize#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_include_templates(self) -> typing.Optional[builtins.bool]:
        '''LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.

        :schema: ApplicationOperationSyncSourceKustomize#labelIncludeTemplates
        '''
        result = self._values.get("label_include_templates")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def label_without_selector(self) -> typing.Optional[builtins.bool]:
        '''LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.

        :schema: ApplicationOperationSyncSourceKustomize#labelWithoutSelector
        '''
        result = self._values.get("label_without_selector")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name_prefix(self) -> typing.Optional[builtins.str]:
        '''NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationOperationSyncSourceKustomize#namePrefix
        '''
        result = self._values.get("name_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace sets the namespace that Kustomize adds to all resources.

        :schema: ApplicationOperationSyncSourceKustomize#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name_suffix(self) -> typing.Optional[builtins.str]:
        '''NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationOperationSyncSourceKustomize#nameSuffix
        '''
        result = self._values.get("name_suffix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def patches(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourceKustomizePatches"]]:
        '''Patches is a list of Kustomize patches.

        :schema: ApplicationOperationSyncSourceKustomize#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourceKustomizePatches"]], result)

    @builtins.property
    def replicas(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourceKustomizeReplicas"]]:
        '''Replicas is a list of Kustomize Replicas override specifications.

        :schema: ApplicationOperationSyncSourceKustomize#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourceKustomizeReplicas"]], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationOperationSyncSourceKustomize#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceKustomize(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceKustomizePatches",
    jsii_struct_bases=[],
    name_mapping={
        "options": "options",
        "patch": "patch",
        "path": "path",
        "target": "target",
    },
)
class ApplicationOperationSyncSourceKustomizePatches:
    def __init__(
        self,
        *,
        options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
        patch: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        target: typing.Optional[typing.Union["ApplicationOperationSyncSourceKustomizePatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param options: 
        :param patch: 
        :param path: 
        :param target: 

        :schema: ApplicationOperationSyncSourceKustomizePatches
        '''
        if isinstance(target, dict):
            target = ApplicationOperationSyncSourceKustomizePatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__37c9b1582e7e5158ca419ac3d46db8d699106dfe0da4620055614226668136c8)
            check_type(argname="argument options", value=options, expected_type=type_hints["options"])
            check_type(argname="argument patch", value=patch, expected_type=type_hints["patch"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if options is not None:
            self._values["options"] = options
        if patch is not None:
            self._values["patch"] = patch
        if path is not None:
            self._values["path"] = path
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def options(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.bool]]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatches#options
        '''
        result = self._values.get("options")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.bool]], result)

    @builtins.property
    def patch(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatches#patch
        '''
        result = self._values.get("patch")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatches#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target(
        self,
    ) -> typing.Optional["ApplicationOperationSyncSourceKustomizePatchesTarget"]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourceKustomizePatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceKustomizePatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceKustomizePatchesTarget",
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
class ApplicationOperationSyncSourceKustomizePatchesTarget:
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
        '''
        :param annotation_selector: 
        :param group: 
        :param kind: 
        :param label_selector: 
        :param name: 
        :param namespace: 
        :param version: 

        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9b9444e1e4728508b8295a9f36334f3ac79ec640cfe9a4366dd13d94292dfa17)
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
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourceKustomizePatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceKustomizePatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceKustomizeReplicas",
    jsii_struct_bases=[],
    name_mapping={"count": "count", "name": "name"},
)
class ApplicationOperationSyncSourceKustomizeReplicas:
    def __init__(
        self,
        *,
        count: "ApplicationOperationSyncSourceKustomizeReplicasCount",
        name: builtins.str,
    ) -> None:
        '''
        :param count: Number of replicas.
        :param name: Name of Deployment or StatefulSet.

        :schema: ApplicationOperationSyncSourceKustomizeReplicas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8189e7f6ee29d624856cf0815339ccfe96082847c5a6765228b0dd68df3a3d62)
            check_type(argname="argument count", value=count, expected_type=type_hints["count"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "count": count,
            "name": name,
        }

    @builtins.property
    def count(self) -> "ApplicationOperationSyncSourceKustomizeReplicasCount":
        '''Number of replicas.

        :schema: ApplicationOperationSyncSourceKustomizeReplicas#count
        '''
        result = self._values.get("count")
        assert result is not None, "Required property 'count' is missing"
        return typing.cast("ApplicationOperationSyncSourceKustomizeReplicasCount", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of Deployment or StatefulSet.

        :schema: ApplicationOperationSyncSourceKustomizeReplicas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourceKustomizeReplicas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ApplicationOperationSyncSourceKustomizeReplicasCount(
    metaclass=jsii.JSIIMeta,
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourceKustomizeReplicasCount",
):
    '''Number of replicas.

    :schema: ApplicationOperationSyncSourceKustomizeReplicasCount
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ApplicationOperationSyncSourceKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a174aa58e1da7a67a572dfc048bd9fc95ceb904f6a933f0117390596ff990fcb)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationOperationSyncSourceKustomizeReplicasCount", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ApplicationOperationSyncSourceKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e2ad5851933e6b7c06b08514dd74a87458dbf59f4453391b6e6c67d4b553cfa2)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationOperationSyncSourceKustomizeReplicasCount", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcePlugin",
    jsii_struct_bases=[],
    name_mapping={"env": "env", "name": "name", "parameters": "parameters"},
)
class ApplicationOperationSyncSourcePlugin:
    def __init__(
        self,
        *,
        env: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcePluginEnv", typing.Dict[builtins.str, typing.Any]]]] = None,
        name: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcePluginParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Plugin holds config management plugin specific options.

        :param env: Env is a list of environment variable entries.
        :param name: 
        :param parameters: 

        :schema: ApplicationOperationSyncSourcePlugin
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__794c8bfad78847347910d71732fca64a3db8e20f58ac64bd487468f65fa6d0b3)
            check_type(argname="argument env", value=env, expected_type=type_hints["env"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if env is not None:
            self._values["env"] = env
        if name is not None:
            self._values["name"] = name
        if parameters is not None:
            self._values["parameters"] = parameters

    @builtins.property
    def env(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcePluginEnv"]]:
        '''Env is a list of environment variable entries.

        :schema: ApplicationOperationSyncSourcePlugin#env
        '''
        result = self._values.get("env")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcePluginEnv"]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcePlugin#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcePluginParameters"]]:
        '''
        :schema: ApplicationOperationSyncSourcePlugin#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcePluginParameters"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcePlugin(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcePluginEnv",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationOperationSyncSourcePluginEnv:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''EnvEntry represents an entry in the application's environment.

        :param name: Name is the name of the variable, usually expressed in uppercase.
        :param value: Value is the value of the variable.

        :schema: ApplicationOperationSyncSourcePluginEnv
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0402cd8e220d55882fb4093c348ce7a2e61c70a6104abb710eb9d5a2e7c3460f)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is the name of the variable, usually expressed in uppercase.

        :schema: ApplicationOperationSyncSourcePluginEnv#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''Value is the value of the variable.

        :schema: ApplicationOperationSyncSourcePluginEnv#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcePluginEnv(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcePluginParameters",
    jsii_struct_bases=[],
    name_mapping={"array": "array", "map": "map", "name": "name", "string": "string"},
)
class ApplicationOperationSyncSourcePluginParameters:
    def __init__(
        self,
        *,
        array: typing.Optional[typing.Sequence[builtins.str]] = None,
        map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        name: typing.Optional[builtins.str] = None,
        string: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param array: Array is the value of an array type parameter.
        :param map: Map is the value of a map type parameter.
        :param name: Name is the name identifying a parameter.
        :param string: String_ is the value of a string type parameter.

        :schema: ApplicationOperationSyncSourcePluginParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__65829890f3304fbf09870a34b0577aefc30ef40d316216c6636407f2f54ec406)
            check_type(argname="argument array", value=array, expected_type=type_hints["array"])
            check_type(argname="argument map", value=map, expected_type=type_hints["map"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument string", value=string, expected_type=type_hints["string"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if array is not None:
            self._values["array"] = array
        if map is not None:
            self._values["map"] = map
        if name is not None:
            self._values["name"] = name
        if string is not None:
            self._values["string"] = string

    @builtins.property
    def array(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Array is the value of an array type parameter.

        :schema: ApplicationOperationSyncSourcePluginParameters#array
        '''
        result = self._values.get("array")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def map(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Map is the value of a map type parameter.

        :schema: ApplicationOperationSyncSourcePluginParameters#map
        '''
        result = self._values.get("map")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name identifying a parameter.

        :schema: ApplicationOperationSyncSourcePluginParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def string(self) -> typing.Optional[builtins.str]:
        '''String_ is the value of a string type parameter.

        :schema: ApplicationOperationSyncSourcePluginParameters#string
        '''
        result = self._values.get("string")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcePluginParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSources",
    jsii_struct_bases=[],
    name_mapping={
        "repo_url": "repoUrl",
        "chart": "chart",
        "directory": "directory",
        "helm": "helm",
        "kustomize": "kustomize",
        "name": "name",
        "path": "path",
        "plugin": "plugin",
        "ref": "ref",
        "tag_prefix": "tagPrefix",
        "target_revision": "targetRevision",
    },
)
class ApplicationOperationSyncSources:
    def __init__(
        self,
        *,
        repo_url: builtins.str,
        chart: typing.Optional[builtins.str] = None,
        directory: typing.Optional[typing.Union["ApplicationOperationSyncSourcesDirectory", typing.Dict[builtins.str, typing.Any]]] = None,
        helm: typing.Optional[typing.Union["ApplicationOperationSyncSourcesHelm", typing.Dict[builtins.str, typing.Any]]] = None,
        kustomize: typing.Optional[typing.Union["ApplicationOperationSyncSourcesKustomize", typing.Dict[builtins.str, typing.Any]]] = None,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        plugin: typing.Optional[typing.Union["ApplicationOperationSyncSourcesPlugin", typing.Dict[builtins.str, typing.Any]]] = None,
        ref: typing.Optional[builtins.str] = None,
        tag_prefix: typing.Optional[builtins.str] = None,
        target_revision: typing.Optional[builtins.str] = None,
    ) -> None:
        '''ApplicationSource contains all required information about the source of an application.

        :param repo_url: RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.
        :param chart: Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.
        :param directory: Directory holds path/directory specific options.
        :param helm: Helm holds helm specific options.
        :param kustomize: Kustomize holds kustomize specific options.
        :param name: Name is used to refer to a source and is displayed in the UI. It is used in multi-source Applications.
        :param path: Path is a directory path within the Git repository, and is only valid for applications sourced from Git.
        :param plugin: Plugin holds config management plugin specific options.
        :param ref: Ref is reference to another source within sources field. This field will not be used if used with a ``source`` tag.
        :param tag_prefix: TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint. The prefix is stripped from tag names before comparison and re-added to the resolved version. For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".
        :param target_revision: TargetRevision defines the revision of the source to sync the application to. In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD. In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationOperationSyncSources
        '''
        if isinstance(directory, dict):
            directory = ApplicationOperationSyncSourcesDirectory(**directory)
        if isinstance(helm, dict):
            helm = ApplicationOperationSyncSourcesHelm(**helm)
        if isinstance(kustomize, dict):
            kustomize = ApplicationOperationSyncSourcesKustomize(**kustomize)
        if isinstance(plugin, dict):
            plugin = ApplicationOperationSyncSourcesPlugin(**plugin)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7e4829d95a346fafeeea525130916eb2c6ae558d256344c485c1de7f9882b8cd)
            check_type(argname="argument repo_url", value=repo_url, expected_type=type_hints["repo_url"])
            check_type(argname="argument chart", value=chart, expected_type=type_hints["chart"])
            check_type(argname="argument directory", value=directory, expected_type=type_hints["directory"])
            check_type(argname="argument helm", value=helm, expected_type=type_hints["helm"])
            check_type(argname="argument kustomize", value=kustomize, expected_type=type_hints["kustomize"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument plugin", value=plugin, expected_type=type_hints["plugin"])
            check_type(argname="argument ref", value=ref, expected_type=type_hints["ref"])
            check_type(argname="argument tag_prefix", value=tag_prefix, expected_type=type_hints["tag_prefix"])
            check_type(argname="argument target_revision", value=target_revision, expected_type=type_hints["target_revision"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "repo_url": repo_url,
        }
        if chart is not None:
            self._values["chart"] = chart
        if directory is not None:
            self._values["directory"] = directory
        if helm is not None:
            self._values["helm"] = helm
        if kustomize is not None:
            self._values["kustomize"] = kustomize
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path
        if plugin is not None:
            self._values["plugin"] = plugin
        if ref is not None:
            self._values["ref"] = ref
        if tag_prefix is not None:
            self._values["tag_prefix"] = tag_prefix
        if target_revision is not None:
            self._values["target_revision"] = target_revision

    @builtins.property
    def repo_url(self) -> builtins.str:
        '''RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.

        :schema: ApplicationOperationSyncSources#repoURL
        '''
        result = self._values.get("repo_url")
        assert result is not None, "Required property 'repo_url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def chart(self) -> typing.Optional[builtins.str]:
        '''Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.

        :schema: ApplicationOperationSyncSources#chart
        '''
        result = self._values.get("chart")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def directory(self) -> typing.Optional["ApplicationOperationSyncSourcesDirectory"]:
        '''Directory holds path/directory specific options.

        :schema: ApplicationOperationSyncSources#directory
        '''
        result = self._values.get("directory")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcesDirectory"], result)

    @builtins.property
    def helm(self) -> typing.Optional["ApplicationOperationSyncSourcesHelm"]:
        '''Helm holds helm specific options.

        :schema: ApplicationOperationSyncSources#helm
        '''
        result = self._values.get("helm")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcesHelm"], result)

    @builtins.property
    def kustomize(self) -> typing.Optional["ApplicationOperationSyncSourcesKustomize"]:
        '''Kustomize holds kustomize specific options.

        :schema: ApplicationOperationSyncSources#kustomize
        '''
        result = self._values.get("kustomize")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcesKustomize"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is used to refer to a source and is displayed in the UI.

        It is used in multi-source Applications.

        :schema: ApplicationOperationSyncSources#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is a directory path within the Git repository, and is only valid for applications sourced from Git.

        :schema: ApplicationOperationSyncSources#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def plugin(self) -> typing.Optional["ApplicationOperationSyncSourcesPlugin"]:
        '''Plugin holds config management plugin specific options.

        :schema: ApplicationOperationSyncSources#plugin
        '''
        result = self._values.get("plugin")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcesPlugin"], result)

    @builtins.property
    def ref(self) -> typing.Optional[builtins.str]:
        '''Ref is reference to another source within sources field.

        This field will not be used if used with a ``source`` tag.

        :schema: ApplicationOperationSyncSources#ref
        '''
        result = self._values.get("ref")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tag_prefix(self) -> typing.Optional[builtins.str]:
        '''TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint.

        The prefix is stripped from tag names before comparison and re-added to the resolved version.
        For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and
        "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".

        :schema: ApplicationOperationSyncSources#tagPrefix
        '''
        result = self._values.get("tag_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_revision(self) -> typing.Optional[builtins.str]:
        '''TargetRevision defines the revision of the source to sync the application to.

        In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD.
        In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationOperationSyncSources#targetRevision
        '''
        result = self._values.get("target_revision")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSources(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesDirectory",
    jsii_struct_bases=[],
    name_mapping={
        "exclude": "exclude",
        "include": "include",
        "jsonnet": "jsonnet",
        "recurse": "recurse",
    },
)
class ApplicationOperationSyncSourcesDirectory:
    def __init__(
        self,
        *,
        exclude: typing.Optional[builtins.str] = None,
        include: typing.Optional[builtins.str] = None,
        jsonnet: typing.Optional[typing.Union["ApplicationOperationSyncSourcesDirectoryJsonnet", typing.Dict[builtins.str, typing.Any]]] = None,
        recurse: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Directory holds path/directory specific options.

        :param exclude: Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.
        :param include: Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.
        :param jsonnet: Jsonnet holds options specific to Jsonnet.
        :param recurse: Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationOperationSyncSourcesDirectory
        '''
        if isinstance(jsonnet, dict):
            jsonnet = ApplicationOperationSyncSourcesDirectoryJsonnet(**jsonnet)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8e1fc1713baa72f99412224c2e5e8b91343c21569076cd4e43040ad96fd9e9e7)
            check_type(argname="argument exclude", value=exclude, expected_type=type_hints["exclude"])
            check_type(argname="argument include", value=include, expected_type=type_hints["include"])
            check_type(argname="argument jsonnet", value=jsonnet, expected_type=type_hints["jsonnet"])
            check_type(argname="argument recurse", value=recurse, expected_type=type_hints["recurse"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if exclude is not None:
            self._values["exclude"] = exclude
        if include is not None:
            self._values["include"] = include
        if jsonnet is not None:
            self._values["jsonnet"] = jsonnet
        if recurse is not None:
            self._values["recurse"] = recurse

    @builtins.property
    def exclude(self) -> typing.Optional[builtins.str]:
        '''Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.

        :schema: ApplicationOperationSyncSourcesDirectory#exclude
        '''
        result = self._values.get("exclude")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def include(self) -> typing.Optional[builtins.str]:
        '''Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.

        :schema: ApplicationOperationSyncSourcesDirectory#include
        '''
        result = self._values.get("include")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jsonnet(
        self,
    ) -> typing.Optional["ApplicationOperationSyncSourcesDirectoryJsonnet"]:
        '''Jsonnet holds options specific to Jsonnet.

        :schema: ApplicationOperationSyncSourcesDirectory#jsonnet
        '''
        result = self._values.get("jsonnet")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcesDirectoryJsonnet"], result)

    @builtins.property
    def recurse(self) -> typing.Optional[builtins.bool]:
        '''Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationOperationSyncSourcesDirectory#recurse
        '''
        result = self._values.get("recurse")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesDirectory(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesDirectoryJsonnet",
    jsii_struct_bases=[],
    name_mapping={"ext_vars": "extVars", "libs": "libs", "tlas": "tlas"},
)
class ApplicationOperationSyncSourcesDirectoryJsonnet:
    def __init__(
        self,
        *,
        ext_vars: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesDirectoryJsonnetExtVars", typing.Dict[builtins.str, typing.Any]]]] = None,
        libs: typing.Optional[typing.Sequence[builtins.str]] = None,
        tlas: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesDirectoryJsonnetTlas", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Jsonnet holds options specific to Jsonnet.

        :param ext_vars: ExtVars is a list of Jsonnet External Variables.
        :param libs: Additional library search dirs.
        :param tlas: TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationOperationSyncSourcesDirectoryJsonnet
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e6cbfcb8830efc2b62f75606e259dfadab9421ddd04d0c6879085dfed828c285)
            check_type(argname="argument ext_vars", value=ext_vars, expected_type=type_hints["ext_vars"])
            check_type(argname="argument libs", value=libs, expected_type=type_hints["libs"])
            check_type(argname="argument tlas", value=tlas, expected_type=type_hints["tlas"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ext_vars is not None:
            self._values["ext_vars"] = ext_vars
        if libs is not None:
            self._values["libs"] = libs
        if tlas is not None:
            self._values["tlas"] = tlas

    @builtins.property
    def ext_vars(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesDirectoryJsonnetExtVars"]]:
        '''ExtVars is a list of Jsonnet External Variables.

        :schema: ApplicationOperationSyncSourcesDirectoryJsonnet#extVars
        '''
        result = self._values.get("ext_vars")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesDirectoryJsonnetExtVars"]], result)

    @builtins.property
    def libs(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Additional library search dirs.

        :schema: ApplicationOperationSyncSourcesDirectoryJsonnet#libs
        '''
        result = self._values.get("libs")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def tlas(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesDirectoryJsonnetTlas"]]:
        '''TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationOperationSyncSourcesDirectoryJsonnet#tlas
        '''
        result = self._values.get("tlas")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesDirectoryJsonnetTlas"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesDirectoryJsonnet(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesDirectoryJsonnetExtVars",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationOperationSyncSourcesDirectoryJsonnetExtVars:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetExtVars
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__512a2b7febcc3783964b9e01e88c88beda1b8d7ecfa1ccfdebcb75f91fb72e82)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetExtVars#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetExtVars#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetExtVars#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesDirectoryJsonnetExtVars(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesDirectoryJsonnetTlas",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationOperationSyncSourcesDirectoryJsonnetTlas:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetTlas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0cdcd5729fa2e460e72765eec07d4827eb5da63e41dc0f8c49742ecf0ce0939d)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetTlas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetTlas#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationOperationSyncSourcesDirectoryJsonnetTlas#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesDirectoryJsonnetTlas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesHelm",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "file_parameters": "fileParameters",
        "ignore_missing_value_files": "ignoreMissingValueFiles",
        "kube_version": "kubeVersion",
        "namespace": "namespace",
        "parameters": "parameters",
        "pass_credentials": "passCredentials",
        "release_name": "releaseName",
        "skip_crds": "skipCrds",
        "skip_schema_validation": "skipSchemaValidation",
        "skip_tests": "skipTests",
        "value_files": "valueFiles",
        "values": "values",
        "values_object": "valuesObject",
        "version": "version",
    },
)
class ApplicationOperationSyncSourcesHelm:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        file_parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesHelmFileParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_missing_value_files: typing.Optional[builtins.bool] = None,
        kube_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesHelmParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        pass_credentials: typing.Optional[builtins.bool] = None,
        release_name: typing.Optional[builtins.str] = None,
        skip_crds: typing.Optional[builtins.bool] = None,
        skip_schema_validation: typing.Optional[builtins.bool] = None,
        skip_tests: typing.Optional[builtins.bool] = None,
        value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
        values: typing.Optional[builtins.str] = None,
        values_object: typing.Any = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Helm holds helm specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param file_parameters: FileParameters are file parameters to the helm template.
        :param ignore_missing_value_files: IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param namespace: Namespace is an optional namespace to template with. If left empty, defaults to the app's destination namespace.
        :param parameters: Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.
        :param pass_credentials: PassCredentials pass credentials to all domains (Helm's --pass-credentials).
        :param release_name: ReleaseName is the Helm release name to use. If omitted it will use the application name
        :param skip_crds: SkipCrds skips custom resource definition installation step (Helm's --skip-crds).
        :param skip_schema_validation: SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).
        :param skip_tests: SkipTests skips test manifest installation step (Helm's --skip-tests).
        :param value_files: ValuesFiles is a list of Helm value files to use when generating a template.
        :param values: Values specifies Helm values to be passed to helm template, typically defined as a block. ValuesObject takes precedence over Values, so use one or the other.
        :param values_object: ValuesObject specifies Helm values to be passed to helm template, defined as a map. This takes precedence over Values.
        :param version: Version is the Helm version to use for templating ("3").

        :schema: ApplicationOperationSyncSourcesHelm
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3377410f08139b00108890b50d4b2d22966409d289be3e2ed57f9e8bbd518ea4)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument file_parameters", value=file_parameters, expected_type=type_hints["file_parameters"])
            check_type(argname="argument ignore_missing_value_files", value=ignore_missing_value_files, expected_type=type_hints["ignore_missing_value_files"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
            check_type(argname="argument pass_credentials", value=pass_credentials, expected_type=type_hints["pass_credentials"])
            check_type(argname="argument release_name", value=release_name, expected_type=type_hints["release_name"])
            check_type(argname="argument skip_crds", value=skip_crds, expected_type=type_hints["skip_crds"])
            check_type(argname="argument skip_schema_validation", value=skip_schema_validation, expected_type=type_hints["skip_schema_validation"])
            check_type(argname="argument skip_tests", value=skip_tests, expected_type=type_hints["skip_tests"])
            check_type(argname="argument value_files", value=value_files, expected_type=type_hints["value_files"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
            check_type(argname="argument values_object", value=values_object, expected_type=type_hints["values_object"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if file_parameters is not None:
            self._values["file_parameters"] = file_parameters
        if ignore_missing_value_files is not None:
            self._values["ignore_missing_value_files"] = ignore_missing_value_files
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if namespace is not None:
            self._values["namespace"] = namespace
        if parameters is not None:
            self._values["parameters"] = parameters
        if pass_credentials is not None:
            self._values["pass_credentials"] = pass_credentials
        if release_name is not None:
            self._values["release_name"] = release_name
        if skip_crds is not None:
            self._values["skip_crds"] = skip_crds
        if skip_schema_validation is not None:
            self._values["skip_schema_validation"] = skip_schema_validation
        if skip_tests is not None:
            self._values["skip_tests"] = skip_tests
        if value_files is not None:
            self._values["value_files"] = value_files
        if values is not None:
            self._values["values"] = values
        if values_object is not None:
            self._values["values_object"] = values_object
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationOperationSyncSourcesHelm#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def file_parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesHelmFileParameters"]]:
        '''FileParameters are file parameters to the helm template.

        :schema: ApplicationOperationSyncSourcesHelm#fileParameters
        '''
        result = self._values.get("file_parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesHelmFileParameters"]], result)

    @builtins.property
    def ignore_missing_value_files(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.

        :schema: ApplicationOperationSyncSourcesHelm#ignoreMissingValueFiles
        '''
        result = self._values.get("ignore_missing_value_files")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationOperationSyncSourcesHelm#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace is an optional namespace to template with.

        If left empty, defaults to the app's destination namespace.

        :schema: ApplicationOperationSyncSourcesHelm#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesHelmParameters"]]:
        '''Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.

        :schema: ApplicationOperationSyncSourcesHelm#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesHelmParameters"]], result)

    @builtins.property
    def pass_credentials(self) -> typing.Optional[builtins.bool]:
        '''PassCredentials pass credentials to all domains (Helm's --pass-credentials).

        :schema: ApplicationOperationSyncSourcesHelm#passCredentials
        '''
        result = self._values.get("pass_credentials")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def release_name(self) -> typing.Optional[builtins.str]:
        '''ReleaseName is the Helm release name to use.

        If omitted it will use the application name

        :schema: ApplicationOperationSyncSourcesHelm#releaseName
        '''
        result = self._values.get("release_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def skip_crds(self) -> typing.Optional[builtins.bool]:
        '''SkipCrds skips custom resource definition installation step (Helm's --skip-crds).

        :schema: ApplicationOperationSyncSourcesHelm#skipCrds
        '''
        result = self._values.get("skip_crds")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).

        :schema: ApplicationOperationSyncSourcesHelm#skipSchemaValidation
        '''
        result = self._values.get("skip_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_tests(self) -> typing.Optional[builtins.bool]:
        '''SkipTests skips test manifest installation step (Helm's --skip-tests).

        :schema: ApplicationOperationSyncSourcesHelm#skipTests
        '''
        result = self._values.get("skip_tests")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def value_files(self) -> typing.Optional[typing.List[builtins.str]]:
        '''ValuesFiles is a list of Helm value files to use when generating a template.

        :schema: ApplicationOperationSyncSourcesHelm#valueFiles
        '''
        result = self._values.get("value_files")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def values(self) -> typing.Optional[builtins.str]:
        '''Values specifies Helm values to be passed to helm template, typically defined as a block.

        ValuesObject takes precedence over Values, so use one or the other.

        :schema: ApplicationOperationSyncSourcesHelm#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def values_object(self) -> typing.Any:
        '''ValuesObject specifies Helm values to be passed to helm template, defined as a map.

        This takes precedence over Values.

        :schema: ApplicationOperationSyncSourcesHelm#valuesObject
        '''
        result = self._values.get("values_object")
        return typing.cast(typing.Any, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version is the Helm version to use for templating ("3").

        :schema: ApplicationOperationSyncSourcesHelm#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesHelm(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesHelmFileParameters",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "path": "path"},
)
class ApplicationOperationSyncSourcesHelmFileParameters:
    def __init__(
        self,
        *,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmFileParameter is a file parameter that's passed to helm template during manifest generation.

        :param name: Name is the name of the Helm parameter.
        :param path: Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationOperationSyncSourcesHelmFileParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__927d7b065c8d88ce2e5098687074e72eab7bd8015bfc1a3e14a4c8a096e20384)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationOperationSyncSourcesHelmFileParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationOperationSyncSourcesHelmFileParameters#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesHelmFileParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesHelmParameters",
    jsii_struct_bases=[],
    name_mapping={"force_string": "forceString", "name": "name", "value": "value"},
)
class ApplicationOperationSyncSourcesHelmParameters:
    def __init__(
        self,
        *,
        force_string: typing.Optional[builtins.bool] = None,
        name: typing.Optional[builtins.str] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmParameter is a parameter that's passed to helm template during manifest generation.

        :param force_string: ForceString determines whether to tell Helm to interpret booleans and numbers as strings.
        :param name: Name is the name of the Helm parameter.
        :param value: Value is the value for the Helm parameter.

        :schema: ApplicationOperationSyncSourcesHelmParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__12dde2ca982e17ebb3088504a9a723170d5b4286ef6cdcc5e28548328b3fd1a7)
            check_type(argname="argument force_string", value=force_string, expected_type=type_hints["force_string"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force_string is not None:
            self._values["force_string"] = force_string
        if name is not None:
            self._values["name"] = name
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def force_string(self) -> typing.Optional[builtins.bool]:
        '''ForceString determines whether to tell Helm to interpret booleans and numbers as strings.

        :schema: ApplicationOperationSyncSourcesHelmParameters#forceString
        '''
        result = self._values.get("force_string")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationOperationSyncSourcesHelmParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''Value is the value for the Helm parameter.

        :schema: ApplicationOperationSyncSourcesHelmParameters#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesHelmParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesKustomize",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "common_annotations": "commonAnnotations",
        "common_annotations_envsubst": "commonAnnotationsEnvsubst",
        "common_labels": "commonLabels",
        "components": "components",
        "force_common_annotations": "forceCommonAnnotations",
        "force_common_labels": "forceCommonLabels",
        "ignore_missing_components": "ignoreMissingComponents",
        "images": "images",
        "kube_version": "kubeVersion",
        "label_include_templates": "labelIncludeTemplates",
        "label_without_selector": "labelWithoutSelector",
        "name_prefix": "namePrefix",
        "namespace": "namespace",
        "name_suffix": "nameSuffix",
        "patches": "patches",
        "replicas": "replicas",
        "version": "version",
    },
)
class ApplicationOperationSyncSourcesKustomize:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        common_annotations_envsubst: typing.Optional[builtins.bool] = None,
        common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        components: typing.Optional[typing.Sequence[builtins.str]] = None,
        force_common_annotations: typing.Optional[builtins.bool] = None,
        force_common_labels: typing.Optional[builtins.bool] = None,
        ignore_missing_components: typing.Optional[builtins.bool] = None,
        images: typing.Optional[typing.Sequence[builtins.str]] = None,
        kube_version: typing.Optional[builtins.str] = None,
        label_include_templates: typing.Optional[builtins.bool] = None,
        label_without_selector: typing.Optional[builtins.bool] = None,
        name_prefix: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        name_suffix: typing.Optional[builtins.str] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesKustomizePatches", typing.Dict[builtins.str, typing.Any]]]] = None,
        replicas: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesKustomizeReplicas", typing.Dict[builtins.str, typing.Any]]]] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Kustomize holds kustomize specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param common_annotations: CommonAnnotations is a list of additional annotations to add to rendered manifests.
        :param common_annotations_envsubst: CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.
        :param common_labels: CommonLabels is a list of additional labels to add to rendered manifests.
        :param components: Components specifies a list of kustomize components to add to the kustomization before building.
        :param force_common_annotations: ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.
        :param force_common_labels: ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.
        :param ignore_missing_components: IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.
        :param images: Images is a list of Kustomize image override specifications.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param label_include_templates: LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.
        :param label_without_selector: LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.
        :param name_prefix: NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.
        :param namespace: Namespace sets the namespace that Kustomize adds to all resources.
        :param name_suffix: NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.
        :param patches: Patches is a list of Kustomize patches.
        :param replicas: Replicas is a list of Kustomize Replicas override specifications.
        :param version: Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationOperationSyncSourcesKustomize
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__34cf82b188985dddaf242328dcc241e743e4d38d23c850830acaba2fbaab628d)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument common_annotations", value=common_annotations, expected_type=type_hints["common_annotations"])
            check_type(argname="argument common_annotations_envsubst", value=common_annotations_envsubst, expected_type=type_hints["common_annotations_envsubst"])
            check_type(argname="argument common_labels", value=common_labels, expected_type=type_hints["common_labels"])
            check_type(argname="argument components", value=components, expected_type=type_hints["components"])
            check_type(argname="argument force_common_annotations", value=force_common_annotations, expected_type=type_hints["force_common_annotations"])
            check_type(argname="argument force_common_labels", value=force_common_labels, expected_type=type_hints["force_common_labels"])
            check_type(argname="argument ignore_missing_components", value=ignore_missing_components, expected_type=type_hints["ignore_missing_components"])
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument label_include_templates", value=label_include_templates, expected_type=type_hints["label_include_templates"])
            check_type(argname="argument label_without_selector", value=label_without_selector, expected_type=type_hints["label_without_selector"])
            check_type(argname="argument name_prefix", value=name_prefix, expected_type=type_hints["name_prefix"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument name_suffix", value=name_suffix, expected_type=type_hints["name_suffix"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if common_annotations is not None:
            self._values["common_annotations"] = common_annotations
        if common_annotations_envsubst is not None:
            self._values["common_annotations_envsubst"] = common_annotations_envsubst
        if common_labels is not None:
            self._values["common_labels"] = common_labels
        if components is not None:
            self._values["components"] = components
        if force_common_annotations is not None:
            self._values["force_common_annotations"] = force_common_annotations
        if force_common_labels is not None:
            self._values["force_common_labels"] = force_common_labels
        if ignore_missing_components is not None:
            self._values["ignore_missing_components"] = ignore_missing_components
        if images is not None:
            self._values["images"] = images
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if label_include_templates is not None:
            self._values["label_include_templates"] = label_include_templates
        if label_without_selector is not None:
            self._values["label_without_selector"] = label_without_selector
        if name_prefix is not None:
            self._values["name_prefix"] = name_prefix
        if namespace is not None:
            self._values["namespace"] = namespace
        if name_suffix is not None:
            self._values["name_suffix"] = name_suffix
        if patches is not None:
            self._values["patches"] = patches
        if replicas is not None:
            self._values["replicas"] = replicas
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationOperationSyncSourcesKustomize#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def common_annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonAnnotations is a list of additional annotations to add to rendered manifests.

        :schema: ApplicationOperationSyncSourcesKustomize#commonAnnotations
        '''
        result = self._values.get("common_annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def common_annotations_envsubst(self) -> typing.Optional[builtins.bool]:
        '''CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.

        :schema: ApplicationOperationSyncSourcesKustomize#commonAnnotationsEnvsubst
        '''
        result = self._values.get("common_annotations_envsubst")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def common_labels(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonLabels is a list of additional labels to add to rendered manifests.

        :schema: ApplicationOperationSyncSourcesKustomize#commonLabels
        '''
        result = self._values.get("common_labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def components(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Components specifies a list of kustomize components to add to the kustomization before building.

        :schema: ApplicationOperationSyncSourcesKustomize#components
        '''
        result = self._values.get("components")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def force_common_annotations(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.

        :schema: ApplicationOperationSyncSourcesKustomize#forceCommonAnnotations
        '''
        result = self._values.get("force_common_annotations")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force_common_labels(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.

        :schema: ApplicationOperationSyncSourcesKustomize#forceCommonLabels
        '''
        result = self._values.get("force_common_labels")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def ignore_missing_components(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.

        :schema: ApplicationOperationSyncSourcesKustomize#ignoreMissingComponents
        '''
        result = self._values.get("ignore_missing_components")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def images(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Images is a list of Kustomize image override specifications.

        :schema: ApplicationOperationSyncSourcesKustomize#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationOperationSyncSourcesKustomize#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_include_templates(self) -> typing.Optional[builtins.bool]:
        '''LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.

        :schema: ApplicationOperationSyncSourcesKustomize#labelIncludeTemplates
        '''
        result = self._values.get("label_include_templates")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def label_without_selector(self) -> typing.Optional[builtins.bool]:
        '''LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.

        :schema: ApplicationOperationSyncSourcesKustomize#labelWithoutSelector
        '''
        result = self._values.get("label_without_selector")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name_prefix(self) -> typing.Optional[builtins.str]:
        '''NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationOperationSyncSourcesKustomize#namePrefix
        '''
        result = self._values.get("name_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace sets the namespace that Kustomize adds to all resources.

        :schema: ApplicationOperationSyncSourcesKustomize#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name_suffix(self) -> typing.Optional[builtins.str]:
        '''NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationOperationSyncSourcesKustomize#nameSuffix
        '''
        result = self._values.get("name_suffix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def patches(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesKustomizePatches"]]:
        '''Patches is a list of Kustomize patches.

        :schema: ApplicationOperationSyncSourcesKustomize#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesKustomizePatches"]], result)

    @builtins.property
    def replicas(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesKustomizeReplicas"]]:
        '''Replicas is a list of Kustomize Replicas override specifications.

        :schema: ApplicationOperationSyncSourcesKustomize#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesKustomizeReplicas"]], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationOperationSyncSourcesKustomize#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesKustomize(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesKustomizePatches",
    jsii_struct_bases=[],
    name_mapping={
        "options": "options",
        "patch": "patch",
        "path": "path",
        "target": "target",
    },
)
class ApplicationOperationSyncSourcesKustomizePatches:
    def __init__(
        self,
        *,
        options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
        patch: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        target: typing.Optional[typing.Union["ApplicationOperationSyncSourcesKustomizePatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param options: 
        :param patch: 
        :param path: 
        :param target: 

        :schema: ApplicationOperationSyncSourcesKustomizePatches
        '''
        if isinstance(target, dict):
            target = ApplicationOperationSyncSourcesKustomizePatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__682601d0aec2cfb78d17ae9ad0ac3bcd20ade1e63fed47076e5532e4cad8b3b7)
            check_type(argname="argument options", value=options, expected_type=type_hints["options"])
            check_type(argname="argument patch", value=patch, expected_type=type_hints["patch"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if options is not None:
            self._values["options"] = options
        if patch is not None:
            self._values["patch"] = patch
        if path is not None:
            self._values["path"] = path
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def options(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.bool]]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatches#options
        '''
        result = self._values.get("options")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.bool]], result)

    @builtins.property
    def patch(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatches#patch
        '''
        result = self._values.get("patch")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatches#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target(
        self,
    ) -> typing.Optional["ApplicationOperationSyncSourcesKustomizePatchesTarget"]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["ApplicationOperationSyncSourcesKustomizePatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesKustomizePatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesKustomizePatchesTarget",
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
class ApplicationOperationSyncSourcesKustomizePatchesTarget:
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
        '''
        :param annotation_selector: 
        :param group: 
        :param kind: 
        :param label_selector: 
        :param name: 
        :param namespace: 
        :param version: 

        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__42fac15fa8f4b238156122d9874e18e16fc12150d71a243d4bd5712105886252)
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
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesKustomizePatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesKustomizePatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesKustomizeReplicas",
    jsii_struct_bases=[],
    name_mapping={"count": "count", "name": "name"},
)
class ApplicationOperationSyncSourcesKustomizeReplicas:
    def __init__(
        self,
        *,
        count: "ApplicationOperationSyncSourcesKustomizeReplicasCount",
        name: builtins.str,
    ) -> None:
        '''
        :param count: Number of replicas.
        :param name: Name of Deployment or StatefulSet.

        :schema: ApplicationOperationSyncSourcesKustomizeReplicas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8f55578252cdd2e033cb2d064f47238a8a0b22920fa57495003de6932b935c67)
            check_type(argname="argument count", value=count, expected_type=type_hints["count"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "count": count,
            "name": name,
        }

    @builtins.property
    def count(self) -> "ApplicationOperationSyncSourcesKustomizeReplicasCount":
        '''Number of replicas.

        :schema: ApplicationOperationSyncSourcesKustomizeReplicas#count
        '''
        result = self._values.get("count")
        assert result is not None, "Required property 'count' is missing"
        return typing.cast("ApplicationOperationSyncSourcesKustomizeReplicasCount", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of Deployment or StatefulSet.

        :schema: ApplicationOperationSyncSourcesKustomizeReplicas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesKustomizeReplicas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ApplicationOperationSyncSourcesKustomizeReplicasCount(
    metaclass=jsii.JSIIMeta,
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesKustomizeReplicasCount",
):
    '''Number of replicas.

    :schema: ApplicationOperationSyncSourcesKustomizeReplicasCount
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ApplicationOperationSyncSourcesKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e8fb0a09f192b63f4d6cdcbd21b27bc99dd52c680bb7f7eb56b1af2d0afe925d)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationOperationSyncSourcesKustomizeReplicasCount", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ApplicationOperationSyncSourcesKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__bbe9f1f2ea3271b1cf45748f6823ba3068fc0e08a14ece7307b90431ff5174ed)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationOperationSyncSourcesKustomizeReplicasCount", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesPlugin",
    jsii_struct_bases=[],
    name_mapping={"env": "env", "name": "name", "parameters": "parameters"},
)
class ApplicationOperationSyncSourcesPlugin:
    def __init__(
        self,
        *,
        env: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesPluginEnv", typing.Dict[builtins.str, typing.Any]]]] = None,
        name: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationOperationSyncSourcesPluginParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Plugin holds config management plugin specific options.

        :param env: Env is a list of environment variable entries.
        :param name: 
        :param parameters: 

        :schema: ApplicationOperationSyncSourcesPlugin
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a21b16d04a6ed65a9033a4312eb703378dc1fc3ad86fdf7d75dd092babe81650)
            check_type(argname="argument env", value=env, expected_type=type_hints["env"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if env is not None:
            self._values["env"] = env
        if name is not None:
            self._values["name"] = name
        if parameters is not None:
            self._values["parameters"] = parameters

    @builtins.property
    def env(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesPluginEnv"]]:
        '''Env is a list of environment variable entries.

        :schema: ApplicationOperationSyncSourcesPlugin#env
        '''
        result = self._values.get("env")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesPluginEnv"]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationOperationSyncSourcesPlugin#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationOperationSyncSourcesPluginParameters"]]:
        '''
        :schema: ApplicationOperationSyncSourcesPlugin#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationOperationSyncSourcesPluginParameters"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesPlugin(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesPluginEnv",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationOperationSyncSourcesPluginEnv:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''EnvEntry represents an entry in the application's environment.

        :param name: Name is the name of the variable, usually expressed in uppercase.
        :param value: Value is the value of the variable.

        :schema: ApplicationOperationSyncSourcesPluginEnv
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2c3d5ac378b1d712c02437180bb2b60a3d42ea4e1456b118591624a9211e56f7)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is the name of the variable, usually expressed in uppercase.

        :schema: ApplicationOperationSyncSourcesPluginEnv#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''Value is the value of the variable.

        :schema: ApplicationOperationSyncSourcesPluginEnv#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesPluginEnv(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSourcesPluginParameters",
    jsii_struct_bases=[],
    name_mapping={"array": "array", "map": "map", "name": "name", "string": "string"},
)
class ApplicationOperationSyncSourcesPluginParameters:
    def __init__(
        self,
        *,
        array: typing.Optional[typing.Sequence[builtins.str]] = None,
        map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        name: typing.Optional[builtins.str] = None,
        string: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param array: Array is the value of an array type parameter.
        :param map: Map is the value of a map type parameter.
        :param name: Name is the name identifying a parameter.
        :param string: String_ is the value of a string type parameter.

        :schema: ApplicationOperationSyncSourcesPluginParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5f3e50976a2d2e72bdf746e86990b377f3fb98612b3cbc6bd484a6774023be3a)
            check_type(argname="argument array", value=array, expected_type=type_hints["array"])
            check_type(argname="argument map", value=map, expected_type=type_hints["map"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument string", value=string, expected_type=type_hints["string"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if array is not None:
            self._values["array"] = array
        if map is not None:
            self._values["map"] = map
        if name is not None:
            self._values["name"] = name
        if string is not None:
            self._values["string"] = string

    @builtins.property
    def array(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Array is the value of an array type parameter.

        :schema: ApplicationOperationSyncSourcesPluginParameters#array
        '''
        result = self._values.get("array")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def map(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Map is the value of a map type parameter.

        :schema: ApplicationOperationSyncSourcesPluginParameters#map
        '''
        result = self._values.get("map")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name identifying a parameter.

        :schema: ApplicationOperationSyncSourcesPluginParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def string(self) -> typing.Optional[builtins.str]:
        '''String_ is the value of a string type parameter.

        :schema: ApplicationOperationSyncSourcesPluginParameters#string
        '''
        result = self._values.get("string")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSourcesPluginParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSyncStrategy",
    jsii_struct_bases=[],
    name_mapping={"apply": "apply", "hook": "hook"},
)
class ApplicationOperationSyncSyncStrategy:
    def __init__(
        self,
        *,
        apply: typing.Optional[typing.Union["ApplicationOperationSyncSyncStrategyApply", typing.Dict[builtins.str, typing.Any]]] = None,
        hook: typing.Optional[typing.Union["ApplicationOperationSyncSyncStrategyHook", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''SyncStrategy describes how to perform the sync.

        :param apply: Apply will perform a ``kubectl apply`` to perform the sync.
        :param hook: Hook will submit any referenced resources to perform the sync. This is the default strategy

        :schema: ApplicationOperationSyncSyncStrategy
        '''
        if isinstance(apply, dict):
            apply = ApplicationOperationSyncSyncStrategyApply(**apply)
        if isinstance(hook, dict):
            hook = ApplicationOperationSyncSyncStrategyHook(**hook)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0874162cbab8c7efd8462bb3e182b3340475d33294838c4d0c8d233331ba5d36)
            check_type(argname="argument apply", value=apply, expected_type=type_hints["apply"])
            check_type(argname="argument hook", value=hook, expected_type=type_hints["hook"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if apply is not None:
            self._values["apply"] = apply
        if hook is not None:
            self._values["hook"] = hook

    @builtins.property
    def apply(self) -> typing.Optional["ApplicationOperationSyncSyncStrategyApply"]:
        '''Apply will perform a ``kubectl apply`` to perform the sync.

        :schema: ApplicationOperationSyncSyncStrategy#apply
        '''
        result = self._values.get("apply")
        return typing.cast(typing.Optional["ApplicationOperationSyncSyncStrategyApply"], result)

    @builtins.property
    def hook(self) -> typing.Optional["ApplicationOperationSyncSyncStrategyHook"]:
        '''Hook will submit any referenced resources to perform the sync.

        This is the default strategy

        :schema: ApplicationOperationSyncSyncStrategy#hook
        '''
        result = self._values.get("hook")
        return typing.cast(typing.Optional["ApplicationOperationSyncSyncStrategyHook"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSyncStrategy(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSyncStrategyApply",
    jsii_struct_bases=[],
    name_mapping={"force": "force"},
)
class ApplicationOperationSyncSyncStrategyApply:
    def __init__(self, *, force: typing.Optional[builtins.bool] = None) -> None:
        '''Apply will perform a ``kubectl apply`` to perform the sync.

        :param force: Force indicates whether or not to supply the --force flag to ``kubectl apply``. The --force flag deletes and re-create the resource, when PATCH encounters conflict and has retried for 5 times.

        :schema: ApplicationOperationSyncSyncStrategyApply
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__305af0d082aa780ec36382672d7d675e7135326ad792c8d21a1b368bcd7c96af)
            check_type(argname="argument force", value=force, expected_type=type_hints["force"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force is not None:
            self._values["force"] = force

    @builtins.property
    def force(self) -> typing.Optional[builtins.bool]:
        '''Force indicates whether or not to supply the --force flag to ``kubectl apply``.

        The --force flag deletes and re-create the resource, when PATCH encounters conflict and has
        retried for 5 times.

        :schema: ApplicationOperationSyncSyncStrategyApply#force
        '''
        result = self._values.get("force")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSyncStrategyApply(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationOperationSyncSyncStrategyHook",
    jsii_struct_bases=[],
    name_mapping={"force": "force"},
)
class ApplicationOperationSyncSyncStrategyHook:
    def __init__(self, *, force: typing.Optional[builtins.bool] = None) -> None:
        '''Hook will submit any referenced resources to perform the sync.

        This is the default strategy

        :param force: Force indicates whether or not to supply the --force flag to ``kubectl apply``. The --force flag deletes and re-create the resource, when PATCH encounters conflict and has retried for 5 times.

        :schema: ApplicationOperationSyncSyncStrategyHook
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e3ad2376b06c64dc544ebc0641746afbaa27deaac9be8174fae9d85032bd1a3b)
            check_type(argname="argument force", value=force, expected_type=type_hints["force"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force is not None:
            self._values["force"] = force

    @builtins.property
    def force(self) -> typing.Optional[builtins.bool]:
        '''Force indicates whether or not to supply the --force flag to ``kubectl apply``.

        The --force flag deletes and re-create the resource, when PATCH encounters conflict and has
        retried for 5 times.

        :schema: ApplicationOperationSyncSyncStrategyHook#force
        '''
        result = self._values.get("force")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationOperationSyncSyncStrategyHook(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec", "operation": "operation"},
)
class ApplicationProps:
    def __init__(
        self,
        *,
        metadata: typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]],
        spec: typing.Union["ApplicationSpec", typing.Dict[builtins.str, typing.Any]],
        operation: typing.Optional[typing.Union["ApplicationOperation", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Application is a definition of Application resource.

        :param metadata: 
        :param spec: ApplicationSpec represents desired application state. Contains link to repository with application definition and additional parameters link definition revision.
        :param operation: Operation contains information about a requested or running operation.

        :schema: Application
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = ApplicationSpec(**spec)
        if isinstance(operation, dict):
            operation = ApplicationOperation(**operation)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__532500e54643643d5ac1a248afe1f32ad91ca23df2aa67256896d545c713fe9c)
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
            check_type(argname="argument operation", value=operation, expected_type=type_hints["operation"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "metadata": metadata,
            "spec": spec,
        }
        if operation is not None:
            self._values["operation"] = operation

    @builtins.property
    def metadata(self) -> "_cdk8s_d3d9af27.ApiObjectMetadata":
        '''
        :schema: Application#metadata
        '''
        result = self._values.get("metadata")
        assert result is not None, "Required property 'metadata' is missing"
        return typing.cast("_cdk8s_d3d9af27.ApiObjectMetadata", result)

    @builtins.property
    def spec(self) -> "ApplicationSpec":
        '''ApplicationSpec represents desired application state.

        Contains link to repository with application definition and additional parameters link definition revision.

        :schema: Application#spec
        '''
        result = self._values.get("spec")
        assert result is not None, "Required property 'spec' is missing"
        return typing.cast("ApplicationSpec", result)

    @builtins.property
    def operation(self) -> typing.Optional["ApplicationOperation"]:
        '''Operation contains information about a requested or running operation.

        :schema: Application#operation
        '''
        result = self._values.get("operation")
        return typing.cast(typing.Optional["ApplicationOperation"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpec",
    jsii_struct_bases=[],
    name_mapping={
        "destination": "destination",
        "project": "project",
        "ignore_differences": "ignoreDifferences",
        "info": "info",
        "revision_history_limit": "revisionHistoryLimit",
        "source": "source",
        "source_hydrator": "sourceHydrator",
        "sources": "sources",
        "sync_policy": "syncPolicy",
    },
)
class ApplicationSpec:
    def __init__(
        self,
        *,
        destination: typing.Union["ApplicationSpecDestination", typing.Dict[builtins.str, typing.Any]],
        project: builtins.str,
        ignore_differences: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecIgnoreDifferences", typing.Dict[builtins.str, typing.Any]]]] = None,
        info: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecInfo", typing.Dict[builtins.str, typing.Any]]]] = None,
        revision_history_limit: typing.Optional[jsii.Number] = None,
        source: typing.Optional[typing.Union["ApplicationSpecSource", typing.Dict[builtins.str, typing.Any]]] = None,
        source_hydrator: typing.Optional[typing.Union["ApplicationSpecSourceHydrator", typing.Dict[builtins.str, typing.Any]]] = None,
        sources: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSources", typing.Dict[builtins.str, typing.Any]]]] = None,
        sync_policy: typing.Optional[typing.Union["ApplicationSpecSyncPolicy", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''ApplicationSpec represents desired application state.

        Contains link to repository with application definition and additional parameters link definition revision.

        :param destination: Destination is a reference to the target Kubernetes server and namespace.
        :param project: Project is a reference to the project this application belongs to. The empty string means that application belongs to the 'default' project.
        :param ignore_differences: IgnoreDifferences is a list of resources and their fields which should be ignored during comparison.
        :param info: Info contains a list of information (URLs, email addresses, and plain text) that relates to the application.
        :param revision_history_limit: RevisionHistoryLimit limits the number of items kept in the application's revision history, which is used for informational purposes as well as for rollbacks to previous versions. This should only be changed in exceptional circumstances. Setting to zero will store no history. This will reduce storage used. Increasing will increase the space used to store the history, so we do not recommend increasing it. Default is 10. Default: 10.
        :param source: Source is a reference to the location of the application's manifests or chart.
        :param source_hydrator: SourceHydrator provides a way to push hydrated manifests back to git before syncing them to the cluster.
        :param sources: Sources is a reference to the location of the application's manifests or chart.
        :param sync_policy: SyncPolicy controls when and how a sync will be performed.

        :schema: ApplicationSpec
        '''
        if isinstance(destination, dict):
            destination = ApplicationSpecDestination(**destination)
        if isinstance(source, dict):
            source = ApplicationSpecSource(**source)
        if isinstance(source_hydrator, dict):
            source_hydrator = ApplicationSpecSourceHydrator(**source_hydrator)
        if isinstance(sync_policy, dict):
            sync_policy = ApplicationSpecSyncPolicy(**sync_policy)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__15ed9623fe2a70e74d5ffc73e5f2fd25628f2fe416ccdbfe0a632a51b975a3c5)
            check_type(argname="argument destination", value=destination, expected_type=type_hints["destination"])
            check_type(argname="argument project", value=project, expected_type=type_hints["project"])
            check_type(argname="argument ignore_differences", value=ignore_differences, expected_type=type_hints["ignore_differences"])
            check_type(argname="argument info", value=info, expected_type=type_hints["info"])
            check_type(argname="argument revision_history_limit", value=revision_history_limit, expected_type=type_hints["revision_history_limit"])
            check_type(argname="argument source", value=source, expected_type=type_hints["source"])
            check_type(argname="argument source_hydrator", value=source_hydrator, expected_type=type_hints["source_hydrator"])
            check_type(argname="argument sources", value=sources, expected_type=type_hints["sources"])
            check_type(argname="argument sync_policy", value=sync_policy, expected_type=type_hints["sync_policy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "destination": destination,
            "project": project,
        }
        if ignore_differences is not None:
            self._values["ignore_differences"] = ignore_differences
        if info is not None:
            self._values["info"] = info
        if revision_history_limit is not None:
            self._values["revision_history_limit"] = revision_history_limit
        if source is not None:
            self._values["source"] = source
        if source_hydrator is not None:
            self._values["source_hydrator"] = source_hydrator
        if sources is not None:
            self._values["sources"] = sources
        if sync_policy is not None:
            self._values["sync_policy"] = sync_policy

    @builtins.property
    def destination(self) -> "ApplicationSpecDestination":
        '''Destination is a reference to the target Kubernetes server and namespace.

        :schema: ApplicationSpec#destination
        '''
        result = self._values.get("destination")
        assert result is not None, "Required property 'destination' is missing"
        return typing.cast("ApplicationSpecDestination", result)

    @builtins.property
    def project(self) -> builtins.str:
        '''Project is a reference to the project this application belongs to.

        The empty string means that application belongs to the 'default' project.

        :schema: ApplicationSpec#project
        '''
        result = self._values.get("project")
        assert result is not None, "Required property 'project' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def ignore_differences(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecIgnoreDifferences"]]:
        '''IgnoreDifferences is a list of resources and their fields which should be ignored during comparison.

        :schema: ApplicationSpec#ignoreDifferences
        '''
        result = self._values.get("ignore_differences")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecIgnoreDifferences"]], result)

    @builtins.property
    def info(self) -> typing.Optional[typing.List["ApplicationSpecInfo"]]:
        '''Info contains a list of information (URLs, email addresses, and plain text) that relates to the application.

        :schema: ApplicationSpec#info
        '''
        result = self._values.get("info")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecInfo"]], result)

    @builtins.property
    def revision_history_limit(self) -> typing.Optional[jsii.Number]:
        '''RevisionHistoryLimit limits the number of items kept in the application's revision history, which is used for informational purposes as well as for rollbacks to previous versions.

        This should only be changed in exceptional circumstances.
        Setting to zero will store no history. This will reduce storage used.
        Increasing will increase the space used to store the history, so we do not recommend increasing it.
        Default is 10.

        :default: 10.

        :schema: ApplicationSpec#revisionHistoryLimit
        '''
        result = self._values.get("revision_history_limit")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def source(self) -> typing.Optional["ApplicationSpecSource"]:
        '''Source is a reference to the location of the application's manifests or chart.

        :schema: ApplicationSpec#source
        '''
        result = self._values.get("source")
        return typing.cast(typing.Optional["ApplicationSpecSource"], result)

    @builtins.property
    def source_hydrator(self) -> typing.Optional["ApplicationSpecSourceHydrator"]:
        '''SourceHydrator provides a way to push hydrated manifests back to git before syncing them to the cluster.

        :schema: ApplicationSpec#sourceHydrator
        '''
        result = self._values.get("source_hydrator")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydrator"], result)

    @builtins.property
    def sources(self) -> typing.Optional[typing.List["ApplicationSpecSources"]]:
        '''Sources is a reference to the location of the application's manifests or chart.

        :schema: ApplicationSpec#sources
        '''
        result = self._values.get("sources")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSources"]], result)

    @builtins.property
    def sync_policy(self) -> typing.Optional["ApplicationSpecSyncPolicy"]:
        '''SyncPolicy controls when and how a sync will be performed.

        :schema: ApplicationSpec#syncPolicy
        '''
        result = self._values.get("sync_policy")
        return typing.cast(typing.Optional["ApplicationSpecSyncPolicy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecDestination",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "namespace": "namespace", "server": "server"},
)
class ApplicationSpecDestination:
    def __init__(
        self,
        *,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        server: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Destination is a reference to the target Kubernetes server and namespace.

        :param name: Name is an alternate way of specifying the target cluster by its symbolic name. This must be set if Server is not set.
        :param namespace: Namespace specifies the target namespace for the application's resources. The namespace will only be set for namespace-scoped resources that have not set a value for .metadata.namespace
        :param server: Server specifies the URL of the target cluster's Kubernetes control plane API. This must be set if Name is not set.

        :schema: ApplicationSpecDestination
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__71c9dc1a888739611078321230e572c1edd3dd60061eb13d4dbbb31b6a585e09)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument server", value=server, expected_type=type_hints["server"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if server is not None:
            self._values["server"] = server

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is an alternate way of specifying the target cluster by its symbolic name.

        This must be set if Server is not set.

        :schema: ApplicationSpecDestination#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace specifies the target namespace for the application's resources.

        The namespace will only be set for namespace-scoped resources that have not set a value for .metadata.namespace

        :schema: ApplicationSpecDestination#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def server(self) -> typing.Optional[builtins.str]:
        '''Server specifies the URL of the target cluster's Kubernetes control plane API.

        This must be set if Name is not set.

        :schema: ApplicationSpecDestination#server
        '''
        result = self._values.get("server")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecDestination(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecIgnoreDifferences",
    jsii_struct_bases=[],
    name_mapping={
        "kind": "kind",
        "group": "group",
        "jq_path_expressions": "jqPathExpressions",
        "json_pointers": "jsonPointers",
        "managed_fields_managers": "managedFieldsManagers",
        "name": "name",
        "namespace": "namespace",
    },
)
class ApplicationSpecIgnoreDifferences:
    def __init__(
        self,
        *,
        kind: builtins.str,
        group: typing.Optional[builtins.str] = None,
        jq_path_expressions: typing.Optional[typing.Sequence[builtins.str]] = None,
        json_pointers: typing.Optional[typing.Sequence[builtins.str]] = None,
        managed_fields_managers: typing.Optional[typing.Sequence[builtins.str]] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
    ) -> None:
        '''ResourceIgnoreDifferences contains resource filter and list of json paths which should be ignored during comparison with live state.

        :param kind: 
        :param group: 
        :param jq_path_expressions: 
        :param json_pointers: 
        :param managed_fields_managers: ManagedFieldsManagers is a list of trusted managers. Fields mutated by those managers will take precedence over the desired state defined in the SCM and won't be displayed in diffs
        :param name: 
        :param namespace: 

        :schema: ApplicationSpecIgnoreDifferences
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ec2109da202082cb3379d2f69043d1402dbfd02a9857da3150dd8737642bc3fc)
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument group", value=group, expected_type=type_hints["group"])
            check_type(argname="argument jq_path_expressions", value=jq_path_expressions, expected_type=type_hints["jq_path_expressions"])
            check_type(argname="argument json_pointers", value=json_pointers, expected_type=type_hints["json_pointers"])
            check_type(argname="argument managed_fields_managers", value=managed_fields_managers, expected_type=type_hints["managed_fields_managers"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "kind": kind,
        }
        if group is not None:
            self._values["group"] = group
        if jq_path_expressions is not None:
            self._values["jq_path_expressions"] = jq_path_expressions
        if json_pointers is not None:
            self._values["json_pointers"] = json_pointers
        if managed_fields_managers is not None:
            self._values["managed_fields_managers"] = managed_fields_managers
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace

    @builtins.property
    def kind(self) -> builtins.str:
        '''
        :schema: ApplicationSpecIgnoreDifferences#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecIgnoreDifferences#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jq_path_expressions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: ApplicationSpecIgnoreDifferences#jqPathExpressions
        '''
        result = self._values.get("jq_path_expressions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def json_pointers(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: ApplicationSpecIgnoreDifferences#jsonPointers
        '''
        result = self._values.get("json_pointers")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def managed_fields_managers(self) -> typing.Optional[typing.List[builtins.str]]:
        '''ManagedFieldsManagers is a list of trusted managers.

        Fields mutated by those managers will take precedence over the
        desired state defined in the SCM and won't be displayed in diffs

        :schema: ApplicationSpecIgnoreDifferences#managedFieldsManagers
        '''
        result = self._values.get("managed_fields_managers")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecIgnoreDifferences#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecIgnoreDifferences#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecIgnoreDifferences(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecInfo",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationSpecInfo:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: ApplicationSpecInfo
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a2ff0f4194828a4b36ea34ec20f98861549d7d571e502610763e512c84397a0f)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecInfo#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecInfo#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecInfo(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSource",
    jsii_struct_bases=[],
    name_mapping={
        "repo_url": "repoUrl",
        "chart": "chart",
        "directory": "directory",
        "helm": "helm",
        "kustomize": "kustomize",
        "name": "name",
        "path": "path",
        "plugin": "plugin",
        "ref": "ref",
        "tag_prefix": "tagPrefix",
        "target_revision": "targetRevision",
    },
)
class ApplicationSpecSource:
    def __init__(
        self,
        *,
        repo_url: builtins.str,
        chart: typing.Optional[builtins.str] = None,
        directory: typing.Optional[typing.Union["ApplicationSpecSourceDirectory", typing.Dict[builtins.str, typing.Any]]] = None,
        helm: typing.Optional[typing.Union["ApplicationSpecSourceHelm", typing.Dict[builtins.str, typing.Any]]] = None,
        kustomize: typing.Optional[typing.Union["ApplicationSpecSourceKustomize", typing.Dict[builtins.str, typing.Any]]] = None,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        plugin: typing.Optional[typing.Union["ApplicationSpecSourcePlugin", typing.Dict[builtins.str, typing.Any]]] = None,
        ref: typing.Optional[builtins.str] = None,
        tag_prefix: typing.Optional[builtins.str] = None,
        target_revision: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Source is a reference to the location of the application's manifests or chart.

        :param repo_url: RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.
        :param chart: Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.
        :param directory: Directory holds path/directory specific options.
        :param helm: Helm holds helm specific options.
        :param kustomize: Kustomize holds kustomize specific options.
        :param name: Name is used to refer to a source and is displayed in the UI. It is used in multi-source Applications.
        :param path: Path is a directory path within the Git repository, and is only valid for applications sourced from Git.
        :param plugin: Plugin holds config management plugin specific options.
        :param ref: Ref is reference to another source within sources field. This field will not be used if used with a ``source`` tag.
        :param tag_prefix: TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint. The prefix is stripped from tag names before comparison and re-added to the resolved version. For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".
        :param target_revision: TargetRevision defines the revision of the source to sync the application to. In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD. In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationSpecSource
        '''
        if isinstance(directory, dict):
            directory = ApplicationSpecSourceDirectory(**directory)
        if isinstance(helm, dict):
            helm = ApplicationSpecSourceHelm(**helm)
        if isinstance(kustomize, dict):
            kustomize = ApplicationSpecSourceKustomize(**kustomize)
        if isinstance(plugin, dict):
            plugin = ApplicationSpecSourcePlugin(**plugin)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a644d08a0acf49b8399f9f66a33387ca94d58fef081f09de92c26a119041da16)
            check_type(argname="argument repo_url", value=repo_url, expected_type=type_hints["repo_url"])
            check_type(argname="argument chart", value=chart, expected_type=type_hints["chart"])
            check_type(argname="argument directory", value=directory, expected_type=type_hints["directory"])
            check_type(argname="argument helm", value=helm, expected_type=type_hints["helm"])
            check_type(argname="argument kustomize", value=kustomize, expected_type=type_hints["kustomize"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument plugin", value=plugin, expected_type=type_hints["plugin"])
            check_type(argname="argument ref", value=ref, expected_type=type_hints["ref"])
            check_type(argname="argument tag_prefix", value=tag_prefix, expected_type=type_hints["tag_prefix"])
            check_type(argname="argument target_revision", value=target_revision, expected_type=type_hints["target_revision"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "repo_url": repo_url,
        }
        if chart is not None:
            self._values["chart"] = chart
        if directory is not None:
            self._values["directory"] = directory
        if helm is not None:
            self._values["helm"] = helm
        if kustomize is not None:
            self._values["kustomize"] = kustomize
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path
        if plugin is not None:
            self._values["plugin"] = plugin
        if ref is not None:
            self._values["ref"] = ref
        if tag_prefix is not None:
            self._values["tag_prefix"] = tag_prefix
        if target_revision is not None:
            self._values["target_revision"] = target_revision

    @builtins.property
    def repo_url(self) -> builtins.str:
        '''RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.

        :schema: ApplicationSpecSource#repoURL
        '''
        result = self._values.get("repo_url")
        assert result is not None, "Required property 'repo_url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def chart(self) -> typing.Optional[builtins.str]:
        '''Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.

        :schema: ApplicationSpecSource#chart
        '''
        result = self._values.get("chart")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def directory(self) -> typing.Optional["ApplicationSpecSourceDirectory"]:
        '''Directory holds path/directory specific options.

        :schema: ApplicationSpecSource#directory
        '''
        result = self._values.get("directory")
        return typing.cast(typing.Optional["ApplicationSpecSourceDirectory"], result)

    @builtins.property
    def helm(self) -> typing.Optional["ApplicationSpecSourceHelm"]:
        '''Helm holds helm specific options.

        :schema: ApplicationSpecSource#helm
        '''
        result = self._values.get("helm")
        return typing.cast(typing.Optional["ApplicationSpecSourceHelm"], result)

    @builtins.property
    def kustomize(self) -> typing.Optional["ApplicationSpecSourceKustomize"]:
        '''Kustomize holds kustomize specific options.

        :schema: ApplicationSpecSource#kustomize
        '''
        result = self._values.get("kustomize")
        return typing.cast(typing.Optional["ApplicationSpecSourceKustomize"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is used to refer to a source and is displayed in the UI.

        It is used in multi-source Applications.

        :schema: ApplicationSpecSource#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is a directory path within the Git repository, and is only valid for applications sourced from Git.

        :schema: ApplicationSpecSource#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def plugin(self) -> typing.Optional["ApplicationSpecSourcePlugin"]:
        '''Plugin holds config management plugin specific options.

        :schema: ApplicationSpecSource#plugin
        '''
        result = self._values.get("plugin")
        return typing.cast(typing.Optional["ApplicationSpecSourcePlugin"], result)

    @builtins.property
    def ref(self) -> typing.Optional[builtins.str]:
        '''Ref is reference to another source within sources field.

        This field will not be used if used with a ``source`` tag.

        :schema: ApplicationSpecSource#ref
        '''
        result = self._values.get("ref")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tag_prefix(self) -> typing.Optional[builtins.str]:
        '''TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint.

        The prefix is stripped from tag names before comparison and re-added to the resolved version.
        For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and
        "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".

        :schema: ApplicationSpecSource#tagPrefix
        '''
        result = self._values.get("tag_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_revision(self) -> typing.Optional[builtins.str]:
        '''TargetRevision defines the revision of the source to sync the application to.

        In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD.
        In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationSpecSource#targetRevision
        '''
        result = self._values.get("target_revision")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSource(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceDirectory",
    jsii_struct_bases=[],
    name_mapping={
        "exclude": "exclude",
        "include": "include",
        "jsonnet": "jsonnet",
        "recurse": "recurse",
    },
)
class ApplicationSpecSourceDirectory:
    def __init__(
        self,
        *,
        exclude: typing.Optional[builtins.str] = None,
        include: typing.Optional[builtins.str] = None,
        jsonnet: typing.Optional[typing.Union["ApplicationSpecSourceDirectoryJsonnet", typing.Dict[builtins.str, typing.Any]]] = None,
        recurse: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Directory holds path/directory specific options.

        :param exclude: Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.
        :param include: Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.
        :param jsonnet: Jsonnet holds options specific to Jsonnet.
        :param recurse: Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationSpecSourceDirectory
        '''
        if isinstance(jsonnet, dict):
            jsonnet = ApplicationSpecSourceDirectoryJsonnet(**jsonnet)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__58a6b2d995f7fc841600accb3069b1a45bbfcea4348986464bec3403924b5ca1)
            check_type(argname="argument exclude", value=exclude, expected_type=type_hints["exclude"])
            check_type(argname="argument include", value=include, expected_type=type_hints["include"])
            check_type(argname="argument jsonnet", value=jsonnet, expected_type=type_hints["jsonnet"])
            check_type(argname="argument recurse", value=recurse, expected_type=type_hints["recurse"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if exclude is not None:
            self._values["exclude"] = exclude
        if include is not None:
            self._values["include"] = include
        if jsonnet is not None:
            self._values["jsonnet"] = jsonnet
        if recurse is not None:
            self._values["recurse"] = recurse

    @builtins.property
    def exclude(self) -> typing.Optional[builtins.str]:
        '''Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.

        :schema: ApplicationSpecSourceDirectory#exclude
        '''
        result = self._values.get("exclude")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def include(self) -> typing.Optional[builtins.str]:
        '''Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.

        :schema: ApplicationSpecSourceDirectory#include
        '''
        result = self._values.get("include")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jsonnet(self) -> typing.Optional["ApplicationSpecSourceDirectoryJsonnet"]:
        '''Jsonnet holds options specific to Jsonnet.

        :schema: ApplicationSpecSourceDirectory#jsonnet
        '''
        result = self._values.get("jsonnet")
        return typing.cast(typing.Optional["ApplicationSpecSourceDirectoryJsonnet"], result)

    @builtins.property
    def recurse(self) -> typing.Optional[builtins.bool]:
        '''Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationSpecSourceDirectory#recurse
        '''
        result = self._values.get("recurse")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceDirectory(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceDirectoryJsonnet",
    jsii_struct_bases=[],
    name_mapping={"ext_vars": "extVars", "libs": "libs", "tlas": "tlas"},
)
class ApplicationSpecSourceDirectoryJsonnet:
    def __init__(
        self,
        *,
        ext_vars: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceDirectoryJsonnetExtVars", typing.Dict[builtins.str, typing.Any]]]] = None,
        libs: typing.Optional[typing.Sequence[builtins.str]] = None,
        tlas: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceDirectoryJsonnetTlas", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Jsonnet holds options specific to Jsonnet.

        :param ext_vars: ExtVars is a list of Jsonnet External Variables.
        :param libs: Additional library search dirs.
        :param tlas: TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationSpecSourceDirectoryJsonnet
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__456e026a6fac1dfc144010024cd4054948955ad80ce1041e90f5f651ea852aec)
            check_type(argname="argument ext_vars", value=ext_vars, expected_type=type_hints["ext_vars"])
            check_type(argname="argument libs", value=libs, expected_type=type_hints["libs"])
            check_type(argname="argument tlas", value=tlas, expected_type=type_hints["tlas"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ext_vars is not None:
            self._values["ext_vars"] = ext_vars
        if libs is not None:
            self._values["libs"] = libs
        if tlas is not None:
            self._values["tlas"] = tlas

    @builtins.property
    def ext_vars(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceDirectoryJsonnetExtVars"]]:
        '''ExtVars is a list of Jsonnet External Variables.

        :schema: ApplicationSpecSourceDirectoryJsonnet#extVars
        '''
        result = self._values.get("ext_vars")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceDirectoryJsonnetExtVars"]], result)

    @builtins.property
    def libs(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Additional library search dirs.

        :schema: ApplicationSpecSourceDirectoryJsonnet#libs
        '''
        result = self._values.get("libs")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def tlas(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceDirectoryJsonnetTlas"]]:
        '''TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationSpecSourceDirectoryJsonnet#tlas
        '''
        result = self._values.get("tlas")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceDirectoryJsonnetTlas"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceDirectoryJsonnet(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceDirectoryJsonnetExtVars",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationSpecSourceDirectoryJsonnetExtVars:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationSpecSourceDirectoryJsonnetExtVars
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9e5a94f4d20565cb94141ccf7924a63fa74ece2bb66f4a872623961a8802acd1)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceDirectoryJsonnetExtVars#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceDirectoryJsonnetExtVars#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationSpecSourceDirectoryJsonnetExtVars#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceDirectoryJsonnetExtVars(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceDirectoryJsonnetTlas",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationSpecSourceDirectoryJsonnetTlas:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationSpecSourceDirectoryJsonnetTlas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__df4f87f2d3b7af1b8b0139fc81fb700e3ecde17929db333a2c1b9d83f1e9fce9)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceDirectoryJsonnetTlas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceDirectoryJsonnetTlas#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationSpecSourceDirectoryJsonnetTlas#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceDirectoryJsonnetTlas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHelm",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "file_parameters": "fileParameters",
        "ignore_missing_value_files": "ignoreMissingValueFiles",
        "kube_version": "kubeVersion",
        "namespace": "namespace",
        "parameters": "parameters",
        "pass_credentials": "passCredentials",
        "release_name": "releaseName",
        "skip_crds": "skipCrds",
        "skip_schema_validation": "skipSchemaValidation",
        "skip_tests": "skipTests",
        "value_files": "valueFiles",
        "values": "values",
        "values_object": "valuesObject",
        "version": "version",
    },
)
class ApplicationSpecSourceHelm:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        file_parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHelmFileParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_missing_value_files: typing.Optional[builtins.bool] = None,
        kube_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHelmParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        pass_credentials: typing.Optional[builtins.bool] = None,
        release_name: typing.Optional[builtins.str] = None,
        skip_crds: typing.Optional[builtins.bool] = None,
        skip_schema_validation: typing.Optional[builtins.bool] = None,
        skip_tests: typing.Optional[builtins.bool] = None,
        value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
        values: typing.Optional[builtins.str] = None,
        values_object: typing.Any = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Helm holds helm specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param file_parameters: FileParameters are file parameters to the helm template.
        :param ignore_missing_value_files: IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param namespace: Namespace is an optional namespace to template with. If left empty, defaults to the app's destination namespace.
        :param parameters: Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.
        :param pass_credentials: PassCredentials pass credentials to all domains (Helm's --pass-credentials).
        :param release_name: ReleaseName is the Helm release name to use. If omitted it will use the application name
        :param skip_crds: SkipCrds skips custom resource definition installation step (Helm's --skip-crds).
        :param skip_schema_validation: SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).
        :param skip_tests: SkipTests skips test manifest installation step (Helm's --skip-tests).
        :param value_files: ValuesFiles is a list of Helm value files to use when generating a template.
        :param values: Values specifies Helm values to be passed to helm template, typically defined as a block. ValuesObject takes precedence over Values, so use one or the other.
        :param values_object: ValuesObject specifies Helm values to be passed to helm template, defined as a map. This takes precedence over Values.
        :param version: Version is the Helm version to use for templating ("3").

        :schema: ApplicationSpecSourceHelm
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__339ad4f83b46c6b53062908bc5e05e74a150a52874dfb49be631a98c28142d46)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument file_parameters", value=file_parameters, expected_type=type_hints["file_parameters"])
            check_type(argname="argument ignore_missing_value_files", value=ignore_missing_value_files, expected_type=type_hints["ignore_missing_value_files"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
            check_type(argname="argument pass_credentials", value=pass_credentials, expected_type=type_hints["pass_credentials"])
            check_type(argname="argument release_name", value=release_name, expected_type=type_hints["release_name"])
            check_type(argname="argument skip_crds", value=skip_crds, expected_type=type_hints["skip_crds"])
            check_type(argname="argument skip_schema_validation", value=skip_schema_validation, expected_type=type_hints["skip_schema_validation"])
            check_type(argname="argument skip_tests", value=skip_tests, expected_type=type_hints["skip_tests"])
            check_type(argname="argument value_files", value=value_files, expected_type=type_hints["value_files"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
            check_type(argname="argument values_object", value=values_object, expected_type=type_hints["values_object"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if file_parameters is not None:
            self._values["file_parameters"] = file_parameters
        if ignore_missing_value_files is not None:
            self._values["ignore_missing_value_files"] = ignore_missing_value_files
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if namespace is not None:
            self._values["namespace"] = namespace
        if parameters is not None:
            self._values["parameters"] = parameters
        if pass_credentials is not None:
            self._values["pass_credentials"] = pass_credentials
        if release_name is not None:
            self._values["release_name"] = release_name
        if skip_crds is not None:
            self._values["skip_crds"] = skip_crds
        if skip_schema_validation is not None:
            self._values["skip_schema_validation"] = skip_schema_validation
        if skip_tests is not None:
            self._values["skip_tests"] = skip_tests
        if value_files is not None:
            self._values["value_files"] = value_files
        if values is not None:
            self._values["values"] = values
        if values_object is not None:
            self._values["values_object"] = values_object
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationSpecSourceHelm#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def file_parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHelmFileParameters"]]:
        '''FileParameters are file parameters to the helm template.

        :schema: ApplicationSpecSourceHelm#fileParameters
        '''
        result = self._values.get("file_parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHelmFileParameters"]], result)

    @builtins.property
    def ignore_missing_value_files(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.

        :schema: ApplicationSpecSourceHelm#ignoreMissingValueFiles
        '''
        result = self._values.get("ignore_missing_value_files")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationSpecSourceHelm#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace is an optional namespace to template with.

        If left empty, defaults to the app's destination namespace.

        :schema: ApplicationSpecSourceHelm#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHelmParameters"]]:
        '''Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.

        :schema: ApplicationSpecSourceHelm#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHelmParameters"]], result)

    @builtins.property
    def pass_credentials(self) -> typing.Optional[builtins.bool]:
        '''PassCredentials pass credentials to all domains (Helm's --pass-credentials).

        :schema: ApplicationSpecSourceHelm#passCredentials
        '''
        result = self._values.get("pass_credentials")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def release_name(self) -> typing.Optional[builtins.str]:
        '''ReleaseName is the Helm release name to use.

        If omitted it will use the application name

        :schema: ApplicationSpecSourceHelm#releaseName
        '''
        result = self._values.get("release_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def skip_crds(self) -> typing.Optional[builtins.bool]:
        '''SkipCrds skips custom resource definition installation step (Helm's --skip-crds).

        :schema: ApplicationSpecSourceHelm#skipCrds
        '''
        result = self._values.get("skip_crds")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).

        :schema: ApplicationSpecSourceHelm#skipSchemaValidation
        '''
        result = self._values.get("skip_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_tests(self) -> typing.Optional[builtins.bool]:
        '''SkipTests skips test manifest installation step (Helm's --skip-tests).

        :schema: ApplicationSpecSourceHelm#skipTests
        '''
        result = self._values.get("skip_tests")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def value_files(self) -> typing.Optional[typing.List[builtins.str]]:
        '''ValuesFiles is a list of Helm value files to use when generating a template.

        :schema: ApplicationSpecSourceHelm#valueFiles
        '''
        result = self._values.get("value_files")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def values(self) -> typing.Optional[builtins.str]:
        '''Values specifies Helm values to be passed to helm template, typically defined as a block.

        ValuesObject takes precedence over Values, so use one or the other.

        :schema: ApplicationSpecSourceHelm#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def values_object(self) -> typing.Any:
        '''ValuesObject specifies Helm values to be passed to helm template, defined as a map.

        This takes precedence over Values.

        :schema: ApplicationSpecSourceHelm#valuesObject
        '''
        result = self._values.get("values_object")
        return typing.cast(typing.Any, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version is the Helm version to use for templating ("3").

        :schema: ApplicationSpecSourceHelm#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHelm(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHelmFileParameters",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "path": "path"},
)
class ApplicationSpecSourceHelmFileParameters:
    def __init__(
        self,
        *,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmFileParameter is a file parameter that's passed to helm template during manifest generation.

        :param name: Name is the name of the Helm parameter.
        :param path: Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationSpecSourceHelmFileParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3586f6c7dab1c7c0c799bab3f3527a480a068be03d1fc48b0de2847970856e0c)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationSpecSourceHelmFileParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationSpecSourceHelmFileParameters#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHelmFileParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHelmParameters",
    jsii_struct_bases=[],
    name_mapping={"force_string": "forceString", "name": "name", "value": "value"},
)
class ApplicationSpecSourceHelmParameters:
    def __init__(
        self,
        *,
        force_string: typing.Optional[builtins.bool] = None,
        name: typing.Optional[builtins.str] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmParameter is a parameter that's passed to helm template during manifest generation.

        :param force_string: ForceString determines whether to tell Helm to interpret booleans and numbers as strings.
        :param name: Name is the name of the Helm parameter.
        :param value: Value is the value for the Helm parameter.

        :schema: ApplicationSpecSourceHelmParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a27ad768974230924625efc979206f08a042c5a675a4e22defb37628fbac0710)
            check_type(argname="argument force_string", value=force_string, expected_type=type_hints["force_string"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force_string is not None:
            self._values["force_string"] = force_string
        if name is not None:
            self._values["name"] = name
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def force_string(self) -> typing.Optional[builtins.bool]:
        '''ForceString determines whether to tell Helm to interpret booleans and numbers as strings.

        :schema: ApplicationSpecSourceHelmParameters#forceString
        '''
        result = self._values.get("force_string")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationSpecSourceHelmParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''Value is the value for the Helm parameter.

        :schema: ApplicationSpecSourceHelmParameters#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHelmParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydrator",
    jsii_struct_bases=[],
    name_mapping={
        "dry_source": "drySource",
        "sync_source": "syncSource",
        "hydrate_to": "hydrateTo",
    },
)
class ApplicationSpecSourceHydrator:
    def __init__(
        self,
        *,
        dry_source: typing.Union["ApplicationSpecSourceHydratorDrySource", typing.Dict[builtins.str, typing.Any]],
        sync_source: typing.Union["ApplicationSpecSourceHydratorSyncSource", typing.Dict[builtins.str, typing.Any]],
        hydrate_to: typing.Optional[typing.Union["ApplicationSpecSourceHydratorHydrateTo", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''SourceHydrator provides a way to push hydrated manifests back to git before syncing them to the cluster.

        :param dry_source: DrySource specifies where the dry "don't repeat yourself" manifest source lives.
        :param sync_source: SyncSource specifies where to sync hydrated manifests from.
        :param hydrate_to: HydrateTo specifies an optional "staging" location to push hydrated manifests to. An external system would then have to move manifests to the SyncSource, e.g. by pull request.

        :schema: ApplicationSpecSourceHydrator
        '''
        if isinstance(dry_source, dict):
            dry_source = ApplicationSpecSourceHydratorDrySource(**dry_source)
        if isinstance(sync_source, dict):
            sync_source = ApplicationSpecSourceHydratorSyncSource(**sync_source)
        if isinstance(hydrate_to, dict):
            hydrate_to = ApplicationSpecSourceHydratorHydrateTo(**hydrate_to)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c360172ecc170a8feb2c4b7790fad09ad39a8abc2020d4cfd861de45cc61b0d2)
            check_type(argname="argument dry_source", value=dry_source, expected_type=type_hints["dry_source"])
            check_type(argname="argument sync_source", value=sync_source, expected_type=type_hints["sync_source"])
            check_type(argname="argument hydrate_to", value=hydrate_to, expected_type=type_hints["hydrate_to"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "dry_source": dry_source,
            "sync_source": sync_source,
        }
        if hydrate_to is not None:
            self._values["hydrate_to"] = hydrate_to

    @builtins.property
    def dry_source(self) -> "ApplicationSpecSourceHydratorDrySource":
        '''DrySource specifies where the dry "don't repeat yourself" manifest source lives.

        :schema: ApplicationSpecSourceHydrator#drySource
        '''
        result = self._values.get("dry_source")
        assert result is not None, "Required property 'dry_source' is missing"
        return typing.cast("ApplicationSpecSourceHydratorDrySource", result)

    @builtins.property
    def sync_source(self) -> "ApplicationSpecSourceHydratorSyncSource":
        '''SyncSource specifies where to sync hydrated manifests from.

        :schema: ApplicationSpecSourceHydrator#syncSource
        '''
        result = self._values.get("sync_source")
        assert result is not None, "Required property 'sync_source' is missing"
        return typing.cast("ApplicationSpecSourceHydratorSyncSource", result)

    @builtins.property
    def hydrate_to(self) -> typing.Optional["ApplicationSpecSourceHydratorHydrateTo"]:
        '''HydrateTo specifies an optional "staging" location to push hydrated manifests to.

        An external system would then
        have to move manifests to the SyncSource, e.g. by pull request.

        :schema: ApplicationSpecSourceHydrator#hydrateTo
        '''
        result = self._values.get("hydrate_to")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorHydrateTo"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydrator(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySource",
    jsii_struct_bases=[],
    name_mapping={
        "path": "path",
        "repo_url": "repoUrl",
        "target_revision": "targetRevision",
        "directory": "directory",
        "helm": "helm",
        "kustomize": "kustomize",
        "plugin": "plugin",
    },
)
class ApplicationSpecSourceHydratorDrySource:
    def __init__(
        self,
        *,
        path: builtins.str,
        repo_url: builtins.str,
        target_revision: builtins.str,
        directory: typing.Optional[typing.Union["ApplicationSpecSourceHydratorDrySourceDirectory", typing.Dict[builtins.str, typing.Any]]] = None,
        helm: typing.Optional[typing.Union["ApplicationSpecSourceHydratorDrySourceHelm", typing.Dict[builtins.str, typing.Any]]] = None,
        kustomize: typing.Optional[typing.Union["ApplicationSpecSourceHydratorDrySourceKustomize", typing.Dict[builtins.str, typing.Any]]] = None,
        plugin: typing.Optional[typing.Union["ApplicationSpecSourceHydratorDrySourcePlugin", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''DrySource specifies where the dry "don't repeat yourself" manifest source lives.

        :param path: Path is a directory path within the Git repository where the manifests are located.
        :param repo_url: RepoURL is the URL to the git repository that contains the application manifests.
        :param target_revision: TargetRevision defines the revision of the source to hydrate.
        :param directory: Directory specifies path/directory specific options.
        :param helm: Helm specifies helm specific options.
        :param kustomize: Kustomize specifies kustomize specific options.
        :param plugin: Plugin specifies config management plugin specific options.

        :schema: ApplicationSpecSourceHydratorDrySource
        '''
        if isinstance(directory, dict):
            directory = ApplicationSpecSourceHydratorDrySourceDirectory(**directory)
        if isinstance(helm, dict):
            helm = ApplicationSpecSourceHydratorDrySourceHelm(**helm)
        if isinstance(kustomize, dict):
            kustomize = ApplicationSpecSourceHydratorDrySourceKustomize(**kustomize)
        if isinstance(plugin, dict):
            plugin = ApplicationSpecSourceHydratorDrySourcePlugin(**plugin)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__01e6e4fb3b07df5223ae17205a74f1a885ef6ebfa252f859ec32146c5e7b53db)
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument repo_url", value=repo_url, expected_type=type_hints["repo_url"])
            check_type(argname="argument target_revision", value=target_revision, expected_type=type_hints["target_revision"])
            check_type(argname="argument directory", value=directory, expected_type=type_hints["directory"])
            check_type(argname="argument helm", value=helm, expected_type=type_hints["helm"])
            check_type(argname="argument kustomize", value=kustomize, expected_type=type_hints["kustomize"])
            check_type(argname="argument plugin", value=plugin, expected_type=type_hints["plugin"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "path": path,
            "repo_url": repo_url,
            "target_revision": target_revision,
        }
        if directory is not None:
            self._values["directory"] = directory
        if helm is not None:
            self._values["helm"] = helm
        if kustomize is not None:
            self._values["kustomize"] = kustomize
        if plugin is not None:
            self._values["plugin"] = plugin

    @builtins.property
    def path(self) -> builtins.str:
        '''Path is a directory path within the Git repository where the manifests are located.

        :schema: ApplicationSpecSourceHydratorDrySource#path
        '''
        result = self._values.get("path")
        assert result is not None, "Required property 'path' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def repo_url(self) -> builtins.str:
        '''RepoURL is the URL to the git repository that contains the application manifests.

        :schema: ApplicationSpecSourceHydratorDrySource#repoURL
        '''
        result = self._values.get("repo_url")
        assert result is not None, "Required property 'repo_url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def target_revision(self) -> builtins.str:
        '''TargetRevision defines the revision of the source to hydrate.

        :schema: ApplicationSpecSourceHydratorDrySource#targetRevision
        '''
        result = self._values.get("target_revision")
        assert result is not None, "Required property 'target_revision' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def directory(
        self,
    ) -> typing.Optional["ApplicationSpecSourceHydratorDrySourceDirectory"]:
        '''Directory specifies path/directory specific options.

        :schema: ApplicationSpecSourceHydratorDrySource#directory
        '''
        result = self._values.get("directory")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorDrySourceDirectory"], result)

    @builtins.property
    def helm(self) -> typing.Optional["ApplicationSpecSourceHydratorDrySourceHelm"]:
        '''Helm specifies helm specific options.

        :schema: ApplicationSpecSourceHydratorDrySource#helm
        '''
        result = self._values.get("helm")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorDrySourceHelm"], result)

    @builtins.property
    def kustomize(
        self,
    ) -> typing.Optional["ApplicationSpecSourceHydratorDrySourceKustomize"]:
        '''Kustomize specifies kustomize specific options.

        :schema: ApplicationSpecSourceHydratorDrySource#kustomize
        '''
        result = self._values.get("kustomize")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorDrySourceKustomize"], result)

    @builtins.property
    def plugin(self) -> typing.Optional["ApplicationSpecSourceHydratorDrySourcePlugin"]:
        '''Plugin specifies config management plugin specific options.

        :schema: ApplicationSpecSourceHydratorDrySource#plugin
        '''
        result = self._values.get("plugin")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorDrySourcePlugin"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySource(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceDirectory",
    jsii_struct_bases=[],
    name_mapping={
        "exclude": "exclude",
        "include": "include",
        "jsonnet": "jsonnet",
        "recurse": "recurse",
    },
)
class ApplicationSpecSourceHydratorDrySourceDirectory:
    def __init__(
        self,
        *,
        exclude: typing.Optional[builtins.str] = None,
        include: typing.Optional[builtins.str] = None,
        jsonnet: typing.Optional[typing.Union["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet", typing.Dict[builtins.str, typing.Any]]] = None,
        recurse: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Directory specifies path/directory specific options.

        :param exclude: Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.
        :param include: Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.
        :param jsonnet: Jsonnet holds options specific to Jsonnet.
        :param recurse: Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectory
        '''
        if isinstance(jsonnet, dict):
            jsonnet = ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet(**jsonnet)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f7e25abc9dd5b85d9f5e1cda42f1c9af4388421e24a26b0907b216726bfb4ca1)
            check_type(argname="argument exclude", value=exclude, expected_type=type_hints["exclude"])
            check_type(argname="argument include", value=include, expected_type=type_hints["include"])
            check_type(argname="argument jsonnet", value=jsonnet, expected_type=type_hints["jsonnet"])
            check_type(argname="argument recurse", value=recurse, expected_type=type_hints["recurse"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if exclude is not None:
            self._values["exclude"] = exclude
        if include is not None:
            self._values["include"] = include
        if jsonnet is not None:
            self._values["jsonnet"] = jsonnet
        if recurse is not None:
            self._values["recurse"] = recurse

    @builtins.property
    def exclude(self) -> typing.Optional[builtins.str]:
        '''Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectory#exclude
        '''
        result = self._values.get("exclude")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def include(self) -> typing.Optional[builtins.str]:
        '''Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectory#include
        '''
        result = self._values.get("include")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jsonnet(
        self,
    ) -> typing.Optional["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet"]:
        '''Jsonnet holds options specific to Jsonnet.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectory#jsonnet
        '''
        result = self._values.get("jsonnet")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet"], result)

    @builtins.property
    def recurse(self) -> typing.Optional[builtins.bool]:
        '''Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectory#recurse
        '''
        result = self._values.get("recurse")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceDirectory(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet",
    jsii_struct_bases=[],
    name_mapping={"ext_vars": "extVars", "libs": "libs", "tlas": "tlas"},
)
class ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet:
    def __init__(
        self,
        *,
        ext_vars: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars", typing.Dict[builtins.str, typing.Any]]]] = None,
        libs: typing.Optional[typing.Sequence[builtins.str]] = None,
        tlas: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Jsonnet holds options specific to Jsonnet.

        :param ext_vars: ExtVars is a list of Jsonnet External Variables.
        :param libs: Additional library search dirs.
        :param tlas: TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ac1ef6fdd0dd55873a637217065639649ae8dfb3995b7cc94f7ac90ce57e486f)
            check_type(argname="argument ext_vars", value=ext_vars, expected_type=type_hints["ext_vars"])
            check_type(argname="argument libs", value=libs, expected_type=type_hints["libs"])
            check_type(argname="argument tlas", value=tlas, expected_type=type_hints["tlas"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ext_vars is not None:
            self._values["ext_vars"] = ext_vars
        if libs is not None:
            self._values["libs"] = libs
        if tlas is not None:
            self._values["tlas"] = tlas

    @builtins.property
    def ext_vars(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars"]]:
        '''ExtVars is a list of Jsonnet External Variables.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet#extVars
        '''
        result = self._values.get("ext_vars")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars"]], result)

    @builtins.property
    def libs(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Additional library search dirs.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet#libs
        '''
        result = self._values.get("libs")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def tlas(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas"]]:
        '''TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet#tlas
        '''
        result = self._values.get("tlas")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fb898840ba7af046e4e00bd3f889fd7d8333d4f6339d2267358a6edf7e29cbb8)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f69d6043be356a8822a276d42847dd212a0da169a34cd5d1244b661958cf28c1)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceHelm",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "file_parameters": "fileParameters",
        "ignore_missing_value_files": "ignoreMissingValueFiles",
        "kube_version": "kubeVersion",
        "namespace": "namespace",
        "parameters": "parameters",
        "pass_credentials": "passCredentials",
        "release_name": "releaseName",
        "skip_crds": "skipCrds",
        "skip_schema_validation": "skipSchemaValidation",
        "skip_tests": "skipTests",
        "value_files": "valueFiles",
        "values": "values",
        "values_object": "valuesObject",
        "version": "version",
    },
)
class ApplicationSpecSourceHydratorDrySourceHelm:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        file_parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourceHelmFileParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_missing_value_files: typing.Optional[builtins.bool] = None,
        kube_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourceHelmParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        pass_credentials: typing.Optional[builtins.bool] = None,
        release_name: typing.Optional[builtins.str] = None,
        skip_crds: typing.Optional[builtins.bool] = None,
        skip_schema_validation: typing.Optional[builtins.bool] = None,
        skip_tests: typing.Optional[builtins.bool] = None,
        value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
        values: typing.Optional[builtins.str] = None,
        values_object: typing.Any = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Helm specifies helm specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param file_parameters: FileParameters are file parameters to the helm template.
        :param ignore_missing_value_files: IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param namespace: Namespace is an optional namespace to template with. If left empty, defaults to the app's destination namespace.
        :param parameters: Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.
        :param pass_credentials: PassCredentials pass credentials to all domains (Helm's --pass-credentials).
        :param release_name: ReleaseName is the Helm release name to use. If omitted it will use the application name
        :param skip_crds: SkipCrds skips custom resource definition installation step (Helm's --skip-crds).
        :param skip_schema_validation: SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).
        :param skip_tests: SkipTests skips test manifest installation step (Helm's --skip-tests).
        :param value_files: ValuesFiles is a list of Helm value files to use when generating a template.
        :param values: Values specifies Helm values to be passed to helm template, typically defined as a block. ValuesObject takes precedence over Values, so use one or the other.
        :param values_object: ValuesObject specifies Helm values to be passed to helm template, defined as a map. This takes precedence over Values.
        :param version: Version is the Helm version to use for templating ("3").

        :schema: ApplicationSpecSourceHydratorDrySourceHelm
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f0cb7a9c8035258d6b74fc4701ba7f5ff0538d1be637f3465f1b007a913f4f45)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument file_parameters", value=file_parameters, expected_type=type_hints["file_parameters"])
            check_type(argname="argument ignore_missing_value_files", value=ignore_missing_value_files, expected_type=type_hints["ignore_missing_value_files"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
            check_type(argname="argument pass_credentials", value=pass_credentials, expected_type=type_hints["pass_credentials"])
            check_type(argname="argument release_name", value=release_name, expected_type=type_hints["release_name"])
            check_type(argname="argument skip_crds", value=skip_crds, expected_type=type_hints["skip_crds"])
            check_type(argname="argument skip_schema_validation", value=skip_schema_validation, expected_type=type_hints["skip_schema_validation"])
            check_type(argname="argument skip_tests", value=skip_tests, expected_type=type_hints["skip_tests"])
            check_type(argname="argument value_files", value=value_files, expected_type=type_hints["value_files"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
            check_type(argname="argument values_object", value=values_object, expected_type=type_hints["values_object"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if file_parameters is not None:
            self._values["file_parameters"] = file_parameters
        if ignore_missing_value_files is not None:
            self._values["ignore_missing_value_files"] = ignore_missing_value_files
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if namespace is not None:
            self._values["namespace"] = namespace
        if parameters is not None:
            self._values["parameters"] = parameters
        if pass_credentials is not None:
            self._values["pass_credentials"] = pass_credentials
        if release_name is not None:
            self._values["release_name"] = release_name
        if skip_crds is not None:
            self._values["skip_crds"] = skip_crds
        if skip_schema_validation is not None:
            self._values["skip_schema_validation"] = skip_schema_validation
        if skip_tests is not None:
            self._values["skip_tests"] = skip_tests
        if value_files is not None:
            self._values["value_files"] = value_files
        if values is not None:
            self._values["values"] = values
        if values_object is not None:
            self._values["values_object"] = values_object
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def file_parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceHelmFileParameters"]]:
        '''FileParameters are file parameters to the helm template.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#fileParameters
        '''
        result = self._values.get("file_parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceHelmFileParameters"]], result)

    @builtins.property
    def ignore_missing_value_files(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#ignoreMissingValueFiles
        '''
        result = self._values.get("ignore_missing_value_files")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace is an optional namespace to template with.

        If left empty, defaults to the app's destination namespace.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceHelmParameters"]]:
        '''Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceHelmParameters"]], result)

    @builtins.property
    def pass_credentials(self) -> typing.Optional[builtins.bool]:
        '''PassCredentials pass credentials to all domains (Helm's --pass-credentials).

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#passCredentials
        '''
        result = self._values.get("pass_credentials")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def release_name(self) -> typing.Optional[builtins.str]:
        '''ReleaseName is the Helm release name to use.

        If omitted it will use the application name

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#releaseName
        '''
        result = self._values.get("release_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def skip_crds(self) -> typing.Optional[builtins.bool]:
        '''SkipCrds skips custom resource definition installation step (Helm's --skip-crds).

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#skipCrds
        '''
        result = self._values.get("skip_crds")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#skipSchemaValidation
        '''
        result = self._values.get("skip_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_tests(self) -> typing.Optional[builtins.bool]:
        '''SkipTests skips test manifest installation step (Helm's --skip-tests).

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#skipTests
        '''
        result = self._values.get("skip_tests")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def value_files(self) -> typing.Optional[typing.List[builtins.str]]:
        '''ValuesFiles is a list of Helm value files to use when generating a template.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#valueFiles
        '''
        result = self._values.get("value_files")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def values(self) -> typing.Optional[builtins.str]:
        '''Values specifies Helm values to be passed to helm template, typically defined as a block.

        ValuesObject takes precedence over Values, so use one or the other.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def values_object(self) -> typing.Any:
        '''ValuesObject specifies Helm values to be passed to helm template, defined as a map.

        This takes precedence over Values.

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#valuesObject
        '''
        result = self._values.get("values_object")
        return typing.cast(typing.Any, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version is the Helm version to use for templating ("3").

        :schema: ApplicationSpecSourceHydratorDrySourceHelm#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceHelm(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceHelmFileParameters",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "path": "path"},
)
class ApplicationSpecSourceHydratorDrySourceHelmFileParameters:
    def __init__(
        self,
        *,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmFileParameter is a file parameter that's passed to helm template during manifest generation.

        :param name: Name is the name of the Helm parameter.
        :param path: Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmFileParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__1e277ab854ca482a9d2516a6284d7ac7bfac26bf86296f44354c1ead05c4eddc)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmFileParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmFileParameters#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceHelmFileParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceHelmParameters",
    jsii_struct_bases=[],
    name_mapping={"force_string": "forceString", "name": "name", "value": "value"},
)
class ApplicationSpecSourceHydratorDrySourceHelmParameters:
    def __init__(
        self,
        *,
        force_string: typing.Optional[builtins.bool] = None,
        name: typing.Optional[builtins.str] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmParameter is a parameter that's passed to helm template during manifest generation.

        :param force_string: ForceString determines whether to tell Helm to interpret booleans and numbers as strings.
        :param name: Name is the name of the Helm parameter.
        :param value: Value is the value for the Helm parameter.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__664c7098f3f48ddc82a12df75065c829bb07fc55d80eddf1ba7c7adc94489bac)
            check_type(argname="argument force_string", value=force_string, expected_type=type_hints["force_string"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force_string is not None:
            self._values["force_string"] = force_string
        if name is not None:
            self._values["name"] = name
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def force_string(self) -> typing.Optional[builtins.bool]:
        '''ForceString determines whether to tell Helm to interpret booleans and numbers as strings.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmParameters#forceString
        '''
        result = self._values.get("force_string")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''Value is the value for the Helm parameter.

        :schema: ApplicationSpecSourceHydratorDrySourceHelmParameters#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceHelmParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceKustomize",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "common_annotations": "commonAnnotations",
        "common_annotations_envsubst": "commonAnnotationsEnvsubst",
        "common_labels": "commonLabels",
        "components": "components",
        "force_common_annotations": "forceCommonAnnotations",
        "force_common_labels": "forceCommonLabels",
        "ignore_missing_components": "ignoreMissingComponents",
        "images": "images",
        "kube_version": "kubeVersion",
        "label_include_templates": "labelIncludeTemplates",
        "label_without_selector": "labelWithoutSelector",
        "name_prefix": "namePrefix",
        "namespace": "namespace",
        "name_suffix": "nameSuffix",
        "patches": "patches",
        "replicas": "replicas",
        "version": "version",
    },
)
class ApplicationSpecSourceHydratorDrySourceKustomize:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        common_annotations_envsubst: typing.Optional[builtins.bool] = None,
        common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        components: typing.Optional[typing.Sequence[builtins.str]] = None,
        force_common_annotations: typing.Optional[builtins.bool] = None,
        force_common_labels: typing.Optional[builtins.bool] = None,
        ignore_missing_components: typing.Optional[builtins.bool] = None,
        images: typing.Optional[typing.Sequence[builtins.str]] = None,
        kube_version: typing.Optional[builtins.str] = None,
        label_include_templates: typing.Optional[builtins.bool] = None,
        label_without_selector: typing.Optional[builtins.bool] = None,
        name_prefix: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        name_suffix: typing.Optional[builtins.str] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourceKustomizePatches", typing.Dict[builtins.str, typing.Any]]]] = None,
        replicas: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourceKustomizeReplicas", typing.Dict[builtins.str, typing.Any]]]] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Kustomize specifies kustomize specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param common_annotations: CommonAnnotations is a list of additional annotations to add to rendered manifests.
        :param common_annotations_envsubst: CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.
        :param common_labels: CommonLabels is a list of additional labels to add to rendered manifests.
        :param components: Components specifies a list of kustomize components to add to the kustomization before building.
        :param force_common_annotations: ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.
        :param force_common_labels: ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.
        :param ignore_missing_components: IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.
        :param images: Images is a list of Kustomize image override specifications.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param label_include_templates: LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.
        :param label_without_selector: LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.
        :param name_prefix: NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.
        :param namespace: Namespace sets the namespace that Kustomize adds to all resources.
        :param name_suffix: NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.
        :param patches: Patches is a list of Kustomize patches.
        :param replicas: Replicas is a list of Kustomize Replicas override specifications.
        :param version: Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a635ee88962abc787f1cbc88156833c64f524259948520f8584b66723a1edef8)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument common_annotations", value=common_annotations, expected_type=type_hints["common_annotations"])
            check_type(argname="argument common_annotations_envsubst", value=common_annotations_envsubst, expected_type=type_hints["common_annotations_envsubst"])
            check_type(argname="argument common_labels", value=common_labels, expected_type=type_hints["common_labels"])
            check_type(argname="argument components", value=components, expected_type=type_hints["components"])
            check_type(argname="argument force_common_annotations", value=force_common_annotations, expected_type=type_hints["force_common_annotations"])
            check_type(argname="argument force_common_labels", value=force_common_labels, expected_type=type_hints["force_common_labels"])
            check_type(argname="argument ignore_missing_components", value=ignore_missing_components, expected_type=type_hints["ignore_missing_components"])
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument label_include_templates", value=label_include_templates, expected_type=type_hints["label_include_templates"])
            check_type(argname="argument label_without_selector", value=label_without_selector, expected_type=type_hints["label_without_selector"])
            check_type(argname="argument name_prefix", value=name_prefix, expected_type=type_hints["name_prefix"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument name_suffix", value=name_suffix, expected_type=type_hints["name_suffix"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if common_annotations is not None:
            self._values["common_annotations"] = common_annotations
        if common_annotations_envsubst is not None:
            self._values["common_annotations_envsubst"] = common_annotations_envsubst
        if common_labels is not None:
            self._values["common_labels"] = common_labels
        if components is not None:
            self._values["components"] = components
        if force_common_annotations is not None:
            self._values["force_common_annotations"] = force_common_annotations
        if force_common_labels is not None:
            self._values["force_common_labels"] = force_common_labels
        if ignore_missing_components is not None:
            self._values["ignore_missing_components"] = ignore_missing_components
        if images is not None:
            self._values["images"] = images
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if label_include_templates is not None:
            self._values["label_include_templates"] = label_include_templates
        if label_without_selector is not None:
            self._values["label_without_selector"] = label_without_selector
        if name_prefix is not None:
            self._values["name_prefix"] = name_prefix
        if namespace is not None:
            self._values["namespace"] = namespace
        if name_suffix is not None:
            self._values["name_suffix"] = name_suffix
        if patches is not None:
            self._values["patches"] = patches
        if replicas is not None:
            self._values["replicas"] = replicas
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def common_annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonAnnotations is a list of additional annotations to add to rendered manifests.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#commonAnnotations
        '''
        result = self._values.get("common_annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def common_annotations_envsubst(self) -> typing.Optional[builtins.bool]:
        '''CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#commonAnnotationsEnvsubst
        '''
        result = self._values.get("common_annotations_envsubst")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def common_labels(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonLabels is a list of additional labels to add to rendered manifests.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#commonLabels
        '''
        result = self._values.get("common_labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def components(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Components specifies a list of kustomize components to add to the kustomization before building.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#components
        '''
        result = self._values.get("components")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def force_common_annotations(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#forceCommonAnnotations
        '''
        result = self._values.get("force_common_annotations")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force_common_labels(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#forceCommonLabels
        '''
        result = self._values.get("force_common_labels")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def ignore_missing_components(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#ignoreMissingComponents
        '''
        result = self._values.get("ignore_missing_components")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def images(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Images is a list of Kustomize image override specifications.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_include_templates(self) -> typing.Optional[builtins.bool]:
        '''LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#labelIncludeTemplates
        '''
        result = self._values.get("label_include_templates")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def label_without_selector(self) -> typing.Optional[builtins.bool]:
        '''LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#labelWithoutSelector
        '''
        result = self._values.get("label_without_selector")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name_prefix(self) -> typing.Optional[builtins.str]:
        '''NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#namePrefix
        '''
        result = self._values.get("name_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace sets the namespace that Kustomize adds to all resources.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name_suffix(self) -> typing.Optional[builtins.str]:
        '''NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#nameSuffix
        '''
        result = self._values.get("name_suffix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def patches(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceKustomizePatches"]]:
        '''Patches is a list of Kustomize patches.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceKustomizePatches"]], result)

    @builtins.property
    def replicas(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceKustomizeReplicas"]]:
        '''Replicas is a list of Kustomize Replicas override specifications.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourceKustomizeReplicas"]], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomize#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceKustomize(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceKustomizePatches",
    jsii_struct_bases=[],
    name_mapping={
        "options": "options",
        "patch": "patch",
        "path": "path",
        "target": "target",
    },
)
class ApplicationSpecSourceHydratorDrySourceKustomizePatches:
    def __init__(
        self,
        *,
        options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
        patch: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        target: typing.Optional[typing.Union["ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param options: 
        :param patch: 
        :param path: 
        :param target: 

        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatches
        '''
        if isinstance(target, dict):
            target = ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__78b72e30409138c7b6d12fd792fd0abddcfd2f4247ddcacd71b04a63d819b1a1)
            check_type(argname="argument options", value=options, expected_type=type_hints["options"])
            check_type(argname="argument patch", value=patch, expected_type=type_hints["patch"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if options is not None:
            self._values["options"] = options
        if patch is not None:
            self._values["patch"] = patch
        if path is not None:
            self._values["path"] = path
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def options(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.bool]]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatches#options
        '''
        result = self._values.get("options")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.bool]], result)

    @builtins.property
    def patch(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatches#patch
        '''
        result = self._values.get("patch")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatches#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target(
        self,
    ) -> typing.Optional["ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget"]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceKustomizePatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget",
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
class ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget:
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
        '''
        :param annotation_selector: 
        :param group: 
        :param kind: 
        :param label_selector: 
        :param name: 
        :param namespace: 
        :param version: 

        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__dd11f2067b5a33f0cb2c16d249f1c9919e4127c8048abb5571c81e395d367cf3)
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
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceKustomizeReplicas",
    jsii_struct_bases=[],
    name_mapping={"count": "count", "name": "name"},
)
class ApplicationSpecSourceHydratorDrySourceKustomizeReplicas:
    def __init__(
        self,
        *,
        count: "ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount",
        name: builtins.str,
    ) -> None:
        '''
        :param count: Number of replicas.
        :param name: Name of Deployment or StatefulSet.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomizeReplicas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__32978fa103a1e9ee995673e0184b84b4ab3ff3776e0fdc99063a7bfed2d7c37a)
            check_type(argname="argument count", value=count, expected_type=type_hints["count"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "count": count,
            "name": name,
        }

    @builtins.property
    def count(self) -> "ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount":
        '''Number of replicas.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomizeReplicas#count
        '''
        result = self._values.get("count")
        assert result is not None, "Required property 'count' is missing"
        return typing.cast("ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of Deployment or StatefulSet.

        :schema: ApplicationSpecSourceHydratorDrySourceKustomizeReplicas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourceKustomizeReplicas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount(
    metaclass=jsii.JSIIMeta,
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount",
):
    '''Number of replicas.

    :schema: ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d0537279ef04b977163561df84c0660d6b7ca018c3974cd233a5d59dd26c5501)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d627c58579cd5e736cdc100507fb79d349e4cf1587c34d68860461e1f5ca9063)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourcePlugin",
    jsii_struct_bases=[],
    name_mapping={"env": "env", "name": "name", "parameters": "parameters"},
)
class ApplicationSpecSourceHydratorDrySourcePlugin:
    def __init__(
        self,
        *,
        env: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourcePluginEnv", typing.Dict[builtins.str, typing.Any]]]] = None,
        name: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceHydratorDrySourcePluginParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Plugin specifies config management plugin specific options.

        :param env: Env is a list of environment variable entries.
        :param name: 
        :param parameters: 

        :schema: ApplicationSpecSourceHydratorDrySourcePlugin
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ca0eaff6b5f9a17feece50c339bbe0b03fbf24572c7b58b84c4bef24869497ff)
            check_type(argname="argument env", value=env, expected_type=type_hints["env"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if env is not None:
            self._values["env"] = env
        if name is not None:
            self._values["name"] = name
        if parameters is not None:
            self._values["parameters"] = parameters

    @builtins.property
    def env(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourcePluginEnv"]]:
        '''Env is a list of environment variable entries.

        :schema: ApplicationSpecSourceHydratorDrySourcePlugin#env
        '''
        result = self._values.get("env")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourcePluginEnv"]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourcePlugin#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourcePluginParameters"]]:
        '''
        :schema: ApplicationSpecSourceHydratorDrySourcePlugin#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceHydratorDrySourcePluginParameters"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourcePlugin(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourcePluginEnv",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationSpecSourceHydratorDrySourcePluginEnv:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''EnvEntry represents an entry in the application's environment.

        :param name: Name is the name of the variable, usually expressed in uppercase.
        :param value: Value is the value of the variable.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginEnv
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__355d3b3c715649846721aa42b7f8b5421d1b713772f519ec1ba95008bcda7b72)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is the name of the variable, usually expressed in uppercase.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginEnv#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''Value is the value of the variable.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginEnv#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourcePluginEnv(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorDrySourcePluginParameters",
    jsii_struct_bases=[],
    name_mapping={"array": "array", "map": "map", "name": "name", "string": "string"},
)
class ApplicationSpecSourceHydratorDrySourcePluginParameters:
    def __init__(
        self,
        *,
        array: typing.Optional[typing.Sequence[builtins.str]] = None,
        map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        name: typing.Optional[builtins.str] = None,
        string: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param array: Array is the value of an array type parameter.
        :param map: Map is the value of a map type parameter.
        :param name: Name is the name identifying a parameter.
        :param string: String_ is the value of a string type parameter.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0904d59ea17bff6a04c3240b80da75ca606d383cd8e719d1fad2740b3a08cd34)
            check_type(argname="argument array", value=array, expected_type=type_hints["array"])
            check_type(argname="argument map", value=map, expected_type=type_hints["map"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument string", value=string, expected_type=type_hints["string"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if array is not None:
            self._values["array"] = array
        if map is not None:
            self._values["map"] = map
        if name is not None:
            self._values["name"] = name
        if string is not None:
            self._values["string"] = string

    @builtins.property
    def array(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Array is the value of an array type parameter.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginParameters#array
        '''
        result = self._values.get("array")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def map(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Map is the value of a map type parameter.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginParameters#map
        '''
        result = self._values.get("map")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name identifying a parameter.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def string(self) -> typing.Optional[builtins.str]:
        '''String_ is the value of a string type parameter.

        :schema: ApplicationSpecSourceHydratorDrySourcePluginParameters#string
        '''
        result = self._values.get("string")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorDrySourcePluginParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorHydrateTo",
    jsii_struct_bases=[],
    name_mapping={"target_branch": "targetBranch"},
)
class ApplicationSpecSourceHydratorHydrateTo:
    def __init__(self, *, target_branch: builtins.str) -> None:
        '''HydrateTo specifies an optional "staging" location to push hydrated manifests to.

        An external system would then
        have to move manifests to the SyncSource, e.g. by pull request.

        :param target_branch: TargetBranch is the branch to which hydrated manifests should be committed.

        :schema: ApplicationSpecSourceHydratorHydrateTo
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__bb39d3f9e4122cb42ab427117371809c10894ec4ef490167fa021025ab2a7f66)
            check_type(argname="argument target_branch", value=target_branch, expected_type=type_hints["target_branch"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "target_branch": target_branch,
        }

    @builtins.property
    def target_branch(self) -> builtins.str:
        '''TargetBranch is the branch to which hydrated manifests should be committed.

        :schema: ApplicationSpecSourceHydratorHydrateTo#targetBranch
        '''
        result = self._values.get("target_branch")
        assert result is not None, "Required property 'target_branch' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorHydrateTo(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceHydratorSyncSource",
    jsii_struct_bases=[],
    name_mapping={
        "path": "path",
        "target_branch": "targetBranch",
        "repo_url": "repoUrl",
    },
)
class ApplicationSpecSourceHydratorSyncSource:
    def __init__(
        self,
        *,
        path: builtins.str,
        target_branch: builtins.str,
        repo_url: typing.Optional[builtins.str] = None,
    ) -> None:
        '''SyncSource specifies where to sync hydrated manifests from.

        :param path: Path is a directory path within the git repository where hydrated manifests should be committed to and synced from. The Path should never point to the root of the repo. If hydrateTo is set, this is just the path from which hydrated manifests will be synced.
        :param target_branch: TargetBranch is the branch from which hydrated manifests will be synced. If HydrateTo is not set, this is also the branch to which hydrated manifests are committed.
        :param repo_url: RepoURL is the URL to the git repository that contains the hydrated manifests. If not set, defaults to the DrySource.RepoURL.

        :schema: ApplicationSpecSourceHydratorSyncSource
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4123986e1b44aff996b734c1360346fe1632d1f65a8c1d632fce977d5bb6e59b)
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument target_branch", value=target_branch, expected_type=type_hints["target_branch"])
            check_type(argname="argument repo_url", value=repo_url, expected_type=type_hints["repo_url"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "path": path,
            "target_branch": target_branch,
        }
        if repo_url is not None:
            self._values["repo_url"] = repo_url

    @builtins.property
    def path(self) -> builtins.str:
        '''Path is a directory path within the git repository where hydrated manifests should be committed to and synced from.

        The Path should never point to the root of the repo. If hydrateTo is set, this is just the path from which
        hydrated manifests will be synced.

        :schema: ApplicationSpecSourceHydratorSyncSource#path
        '''
        result = self._values.get("path")
        assert result is not None, "Required property 'path' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def target_branch(self) -> builtins.str:
        '''TargetBranch is the branch from which hydrated manifests will be synced.

        If HydrateTo is not set, this is also the branch to which hydrated manifests are committed.

        :schema: ApplicationSpecSourceHydratorSyncSource#targetBranch
        '''
        result = self._values.get("target_branch")
        assert result is not None, "Required property 'target_branch' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def repo_url(self) -> typing.Optional[builtins.str]:
        '''RepoURL is the URL to the git repository that contains the hydrated manifests.

        If not set, defaults to
        the DrySource.RepoURL.

        :schema: ApplicationSpecSourceHydratorSyncSource#repoURL
        '''
        result = self._values.get("repo_url")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceHydratorSyncSource(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceKustomize",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "common_annotations": "commonAnnotations",
        "common_annotations_envsubst": "commonAnnotationsEnvsubst",
        "common_labels": "commonLabels",
        "components": "components",
        "force_common_annotations": "forceCommonAnnotations",
        "force_common_labels": "forceCommonLabels",
        "ignore_missing_components": "ignoreMissingComponents",
        "images": "images",
        "kube_version": "kubeVersion",
        "label_include_templates": "labelIncludeTemplates",
        "label_without_selector": "labelWithoutSelector",
        "name_prefix": "namePrefix",
        "namespace": "namespace",
        "name_suffix": "nameSuffix",
        "patches": "patches",
        "replicas": "replicas",
        "version": "version",
    },
)
class ApplicationSpecSourceKustomize:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        common_annotations_envsubst: typing.Optional[builtins.bool] = None,
        common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        components: typing.Optional[typing.Sequence[builtins.str]] = None,
        force_common_annotations: typing.Optional[builtins.bool] = None,
        force_common_labels: typing.Optional[builtins.bool] = None,
        ignore_missing_components: typing.Optional[builtins.bool] = None,
        images: typing.Optional[typing.Sequence[builtins.str]] = None,
        kube_version: typing.Optional[builtins.str] = None,
        label_include_templates: typing.Optional[builtins.bool] = None,
        label_without_selector: typing.Optional[builtins.bool] = None,
        name_prefix: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        name_suffix: typing.Optional[builtins.str] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceKustomizePatches", typing.Dict[builtins.str, typing.Any]]]] = None,
        replicas: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourceKustomizeReplicas", typing.Dict[builtins.str, typing.Any]]]] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Kustomize holds kustomize specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param common_annotations: CommonAnnotations is a list of additional annotations to add to rendered manifests.
        :param common_annotations_envsubst: CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.
        :param common_labels: CommonLabels is a list of additional labels to add to rendered manifests.
        :param components: Components specifies a list of kustomize components to add to the kustomization before building.
        :param force_common_annotations: ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.
        :param force_common_labels: ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.
        :param ignore_missing_components: IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.
        :param images: Images is a list of Kustomize image override specifications.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param label_include_templates: LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.
        :param label_without_selector: LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.
        :param name_prefix: NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.
        :param namespace: Namespace sets the namespace that Kustomize adds to all resources.
        :param name_suffix: NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.
        :param patches: Patches is a list of Kustomize patches.
        :param replicas: Replicas is a list of Kustomize Replicas override specifications.
        :param version: Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationSpecSourceKustomize
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e9f374c0e378b69d8c2191d9ffdfc61bdf99e893e3cf7ea4e29642cf1eda883a)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument common_annotations", value=common_annotations, expected_type=type_hints["common_annotations"])
            check_type(argname="argument common_annotations_envsubst", value=common_annotations_envsubst, expected_type=type_hints["common_annotations_envsubst"])
            check_type(argname="argument common_labels", value=common_labels, expected_type=type_hints["common_labels"])
            check_type(argname="argument components", value=components, expected_type=type_hints["components"])
            check_type(argname="argument force_common_annotations", value=force_common_annotations, expected_type=type_hints["force_common_annotations"])
            check_type(argname="argument force_common_labels", value=force_common_labels, expected_type=type_hints["force_common_labels"])
            check_type(argname="argument ignore_missing_components", value=ignore_missing_components, expected_type=type_hints["ignore_missing_components"])
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument label_include_templates", value=label_include_templates, expected_type=type_hints["label_include_templates"])
            check_type(argname="argument label_without_selector", value=label_without_selector, expected_type=type_hints["label_without_selector"])
            check_type(argname="argument name_prefix", value=name_prefix, expected_type=type_hints["name_prefix"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument name_suffix", value=name_suffix, expected_type=type_hints["name_suffix"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if common_annotations is not None:
            self._values["common_annotations"] = common_annotations
        if common_annotations_envsubst is not None:
            self._values["common_annotations_envsubst"] = common_annotations_envsubst
        if common_labels is not None:
            self._values["common_labels"] = common_labels
        if components is not None:
            self._values["components"] = components
        if force_common_annotations is not None:
            self._values["force_common_annotations"] = force_common_annotations
        if force_common_labels is not None:
            self._values["force_common_labels"] = force_common_labels
        if ignore_missing_components is not None:
            self._values["ignore_missing_components"] = ignore_missing_components
        if images is not None:
            self._values["images"] = images
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if label_include_templates is not None:
            self._values["label_include_templates"] = label_include_templates
        if label_without_selector is not None:
            self._values["label_without_selector"] = label_without_selector
        if name_prefix is not None:
            self._values["name_prefix"] = name_prefix
        if namespace is not None:
            self._values["namespace"] = namespace
        if name_suffix is not None:
            self._values["name_suffix"] = name_suffix
        if patches is not None:
            self._values["patches"] = patches
        if replicas is not None:
            self._values["replicas"] = replicas
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationSpecSourceKustomize#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def common_annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonAnnotations is a list of additional annotations to add to rendered manifests.

        :schema: ApplicationSpecSourceKustomize#commonAnnotations
        '''
        result = self._values.get("common_annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def common_annotations_envsubst(self) -> typing.Optional[builtins.bool]:
        '''CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.

        :schema: ApplicationSpecSourceKustomize#commonAnnotationsEnvsubst
        '''
        result = self._values.get("common_annotations_envsubst")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def common_labels(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonLabels is a list of additional labels to add to rendered manifests.

        :schema: ApplicationSpecSourceKustomize#commonLabels
        '''
        result = self._values.get("common_labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def components(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Components specifies a list of kustomize components to add to the kustomization before building.

        :schema: ApplicationSpecSourceKustomize#components
        '''
        result = self._values.get("components")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def force_common_annotations(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.

        :schema: ApplicationSpecSourceKustomize#forceCommonAnnotations
        '''
        result = self._values.get("force_common_annotations")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force_common_labels(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.

        :schema: ApplicationSpecSourceKustomize#forceCommonLabels
        '''
        result = self._values.get("force_common_labels")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def ignore_missing_components(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.

        :schema: ApplicationSpecSourceKustomize#ignoreMissingComponents
        '''
        result = self._values.get("ignore_missing_components")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def images(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Images is a list of Kustomize image override specifications.

        :schema: ApplicationSpecSourceKustomize#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationSpecSourceKustomize#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_include_templates(self) -> typing.Optional[builtins.bool]:
        '''LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.

        :schema: ApplicationSpecSourceKustomize#labelIncludeTemplates
        '''
        result = self._values.get("label_include_templates")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def label_without_selector(self) -> typing.Optional[builtins.bool]:
        '''LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.

        :schema: ApplicationSpecSourceKustomize#labelWithoutSelector
        '''
        result = self._values.get("label_without_selector")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name_prefix(self) -> typing.Optional[builtins.str]:
        '''NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationSpecSourceKustomize#namePrefix
        '''
        result = self._values.get("name_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace sets the namespace that Kustomize adds to all resources.

        :schema: ApplicationSpecSourceKustomize#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name_suffix(self) -> typing.Optional[builtins.str]:
        '''NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationSpecSourceKustomize#nameSuffix
        '''
        result = self._values.get("name_suffix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def patches(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceKustomizePatches"]]:
        '''Patches is a list of Kustomize patches.

        :schema: ApplicationSpecSourceKustomize#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceKustomizePatches"]], result)

    @builtins.property
    def replicas(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourceKustomizeReplicas"]]:
        '''Replicas is a list of Kustomize Replicas override specifications.

        :schema: ApplicationSpecSourceKustomize#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourceKustomizeReplicas"]], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationSpecSourceKustomize#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceKustomize(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceKustomizePatches",
    jsii_struct_bases=[],
    name_mapping={
        "options": "options",
        "patch": "patch",
        "path": "path",
        "target": "target",
    },
)
class ApplicationSpecSourceKustomizePatches:
    def __init__(
        self,
        *,
        options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
        patch: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        target: typing.Optional[typing.Union["ApplicationSpecSourceKustomizePatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param options: 
        :param patch: 
        :param path: 
        :param target: 

        :schema: ApplicationSpecSourceKustomizePatches
        '''
        if isinstance(target, dict):
            target = ApplicationSpecSourceKustomizePatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__99f36ce34b7629275af14e183bffd211cf8db6a4eaf1c884a2b79e99519b61a3)
            check_type(argname="argument options", value=options, expected_type=type_hints["options"])
            check_type(argname="argument patch", value=patch, expected_type=type_hints["patch"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if options is not None:
            self._values["options"] = options
        if patch is not None:
            self._values["patch"] = patch
        if path is not None:
            self._values["path"] = path
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def options(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.bool]]:
        '''
        :schema: ApplicationSpecSourceKustomizePatches#options
        '''
        result = self._values.get("options")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.bool]], result)

    @builtins.property
    def patch(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatches#patch
        '''
        result = self._values.get("patch")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatches#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target(self) -> typing.Optional["ApplicationSpecSourceKustomizePatchesTarget"]:
        '''
        :schema: ApplicationSpecSourceKustomizePatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["ApplicationSpecSourceKustomizePatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceKustomizePatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceKustomizePatchesTarget",
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
class ApplicationSpecSourceKustomizePatchesTarget:
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
        '''
        :param annotation_selector: 
        :param group: 
        :param kind: 
        :param label_selector: 
        :param name: 
        :param namespace: 
        :param version: 

        :schema: ApplicationSpecSourceKustomizePatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3f7b5591a4079d80cb96709cb9f54804584a5b23e10463cdae1ee0a934d18f1a)
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
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourceKustomizePatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceKustomizePatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceKustomizeReplicas",
    jsii_struct_bases=[],
    name_mapping={"count": "count", "name": "name"},
)
class ApplicationSpecSourceKustomizeReplicas:
    def __init__(
        self,
        *,
        count: "ApplicationSpecSourceKustomizeReplicasCount",
        name: builtins.str,
    ) -> None:
        '''
        :param count: Number of replicas.
        :param name: Name of Deployment or StatefulSet.

        :schema: ApplicationSpecSourceKustomizeReplicas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cbcea607ffad7316f076ad56577a1a6c9d7618971946fc57946ef76553a4652c)
            check_type(argname="argument count", value=count, expected_type=type_hints["count"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "count": count,
            "name": name,
        }

    @builtins.property
    def count(self) -> "ApplicationSpecSourceKustomizeReplicasCount":
        '''Number of replicas.

        :schema: ApplicationSpecSourceKustomizeReplicas#count
        '''
        result = self._values.get("count")
        assert result is not None, "Required property 'count' is missing"
        return typing.cast("ApplicationSpecSourceKustomizeReplicasCount", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of Deployment or StatefulSet.

        :schema: ApplicationSpecSourceKustomizeReplicas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourceKustomizeReplicas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ApplicationSpecSourceKustomizeReplicasCount(
    metaclass=jsii.JSIIMeta,
    jsii_type="argocd_ioargoproj.ApplicationSpecSourceKustomizeReplicasCount",
):
    '''Number of replicas.

    :schema: ApplicationSpecSourceKustomizeReplicasCount
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ApplicationSpecSourceKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cafa8b9187a5989228b21af4d81af01b69afa4440b81627432113a9c2a713587)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationSpecSourceKustomizeReplicasCount", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ApplicationSpecSourceKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__39ae83c6e59c7068de64ccc7ee46b359471def4a2a401b1acda8700d28696ffa)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationSpecSourceKustomizeReplicasCount", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcePlugin",
    jsii_struct_bases=[],
    name_mapping={"env": "env", "name": "name", "parameters": "parameters"},
)
class ApplicationSpecSourcePlugin:
    def __init__(
        self,
        *,
        env: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcePluginEnv", typing.Dict[builtins.str, typing.Any]]]] = None,
        name: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcePluginParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Plugin holds config management plugin specific options.

        :param env: Env is a list of environment variable entries.
        :param name: 
        :param parameters: 

        :schema: ApplicationSpecSourcePlugin
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e3d4f763c6681c7d8f2df6ae7ae8f059bf9fff183f7a03f0754d6b1558d87b9e)
            check_type(argname="argument env", value=env, expected_type=type_hints["env"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if env is not None:
            self._values["env"] = env
        if name is not None:
            self._values["name"] = name
        if parameters is not None:
            self._values["parameters"] = parameters

    @builtins.property
    def env(self) -> typing.Optional[typing.List["ApplicationSpecSourcePluginEnv"]]:
        '''Env is a list of environment variable entries.

        :schema: ApplicationSpecSourcePlugin#env
        '''
        result = self._values.get("env")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcePluginEnv"]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcePlugin#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcePluginParameters"]]:
        '''
        :schema: ApplicationSpecSourcePlugin#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcePluginParameters"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcePlugin(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcePluginEnv",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationSpecSourcePluginEnv:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''EnvEntry represents an entry in the application's environment.

        :param name: Name is the name of the variable, usually expressed in uppercase.
        :param value: Value is the value of the variable.

        :schema: ApplicationSpecSourcePluginEnv
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__88b83f2bef875cb5255287ea16b8bfdefc14b92ad5f31c9bdfc63805ae48fd36)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is the name of the variable, usually expressed in uppercase.

        :schema: ApplicationSpecSourcePluginEnv#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''Value is the value of the variable.

        :schema: ApplicationSpecSourcePluginEnv#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcePluginEnv(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcePluginParameters",
    jsii_struct_bases=[],
    name_mapping={"array": "array", "map": "map", "name": "name", "string": "string"},
)
class ApplicationSpecSourcePluginParameters:
    def __init__(
        self,
        *,
        array: typing.Optional[typing.Sequence[builtins.str]] = None,
        map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        name: typing.Optional[builtins.str] = None,
        string: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param array: Array is the value of an array type parameter.
        :param map: Map is the value of a map type parameter.
        :param name: Name is the name identifying a parameter.
        :param string: String_ is the value of a string type parameter.

        :schema: ApplicationSpecSourcePluginParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ca2407ad1006c3974ac51632d5a8fad268013d3e2b42e7918753eb3af4afca78)
            check_type(argname="argument array", value=array, expected_type=type_hints["array"])
            check_type(argname="argument map", value=map, expected_type=type_hints["map"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument string", value=string, expected_type=type_hints["string"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if array is not None:
            self._values["array"] = array
        if map is not None:
            self._values["map"] = map
        if name is not None:
            self._values["name"] = name
        if string is not None:
            self._values["string"] = string

    @builtins.property
    def array(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Array is the value of an array type parameter.

        :schema: ApplicationSpecSourcePluginParameters#array
        '''
        result = self._values.get("array")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def map(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Map is the value of a map type parameter.

        :schema: ApplicationSpecSourcePluginParameters#map
        '''
        result = self._values.get("map")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name identifying a parameter.

        :schema: ApplicationSpecSourcePluginParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def string(self) -> typing.Optional[builtins.str]:
        '''String_ is the value of a string type parameter.

        :schema: ApplicationSpecSourcePluginParameters#string
        '''
        result = self._values.get("string")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcePluginParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSources",
    jsii_struct_bases=[],
    name_mapping={
        "repo_url": "repoUrl",
        "chart": "chart",
        "directory": "directory",
        "helm": "helm",
        "kustomize": "kustomize",
        "name": "name",
        "path": "path",
        "plugin": "plugin",
        "ref": "ref",
        "tag_prefix": "tagPrefix",
        "target_revision": "targetRevision",
    },
)
class ApplicationSpecSources:
    def __init__(
        self,
        *,
        repo_url: builtins.str,
        chart: typing.Optional[builtins.str] = None,
        directory: typing.Optional[typing.Union["ApplicationSpecSourcesDirectory", typing.Dict[builtins.str, typing.Any]]] = None,
        helm: typing.Optional[typing.Union["ApplicationSpecSourcesHelm", typing.Dict[builtins.str, typing.Any]]] = None,
        kustomize: typing.Optional[typing.Union["ApplicationSpecSourcesKustomize", typing.Dict[builtins.str, typing.Any]]] = None,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        plugin: typing.Optional[typing.Union["ApplicationSpecSourcesPlugin", typing.Dict[builtins.str, typing.Any]]] = None,
        ref: typing.Optional[builtins.str] = None,
        tag_prefix: typing.Optional[builtins.str] = None,
        target_revision: typing.Optional[builtins.str] = None,
    ) -> None:
        '''ApplicationSource contains all required information about the source of an application.

        :param repo_url: RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.
        :param chart: Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.
        :param directory: Directory holds path/directory specific options.
        :param helm: Helm holds helm specific options.
        :param kustomize: Kustomize holds kustomize specific options.
        :param name: Name is used to refer to a source and is displayed in the UI. It is used in multi-source Applications.
        :param path: Path is a directory path within the Git repository, and is only valid for applications sourced from Git.
        :param plugin: Plugin holds config management plugin specific options.
        :param ref: Ref is reference to another source within sources field. This field will not be used if used with a ``source`` tag.
        :param tag_prefix: TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint. The prefix is stripped from tag names before comparison and re-added to the resolved version. For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".
        :param target_revision: TargetRevision defines the revision of the source to sync the application to. In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD. In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationSpecSources
        '''
        if isinstance(directory, dict):
            directory = ApplicationSpecSourcesDirectory(**directory)
        if isinstance(helm, dict):
            helm = ApplicationSpecSourcesHelm(**helm)
        if isinstance(kustomize, dict):
            kustomize = ApplicationSpecSourcesKustomize(**kustomize)
        if isinstance(plugin, dict):
            plugin = ApplicationSpecSourcesPlugin(**plugin)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c26b853772bdfec37804379404c380e86e50cb1ee6a699d6cfa2f48d1ef59718)
            check_type(argname="argument repo_url", value=repo_url, expected_type=type_hints["repo_url"])
            check_type(argname="argument chart", value=chart, expected_type=type_hints["chart"])
            check_type(argname="argument directory", value=directory, expected_type=type_hints["directory"])
            check_type(argname="argument helm", value=helm, expected_type=type_hints["helm"])
            check_type(argname="argument kustomize", value=kustomize, expected_type=type_hints["kustomize"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument plugin", value=plugin, expected_type=type_hints["plugin"])
            check_type(argname="argument ref", value=ref, expected_type=type_hints["ref"])
            check_type(argname="argument tag_prefix", value=tag_prefix, expected_type=type_hints["tag_prefix"])
            check_type(argname="argument target_revision", value=target_revision, expected_type=type_hints["target_revision"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "repo_url": repo_url,
        }
        if chart is not None:
            self._values["chart"] = chart
        if directory is not None:
            self._values["directory"] = directory
        if helm is not None:
            self._values["helm"] = helm
        if kustomize is not None:
            self._values["kustomize"] = kustomize
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path
        if plugin is not None:
            self._values["plugin"] = plugin
        if ref is not None:
            self._values["ref"] = ref
        if tag_prefix is not None:
            self._values["tag_prefix"] = tag_prefix
        if target_revision is not None:
            self._values["target_revision"] = target_revision

    @builtins.property
    def repo_url(self) -> builtins.str:
        '''RepoURL is the URL to the repository (Git or Helm) that contains the application manifests.

        :schema: ApplicationSpecSources#repoURL
        '''
        result = self._values.get("repo_url")
        assert result is not None, "Required property 'repo_url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def chart(self) -> typing.Optional[builtins.str]:
        '''Chart is a Helm chart name, and must be specified for applications sourced from a Helm repo.

        :schema: ApplicationSpecSources#chart
        '''
        result = self._values.get("chart")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def directory(self) -> typing.Optional["ApplicationSpecSourcesDirectory"]:
        '''Directory holds path/directory specific options.

        :schema: ApplicationSpecSources#directory
        '''
        result = self._values.get("directory")
        return typing.cast(typing.Optional["ApplicationSpecSourcesDirectory"], result)

    @builtins.property
    def helm(self) -> typing.Optional["ApplicationSpecSourcesHelm"]:
        '''Helm holds helm specific options.

        :schema: ApplicationSpecSources#helm
        '''
        result = self._values.get("helm")
        return typing.cast(typing.Optional["ApplicationSpecSourcesHelm"], result)

    @builtins.property
    def kustomize(self) -> typing.Optional["ApplicationSpecSourcesKustomize"]:
        '''Kustomize holds kustomize specific options.

        :schema: ApplicationSpecSources#kustomize
        '''
        result = self._values.get("kustomize")
        return typing.cast(typing.Optional["ApplicationSpecSourcesKustomize"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is used to refer to a source and is displayed in the UI.

        It is used in multi-source Applications.

        :schema: ApplicationSpecSources#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is a directory path within the Git repository, and is only valid for applications sourced from Git.

        :schema: ApplicationSpecSources#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def plugin(self) -> typing.Optional["ApplicationSpecSourcesPlugin"]:
        '''Plugin holds config management plugin specific options.

        :schema: ApplicationSpecSources#plugin
        '''
        result = self._values.get("plugin")
        return typing.cast(typing.Optional["ApplicationSpecSourcesPlugin"], result)

    @builtins.property
    def ref(self) -> typing.Optional[builtins.str]:
        '''Ref is reference to another source within sources field.

        This field will not be used if used with a ``source`` tag.

        :schema: ApplicationSpecSources#ref
        '''
        result = self._values.get("ref")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tag_prefix(self) -> typing.Optional[builtins.str]:
        '''TagPrefix filters git tags to only those with this prefix before evaluating targetRevision as a semver constraint.

        The prefix is stripped from tag names before comparison and re-added to the resolved version.
        For example, with tagPrefix "component-b/" and targetRevision "1.0.*", tags like "component-b/1.0.0" and
        "component-b/1.0.1" are candidates, and the constraint resolves to "component-b/1.0.1".

        :schema: ApplicationSpecSources#tagPrefix
        '''
        result = self._values.get("tag_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_revision(self) -> typing.Optional[builtins.str]:
        '''TargetRevision defines the revision of the source to sync the application to.

        In case of Git, this can be commit, tag, or branch. If omitted, will equal to HEAD.
        In case of Helm, this is a semver tag for the Chart's version.

        :schema: ApplicationSpecSources#targetRevision
        '''
        result = self._values.get("target_revision")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSources(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesDirectory",
    jsii_struct_bases=[],
    name_mapping={
        "exclude": "exclude",
        "include": "include",
        "jsonnet": "jsonnet",
        "recurse": "recurse",
    },
)
class ApplicationSpecSourcesDirectory:
    def __init__(
        self,
        *,
        exclude: typing.Optional[builtins.str] = None,
        include: typing.Optional[builtins.str] = None,
        jsonnet: typing.Optional[typing.Union["ApplicationSpecSourcesDirectoryJsonnet", typing.Dict[builtins.str, typing.Any]]] = None,
        recurse: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Directory holds path/directory specific options.

        :param exclude: Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.
        :param include: Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.
        :param jsonnet: Jsonnet holds options specific to Jsonnet.
        :param recurse: Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationSpecSourcesDirectory
        '''
        if isinstance(jsonnet, dict):
            jsonnet = ApplicationSpecSourcesDirectoryJsonnet(**jsonnet)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d9b99a3b97e8d4930eddc0cb71a349f18c2a0af88d6d0066f4d0cce96832b826)
            check_type(argname="argument exclude", value=exclude, expected_type=type_hints["exclude"])
            check_type(argname="argument include", value=include, expected_type=type_hints["include"])
            check_type(argname="argument jsonnet", value=jsonnet, expected_type=type_hints["jsonnet"])
            check_type(argname="argument recurse", value=recurse, expected_type=type_hints["recurse"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if exclude is not None:
            self._values["exclude"] = exclude
        if include is not None:
            self._values["include"] = include
        if jsonnet is not None:
            self._values["jsonnet"] = jsonnet
        if recurse is not None:
            self._values["recurse"] = recurse

    @builtins.property
    def exclude(self) -> typing.Optional[builtins.str]:
        '''Exclude contains a glob pattern to match paths against that should be explicitly excluded from being used during manifest generation.

        :schema: ApplicationSpecSourcesDirectory#exclude
        '''
        result = self._values.get("exclude")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def include(self) -> typing.Optional[builtins.str]:
        '''Include contains a glob pattern to match paths against that should be explicitly included during manifest generation.

        :schema: ApplicationSpecSourcesDirectory#include
        '''
        result = self._values.get("include")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jsonnet(self) -> typing.Optional["ApplicationSpecSourcesDirectoryJsonnet"]:
        '''Jsonnet holds options specific to Jsonnet.

        :schema: ApplicationSpecSourcesDirectory#jsonnet
        '''
        result = self._values.get("jsonnet")
        return typing.cast(typing.Optional["ApplicationSpecSourcesDirectoryJsonnet"], result)

    @builtins.property
    def recurse(self) -> typing.Optional[builtins.bool]:
        '''Recurse specifies whether to scan a directory recursively for manifests.

        :schema: ApplicationSpecSourcesDirectory#recurse
        '''
        result = self._values.get("recurse")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesDirectory(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesDirectoryJsonnet",
    jsii_struct_bases=[],
    name_mapping={"ext_vars": "extVars", "libs": "libs", "tlas": "tlas"},
)
class ApplicationSpecSourcesDirectoryJsonnet:
    def __init__(
        self,
        *,
        ext_vars: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesDirectoryJsonnetExtVars", typing.Dict[builtins.str, typing.Any]]]] = None,
        libs: typing.Optional[typing.Sequence[builtins.str]] = None,
        tlas: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesDirectoryJsonnetTlas", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Jsonnet holds options specific to Jsonnet.

        :param ext_vars: ExtVars is a list of Jsonnet External Variables.
        :param libs: Additional library search dirs.
        :param tlas: TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationSpecSourcesDirectoryJsonnet
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__239cbd693fba0ac754191cac7880e9afd423af51c00e3267a693475f40903f7c)
            check_type(argname="argument ext_vars", value=ext_vars, expected_type=type_hints["ext_vars"])
            check_type(argname="argument libs", value=libs, expected_type=type_hints["libs"])
            check_type(argname="argument tlas", value=tlas, expected_type=type_hints["tlas"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ext_vars is not None:
            self._values["ext_vars"] = ext_vars
        if libs is not None:
            self._values["libs"] = libs
        if tlas is not None:
            self._values["tlas"] = tlas

    @builtins.property
    def ext_vars(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesDirectoryJsonnetExtVars"]]:
        '''ExtVars is a list of Jsonnet External Variables.

        :schema: ApplicationSpecSourcesDirectoryJsonnet#extVars
        '''
        result = self._values.get("ext_vars")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesDirectoryJsonnetExtVars"]], result)

    @builtins.property
    def libs(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Additional library search dirs.

        :schema: ApplicationSpecSourcesDirectoryJsonnet#libs
        '''
        result = self._values.get("libs")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def tlas(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesDirectoryJsonnetTlas"]]:
        '''TLAS is a list of Jsonnet Top-level Arguments.

        :schema: ApplicationSpecSourcesDirectoryJsonnet#tlas
        '''
        result = self._values.get("tlas")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesDirectoryJsonnetTlas"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesDirectoryJsonnet(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesDirectoryJsonnetExtVars",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationSpecSourcesDirectoryJsonnetExtVars:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationSpecSourcesDirectoryJsonnetExtVars
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__49ed9e6d5985cde65727a396bbb837bbec22e59c3ab6aa7fa2f68d3b1b36abad)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourcesDirectoryJsonnetExtVars#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourcesDirectoryJsonnetExtVars#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationSpecSourcesDirectoryJsonnetExtVars#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesDirectoryJsonnetExtVars(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesDirectoryJsonnetTlas",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value", "code": "code"},
)
class ApplicationSpecSourcesDirectoryJsonnetTlas:
    def __init__(
        self,
        *,
        name: builtins.str,
        value: builtins.str,
        code: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''JsonnetVar represents a variable to be passed to jsonnet during manifest generation.

        :param name: 
        :param value: 
        :param code: 

        :schema: ApplicationSpecSourcesDirectoryJsonnetTlas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__1940c2dfb649f6f045fb5b72811a9429f2322c50c88b9a84e7e9cff9fd35ef65)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
            check_type(argname="argument code", value=code, expected_type=type_hints["code"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }
        if code is not None:
            self._values["code"] = code

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourcesDirectoryJsonnetTlas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ApplicationSpecSourcesDirectoryJsonnetTlas#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def code(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ApplicationSpecSourcesDirectoryJsonnetTlas#code
        '''
        result = self._values.get("code")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesDirectoryJsonnetTlas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesHelm",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "file_parameters": "fileParameters",
        "ignore_missing_value_files": "ignoreMissingValueFiles",
        "kube_version": "kubeVersion",
        "namespace": "namespace",
        "parameters": "parameters",
        "pass_credentials": "passCredentials",
        "release_name": "releaseName",
        "skip_crds": "skipCrds",
        "skip_schema_validation": "skipSchemaValidation",
        "skip_tests": "skipTests",
        "value_files": "valueFiles",
        "values": "values",
        "values_object": "valuesObject",
        "version": "version",
    },
)
class ApplicationSpecSourcesHelm:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        file_parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesHelmFileParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        ignore_missing_value_files: typing.Optional[builtins.bool] = None,
        kube_version: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesHelmParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
        pass_credentials: typing.Optional[builtins.bool] = None,
        release_name: typing.Optional[builtins.str] = None,
        skip_crds: typing.Optional[builtins.bool] = None,
        skip_schema_validation: typing.Optional[builtins.bool] = None,
        skip_tests: typing.Optional[builtins.bool] = None,
        value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
        values: typing.Optional[builtins.str] = None,
        values_object: typing.Any = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Helm holds helm specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param file_parameters: FileParameters are file parameters to the helm template.
        :param ignore_missing_value_files: IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param namespace: Namespace is an optional namespace to template with. If left empty, defaults to the app's destination namespace.
        :param parameters: Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.
        :param pass_credentials: PassCredentials pass credentials to all domains (Helm's --pass-credentials).
        :param release_name: ReleaseName is the Helm release name to use. If omitted it will use the application name
        :param skip_crds: SkipCrds skips custom resource definition installation step (Helm's --skip-crds).
        :param skip_schema_validation: SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).
        :param skip_tests: SkipTests skips test manifest installation step (Helm's --skip-tests).
        :param value_files: ValuesFiles is a list of Helm value files to use when generating a template.
        :param values: Values specifies Helm values to be passed to helm template, typically defined as a block. ValuesObject takes precedence over Values, so use one or the other.
        :param values_object: ValuesObject specifies Helm values to be passed to helm template, defined as a map. This takes precedence over Values.
        :param version: Version is the Helm version to use for templating ("3").

        :schema: ApplicationSpecSourcesHelm
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a920cb690103b227ff7da92132e44c5b0a6177aaaa1c982d0e2c5d61e0ffe8bb)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument file_parameters", value=file_parameters, expected_type=type_hints["file_parameters"])
            check_type(argname="argument ignore_missing_value_files", value=ignore_missing_value_files, expected_type=type_hints["ignore_missing_value_files"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
            check_type(argname="argument pass_credentials", value=pass_credentials, expected_type=type_hints["pass_credentials"])
            check_type(argname="argument release_name", value=release_name, expected_type=type_hints["release_name"])
            check_type(argname="argument skip_crds", value=skip_crds, expected_type=type_hints["skip_crds"])
            check_type(argname="argument skip_schema_validation", value=skip_schema_validation, expected_type=type_hints["skip_schema_validation"])
            check_type(argname="argument skip_tests", value=skip_tests, expected_type=type_hints["skip_tests"])
            check_type(argname="argument value_files", value=value_files, expected_type=type_hints["value_files"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
            check_type(argname="argument values_object", value=values_object, expected_type=type_hints["values_object"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if file_parameters is not None:
            self._values["file_parameters"] = file_parameters
        if ignore_missing_value_files is not None:
            self._values["ignore_missing_value_files"] = ignore_missing_value_files
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if namespace is not None:
            self._values["namespace"] = namespace
        if parameters is not None:
            self._values["parameters"] = parameters
        if pass_credentials is not None:
            self._values["pass_credentials"] = pass_credentials
        if release_name is not None:
            self._values["release_name"] = release_name
        if skip_crds is not None:
            self._values["skip_crds"] = skip_crds
        if skip_schema_validation is not None:
            self._values["skip_schema_validation"] = skip_schema_validation
        if skip_tests is not None:
            self._values["skip_tests"] = skip_tests
        if value_files is not None:
            self._values["value_files"] = value_files
        if values is not None:
            self._values["values"] = values
        if values_object is not None:
            self._values["values_object"] = values_object
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationSpecSourcesHelm#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def file_parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesHelmFileParameters"]]:
        '''FileParameters are file parameters to the helm template.

        :schema: ApplicationSpecSourcesHelm#fileParameters
        '''
        result = self._values.get("file_parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesHelmFileParameters"]], result)

    @builtins.property
    def ignore_missing_value_files(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingValueFiles prevents helm template from failing when valueFiles do not exist locally by not appending them to helm template --values.

        :schema: ApplicationSpecSourcesHelm#ignoreMissingValueFiles
        '''
        result = self._values.get("ignore_missing_value_files")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationSpecSourcesHelm#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace is an optional namespace to template with.

        If left empty, defaults to the app's destination namespace.

        :schema: ApplicationSpecSourcesHelm#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesHelmParameters"]]:
        '''Parameters is a list of Helm parameters which are passed to the helm template command upon manifest generation.

        :schema: ApplicationSpecSourcesHelm#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesHelmParameters"]], result)

    @builtins.property
    def pass_credentials(self) -> typing.Optional[builtins.bool]:
        '''PassCredentials pass credentials to all domains (Helm's --pass-credentials).

        :schema: ApplicationSpecSourcesHelm#passCredentials
        '''
        result = self._values.get("pass_credentials")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def release_name(self) -> typing.Optional[builtins.str]:
        '''ReleaseName is the Helm release name to use.

        If omitted it will use the application name

        :schema: ApplicationSpecSourcesHelm#releaseName
        '''
        result = self._values.get("release_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def skip_crds(self) -> typing.Optional[builtins.bool]:
        '''SkipCrds skips custom resource definition installation step (Helm's --skip-crds).

        :schema: ApplicationSpecSourcesHelm#skipCrds
        '''
        result = self._values.get("skip_crds")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_schema_validation(self) -> typing.Optional[builtins.bool]:
        '''SkipSchemaValidation skips JSON schema validation (Helm's --skip-schema-validation).

        :schema: ApplicationSpecSourcesHelm#skipSchemaValidation
        '''
        result = self._values.get("skip_schema_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def skip_tests(self) -> typing.Optional[builtins.bool]:
        '''SkipTests skips test manifest installation step (Helm's --skip-tests).

        :schema: ApplicationSpecSourcesHelm#skipTests
        '''
        result = self._values.get("skip_tests")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def value_files(self) -> typing.Optional[typing.List[builtins.str]]:
        '''ValuesFiles is a list of Helm value files to use when generating a template.

        :schema: ApplicationSpecSourcesHelm#valueFiles
        '''
        result = self._values.get("value_files")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def values(self) -> typing.Optional[builtins.str]:
        '''Values specifies Helm values to be passed to helm template, typically defined as a block.

        ValuesObject takes precedence over Values, so use one or the other.

        :schema: ApplicationSpecSourcesHelm#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def values_object(self) -> typing.Any:
        '''ValuesObject specifies Helm values to be passed to helm template, defined as a map.

        This takes precedence over Values.

        :schema: ApplicationSpecSourcesHelm#valuesObject
        '''
        result = self._values.get("values_object")
        return typing.cast(typing.Any, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version is the Helm version to use for templating ("3").

        :schema: ApplicationSpecSourcesHelm#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesHelm(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesHelmFileParameters",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "path": "path"},
)
class ApplicationSpecSourcesHelmFileParameters:
    def __init__(
        self,
        *,
        name: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmFileParameter is a file parameter that's passed to helm template during manifest generation.

        :param name: Name is the name of the Helm parameter.
        :param path: Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationSpecSourcesHelmFileParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e63654bdf0a8db4a0b5e67bfc97c17d5dc0b6a6eecad0e8ead381b0027a45af3)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name
        if path is not None:
            self._values["path"] = path

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationSpecSourcesHelmFileParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''Path is the path to the file containing the values for the Helm parameter.

        :schema: ApplicationSpecSourcesHelmFileParameters#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesHelmFileParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesHelmParameters",
    jsii_struct_bases=[],
    name_mapping={"force_string": "forceString", "name": "name", "value": "value"},
)
class ApplicationSpecSourcesHelmParameters:
    def __init__(
        self,
        *,
        force_string: typing.Optional[builtins.bool] = None,
        name: typing.Optional[builtins.str] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''HelmParameter is a parameter that's passed to helm template during manifest generation.

        :param force_string: ForceString determines whether to tell Helm to interpret booleans and numbers as strings.
        :param name: Name is the name of the Helm parameter.
        :param value: Value is the value for the Helm parameter.

        :schema: ApplicationSpecSourcesHelmParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__01e1eee5476d6ad07e8fd2c33a77966443c485ddaa0f0114a00297f2e2405e03)
            check_type(argname="argument force_string", value=force_string, expected_type=type_hints["force_string"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if force_string is not None:
            self._values["force_string"] = force_string
        if name is not None:
            self._values["name"] = name
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def force_string(self) -> typing.Optional[builtins.bool]:
        '''ForceString determines whether to tell Helm to interpret booleans and numbers as strings.

        :schema: ApplicationSpecSourcesHelmParameters#forceString
        '''
        result = self._values.get("force_string")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name of the Helm parameter.

        :schema: ApplicationSpecSourcesHelmParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''Value is the value for the Helm parameter.

        :schema: ApplicationSpecSourcesHelmParameters#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesHelmParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesKustomize",
    jsii_struct_bases=[],
    name_mapping={
        "api_versions": "apiVersions",
        "common_annotations": "commonAnnotations",
        "common_annotations_envsubst": "commonAnnotationsEnvsubst",
        "common_labels": "commonLabels",
        "components": "components",
        "force_common_annotations": "forceCommonAnnotations",
        "force_common_labels": "forceCommonLabels",
        "ignore_missing_components": "ignoreMissingComponents",
        "images": "images",
        "kube_version": "kubeVersion",
        "label_include_templates": "labelIncludeTemplates",
        "label_without_selector": "labelWithoutSelector",
        "name_prefix": "namePrefix",
        "namespace": "namespace",
        "name_suffix": "nameSuffix",
        "patches": "patches",
        "replicas": "replicas",
        "version": "version",
    },
)
class ApplicationSpecSourcesKustomize:
    def __init__(
        self,
        *,
        api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
        common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        common_annotations_envsubst: typing.Optional[builtins.bool] = None,
        common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        components: typing.Optional[typing.Sequence[builtins.str]] = None,
        force_common_annotations: typing.Optional[builtins.bool] = None,
        force_common_labels: typing.Optional[builtins.bool] = None,
        ignore_missing_components: typing.Optional[builtins.bool] = None,
        images: typing.Optional[typing.Sequence[builtins.str]] = None,
        kube_version: typing.Optional[builtins.str] = None,
        label_include_templates: typing.Optional[builtins.bool] = None,
        label_without_selector: typing.Optional[builtins.bool] = None,
        name_prefix: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        name_suffix: typing.Optional[builtins.str] = None,
        patches: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesKustomizePatches", typing.Dict[builtins.str, typing.Any]]]] = None,
        replicas: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesKustomizeReplicas", typing.Dict[builtins.str, typing.Any]]]] = None,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Kustomize holds kustomize specific options.

        :param api_versions: APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests. By default, Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.
        :param common_annotations: CommonAnnotations is a list of additional annotations to add to rendered manifests.
        :param common_annotations_envsubst: CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.
        :param common_labels: CommonLabels is a list of additional labels to add to rendered manifests.
        :param components: Components specifies a list of kustomize components to add to the kustomization before building.
        :param force_common_annotations: ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.
        :param force_common_labels: ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.
        :param ignore_missing_components: IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.
        :param images: Images is a list of Kustomize image override specifications.
        :param kube_version: KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests. By default, Argo CD uses the Kubernetes version of the target cluster.
        :param label_include_templates: LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.
        :param label_without_selector: LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.
        :param name_prefix: NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.
        :param namespace: Namespace sets the namespace that Kustomize adds to all resources.
        :param name_suffix: NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.
        :param patches: Patches is a list of Kustomize patches.
        :param replicas: Replicas is a list of Kustomize Replicas override specifications.
        :param version: Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationSpecSourcesKustomize
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5d575ced53edf48f8718640fa69e05704782909e73916c1c1c0fa20be1300aa9)
            check_type(argname="argument api_versions", value=api_versions, expected_type=type_hints["api_versions"])
            check_type(argname="argument common_annotations", value=common_annotations, expected_type=type_hints["common_annotations"])
            check_type(argname="argument common_annotations_envsubst", value=common_annotations_envsubst, expected_type=type_hints["common_annotations_envsubst"])
            check_type(argname="argument common_labels", value=common_labels, expected_type=type_hints["common_labels"])
            check_type(argname="argument components", value=components, expected_type=type_hints["components"])
            check_type(argname="argument force_common_annotations", value=force_common_annotations, expected_type=type_hints["force_common_annotations"])
            check_type(argname="argument force_common_labels", value=force_common_labels, expected_type=type_hints["force_common_labels"])
            check_type(argname="argument ignore_missing_components", value=ignore_missing_components, expected_type=type_hints["ignore_missing_components"])
            check_type(argname="argument images", value=images, expected_type=type_hints["images"])
            check_type(argname="argument kube_version", value=kube_version, expected_type=type_hints["kube_version"])
            check_type(argname="argument label_include_templates", value=label_include_templates, expected_type=type_hints["label_include_templates"])
            check_type(argname="argument label_without_selector", value=label_without_selector, expected_type=type_hints["label_without_selector"])
            check_type(argname="argument name_prefix", value=name_prefix, expected_type=type_hints["name_prefix"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument name_suffix", value=name_suffix, expected_type=type_hints["name_suffix"])
            check_type(argname="argument patches", value=patches, expected_type=type_hints["patches"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if api_versions is not None:
            self._values["api_versions"] = api_versions
        if common_annotations is not None:
            self._values["common_annotations"] = common_annotations
        if common_annotations_envsubst is not None:
            self._values["common_annotations_envsubst"] = common_annotations_envsubst
        if common_labels is not None:
            self._values["common_labels"] = common_labels
        if components is not None:
            self._values["components"] = components
        if force_common_annotations is not None:
            self._values["force_common_annotations"] = force_common_annotations
        if force_common_labels is not None:
            self._values["force_common_labels"] = force_common_labels
        if ignore_missing_components is not None:
            self._values["ignore_missing_components"] = ignore_missing_components
        if images is not None:
            self._values["images"] = images
        if kube_version is not None:
            self._values["kube_version"] = kube_version
        if label_include_templates is not None:
            self._values["label_include_templates"] = label_include_templates
        if label_without_selector is not None:
            self._values["label_without_selector"] = label_without_selector
        if name_prefix is not None:
            self._values["name_prefix"] = name_prefix
        if namespace is not None:
            self._values["namespace"] = namespace
        if name_suffix is not None:
            self._values["name_suffix"] = name_suffix
        if patches is not None:
            self._values["patches"] = patches
        if replicas is not None:
            self._values["replicas"] = replicas
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def api_versions(self) -> typing.Optional[typing.List[builtins.str]]:
        '''APIVersions specifies the Kubernetes resource API versions to pass to Helm when templating manifests.

        By default,
        Argo CD uses the API versions of the target cluster. The format is [group/]version/kind.

        :schema: ApplicationSpecSourcesKustomize#apiVersions
        '''
        result = self._values.get("api_versions")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def common_annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonAnnotations is a list of additional annotations to add to rendered manifests.

        :schema: ApplicationSpecSourcesKustomize#commonAnnotations
        '''
        result = self._values.get("common_annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def common_annotations_envsubst(self) -> typing.Optional[builtins.bool]:
        '''CommonAnnotationsEnvsubst specifies whether to apply env variables substitution for annotation values.

        :schema: ApplicationSpecSourcesKustomize#commonAnnotationsEnvsubst
        '''
        result = self._values.get("common_annotations_envsubst")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def common_labels(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''CommonLabels is a list of additional labels to add to rendered manifests.

        :schema: ApplicationSpecSourcesKustomize#commonLabels
        '''
        result = self._values.get("common_labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def components(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Components specifies a list of kustomize components to add to the kustomization before building.

        :schema: ApplicationSpecSourcesKustomize#components
        '''
        result = self._values.get("components")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def force_common_annotations(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonAnnotations specifies whether to force applying common annotations to resources for Kustomize apps.

        :schema: ApplicationSpecSourcesKustomize#forceCommonAnnotations
        '''
        result = self._values.get("force_common_annotations")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def force_common_labels(self) -> typing.Optional[builtins.bool]:
        '''ForceCommonLabels specifies whether to force applying common labels to resources for Kustomize apps.

        :schema: ApplicationSpecSourcesKustomize#forceCommonLabels
        '''
        result = self._values.get("force_common_labels")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def ignore_missing_components(self) -> typing.Optional[builtins.bool]:
        '''IgnoreMissingComponents prevents kustomize from failing when components do not exist locally by not appending them to kustomization file.

        :schema: ApplicationSpecSourcesKustomize#ignoreMissingComponents
        '''
        result = self._values.get("ignore_missing_components")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def images(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Images is a list of Kustomize image override specifications.

        :schema: ApplicationSpecSourcesKustomize#images
        '''
        result = self._values.get("images")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def kube_version(self) -> typing.Optional[builtins.str]:
        '''KubeVersion specifies the Kubernetes API version to pass to Helm when templating manifests.

        By default, Argo CD
        uses the Kubernetes version of the target cluster.

        :schema: ApplicationSpecSourcesKustomize#kubeVersion
        '''
        result = self._values.get("kube_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_include_templates(self) -> typing.Optional[builtins.bool]:
        '''LabelIncludeTemplates specifies whether to apply common labels to resource templates or not.

        :schema: ApplicationSpecSourcesKustomize#labelIncludeTemplates
        '''
        result = self._values.get("label_include_templates")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def label_without_selector(self) -> typing.Optional[builtins.bool]:
        '''LabelWithoutSelector specifies whether to apply common labels to resource selectors or not.

        :schema: ApplicationSpecSourcesKustomize#labelWithoutSelector
        '''
        result = self._values.get("label_without_selector")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def name_prefix(self) -> typing.Optional[builtins.str]:
        '''NamePrefix overrides the namePrefix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationSpecSourcesKustomize#namePrefix
        '''
        result = self._values.get("name_prefix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''Namespace sets the namespace that Kustomize adds to all resources.

        :schema: ApplicationSpecSourcesKustomize#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name_suffix(self) -> typing.Optional[builtins.str]:
        '''NameSuffix overrides the nameSuffix in the kustomization.yaml for Kustomize apps.

        :schema: ApplicationSpecSourcesKustomize#nameSuffix
        '''
        result = self._values.get("name_suffix")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def patches(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesKustomizePatches"]]:
        '''Patches is a list of Kustomize patches.

        :schema: ApplicationSpecSourcesKustomize#patches
        '''
        result = self._values.get("patches")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesKustomizePatches"]], result)

    @builtins.property
    def replicas(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesKustomizeReplicas"]]:
        '''Replicas is a list of Kustomize Replicas override specifications.

        :schema: ApplicationSpecSourcesKustomize#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesKustomizeReplicas"]], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''Version controls which version of Kustomize to use for rendering manifests.

        :schema: ApplicationSpecSourcesKustomize#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesKustomize(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesKustomizePatches",
    jsii_struct_bases=[],
    name_mapping={
        "options": "options",
        "patch": "patch",
        "path": "path",
        "target": "target",
    },
)
class ApplicationSpecSourcesKustomizePatches:
    def __init__(
        self,
        *,
        options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
        patch: typing.Optional[builtins.str] = None,
        path: typing.Optional[builtins.str] = None,
        target: typing.Optional[typing.Union["ApplicationSpecSourcesKustomizePatchesTarget", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param options: 
        :param patch: 
        :param path: 
        :param target: 

        :schema: ApplicationSpecSourcesKustomizePatches
        '''
        if isinstance(target, dict):
            target = ApplicationSpecSourcesKustomizePatchesTarget(**target)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__84726f7b069658526809cbde6c639f98fd0095526961233faf9c110b89dc7a6b)
            check_type(argname="argument options", value=options, expected_type=type_hints["options"])
            check_type(argname="argument patch", value=patch, expected_type=type_hints["patch"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument target", value=target, expected_type=type_hints["target"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if options is not None:
            self._values["options"] = options
        if patch is not None:
            self._values["patch"] = patch
        if path is not None:
            self._values["path"] = path
        if target is not None:
            self._values["target"] = target

    @builtins.property
    def options(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.bool]]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatches#options
        '''
        result = self._values.get("options")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.bool]], result)

    @builtins.property
    def patch(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatches#patch
        '''
        result = self._values.get("patch")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatches#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target(self) -> typing.Optional["ApplicationSpecSourcesKustomizePatchesTarget"]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatches#target
        '''
        result = self._values.get("target")
        return typing.cast(typing.Optional["ApplicationSpecSourcesKustomizePatchesTarget"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesKustomizePatches(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesKustomizePatchesTarget",
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
class ApplicationSpecSourcesKustomizePatchesTarget:
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
        '''
        :param annotation_selector: 
        :param group: 
        :param kind: 
        :param label_selector: 
        :param name: 
        :param namespace: 
        :param version: 

        :schema: ApplicationSpecSourcesKustomizePatchesTarget
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__84f82784e59ac37f04f3f21d33f305daa0bc40e9fe0a28a132cd16fcfd8d3f3b)
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
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#annotationSelector
        '''
        result = self._values.get("annotation_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def group(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#group
        '''
        result = self._values.get("group")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def label_selector(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#labelSelector
        '''
        result = self._values.get("label_selector")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesKustomizePatchesTarget#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesKustomizePatchesTarget(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesKustomizeReplicas",
    jsii_struct_bases=[],
    name_mapping={"count": "count", "name": "name"},
)
class ApplicationSpecSourcesKustomizeReplicas:
    def __init__(
        self,
        *,
        count: "ApplicationSpecSourcesKustomizeReplicasCount",
        name: builtins.str,
    ) -> None:
        '''
        :param count: Number of replicas.
        :param name: Name of Deployment or StatefulSet.

        :schema: ApplicationSpecSourcesKustomizeReplicas
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__69c88a136cb711100a332410023fa065c2e7be57b6b14ff2e7d8a4d6f4a7d451)
            check_type(argname="argument count", value=count, expected_type=type_hints["count"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "count": count,
            "name": name,
        }

    @builtins.property
    def count(self) -> "ApplicationSpecSourcesKustomizeReplicasCount":
        '''Number of replicas.

        :schema: ApplicationSpecSourcesKustomizeReplicas#count
        '''
        result = self._values.get("count")
        assert result is not None, "Required property 'count' is missing"
        return typing.cast("ApplicationSpecSourcesKustomizeReplicasCount", result)

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of Deployment or StatefulSet.

        :schema: ApplicationSpecSourcesKustomizeReplicas#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesKustomizeReplicas(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class ApplicationSpecSourcesKustomizeReplicasCount(
    metaclass=jsii.JSIIMeta,
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesKustomizeReplicasCount",
):
    '''Number of replicas.

    :schema: ApplicationSpecSourcesKustomizeReplicasCount
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "ApplicationSpecSourcesKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7a71dbaf55c91361206456b85e002ad7756f64b6829a0dab3af7f5ee7ff38cc5)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationSpecSourcesKustomizeReplicasCount", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "ApplicationSpecSourcesKustomizeReplicasCount":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ee8c9b8f128d46b675549cd57e86e4fe94336b98cccb8f2ada287ebd518d25a2)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("ApplicationSpecSourcesKustomizeReplicasCount", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesPlugin",
    jsii_struct_bases=[],
    name_mapping={"env": "env", "name": "name", "parameters": "parameters"},
)
class ApplicationSpecSourcesPlugin:
    def __init__(
        self,
        *,
        env: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesPluginEnv", typing.Dict[builtins.str, typing.Any]]]] = None,
        name: typing.Optional[builtins.str] = None,
        parameters: typing.Optional[typing.Sequence[typing.Union["ApplicationSpecSourcesPluginParameters", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''Plugin holds config management plugin specific options.

        :param env: Env is a list of environment variable entries.
        :param name: 
        :param parameters: 

        :schema: ApplicationSpecSourcesPlugin
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__348d5b4278d86109743ba62daf0a7cd042dcb639d790653646b484ba269542fa)
            check_type(argname="argument env", value=env, expected_type=type_hints["env"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameters", value=parameters, expected_type=type_hints["parameters"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if env is not None:
            self._values["env"] = env
        if name is not None:
            self._values["name"] = name
        if parameters is not None:
            self._values["parameters"] = parameters

    @builtins.property
    def env(self) -> typing.Optional[typing.List["ApplicationSpecSourcesPluginEnv"]]:
        '''Env is a list of environment variable entries.

        :schema: ApplicationSpecSourcesPlugin#env
        '''
        result = self._values.get("env")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesPluginEnv"]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ApplicationSpecSourcesPlugin#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def parameters(
        self,
    ) -> typing.Optional[typing.List["ApplicationSpecSourcesPluginParameters"]]:
        '''
        :schema: ApplicationSpecSourcesPlugin#parameters
        '''
        result = self._values.get("parameters")
        return typing.cast(typing.Optional[typing.List["ApplicationSpecSourcesPluginParameters"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesPlugin(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesPluginEnv",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ApplicationSpecSourcesPluginEnv:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''EnvEntry represents an entry in the application's environment.

        :param name: Name is the name of the variable, usually expressed in uppercase.
        :param value: Value is the value of the variable.

        :schema: ApplicationSpecSourcesPluginEnv
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6240a6c2f0c250a00a616f63ec79e96e13de686078320ff3e5c005b1c26ad4e7)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name is the name of the variable, usually expressed in uppercase.

        :schema: ApplicationSpecSourcesPluginEnv#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''Value is the value of the variable.

        :schema: ApplicationSpecSourcesPluginEnv#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesPluginEnv(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSourcesPluginParameters",
    jsii_struct_bases=[],
    name_mapping={"array": "array", "map": "map", "name": "name", "string": "string"},
)
class ApplicationSpecSourcesPluginParameters:
    def __init__(
        self,
        *,
        array: typing.Optional[typing.Sequence[builtins.str]] = None,
        map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        name: typing.Optional[builtins.str] = None,
        string: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param array: Array is the value of an array type parameter.
        :param map: Map is the value of a map type parameter.
        :param name: Name is the name identifying a parameter.
        :param string: String_ is the value of a string type parameter.

        :schema: ApplicationSpecSourcesPluginParameters
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2e7ae912d11bc64966adacbc8075a1f88b99fae2b07402ad993eeb3223a3a68b)
            check_type(argname="argument array", value=array, expected_type=type_hints["array"])
            check_type(argname="argument map", value=map, expected_type=type_hints["map"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument string", value=string, expected_type=type_hints["string"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if array is not None:
            self._values["array"] = array
        if map is not None:
            self._values["map"] = map
        if name is not None:
            self._values["name"] = name
        if string is not None:
            self._values["string"] = string

    @builtins.property
    def array(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Array is the value of an array type parameter.

        :schema: ApplicationSpecSourcesPluginParameters#array
        '''
        result = self._values.get("array")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def map(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Map is the value of a map type parameter.

        :schema: ApplicationSpecSourcesPluginParameters#map
        '''
        result = self._values.get("map")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the name identifying a parameter.

        :schema: ApplicationSpecSourcesPluginParameters#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def string(self) -> typing.Optional[builtins.str]:
        '''String_ is the value of a string type parameter.

        :schema: ApplicationSpecSourcesPluginParameters#string
        '''
        result = self._values.get("string")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSourcesPluginParameters(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSyncPolicy",
    jsii_struct_bases=[],
    name_mapping={
        "automated": "automated",
        "managed_namespace_metadata": "managedNamespaceMetadata",
        "retry": "retry",
        "sync_options": "syncOptions",
    },
)
class ApplicationSpecSyncPolicy:
    def __init__(
        self,
        *,
        automated: typing.Optional[typing.Union["ApplicationSpecSyncPolicyAutomated", typing.Dict[builtins.str, typing.Any]]] = None,
        managed_namespace_metadata: typing.Optional[typing.Union["ApplicationSpecSyncPolicyManagedNamespaceMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        retry: typing.Optional[typing.Union["ApplicationSpecSyncPolicyRetry", typing.Dict[builtins.str, typing.Any]]] = None,
        sync_options: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''SyncPolicy controls when and how a sync will be performed.

        :param automated: Automated will keep an application synced to the target revision.
        :param managed_namespace_metadata: ManagedNamespaceMetadata controls metadata in the given namespace (if CreateNamespace=true).
        :param retry: Retry controls failed sync retry behavior.
        :param sync_options: Options allow you to specify whole app sync-options.

        :schema: ApplicationSpecSyncPolicy
        '''
        if isinstance(automated, dict):
            automated = ApplicationSpecSyncPolicyAutomated(**automated)
        if isinstance(managed_namespace_metadata, dict):
            managed_namespace_metadata = ApplicationSpecSyncPolicyManagedNamespaceMetadata(**managed_namespace_metadata)
        if isinstance(retry, dict):
            retry = ApplicationSpecSyncPolicyRetry(**retry)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3f0da2b1eea36dd9f17ba1c864f3702a4626d6e687692ee2bcc02d92206bcc73)
            check_type(argname="argument automated", value=automated, expected_type=type_hints["automated"])
            check_type(argname="argument managed_namespace_metadata", value=managed_namespace_metadata, expected_type=type_hints["managed_namespace_metadata"])
            check_type(argname="argument retry", value=retry, expected_type=type_hints["retry"])
            check_type(argname="argument sync_options", value=sync_options, expected_type=type_hints["sync_options"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if automated is not None:
            self._values["automated"] = automated
        if managed_namespace_metadata is not None:
            self._values["managed_namespace_metadata"] = managed_namespace_metadata
        if retry is not None:
            self._values["retry"] = retry
        if sync_options is not None:
            self._values["sync_options"] = sync_options

    @builtins.property
    def automated(self) -> typing.Optional["ApplicationSpecSyncPolicyAutomated"]:
        '''Automated will keep an application synced to the target revision.

        :schema: ApplicationSpecSyncPolicy#automated
        '''
        result = self._values.get("automated")
        return typing.cast(typing.Optional["ApplicationSpecSyncPolicyAutomated"], result)

    @builtins.property
    def managed_namespace_metadata(
        self,
    ) -> typing.Optional["ApplicationSpecSyncPolicyManagedNamespaceMetadata"]:
        '''ManagedNamespaceMetadata controls metadata in the given namespace (if CreateNamespace=true).

        :schema: ApplicationSpecSyncPolicy#managedNamespaceMetadata
        '''
        result = self._values.get("managed_namespace_metadata")
        return typing.cast(typing.Optional["ApplicationSpecSyncPolicyManagedNamespaceMetadata"], result)

    @builtins.property
    def retry(self) -> typing.Optional["ApplicationSpecSyncPolicyRetry"]:
        '''Retry controls failed sync retry behavior.

        :schema: ApplicationSpecSyncPolicy#retry
        '''
        result = self._values.get("retry")
        return typing.cast(typing.Optional["ApplicationSpecSyncPolicyRetry"], result)

    @builtins.property
    def sync_options(self) -> typing.Optional[typing.List[builtins.str]]:
        '''Options allow you to specify whole app sync-options.

        :schema: ApplicationSpecSyncPolicy#syncOptions
        '''
        result = self._values.get("sync_options")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSyncPolicy(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSyncPolicyAutomated",
    jsii_struct_bases=[],
    name_mapping={
        "allow_empty": "allowEmpty",
        "enabled": "enabled",
        "prune": "prune",
        "self_heal": "selfHeal",
    },
)
class ApplicationSpecSyncPolicyAutomated:
    def __init__(
        self,
        *,
        allow_empty: typing.Optional[builtins.bool] = None,
        enabled: typing.Optional[builtins.bool] = None,
        prune: typing.Optional[builtins.bool] = None,
        self_heal: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Automated will keep an application synced to the target revision.

        :param allow_empty: AllowEmpty allows apps have zero live resources (default: false).
        :param enabled: Enable allows apps to explicitly control automated sync.
        :param prune: Prune specifies whether to delete resources from the cluster that are not found in the sources anymore as part of automated sync (default: false).
        :param self_heal: SelfHeal specifies whether to revert resources back to their desired state upon modification in the cluster (default: false).

        :schema: ApplicationSpecSyncPolicyAutomated
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6d1ed06d2ff845190c7bee45176c66ef6357563d7915577e94a167fafe33ea3b)
            check_type(argname="argument allow_empty", value=allow_empty, expected_type=type_hints["allow_empty"])
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument prune", value=prune, expected_type=type_hints["prune"])
            check_type(argname="argument self_heal", value=self_heal, expected_type=type_hints["self_heal"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if allow_empty is not None:
            self._values["allow_empty"] = allow_empty
        if enabled is not None:
            self._values["enabled"] = enabled
        if prune is not None:
            self._values["prune"] = prune
        if self_heal is not None:
            self._values["self_heal"] = self_heal

    @builtins.property
    def allow_empty(self) -> typing.Optional[builtins.bool]:
        '''AllowEmpty allows apps have zero live resources (default: false).

        :schema: ApplicationSpecSyncPolicyAutomated#allowEmpty
        '''
        result = self._values.get("allow_empty")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''Enable allows apps to explicitly control automated sync.

        :schema: ApplicationSpecSyncPolicyAutomated#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def prune(self) -> typing.Optional[builtins.bool]:
        '''Prune specifies whether to delete resources from the cluster that are not found in the sources anymore as part of automated sync (default: false).

        :schema: ApplicationSpecSyncPolicyAutomated#prune
        '''
        result = self._values.get("prune")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def self_heal(self) -> typing.Optional[builtins.bool]:
        '''SelfHeal specifies whether to revert resources back to their desired state upon modification in the cluster (default: false).

        :schema: ApplicationSpecSyncPolicyAutomated#selfHeal
        '''
        result = self._values.get("self_heal")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSyncPolicyAutomated(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSyncPolicyManagedNamespaceMetadata",
    jsii_struct_bases=[],
    name_mapping={"annotations": "annotations", "labels": "labels"},
)
class ApplicationSpecSyncPolicyManagedNamespaceMetadata:
    def __init__(
        self,
        *,
        annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''ManagedNamespaceMetadata controls metadata in the given namespace (if CreateNamespace=true).

        :param annotations: 
        :param labels: 

        :schema: ApplicationSpecSyncPolicyManagedNamespaceMetadata
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d25e98b9bcbc3ce818f33ff579537c6361e7f12cca954d29b711b4a7a61f88d9)
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
        '''
        :schema: ApplicationSpecSyncPolicyManagedNamespaceMetadata#annotations
        '''
        result = self._values.get("annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def labels(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''
        :schema: ApplicationSpecSyncPolicyManagedNamespaceMetadata#labels
        '''
        result = self._values.get("labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSyncPolicyManagedNamespaceMetadata(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSyncPolicyRetry",
    jsii_struct_bases=[],
    name_mapping={"backoff": "backoff", "limit": "limit", "refresh": "refresh"},
)
class ApplicationSpecSyncPolicyRetry:
    def __init__(
        self,
        *,
        backoff: typing.Optional[typing.Union["ApplicationSpecSyncPolicyRetryBackoff", typing.Dict[builtins.str, typing.Any]]] = None,
        limit: typing.Optional[jsii.Number] = None,
        refresh: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''Retry controls failed sync retry behavior.

        :param backoff: Backoff controls how to backoff on subsequent retries of failed syncs.
        :param limit: Limit is the maximum number of attempts for retrying a failed sync. If set to 0, no retries will be performed.
        :param refresh: Refresh indicates if the latest revision should be used on retry instead of the initial one (default: false).

        :schema: ApplicationSpecSyncPolicyRetry
        '''
        if isinstance(backoff, dict):
            backoff = ApplicationSpecSyncPolicyRetryBackoff(**backoff)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__82837034ac61466cc508e397a7903834f7793eff2107514047c5b5150e2ba9bd)
            check_type(argname="argument backoff", value=backoff, expected_type=type_hints["backoff"])
            check_type(argname="argument limit", value=limit, expected_type=type_hints["limit"])
            check_type(argname="argument refresh", value=refresh, expected_type=type_hints["refresh"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if backoff is not None:
            self._values["backoff"] = backoff
        if limit is not None:
            self._values["limit"] = limit
        if refresh is not None:
            self._values["refresh"] = refresh

    @builtins.property
    def backoff(self) -> typing.Optional["ApplicationSpecSyncPolicyRetryBackoff"]:
        '''Backoff controls how to backoff on subsequent retries of failed syncs.

        :schema: ApplicationSpecSyncPolicyRetry#backoff
        '''
        result = self._values.get("backoff")
        return typing.cast(typing.Optional["ApplicationSpecSyncPolicyRetryBackoff"], result)

    @builtins.property
    def limit(self) -> typing.Optional[jsii.Number]:
        '''Limit is the maximum number of attempts for retrying a failed sync.

        If set to 0, no retries will be performed.

        :schema: ApplicationSpecSyncPolicyRetry#limit
        '''
        result = self._values.get("limit")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def refresh(self) -> typing.Optional[builtins.bool]:
        '''Refresh indicates if the latest revision should be used on retry instead of the initial one (default: false).

        :schema: ApplicationSpecSyncPolicyRetry#refresh
        '''
        result = self._values.get("refresh")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSyncPolicyRetry(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="argocd_ioargoproj.ApplicationSpecSyncPolicyRetryBackoff",
    jsii_struct_bases=[],
    name_mapping={
        "duration": "duration",
        "factor": "factor",
        "max_duration": "maxDuration",
    },
)
class ApplicationSpecSyncPolicyRetryBackoff:
    def __init__(
        self,
        *,
        duration: typing.Optional[builtins.str] = None,
        factor: typing.Optional[jsii.Number] = None,
        max_duration: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Backoff controls how to backoff on subsequent retries of failed syncs.

        :param duration: Duration is the amount to back off. Default unit is seconds, but could also be a duration (e.g. "2m", "1h")
        :param factor: Factor is a factor to multiply the base duration after each failed retry.
        :param max_duration: MaxDuration is the maximum amount of time allowed for the backoff strategy.

        :schema: ApplicationSpecSyncPolicyRetryBackoff
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9fb232fa9d6dd1119fd823e9ee4a5829ccf4d106a2c11c027033eee72a23761c)
            check_type(argname="argument duration", value=duration, expected_type=type_hints["duration"])
            check_type(argname="argument factor", value=factor, expected_type=type_hints["factor"])
            check_type(argname="argument max_duration", value=max_duration, expected_type=type_hints["max_duration"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if duration is not None:
            self._values["duration"] = duration
        if factor is not None:
            self._values["factor"] = factor
        if max_duration is not None:
            self._values["max_duration"] = max_duration

    @builtins.property
    def duration(self) -> typing.Optional[builtins.str]:
        '''Duration is the amount to back off.

        Default unit is seconds, but could also be a duration (e.g. "2m", "1h")

        :schema: ApplicationSpecSyncPolicyRetryBackoff#duration
        '''
        result = self._values.get("duration")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def factor(self) -> typing.Optional[jsii.Number]:
        '''Factor is a factor to multiply the base duration after each failed retry.

        :schema: ApplicationSpecSyncPolicyRetryBackoff#factor
        '''
        result = self._values.get("factor")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def max_duration(self) -> typing.Optional[builtins.str]:
        '''MaxDuration is the maximum amount of time allowed for the backoff strategy.

        :schema: ApplicationSpecSyncPolicyRetryBackoff#maxDuration
        '''
        result = self._values.get("max_duration")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ApplicationSpecSyncPolicyRetryBackoff(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "Application",
    "ApplicationOperation",
    "ApplicationOperationInfo",
    "ApplicationOperationInitiatedBy",
    "ApplicationOperationRetry",
    "ApplicationOperationRetryBackoff",
    "ApplicationOperationSync",
    "ApplicationOperationSyncResources",
    "ApplicationOperationSyncSource",
    "ApplicationOperationSyncSourceDirectory",
    "ApplicationOperationSyncSourceDirectoryJsonnet",
    "ApplicationOperationSyncSourceDirectoryJsonnetExtVars",
    "ApplicationOperationSyncSourceDirectoryJsonnetTlas",
    "ApplicationOperationSyncSourceHelm",
    "ApplicationOperationSyncSourceHelmFileParameters",
    "ApplicationOperationSyncSourceHelmParameters",
    "ApplicationOperationSyncSourceKustomize",
    "ApplicationOperationSyncSourceKustomizePatches",
    "ApplicationOperationSyncSourceKustomizePatchesTarget",
    "ApplicationOperationSyncSourceKustomizeReplicas",
    "ApplicationOperationSyncSourceKustomizeReplicasCount",
    "ApplicationOperationSyncSourcePlugin",
    "ApplicationOperationSyncSourcePluginEnv",
    "ApplicationOperationSyncSourcePluginParameters",
    "ApplicationOperationSyncSources",
    "ApplicationOperationSyncSourcesDirectory",
    "ApplicationOperationSyncSourcesDirectoryJsonnet",
    "ApplicationOperationSyncSourcesDirectoryJsonnetExtVars",
    "ApplicationOperationSyncSourcesDirectoryJsonnetTlas",
    "ApplicationOperationSyncSourcesHelm",
    "ApplicationOperationSyncSourcesHelmFileParameters",
    "ApplicationOperationSyncSourcesHelmParameters",
    "ApplicationOperationSyncSourcesKustomize",
    "ApplicationOperationSyncSourcesKustomizePatches",
    "ApplicationOperationSyncSourcesKustomizePatchesTarget",
    "ApplicationOperationSyncSourcesKustomizeReplicas",
    "ApplicationOperationSyncSourcesKustomizeReplicasCount",
    "ApplicationOperationSyncSourcesPlugin",
    "ApplicationOperationSyncSourcesPluginEnv",
    "ApplicationOperationSyncSourcesPluginParameters",
    "ApplicationOperationSyncSyncStrategy",
    "ApplicationOperationSyncSyncStrategyApply",
    "ApplicationOperationSyncSyncStrategyHook",
    "ApplicationProps",
    "ApplicationSpec",
    "ApplicationSpecDestination",
    "ApplicationSpecIgnoreDifferences",
    "ApplicationSpecInfo",
    "ApplicationSpecSource",
    "ApplicationSpecSourceDirectory",
    "ApplicationSpecSourceDirectoryJsonnet",
    "ApplicationSpecSourceDirectoryJsonnetExtVars",
    "ApplicationSpecSourceDirectoryJsonnetTlas",
    "ApplicationSpecSourceHelm",
    "ApplicationSpecSourceHelmFileParameters",
    "ApplicationSpecSourceHelmParameters",
    "ApplicationSpecSourceHydrator",
    "ApplicationSpecSourceHydratorDrySource",
    "ApplicationSpecSourceHydratorDrySourceDirectory",
    "ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet",
    "ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars",
    "ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas",
    "ApplicationSpecSourceHydratorDrySourceHelm",
    "ApplicationSpecSourceHydratorDrySourceHelmFileParameters",
    "ApplicationSpecSourceHydratorDrySourceHelmParameters",
    "ApplicationSpecSourceHydratorDrySourceKustomize",
    "ApplicationSpecSourceHydratorDrySourceKustomizePatches",
    "ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget",
    "ApplicationSpecSourceHydratorDrySourceKustomizeReplicas",
    "ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount",
    "ApplicationSpecSourceHydratorDrySourcePlugin",
    "ApplicationSpecSourceHydratorDrySourcePluginEnv",
    "ApplicationSpecSourceHydratorDrySourcePluginParameters",
    "ApplicationSpecSourceHydratorHydrateTo",
    "ApplicationSpecSourceHydratorSyncSource",
    "ApplicationSpecSourceKustomize",
    "ApplicationSpecSourceKustomizePatches",
    "ApplicationSpecSourceKustomizePatchesTarget",
    "ApplicationSpecSourceKustomizeReplicas",
    "ApplicationSpecSourceKustomizeReplicasCount",
    "ApplicationSpecSourcePlugin",
    "ApplicationSpecSourcePluginEnv",
    "ApplicationSpecSourcePluginParameters",
    "ApplicationSpecSources",
    "ApplicationSpecSourcesDirectory",
    "ApplicationSpecSourcesDirectoryJsonnet",
    "ApplicationSpecSourcesDirectoryJsonnetExtVars",
    "ApplicationSpecSourcesDirectoryJsonnetTlas",
    "ApplicationSpecSourcesHelm",
    "ApplicationSpecSourcesHelmFileParameters",
    "ApplicationSpecSourcesHelmParameters",
    "ApplicationSpecSourcesKustomize",
    "ApplicationSpecSourcesKustomizePatches",
    "ApplicationSpecSourcesKustomizePatchesTarget",
    "ApplicationSpecSourcesKustomizeReplicas",
    "ApplicationSpecSourcesKustomizeReplicasCount",
    "ApplicationSpecSourcesPlugin",
    "ApplicationSpecSourcesPluginEnv",
    "ApplicationSpecSourcesPluginParameters",
    "ApplicationSpecSyncPolicy",
    "ApplicationSpecSyncPolicyAutomated",
    "ApplicationSpecSyncPolicyManagedNamespaceMetadata",
    "ApplicationSpecSyncPolicyRetry",
    "ApplicationSpecSyncPolicyRetryBackoff",
]

publication.publish()

def _typecheckingstub__043fcba732509963dd134008d384eeccbb4ed7ed88480f4b7a607dc25ad676e9(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]],
    spec: typing.Union[ApplicationSpec, typing.Dict[builtins.str, typing.Any]],
    operation: typing.Optional[typing.Union[ApplicationOperation, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b2034ad4021f137a43a925daef72f1de50028ca088ff9be4ea6b7f3320891cf3(
    *,
    info: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationInfo, typing.Dict[builtins.str, typing.Any]]]] = None,
    initiated_by: typing.Optional[typing.Union[ApplicationOperationInitiatedBy, typing.Dict[builtins.str, typing.Any]]] = None,
    retry: typing.Optional[typing.Union[ApplicationOperationRetry, typing.Dict[builtins.str, typing.Any]]] = None,
    sync: typing.Optional[typing.Union[ApplicationOperationSync, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6a3374ee079767a3c335a85e80dc973aa1d3cd8b629746b4b6d23ff51396a5ff(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0d3fded0954320464eb11d65702a29dc96605c50466bd48ce220768340aa0219(
    *,
    automated: typing.Optional[builtins.bool] = None,
    username: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__601c999bc50f79ed4fe99ebacdc2802dcb927376279afc8b89872b493023cf93(
    *,
    backoff: typing.Optional[typing.Union[ApplicationOperationRetryBackoff, typing.Dict[builtins.str, typing.Any]]] = None,
    limit: typing.Optional[jsii.Number] = None,
    refresh: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d4605155bf6b566296a188178ac5a858c10404e003f1dea2963fae609069fe9a(
    *,
    duration: typing.Optional[builtins.str] = None,
    factor: typing.Optional[jsii.Number] = None,
    max_duration: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4df0681419d5f127e12b34dbe482c0a5077e5a5a1e312750ef7120dc8a8dd978(
    *,
    auto_heal_attempts_count: typing.Optional[jsii.Number] = None,
    dry_run: typing.Optional[builtins.bool] = None,
    manifests: typing.Optional[typing.Sequence[builtins.str]] = None,
    prune: typing.Optional[builtins.bool] = None,
    resources: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncResources, typing.Dict[builtins.str, typing.Any]]]] = None,
    revision: typing.Optional[builtins.str] = None,
    revisions: typing.Optional[typing.Sequence[builtins.str]] = None,
    source: typing.Optional[typing.Union[ApplicationOperationSyncSource, typing.Dict[builtins.str, typing.Any]]] = None,
    sources: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSources, typing.Dict[builtins.str, typing.Any]]]] = None,
    sync_options: typing.Optional[typing.Sequence[builtins.str]] = None,
    sync_strategy: typing.Optional[typing.Union[ApplicationOperationSyncSyncStrategy, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__84eb8f9de79f29b7a27e0fe11bd02f1d0dde16f5facf18d4d93da10cf99994fc(
    *,
    kind: builtins.str,
    name: builtins.str,
    group: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__116566fa6ae7b961520988f82b6a5d8a62602599f623401122cc169231625002(
    *,
    repo_url: builtins.str,
    chart: typing.Optional[builtins.str] = None,
    directory: typing.Optional[typing.Union[ApplicationOperationSyncSourceDirectory, typing.Dict[builtins.str, typing.Any]]] = None,
    helm: typing.Optional[typing.Union[ApplicationOperationSyncSourceHelm, typing.Dict[builtins.str, typing.Any]]] = None,
    kustomize: typing.Optional[typing.Union[ApplicationOperationSyncSourceKustomize, typing.Dict[builtins.str, typing.Any]]] = None,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    plugin: typing.Optional[typing.Union[ApplicationOperationSyncSourcePlugin, typing.Dict[builtins.str, typing.Any]]] = None,
    ref: typing.Optional[builtins.str] = None,
    tag_prefix: typing.Optional[builtins.str] = None,
    target_revision: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3d2ff55820548b78188ae8df68775396ee2ee8c8e0ef15ab16344c78eb48ef2b(
    *,
    exclude: typing.Optional[builtins.str] = None,
    include: typing.Optional[builtins.str] = None,
    jsonnet: typing.Optional[typing.Union[ApplicationOperationSyncSourceDirectoryJsonnet, typing.Dict[builtins.str, typing.Any]]] = None,
    recurse: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__38fe980905cb9269bab2b4bf0d6d7e82f179295d8ad2fc4392e1932883f869ca(
    *,
    ext_vars: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourceDirectoryJsonnetExtVars, typing.Dict[builtins.str, typing.Any]]]] = None,
    libs: typing.Optional[typing.Sequence[builtins.str]] = None,
    tlas: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourceDirectoryJsonnetTlas, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0f4c722538881de277f8829f4e9ac779384f91e5219640bbbdd46402beaadd3f(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4f268586fc502cfe9780ba6c0837b2c46c051ca5a64b1668527eb7ebdb2dfd15(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__29fbf08109d1727743837805b44d18cb27cf1add287c061c402817e02a4badc7(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    file_parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourceHelmFileParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_missing_value_files: typing.Optional[builtins.bool] = None,
    kube_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourceHelmParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    pass_credentials: typing.Optional[builtins.bool] = None,
    release_name: typing.Optional[builtins.str] = None,
    skip_crds: typing.Optional[builtins.bool] = None,
    skip_schema_validation: typing.Optional[builtins.bool] = None,
    skip_tests: typing.Optional[builtins.bool] = None,
    value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
    values: typing.Optional[builtins.str] = None,
    values_object: typing.Any = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__39f34780eb581e0e5ed8dd662a61693c022905cc0c07feb80b93dada231de2f4(
    *,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d007c5968523e8524e925e73337396133cfbdde417b0b9d1c2940f2624dc4b74(
    *,
    force_string: typing.Optional[builtins.bool] = None,
    name: typing.Optional[builtins.str] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__25fc6c477484b8d98cc7101e04bb199171a98ebcf85c77d6dfe22e9bcf1720ba(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    common_annotations_envsubst: typing.Optional[builtins.bool] = None,
    common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    components: typing.Optional[typing.Sequence[builtins.str]] = None,
    force_common_annotations: typing.Optional[builtins.bool] = None,
    force_common_labels: typing.Optional[builtins.bool] = None,
    ignore_missing_components: typing.Optional[builtins.bool] = None,
    images: typing.Optional[typing.Sequence[builtins.str]] = None,
    kube_version: typing.Optional[builtins.str] = None,
    label_include_templates: typing.Optional[builtins.bool] = None,
    label_without_selector: typing.Optional[builtins.bool] = None,
    name_prefix: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    name_suffix: typing.Optional[builtins.str] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourceKustomizePatches, typing.Dict[builtins.str, typing.Any]]]] = None,
    replicas: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourceKustomizeReplicas, typing.Dict[builtins.str, typing.Any]]]] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__37c9b1582e7e5158ca419ac3d46db8d699106dfe0da4620055614226668136c8(
    *,
    options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
    patch: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    target: typing.Optional[typing.Union[ApplicationOperationSyncSourceKustomizePatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9b9444e1e4728508b8295a9f36334f3ac79ec640cfe9a4366dd13d94292dfa17(
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

def _typecheckingstub__8189e7f6ee29d624856cf0815339ccfe96082847c5a6765228b0dd68df3a3d62(
    *,
    count: ApplicationOperationSyncSourceKustomizeReplicasCount,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a174aa58e1da7a67a572dfc048bd9fc95ceb904f6a933f0117390596ff990fcb(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e2ad5851933e6b7c06b08514dd74a87458dbf59f4453391b6e6c67d4b553cfa2(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__794c8bfad78847347910d71732fca64a3db8e20f58ac64bd487468f65fa6d0b3(
    *,
    env: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcePluginEnv, typing.Dict[builtins.str, typing.Any]]]] = None,
    name: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcePluginParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0402cd8e220d55882fb4093c348ce7a2e61c70a6104abb710eb9d5a2e7c3460f(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__65829890f3304fbf09870a34b0577aefc30ef40d316216c6636407f2f54ec406(
    *,
    array: typing.Optional[typing.Sequence[builtins.str]] = None,
    map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    name: typing.Optional[builtins.str] = None,
    string: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7e4829d95a346fafeeea525130916eb2c6ae558d256344c485c1de7f9882b8cd(
    *,
    repo_url: builtins.str,
    chart: typing.Optional[builtins.str] = None,
    directory: typing.Optional[typing.Union[ApplicationOperationSyncSourcesDirectory, typing.Dict[builtins.str, typing.Any]]] = None,
    helm: typing.Optional[typing.Union[ApplicationOperationSyncSourcesHelm, typing.Dict[builtins.str, typing.Any]]] = None,
    kustomize: typing.Optional[typing.Union[ApplicationOperationSyncSourcesKustomize, typing.Dict[builtins.str, typing.Any]]] = None,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    plugin: typing.Optional[typing.Union[ApplicationOperationSyncSourcesPlugin, typing.Dict[builtins.str, typing.Any]]] = None,
    ref: typing.Optional[builtins.str] = None,
    tag_prefix: typing.Optional[builtins.str] = None,
    target_revision: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__8e1fc1713baa72f99412224c2e5e8b91343c21569076cd4e43040ad96fd9e9e7(
    *,
    exclude: typing.Optional[builtins.str] = None,
    include: typing.Optional[builtins.str] = None,
    jsonnet: typing.Optional[typing.Union[ApplicationOperationSyncSourcesDirectoryJsonnet, typing.Dict[builtins.str, typing.Any]]] = None,
    recurse: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e6cbfcb8830efc2b62f75606e259dfadab9421ddd04d0c6879085dfed828c285(
    *,
    ext_vars: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesDirectoryJsonnetExtVars, typing.Dict[builtins.str, typing.Any]]]] = None,
    libs: typing.Optional[typing.Sequence[builtins.str]] = None,
    tlas: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesDirectoryJsonnetTlas, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__512a2b7febcc3783964b9e01e88c88beda1b8d7ecfa1ccfdebcb75f91fb72e82(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0cdcd5729fa2e460e72765eec07d4827eb5da63e41dc0f8c49742ecf0ce0939d(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3377410f08139b00108890b50d4b2d22966409d289be3e2ed57f9e8bbd518ea4(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    file_parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesHelmFileParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_missing_value_files: typing.Optional[builtins.bool] = None,
    kube_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesHelmParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    pass_credentials: typing.Optional[builtins.bool] = None,
    release_name: typing.Optional[builtins.str] = None,
    skip_crds: typing.Optional[builtins.bool] = None,
    skip_schema_validation: typing.Optional[builtins.bool] = None,
    skip_tests: typing.Optional[builtins.bool] = None,
    value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
    values: typing.Optional[builtins.str] = None,
    values_object: typing.Any = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__927d7b065c8d88ce2e5098687074e72eab7bd8015bfc1a3e14a4c8a096e20384(
    *,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__12dde2ca982e17ebb3088504a9a723170d5b4286ef6cdcc5e28548328b3fd1a7(
    *,
    force_string: typing.Optional[builtins.bool] = None,
    name: typing.Optional[builtins.str] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__34cf82b188985dddaf242328dcc241e743e4d38d23c850830acaba2fbaab628d(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    common_annotations_envsubst: typing.Optional[builtins.bool] = None,
    common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    components: typing.Optional[typing.Sequence[builtins.str]] = None,
    force_common_annotations: typing.Optional[builtins.bool] = None,
    force_common_labels: typing.Optional[builtins.bool] = None,
    ignore_missing_components: typing.Optional[builtins.bool] = None,
    images: typing.Optional[typing.Sequence[builtins.str]] = None,
    kube_version: typing.Optional[builtins.str] = None,
    label_include_templates: typing.Optional[builtins.bool] = None,
    label_without_selector: typing.Optional[builtins.bool] = None,
    name_prefix: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    name_suffix: typing.Optional[builtins.str] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesKustomizePatches, typing.Dict[builtins.str, typing.Any]]]] = None,
    replicas: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesKustomizeReplicas, typing.Dict[builtins.str, typing.Any]]]] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__682601d0aec2cfb78d17ae9ad0ac3bcd20ade1e63fed47076e5532e4cad8b3b7(
    *,
    options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
    patch: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    target: typing.Optional[typing.Union[ApplicationOperationSyncSourcesKustomizePatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__42fac15fa8f4b238156122d9874e18e16fc12150d71a243d4bd5712105886252(
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

def _typecheckingstub__8f55578252cdd2e033cb2d064f47238a8a0b22920fa57495003de6932b935c67(
    *,
    count: ApplicationOperationSyncSourcesKustomizeReplicasCount,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e8fb0a09f192b63f4d6cdcbd21b27bc99dd52c680bb7f7eb56b1af2d0afe925d(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__bbe9f1f2ea3271b1cf45748f6823ba3068fc0e08a14ece7307b90431ff5174ed(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a21b16d04a6ed65a9033a4312eb703378dc1fc3ad86fdf7d75dd092babe81650(
    *,
    env: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesPluginEnv, typing.Dict[builtins.str, typing.Any]]]] = None,
    name: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationOperationSyncSourcesPluginParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2c3d5ac378b1d712c02437180bb2b60a3d42ea4e1456b118591624a9211e56f7(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5f3e50976a2d2e72bdf746e86990b377f3fb98612b3cbc6bd484a6774023be3a(
    *,
    array: typing.Optional[typing.Sequence[builtins.str]] = None,
    map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    name: typing.Optional[builtins.str] = None,
    string: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0874162cbab8c7efd8462bb3e182b3340475d33294838c4d0c8d233331ba5d36(
    *,
    apply: typing.Optional[typing.Union[ApplicationOperationSyncSyncStrategyApply, typing.Dict[builtins.str, typing.Any]]] = None,
    hook: typing.Optional[typing.Union[ApplicationOperationSyncSyncStrategyHook, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__305af0d082aa780ec36382672d7d675e7135326ad792c8d21a1b368bcd7c96af(
    *,
    force: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e3ad2376b06c64dc544ebc0641746afbaa27deaac9be8174fae9d85032bd1a3b(
    *,
    force: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__532500e54643643d5ac1a248afe1f32ad91ca23df2aa67256896d545c713fe9c(
    *,
    metadata: typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]],
    spec: typing.Union[ApplicationSpec, typing.Dict[builtins.str, typing.Any]],
    operation: typing.Optional[typing.Union[ApplicationOperation, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__15ed9623fe2a70e74d5ffc73e5f2fd25628f2fe416ccdbfe0a632a51b975a3c5(
    *,
    destination: typing.Union[ApplicationSpecDestination, typing.Dict[builtins.str, typing.Any]],
    project: builtins.str,
    ignore_differences: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecIgnoreDifferences, typing.Dict[builtins.str, typing.Any]]]] = None,
    info: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecInfo, typing.Dict[builtins.str, typing.Any]]]] = None,
    revision_history_limit: typing.Optional[jsii.Number] = None,
    source: typing.Optional[typing.Union[ApplicationSpecSource, typing.Dict[builtins.str, typing.Any]]] = None,
    source_hydrator: typing.Optional[typing.Union[ApplicationSpecSourceHydrator, typing.Dict[builtins.str, typing.Any]]] = None,
    sources: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSources, typing.Dict[builtins.str, typing.Any]]]] = None,
    sync_policy: typing.Optional[typing.Union[ApplicationSpecSyncPolicy, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__71c9dc1a888739611078321230e572c1edd3dd60061eb13d4dbbb31b6a585e09(
    *,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    server: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ec2109da202082cb3379d2f69043d1402dbfd02a9857da3150dd8737642bc3fc(
    *,
    kind: builtins.str,
    group: typing.Optional[builtins.str] = None,
    jq_path_expressions: typing.Optional[typing.Sequence[builtins.str]] = None,
    json_pointers: typing.Optional[typing.Sequence[builtins.str]] = None,
    managed_fields_managers: typing.Optional[typing.Sequence[builtins.str]] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a2ff0f4194828a4b36ea34ec20f98861549d7d571e502610763e512c84397a0f(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a644d08a0acf49b8399f9f66a33387ca94d58fef081f09de92c26a119041da16(
    *,
    repo_url: builtins.str,
    chart: typing.Optional[builtins.str] = None,
    directory: typing.Optional[typing.Union[ApplicationSpecSourceDirectory, typing.Dict[builtins.str, typing.Any]]] = None,
    helm: typing.Optional[typing.Union[ApplicationSpecSourceHelm, typing.Dict[builtins.str, typing.Any]]] = None,
    kustomize: typing.Optional[typing.Union[ApplicationSpecSourceKustomize, typing.Dict[builtins.str, typing.Any]]] = None,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    plugin: typing.Optional[typing.Union[ApplicationSpecSourcePlugin, typing.Dict[builtins.str, typing.Any]]] = None,
    ref: typing.Optional[builtins.str] = None,
    tag_prefix: typing.Optional[builtins.str] = None,
    target_revision: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__58a6b2d995f7fc841600accb3069b1a45bbfcea4348986464bec3403924b5ca1(
    *,
    exclude: typing.Optional[builtins.str] = None,
    include: typing.Optional[builtins.str] = None,
    jsonnet: typing.Optional[typing.Union[ApplicationSpecSourceDirectoryJsonnet, typing.Dict[builtins.str, typing.Any]]] = None,
    recurse: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__456e026a6fac1dfc144010024cd4054948955ad80ce1041e90f5f651ea852aec(
    *,
    ext_vars: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceDirectoryJsonnetExtVars, typing.Dict[builtins.str, typing.Any]]]] = None,
    libs: typing.Optional[typing.Sequence[builtins.str]] = None,
    tlas: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceDirectoryJsonnetTlas, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9e5a94f4d20565cb94141ccf7924a63fa74ece2bb66f4a872623961a8802acd1(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__df4f87f2d3b7af1b8b0139fc81fb700e3ecde17929db333a2c1b9d83f1e9fce9(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__339ad4f83b46c6b53062908bc5e05e74a150a52874dfb49be631a98c28142d46(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    file_parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHelmFileParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_missing_value_files: typing.Optional[builtins.bool] = None,
    kube_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHelmParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    pass_credentials: typing.Optional[builtins.bool] = None,
    release_name: typing.Optional[builtins.str] = None,
    skip_crds: typing.Optional[builtins.bool] = None,
    skip_schema_validation: typing.Optional[builtins.bool] = None,
    skip_tests: typing.Optional[builtins.bool] = None,
    value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
    values: typing.Optional[builtins.str] = None,
    values_object: typing.Any = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3586f6c7dab1c7c0c799bab3f3527a480a068be03d1fc48b0de2847970856e0c(
    *,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a27ad768974230924625efc979206f08a042c5a675a4e22defb37628fbac0710(
    *,
    force_string: typing.Optional[builtins.bool] = None,
    name: typing.Optional[builtins.str] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c360172ecc170a8feb2c4b7790fad09ad39a8abc2020d4cfd861de45cc61b0d2(
    *,
    dry_source: typing.Union[ApplicationSpecSourceHydratorDrySource, typing.Dict[builtins.str, typing.Any]],
    sync_source: typing.Union[ApplicationSpecSourceHydratorSyncSource, typing.Dict[builtins.str, typing.Any]],
    hydrate_to: typing.Optional[typing.Union[ApplicationSpecSourceHydratorHydrateTo, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__01e6e4fb3b07df5223ae17205a74f1a885ef6ebfa252f859ec32146c5e7b53db(
    *,
    path: builtins.str,
    repo_url: builtins.str,
    target_revision: builtins.str,
    directory: typing.Optional[typing.Union[ApplicationSpecSourceHydratorDrySourceDirectory, typing.Dict[builtins.str, typing.Any]]] = None,
    helm: typing.Optional[typing.Union[ApplicationSpecSourceHydratorDrySourceHelm, typing.Dict[builtins.str, typing.Any]]] = None,
    kustomize: typing.Optional[typing.Union[ApplicationSpecSourceHydratorDrySourceKustomize, typing.Dict[builtins.str, typing.Any]]] = None,
    plugin: typing.Optional[typing.Union[ApplicationSpecSourceHydratorDrySourcePlugin, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f7e25abc9dd5b85d9f5e1cda42f1c9af4388421e24a26b0907b216726bfb4ca1(
    *,
    exclude: typing.Optional[builtins.str] = None,
    include: typing.Optional[builtins.str] = None,
    jsonnet: typing.Optional[typing.Union[ApplicationSpecSourceHydratorDrySourceDirectoryJsonnet, typing.Dict[builtins.str, typing.Any]]] = None,
    recurse: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ac1ef6fdd0dd55873a637217065639649ae8dfb3995b7cc94f7ac90ce57e486f(
    *,
    ext_vars: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetExtVars, typing.Dict[builtins.str, typing.Any]]]] = None,
    libs: typing.Optional[typing.Sequence[builtins.str]] = None,
    tlas: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourceDirectoryJsonnetTlas, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fb898840ba7af046e4e00bd3f889fd7d8333d4f6339d2267358a6edf7e29cbb8(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f69d6043be356a8822a276d42847dd212a0da169a34cd5d1244b661958cf28c1(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f0cb7a9c8035258d6b74fc4701ba7f5ff0538d1be637f3465f1b007a913f4f45(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    file_parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourceHelmFileParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_missing_value_files: typing.Optional[builtins.bool] = None,
    kube_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourceHelmParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    pass_credentials: typing.Optional[builtins.bool] = None,
    release_name: typing.Optional[builtins.str] = None,
    skip_crds: typing.Optional[builtins.bool] = None,
    skip_schema_validation: typing.Optional[builtins.bool] = None,
    skip_tests: typing.Optional[builtins.bool] = None,
    value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
    values: typing.Optional[builtins.str] = None,
    values_object: typing.Any = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__1e277ab854ca482a9d2516a6284d7ac7bfac26bf86296f44354c1ead05c4eddc(
    *,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__664c7098f3f48ddc82a12df75065c829bb07fc55d80eddf1ba7c7adc94489bac(
    *,
    force_string: typing.Optional[builtins.bool] = None,
    name: typing.Optional[builtins.str] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a635ee88962abc787f1cbc88156833c64f524259948520f8584b66723a1edef8(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    common_annotations_envsubst: typing.Optional[builtins.bool] = None,
    common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    components: typing.Optional[typing.Sequence[builtins.str]] = None,
    force_common_annotations: typing.Optional[builtins.bool] = None,
    force_common_labels: typing.Optional[builtins.bool] = None,
    ignore_missing_components: typing.Optional[builtins.bool] = None,
    images: typing.Optional[typing.Sequence[builtins.str]] = None,
    kube_version: typing.Optional[builtins.str] = None,
    label_include_templates: typing.Optional[builtins.bool] = None,
    label_without_selector: typing.Optional[builtins.bool] = None,
    name_prefix: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    name_suffix: typing.Optional[builtins.str] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourceKustomizePatches, typing.Dict[builtins.str, typing.Any]]]] = None,
    replicas: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourceKustomizeReplicas, typing.Dict[builtins.str, typing.Any]]]] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__78b72e30409138c7b6d12fd792fd0abddcfd2f4247ddcacd71b04a63d819b1a1(
    *,
    options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
    patch: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    target: typing.Optional[typing.Union[ApplicationSpecSourceHydratorDrySourceKustomizePatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__dd11f2067b5a33f0cb2c16d249f1c9919e4127c8048abb5571c81e395d367cf3(
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

def _typecheckingstub__32978fa103a1e9ee995673e0184b84b4ab3ff3776e0fdc99063a7bfed2d7c37a(
    *,
    count: ApplicationSpecSourceHydratorDrySourceKustomizeReplicasCount,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d0537279ef04b977163561df84c0660d6b7ca018c3974cd233a5d59dd26c5501(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d627c58579cd5e736cdc100507fb79d349e4cf1587c34d68860461e1f5ca9063(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ca0eaff6b5f9a17feece50c339bbe0b03fbf24572c7b58b84c4bef24869497ff(
    *,
    env: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourcePluginEnv, typing.Dict[builtins.str, typing.Any]]]] = None,
    name: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceHydratorDrySourcePluginParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__355d3b3c715649846721aa42b7f8b5421d1b713772f519ec1ba95008bcda7b72(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0904d59ea17bff6a04c3240b80da75ca606d383cd8e719d1fad2740b3a08cd34(
    *,
    array: typing.Optional[typing.Sequence[builtins.str]] = None,
    map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    name: typing.Optional[builtins.str] = None,
    string: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__bb39d3f9e4122cb42ab427117371809c10894ec4ef490167fa021025ab2a7f66(
    *,
    target_branch: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4123986e1b44aff996b734c1360346fe1632d1f65a8c1d632fce977d5bb6e59b(
    *,
    path: builtins.str,
    target_branch: builtins.str,
    repo_url: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e9f374c0e378b69d8c2191d9ffdfc61bdf99e893e3cf7ea4e29642cf1eda883a(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    common_annotations_envsubst: typing.Optional[builtins.bool] = None,
    common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    components: typing.Optional[typing.Sequence[builtins.str]] = None,
    force_common_annotations: typing.Optional[builtins.bool] = None,
    force_common_labels: typing.Optional[builtins.bool] = None,
    ignore_missing_components: typing.Optional[builtins.bool] = None,
    images: typing.Optional[typing.Sequence[builtins.str]] = None,
    kube_version: typing.Optional[builtins.str] = None,
    label_include_templates: typing.Optional[builtins.bool] = None,
    label_without_selector: typing.Optional[builtins.bool] = None,
    name_prefix: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    name_suffix: typing.Optional[builtins.str] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceKustomizePatches, typing.Dict[builtins.str, typing.Any]]]] = None,
    replicas: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourceKustomizeReplicas, typing.Dict[builtins.str, typing.Any]]]] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__99f36ce34b7629275af14e183bffd211cf8db6a4eaf1c884a2b79e99519b61a3(
    *,
    options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
    patch: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    target: typing.Optional[typing.Union[ApplicationSpecSourceKustomizePatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3f7b5591a4079d80cb96709cb9f54804584a5b23e10463cdae1ee0a934d18f1a(
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

def _typecheckingstub__cbcea607ffad7316f076ad56577a1a6c9d7618971946fc57946ef76553a4652c(
    *,
    count: ApplicationSpecSourceKustomizeReplicasCount,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__cafa8b9187a5989228b21af4d81af01b69afa4440b81627432113a9c2a713587(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__39ae83c6e59c7068de64ccc7ee46b359471def4a2a401b1acda8700d28696ffa(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e3d4f763c6681c7d8f2df6ae7ae8f059bf9fff183f7a03f0754d6b1558d87b9e(
    *,
    env: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcePluginEnv, typing.Dict[builtins.str, typing.Any]]]] = None,
    name: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcePluginParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__88b83f2bef875cb5255287ea16b8bfdefc14b92ad5f31c9bdfc63805ae48fd36(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ca2407ad1006c3974ac51632d5a8fad268013d3e2b42e7918753eb3af4afca78(
    *,
    array: typing.Optional[typing.Sequence[builtins.str]] = None,
    map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    name: typing.Optional[builtins.str] = None,
    string: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c26b853772bdfec37804379404c380e86e50cb1ee6a699d6cfa2f48d1ef59718(
    *,
    repo_url: builtins.str,
    chart: typing.Optional[builtins.str] = None,
    directory: typing.Optional[typing.Union[ApplicationSpecSourcesDirectory, typing.Dict[builtins.str, typing.Any]]] = None,
    helm: typing.Optional[typing.Union[ApplicationSpecSourcesHelm, typing.Dict[builtins.str, typing.Any]]] = None,
    kustomize: typing.Optional[typing.Union[ApplicationSpecSourcesKustomize, typing.Dict[builtins.str, typing.Any]]] = None,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    plugin: typing.Optional[typing.Union[ApplicationSpecSourcesPlugin, typing.Dict[builtins.str, typing.Any]]] = None,
    ref: typing.Optional[builtins.str] = None,
    tag_prefix: typing.Optional[builtins.str] = None,
    target_revision: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d9b99a3b97e8d4930eddc0cb71a349f18c2a0af88d6d0066f4d0cce96832b826(
    *,
    exclude: typing.Optional[builtins.str] = None,
    include: typing.Optional[builtins.str] = None,
    jsonnet: typing.Optional[typing.Union[ApplicationSpecSourcesDirectoryJsonnet, typing.Dict[builtins.str, typing.Any]]] = None,
    recurse: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__239cbd693fba0ac754191cac7880e9afd423af51c00e3267a693475f40903f7c(
    *,
    ext_vars: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesDirectoryJsonnetExtVars, typing.Dict[builtins.str, typing.Any]]]] = None,
    libs: typing.Optional[typing.Sequence[builtins.str]] = None,
    tlas: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesDirectoryJsonnetTlas, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__49ed9e6d5985cde65727a396bbb837bbec22e59c3ab6aa7fa2f68d3b1b36abad(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__1940c2dfb649f6f045fb5b72811a9429f2322c50c88b9a84e7e9cff9fd35ef65(
    *,
    name: builtins.str,
    value: builtins.str,
    code: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a920cb690103b227ff7da92132e44c5b0a6177aaaa1c982d0e2c5d61e0ffe8bb(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    file_parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesHelmFileParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    ignore_missing_value_files: typing.Optional[builtins.bool] = None,
    kube_version: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesHelmParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
    pass_credentials: typing.Optional[builtins.bool] = None,
    release_name: typing.Optional[builtins.str] = None,
    skip_crds: typing.Optional[builtins.bool] = None,
    skip_schema_validation: typing.Optional[builtins.bool] = None,
    skip_tests: typing.Optional[builtins.bool] = None,
    value_files: typing.Optional[typing.Sequence[builtins.str]] = None,
    values: typing.Optional[builtins.str] = None,
    values_object: typing.Any = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e63654bdf0a8db4a0b5e67bfc97c17d5dc0b6a6eecad0e8ead381b0027a45af3(
    *,
    name: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__01e1eee5476d6ad07e8fd2c33a77966443c485ddaa0f0114a00297f2e2405e03(
    *,
    force_string: typing.Optional[builtins.bool] = None,
    name: typing.Optional[builtins.str] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5d575ced53edf48f8718640fa69e05704782909e73916c1c1c0fa20be1300aa9(
    *,
    api_versions: typing.Optional[typing.Sequence[builtins.str]] = None,
    common_annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    common_annotations_envsubst: typing.Optional[builtins.bool] = None,
    common_labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    components: typing.Optional[typing.Sequence[builtins.str]] = None,
    force_common_annotations: typing.Optional[builtins.bool] = None,
    force_common_labels: typing.Optional[builtins.bool] = None,
    ignore_missing_components: typing.Optional[builtins.bool] = None,
    images: typing.Optional[typing.Sequence[builtins.str]] = None,
    kube_version: typing.Optional[builtins.str] = None,
    label_include_templates: typing.Optional[builtins.bool] = None,
    label_without_selector: typing.Optional[builtins.bool] = None,
    name_prefix: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    name_suffix: typing.Optional[builtins.str] = None,
    patches: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesKustomizePatches, typing.Dict[builtins.str, typing.Any]]]] = None,
    replicas: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesKustomizeReplicas, typing.Dict[builtins.str, typing.Any]]]] = None,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__84726f7b069658526809cbde6c639f98fd0095526961233faf9c110b89dc7a6b(
    *,
    options: typing.Optional[typing.Mapping[builtins.str, builtins.bool]] = None,
    patch: typing.Optional[builtins.str] = None,
    path: typing.Optional[builtins.str] = None,
    target: typing.Optional[typing.Union[ApplicationSpecSourcesKustomizePatchesTarget, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__84f82784e59ac37f04f3f21d33f305daa0bc40e9fe0a28a132cd16fcfd8d3f3b(
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

def _typecheckingstub__69c88a136cb711100a332410023fa065c2e7be57b6b14ff2e7d8a4d6f4a7d451(
    *,
    count: ApplicationSpecSourcesKustomizeReplicasCount,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7a71dbaf55c91361206456b85e002ad7756f64b6829a0dab3af7f5ee7ff38cc5(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ee8c9b8f128d46b675549cd57e86e4fe94336b98cccb8f2ada287ebd518d25a2(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__348d5b4278d86109743ba62daf0a7cd042dcb639d790653646b484ba269542fa(
    *,
    env: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesPluginEnv, typing.Dict[builtins.str, typing.Any]]]] = None,
    name: typing.Optional[builtins.str] = None,
    parameters: typing.Optional[typing.Sequence[typing.Union[ApplicationSpecSourcesPluginParameters, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6240a6c2f0c250a00a616f63ec79e96e13de686078320ff3e5c005b1c26ad4e7(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2e7ae912d11bc64966adacbc8075a1f88b99fae2b07402ad993eeb3223a3a68b(
    *,
    array: typing.Optional[typing.Sequence[builtins.str]] = None,
    map: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    name: typing.Optional[builtins.str] = None,
    string: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3f0da2b1eea36dd9f17ba1c864f3702a4626d6e687692ee2bcc02d92206bcc73(
    *,
    automated: typing.Optional[typing.Union[ApplicationSpecSyncPolicyAutomated, typing.Dict[builtins.str, typing.Any]]] = None,
    managed_namespace_metadata: typing.Optional[typing.Union[ApplicationSpecSyncPolicyManagedNamespaceMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    retry: typing.Optional[typing.Union[ApplicationSpecSyncPolicyRetry, typing.Dict[builtins.str, typing.Any]]] = None,
    sync_options: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6d1ed06d2ff845190c7bee45176c66ef6357563d7915577e94a167fafe33ea3b(
    *,
    allow_empty: typing.Optional[builtins.bool] = None,
    enabled: typing.Optional[builtins.bool] = None,
    prune: typing.Optional[builtins.bool] = None,
    self_heal: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d25e98b9bcbc3ce818f33ff579537c6361e7f12cca954d29b711b4a7a61f88d9(
    *,
    annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__82837034ac61466cc508e397a7903834f7793eff2107514047c5b5150e2ba9bd(
    *,
    backoff: typing.Optional[typing.Union[ApplicationSpecSyncPolicyRetryBackoff, typing.Dict[builtins.str, typing.Any]]] = None,
    limit: typing.Optional[jsii.Number] = None,
    refresh: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9fb232fa9d6dd1119fd823e9ee4a5829ccf4d106a2c11c027033eee72a23761c(
    *,
    duration: typing.Optional[builtins.str] = None,
    factor: typing.Optional[jsii.Number] = None,
    max_duration: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass
