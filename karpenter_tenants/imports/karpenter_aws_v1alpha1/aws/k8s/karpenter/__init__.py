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


class AwsNodeTemplate(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplate",
):
    '''AWSNodeTemplate is the Schema for the AWSNodeTemplate API.

    :schema: AWSNodeTemplate
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["AwsNodeTemplateSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "AWSNodeTemplate" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: AWSNodeTemplateSpec is the top level specification for the AWS Karpenter Provider. This will contain configuration necessary to launch instances in AWS.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__366ac987e0a54affd79c508dad2e27eca05c75af7bf570a34383800e8b9a692f)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = AwsNodeTemplateProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["AwsNodeTemplateSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "AWSNodeTemplate".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: AWSNodeTemplateSpec is the top level specification for the AWS Karpenter Provider. This will contain configuration necessary to launch instances in AWS.
        '''
        props = AwsNodeTemplateProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "AWSNodeTemplate".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplateProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class AwsNodeTemplateProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["AwsNodeTemplateSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''AWSNodeTemplate is the Schema for the AWSNodeTemplate API.

        :param metadata: 
        :param spec: AWSNodeTemplateSpec is the top level specification for the AWS Karpenter Provider. This will contain configuration necessary to launch instances in AWS.

        :schema: AWSNodeTemplate
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = AwsNodeTemplateSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__16c32901a327f308db8698ce2332924386b2fe5c3e4a3460ae85fe756d0d0767)
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
        :schema: AWSNodeTemplate#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["AwsNodeTemplateSpec"]:
        '''AWSNodeTemplateSpec is the top level specification for the AWS Karpenter Provider.

        This will contain configuration necessary to launch instances in AWS.

        :schema: AWSNodeTemplate#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["AwsNodeTemplateSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "AwsNodeTemplateProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplateSpec",
    jsii_struct_bases=[],
    name_mapping={
        "ami_family": "amiFamily",
        "ami_selector": "amiSelector",
        "api_version": "apiVersion",
        "block_device_mappings": "blockDeviceMappings",
        "context": "context",
        "detailed_monitoring": "detailedMonitoring",
        "instance_profile": "instanceProfile",
        "kind": "kind",
        "launch_template": "launchTemplate",
        "metadata_options": "metadataOptions",
        "security_group_selector": "securityGroupSelector",
        "subnet_selector": "subnetSelector",
        "tags": "tags",
        "user_data": "userData",
    },
)
class AwsNodeTemplateSpec:
    def __init__(
        self,
        *,
        ami_family: typing.Optional[builtins.str] = None,
        ami_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        api_version: typing.Optional[builtins.str] = None,
        block_device_mappings: typing.Optional[typing.Sequence[typing.Union["AwsNodeTemplateSpecBlockDeviceMappings", typing.Dict[builtins.str, typing.Any]]]] = None,
        context: typing.Optional[builtins.str] = None,
        detailed_monitoring: typing.Optional[builtins.bool] = None,
        instance_profile: typing.Optional[builtins.str] = None,
        kind: typing.Optional[builtins.str] = None,
        launch_template: typing.Optional[builtins.str] = None,
        metadata_options: typing.Optional[typing.Union["AwsNodeTemplateSpecMetadataOptions", typing.Dict[builtins.str, typing.Any]]] = None,
        security_group_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        subnet_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        user_data: typing.Optional[builtins.str] = None,
    ) -> None:
        '''AWSNodeTemplateSpec is the top level specification for the AWS Karpenter Provider.

        This will contain configuration necessary to launch instances in AWS.

        :param ami_family: AMIFamily is the AMI family that instances use.
        :param ami_selector: AMISelector discovers AMIs to be used by Amazon EC2 tags.
        :param api_version: APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
        :param block_device_mappings: BlockDeviceMappings to be applied to provisioned nodes.
        :param context: Context is a Reserved field in EC2 APIs https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CreateFleet.html.
        :param detailed_monitoring: DetailedMonitoring controls if detailed monitoring is enabled for instances that are launched.
        :param instance_profile: InstanceProfile is the AWS identity that instances use.
        :param kind: Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
        :param launch_template: LaunchTemplateName for the node. If not specified, a launch template will be generated. NOTE: This field is for specifying a custom launch template and is exposed in the Spec as ``launchTemplate`` for backwards compatibility.
        :param metadata_options: MetadataOptions for the generated launch template of provisioned nodes. This specifies the exposure of the Instance Metadata Service to provisioned EC2 nodes. For more information, see Instance Metadata and User Data (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html) in the Amazon Elastic Compute Cloud User Guide. Refer to recommended, security best practices (https://aws.github.io/aws-eks-best-practices/security/docs/iam/#restrict-access-to-the-instance-profile-assigned-to-the-worker-node) for limiting exposure of Instance Metadata and User Data to pods. If omitted, defaults to httpEndpoint enabled, with httpProtocolIPv6 disabled, with httpPutResponseLimit of 2, and with httpTokens required.
        :param security_group_selector: SecurityGroups specify the names of the security groups.
        :param subnet_selector: SubnetSelector discovers subnets by tags. A value of "" is a wildcard.
        :param tags: Tags to be applied on ec2 resources like instances and launch templates.
        :param user_data: UserData to be applied to the provisioned nodes. It must be in the appropriate format based on the AMIFamily in use. Karpenter will merge certain fields into this UserData to ensure nodes are being provisioned with the correct configuration.

        :schema: AwsNodeTemplateSpec
        '''
        if isinstance(metadata_options, dict):
            metadata_options = AwsNodeTemplateSpecMetadataOptions(**metadata_options)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9618b4ee5f3fe0641d01d0f7426875f9596cd5e07282d50dd29fb9f88af775dd)
            check_type(argname="argument ami_family", value=ami_family, expected_type=type_hints["ami_family"])
            check_type(argname="argument ami_selector", value=ami_selector, expected_type=type_hints["ami_selector"])
            check_type(argname="argument api_version", value=api_version, expected_type=type_hints["api_version"])
            check_type(argname="argument block_device_mappings", value=block_device_mappings, expected_type=type_hints["block_device_mappings"])
            check_type(argname="argument context", value=context, expected_type=type_hints["context"])
            check_type(argname="argument detailed_monitoring", value=detailed_monitoring, expected_type=type_hints["detailed_monitoring"])
            check_type(argname="argument instance_profile", value=instance_profile, expected_type=type_hints["instance_profile"])
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument launch_template", value=launch_template, expected_type=type_hints["launch_template"])
            check_type(argname="argument metadata_options", value=metadata_options, expected_type=type_hints["metadata_options"])
            check_type(argname="argument security_group_selector", value=security_group_selector, expected_type=type_hints["security_group_selector"])
            check_type(argname="argument subnet_selector", value=subnet_selector, expected_type=type_hints["subnet_selector"])
            check_type(argname="argument tags", value=tags, expected_type=type_hints["tags"])
            check_type(argname="argument user_data", value=user_data, expected_type=type_hints["user_data"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if ami_family is not None:
            self._values["ami_family"] = ami_family
        if ami_selector is not None:
            self._values["ami_selector"] = ami_selector
        if api_version is not None:
            self._values["api_version"] = api_version
        if block_device_mappings is not None:
            self._values["block_device_mappings"] = block_device_mappings
        if context is not None:
            self._values["context"] = context
        if detailed_monitoring is not None:
            self._values["detailed_monitoring"] = detailed_monitoring
        if instance_profile is not None:
            self._values["instance_profile"] = instance_profile
        if kind is not None:
            self._values["kind"] = kind
        if launch_template is not None:
            self._values["launch_template"] = launch_template
        if metadata_options is not None:
            self._values["metadata_options"] = metadata_options
        if security_group_selector is not None:
            self._values["security_group_selector"] = security_group_selector
        if subnet_selector is not None:
            self._values["subnet_selector"] = subnet_selector
        if tags is not None:
            self._values["tags"] = tags
        if user_data is not None:
            self._values["user_data"] = user_data

    @builtins.property
    def ami_family(self) -> typing.Optional[builtins.str]:
        '''AMIFamily is the AMI family that instances use.

        :schema: AwsNodeTemplateSpec#amiFamily
        '''
        result = self._values.get("ami_family")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ami_selector(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''AMISelector discovers AMIs to be used by Amazon EC2 tags.

        :schema: AwsNodeTemplateSpec#amiSelector
        '''
        result = self._values.get("ami_selector")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def api_version(self) -> typing.Optional[builtins.str]:
        '''APIVersion defines the versioned schema of this representation of an object.

        Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources

        :schema: AwsNodeTemplateSpec#apiVersion
        '''
        result = self._values.get("api_version")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def block_device_mappings(
        self,
    ) -> typing.Optional[typing.List["AwsNodeTemplateSpecBlockDeviceMappings"]]:
        '''BlockDeviceMappings to be applied to provisioned nodes.

        :schema: AwsNodeTemplateSpec#blockDeviceMappings
        '''
        result = self._values.get("block_device_mappings")
        return typing.cast(typing.Optional[typing.List["AwsNodeTemplateSpecBlockDeviceMappings"]], result)

    @builtins.property
    def context(self) -> typing.Optional[builtins.str]:
        '''Context is a Reserved field in EC2 APIs https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CreateFleet.html.

        :schema: AwsNodeTemplateSpec#context
        '''
        result = self._values.get("context")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def detailed_monitoring(self) -> typing.Optional[builtins.bool]:
        '''DetailedMonitoring controls if detailed monitoring is enabled for instances that are launched.

        :schema: AwsNodeTemplateSpec#detailedMonitoring
        '''
        result = self._values.get("detailed_monitoring")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def instance_profile(self) -> typing.Optional[builtins.str]:
        '''InstanceProfile is the AWS identity that instances use.

        :schema: AwsNodeTemplateSpec#instanceProfile
        '''
        result = self._values.get("instance_profile")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def kind(self) -> typing.Optional[builtins.str]:
        '''Kind is a string value representing the REST resource this object represents.

        Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds

        :schema: AwsNodeTemplateSpec#kind
        '''
        result = self._values.get("kind")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def launch_template(self) -> typing.Optional[builtins.str]:
        '''LaunchTemplateName for the node.

        If not specified, a launch template will be generated. NOTE: This field is for specifying a custom launch template and is exposed in the Spec as ``launchTemplate`` for backwards compatibility.

        :schema: AwsNodeTemplateSpec#launchTemplate
        '''
        result = self._values.get("launch_template")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metadata_options(self) -> typing.Optional["AwsNodeTemplateSpecMetadataOptions"]:
        '''MetadataOptions for the generated launch template of provisioned nodes.

        This specifies the exposure of the Instance Metadata Service to provisioned EC2 nodes. For more information, see Instance Metadata and User Data (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html) in the Amazon Elastic Compute Cloud User Guide.
        Refer to recommended, security best practices (https://aws.github.io/aws-eks-best-practices/security/docs/iam/#restrict-access-to-the-instance-profile-assigned-to-the-worker-node) for limiting exposure of Instance Metadata and User Data to pods. If omitted, defaults to httpEndpoint enabled, with httpProtocolIPv6 disabled, with httpPutResponseLimit of 2, and with httpTokens required.

        :schema: AwsNodeTemplateSpec#metadataOptions
        '''
        result = self._values.get("metadata_options")
        return typing.cast(typing.Optional["AwsNodeTemplateSpecMetadataOptions"], result)

    @builtins.property
    def security_group_selector(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''SecurityGroups specify the names of the security groups.

        :schema: AwsNodeTemplateSpec#securityGroupSelector
        '''
        result = self._values.get("security_group_selector")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def subnet_selector(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''SubnetSelector discovers subnets by tags.

        A value of "" is a wildcard.

        :schema: AwsNodeTemplateSpec#subnetSelector
        '''
        result = self._values.get("subnet_selector")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def tags(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Tags to be applied on ec2 resources like instances and launch templates.

        :schema: AwsNodeTemplateSpec#tags
        '''
        result = self._values.get("tags")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def user_data(self) -> typing.Optional[builtins.str]:
        '''UserData to be applied to the provisioned nodes.

        It must be in the appropriate format based on the AMIFamily in use. Karpenter will merge certain fields into this UserData to ensure nodes are being provisioned with the correct configuration.

        :schema: AwsNodeTemplateSpec#userData
        '''
        result = self._values.get("user_data")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "AwsNodeTemplateSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplateSpecBlockDeviceMappings",
    jsii_struct_bases=[],
    name_mapping={"device_name": "deviceName", "ebs": "ebs"},
)
class AwsNodeTemplateSpecBlockDeviceMappings:
    def __init__(
        self,
        *,
        device_name: typing.Optional[builtins.str] = None,
        ebs: typing.Optional[typing.Union["AwsNodeTemplateSpecBlockDeviceMappingsEbs", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param device_name: The device name (for example, /dev/sdh or xvdh).
        :param ebs: EBS contains parameters used to automatically set up EBS volumes when an instance is launched.

        :schema: AwsNodeTemplateSpecBlockDeviceMappings
        '''
        if isinstance(ebs, dict):
            ebs = AwsNodeTemplateSpecBlockDeviceMappingsEbs(**ebs)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c60aabc1ae95d06012ede0eadc2dadeed69779f5e554b988626f691da586379d)
            check_type(argname="argument device_name", value=device_name, expected_type=type_hints["device_name"])
            check_type(argname="argument ebs", value=ebs, expected_type=type_hints["ebs"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if device_name is not None:
            self._values["device_name"] = device_name
        if ebs is not None:
            self._values["ebs"] = ebs

    @builtins.property
    def device_name(self) -> typing.Optional[builtins.str]:
        '''The device name (for example, /dev/sdh or xvdh).

        :schema: AwsNodeTemplateSpecBlockDeviceMappings#deviceName
        '''
        result = self._values.get("device_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ebs(self) -> typing.Optional["AwsNodeTemplateSpecBlockDeviceMappingsEbs"]:
        '''EBS contains parameters used to automatically set up EBS volumes when an instance is launched.

        :schema: AwsNodeTemplateSpecBlockDeviceMappings#ebs
        '''
        result = self._values.get("ebs")
        return typing.cast(typing.Optional["AwsNodeTemplateSpecBlockDeviceMappingsEbs"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "AwsNodeTemplateSpecBlockDeviceMappings(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplateSpecBlockDeviceMappingsEbs",
    jsii_struct_bases=[],
    name_mapping={
        "delete_on_termination": "deleteOnTermination",
        "encrypted": "encrypted",
        "iops": "iops",
        "kms_key_id": "kmsKeyId",
        "snapshot_id": "snapshotId",
        "throughput": "throughput",
        "volume_size": "volumeSize",
        "volume_type": "volumeType",
    },
)
class AwsNodeTemplateSpecBlockDeviceMappingsEbs:
    def __init__(
        self,
        *,
        delete_on_termination: typing.Optional[builtins.bool] = None,
        encrypted: typing.Optional[builtins.bool] = None,
        iops: typing.Optional[jsii.Number] = None,
        kms_key_id: typing.Optional[builtins.str] = None,
        snapshot_id: typing.Optional[builtins.str] = None,
        throughput: typing.Optional[jsii.Number] = None,
        volume_size: typing.Optional["AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize"] = None,
        volume_type: typing.Optional[builtins.str] = None,
    ) -> None:
        '''EBS contains parameters used to automatically set up EBS volumes when an instance is launched.

        :param delete_on_termination: DeleteOnTermination indicates whether the EBS volume is deleted on instance termination.
        :param encrypted: Encrypted indicates whether the EBS volume is encrypted. Encrypted volumes can only be attached to instances that support Amazon EBS encryption. If you are creating a volume from a snapshot, you can't specify an encryption value.
        :param iops: IOPS is the number of I/O operations per second (IOPS). For gp3, io1, and io2 volumes, this represents the number of IOPS that are provisioned for the volume. For gp2 volumes, this represents the baseline performance of the volume and the rate at which the volume accumulates I/O credits for bursting. The following are the supported values for each volume type: - gp3: 3,000-16,000 IOPS - io1: 100-64,000 IOPS - io2: 100-64,000 IOPS For io1 and io2 volumes, we guarantee 64,000 IOPS only for Instances built on the Nitro System (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instance-types.html#ec2-nitro-instances). Other instance families guarantee performance up to 32,000 IOPS. This parameter is supported for io1, io2, and gp3 volumes only. This parameter is not supported for gp2, st1, sc1, or standard volumes.
        :param kms_key_id: KMSKeyID (ARN) of the symmetric Key Management Service (KMS) CMK used for encryption.
        :param snapshot_id: SnapshotID is the ID of an EBS snapshot.
        :param throughput: Throughput to provision for a gp3 volume, with a maximum of 1,000 MiB/s. Valid Range: Minimum value of 125. Maximum value of 1000.
        :param volume_size: VolumeSize in GiBs. You must specify either a snapshot ID or a volume size. The following are the supported volumes sizes for each volume type: - gp2 and gp3: 1-16,384 - io1 and io2: 4-16,384 - st1 and sc1: 125-16,384 - standard: 1-1,024
        :param volume_type: VolumeType of the block device. For more information, see Amazon EBS volume types (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/EBSVolumeTypes.html) in the Amazon Elastic Compute Cloud User Guide.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9660197b40d81ea20776766fe86fdb2bb366cf5d1d943d3de1b3dfe1dfdaf901)
            check_type(argname="argument delete_on_termination", value=delete_on_termination, expected_type=type_hints["delete_on_termination"])
            check_type(argname="argument encrypted", value=encrypted, expected_type=type_hints["encrypted"])
            check_type(argname="argument iops", value=iops, expected_type=type_hints["iops"])
            check_type(argname="argument kms_key_id", value=kms_key_id, expected_type=type_hints["kms_key_id"])
            check_type(argname="argument snapshot_id", value=snapshot_id, expected_type=type_hints["snapshot_id"])
            check_type(argname="argument throughput", value=throughput, expected_type=type_hints["throughput"])
            check_type(argname="argument volume_size", value=volume_size, expected_type=type_hints["volume_size"])
            check_type(argname="argument volume_type", value=volume_type, expected_type=type_hints["volume_type"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if delete_on_termination is not None:
            self._values["delete_on_termination"] = delete_on_termination
        if encrypted is not None:
            self._values["encrypted"] = encrypted
        if iops is not None:
            self._values["iops"] = iops
        if kms_key_id is not None:
            self._values["kms_key_id"] = kms_key_id
        if snapshot_id is not None:
            self._values["snapshot_id"] = snapshot_id
        if throughput is not None:
            self._values["throughput"] = throughput
        if volume_size is not None:
            self._values["volume_size"] = volume_size
        if volume_type is not None:
            self._values["volume_type"] = volume_type

    @builtins.property
    def delete_on_termination(self) -> typing.Optional[builtins.bool]:
        '''DeleteOnTermination indicates whether the EBS volume is deleted on instance termination.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#deleteOnTermination
        '''
        result = self._values.get("delete_on_termination")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def encrypted(self) -> typing.Optional[builtins.bool]:
        '''Encrypted indicates whether the EBS volume is encrypted.

        Encrypted volumes can only be attached to instances that support Amazon EBS encryption. If you are creating a volume from a snapshot, you can't specify an encryption value.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#encrypted
        '''
        result = self._values.get("encrypted")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def iops(self) -> typing.Optional[jsii.Number]:
        '''IOPS is the number of I/O operations per second (IOPS).

        For gp3, io1, and io2 volumes, this represents the number of IOPS that are provisioned for the volume. For gp2 volumes, this represents the baseline performance of the volume and the rate at which the volume accumulates I/O credits for bursting.
        The following are the supported values for each volume type:

        - gp3: 3,000-16,000 IOPS
        - io1: 100-64,000 IOPS
        - io2: 100-64,000 IOPS
          For io1 and io2 volumes, we guarantee 64,000 IOPS only for Instances built on the Nitro System (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instance-types.html#ec2-nitro-instances). Other instance families guarantee performance up to 32,000 IOPS.
          This parameter is supported for io1, io2, and gp3 volumes only. This parameter is not supported for gp2, st1, sc1, or standard volumes.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#iops
        '''
        result = self._values.get("iops")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kms_key_id(self) -> typing.Optional[builtins.str]:
        '''KMSKeyID (ARN) of the symmetric Key Management Service (KMS) CMK used for encryption.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#kmsKeyID
        '''
        result = self._values.get("kms_key_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def snapshot_id(self) -> typing.Optional[builtins.str]:
        '''SnapshotID is the ID of an EBS snapshot.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#snapshotID
        '''
        result = self._values.get("snapshot_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def throughput(self) -> typing.Optional[jsii.Number]:
        '''Throughput to provision for a gp3 volume, with a maximum of 1,000 MiB/s.

        Valid Range: Minimum value of 125. Maximum value of 1000.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#throughput
        '''
        result = self._values.get("throughput")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def volume_size(
        self,
    ) -> typing.Optional["AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize"]:
        '''VolumeSize in GiBs.

        You must specify either a snapshot ID or a volume size. The following are the supported volumes sizes for each volume type:

        - gp2 and gp3: 1-16,384
        - io1 and io2: 4-16,384
        - st1 and sc1: 125-16,384
        - standard: 1-1,024

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#volumeSize
        '''
        result = self._values.get("volume_size")
        return typing.cast(typing.Optional["AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize"], result)

    @builtins.property
    def volume_type(self) -> typing.Optional[builtins.str]:
        '''VolumeType of the block device.

        For more information, see Amazon EBS volume types (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/EBSVolumeTypes.html) in the Amazon Elastic Compute Cloud User Guide.

        :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbs#volumeType
        '''
        result = self._values.get("volume_type")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "AwsNodeTemplateSpecBlockDeviceMappingsEbs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize(
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize",
):
    '''VolumeSize in GiBs.

    You must specify either a snapshot ID or a volume size. The following are the supported volumes sizes for each volume type:

    - gp2 and gp3: 1-16,384
    - io1 and io2: 4-16,384
    - st1 and sc1: 125-16,384
    - standard: 1-1,024

    :schema: AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(
        cls,
        value: jsii.Number,
    ) -> "AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6222770ae3641d6947afcd3df720446f069b77fbabe169d1a895834a5b16417d)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(
        cls,
        value: builtins.str,
    ) -> "AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3d89d65febdcdc67b4dec34d2eac5be2346539bd1331e0bb19e8958487e12507)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="karpenter_aws_v1alpha1_awsk8skarpenter.AwsNodeTemplateSpecMetadataOptions",
    jsii_struct_bases=[],
    name_mapping={
        "http_endpoint": "httpEndpoint",
        "http_protocol_i_pv6": "httpProtocolIPv6",
        "http_put_response_hop_limit": "httpPutResponseHopLimit",
        "http_tokens": "httpTokens",
    },
)
class AwsNodeTemplateSpecMetadataOptions:
    def __init__(
        self,
        *,
        http_endpoint: typing.Optional[builtins.str] = None,
        http_protocol_i_pv6: typing.Optional[builtins.str] = None,
        http_put_response_hop_limit: typing.Optional[jsii.Number] = None,
        http_tokens: typing.Optional[builtins.str] = None,
    ) -> None:
        '''MetadataOptions for the generated launch template of provisioned nodes.

        This specifies the exposure of the Instance Metadata Service to provisioned EC2 nodes. For more information, see Instance Metadata and User Data (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html) in the Amazon Elastic Compute Cloud User Guide.
        Refer to recommended, security best practices (https://aws.github.io/aws-eks-best-practices/security/docs/iam/#restrict-access-to-the-instance-profile-assigned-to-the-worker-node) for limiting exposure of Instance Metadata and User Data to pods. If omitted, defaults to httpEndpoint enabled, with httpProtocolIPv6 disabled, with httpPutResponseLimit of 2, and with httpTokens required.

        :param http_endpoint: HTTPEndpoint enables or disables the HTTP metadata endpoint on provisioned nodes. If metadata options is non-nil, but this parameter is not specified, the default state is "enabled". If you specify a value of "disabled", instance metadata will not be accessible on the node.
        :param http_protocol_i_pv6: HTTPProtocolIPv6 enables or disables the IPv6 endpoint for the instance metadata service on provisioned nodes. If metadata options is non-nil, but this parameter is not specified, the default state is "disabled".
        :param http_put_response_hop_limit: HTTPPutResponseHopLimit is the desired HTTP PUT response hop limit for instance metadata requests. The larger the number, the further instance metadata requests can travel. Possible values are integers from 1 to 64. If metadata options is non-nil, but this parameter is not specified, the default value is 1.
        :param http_tokens: HTTPTokens determines the state of token usage for instance metadata requests. If metadata options is non-nil, but this parameter is not specified, the default state is "optional". If the state is optional, one can choose to retrieve instance metadata with or without a signed token header on the request. If one retrieves the IAM role credentials without a token, the version 1.0 role credentials are returned. If one retrieves the IAM role credentials using a valid signed token, the version 2.0 role credentials are returned. If the state is "required", one must send a signed token header with any instance metadata retrieval requests. In this state, retrieving the IAM role credentials always returns the version 2.0 credentials; the version 1.0 credentials are not available.

        :schema: AwsNodeTemplateSpecMetadataOptions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__25e304d65c78492aae712b86bd3e0269212a88496476b09b7c50ea55ed4e0dec)
            check_type(argname="argument http_endpoint", value=http_endpoint, expected_type=type_hints["http_endpoint"])
            check_type(argname="argument http_protocol_i_pv6", value=http_protocol_i_pv6, expected_type=type_hints["http_protocol_i_pv6"])
            check_type(argname="argument http_put_response_hop_limit", value=http_put_response_hop_limit, expected_type=type_hints["http_put_response_hop_limit"])
            check_type(argname="argument http_tokens", value=http_tokens, expected_type=type_hints["http_tokens"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if http_endpoint is not None:
            self._values["http_endpoint"] = http_endpoint
        if http_protocol_i_pv6 is not None:
            self._values["http_protocol_i_pv6"] = http_protocol_i_pv6
        if http_put_response_hop_limit is not None:
            self._values["http_put_response_hop_limit"] = http_put_response_hop_limit
        if http_tokens is not None:
            self._values["http_tokens"] = http_tokens

    @builtins.property
    def http_endpoint(self) -> typing.Optional[builtins.str]:
        '''HTTPEndpoint enables or disables the HTTP metadata endpoint on provisioned nodes.

        If metadata options is non-nil, but this parameter is not specified, the default state is "enabled".
        If you specify a value of "disabled", instance metadata will not be accessible on the node.

        :schema: AwsNodeTemplateSpecMetadataOptions#httpEndpoint
        '''
        result = self._values.get("http_endpoint")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def http_protocol_i_pv6(self) -> typing.Optional[builtins.str]:
        '''HTTPProtocolIPv6 enables or disables the IPv6 endpoint for the instance metadata service on provisioned nodes.

        If metadata options is non-nil, but this parameter is not specified, the default state is "disabled".

        :schema: AwsNodeTemplateSpecMetadataOptions#httpProtocolIPv6
        '''
        result = self._values.get("http_protocol_i_pv6")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def http_put_response_hop_limit(self) -> typing.Optional[jsii.Number]:
        '''HTTPPutResponseHopLimit is the desired HTTP PUT response hop limit for instance metadata requests.

        The larger the number, the further instance metadata requests can travel. Possible values are integers from 1 to 64. If metadata options is non-nil, but this parameter is not specified, the default value is 1.

        :schema: AwsNodeTemplateSpecMetadataOptions#httpPutResponseHopLimit
        '''
        result = self._values.get("http_put_response_hop_limit")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def http_tokens(self) -> typing.Optional[builtins.str]:
        '''HTTPTokens determines the state of token usage for instance metadata requests.

        If metadata options is non-nil, but this parameter is not specified, the default state is "optional".
        If the state is optional, one can choose to retrieve instance metadata with or without a signed token header on the request. If one retrieves the IAM role credentials without a token, the version 1.0 role credentials are returned. If one retrieves the IAM role credentials using a valid signed token, the version 2.0 role credentials are returned.
        If the state is "required", one must send a signed token header with any instance metadata retrieval requests. In this state, retrieving the IAM role credentials always returns the version 2.0 credentials; the version 1.0 credentials are not available.

        :schema: AwsNodeTemplateSpecMetadataOptions#httpTokens
        '''
        result = self._values.get("http_tokens")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "AwsNodeTemplateSpecMetadataOptions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "AwsNodeTemplate",
    "AwsNodeTemplateProps",
    "AwsNodeTemplateSpec",
    "AwsNodeTemplateSpecBlockDeviceMappings",
    "AwsNodeTemplateSpecBlockDeviceMappingsEbs",
    "AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize",
    "AwsNodeTemplateSpecMetadataOptions",
]

publication.publish()

def _typecheckingstub__366ac987e0a54affd79c508dad2e27eca05c75af7bf570a34383800e8b9a692f(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[AwsNodeTemplateSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__16c32901a327f308db8698ce2332924386b2fe5c3e4a3460ae85fe756d0d0767(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[AwsNodeTemplateSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9618b4ee5f3fe0641d01d0f7426875f9596cd5e07282d50dd29fb9f88af775dd(
    *,
    ami_family: typing.Optional[builtins.str] = None,
    ami_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    api_version: typing.Optional[builtins.str] = None,
    block_device_mappings: typing.Optional[typing.Sequence[typing.Union[AwsNodeTemplateSpecBlockDeviceMappings, typing.Dict[builtins.str, typing.Any]]]] = None,
    context: typing.Optional[builtins.str] = None,
    detailed_monitoring: typing.Optional[builtins.bool] = None,
    instance_profile: typing.Optional[builtins.str] = None,
    kind: typing.Optional[builtins.str] = None,
    launch_template: typing.Optional[builtins.str] = None,
    metadata_options: typing.Optional[typing.Union[AwsNodeTemplateSpecMetadataOptions, typing.Dict[builtins.str, typing.Any]]] = None,
    security_group_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    subnet_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    user_data: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c60aabc1ae95d06012ede0eadc2dadeed69779f5e554b988626f691da586379d(
    *,
    device_name: typing.Optional[builtins.str] = None,
    ebs: typing.Optional[typing.Union[AwsNodeTemplateSpecBlockDeviceMappingsEbs, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9660197b40d81ea20776766fe86fdb2bb366cf5d1d943d3de1b3dfe1dfdaf901(
    *,
    delete_on_termination: typing.Optional[builtins.bool] = None,
    encrypted: typing.Optional[builtins.bool] = None,
    iops: typing.Optional[jsii.Number] = None,
    kms_key_id: typing.Optional[builtins.str] = None,
    snapshot_id: typing.Optional[builtins.str] = None,
    throughput: typing.Optional[jsii.Number] = None,
    volume_size: typing.Optional[AwsNodeTemplateSpecBlockDeviceMappingsEbsVolumeSize] = None,
    volume_type: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6222770ae3641d6947afcd3df720446f069b77fbabe169d1a895834a5b16417d(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3d89d65febdcdc67b4dec34d2eac5be2346539bd1331e0bb19e8958487e12507(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__25e304d65c78492aae712b86bd3e0269212a88496476b09b7c50ea55ed4e0dec(
    *,
    http_endpoint: typing.Optional[builtins.str] = None,
    http_protocol_i_pv6: typing.Optional[builtins.str] = None,
    http_put_response_hop_limit: typing.Optional[jsii.Number] = None,
    http_tokens: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass
