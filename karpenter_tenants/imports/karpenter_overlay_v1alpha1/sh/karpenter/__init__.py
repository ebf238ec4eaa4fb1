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


class NodeOverlay(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_overlay_v1alpha1_shkarpenter.NodeOverlay",
):
    '''
    :schema: NodeOverlay
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        spec: typing.Union["NodeOverlaySpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "NodeOverlay" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param spec: 
        :param metadata: 
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7117f1d0966043a47c27bdb596565b9c609af1bf4b5da50abc97abc1b2d52c17)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = NodeOverlayProps(spec=spec, metadata=metadata)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        spec: typing.Union["NodeOverlaySpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "NodeOverlay".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param spec: 
        :param metadata: 
        '''
        props = NodeOverlayProps(spec=spec, metadata=metadata)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "NodeOverlay".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="karpenter_overlay_v1alpha1_shkarpenter.NodeOverlayProps",
    jsii_struct_bases=[],
    name_mapping={"spec": "spec", "metadata": "metadata"},
)
class NodeOverlayProps:
    def __init__(
        self,
        *,
        spec: typing.Union["NodeOverlaySpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param spec: 
        :param metadata: 

        :schema: NodeOverlay
        '''
        if isinstance(spec, dict):
            spec = NodeOverlaySpec(**spec)
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6f0590da93cba3ddd4c42afeb8553a790e101dc55ddac7c9c91950c48b015306)
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "spec": spec,
        }
        if metadata is not None:
            self._values["metadata"] = metadata

    @builtins.property
    def spec(self) -> "NodeOverlaySpec":
        '''
        :schema: NodeOverlay#spec
        '''
        result = self._values.get("spec")
        assert result is not None, "Required property 'spec' is missing"
        return typing.cast("NodeOverlaySpec", result)

    @builtins.property
    def metadata(self) -> typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"]:
        '''
        :schema: NodeOverlay#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodeOverlayProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_overlay_v1alpha1_shkarpenter.NodeOverlaySpec",
    jsii_struct_bases=[],
    name_mapping={
        "requirements": "requirements",
        "capacity": "capacity",
        "price": "price",
        "price_adjustment": "priceAdjustment",
        "weight": "weight",
    },
)
class NodeOverlaySpec:
    def __init__(
        self,
        *,
        requirements: typing.Sequence[typing.Union["NodeOverlaySpecRequirements", typing.Dict[builtins.str, typing.Any]]],
        capacity: typing.Optional[typing.Mapping[builtins.str, "NodeOverlaySpecCapacity"]] = None,
        price: typing.Optional[builtins.str] = None,
        price_adjustment: typing.Optional[builtins.str] = None,
        weight: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param requirements: requirements constrain when this NodeOverlay is applied during scheduling simulations. These requirements can match: - Well-known labels (e.g., node.kubernetes.io/instance-type, karpenter.sh/nodepool) - Custom labels from NodePool's spec.template.labels
        :param capacity: Capacity adds extended resources only, and does not replace any existing resources. These extended resources are appended to the node's existing resource list. Note: This field does not modify or override standard resources like cpu, memory, ephemeral-storage, or pods.
        :param price: Price specifies amount for an instance types that match the specified labels. Users can override prices using a signed float representing the price override
        :param price_adjustment: PriceAdjustment specifies the price change for matching instance types. Accepts either: - A fixed price modifier (e.g., -0.5, 1.2) - A percentage modifier (e.g., +10% for increase, -15% for decrease)
        :param weight: Weight defines the priority of this NodeOverlay when overriding node attributes. NodeOverlays with higher numerical weights take precedence over those with lower weights. If no weight is specified, the NodeOverlay is treated as having a weight of 0. When multiple NodeOverlays have identical weights, they are merged in alphabetical order.

        :schema: NodeOverlaySpec
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0f33c13dc29cec633beacd9d036c75f8a1f15e9f9772b1c4a90bd8ff7a497c54)
            check_type(argname="argument requirements", value=requirements, expected_type=type_hints["requirements"])
            check_type(argname="argument capacity", value=capacity, expected_type=type_hints["capacity"])
            check_type(argname="argument price", value=price, expected_type=type_hints["price"])
            check_type(argname="argument price_adjustment", value=price_adjustment, expected_type=type_hints["price_adjustment"])
            check_type(argname="argument weight", value=weight, expected_type=type_hints["weight"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "requirements": requirements,
        }
        if capacity is not None:
            self._values["capacity"] = capacity
        if price is not None:
            self._values["price"] = price
        if price_adjustment is not None:
            self._values["price_adjustment"] = price_adjustment
        if weight is not None:
            self._values["weight"] = weight

    @builtins.property
    def requirements(self) -> typing.List["NodeOverlaySpecRequirements"]:
        '''requirements constrain when this NodeOverlay is applied during scheduling simulations.

        These requirements can match:

        - Well-known labels (e.g., node.kubernetes.io/instance-type, karpenter.sh/nodepool)
        - Custom labels from NodePool's spec.template.labels

        :schema: NodeOverlaySpec#requirements
        '''
        result = self._values.get("requirements")
        assert result is not None, "Required property 'requirements' is missing"
        return typing.cast(typing.List["NodeOverlaySpecRequirements"], result)

    @builtins.property
    def capacity(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, "NodeOverlaySpecCapacity"]]:
        '''Capacity adds extended resources only, and does not replace any existing resources.

        These extended resources are appended to the node's existing resource list.
        Note: This field does not modify or override standard resources like cpu, memory, ephemeral-storage, or pods.

        :schema: NodeOverlaySpec#capacity
        '''
        result = self._values.get("capacity")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, "NodeOverlaySpecCapacity"]], result)

    @builtins.property
    def price(self) -> typing.Optional[builtins.str]:
        '''Price specifies amount for an instance types that match the specified labels.

        Users can override prices using a signed float representing the price override

        :schema: NodeOverlaySpec#price
        '''
        result = self._values.get("price")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def price_adjustment(self) -> typing.Optional[builtins.str]:
        '''PriceAdjustment specifies the price change for matching instance types.

        Accepts either:

        - A fixed price modifier (e.g., -0.5, 1.2)
        - A percentage modifier (e.g., +10% for increase, -15% for decrease)

        :schema: NodeOverlaySpec#priceAdjustment
        '''
        result = self._values.get("price_adjustment")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def weight(self) -> typing.Optional[jsii.Number]:
        '''Weight defines the priority of this NodeOverlay when overriding node attributes.

        NodeOverlays with higher numerical weights take precedence over those with lower weights.
        If no weight is specified, the NodeOverlay is treated as having a weight of 0.
        When multiple NodeOverlays have identical weights, they are merged in alphabetical order.

        :schema: NodeOverlaySpec#weight
        '''
        result = self._values.get("weight")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodeOverlaySpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class NodeOverlaySpecCapacity(
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_overlay_v1alpha1_shkarpenter.NodeOverlaySpecCapacity",
):
    '''
    :schema: NodeOverlaySpecCapacity
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(cls, value: jsii.Number) -> "NodeOverlaySpecCapacity":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0f2252cbe5583f62eadf5692e3bd60cda8b0a8da60c9bc326e46c3e72e57a70c)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("NodeOverlaySpecCapacity", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(cls, value: builtins.str) -> "NodeOverlaySpecCapacity":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b6b809e126fdd6ccb416a6ba5b5daa879bf2167432c621dff1b929a77a5540c1)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("NodeOverlaySpecCapacity", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="karpenter_overlay_v1alpha1_shkarpenter.NodeOverlaySpecRequirements",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "operator": "operator", "values": "values"},
)
class NodeOverlaySpecRequirements:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: "NodeOverlaySpecRequirementsOperator",
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''A node selector requirement is a selector that contains values, a key, an operator that relates the key and values to have at least that many values.

        :param key: The label key that the selector applies to.
        :param operator: Represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist. Gt, Lt, Gte, and Lte.
        :param values: An array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. If the operator is Gt, Lt, Gte, or Lte, the values array must have a single element, which will be interpreted as an integer.

        :schema: NodeOverlaySpecRequirements
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__861e3799fd3b576b66dd9818be87d7a78b302d613a9130142085f931a2e67309)
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

        :schema: NodeOverlaySpecRequirements#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> "NodeOverlaySpecRequirementsOperator":
        '''Represents a key's relationship to a set of values.

        Valid operators are In, NotIn, Exists, DoesNotExist. Gt, Lt, Gte, and Lte.

        :schema: NodeOverlaySpecRequirements#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast("NodeOverlaySpecRequirementsOperator", result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''An array of string values.

        If the operator is In or NotIn,
        the values array must be non-empty. If the operator is Exists or DoesNotExist,
        the values array must be empty. If the operator is Gt, Lt, Gte, or Lte, the values
        array must have a single element, which will be interpreted as an integer.

        :schema: NodeOverlaySpecRequirements#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodeOverlaySpecRequirements(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_overlay_v1alpha1_shkarpenter.NodeOverlaySpecRequirementsOperator"
)
class NodeOverlaySpecRequirementsOperator(enum.Enum):
    '''Represents a key's relationship to a set of values.

    Valid operators are In, NotIn, Exists, DoesNotExist. Gt, Lt, Gte, and Lte.

    :schema: NodeOverlaySpecRequirementsOperator
    '''

    GTE = "GTE"
    '''Gte.'''
    LTE = "LTE"
    '''Lte.'''
    IN = "IN"
    '''In.'''
    NOT_IN = "NOT_IN"
    '''NotIn.'''
    EXISTS = "EXISTS"
    '''Exists.'''
    DOES_NOT_EXIST = "DOES_NOT_EXIST"
    '''DoesNotExist.'''
    GT = "GT"
    '''Gt.'''
    LT = "LT"
    '''Lt.'''


__all__ = [
    "NodeOverlay",
    "NodeOverlayProps",
    "NodeOverlaySpec",
    "NodeOverlaySpecCapacity",
    "NodeOverlaySpecRequirements",
    "NodeOverlaySpecRequirementsOperator",
]

publication.publish()

def _typecheckingstub__7117f1d0966043a47c27bdb596565b9c609af1bf4b5da50abc97abc1b2d52c17(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    spec: typing.Union[NodeOverlaySpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6f0590da93cba3ddd4c42afeb8553a790e101dc55ddac7c9c91950c48b015306(
    *,
    spec: typing.Union[NodeOverlaySpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0f33c13dc29cec633beacd9d036c75f8a1f15e9f9772b1c4a90bd8ff7a497c54(
    *,
    requirements: typing.Sequence[typing.Union[NodeOverlaySpecRequirements, typing.Dict[builtins.str, typing.Any]]],
    capacity: typing.Optional[typing.Mapping[builtins.str, NodeOverlaySpecCapacity]] = None,
    price: typing.Optional[builtins.str] = None,
    price_adjustment: typing.Optional[builtins.str] = None,
    weight: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0f2252cbe5583f62eadf5692e3bd60cda8b0a8da60c9bc326e46c3e72e57a70c(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b6b809e126fdd6ccb416a6ba5b5daa879bf2167432c621dff1b929a77a5540c1(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__861e3799fd3b576b66dd9818be87d7a78b302d613a9130142085f931a2e67309(
    *,
    key: builtins.str,
    operator: NodeOverlaySpecRequirementsOperator,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass
