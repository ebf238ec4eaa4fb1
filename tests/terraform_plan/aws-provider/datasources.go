package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// base is what every data source has: its type name after "aws_" and the configured provider.
type base struct {
	name   string
	client *client
}

func (d *base) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.name
}

func (d *base) Configure(_ context.Context, req datasource.ConfigureRequest, _ *datasource.ConfigureResponse) {
	if req.ProviderData != nil {
		d.client = req.ProviderData.(*client)
	}
}

func computed() schema.StringAttribute { return schema.StringAttribute{Computed: true} }

// --- aws_partition: the configured region's partition -------------------------------------------------------

type partitionDataSource struct{ base }

type partitionModel struct {
	DNSSuffix        types.String `tfsdk:"dns_suffix"`
	ID               types.String `tfsdk:"id"`
	Partition        types.String `tfsdk:"partition"`
	ReverseDNSPrefix types.String `tfsdk:"reverse_dns_prefix"`
}

func (d *partitionDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"dns_suffix": computed(), "id": computed(), "partition": computed(), "reverse_dns_prefix": computed(),
	}}
}

func (d *partitionDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	p := d.client.partition
	model := partitionModel{types.StringValue(p.dnsSuffix), types.StringValue(p.id), types.StringValue(p.id), types.StringValue(p.reverseDNSPrefix)}
	resp.Diagnostics.Append(resp.State.Set(ctx, &model)...)
}

// --- aws_iam_role: a role of the world, or the real provider's error ----------------------------------------

type roleDataSource struct{ base }

type roleModel struct {
	ARN                 types.String `tfsdk:"arn"`
	AssumeRolePolicy    types.String `tfsdk:"assume_role_policy"`
	CreateDate          types.String `tfsdk:"create_date"`
	Description         types.String `tfsdk:"description"`
	ID                  types.String `tfsdk:"id"`
	MaxSessionDuration  types.Int64  `tfsdk:"max_session_duration"`
	Name                types.String `tfsdk:"name"`
	Path                types.String `tfsdk:"path"`
	PermissionsBoundary types.String `tfsdk:"permissions_boundary"`
	RoleLastUsed        types.List   `tfsdk:"role_last_used"`
	Tags                types.Map    `tfsdk:"tags"`
	UniqueID            types.String `tfsdk:"unique_id"`
}

var roleLastUsedType = types.ObjectType{AttrTypes: map[string]attr.Type{"last_used_date": types.StringType, "region": types.StringType}}

func (d *roleDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"arn":                  computed(),
		"assume_role_policy":   computed(),
		"create_date":          computed(),
		"description":          computed(),
		"id":                   computed(),
		"max_session_duration": schema.Int64Attribute{Computed: true},
		"name":                 schema.StringAttribute{Required: true},
		"path":                 computed(),
		"permissions_boundary": computed(),
		"role_last_used": schema.ListNestedAttribute{Computed: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{"last_used_date": computed(), "region": computed()},
		}},
		"tags":      schema.MapAttribute{ElementType: types.StringType, Optional: true, Computed: true},
		"unique_id": computed(),
	}}
}

// rolePath is the path in a role ARN: arn:...:role/<path>/<name> -> /<path>/.
func rolePath(arn, name string) string {
	resource := arn[strings.Index(arn, ":role/")+len(":role"):]
	return strings.TrimSuffix(resource, name)
}

func (d *roleDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var model roleModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &model)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := model.Name.ValueString()
	role, ok := d.client.world.Roles[name]
	if !ok {
		// The real data source: "reading IAM Role (%s): %s" of a NotFoundError (NoSuchEntity).
		resp.Diagnostics.AddError(fmt.Sprintf("reading IAM Role (%s): couldn't find resource", name), "")
		return
	}
	arn := role.ARN
	if arn == "" {
		arn = fmt.Sprintf("arn:%s:iam::%s:role/%s", d.client.partition.id, d.client.world.AccountID, name)
	}
	duration := role.MaxSessionDuration
	if duration == 0 {
		duration = 3600
	}
	roleTags := map[string]attr.Value{}
	for key, value := range role.Tags {
		roleTags[key] = types.StringValue(value)
	}
	lastUsed := types.ObjectValueMust(roleLastUsedType.AttrTypes, map[string]attr.Value{"last_used_date": types.StringValue(""), "region": types.StringValue("")})
	model = roleModel{
		ARN:                 types.StringValue(arn),
		AssumeRolePolicy:    types.StringValue(role.assumeRolePolicy()),
		CreateDate:          types.StringValue(created),
		Description:         types.StringValue(role.Description),
		ID:                  types.StringValue(name),
		MaxSessionDuration:  types.Int64Value(duration),
		Name:                types.StringValue(name),
		Path:                types.StringValue(rolePath(arn, name)),
		PermissionsBoundary: types.StringValue(role.PermissionsBoundary),
		RoleLastUsed:        types.ListValueMust(roleLastUsedType, []attr.Value{lastUsed}),
		Tags:                types.MapValueMust(types.StringType, roleTags),
		UniqueID:            types.StringValue(uniqueID("AROA", arn)),
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &model)...)
}

// --- aws_iam_instance_profile: a profile of the world, or the real provider's error -------------------------

type instanceProfileDataSource struct{ base }

type instanceProfileModel struct {
	ARN        types.String `tfsdk:"arn"`
	CreateDate types.String `tfsdk:"create_date"`
	ID         types.String `tfsdk:"id"`
	Name       types.String `tfsdk:"name"`
	Path       types.String `tfsdk:"path"`
	RoleARN    types.String `tfsdk:"role_arn"`
	RoleID     types.String `tfsdk:"role_id"`
	RoleName   types.String `tfsdk:"role_name"`
}

func (d *instanceProfileDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"arn": computed(), "create_date": computed(), "id": computed(), "name": schema.StringAttribute{Required: true},
		"path": computed(), "role_arn": computed(), "role_id": computed(), "role_name": computed(),
	}}
}

func (d *instanceProfileDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var model instanceProfileModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &model)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := model.Name.ValueString()
	profile, ok := d.client.world.InstanceProfiles[name]
	if !ok {
		resp.Diagnostics.AddError(fmt.Sprintf("reading IAM Instance Profile (%s): couldn't find resource", name), "")
		return
	}
	profilePath := profile.Path
	if profilePath == "" {
		profilePath = "/"
	}
	w, p := d.client.world, d.client.partition.id
	arn := fmt.Sprintf("arn:%s:iam::%s:instance-profile%s%s", p, w.AccountID, profilePath, name)
	model = instanceProfileModel{
		ARN: types.StringValue(arn), CreateDate: types.StringValue(created), ID: types.StringValue(uniqueID("AIPA", arn)),
		Name: types.StringValue(name), Path: types.StringValue(profilePath),
		RoleARN: types.StringNull(), RoleID: types.StringNull(), RoleName: types.StringNull(),
	}
	if profile.Role != "" { // a profile without a role has none of the three
		roleARN := fmt.Sprintf("arn:%s:iam::%s:role/%s", p, w.AccountID, profile.Role)
		if role, ok := w.Roles[profile.Role]; ok && role.ARN != "" {
			roleARN = role.ARN
		}
		model.RoleARN, model.RoleID, model.RoleName = types.StringValue(roleARN), types.StringValue(uniqueID("AROA", roleARN)), types.StringValue(profile.Role)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &model)...)
}
