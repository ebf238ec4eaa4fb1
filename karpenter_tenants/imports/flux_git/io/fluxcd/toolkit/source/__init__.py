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


class GitRepository(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepository",
):
    '''GitRepository is the Schema for the gitrepositories API.

    :schema: GitRepository
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["GitRepositorySpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "GitRepository" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: GitRepositorySpec specifies the required configuration to produce an Artifact for a Git repository.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ed5a1e8508d0b812a2dcb1fb9b08a4318cc6d05f1d36d5591d6ce55230766969)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = GitRepositoryProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["GitRepositorySpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "GitRepository".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: GitRepositorySpec specifies the required configuration to produce an Artifact for a Git repository.
        '''
        props = GitRepositoryProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "GitRepository".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositoryProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class GitRepositoryProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["GitRepositorySpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''GitRepository is the Schema for the gitrepositories API.

        :param metadata: 
        :param spec: GitRepositorySpec specifies the required configuration to produce an Artifact for a Git repository.

        :schema: GitRepository
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = GitRepositorySpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__440d8653678827d43bb8bfd2aa1d4c2c11198c55a59e595ee388947d37f5fee1)
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
        :schema: GitRepository#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["GitRepositorySpec"]:
        '''GitRepositorySpec specifies the required configuration to produce an Artifact for a Git repository.

        :schema: GitRepository#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["GitRepositorySpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositoryProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpec",
    jsii_struct_bases=[],
    name_mapping={
        "interval": "interval",
        "url": "url",
        "ignore": "ignore",
        "include": "include",
        "provider": "provider",
        "proxy_secret_ref": "proxySecretRef",
        "recurse_submodules": "recurseSubmodules",
        "ref": "ref",
        "secret_ref": "secretRef",
        "service_account_name": "serviceAccountName",
        "sparse_checkout": "sparseCheckout",
        "suspend": "suspend",
        "timeout": "timeout",
        "verify": "verify",
    },
)
class GitRepositorySpec:
    def __init__(
        self,
        *,
        interval: builtins.str,
        url: builtins.str,
        ignore: typing.Optional[builtins.str] = None,
        include: typing.Optional[typing.Sequence[typing.Union["GitRepositorySpecInclude", typing.Dict[builtins.str, typing.Any]]]] = None,
        provider: typing.Optional["GitRepositorySpecProvider"] = None,
        proxy_secret_ref: typing.Optional[typing.Union["GitRepositorySpecProxySecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        recurse_submodules: typing.Optional[builtins.bool] = None,
        ref: typing.Optional[typing.Union["GitRepositorySpecRef", typing.Dict[builtins.str, typing.Any]]] = None,
        secret_ref: typing.Optional[typing.Union["GitRepositorySpecSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        service_account_name: typing.Optional[builtins.str] = None,
        sparse_checkout: typing.Optional[typing.Sequence[builtins.str]] = None,
        suspend: typing.Optional[builtins.bool] = None,
        timeout: typing.Optional[builtins.str] = None,
        verify: typing.Optional[typing.Union["GitRepositorySpecVerify", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''GitRepositorySpec specifies the required configuration to produce an Artifact for a Git repository.

        :param interval: Interval at which the GitRepository URL is checked for updates. This interval is approximate and may be subject to jitter to ensure efficient use of resources.
        :param url: URL specifies the Git repository URL, it can be an HTTP/S or SSH address.
        :param ignore: Ignore overrides the set of excluded patterns in the .sourceignore format (which is the same as .gitignore). If not provided, a default will be used, consult the documentation for your version to find out what those are.
        :param include: Include specifies a list of GitRepository resources which Artifacts should be included in the Artifact produced for this GitRepository.
        :param provider: Provider used for authentication, can be 'aws', 'azure', 'github', 'generic'. When not specified, defaults to 'generic'.
        :param proxy_secret_ref: ProxySecretRef specifies the Secret containing the proxy configuration to use while communicating with the Git server.
        :param recurse_submodules: RecurseSubmodules enables the initialization of all submodules within the GitRepository as cloned from the URL, using their default settings.
        :param ref: Reference specifies the Git reference to resolve and monitor for changes, defaults to the 'master' branch.
        :param secret_ref: SecretRef specifies the Secret containing authentication credentials for the GitRepository. For HTTPS repositories the Secret must contain 'username' and 'password' fields for basic auth or 'bearerToken' field for token auth. For SSH repositories the Secret must contain 'identity' and 'known_hosts' fields.
        :param service_account_name: ServiceAccountName is the name of the Kubernetes ServiceAccount used to authenticate to the GitRepository. This field is only supported for 'azure' and 'aws' providers.
        :param sparse_checkout: SparseCheckout specifies a list of directories to checkout when cloning the repository. If specified, only these directories are included in the Artifact produced for this GitRepository.
        :param suspend: Suspend tells the controller to suspend the reconciliation of this GitRepository.
        :param timeout: Timeout for Git operations like cloning, defaults to 60s.
        :param verify: Verification specifies the configuration to verify the Git commit signature(s).

        :schema: GitRepositorySpec
        '''
        if isinstance(proxy_secret_ref, dict):
            proxy_secret_ref = GitRepositorySpecProxySecretRef(**proxy_secret_ref)
        if isinstance(ref, dict):
            ref = GitRepositorySpecRef(**ref)
        if isinstance(secret_ref, dict):
            secret_ref = GitRepositorySpecSecretRef(**secret_ref)
        if isinstance(verify, dict):
            verify = GitRepositorySpecVerify(**verify)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__db0712a0eafcf2d2d45a26a2484c5528102f59457804a26bd44f5ab6c7d8cbc2)
            check_type(argname="argument interval", value=interval, expected_type=type_hints["interval"])
            check_type(argname="argument url", value=url, expected_type=type_hints["url"])
            check_type(argname="argument ignore", value=ignore, expected_type=type_hints["ignore"])
            check_type(argname="argument include", value=include, expected_type=type_hints["include"])
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument proxy_secret_ref", value=proxy_secret_ref, expected_type=type_hints["proxy_secret_ref"])
            check_type(argname="argument recurse_submodules", value=recurse_submodules, expected_type=type_hints["recurse_submodules"])
            check_type(argname="argument ref", value=ref, expected_type=type_hints["ref"])
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
            check_type(argname="argument sparse_checkout", value=sparse_checkout, expected_type=type_hints["sparse_checkout"])
            check_type(argname="argument suspend", value=suspend, expected_type=type_hints["suspend"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
            check_type(argname="argument verify", value=verify, expected_type=type_hints["verify"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "interval": interval,
            "url": url,
        }
        if ignore is not None:
            self._values["ignore"] = ignore
        if include is not None:
            self._values["include"] = include
        if provider is not None:
            self._values["provider"] = provider
        if proxy_secret_ref is not None:
            self._values["proxy_secret_ref"] = proxy_secret_ref
        if recurse_submodules is not None:
            self._values["recurse_submodules"] = recurse_submodules
        if ref is not None:
            self._values["ref"] = ref
        if secret_ref is not None:
            self._values["secret_ref"] = secret_ref
        if service_account_name is not None:
            self._values["service_account_name"] = service_account_name
        if sparse_checkout is not None:
            self._values["sparse_checkout"] = sparse_checkout
        if suspend is not None:
            self._values["suspend"] = suspend
        if timeout is not None:
            self._values["timeout"] = timeout
        if verify is not None:
            self._values["verify"] = verify

    @builtins.property
    def interval(self) -> builtins.str:
        '''Interval at which the GitRepository URL is checked for updates.

        This interval is approximate and may be subject to jitter to ensure
        efficient use of resources.

        :schema: GitRepositorySpec#interval
        '''
        result = self._values.get("interval")
        assert result is not None, "Required property 'interval' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def url(self) -> builtins.str:
        '''URL specifies the Git repository URL, it can be an HTTP/S or SSH address.

        :schema: GitRepositorySpec#url
        '''
        result = self._values.get("url")
        assert result is not None, "Required property 'url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def ignore(self) -> typing.Optional[builtins.str]:
        '''Ignore overrides the set of excluded patterns in the .sourceignore format (which is the same as .gitignore). If not provided, a default will be used, consult the documentation for your version to find out what those are.

        :schema: GitRepositorySpec#ignore
        '''
        result = self._values.get("ignore")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def include(self) -> typing.Optional[typing.List["GitRepositorySpecInclude"]]:
        '''Include specifies a list of GitRepository resources which Artifacts should be included in the Artifact produced for this GitRepository.

        :schema: GitRepositorySpec#include
        '''
        result = self._values.get("include")
        return typing.cast(typing.Optional[typing.List["GitRepositorySpecInclude"]], result)

    @builtins.property
    def provider(self) -> typing.Optional["GitRepositorySpecProvider"]:
        '''Provider used for authentication, can be 'aws', 'azure', 'github', 'generic'.

        When not specified, defaults to 'generic'.

        :schema: GitRepositorySpec#provider
        '''
        result = self._values.get("provider")
        return typing.cast(typing.Optional["GitRepositorySpecProvider"], result)

    @builtins.property
    def proxy_secret_ref(self) -> typing.Optional["GitRepositorySpecProxySecretRef"]:
        '''ProxySecretRef specifies the Secret containing the proxy configuration to use while communicating with the Git server.

        :schema: GitRepositorySpec#proxySecretRef
        '''
        result = self._values.get("proxy_secret_ref")
        return typing.cast(typing.Optional["GitRepositorySpecProxySecretRef"], result)

    @builtins.property
    def recurse_submodules(self) -> typing.Optional[builtins.bool]:
        '''RecurseSubmodules enables the initialization of all submodules within the GitRepository as cloned from the URL, using their default settings.

        :schema: GitRepositorySpec#recurseSubmodules
        '''
        result = self._values.get("recurse_submodules")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def ref(self) -> typing.Optional["GitRepositorySpecRef"]:
        '''Reference specifies the Git reference to resolve and monitor for changes, defaults to the 'master' branch.

        :schema: GitRepositorySpec#ref
        '''
        result = self._values.get("ref")
        return typing.cast(typing.Optional["GitRepositorySpecRef"], result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["GitRepositorySpecSecretRef"]:
        '''SecretRef specifies the Secret containing authentication credentials for the GitRepository.

        For HTTPS repositories the Secret must contain 'username' and 'password'
        fields for basic auth or 'bearerToken' field for token auth.
        For SSH repositories the Secret must contain 'identity'
        and 'known_hosts' fields.

        :schema: GitRepositorySpec#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["GitRepositorySpecSecretRef"], result)

    @builtins.property
    def service_account_name(self) -> typing.Optional[builtins.str]:
        '''ServiceAccountName is the name of the Kubernetes ServiceAccount used to authenticate to the GitRepository.

        This field is only supported for 'azure' and 'aws' providers.

        :schema: GitRepositorySpec#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def sparse_checkout(self) -> typing.Optional[typing.List[builtins.str]]:
        '''SparseCheckout specifies a list of directories to checkout when cloning the repository.

        If specified, only these directories are included in the
        Artifact produced for this GitRepository.

        :schema: GitRepositorySpec#sparseCheckout
        '''
        result = self._values.get("sparse_checkout")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def suspend(self) -> typing.Optional[builtins.bool]:
        '''Suspend tells the controller to suspend the reconciliation of this GitRepository.

        :schema: GitRepositorySpec#suspend
        '''
        result = self._values.get("suspend")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''Timeout for Git operations like cloning, defaults to 60s.

        :schema: GitRepositorySpec#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def verify(self) -> typing.Optional["GitRepositorySpecVerify"]:
        '''Verification specifies the configuration to verify the Git commit signature(s).

        :schema: GitRepositorySpec#verify
        '''
        result = self._values.get("verify")
        return typing.cast(typing.Optional["GitRepositorySpecVerify"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecInclude",
    jsii_struct_bases=[],
    name_mapping={
        "repository": "repository",
        "from_path": "fromPath",
        "to_path": "toPath",
    },
)
class GitRepositorySpecInclude:
    def __init__(
        self,
        *,
        repository: typing.Union["GitRepositorySpecIncludeRepository", typing.Dict[builtins.str, typing.Any]],
        from_path: typing.Optional[builtins.str] = None,
        to_path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''GitRepositoryInclude specifies a local reference to a GitRepository which Artifact (sub-)contents must be included, and where they should be placed.

        :param repository: GitRepositoryRef specifies the GitRepository which Artifact contents must be included.
        :param from_path: FromPath specifies the path to copy contents from, defaults to the root of the Artifact.
        :param to_path: ToPath specifies the path to copy contents to, defaults to the name of the GitRepositoryRef.

        :schema: GitRepositorySpecInclude
        '''
        if isinstance(repository, dict):
            repository = GitRepositorySpecIncludeRepository(**repository)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9a20b6d38f16b0b07e5370604d8a0e5e54febc798aafad4ab1f0afa046c458af)
            check_type(argname="argument repository", value=repository, expected_type=type_hints["repository"])
            check_type(argname="argument from_path", value=from_path, expected_type=type_hints["from_path"])
            check_type(argname="argument to_path", value=to_path, expected_type=type_hints["to_path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "repository": repository,
        }
        if from_path is not None:
            self._values["from_path"] = from_path
        if to_path is not None:
            self._values["to_path"] = to_path

    @builtins.property
    def repository(self) -> "GitRepositorySpecIncludeRepository":
        '''GitRepositoryRef specifies the GitRepository which Artifact contents must be included.

        :schema: GitRepositorySpecInclude#repository
        '''
        result = self._values.get("repository")
        assert result is not None, "Required property 'repository' is missing"
        return typing.cast("GitRepositorySpecIncludeRepository", result)

    @builtins.property
    def from_path(self) -> typing.Optional[builtins.str]:
        '''FromPath specifies the path to copy contents from, defaults to the root of the Artifact.

        :schema: GitRepositorySpecInclude#fromPath
        '''
        result = self._values.get("from_path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def to_path(self) -> typing.Optional[builtins.str]:
        '''ToPath specifies the path to copy contents to, defaults to the name of the GitRepositoryRef.

        :schema: GitRepositorySpecInclude#toPath
        '''
        result = self._values.get("to_path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecInclude(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecIncludeRepository",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class GitRepositorySpecIncludeRepository:
    def __init__(self, *, name: builtins.str) -> None:
        '''GitRepositoryRef specifies the GitRepository which Artifact contents must be included.

        :param name: Name of the referent.

        :schema: GitRepositorySpecIncludeRepository
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__edf89452a9541d7e5a72b44772a47142705b5c1a794d4bd9a6c8aadca84a3836)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: GitRepositorySpecIncludeRepository#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecIncludeRepository(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecProvider")
class GitRepositorySpecProvider(enum.Enum):
    '''Provider used for authentication, can be 'aws', 'azure', 'github', 'generic'.

    When not specified, defaults to 'generic'.

    :schema: GitRepositorySpecProvider
    '''

    GENERIC = "GENERIC"
    '''generic.'''
    AWS = "AWS"
    '''aws.'''
    AZURE = "AZURE"
    '''azure.'''
    GITHUB = "GITHUB"
    '''github.'''


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecProxySecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class GitRepositorySpecProxySecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''ProxySecretRef specifies the Secret containing the proxy configuration to use while communicating with the Git server.

        :param name: Name of the referent.

        :schema: GitRepositorySpecProxySecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__acb4eb2af9e9d0651d1b218196d9451b68c2c778f4eb39fcbdc0905710ac94cf)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: GitRepositorySpecProxySecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecProxySecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecRef",
    jsii_struct_bases=[],
    name_mapping={
        "branch": "branch",
        "commit": "commit",
        "name": "name",
        "semver": "semver",
        "tag": "tag",
    },
)
class GitRepositorySpecRef:
    def __init__(
        self,
        *,
        branch: typing.Optional[builtins.str] = None,
        commit: typing.Optional[builtins.str] = None,
        name: typing.Optional[builtins.str] = None,
        semver: typing.Optional[builtins.str] = None,
        tag: typing.Optional[builtins.str] = None,
    ) -> None:
        '''Reference specifies the Git reference to resolve and monitor for changes, defaults to the 'master' branch.

        :param branch: Branch to check out, defaults to 'master' if no other field is defined.
        :param commit: Commit SHA to check out, takes precedence over all reference fields. This can be combined with Branch to shallow clone the branch, in which the commit is expected to exist.
        :param name: Name of the reference to check out; takes precedence over Branch, Tag and SemVer. It must be a valid Git reference: https://git-scm.com/docs/git-check-ref-format#_description Examples: "refs/heads/main", "refs/tags/v0.1.0", "refs/pull/420/head", "refs/merge-requests/1/head"
        :param semver: SemVer tag expression to check out, takes precedence over Tag.
        :param tag: Tag to check out, takes precedence over Branch.

        :schema: GitRepositorySpecRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4d650e46f6bba03888b605a047eb19260cc0dd0b5ade9924695e958a37823c38)
            check_type(argname="argument branch", value=branch, expected_type=type_hints["branch"])
            check_type(argname="argument commit", value=commit, expected_type=type_hints["commit"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument semver", value=semver, expected_type=type_hints["semver"])
            check_type(argname="argument tag", value=tag, expected_type=type_hints["tag"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if branch is not None:
            self._values["branch"] = branch
        if commit is not None:
            self._values["commit"] = commit
        if name is not None:
            self._values["name"] = name
        if semver is not None:
            self._values["semver"] = semver
        if tag is not None:
            self._values["tag"] = tag

    @builtins.property
    def branch(self) -> typing.Optional[builtins.str]:
        '''Branch to check out, defaults to 'master' if no other field is defined.

        :schema: GitRepositorySpecRef#branch
        '''
        result = self._values.get("branch")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def commit(self) -> typing.Optional[builtins.str]:
        '''Commit SHA to check out, takes precedence over all reference fields.

        This can be combined with Branch to shallow clone the branch, in which
        the commit is expected to exist.

        :schema: GitRepositorySpecRef#commit
        '''
        result = self._values.get("commit")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name of the reference to check out; takes precedence over Branch, Tag and SemVer.

        It must be a valid Git reference: https://git-scm.com/docs/git-check-ref-format#_description
        Examples: "refs/heads/main", "refs/tags/v0.1.0", "refs/pull/420/head", "refs/merge-requests/1/head"

        :schema: GitRepositorySpecRef#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def semver(self) -> typing.Optional[builtins.str]:
        '''SemVer tag expression to check out, takes precedence over Tag.

        :schema: GitRepositorySpecRef#semver
        '''
        result = self._values.get("semver")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tag(self) -> typing.Optional[builtins.str]:
        '''Tag to check out, takes precedence over Branch.

        :schema: GitRepositorySpecRef#tag
        '''
        result = self._values.get("tag")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class GitRepositorySpecSecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''SecretRef specifies the Secret containing authentication credentials for the GitRepository.

        For HTTPS repositories the Secret must contain 'username' and 'password'
        fields for basic auth or 'bearerToken' field for token auth.
        For SSH repositories the Secret must contain 'identity'
        and 'known_hosts' fields.

        :param name: Name of the referent.

        :schema: GitRepositorySpecSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d59765030e1a157d1c23352362f7ebc40eb07ee8ff552d1e8103c4d36bd6e0d0)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: GitRepositorySpecSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecVerify",
    jsii_struct_bases=[],
    name_mapping={"secret_ref": "secretRef", "mode": "mode"},
)
class GitRepositorySpecVerify:
    def __init__(
        self,
        *,
        secret_ref: typing.Union["GitRepositorySpecVerifySecretRef", typing.Dict[builtins.str, typing.Any]],
        mode: typing.Optional["GitRepositorySpecVerifyMode"] = None,
    ) -> None:
        '''Verification specifies the configuration to verify the Git commit signature(s).

        :param secret_ref: SecretRef specifies the Secret containing the public keys of trusted Git authors. PGP public keys must be stored under keys with the .asc suffix, and SSH public keys must be stored under keys with the .sshpub suffix.
        :param mode: Mode specifies which Git object(s) should be verified. The variants "head" and "HEAD" both imply the same thing, i.e. verify the commit that the HEAD of the Git repository points to. The variant "head" solely exists to ensure backwards compatibility.

        :schema: GitRepositorySpecVerify
        '''
        if isinstance(secret_ref, dict):
            secret_ref = GitRepositorySpecVerifySecretRef(**secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__dad47e1b13f2d15c4a755d0e74142df04fc08fd2886c69a69d90e1824308f621)
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
            check_type(argname="argument mode", value=mode, expected_type=type_hints["mode"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_ref": secret_ref,
        }
        if mode is not None:
            self._values["mode"] = mode

    @builtins.property
    def secret_ref(self) -> "GitRepositorySpecVerifySecretRef":
        '''SecretRef specifies the Secret containing the public keys of trusted Git authors.

        PGP public keys must be stored under keys with the .asc suffix,
        and SSH public keys must be stored under keys with the .sshpub suffix.

        :schema: GitRepositorySpecVerify#secretRef
        '''
        result = self._values.get("secret_ref")
        assert result is not None, "Required property 'secret_ref' is missing"
        return typing.cast("GitRepositorySpecVerifySecretRef", result)

    @builtins.property
    def mode(self) -> typing.Optional["GitRepositorySpecVerifyMode"]:
        '''Mode specifies which Git object(s) should be verified.

        The variants "head" and "HEAD" both imply the same thing, i.e. verify
        the commit that the HEAD of the Git repository points to. The variant
        "head" solely exists to ensure backwards compatibility.

        :schema: GitRepositorySpecVerify#mode
        '''
        result = self._values.get("mode")
        return typing.cast(typing.Optional["GitRepositorySpecVerifyMode"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecVerify(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecVerifyMode")
class GitRepositorySpecVerifyMode(enum.Enum):
    '''Mode specifies which Git object(s) should be verified.

    The variants "head" and "HEAD" both imply the same thing, i.e. verify
    the commit that the HEAD of the Git repository points to. The variant
    "head" solely exists to ensure backwards compatibility.

    :schema: GitRepositorySpecVerifyMode
    '''

    HEAD = "HEAD"
    '''head.'''
    TAG = "TAG"
    '''Tag.'''
    TAG_AND_HEAD = "TAG_AND_HEAD"
    '''TagAndHEAD.'''


@jsii.data_type(
    jsii_type="flux_git_iofluxcdtoolkitsource.GitRepositorySpecVerifySecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class GitRepositorySpecVerifySecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''SecretRef specifies the Secret containing the public keys of trusted Git authors.

        PGP public keys must be stored under keys with the .asc suffix,
        and SSH public keys must be stored under keys with the .sshpub suffix.

        :param name: Name of the referent.

        :schema: GitRepositorySpecVerifySecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0e4650242b5ce1d064a4e003efde6adf98877cd1388938f8f74af67f043ce815)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: GitRepositorySpecVerifySecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "GitRepositorySpecVerifySecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "GitRepository",
    "GitRepositoryProps",
    "GitRepositorySpec",
    "GitRepositorySpecInclude",
    "GitRepositorySpecIncludeRepository",
    "GitRepositorySpecProvider",
    "GitRepositorySpecProxySecretRef",
    "GitRepositorySpecRef",
    "GitRepositorySpecSecretRef",
    "GitRepositorySpecVerify",
    "GitRepositorySpecVerifyMode",
    "GitRepositorySpecVerifySecretRef",
]

publication.publish()

def _typecheckingstub__ed5a1e8508d0b812a2dcb1fb9b08a4318cc6d05f1d36d5591d6ce55230766969(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[GitRepositorySpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__440d8653678827d43bb8bfd2aa1d4c2c11198c55a59e595ee388947d37f5fee1(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[GitRepositorySpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__db0712a0eafcf2d2d45a26a2484c5528102f59457804a26bd44f5ab6c7d8cbc2(
    *,
    interval: builtins.str,
    url: builtins.str,
    ignore: typing.Optional[builtins.str] = None,
    include: typing.Optional[typing.Sequence[typing.Union[GitRepositorySpecInclude, typing.Dict[builtins.str, typing.Any]]]] = None,
    provider: typing.Optional[GitRepositorySpecProvider] = None,
    proxy_secret_ref: typing.Optional[typing.Union[GitRepositorySpecProxySecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    recurse_submodules: typing.Optional[builtins.bool] = None,
    ref: typing.Optional[typing.Union[GitRepositorySpecRef, typing.Dict[builtins.str, typing.Any]]] = None,
    secret_ref: typing.Optional[typing.Union[GitRepositorySpecSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    service_account_name: typing.Optional[builtins.str] = None,
    sparse_checkout: typing.Optional[typing.Sequence[builtins.str]] = None,
    suspend: typing.Optional[builtins.bool] = None,
    timeout: typing.Optional[builtins.str] = None,
    verify: typing.Optional[typing.Union[GitRepositorySpecVerify, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9a20b6d38f16b0b07e5370604d8a0e5e54febc798aafad4ab1f0afa046c458af(
    *,
    repository: typing.Union[GitRepositorySpecIncludeRepository, typing.Dict[builtins.str, typing.Any]],
    from_path: typing.Optional[builtins.str] = None,
    to_path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__edf89452a9541d7e5a72b44772a47142705b5c1a794d4bd9a6c8aadca84a3836(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__acb4eb2af9e9d0651d1b218196d9451b68c2c778f4eb39fcbdc0905710ac94cf(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4d650e46f6bba03888b605a047eb19260cc0dd0b5ade9924695e958a37823c38(
    *,
    branch: typing.Optional[builtins.str] = None,
    commit: typing.Optional[builtins.str] = None,
    name: typing.Optional[builtins.str] = None,
    semver: typing.Optional[builtins.str] = None,
    tag: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d59765030e1a157d1c23352362f7ebc40eb07ee8ff552d1e8103c4d36bd6e0d0(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__dad47e1b13f2d15c4a755d0e74142df04fc08fd2886c69a69d90e1824308f621(
    *,
    secret_ref: typing.Union[GitRepositorySpecVerifySecretRef, typing.Dict[builtins.str, typing.Any]],
    mode: typing.Optional[GitRepositorySpecVerifyMode] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0e4650242b5ce1d064a4e003efde6adf98877cd1388938f8f74af67f043ce815(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass
