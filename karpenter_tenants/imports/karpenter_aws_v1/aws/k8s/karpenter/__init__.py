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


class Ec2NodeClass(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClass",
):
    '''EC2NodeClass is the Schema for the EC2NodeClass API.

    :schema: EC2NodeClass
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["Ec2NodeClassSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "EC2NodeClass" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: EC2NodeClassSpec is the top level specification for the AWS Karpenter Provider. This will contain configuration necessary to launch instances in AWS.
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__91361b91dea05fb1810a6e5093ec2aa353a9a3d5c32805906e9886897728d915)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = Ec2NodeClassProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["Ec2NodeClassSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "EC2NodeClass".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: EC2NodeClassSpec is the top level specification for the AWS Karpenter Provider. This will contain configuration necessary to launch instances in AWS.
        '''
        props = Ec2NodeClassProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "EC2NodeClass".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class Ec2NodeClassProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["Ec2NodeClassSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''EC2NodeClass is the Schema for the EC2NodeClass API.

        :param metadata: 
        :param spec: EC2NodeClassSpec is the top level specification for the AWS Karpenter Provider. This will contain configuration necessary to launch instances in AWS.

        :schema: EC2NodeClass
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = Ec2NodeClassSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b8e406d4d144574d50dca4d74aeb2fa2007a30d4cedb3cdbbafe2e92433e1f46)
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
        :schema: EC2NodeClass#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["Ec2NodeClassSpec"]:
        '''EC2NodeClassSpec is the top level specification for the AWS Karpenter Provider.

        This will contain configuration necessary to launch instances in AWS.

        :schema: EC2NodeClass#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["Ec2NodeClassSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpec",
    jsii_struct_bases=[],
    name_mapping={
        "ami_selector_terms": "amiSelectorTerms",
        "security_group_selector_terms": "securityGroupSelectorTerms",
        "subnet_selector_terms": "subnetSelectorTerms",
        "ami_family": "amiFamily",
        "associate_public_ip_address": "associatePublicIpAddress",
        "block_device_mappings": "blockDeviceMappings",
        "capacity_reservation_selector_terms": "capacityReservationSelectorTerms",
        "connection_tracking": "connectionTracking",
        "context": "context",
        "cpu_options": "cpuOptions",
        "detailed_monitoring": "detailedMonitoring",
        "instance_profile": "instanceProfile",
        "instance_store_policy": "instanceStorePolicy",
        "ip_prefix_count": "ipPrefixCount",
        "kubelet": "kubelet",
        "metadata_options": "metadataOptions",
        "network_interfaces": "networkInterfaces",
        "placement_group_selector": "placementGroupSelector",
        "role": "role",
        "tags": "tags",
        "user_data": "userData",
    },
)
class Ec2NodeClassSpec:
    def __init__(
        self,
        *,
        ami_selector_terms: typing.Sequence[typing.Union["Ec2NodeClassSpecAmiSelectorTerms", typing.Dict[builtins.str, typing.Any]]],
        security_group_selector_terms: typing.Sequence[typing.Union["Ec2NodeClassSpecSecurityGroupSelectorTerms", typing.Dict[builtins.str, typing.Any]]],
        subnet_selector_terms: typing.Sequence[typing.Union["Ec2NodeClassSpecSubnetSelectorTerms", typing.Dict[builtins.str, typing.Any]]],
        ami_family: typing.Optional["Ec2NodeClassSpecAmiFamily"] = None,
        associate_public_ip_address: typing.Optional[builtins.bool] = None,
        block_device_mappings: typing.Optional[typing.Sequence[typing.Union["Ec2NodeClassSpecBlockDeviceMappings", typing.Dict[builtins.str, typing.Any]]]] = None,
        capacity_reservation_selector_terms: typing.Optional[typing.Sequence[typing.Union["Ec2NodeClassSpecCapacityReservationSelectorTerms", typing.Dict[builtins.str, typing.Any]]]] = None,
        connection_tracking: typing.Optional[typing.Union["Ec2NodeClassSpecConnectionTracking", typing.Dict[builtins.str, typing.Any]]] = None,
        context: typing.Optional[builtins.str] = None,
        cpu_options: typing.Optional[typing.Union["Ec2NodeClassSpecCpuOptions", typing.Dict[builtins.str, typing.Any]]] = None,
        detailed_monitoring: typing.Optional[builtins.bool] = None,
        instance_profile: typing.Optional[builtins.str] = None,
        instance_store_policy: typing.Optional["Ec2NodeClassSpecInstanceStorePolicy"] = None,
        ip_prefix_count: typing.Optional[jsii.Number] = None,
        kubelet: typing.Optional[typing.Union["Ec2NodeClassSpecKubelet", typing.Dict[builtins.str, typing.Any]]] = None,
        metadata_options: typing.Optional[typing.Union["Ec2NodeClassSpecMetadataOptions", typing.Dict[builtins.str, typing.Any]]] = None,
        network_interfaces: typing.Optional[typing.Sequence[typing.Union["Ec2NodeClassSpecNetworkInterfaces", typing.Dict[builtins.str, typing.Any]]]] = None,
        placement_group_selector: typing.Optional[typing.Union["Ec2NodeClassSpecPlacementGroupSelector", typing.Dict[builtins.str, typing.Any]]] = None,
        role: typing.Optional[builtins.str] = None,
        tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        user_data: typing.Optional[builtins.str] = None,
    ) -> None:
        '''EC2NodeClassSpec is the top level specification for the AWS Karpenter Provider.

        This will contain configuration necessary to launch instances in AWS.

        :param ami_selector_terms: AMISelectorTerms is a list of or ami selector terms. The terms are ORed.
        :param security_group_selector_terms: SecurityGroupSelectorTerms is a list of security group selector terms. The terms are ORed.
        :param subnet_selector_terms: SubnetSelectorTerms is a list of subnet selector terms. The terms are ORed.
        :param ami_family: AMIFamily dictates the UserData format and default BlockDeviceMappings used when generating launch templates. This field is optional when using an alias amiSelectorTerm, and the value will be inferred from the alias' family. When an alias is specified, this field may only be set to its corresponding family or 'Custom'. If no alias is specified, this field is required. NOTE: We ignore the AMIFamily for hashing here because we hash the AMIFamily dynamically by using the alias using the AMIFamily() helper function
        :param associate_public_ip_address: AssociatePublicIPAddress controls if public IP addresses are assigned to instances that are launched with the nodeclass.
        :param block_device_mappings: BlockDeviceMappings to be applied to provisioned nodes.
        :param capacity_reservation_selector_terms: CapacityReservationSelectorTerms is a list of capacity reservation selector terms. Each term is ORed together to determine the set of eligible capacity reservations.
        :param connection_tracking: ConnectionTracking configures idle connection tracking timeouts for ENIs Karpenter provisions in the launch template. EFA-only interfaces are excluded. See ConnectionTracking.
        :param context: Context is a Reserved field in EC2 APIs https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CreateFleet.html.
        :param cpu_options: CPUOptions defines the CPU options for the instance.
        :param detailed_monitoring: DetailedMonitoring controls if detailed monitoring is enabled for instances that are launched.
        :param instance_profile: InstanceProfile is the AWS entity that instances use. This field is mutually exclusive from role. The instance profile should already have a role assigned to it that Karpenter has PassRole permission on for instance launch using this instanceProfile to succeed.
        :param instance_store_policy: InstanceStorePolicy specifies how to handle instance-store disks.
        :param ip_prefix_count: IPPrefixCount sets the number of IPv4 prefixes to be automatically assigned to the network interface.
        :param kubelet: Kubelet defines args to be used when configuring kubelet on provisioned nodes. They are a subset of the upstream types, recognizing not all options may be supported. Wherever possible, the types and names should reflect the upstream kubelet types.
        :param metadata_options: MetadataOptions for the generated launch template of provisioned nodes. This specifies the exposure of the Instance Metadata Service to provisioned EC2 nodes. For more information, see Instance Metadata and User Data (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html) in the Amazon Elastic Compute Cloud User Guide. Refer to recommended, security best practices (https://aws.github.io/aws-eks-best-practices/security/docs/iam/#restrict-access-to-the-instance-profile-assigned-to-the-worker-node) for limiting exposure of Instance Metadata and User Data to pods. If omitted, defaults to httpEndpoint enabled, with httpProtocolIPv6 disabled, with httpPutResponseLimit of 1, and with httpTokens required.
        :param network_interfaces: NetworkInterfaces specifies the network interface configurations to be attached to provisioned instances.
        :param placement_group_selector: PlacementGroupSelector defines the name or the id of the placement to resolve with the nodeclass.
        :param role: Role is the AWS identity that nodes use. This field is mutually exclusive from instanceProfile.
        :param tags: Tags to be applied on ec2 resources like instances and launch templates.
        :param user_data: UserData to be applied to the provisioned nodes. It must be in the appropriate format based on the AMIFamily in use. Karpenter will merge certain fields into this UserData to ensure nodes are being provisioned with the correct configuration.

        :schema: Ec2NodeClassSpec
        '''
        if isinstance(connection_tracking, dict):
            connection_tracking = Ec2NodeClassSpecConnectionTracking(**connection_tracking)
        if isinstance(cpu_options, dict):
            cpu_options = Ec2NodeClassSpecCpuOptions(**cpu_options)
        if isinstance(kubelet, dict):
            kubelet = Ec2NodeClassSpecKubelet(**kubelet)
        if isinstance(metadata_options, dict):
            metadata_options = Ec2NodeClassSpecMetadataOptions(**metadata_options)
        if isinstance(placement_group_selector, dict):
            placement_group_selector = Ec2NodeClassSpecPlacementGroupSelector(**placement_group_selector)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__12852d17c1f011b5e66abcf1e65667ee96c95136c047cb3bbeafaf52bdb99b0a)
            check_type(argname="argument ami_selector_terms", value=ami_selector_terms, expected_type=type_hints["ami_selector_terms"])
            check_type(argname="argument security_group_selector_terms", value=security_group_selector_terms, expected_type=type_hints["security_group_selector_terms"])
            check_type(argname="argument subnet_selector_terms", value=subnet_selector_terms, expected_type=type_hints["subnet_selector_terms"])
            check_type(argname="argument ami_family", value=ami_family, expected_type=type_hints["ami_family"])
            check_type(argname="argument associate_public_ip_address", value=associate_public_ip_address, expected_type=type_hints["associate_public_ip_address"])
            check_type(argname="argument block_device_mappings", value=block_device_mappings, expected_type=type_hints["block_device_mappings"])
            check_type(argname="argument capacity_reservation_selector_terms", value=capacity_reservation_selector_terms, expected_type=type_hints["capacity_reservation_selector_terms"])
            check_type(argname="argument connection_tracking", value=connection_tracking, expected_type=type_hints["connection_tracking"])
            check_type(argname="argument context", value=context, expected_type=type_hints["context"])
            check_type(argname="argument cpu_options", value=cpu_options, expected_type=type_hints["cpu_options"])
            check_type(argname="argument detailed_monitoring", value=detailed_monitoring, expected_type=type_hints["detailed_monitoring"])
            check_type(argname="argument instance_profile", value=instance_profile, expected_type=type_hints["instance_profile"])
            check_type(argname="argument instance_store_policy", value=instance_store_policy, expected_type=type_hints["instance_store_policy"])
            check_type(argname="argument ip_prefix_count", value=ip_prefix_count, expected_type=type_hints["ip_prefix_count"])
            check_type(argname="argument kubelet", value=kubelet, expected_type=type_hints["kubelet"])
            check_type(argname="argument metadata_options", value=metadata_options, expected_type=type_hints["metadata_options"])
            check_type(argname="argument network_interfaces", value=network_interfaces, expected_type=type_hints["network_interfaces"])
            check_type(argname="argument placement_group_selector", value=placement_group_selector, expected_type=type_hints["placement_group_selector"])
            check_type(argname="argument role", value=role, expected_type=type_hints["role"])
            check_type(argname="argument tags", value=tags, expected_type=type_hints["tags"])
            check_type(argname="argument user_data", value=user_data, expected_type=type_hints["user_data"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "ami_selector_terms": ami_selector_terms,
            "security_group_selector_terms": security_group_selector_terms,
            "subnet_selector_terms": subnet_selector_terms,
        }
        if ami_family is not None:
            self._values["ami_family"] = ami_family
        if associate_public_ip_address is not None:
            self._values["associate_public_ip_address"] = associate_public_ip_address
        if block_device_mappings is not None:
            self._values["block_device_mappings"] = block_device_mappings
        if capacity_reservation_selector_terms is not None:
            self._values["capacity_reservation_selector_terms"] = capacity_reservation_selector_terms
        if connection_tracking is not None:
            self._values["connection_tracking"] = connection_tracking
        if context is not None:
            self._values["context"] = context
        if cpu_options is not None:
            self._values["cpu_options"] = cpu_options
        if detailed_monitoring is not None:
            self._values["detailed_monitoring"] = detailed_monitoring
        if instance_profile is not None:
            self._values["instance_profile"] = instance_profile
        if instance_store_policy is not None:
            self._values["instance_store_policy"] = instance_store_policy
        if ip_prefix_count is not None:
            self._values["ip_prefix_count"] = ip_prefix_count
        if kubelet is not None:
            self._values["kubelet"] = kubelet
        if metadata_options is not None:
            self._values["metadata_options"] = metadata_options
        if network_interfaces is not None:
            self._values["network_interfaces"] = network_interfaces
        if placement_group_selector is not None:
            self._values["placement_group_selector"] = placement_group_selector
        if role is not None:
            self._values["role"] = role
        if tags is not None:
            self._values["tags"] = tags
        if user_data is not None:
            self._values["user_data"] = user_data

    @builtins.property
    def ami_selector_terms(self) -> typing.List["Ec2NodeClassSpecAmiSelectorTerms"]:
        '''AMISelectorTerms is a list of or ami selector terms.

        The terms are ORed.

        :schema: Ec2NodeClassSpec#amiSelectorTerms
        '''
        result = self._values.get("ami_selector_terms")
        assert result is not None, "Required property 'ami_selector_terms' is missing"
        return typing.cast(typing.List["Ec2NodeClassSpecAmiSelectorTerms"], result)

    @builtins.property
    def security_group_selector_terms(
        self,
    ) -> typing.List["Ec2NodeClassSpecSecurityGroupSelectorTerms"]:
        '''SecurityGroupSelectorTerms is a list of security group selector terms.

        The terms are ORed.

        :schema: Ec2NodeClassSpec#securityGroupSelectorTerms
        '''
        result = self._values.get("security_group_selector_terms")
        assert result is not None, "Required property 'security_group_selector_terms' is missing"
        return typing.cast(typing.List["Ec2NodeClassSpecSecurityGroupSelectorTerms"], result)

    @builtins.property
    def subnet_selector_terms(
        self,
    ) -> typing.List["Ec2NodeClassSpecSubnetSelectorTerms"]:
        '''SubnetSelectorTerms is a list of subnet selector terms.

        The terms are ORed.

        :schema: Ec2NodeClassSpec#subnetSelectorTerms
        '''
        result = self._values.get("subnet_selector_terms")
        assert result is not None, "Required property 'subnet_selector_terms' is missing"
        return typing.cast(typing.List["Ec2NodeClassSpecSubnetSelectorTerms"], result)

    @builtins.property
    def ami_family(self) -> typing.Optional["Ec2NodeClassSpecAmiFamily"]:
        '''AMIFamily dictates the UserData format and default BlockDeviceMappings used when generating launch templates.

        This field is optional when using an alias amiSelectorTerm, and the value will be inferred from the alias'
        family. When an alias is specified, this field may only be set to its corresponding family or 'Custom'. If no
        alias is specified, this field is required.
        NOTE: We ignore the AMIFamily for hashing here because we hash the AMIFamily dynamically by using the alias using
        the AMIFamily() helper function

        :schema: Ec2NodeClassSpec#amiFamily
        '''
        result = self._values.get("ami_family")
        return typing.cast(typing.Optional["Ec2NodeClassSpecAmiFamily"], result)

    @builtins.property
    def associate_public_ip_address(self) -> typing.Optional[builtins.bool]:
        '''AssociatePublicIPAddress controls if public IP addresses are assigned to instances that are launched with the nodeclass.

        :schema: Ec2NodeClassSpec#associatePublicIPAddress
        '''
        result = self._values.get("associate_public_ip_address")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def block_device_mappings(
        self,
    ) -> typing.Optional[typing.List["Ec2NodeClassSpecBlockDeviceMappings"]]:
        '''BlockDeviceMappings to be applied to provisioned nodes.

        :schema: Ec2NodeClassSpec#blockDeviceMappings
        '''
        result = self._values.get("block_device_mappings")
        return typing.cast(typing.Optional[typing.List["Ec2NodeClassSpecBlockDeviceMappings"]], result)

    @builtins.property
    def capacity_reservation_selector_terms(
        self,
    ) -> typing.Optional[typing.List["Ec2NodeClassSpecCapacityReservationSelectorTerms"]]:
        '''CapacityReservationSelectorTerms is a list of capacity reservation selector terms.

        Each term is ORed together to
        determine the set of eligible capacity reservations.

        :schema: Ec2NodeClassSpec#capacityReservationSelectorTerms
        '''
        result = self._values.get("capacity_reservation_selector_terms")
        return typing.cast(typing.Optional[typing.List["Ec2NodeClassSpecCapacityReservationSelectorTerms"]], result)

    @builtins.property
    def connection_tracking(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecConnectionTracking"]:
        '''ConnectionTracking configures idle connection tracking timeouts for ENIs Karpenter provisions in the launch template.

        EFA-only interfaces
        are excluded. See ConnectionTracking.

        :schema: Ec2NodeClassSpec#connectionTracking
        '''
        result = self._values.get("connection_tracking")
        return typing.cast(typing.Optional["Ec2NodeClassSpecConnectionTracking"], result)

    @builtins.property
    def context(self) -> typing.Optional[builtins.str]:
        '''Context is a Reserved field in EC2 APIs https://docs.aws.amazon.com/AWSEC2/latest/APIReference/API_CreateFleet.html.

        :schema: Ec2NodeClassSpec#context
        '''
        result = self._values.get("context")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def cpu_options(self) -> typing.Optional["Ec2NodeClassSpecCpuOptions"]:
        '''CPUOptions defines the CPU options for the instance.

        :schema: Ec2NodeClassSpec#cpuOptions
        '''
        result = self._values.get("cpu_options")
        return typing.cast(typing.Optional["Ec2NodeClassSpecCpuOptions"], result)

    @builtins.property
    def detailed_monitoring(self) -> typing.Optional[builtins.bool]:
        '''DetailedMonitoring controls if detailed monitoring is enabled for instances that are launched.

        :schema: Ec2NodeClassSpec#detailedMonitoring
        '''
        result = self._values.get("detailed_monitoring")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def instance_profile(self) -> typing.Optional[builtins.str]:
        '''InstanceProfile is the AWS entity that instances use.

        This field is mutually exclusive from role.
        The instance profile should already have a role assigned to it that Karpenter
        has PassRole permission on for instance launch using this instanceProfile to succeed.

        :schema: Ec2NodeClassSpec#instanceProfile
        '''
        result = self._values.get("instance_profile")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def instance_store_policy(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecInstanceStorePolicy"]:
        '''InstanceStorePolicy specifies how to handle instance-store disks.

        :schema: Ec2NodeClassSpec#instanceStorePolicy
        '''
        result = self._values.get("instance_store_policy")
        return typing.cast(typing.Optional["Ec2NodeClassSpecInstanceStorePolicy"], result)

    @builtins.property
    def ip_prefix_count(self) -> typing.Optional[jsii.Number]:
        '''IPPrefixCount sets the number of IPv4 prefixes to be automatically assigned to the network interface.

        :schema: Ec2NodeClassSpec#ipPrefixCount
        '''
        result = self._values.get("ip_prefix_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kubelet(self) -> typing.Optional["Ec2NodeClassSpecKubelet"]:
        '''Kubelet defines args to be used when configuring kubelet on provisioned nodes.

        They are a subset of the upstream types, recognizing not all options may be supported.
        Wherever possible, the types and names should reflect the upstream kubelet types.

        :schema: Ec2NodeClassSpec#kubelet
        '''
        result = self._values.get("kubelet")
        return typing.cast(typing.Optional["Ec2NodeClassSpecKubelet"], result)

    @builtins.property
    def metadata_options(self) -> typing.Optional["Ec2NodeClassSpecMetadataOptions"]:
        '''MetadataOptions for the generated launch template of provisioned nodes.

        This specifies the exposure of the Instance Metadata Service to
        provisioned EC2 nodes. For more information,
        see Instance Metadata and User Data
        (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html)
        in the Amazon Elastic Compute Cloud User Guide.

        Refer to recommended, security best practices
        (https://aws.github.io/aws-eks-best-practices/security/docs/iam/#restrict-access-to-the-instance-profile-assigned-to-the-worker-node)
        for limiting exposure of Instance Metadata and User Data to pods.
        If omitted, defaults to httpEndpoint enabled, with httpProtocolIPv6
        disabled, with httpPutResponseLimit of 1, and with httpTokens
        required.

        :schema: Ec2NodeClassSpec#metadataOptions
        '''
        result = self._values.get("metadata_options")
        return typing.cast(typing.Optional["Ec2NodeClassSpecMetadataOptions"], result)

    @builtins.property
    def network_interfaces(
        self,
    ) -> typing.Optional[typing.List["Ec2NodeClassSpecNetworkInterfaces"]]:
        '''NetworkInterfaces specifies the network interface configurations to be attached to provisioned instances.

        :schema: Ec2NodeClassSpec#networkInterfaces
        '''
        result = self._values.get("network_interfaces")
        return typing.cast(typing.Optional[typing.List["Ec2NodeClassSpecNetworkInterfaces"]], result)

    @builtins.property
    def placement_group_selector(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecPlacementGroupSelector"]:
        '''PlacementGroupSelector defines the name or the id of the placement to resolve with the nodeclass.

        :schema: Ec2NodeClassSpec#placementGroupSelector
        '''
        result = self._values.get("placement_group_selector")
        return typing.cast(typing.Optional["Ec2NodeClassSpecPlacementGroupSelector"], result)

    @builtins.property
    def role(self) -> typing.Optional[builtins.str]:
        '''Role is the AWS identity that nodes use.

        This field is mutually exclusive from instanceProfile.

        :schema: Ec2NodeClassSpec#role
        '''
        result = self._values.get("role")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tags(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Tags to be applied on ec2 resources like instances and launch templates.

        :schema: Ec2NodeClassSpec#tags
        '''
        result = self._values.get("tags")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def user_data(self) -> typing.Optional[builtins.str]:
        '''UserData to be applied to the provisioned nodes.

        It must be in the appropriate format based on the AMIFamily in use. Karpenter will merge certain fields into
        this UserData to ensure nodes are being provisioned with the correct configuration.

        :schema: Ec2NodeClassSpec#userData
        '''
        result = self._values.get("user_data")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecAmiFamily")
class Ec2NodeClassSpecAmiFamily(enum.Enum):
    '''AMIFamily dictates the UserData format and default BlockDeviceMappings used when generating launch templates.

    This field is optional when using an alias amiSelectorTerm, and the value will be inferred from the alias'
    family. When an alias is specified, this field may only be set to its corresponding family or 'Custom'. If no
    alias is specified, this field is required.
    NOTE: We ignore the AMIFamily for hashing here because we hash the AMIFamily dynamically by using the alias using
    the AMIFamily() helper function

    :schema: Ec2NodeClassSpecAmiFamily
    '''

    AL2 = "AL2"
    '''AL2.'''
    AL2023 = "AL2023"
    '''AL2023.'''
    BOTTLEROCKET = "BOTTLEROCKET"
    '''Bottlerocket.'''
    CUSTOM = "CUSTOM"
    '''Custom.'''
    WINDOWS2019 = "WINDOWS2019"
    '''Windows2019.'''
    WINDOWS2022 = "WINDOWS2022"
    '''Windows2022.'''
    WINDOWS2025 = "WINDOWS2025"
    '''Windows2025.'''


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecAmiSelectorTerms",
    jsii_struct_bases=[],
    name_mapping={
        "alias": "alias",
        "id": "id",
        "name": "name",
        "owner": "owner",
        "ssm_parameter": "ssmParameter",
        "tags": "tags",
    },
)
class Ec2NodeClassSpecAmiSelectorTerms:
    def __init__(
        self,
        *,
        alias: typing.Optional[builtins.str] = None,
        id: typing.Optional[builtins.str] = None,
        name: typing.Optional[builtins.str] = None,
        owner: typing.Optional[builtins.str] = None,
        ssm_parameter: typing.Optional[builtins.str] = None,
        tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''AMISelectorTerm defines selection logic for an ami used by Karpenter to launch nodes.

        If multiple fields are used for selection, the requirements are ANDed.

        :param alias: Alias specifies which EKS optimized AMI to select. Each alias consists of a family and an AMI version, specified as "family@version". Valid families include: al2, al2023, bottlerocket, windows2019, windows2022, windows2025. The version can either be pinned to a specific AMI release, with that AMIs version format (ex: "al2023@v20240625" or "bottlerocket@v1.10.0"). The version can also be set to "latest" for any family. Setting the version to latest will result in drift when a new AMI is released. This is **not** recommended for production environments. Note: The Windows families do **not** support version pinning, and only latest may be used.
        :param id: ID is the ami id in EC2.
        :param name: Name is the ami name in EC2. This value is the name field, which is different from the name tag.
        :param owner: Owner is the owner for the ami. You can specify a combination of AWS account IDs, "self", "amazon", and "aws-marketplace"
        :param ssm_parameter: SSMParameter is the name (or ARN) of the SSM parameter containing the Image ID.
        :param tags: Tags is a map of key/value tags used to select amis. Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecAmiSelectorTerms
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c2d952c0afe4f63187ed8272999386dd866d9e21e6adf553f223264a367f19a1)
            check_type(argname="argument alias", value=alias, expected_type=type_hints["alias"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument owner", value=owner, expected_type=type_hints["owner"])
            check_type(argname="argument ssm_parameter", value=ssm_parameter, expected_type=type_hints["ssm_parameter"])
            check_type(argname="argument tags", value=tags, expected_type=type_hints["tags"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if alias is not None:
            self._values["alias"] = alias
        if id is not None:
            self._values["id"] = id
        if name is not None:
            self._values["name"] = name
        if owner is not None:
            self._values["owner"] = owner
        if ssm_parameter is not None:
            self._values["ssm_parameter"] = ssm_parameter
        if tags is not None:
            self._values["tags"] = tags

    @builtins.property
    def alias(self) -> typing.Optional[builtins.str]:
        '''Alias specifies which EKS optimized AMI to select.

        Each alias consists of a family and an AMI version, specified as "family@version".
        Valid families include: al2, al2023, bottlerocket, windows2019, windows2022, windows2025.
        The version can either be pinned to a specific AMI release, with that AMIs version format (ex: "al2023@v20240625" or "bottlerocket@v1.10.0").
        The version can also be set to "latest" for any family. Setting the version to latest will result in drift when a new AMI is released. This is **not** recommended for production environments.
        Note: The Windows families do **not** support version pinning, and only latest may be used.

        :schema: Ec2NodeClassSpecAmiSelectorTerms#alias
        '''
        result = self._values.get("alias")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def id(self) -> typing.Optional[builtins.str]:
        '''ID is the ami id in EC2.

        :schema: Ec2NodeClassSpecAmiSelectorTerms#id
        '''
        result = self._values.get("id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the ami name in EC2.

        This value is the name field, which is different from the name tag.

        :schema: Ec2NodeClassSpecAmiSelectorTerms#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def owner(self) -> typing.Optional[builtins.str]:
        '''Owner is the owner for the ami.

        You can specify a combination of AWS account IDs, "self", "amazon", and "aws-marketplace"

        :schema: Ec2NodeClassSpecAmiSelectorTerms#owner
        '''
        result = self._values.get("owner")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ssm_parameter(self) -> typing.Optional[builtins.str]:
        '''SSMParameter is the name (or ARN) of the SSM parameter containing the Image ID.

        :schema: Ec2NodeClassSpecAmiSelectorTerms#ssmParameter
        '''
        result = self._values.get("ssm_parameter")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tags(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Tags is a map of key/value tags used to select amis.

        Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecAmiSelectorTerms#tags
        '''
        result = self._values.get("tags")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecAmiSelectorTerms(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecBlockDeviceMappings",
    jsii_struct_bases=[],
    name_mapping={
        "device_name": "deviceName",
        "ebs": "ebs",
        "root_volume": "rootVolume",
    },
)
class Ec2NodeClassSpecBlockDeviceMappings:
    def __init__(
        self,
        *,
        device_name: typing.Optional[builtins.str] = None,
        ebs: typing.Optional[typing.Union["Ec2NodeClassSpecBlockDeviceMappingsEbs", typing.Dict[builtins.str, typing.Any]]] = None,
        root_volume: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param device_name: The device name (for example, /dev/sdh or xvdh).
        :param ebs: EBS contains parameters used to automatically set up EBS volumes when an instance is launched.
        :param root_volume: RootVolume is a flag indicating if this device is mounted as kubelet root dir. You can configure at most one root volume in BlockDeviceMappings.

        :schema: Ec2NodeClassSpecBlockDeviceMappings
        '''
        if isinstance(ebs, dict):
            ebs = Ec2NodeClassSpecBlockDeviceMappingsEbs(**ebs)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f8b04a7c65934a0e88bca84b7f4ff28e661eb9daa5fff84d37f3843c4618d6b6)
            check_type(argname="argument device_name", value=device_name, expected_type=type_hints["device_name"])
            check_type(argname="argument ebs", value=ebs, expected_type=type_hints["ebs"])
            check_type(argname="argument root_volume", value=root_volume, expected_type=type_hints["root_volume"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if device_name is not None:
            self._values["device_name"] = device_name
        if ebs is not None:
            self._values["ebs"] = ebs
        if root_volume is not None:
            self._values["root_volume"] = root_volume

    @builtins.property
    def device_name(self) -> typing.Optional[builtins.str]:
        '''The device name (for example, /dev/sdh or xvdh).

        :schema: Ec2NodeClassSpecBlockDeviceMappings#deviceName
        '''
        result = self._values.get("device_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ebs(self) -> typing.Optional["Ec2NodeClassSpecBlockDeviceMappingsEbs"]:
        '''EBS contains parameters used to automatically set up EBS volumes when an instance is launched.

        :schema: Ec2NodeClassSpecBlockDeviceMappings#ebs
        '''
        result = self._values.get("ebs")
        return typing.cast(typing.Optional["Ec2NodeClassSpecBlockDeviceMappingsEbs"], result)

    @builtins.property
    def root_volume(self) -> typing.Optional[builtins.bool]:
        '''RootVolume is a flag indicating if this device is mounted as kubelet root dir.

        You can
        configure at most one root volume in BlockDeviceMappings.

        :schema: Ec2NodeClassSpecBlockDeviceMappings#rootVolume
        '''
        result = self._values.get("root_volume")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecBlockDeviceMappings(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecBlockDeviceMappingsEbs",
    jsii_struct_bases=[],
    name_mapping={
        "delete_on_termination": "deleteOnTermination",
        "encrypted": "encrypted",
        "iops": "iops",
        "kms_key_id": "kmsKeyId",
        "snapshot_id": "snapshotId",
        "throughput": "throughput",
        "volume_initialization_rate": "volumeInitializationRate",
        "volume_size": "volumeSize",
        "volume_type": "volumeType",
    },
)
class Ec2NodeClassSpecBlockDeviceMappingsEbs:
    def __init__(
        self,
        *,
        delete_on_termination: typing.Optional[builtins.bool] = None,
        encrypted: typing.Optional[builtins.bool] = None,
        iops: typing.Optional[jsii.Number] = None,
        kms_key_id: typing.Optional[builtins.str] = None,
        snapshot_id: typing.Optional[builtins.str] = None,
        throughput: typing.Optional[jsii.Number] = None,
        volume_initialization_rate: typing.Optional[jsii.Number] = None,
        volume_size: typing.Optional[builtins.str] = None,
        volume_type: typing.Optional["Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType"] = None,
    ) -> None:
        '''EBS contains parameters used to automatically set up EBS volumes when an instance is launched.

        :param delete_on_termination: DeleteOnTermination indicates whether the EBS volume is deleted on instance termination.
        :param encrypted: Encrypted indicates whether the EBS volume is encrypted. Encrypted volumes can only be attached to instances that support Amazon EBS encryption. If you are creating a volume from a snapshot, you can't specify an encryption value.
        :param iops: IOPS is the number of I/O operations per second (IOPS). For gp3, io1, and io2 volumes, this represents the number of IOPS that are provisioned for the volume. For gp2 volumes, this represents the baseline performance of the volume and the rate at which the volume accumulates I/O credits for bursting. The following are the supported values for each volume type: - gp3: 3,000-16,000 IOPS - io1: 100-64,000 IOPS - io2: 100-64,000 IOPS For io1 and io2 volumes, we guarantee 64,000 IOPS only for Instances built on the Nitro System (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instance-types.html#ec2-nitro-instances). Other instance families guarantee performance up to 32,000 IOPS. This parameter is supported for io1, io2, and gp3 volumes only. This parameter is not supported for gp2, st1, sc1, or standard volumes.
        :param kms_key_id: Identifier (key ID, key alias, key ARN, or alias ARN) of the customer managed KMS key to use for EBS encryption.
        :param snapshot_id: SnapshotID is the ID of an EBS snapshot.
        :param throughput: Throughput to provision for a gp3 volume, with a maximum of 1,000 MiB/s. Valid Range: Minimum value of 125. Maximum value of 1000.
        :param volume_initialization_rate: VolumeInitializationRate specifies the Amazon EBS Provisioned Rate for Volume Initialization, in MiB/s, at which to download the snapshot blocks from Amazon S3 to the volume. This is also known as volume initialization. Specifying a volume initialization rate ensures that the volume is initialized at a predictable and consistent rate after creation. Only allowed if SnapshotID is set. Valid Range: Minimum value of 100. Maximum value of 300.
        :param volume_size: VolumeSize in ``Gi``, ``G``, ``Ti``, or ``T``. You must specify either a snapshot ID or a volume size. The following are the supported volumes sizes for each volume type: - gp2 and gp3: 1-16,384 - io1 and io2: 4-16,384 - st1 and sc1: 125-16,384 - standard: 1-1,024
        :param volume_type: VolumeType of the block device. For more information, see Amazon EBS volume types (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/EBSVolumeTypes.html) in the Amazon Elastic Compute Cloud User Guide.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9009e8e71696c2ae919d63303306abbda23be671b90bbd7a8d9b9124391568d6)
            check_type(argname="argument delete_on_termination", value=delete_on_termination, expected_type=type_hints["delete_on_termination"])
            check_type(argname="argument encrypted", value=encrypted, expected_type=type_hints["encrypted"])
            check_type(argname="argument iops", value=iops, expected_type=type_hints["iops"])
            check_type(argname="argument kms_key_id", value=kms_key_id, expected_type=type_hints["kms_key_id"])
            check_type(argname="argument snapshot_id", value=snapshot_id, expected_type=type_hints["snapshot_id"])
            check_type(argname="argument throughput", value=throughput, expected_type=type_hints["throughput"])
            check_type(argname="argument volume_initialization_rate", value=volume_initialization_rate, expected_type=type_hints["volume_initialization_rate"])
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
        if volume_initialization_rate is not None:
            self._values["volume_initialization_rate"] = volume_initialization_rate
        if volume_size is not None:
            self._values["volume_size"] = volume_size
        if volume_type is not None:
            self._values["volume_type"] = volume_type

    @builtins.property
    def delete_on_termination(self) -> typing.Optional[builtins.bool]:
        '''DeleteOnTermination indicates whether the EBS volume is deleted on instance termination.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#deleteOnTermination
        '''
        result = self._values.get("delete_on_termination")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def encrypted(self) -> typing.Optional[builtins.bool]:
        '''Encrypted indicates whether the EBS volume is encrypted.

        Encrypted volumes can only
        be attached to instances that support Amazon EBS encryption. If you are creating
        a volume from a snapshot, you can't specify an encryption value.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#encrypted
        '''
        result = self._values.get("encrypted")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def iops(self) -> typing.Optional[jsii.Number]:
        '''IOPS is the number of I/O operations per second (IOPS).

        For gp3, io1, and io2 volumes,
        this represents the number of IOPS that are provisioned for the volume. For
        gp2 volumes, this represents the baseline performance of the volume and the
        rate at which the volume accumulates I/O credits for bursting.

        The following are the supported values for each volume type:

        - gp3: 3,000-16,000 IOPS
        - io1: 100-64,000 IOPS
        - io2: 100-64,000 IOPS

        For io1 and io2 volumes, we guarantee 64,000 IOPS only for Instances built
        on the Nitro System (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instance-types.html#ec2-nitro-instances).
        Other instance families guarantee performance up to 32,000 IOPS.

        This parameter is supported for io1, io2, and gp3 volumes only. This parameter
        is not supported for gp2, st1, sc1, or standard volumes.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#iops
        '''
        result = self._values.get("iops")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kms_key_id(self) -> typing.Optional[builtins.str]:
        '''Identifier (key ID, key alias, key ARN, or alias ARN) of the customer managed KMS key to use for EBS encryption.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#kmsKeyID
        '''
        result = self._values.get("kms_key_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def snapshot_id(self) -> typing.Optional[builtins.str]:
        '''SnapshotID is the ID of an EBS snapshot.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#snapshotID
        '''
        result = self._values.get("snapshot_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def throughput(self) -> typing.Optional[jsii.Number]:
        '''Throughput to provision for a gp3 volume, with a maximum of 1,000 MiB/s.

        Valid Range: Minimum value of 125. Maximum value of 1000.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#throughput
        '''
        result = self._values.get("throughput")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def volume_initialization_rate(self) -> typing.Optional[jsii.Number]:
        '''VolumeInitializationRate specifies the Amazon EBS Provisioned Rate for Volume Initialization, in MiB/s, at which to download the snapshot blocks from Amazon S3 to the volume.

        This is also known as volume
        initialization. Specifying a volume initialization rate ensures that the volume is initialized at a
        predictable and consistent rate after creation. Only allowed if SnapshotID is set.
        Valid Range: Minimum value of 100. Maximum value of 300.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#volumeInitializationRate
        '''
        result = self._values.get("volume_initialization_rate")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def volume_size(self) -> typing.Optional[builtins.str]:
        '''VolumeSize in ``Gi``, ``G``, ``Ti``, or ``T``.

        You must specify either a snapshot ID or
        a volume size. The following are the supported volumes sizes for each volume
        type:

        - gp2 and gp3: 1-16,384
        - io1 and io2: 4-16,384
        - st1 and sc1: 125-16,384
        - standard: 1-1,024

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#volumeSize
        '''
        result = self._values.get("volume_size")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def volume_type(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType"]:
        '''VolumeType of the block device.

        For more information, see Amazon EBS volume types (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/EBSVolumeTypes.html)
        in the Amazon Elastic Compute Cloud User Guide.

        :schema: Ec2NodeClassSpecBlockDeviceMappingsEbs#volumeType
        '''
        result = self._values.get("volume_type")
        return typing.cast(typing.Optional["Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecBlockDeviceMappingsEbs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType"
)
class Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType(enum.Enum):
    '''VolumeType of the block device.

    For more information, see Amazon EBS volume types (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/EBSVolumeTypes.html)
    in the Amazon Elastic Compute Cloud User Guide.

    :schema: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType
    '''

    STANDARD = "STANDARD"
    '''standard.'''
    IO1 = "IO1"
    '''io1.'''
    IO2 = "IO2"
    '''io2.'''
    GP2 = "GP2"
    '''gp2.'''
    SC1 = "SC1"
    '''sc1.'''
    ST1 = "ST1"
    '''st1.'''
    GP3 = "GP3"
    '''gp3.'''


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecCapacityReservationSelectorTerms",
    jsii_struct_bases=[],
    name_mapping={
        "id": "id",
        "instance_match_criteria": "instanceMatchCriteria",
        "owner_id": "ownerId",
        "tags": "tags",
    },
)
class Ec2NodeClassSpecCapacityReservationSelectorTerms:
    def __init__(
        self,
        *,
        id: typing.Optional[builtins.str] = None,
        instance_match_criteria: typing.Optional["Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria"] = None,
        owner_id: typing.Optional[builtins.str] = None,
        tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''
        :param id: ID is the capacity reservation id in EC2.
        :param instance_match_criteria: InstanceMatchCriteria specifies how instances are matched to capacity reservations.
        :param owner_id: Owner is the owner id for the ami.
        :param tags: Tags is a map of key/value tags used to select capacity reservations. Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecCapacityReservationSelectorTerms
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f67f45de5371328120476a8eed537df0d445de0bbb7a9468188b3fb26b723a04)
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
            check_type(argname="argument instance_match_criteria", value=instance_match_criteria, expected_type=type_hints["instance_match_criteria"])
            check_type(argname="argument owner_id", value=owner_id, expected_type=type_hints["owner_id"])
            check_type(argname="argument tags", value=tags, expected_type=type_hints["tags"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if id is not None:
            self._values["id"] = id
        if instance_match_criteria is not None:
            self._values["instance_match_criteria"] = instance_match_criteria
        if owner_id is not None:
            self._values["owner_id"] = owner_id
        if tags is not None:
            self._values["tags"] = tags

    @builtins.property
    def id(self) -> typing.Optional[builtins.str]:
        '''ID is the capacity reservation id in EC2.

        :schema: Ec2NodeClassSpecCapacityReservationSelectorTerms#id
        '''
        result = self._values.get("id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def instance_match_criteria(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria"]:
        '''InstanceMatchCriteria specifies how instances are matched to capacity reservations.

        :schema: Ec2NodeClassSpecCapacityReservationSelectorTerms#instanceMatchCriteria
        '''
        result = self._values.get("instance_match_criteria")
        return typing.cast(typing.Optional["Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria"], result)

    @builtins.property
    def owner_id(self) -> typing.Optional[builtins.str]:
        '''Owner is the owner id for the ami.

        :schema: Ec2NodeClassSpecCapacityReservationSelectorTerms#ownerID
        '''
        result = self._values.get("owner_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tags(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Tags is a map of key/value tags used to select capacity reservations.

        Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecCapacityReservationSelectorTerms#tags
        '''
        result = self._values.get("tags")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecCapacityReservationSelectorTerms(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria"
)
class Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria(enum.Enum):
    '''InstanceMatchCriteria specifies how instances are matched to capacity reservations.

    :schema: Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria
    '''

    OPEN = "OPEN"
    '''open.'''
    TARGETED = "TARGETED"
    '''targeted.'''


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecConnectionTracking",
    jsii_struct_bases=[],
    name_mapping={
        "tcp_established_timeout": "tcpEstablishedTimeout",
        "udp_stream_timeout": "udpStreamTimeout",
        "udp_timeout": "udpTimeout",
    },
)
class Ec2NodeClassSpecConnectionTracking:
    def __init__(
        self,
        *,
        tcp_established_timeout: typing.Optional[jsii.Number] = None,
        udp_stream_timeout: typing.Optional[jsii.Number] = None,
        udp_timeout: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''ConnectionTracking configures idle connection tracking timeouts for ENIs Karpenter provisions in the launch template.

        EFA-only interfaces
        are excluded. See ConnectionTracking.

        :param tcp_established_timeout: TCPEstablishedTimeout is the timeout (in seconds) for idle TCP connections in an established state. Value must be between 60 and 432,000 (5 days). If unset, EC2 applies its default which is 350 seconds for Nitro v6 instance types (excluding P6e-GB200) and 432,000 seconds for other instance types.
        :param udp_stream_timeout: UDPStreamTimeout is the timeout (in seconds) for idle UDP "stream" flows that have seen more than one request-response transaction. Value must be between 60 and 180. If unset, EC2 applies its default of 180 seconds.
        :param udp_timeout: UDPTimeout is the timeout (in seconds) for idle UDP flows that have seen traffic only in a single direction or a single request-response transaction. Value must be between 30 and 60. If unset, EC2 applies its default of 30 seconds.

        :schema: Ec2NodeClassSpecConnectionTracking
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cf2f883fcb43799caa3f31a2aa252d9e1a3c9e461b7e096570b5563c26d7f556)
            check_type(argname="argument tcp_established_timeout", value=tcp_established_timeout, expected_type=type_hints["tcp_established_timeout"])
            check_type(argname="argument udp_stream_timeout", value=udp_stream_timeout, expected_type=type_hints["udp_stream_timeout"])
            check_type(argname="argument udp_timeout", value=udp_timeout, expected_type=type_hints["udp_timeout"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if tcp_established_timeout is not None:
            self._values["tcp_established_timeout"] = tcp_established_timeout
        if udp_stream_timeout is not None:
            self._values["udp_stream_timeout"] = udp_stream_timeout
        if udp_timeout is not None:
            self._values["udp_timeout"] = udp_timeout

    @builtins.property
    def tcp_established_timeout(self) -> typing.Optional[jsii.Number]:
        '''TCPEstablishedTimeout is the timeout (in seconds) for idle TCP connections in an established state.

        Value must be between 60 and 432,000 (5 days).
        If unset, EC2 applies its default which is 350 seconds for Nitro v6
        instance types (excluding P6e-GB200) and 432,000 seconds for other
        instance types.

        :schema: Ec2NodeClassSpecConnectionTracking#tcpEstablishedTimeout
        '''
        result = self._values.get("tcp_established_timeout")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def udp_stream_timeout(self) -> typing.Optional[jsii.Number]:
        '''UDPStreamTimeout is the timeout (in seconds) for idle UDP "stream" flows that have seen more than one request-response transaction.

        Value must be between 60 and 180.
        If unset, EC2 applies its default of 180 seconds.

        :schema: Ec2NodeClassSpecConnectionTracking#udpStreamTimeout
        '''
        result = self._values.get("udp_stream_timeout")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def udp_timeout(self) -> typing.Optional[jsii.Number]:
        '''UDPTimeout is the timeout (in seconds) for idle UDP flows that have seen traffic only in a single direction or a single request-response transaction.

        Value must be between 30 and 60.
        If unset, EC2 applies its default of 30 seconds.

        :schema: Ec2NodeClassSpecConnectionTracking#udpTimeout
        '''
        result = self._values.get("udp_timeout")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecConnectionTracking(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecCpuOptions",
    jsii_struct_bases=[],
    name_mapping={"nested_virtualization": "nestedVirtualization"},
)
class Ec2NodeClassSpecCpuOptions:
    def __init__(
        self,
        *,
        nested_virtualization: typing.Optional["Ec2NodeClassSpecCpuOptionsNestedVirtualization"] = None,
    ) -> None:
        '''CPUOptions defines the CPU options for the instance.

        :param nested_virtualization: NestedVirtualization enables or disables nested virtualization on the instance. When enabled, Karpenter filters instance types to only those reporting "nested-virtualization" in ProcessorInfo.SupportedFeatures from DescribeInstanceTypes.

        :schema: Ec2NodeClassSpecCpuOptions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3e6413fe919405cb3eb40af5d3d8952310a8ff042ff6e147231d40ed34d47677)
            check_type(argname="argument nested_virtualization", value=nested_virtualization, expected_type=type_hints["nested_virtualization"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if nested_virtualization is not None:
            self._values["nested_virtualization"] = nested_virtualization

    @builtins.property
    def nested_virtualization(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecCpuOptionsNestedVirtualization"]:
        '''NestedVirtualization enables or disables nested virtualization on the instance.

        When enabled, Karpenter filters instance types to only those reporting
        "nested-virtualization" in ProcessorInfo.SupportedFeatures from DescribeInstanceTypes.

        :schema: Ec2NodeClassSpecCpuOptions#nestedVirtualization
        '''
        result = self._values.get("nested_virtualization")
        return typing.cast(typing.Optional["Ec2NodeClassSpecCpuOptionsNestedVirtualization"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecCpuOptions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecCpuOptionsNestedVirtualization"
)
class Ec2NodeClassSpecCpuOptionsNestedVirtualization(enum.Enum):
    '''NestedVirtualization enables or disables nested virtualization on the instance.

    When enabled, Karpenter filters instance types to only those reporting
    "nested-virtualization" in ProcessorInfo.SupportedFeatures from DescribeInstanceTypes.

    :schema: Ec2NodeClassSpecCpuOptionsNestedVirtualization
    '''

    ENABLED = "ENABLED"
    '''enabled.'''
    DISABLED = "DISABLED"
    '''disabled.'''


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecInstanceStorePolicy"
)
class Ec2NodeClassSpecInstanceStorePolicy(enum.Enum):
    '''InstanceStorePolicy specifies how to handle instance-store disks.

    :schema: Ec2NodeClassSpecInstanceStorePolicy
    '''

    RAID0 = "RAID0"
    '''RAID0.'''


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecKubelet",
    jsii_struct_bases=[],
    name_mapping={
        "cluster_dns": "clusterDns",
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
class Ec2NodeClassSpecKubelet:
    def __init__(
        self,
        *,
        cluster_dns: typing.Optional[typing.Sequence[builtins.str]] = None,
        cpu_cfs_quota: typing.Optional[builtins.bool] = None,
        eviction_hard: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        eviction_max_pod_grace_period: typing.Optional[jsii.Number] = None,
        eviction_soft: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        eviction_soft_grace_period: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        image_gc_high_threshold_percent: typing.Optional[jsii.Number] = None,
        image_gc_low_threshold_percent: typing.Optional[jsii.Number] = None,
        kube_reserved: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        max_pods: typing.Optional[jsii.Number] = None,
        pods_per_core: typing.Optional[jsii.Number] = None,
        system_reserved: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''Kubelet defines args to be used when configuring kubelet on provisioned nodes.

        They are a subset of the upstream types, recognizing not all options may be supported.
        Wherever possible, the types and names should reflect the upstream kubelet types.

        :param cluster_dns: clusterDNS is a list of IP addresses for the cluster DNS server. Note that not all providers may use all addresses.
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

        :schema: Ec2NodeClassSpecKubelet
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__20e51395f9f2c515c11b520ac254bc8a5c71b4605a631da79b717b86a94b8ec0)
            check_type(argname="argument cluster_dns", value=cluster_dns, expected_type=type_hints["cluster_dns"])
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

        :schema: Ec2NodeClassSpecKubelet#clusterDNS
        '''
        result = self._values.get("cluster_dns")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def cpu_cfs_quota(self) -> typing.Optional[builtins.bool]:
        '''CPUCFSQuota enables CPU CFS quota enforcement for containers that specify CPU limits.

        :schema: Ec2NodeClassSpecKubelet#cpuCFSQuota
        '''
        result = self._values.get("cpu_cfs_quota")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def eviction_hard(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''EvictionHard is the map of signal names to quantities that define hard eviction thresholds.

        :schema: Ec2NodeClassSpecKubelet#evictionHard
        '''
        result = self._values.get("eviction_hard")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def eviction_max_pod_grace_period(self) -> typing.Optional[jsii.Number]:
        '''EvictionMaxPodGracePeriod is the maximum allowed grace period (in seconds) to use when terminating pods in response to soft eviction thresholds being met.

        :schema: Ec2NodeClassSpecKubelet#evictionMaxPodGracePeriod
        '''
        result = self._values.get("eviction_max_pod_grace_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def eviction_soft(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''EvictionSoft is the map of signal names to quantities that define soft eviction thresholds.

        :schema: Ec2NodeClassSpecKubelet#evictionSoft
        '''
        result = self._values.get("eviction_soft")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def eviction_soft_grace_period(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''EvictionSoftGracePeriod is the map of signal names to quantities that define grace periods for each eviction signal.

        :schema: Ec2NodeClassSpecKubelet#evictionSoftGracePeriod
        '''
        result = self._values.get("eviction_soft_grace_period")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def image_gc_high_threshold_percent(self) -> typing.Optional[jsii.Number]:
        '''ImageGCHighThresholdPercent is the percent of disk usage after which image garbage collection is always run.

        The percent is calculated by dividing this
        field value by 100, so this field must be between 0 and 100, inclusive.
        When specified, the value must be greater than ImageGCLowThresholdPercent.

        :schema: Ec2NodeClassSpecKubelet#imageGCHighThresholdPercent
        '''
        result = self._values.get("image_gc_high_threshold_percent")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def image_gc_low_threshold_percent(self) -> typing.Optional[jsii.Number]:
        '''ImageGCLowThresholdPercent is the percent of disk usage before which image garbage collection is never run.

        Lowest disk usage to garbage collect to.
        The percent is calculated by dividing this field value by 100,
        so the field value must be between 0 and 100, inclusive.
        When specified, the value must be less than imageGCHighThresholdPercent

        :schema: Ec2NodeClassSpecKubelet#imageGCLowThresholdPercent
        '''
        result = self._values.get("image_gc_low_threshold_percent")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kube_reserved(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''KubeReserved contains resources reserved for Kubernetes system components.

        :schema: Ec2NodeClassSpecKubelet#kubeReserved
        '''
        result = self._values.get("kube_reserved")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def max_pods(self) -> typing.Optional[jsii.Number]:
        '''MaxPods is an override for the maximum number of pods that can run on a worker node instance.

        :schema: Ec2NodeClassSpecKubelet#maxPods
        '''
        result = self._values.get("max_pods")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def pods_per_core(self) -> typing.Optional[jsii.Number]:
        '''PodsPerCore is an override for the number of pods that can run on a worker node instance based on the number of cpu cores.

        This value cannot exceed MaxPods, so, if
        MaxPods is a lower value, that value will be used.

        :schema: Ec2NodeClassSpecKubelet#podsPerCore
        '''
        result = self._values.get("pods_per_core")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def system_reserved(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''SystemReserved contains resources reserved for OS system daemons and kernel memory.

        :schema: Ec2NodeClassSpecKubelet#systemReserved
        '''
        result = self._values.get("system_reserved")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecKubelet(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecMetadataOptions",
    jsii_struct_bases=[],
    name_mapping={
        "http_endpoint": "httpEndpoint",
        "http_protocol_i_pv6": "httpProtocolIPv6",
        "http_put_response_hop_limit": "httpPutResponseHopLimit",
        "http_tokens": "httpTokens",
    },
)
class Ec2NodeClassSpecMetadataOptions:
    def __init__(
        self,
        *,
        http_endpoint: typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpEndpoint"] = None,
        http_protocol_i_pv6: typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6"] = None,
        http_put_response_hop_limit: typing.Optional[jsii.Number] = None,
        http_tokens: typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpTokens"] = None,
    ) -> None:
        '''MetadataOptions for the generated launch template of provisioned nodes.

        This specifies the exposure of the Instance Metadata Service to
        provisioned EC2 nodes. For more information,
        see Instance Metadata and User Data
        (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html)
        in the Amazon Elastic Compute Cloud User Guide.

        Refer to recommended, security best practices
        (https://aws.github.io/aws-eks-best-practices/security/docs/iam/#restrict-access-to-the-instance-profile-assigned-to-the-worker-node)
        for limiting exposure of Instance Metadata and User Data to pods.
        If omitted, defaults to httpEndpoint enabled, with httpProtocolIPv6
        disabled, with httpPutResponseLimit of 1, and with httpTokens
        required.

        :param http_endpoint: HTTPEndpoint enables or disables the HTTP metadata endpoint on provisioned nodes. If metadata options is non-nil, but this parameter is not specified, the default state is "enabled". If you specify a value of "disabled", instance metadata will not be accessible on the node.
        :param http_protocol_i_pv6: HTTPProtocolIPv6 enables or disables the IPv6 endpoint for the instance metadata service on provisioned nodes. If metadata options is non-nil, but this parameter is not specified, the default state is "disabled".
        :param http_put_response_hop_limit: HTTPPutResponseHopLimit is the desired HTTP PUT response hop limit for instance metadata requests. The larger the number, the further instance metadata requests can travel. Possible values are integers from 1 to 64. If metadata options is non-nil, but this parameter is not specified, the default value is 1.
        :param http_tokens: HTTPTokens determines the state of token usage for instance metadata requests. If metadata options is non-nil, but this parameter is not specified, the default state is "required". If the state is optional, one can choose to retrieve instance metadata with or without a signed token header on the request. If one retrieves the IAM role credentials without a token, the version 1.0 role credentials are returned. If one retrieves the IAM role credentials using a valid signed token, the version 2.0 role credentials are returned. If the state is "required", one must send a signed token header with any instance metadata retrieval requests. In this state, retrieving the IAM role credentials always returns the version 2.0 credentials; the version 1.0 credentials are not available.

        :schema: Ec2NodeClassSpecMetadataOptions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__abf04e82641207da9b130063f4d89278d024ca79c34067e518b44de607ead2d6)
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
    def http_endpoint(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpEndpoint"]:
        '''HTTPEndpoint enables or disables the HTTP metadata endpoint on provisioned nodes.

        If metadata options is non-nil, but this parameter is not specified,
        the default state is "enabled".

        If you specify a value of "disabled", instance metadata will not be accessible
        on the node.

        :schema: Ec2NodeClassSpecMetadataOptions#httpEndpoint
        '''
        result = self._values.get("http_endpoint")
        return typing.cast(typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpEndpoint"], result)

    @builtins.property
    def http_protocol_i_pv6(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6"]:
        '''HTTPProtocolIPv6 enables or disables the IPv6 endpoint for the instance metadata service on provisioned nodes.

        If metadata options is non-nil, but this parameter
        is not specified, the default state is "disabled".

        :schema: Ec2NodeClassSpecMetadataOptions#httpProtocolIPv6
        '''
        result = self._values.get("http_protocol_i_pv6")
        return typing.cast(typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6"], result)

    @builtins.property
    def http_put_response_hop_limit(self) -> typing.Optional[jsii.Number]:
        '''HTTPPutResponseHopLimit is the desired HTTP PUT response hop limit for instance metadata requests.

        The larger the number, the further instance
        metadata requests can travel. Possible values are integers from 1 to 64.
        If metadata options is non-nil, but this parameter is not specified, the
        default value is 1.

        :schema: Ec2NodeClassSpecMetadataOptions#httpPutResponseHopLimit
        '''
        result = self._values.get("http_put_response_hop_limit")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def http_tokens(
        self,
    ) -> typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpTokens"]:
        '''HTTPTokens determines the state of token usage for instance metadata requests.

        If metadata options is non-nil, but this parameter is not
        specified, the default state is "required".

        If the state is optional, one can choose to retrieve instance metadata with
        or without a signed token header on the request. If one retrieves the IAM
        role credentials without a token, the version 1.0 role credentials are
        returned. If one retrieves the IAM role credentials using a valid signed
        token, the version 2.0 role credentials are returned.

        If the state is "required", one must send a signed token header with any
        instance metadata retrieval requests. In this state, retrieving the IAM
        role credentials always returns the version 2.0 credentials; the version
        1.0 credentials are not available.

        :schema: Ec2NodeClassSpecMetadataOptions#httpTokens
        '''
        result = self._values.get("http_tokens")
        return typing.cast(typing.Optional["Ec2NodeClassSpecMetadataOptionsHttpTokens"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecMetadataOptions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecMetadataOptionsHttpEndpoint"
)
class Ec2NodeClassSpecMetadataOptionsHttpEndpoint(enum.Enum):
    '''HTTPEndpoint enables or disables the HTTP metadata endpoint on provisioned nodes.

    If metadata options is non-nil, but this parameter is not specified,
    the default state is "enabled".

    If you specify a value of "disabled", instance metadata will not be accessible
    on the node.

    :schema: Ec2NodeClassSpecMetadataOptionsHttpEndpoint
    '''

    ENABLED = "ENABLED"
    '''enabled.'''
    DISABLED = "DISABLED"
    '''disabled.'''


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6"
)
class Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6(enum.Enum):
    '''HTTPProtocolIPv6 enables or disables the IPv6 endpoint for the instance metadata service on provisioned nodes.

    If metadata options is non-nil, but this parameter
    is not specified, the default state is "disabled".

    :schema: Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6
    '''

    ENABLED = "ENABLED"
    '''enabled.'''
    DISABLED = "DISABLED"
    '''disabled.'''


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecMetadataOptionsHttpTokens"
)
class Ec2NodeClassSpecMetadataOptionsHttpTokens(enum.Enum):
    '''HTTPTokens determines the state of token usage for instance metadata requests.

    If metadata options is non-nil, but this parameter is not
    specified, the default state is "required".

    If the state is optional, one can choose to retrieve instance metadata with
    or without a signed token header on the request. If one retrieves the IAM
    role credentials without a token, the version 1.0 role credentials are
    returned. If one retrieves the IAM role credentials using a valid signed
    token, the version 2.0 role credentials are returned.

    If the state is "required", one must send a signed token header with any
    instance metadata retrieval requests. In this state, retrieving the IAM
    role credentials always returns the version 2.0 credentials; the version
    1.0 credentials are not available.

    :schema: Ec2NodeClassSpecMetadataOptionsHttpTokens
    '''

    REQUIRED = "REQUIRED"
    '''required.'''
    OPTIONAL = "OPTIONAL"
    '''optional.'''


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecNetworkInterfaces",
    jsii_struct_bases=[],
    name_mapping={
        "device_index": "deviceIndex",
        "interface_type": "interfaceType",
        "network_card_index": "networkCardIndex",
    },
)
class Ec2NodeClassSpecNetworkInterfaces:
    def __init__(
        self,
        *,
        device_index: jsii.Number,
        interface_type: "Ec2NodeClassSpecNetworkInterfacesInterfaceType",
        network_card_index: jsii.Number,
    ) -> None:
        '''NetworkInterface specifies the configuration for a network interface to be attached to provisioned instances.

        :param device_index: DeviceIndex is the device index for the network interface attachment.
        :param interface_type: InterfaceType is the type of network interface. Valid values are "interface" and "efa-only".
        :param network_card_index: NetworkCardIndex is the index of the network card to attach the interface to.

        :schema: Ec2NodeClassSpecNetworkInterfaces
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6c8bad48f50a23db1e4a8c29e7ff18a48a14a27721801288b5055aaab1c5e1e3)
            check_type(argname="argument device_index", value=device_index, expected_type=type_hints["device_index"])
            check_type(argname="argument interface_type", value=interface_type, expected_type=type_hints["interface_type"])
            check_type(argname="argument network_card_index", value=network_card_index, expected_type=type_hints["network_card_index"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "device_index": device_index,
            "interface_type": interface_type,
            "network_card_index": network_card_index,
        }

    @builtins.property
    def device_index(self) -> jsii.Number:
        '''DeviceIndex is the device index for the network interface attachment.

        :schema: Ec2NodeClassSpecNetworkInterfaces#deviceIndex
        '''
        result = self._values.get("device_index")
        assert result is not None, "Required property 'device_index' is missing"
        return typing.cast(jsii.Number, result)

    @builtins.property
    def interface_type(self) -> "Ec2NodeClassSpecNetworkInterfacesInterfaceType":
        '''InterfaceType is the type of network interface.

        Valid values are "interface" and "efa-only".

        :schema: Ec2NodeClassSpecNetworkInterfaces#interfaceType
        '''
        result = self._values.get("interface_type")
        assert result is not None, "Required property 'interface_type' is missing"
        return typing.cast("Ec2NodeClassSpecNetworkInterfacesInterfaceType", result)

    @builtins.property
    def network_card_index(self) -> jsii.Number:
        '''NetworkCardIndex is the index of the network card to attach the interface to.

        :schema: Ec2NodeClassSpecNetworkInterfaces#networkCardIndex
        '''
        result = self._values.get("network_card_index")
        assert result is not None, "Required property 'network_card_index' is missing"
        return typing.cast(jsii.Number, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecNetworkInterfaces(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecNetworkInterfacesInterfaceType"
)
class Ec2NodeClassSpecNetworkInterfacesInterfaceType(enum.Enum):
    '''InterfaceType is the type of network interface.

    Valid values are "interface" and "efa-only".

    :schema: Ec2NodeClassSpecNetworkInterfacesInterfaceType
    '''

    INTERFACE = "INTERFACE"
    '''interface.'''
    EFA_HYPHEN_ONLY = "EFA_HYPHEN_ONLY"
    '''efa-only.'''


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecPlacementGroupSelector",
    jsii_struct_bases=[],
    name_mapping={"id": "id", "name": "name"},
)
class Ec2NodeClassSpecPlacementGroupSelector:
    def __init__(
        self,
        *,
        id: typing.Optional[builtins.str] = None,
        name: typing.Optional[builtins.str] = None,
    ) -> None:
        '''PlacementGroupSelector defines the name or the id of the placement to resolve with the nodeclass.

        :param id: ID is the placement group id in EC2.
        :param name: Name is the placement group name in EC2.

        :schema: Ec2NodeClassSpecPlacementGroupSelector
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__af1940ba67fe67a2dcb1bfd81f8b6ea2883b5031264ddf41daf603b56d63516c)
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if id is not None:
            self._values["id"] = id
        if name is not None:
            self._values["name"] = name

    @builtins.property
    def id(self) -> typing.Optional[builtins.str]:
        '''ID is the placement group id in EC2.

        :schema: Ec2NodeClassSpecPlacementGroupSelector#id
        '''
        result = self._values.get("id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the placement group name in EC2.

        :schema: Ec2NodeClassSpecPlacementGroupSelector#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecPlacementGroupSelector(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecSecurityGroupSelectorTerms",
    jsii_struct_bases=[],
    name_mapping={"id": "id", "name": "name", "tags": "tags"},
)
class Ec2NodeClassSpecSecurityGroupSelectorTerms:
    def __init__(
        self,
        *,
        id: typing.Optional[builtins.str] = None,
        name: typing.Optional[builtins.str] = None,
        tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''SecurityGroupSelectorTerm defines selection logic for a security group used by Karpenter to launch nodes.

        If multiple fields are used for selection, the requirements are ANDed.

        :param id: ID is the security group id in EC2.
        :param name: Name is the security group name in EC2. This value is the name field, which is different from the name tag.
        :param tags: Tags is a map of key/value tags used to select security groups. Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecSecurityGroupSelectorTerms
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__267b15bd9198a433fd5830caf3ae24ff74650d52ba71a5146166af2095ed826e)
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument tags", value=tags, expected_type=type_hints["tags"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if id is not None:
            self._values["id"] = id
        if name is not None:
            self._values["name"] = name
        if tags is not None:
            self._values["tags"] = tags

    @builtins.property
    def id(self) -> typing.Optional[builtins.str]:
        '''ID is the security group id in EC2.

        :schema: Ec2NodeClassSpecSecurityGroupSelectorTerms#id
        '''
        result = self._values.get("id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''Name is the security group name in EC2.

        This value is the name field, which is different from the name tag.

        :schema: Ec2NodeClassSpecSecurityGroupSelectorTerms#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tags(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Tags is a map of key/value tags used to select security groups.

        Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecSecurityGroupSelectorTerms#tags
        '''
        result = self._values.get("tags")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecSecurityGroupSelectorTerms(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_aws_v1_awsk8skarpenter.Ec2NodeClassSpecSubnetSelectorTerms",
    jsii_struct_bases=[],
    name_mapping={"id": "id", "tags": "tags"},
)
class Ec2NodeClassSpecSubnetSelectorTerms:
    def __init__(
        self,
        *,
        id: typing.Optional[builtins.str] = None,
        tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''SubnetSelectorTerm defines selection logic for a subnet used by Karpenter to launch nodes.

        If multiple fields are used for selection, the requirements are ANDed.

        :param id: ID is the subnet id in EC2.
        :param tags: Tags is a map of key/value tags used to select subnets Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecSubnetSelectorTerms
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a6b4d3654cce0d492fea30fb21487046f48300d733d91326722a76cb1f3e78b9)
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
            check_type(argname="argument tags", value=tags, expected_type=type_hints["tags"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if id is not None:
            self._values["id"] = id
        if tags is not None:
            self._values["tags"] = tags

    @builtins.property
    def id(self) -> typing.Optional[builtins.str]:
        '''ID is the subnet id in EC2.

        :schema: Ec2NodeClassSpecSubnetSelectorTerms#id
        '''
        result = self._values.get("id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def tags(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''Tags is a map of key/value tags used to select subnets Specifying '*' for a value selects all values for a given tag key.

        :schema: Ec2NodeClassSpecSubnetSelectorTerms#tags
        '''
        result = self._values.get("tags")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "Ec2NodeClassSpecSubnetSelectorTerms(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "Ec2NodeClass",
    "Ec2NodeClassProps",
    "Ec2NodeClassSpec",
    "Ec2NodeClassSpecAmiFamily",
    "Ec2NodeClassSpecAmiSelectorTerms",
    "Ec2NodeClassSpecBlockDeviceMappings",
    "Ec2NodeClassSpecBlockDeviceMappingsEbs",
    "Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType",
    "Ec2NodeClassSpecCapacityReservationSelectorTerms",
    "Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria",
    "Ec2NodeClassSpecConnectionTracking",
    "Ec2NodeClassSpecCpuOptions",
    "Ec2NodeClassSpecCpuOptionsNestedVirtualization",
    "Ec2NodeClassSpecInstanceStorePolicy",
    "Ec2NodeClassSpecKubelet",
    "Ec2NodeClassSpecMetadataOptions",
    "Ec2NodeClassSpecMetadataOptionsHttpEndpoint",
    "Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6",
    "Ec2NodeClassSpecMetadataOptionsHttpTokens",
    "Ec2NodeClassSpecNetworkInterfaces",
    "Ec2NodeClassSpecNetworkInterfacesInterfaceType",
    "Ec2NodeClassSpecPlacementGroupSelector",
    "Ec2NodeClassSpecSecurityGroupSelectorTerms",
    "Ec2NodeClassSpecSubnetSelectorTerms",
]

publication.publish()

def _typecheckingstub__91361b91dea05fb1810a6e5093ec2aa353a9a3d5c32805906e9886897728d915(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[Ec2NodeClassSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b8e406d4d144574d50dca4d74aeb2fa2007a30d4cedb3cdbbafe2e92433e1f46(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[Ec2NodeClassSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__12852d17c1f011b5e66abcf1e65667ee96c95136c047cb3bbeafaf52bdb99b0a(
    *,
    ami_selector_terms: typing.Sequence[typing.Union[Ec2NodeClassSpecAmiSelectorTerms, typing.Dict[builtins.str, typing.Any]]],
    security_group_selector_terms: typing.Sequence[typing.Union[Ec2NodeClassSpecSecurityGroupSelectorTerms, typing.Dict[builtins.str, typing.Any]]],
    subnet_selector_terms: typing.Sequence[typing.Union[Ec2NodeClassSpecSubnetSelectorTerms, typing.Dict[builtins.str, typing.Any]]],
    ami_family: typing.Optional[Ec2NodeClassSpecAmiFamily] = None,
    associate_public_ip_address: typing.Optional[builtins.bool] = None,
    block_device_mappings: typing.Optional[typing.Sequence[typing.Union[Ec2NodeClassSpecBlockDeviceMappings, typing.Dict[builtins.str, typing.Any]]]] = None,
    capacity_reservation_selector_terms: typing.Optional[typing.Sequence[typing.Union[Ec2NodeClassSpecCapacityReservationSelectorTerms, typing.Dict[builtins.str, typing.Any]]]] = None,
    connection_tracking: typing.Optional[typing.Union[Ec2NodeClassSpecConnectionTracking, typing.Dict[builtins.str, typing.Any]]] = None,
    context: typing.Optional[builtins.str] = None,
    cpu_options: typing.Optional[typing.Union[Ec2NodeClassSpecCpuOptions, typing.Dict[builtins.str, typing.Any]]] = None,
    detailed_monitoring: typing.Optional[builtins.bool] = None,
    instance_profile: typing.Optional[builtins.str] = None,
    instance_store_policy: typing.Optional[Ec2NodeClassSpecInstanceStorePolicy] = None,
    ip_prefix_count: typing.Optional[jsii.Number] = None,
    kubelet: typing.Optional[typing.Union[Ec2NodeClassSpecKubelet, typing.Dict[builtins.str, typing.Any]]] = None,
    metadata_options: typing.Optional[typing.Union[Ec2NodeClassSpecMetadataOptions, typing.Dict[builtins.str, typing.Any]]] = None,
    network_interfaces: typing.Optional[typing.Sequence[typing.Union[Ec2NodeClassSpecNetworkInterfaces, typing.Dict[builtins.str, typing.Any]]]] = None,
    placement_group_selector: typing.Optional[typing.Union[Ec2NodeClassSpecPlacementGroupSelector, typing.Dict[builtins.str, typing.Any]]] = None,
    role: typing.Optional[builtins.str] = None,
    tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    user_data: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c2d952c0afe4f63187ed8272999386dd866d9e21e6adf553f223264a367f19a1(
    *,
    alias: typing.Optional[builtins.str] = None,
    id: typing.Optional[builtins.str] = None,
    name: typing.Optional[builtins.str] = None,
    owner: typing.Optional[builtins.str] = None,
    ssm_parameter: typing.Optional[builtins.str] = None,
    tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f8b04a7c65934a0e88bca84b7f4ff28e661eb9daa5fff84d37f3843c4618d6b6(
    *,
    device_name: typing.Optional[builtins.str] = None,
    ebs: typing.Optional[typing.Union[Ec2NodeClassSpecBlockDeviceMappingsEbs, typing.Dict[builtins.str, typing.Any]]] = None,
    root_volume: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9009e8e71696c2ae919d63303306abbda23be671b90bbd7a8d9b9124391568d6(
    *,
    delete_on_termination: typing.Optional[builtins.bool] = None,
    encrypted: typing.Optional[builtins.bool] = None,
    iops: typing.Optional[jsii.Number] = None,
    kms_key_id: typing.Optional[builtins.str] = None,
    snapshot_id: typing.Optional[builtins.str] = None,
    throughput: typing.Optional[jsii.Number] = None,
    volume_initialization_rate: typing.Optional[jsii.Number] = None,
    volume_size: typing.Optional[builtins.str] = None,
    volume_type: typing.Optional[Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f67f45de5371328120476a8eed537df0d445de0bbb7a9468188b3fb26b723a04(
    *,
    id: typing.Optional[builtins.str] = None,
    instance_match_criteria: typing.Optional[Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria] = None,
    owner_id: typing.Optional[builtins.str] = None,
    tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__cf2f883fcb43799caa3f31a2aa252d9e1a3c9e461b7e096570b5563c26d7f556(
    *,
    tcp_established_timeout: typing.Optional[jsii.Number] = None,
    udp_stream_timeout: typing.Optional[jsii.Number] = None,
    udp_timeout: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3e6413fe919405cb3eb40af5d3d8952310a8ff042ff6e147231d40ed34d47677(
    *,
    nested_virtualization: typing.Optional[Ec2NodeClassSpecCpuOptionsNestedVirtualization] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__20e51395f9f2c515c11b520ac254bc8a5c71b4605a631da79b717b86a94b8ec0(
    *,
    cluster_dns: typing.Optional[typing.Sequence[builtins.str]] = None,
    cpu_cfs_quota: typing.Optional[builtins.bool] = None,
    eviction_hard: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    eviction_max_pod_grace_period: typing.Optional[jsii.Number] = None,
    eviction_soft: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    eviction_soft_grace_period: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    image_gc_high_threshold_percent: typing.Optional[jsii.Number] = None,
    image_gc_low_threshold_percent: typing.Optional[jsii.Number] = None,
    kube_reserved: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    max_pods: typing.Optional[jsii.Number] = None,
    pods_per_core: typing.Optional[jsii.Number] = None,
    system_reserved: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__abf04e82641207da9b130063f4d89278d024ca79c34067e518b44de607ead2d6(
    *,
    http_endpoint: typing.Optional[Ec2NodeClassSpecMetadataOptionsHttpEndpoint] = None,
    http_protocol_i_pv6: typing.Optional[Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6] = None,
    http_put_response_hop_limit: typing.Optional[jsii.Number] = None,
    http_tokens: typing.Optional[Ec2NodeClassSpecMetadataOptionsHttpTokens] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6c8bad48f50a23db1e4a8c29e7ff18a48a14a27721801288b5055aaab1c5e1e3(
    *,
    device_index: jsii.Number,
    interface_type: Ec2NodeClassSpecNetworkInterfacesInterfaceType,
    network_card_index: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__af1940ba67fe67a2dcb1bfd81f8b6ea2883b5031264ddf41daf603b56d63516c(
    *,
    id: typing.Optional[builtins.str] = None,
    name: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__267b15bd9198a433fd5830caf3ae24ff74650d52ba71a5146166af2095ed826e(
    *,
    id: typing.Optional[builtins.str] = None,
    name: typing.Optional[builtins.str] = None,
    tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a6b4d3654cce0d492fea30fb21487046f48300d733d91326722a76cb1f3e78b9(
    *,
    id: typing.Optional[builtins.str] = None,
    tags: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass
