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


class OciRepository(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepository",
):
    '''OCIRepository is the Schema for the ocirepositories API.

    :schema: OCIRepository
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["OciRepositorySpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "OCIRepository" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: OCIRepositorySpec defines the desired state of OCIRepository.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3b36adde01528127d008af71ed39c9edc84690f0436f0ff3d723290178974d23)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = OciRepositoryProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["OciRepositorySpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "OCIRepository".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: OCIRepositorySpec defines the desired state of OCIRepository.
        '''
        props = OciRepositoryProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "OCIRepository".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositoryProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class OciRepositoryProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["OciRepositorySpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''OCIRepository is the Schema for the ocirepositories API.

        :param metadata: 
        :param spec: OCIRepositorySpec defines the desired state of OCIRepository.

        :schema: OCIRepository
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = OciRepositorySpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ccb4bd84540db5c446720fab388cbba4b35be5b481a870e1c3e2f076e27c98e2)
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
        :schema: OCIRepository#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["OciRepositorySpec"]:
        '''OCIRepositorySpec defines the desired state of OCIRepository.

        :schema: OCIRepository#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["OciRepositorySpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositoryProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpec",
    jsii_struct_bases=[],
    name_mapping={
        "interval": "interval",
        "url": "url",
        "cert_secret_ref": "certSecretRef",
        "ignore": "ignore",
        "insecure": "insecure",
        "layer_selector": "layerSelector",
        "provider": "provider",
        "proxy_secret_ref": "proxySecretRef",
        "ref": "ref",
        "secret_ref": "secretRef",
        "service_account_name": "serviceAccountName",
        "suspend": "suspend",
        "timeout": "timeout",
        "verify": "verify",
    },
)
class OciRepositorySpec:
    def __init__(
        self,
        *,
        interval: builtins.str,
        url: builtins.str,
        cert_secret_ref: typing.Optional[typing.Union["OciRepositorySpecCertSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        ignore: typing.Optional[builtins.str] = None,
        insecure: typing.Optional[builtins.bool] = None,
        layer_selector: typing.Optional[typing.Union["OciRepositorySpecLayerSelector", typing.Dict[builtins.str, typing.Any]]] = None,
        provider: typing.Optional["OciRepositorySpecProvider"] = None,
        proxy_secret_ref: typing.Optional[typing.Union["OciRepositorySpecProxySecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        ref: typing.Optional[typing.Union["OciRepositorySpecRef", typing.Dict[builtins.str, typing.Any]]] = None,
        secret_ref: typing.Optional[typing.Union["OciRepositorySpecSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        service_account_name: typing.Optional[builtins.str] = None,
        suspend: typing.Optional[builtins.bool] = None,
        timeout: typing.Optional[builtins.str] = None,
        verify: typing.Optional[typing.Union["OciRepositorySpecVerify", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''OCIRepositorySpec defines the desired state of OCIRepository.

        :param interval: Interval at which the OCIRepository URL is checked for updates. This interval is approximate and may be subject to jitter to ensure efficient use of resources.
        :param url: URL is a reference to an OCI artifact repository hosted on a remote container registry.
        :param cert_secret_ref: CertSecretRef can be given the name of a Secret containing either or both of. - a PEM-encoded client certificate (``tls.crt``) and private key (``tls.key``); - a PEM-encoded CA certificate (``ca.crt``) and whichever are supplied, will be used for connecting to the registry. The client cert and key are useful if you are authenticating with a certificate; the CA cert is useful if you are using a self-signed server certificate. The Secret must be of type ``Opaque`` or ``kubernetes.io/tls``.
        :param ignore: Ignore overrides the set of excluded patterns in the .sourceignore format (which is the same as .gitignore). If not provided, a default will be used, consult the documentation for your version to find out what those are.
        :param insecure: Insecure allows connecting to a non-TLS HTTP container registry.
        :param layer_selector: LayerSelector specifies which layer should be extracted from the OCI artifact. When not specified, the first layer found in the artifact is selected.
        :param provider: The provider used for authentication, can be 'aws', 'azure', 'gcp' or 'generic'. When not specified, defaults to 'generic'.
        :param proxy_secret_ref: ProxySecretRef specifies the Secret containing the proxy configuration to use while communicating with the container registry.
        :param ref: The OCI reference to pull and monitor for changes, defaults to the latest tag.
        :param secret_ref: SecretRef contains the secret name containing the registry login credentials to resolve image metadata. The secret must be of type kubernetes.io/dockerconfigjson.
        :param service_account_name: ServiceAccountName is the name of the Kubernetes ServiceAccount used to authenticate the image pull if the service account has attached pull secrets. For more information: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/#add-imagepullsecrets-to-a-service-account
        :param suspend: This flag tells the controller to suspend the reconciliation of this source.
        :param timeout: The timeout for remote OCI Repository operations like pulling, defaults to 60s.
        :param verify: Verify contains the secret name containing the trusted public keys used to verify the signature and specifies which provider to use to check whether OCI image is authentic.

        :schema: OciRepositorySpec
        '''
        if isinstance(cert_secret_ref, dict):
            cert_secret_ref = OciRepositorySpecCertSecretRef(**cert_secret_ref)
        if isinstance(layer_selector, dict):
            layer_selector = OciRepositorySpecLayerSelector(**layer_selector)
        if isinstance(proxy_secret_ref, dict):
            proxy_secret_ref = OciRepositorySpecProxySecretRef(**proxy_secret_ref)
        if isinstance(ref, dict):
            ref = OciRepositorySpecRef(**ref)
        if isinstance(secret_ref, dict):
            secret_ref = OciRepositorySpecSecretRef(**secret_ref)
        if isinstance(verify, dict):
            verify = OciRepositorySpecVerify(**verify)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a2d74dee80d463a1d4918816cac237bfb038623e61b5f1d8376618ea0463e962)
            check_type(argname="argument interval", value=interval, expected_type=type_hints["interval"])
            check_type(argname="argument url", value=url, expected_type=type_hints["url"])
            check_type(argname="argument cert_secret_ref", value=cert_secret_ref, expected_type=type_hints["cert_secret_ref"])
            check_type(argname="argument ignore", value=ignore, expected_type=type_hints["ignore"])
            check_type(argname="argument insecure", value=insecure, expected_type=type_hints["insecure"])
            check_type(argname="argument layer_selector", value=layer_selector, expected_type=type_hints["layer_selector"])
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument proxy_secret_ref", value=proxy_secret_ref, expected_type=type_hints["proxy_secret_ref"])
            check_type(argname="argument ref", value=ref, expected_type=type_hints["ref"])
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
            check_type(argname="argument suspend", value=suspend, expected_type=type_hints["suspend"])
            check_type(argname="argument timeout", value=timeout, expected_type=type_hints["timeout"])
            check_type(argname="argument verify", value=verify, expected_type=type_hints["verify"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "interval": interval,
            "url": url,
        }
        if cert_secret_ref is not None:
            self._values["cert_secret_ref"] = cert_secret_ref
        if ignore is not None:
            self._values["ignore"] = ignore
        if insecure is not None:
            self._values["insecure"] = insecure
        if layer_selector is not None:
            self._values["layer_selector"] = layer_selector
        if provider is not None:
            self._values["provider"] = provider
        if proxy_secret_ref is not None:
            self._values["proxy_secret_ref"] = proxy_secret_ref
        if ref is not None:
            self._values["ref"] = ref
        if secret_ref is not None:
            self._values["secret_ref"] = secret_ref
        if service_account_name is not None:
            self._values["service_account_name"] = service_account_name
        if suspend is not None:
            self._values["suspend"] = suspend
        if timeout is not None:
            self._values["timeout"] = timeout
        if verify is not None:
            self._values["verify"] = verify

    @builtins.property
    def interval(self) -> builtins.str:
        '''Interval at which the OCIRepository URL is checked for updates.

        This interval is approximate and may be subject to jitter to ensure
        efficient use of resources.

        :schema: OciRepositorySpec#interval
        '''
        result = self._values.get("interval")
        assert result is not None, "Required property 'interval' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def url(self) -> builtins.str:
        '''URL is a reference to an OCI artifact repository hosted on a remote container registry.

        :schema: OciRepositorySpec#url
        '''
        result = self._values.get("url")
        assert result is not None, "Required property 'url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def cert_secret_ref(self) -> typing.Optional["OciRepositorySpecCertSecretRef"]:
        '''CertSecretRef can be given the name of a Secret containing either or both of.

        - a PEM-encoded client certificate (``tls.crt``) and private
          key (``tls.key``);
        - a PEM-encoded CA certificate (``ca.crt``)

        and whichever are supplied, will be used for connecting to the
        registry. The client cert and key are useful if you are
        authenticating with a certificate; the CA cert is useful if
        you are using a self-signed server certificate. The Secret must
        be of type ``Opaque`` or ``kubernetes.io/tls``.

        :schema: OciRepositorySpec#certSecretRef
        '''
        result = self._values.get("cert_secret_ref")
        return typing.cast(typing.Optional["OciRepositorySpecCertSecretRef"], result)

    @builtins.property
    def ignore(self) -> typing.Optional[builtins.str]:
        '''Ignore overrides the set of excluded patterns in the .sourceignore format (which is the same as .gitignore). If not provided, a default will be used, consult the documentation for your version to find out what those are.

        :schema: OciRepositorySpec#ignore
        '''
        result = self._values.get("ignore")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def insecure(self) -> typing.Optional[builtins.bool]:
        '''Insecure allows connecting to a non-TLS HTTP container registry.

        :schema: OciRepositorySpec#insecure
        '''
        result = self._values.get("insecure")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def layer_selector(self) -> typing.Optional["OciRepositorySpecLayerSelector"]:
        '''LayerSelector specifies which layer should be extracted from the OCI artifact.

        When not specified, the first layer found in the artifact is selected.

        :schema: OciRepositorySpec#layerSelector
        '''
        result = self._values.get("layer_selector")
        return typing.cast(typing.Optional["OciRepositorySpecLayerSelector"], result)

    @builtins.property
    def provider(self) -> typing.Optional["OciRepositorySpecProvider"]:
        '''The provider used for authentication, can be 'aws', 'azure', 'gcp' or 'generic'.

        When not specified, defaults to 'generic'.

        :schema: OciRepositorySpec#provider
        '''
        result = self._values.get("provider")
        return typing.cast(typing.Optional["OciRepositorySpecProvider"], result)

    @builtins.property
    def proxy_secret_ref(self) -> typing.Optional["OciRepositorySpecProxySecretRef"]:
        '''ProxySecretRef specifies the Secret containing the proxy configuration to use while communicating with the container registry.

        :schema: OciRepositorySpec#proxySecretRef
        '''
        result = self._values.get("proxy_secret_ref")
        return typing.cast(typing.Optional["OciRepositorySpecProxySecretRef"], result)

    @builtins.property
    def ref(self) -> typing.Optional["OciRepositorySpecRef"]:
        '''The OCI reference to pull and monitor for changes, defaults to the latest tag.

        :schema: OciRepositorySpec#ref
        '''
        result = self._values.get("ref")
        return typing.cast(typing.Optional["OciRepositorySpecRef"], result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["OciRepositorySpecSecretRef"]:
        '''SecretRef contains the secret name containing the registry login credentials to resolve image metadata.

        The secret must be of type kubernetes.io/dockerconfigjson.

        :schema: OciRepositorySpec#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["OciRepositorySpecSecretRef"], result)

    @builtins.property
    def service_account_name(self) -> typing.Optional[builtins.str]:
        '''ServiceAccountName is the name of the Kubernetes ServiceAccount used to authenticate the image pull if the service account has attached pull secrets.

        For more information:
        https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/#add-imagepullsecrets-to-a-service-account

        :schema: OciRepositorySpec#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def suspend(self) -> typing.Optional[builtins.bool]:
        '''This flag tells the controller to suspend the reconciliation of this source.

        :schema: OciRepositorySpec#suspend
        '''
        result = self._values.get("suspend")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def timeout(self) -> typing.Optional[builtins.str]:
        '''The timeout for remote OCI Repository operations like pulling, defaults to 60s.

        :schema: OciRepositorySpec#timeout
        '''
        result = self._values.get("timeout")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def verify(self) -> typing.Optional["OciRepositorySpecVerify"]:
        '''Verify contains the secret name containing the trusted public keys used to verify the signature and specifies which provider to use to check whether OCI image is authentic.

        :schema: OciRepositorySpec#verify
        '''
        result = self._values.get("verify")
        return typing.cast(typing.Optional["OciRepositorySpecVerify"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecCertSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class OciRepositorySpecCertSecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''CertSecretRef can be given the name of a Secret containing either or both of.

        - a PEM-encoded client certificate (``tls.crt``) and private
          key (``tls.key``);
        - a PEM-encoded CA certificate (``ca.crt``)

        and whichever are supplied, will be used for connecting to the
        registry. The client cert and key are useful if you are
        authenticating with a certificate; the CA cert is useful if
        you are using a self-signed server certificate. The Secret must
        be of type ``Opaque`` or ``kubernetes.io/tls``.

        :param name: Name of the referent.

        :schema: OciRepositorySpecCertSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__966ee63733caf124c92116a9116512eea039fe31ffd743a89c55d360016918c7)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: OciRepositorySpecCertSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecCertSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecLayerSelector",
    jsii_struct_bases=[],
    name_mapping={"media_type": "mediaType", "operation": "operation"},
)
class OciRepositorySpecLayerSelector:
    def __init__(
        self,
        *,
        media_type: typing.Optional[builtins.str] = None,
        operation: typing.Optional["OciRepositorySpecLayerSelectorOperation"] = None,
    ) -> None:
        '''LayerSelector specifies which layer should be extracted from the OCI artifact.

        When not specified, the first layer found in the artifact is selected.

        :param media_type: MediaType specifies the OCI media type of the layer which should be extracted from the OCI Artifact. The first layer matching this type is selected.
        :param operation: Operation specifies how the selected layer should be processed. By default, the layer compressed content is extracted to storage. When the operation is set to 'copy', the layer compressed content is persisted to storage as it is.

        :schema: OciRepositorySpecLayerSelector
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0827da1485e279f509929f09832976949aa885e82479025d8011d20611070bf9)
            check_type(argname="argument media_type", value=media_type, expected_type=type_hints["media_type"])
            check_type(argname="argument operation", value=operation, expected_type=type_hints["operation"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if media_type is not None:
            self._values["media_type"] = media_type
        if operation is not None:
            self._values["operation"] = operation

    @builtins.property
    def media_type(self) -> typing.Optional[builtins.str]:
        '''MediaType specifies the OCI media type of the layer which should be extracted from the OCI Artifact.

        The
        first layer matching this type is selected.

        :schema: OciRepositorySpecLayerSelector#mediaType
        '''
        result = self._values.get("media_type")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def operation(self) -> typing.Optional["OciRepositorySpecLayerSelectorOperation"]:
        '''Operation specifies how the selected layer should be processed.

        By default, the layer compressed content is extracted to storage.
        When the operation is set to 'copy', the layer compressed content
        is persisted to storage as it is.

        :schema: OciRepositorySpecLayerSelector#operation
        '''
        result = self._values.get("operation")
        return typing.cast(typing.Optional["OciRepositorySpecLayerSelectorOperation"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecLayerSelector(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecLayerSelectorOperation"
)
class OciRepositorySpecLayerSelectorOperation(enum.Enum):
    '''Operation specifies how the selected layer should be processed.

    By default, the layer compressed content is extracted to storage.
    When the operation is set to 'copy', the layer compressed content
    is persisted to storage as it is.

    :schema: OciRepositorySpecLayerSelectorOperation
    '''

    EXTRACT = "EXTRACT"
    '''extract.'''
    COPY = "COPY"
    '''copy.'''


@jsii.enum(jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecProvider")
class OciRepositorySpecProvider(enum.Enum):
    '''The provider used for authentication, can be 'aws', 'azure', 'gcp' or 'generic'.

    When not specified, defaults to 'generic'.

    :schema: OciRepositorySpecProvider
    '''

    GENERIC = "GENERIC"
    '''generic.'''
    AWS = "AWS"
    '''aws.'''
    AZURE = "AZURE"
    '''azure.'''
    GCP = "GCP"
    '''gcp.'''


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecProxySecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class OciRepositorySpecProxySecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''ProxySecretRef specifies the Secret containing the proxy configuration to use while communicating with the container registry.

        :param name: Name of the referent.

        :schema: OciRepositorySpecProxySecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ea9a117943985fe991db3fcb627cdb1e3bd287eaea2931f145a3877965e22d8f)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: OciRepositorySpecProxySecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecProxySecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecRef",
    jsii_struct_bases=[],
    name_mapping={
        "digest": "digest",
        "semver": "semver",
        "semver_filter": "semverFilter",
        "tag": "tag",
    },
)
class OciRepositorySpecRef:
    def __init__(
        self,
        *,
        digest: typing.Optional[builtins.str] = None,
        semver: typing.Optional[builtins.str] = None,
        semver_filter: typing.Optional[builtins.str] = None,
        tag: typing.Optional[builtins.str] = None,
    ) -> None:
        '''The OCI reference to pull and monitor for changes, defaults to the latest tag.

        :param digest: Digest is the image digest to pull, takes precedence over SemVer. The value should be in the format 'sha256:'.
        :param semver: SemVer is the range of tags to pull selecting the latest within the range, takes precedence over Tag.
        :param semver_filter: SemverFilter is a regex pattern to filter the tags within the SemVer range.
        :param tag: Tag is the image tag to pull, defaults to latest.

        :schema: OciRepositorySpecRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4aa0e04a5cdb8fff6f713fecb7d3ee3d4641d7313e808631404d42455f1bb07f)
            check_type(argname="argument digest", value=digest, expected_type=type_hints["digest"])
            check_type(argname="argument semver", value=semver, expected_type=type_hints["semver"])
            check_type(argname="argument semver_filter", value=semver_filter, expected_type=type_hints["semver_filter"])
            check_type(argname="argument tag", value=tag, expected_type=type_hints["tag"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if digest is not None:
            self._values["digest"] = digest
        if semver is not None:
            self._values["semver"] = semver
        if semver_filter is not None:
            self._values["semver_filter"] = semver_filter
        if tag is not None:
            self._values["tag"] = tag

    @builtins.property
    def digest(self) -> typing.Optional[builtins.str]:
        '''Digest is the image digest to pull, takes precedence over SemVer.

        The value should be in the format 'sha256:'.

        :schema: OciRepositorySpecRef#digest
        '''
        result = self._values.get("digest")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def semver(self) -> typing.Optional[builtins.str]:
        '''SemVer is the range of tags to pull selecting the latest within the range, takes precedence over Tag.

        :schema: OciRepositorySpecRef#semver
        '''
        result = self._values.get("semver")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def semver_filter(self) -> typing.Optional[builtins.str]:
        '''SemverFilter is a regex pattern to filter the tags within the SemVer range.

        :schema: OciRepositorySpecRef#semverFilter
        '''
        result = self._values.get("semver_filter")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tag(self) -> typing.Optional[builtins.str]:
        '''Tag is the image tag to pull, defaults to latest.

        :schema: OciRepositorySpecRef#tag
        '''
        result = self._values.get("tag")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class OciRepositorySpecSecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''SecretRef contains the secret name containing the registry login credentials to resolve image metadata.

        The secret must be of type kubernetes.io/dockerconfigjson.

        :param name: Name of the referent.

        :schema: OciRepositorySpecSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e68ae28ee7d76d23d076df1af2fdec1083fbc54122a1051240cb129fe59955fe)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: OciRepositorySpecSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecVerify",
    jsii_struct_bases=[],
    name_mapping={
        "provider": "provider",
        "match_oidc_identity": "matchOidcIdentity",
        "secret_ref": "secretRef",
        "trusted_root_secret_ref": "trustedRootSecretRef",
    },
)
class OciRepositorySpecVerify:
    def __init__(
        self,
        *,
        provider: "OciRepositorySpecVerifyProvider",
        match_oidc_identity: typing.Optional[typing.Sequence[typing.Union["OciRepositorySpecVerifyMatchOidcIdentity", typing.Dict[builtins.str, typing.Any]]]] = None,
        secret_ref: typing.Optional[typing.Union["OciRepositorySpecVerifySecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
        trusted_root_secret_ref: typing.Optional[typing.Union["OciRepositorySpecVerifyTrustedRootSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Verify contains the secret name containing the trusted public keys used to verify the signature and specifies which provider to use to check whether OCI image is authentic.

        :param provider: Provider specifies the technology used to sign the OCI Artifact.
        :param match_oidc_identity: MatchOIDCIdentity specifies the identity matching criteria to use while verifying an OCI artifact which was signed using Cosign keyless signing. The artifact's identity is deemed to be verified if any of the specified matchers match against the identity.
        :param secret_ref: SecretRef specifies the Kubernetes Secret containing the trusted public keys.
        :param trusted_root_secret_ref: TrustedRootSecretRef specifies the Kubernetes Secret containing a Sigstore trusted_root.json file. This enables verification against self-hosted Sigstore infrastructure (custom Fulcio CA, self-hosted Rekor instance). The Secret must contain a key named "trusted_root.json".

        :schema: OciRepositorySpecVerify
        '''
        if isinstance(secret_ref, dict):
            secret_ref = OciRepositorySpecVerifySecretRef(**secret_ref)
        if isinstance(trusted_root_secret_ref, dict):
            trusted_root_secret_ref = OciRepositorySpecVerifyTrustedRootSecretRef(**trusted_root_secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e5c3cd07bd282d7938626e924530c58fe93ade1cbe30f241f8f4fd140d42a3ea)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument match_oidc_identity", value=match_oidc_identity, expected_type=type_hints["match_oidc_identity"])
            check_type(argname="argument secret_ref", value=secret_ref, expected_type=type_hints["secret_ref"])
            check_type(argname="argument trusted_root_secret_ref", value=trusted_root_secret_ref, expected_type=type_hints["trusted_root_secret_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if match_oidc_identity is not None:
            self._values["match_oidc_identity"] = match_oidc_identity
        if secret_ref is not None:
            self._values["secret_ref"] = secret_ref
        if trusted_root_secret_ref is not None:
            self._values["trusted_root_secret_ref"] = trusted_root_secret_ref

    @builtins.property
    def provider(self) -> "OciRepositorySpecVerifyProvider":
        '''Provider specifies the technology used to sign the OCI Artifact.

        :schema: OciRepositorySpecVerify#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("OciRepositorySpecVerifyProvider", result)

    @builtins.property
    def match_oidc_identity(
        self,
    ) -> typing.Optional[typing.List["OciRepositorySpecVerifyMatchOidcIdentity"]]:
        '''MatchOIDCIdentity specifies the identity matching criteria to use while verifying an OCI artifact which was signed using Cosign keyless signing.

        The artifact's identity is deemed to be verified if any of the
        specified matchers match against the identity.

        :schema: OciRepositorySpecVerify#matchOIDCIdentity
        '''
        result = self._values.get("match_oidc_identity")
        return typing.cast(typing.Optional[typing.List["OciRepositorySpecVerifyMatchOidcIdentity"]], result)

    @builtins.property
    def secret_ref(self) -> typing.Optional["OciRepositorySpecVerifySecretRef"]:
        '''SecretRef specifies the Kubernetes Secret containing the trusted public keys.

        :schema: OciRepositorySpecVerify#secretRef
        '''
        result = self._values.get("secret_ref")
        return typing.cast(typing.Optional["OciRepositorySpecVerifySecretRef"], result)

    @builtins.property
    def trusted_root_secret_ref(
        self,
    ) -> typing.Optional["OciRepositorySpecVerifyTrustedRootSecretRef"]:
        '''TrustedRootSecretRef specifies the Kubernetes Secret containing a Sigstore trusted_root.json file. This enables verification against self-hosted Sigstore infrastructure (custom Fulcio CA, self-hosted Rekor instance). The Secret must contain a key named "trusted_root.json".

        :schema: OciRepositorySpecVerify#trustedRootSecretRef
        '''
        result = self._values.get("trusted_root_secret_ref")
        return typing.cast(typing.Optional["OciRepositorySpecVerifyTrustedRootSecretRef"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecVerify(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecVerifyMatchOidcIdentity",
    jsii_struct_bases=[],
    name_mapping={"issuer": "issuer", "subject": "subject"},
)
class OciRepositorySpecVerifyMatchOidcIdentity:
    def __init__(self, *, issuer: builtins.str, subject: builtins.str) -> None:
        '''OIDCIdentityMatch specifies options for verifying the certificate identity, i.e. the issuer and the subject of the certificate.

        :param issuer: Issuer specifies the regex pattern to match against to verify the OIDC issuer in the Fulcio certificate. The pattern must be a valid Go regular expression.
        :param subject: Subject specifies the regex pattern to match against to verify the identity subject in the Fulcio certificate. The pattern must be a valid Go regular expression.

        :schema: OciRepositorySpecVerifyMatchOidcIdentity
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__040b662fb7295c111c7d32e99628fa956b20d45004b37b5eab755f973a84e157)
            check_type(argname="argument issuer", value=issuer, expected_type=type_hints["issuer"])
            check_type(argname="argument subject", value=subject, expected_type=type_hints["subject"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "issuer": issuer,
            "subject": subject,
        }

    @builtins.property
    def issuer(self) -> builtins.str:
        '''Issuer specifies the regex pattern to match against to verify the OIDC issuer in the Fulcio certificate.

        The pattern must be a
        valid Go regular expression.

        :schema: OciRepositorySpecVerifyMatchOidcIdentity#issuer
        '''
        result = self._values.get("issuer")
        assert result is not None, "Required property 'issuer' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def subject(self) -> builtins.str:
        '''Subject specifies the regex pattern to match against to verify the identity subject in the Fulcio certificate.

        The pattern must
        be a valid Go regular expression.

        :schema: OciRepositorySpecVerifyMatchOidcIdentity#subject
        '''
        result = self._values.get("subject")
        assert result is not None, "Required property 'subject' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecVerifyMatchOidcIdentity(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecVerifyProvider"
)
class OciRepositorySpecVerifyProvider(enum.Enum):
    '''Provider specifies the technology used to sign the OCI Artifact.

    :schema: OciRepositorySpecVerifyProvider
    '''

    COSIGN = "COSIGN"
    '''cosign.'''
    NOTATION = "NOTATION"
    '''notation.'''


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecVerifySecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class OciRepositorySpecVerifySecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''SecretRef specifies the Kubernetes Secret containing the trusted public keys.

        :param name: Name of the referent.

        :schema: OciRepositorySpecVerifySecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f7f672838860e39183aedd9d803d3d555f996983c08c3954e1d29c91bae7e23a)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: OciRepositorySpecVerifySecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecVerifySecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="flux_source_iofluxcdtoolkitsource.OciRepositorySpecVerifyTrustedRootSecretRef",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class OciRepositorySpecVerifyTrustedRootSecretRef:
    def __init__(self, *, name: builtins.str) -> None:
        '''TrustedRootSecretRef specifies the Kubernetes Secret containing a Sigstore trusted_root.json file. This enables verification against self-hosted Sigstore infrastructure (custom Fulcio CA, self-hosted Rekor instance). The Secret must contain a key named "trusted_root.json".

        :param name: Name of the referent.

        :schema: OciRepositorySpecVerifyTrustedRootSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7872e98ec6c4d8734442cf26b0db4e2094d3e11f6d63565dd2c9fee5e255552b)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''Name of the referent.

        :schema: OciRepositorySpecVerifyTrustedRootSecretRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "OciRepositorySpecVerifyTrustedRootSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "OciRepository",
    "OciRepositoryProps",
    "OciRepositorySpec",
    "OciRepositorySpecCertSecretRef",
    "OciRepositorySpecLayerSelector",
    "OciRepositorySpecLayerSelectorOperation",
    "OciRepositorySpecProvider",
    "OciRepositorySpecProxySecretRef",
    "OciRepositorySpecRef",
    "OciRepositorySpecSecretRef",
    "OciRepositorySpecVerify",
    "OciRepositorySpecVerifyMatchOidcIdentity",
    "OciRepositorySpecVerifyProvider",
    "OciRepositorySpecVerifySecretRef",
    "OciRepositorySpecVerifyTrustedRootSecretRef",
]

publication.publish()

def _typecheckingstub__3b36adde01528127d008af71ed39c9edc84690f0436f0ff3d723290178974d23(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[OciRepositorySpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ccb4bd84540db5c446720fab388cbba4b35be5b481a870e1c3e2f076e27c98e2(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[OciRepositorySpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a2d74dee80d463a1d4918816cac237bfb038623e61b5f1d8376618ea0463e962(
    *,
    interval: builtins.str,
    url: builtins.str,
    cert_secret_ref: typing.Optional[typing.Union[OciRepositorySpecCertSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    ignore: typing.Optional[builtins.str] = None,
    insecure: typing.Optional[builtins.bool] = None,
    layer_selector: typing.Optional[typing.Union[OciRepositorySpecLayerSelector, typing.Dict[builtins.str, typing.Any]]] = None,
    provider: typing.Optional[OciRepositorySpecProvider] = None,
    proxy_secret_ref: typing.Optional[typing.Union[OciRepositorySpecProxySecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    ref: typing.Optional[typing.Union[OciRepositorySpecRef, typing.Dict[builtins.str, typing.Any]]] = None,
    secret_ref: typing.Optional[typing.Union[OciRepositorySpecSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    service_account_name: typing.Optional[builtins.str] = None,
    suspend: typing.Optional[builtins.bool] = None,
    timeout: typing.Optional[builtins.str] = None,
    verify: typing.Optional[typing.Union[OciRepositorySpecVerify, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__966ee63733caf124c92116a9116512eea039fe31ffd743a89c55d360016918c7(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0827da1485e279f509929f09832976949aa885e82479025d8011d20611070bf9(
    *,
    media_type: typing.Optional[builtins.str] = None,
    operation: typing.Optional[OciRepositorySpecLayerSelectorOperation] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ea9a117943985fe991db3fcb627cdb1e3bd287eaea2931f145a3877965e22d8f(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4aa0e04a5cdb8fff6f713fecb7d3ee3d4641d7313e808631404d42455f1bb07f(
    *,
    digest: typing.Optional[builtins.str] = None,
    semver: typing.Optional[builtins.str] = None,
    semver_filter: typing.Optional[builtins.str] = None,
    tag: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e68ae28ee7d76d23d076df1af2fdec1083fbc54122a1051240cb129fe59955fe(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e5c3cd07bd282d7938626e924530c58fe93ade1cbe30f241f8f4fd140d42a3ea(
    *,
    provider: OciRepositorySpecVerifyProvider,
    match_oidc_identity: typing.Optional[typing.Sequence[typing.Union[OciRepositorySpecVerifyMatchOidcIdentity, typing.Dict[builtins.str, typing.Any]]]] = None,
    secret_ref: typing.Optional[typing.Union[OciRepositorySpecVerifySecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
    trusted_root_secret_ref: typing.Optional[typing.Union[OciRepositorySpecVerifyTrustedRootSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__040b662fb7295c111c7d32e99628fa956b20d45004b37b5eab755f973a84e157(
    *,
    issuer: builtins.str,
    subject: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f7f672838860e39183aedd9d803d3d555f996983c08c3954e1d29c91bae7e23a(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7872e98ec6c4d8734442cf26b0db4e2094d3e11f6d63565dd2c9fee5e255552b(
    *,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass
