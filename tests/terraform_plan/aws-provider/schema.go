package main

// Attribute constructors, named for how the real provider (SDKv2 and framework resources alike) declares them.
// Every computed attribute keeps its state value on an update (UseStateForUnknown), as SDKv2 resources do: only a
// created or replaced resource has unknown computed values. forceNew: changing it replaces the resource.
// A default needs Computed in the framework (SDKv2 serves it as Optional only); names and types are unchanged.

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type forceNew bool

const (
	replaces forceNew = true
	inPlace  forceNew = false
)

func stringModifiers(f forceNew, computed bool) []planmodifier.String {
	var modifiers []planmodifier.String
	if computed {
		modifiers = append(modifiers, stringplanmodifier.UseStateForUnknown())
	}
	if f {
		modifiers = append(modifiers, stringplanmodifier.RequiresReplace())
	}
	return modifiers
}

func requiredString(f forceNew) schema.Attribute {
	return schema.StringAttribute{Required: true, PlanModifiers: stringModifiers(f, false)}
}

func optionalString(f forceNew) schema.Attribute {
	return schema.StringAttribute{Optional: true, PlanModifiers: stringModifiers(f, false)}
}

func optionalComputedString(f forceNew) schema.Attribute {
	return schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: stringModifiers(f, true)}
}

func computedString() schema.Attribute {
	return schema.StringAttribute{Computed: true, PlanModifiers: stringModifiers(inPlace, true)}
}

func defaultString(value string, f forceNew) schema.Attribute {
	return schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString(value), PlanModifiers: stringModifiers(f, false)}
}

func optionalInt(f forceNew) schema.Attribute {
	var modifiers []planmodifier.Int64
	if f {
		modifiers = append(modifiers, int64planmodifier.RequiresReplace())
	}
	return schema.Int64Attribute{Optional: true, PlanModifiers: modifiers}
}

func optionalComputedInt() schema.Attribute {
	return schema.Int64Attribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}}
}

func computedInt() schema.Attribute {
	return schema.Int64Attribute{Computed: true, PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}}
}

func defaultInt(value int64) schema.Attribute {
	return schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(value)}
}

func defaultBool(value bool, f forceNew) schema.Attribute {
	var modifiers []planmodifier.Bool
	if f {
		modifiers = append(modifiers, boolplanmodifier.RequiresReplace())
	}
	return schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(value), PlanModifiers: modifiers}
}

func optionalComputedBool() schema.Attribute {
	return schema.BoolAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()}}
}

func optionalComputedStringSet() schema.Attribute {
	return schema.SetAttribute{ElementType: types.StringType, Optional: true, Computed: true,
		PlanModifiers: []planmodifier.Set{setplanmodifier.UseStateForUnknown()}}
}

func tags() schema.Attribute {
	return schema.MapAttribute{ElementType: types.StringType, Optional: true}
}

// tagsAll is known at plan time, as the real provider's CustomizeDiff makes it: the resource's tags (this
// provider has no default_tags), {} without any; unknown while a tag is.
func tagsAll() schema.Attribute {
	return schema.MapAttribute{ElementType: types.StringType, Computed: true, PlanModifiers: []planmodifier.Map{tagsAllModifier{}}}
}

type tagsAllModifier struct{}

func (tagsAllModifier) Description(context.Context) string { return "tags_all: the resource's tags" }
func (tagsAllModifier) MarkdownDescription(context.Context) string {
	return "tags_all: the resource's tags"
}

func (tagsAllModifier) PlanModifyMap(ctx context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	if req.Plan.Raw.IsNull() {
		return // destroy
	}
	var tagValues types.Map
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("tags"), &tagValues)...)
	if resp.Diagnostics.HasError() || tagValues.IsUnknown() {
		return
	}
	elements := map[string]attr.Value{}
	for key, value := range tagValues.Elements() {
		if value.IsUnknown() {
			resp.PlanValue = types.MapUnknown(types.StringType)
			return
		}
		elements[key] = value
	}
	resp.PlanValue = types.MapValueMust(types.StringType, elements)
}
