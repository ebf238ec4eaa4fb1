package main

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Version is the release of the real provider whose schemas this one copies; the suite's filesystem mirror
// offers it under this version, so terraform/versions.tf's constraint is checked as it is against the real one.
const Version = "5.100.0"

// client is what a configured provider knows: its region and partition, and the world's account.
type client struct {
	region    string
	partition partition
	world     *world
}

type awsProvider struct{}

func newProvider() provider.Provider { return &awsProvider{} }

func (p *awsProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "aws"
	resp.Version = Version
}

// Schema: of the real provider's arguments only region (the plan suite sets nothing else).
func (p *awsProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"region": schema.StringAttribute{Optional: true, Description: "The region where AWS operations will take place."},
		},
	}
}

func (p *awsProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var region types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("region"), &region)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := region.ValueString()
	if region.IsNull() {
		name = os.Getenv("AWS_REGION")
		if name == "" {
			name = os.Getenv("AWS_DEFAULT_REGION")
		}
	}
	if name == "" {
		resp.Diagnostics.AddError("Missing region value", `The "region" attribute or the "AWS_REGION" or "AWS_DEFAULT_REGION" environment variables must be set.`)
		return
	}
	w, err := loadWorld()
	if err != nil {
		resp.Diagnostics.AddError("configuring the stand-in AWS provider", err.Error())
		return
	}
	c := &client{region: name, partition: partitionOf(name), world: w}
	resp.DataSourceData = c
	resp.ResourceData = c
}

func (p *awsProvider) Resources(_ context.Context) []func() resource.Resource {
	var all []func() resource.Resource
	for _, definition := range resourceDefinitions() {
		all = append(all, func() resource.Resource { return &genericResource{definition: definition} })
	}
	return all
}

func (p *awsProvider) DataSources(_ context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{
		func() datasource.DataSource { return &partitionDataSource{base{name: "partition"}} },
		func() datasource.DataSource { return &roleDataSource{base{name: "iam_role"}} },
		func() datasource.DataSource { return &instanceProfileDataSource{base{name: "iam_instance_profile"}} },
	}
}
