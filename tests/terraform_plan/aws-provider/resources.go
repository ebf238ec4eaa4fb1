package main

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// created is when every resource the stand-in applies was created (what AWS reports in create_date etc.).
const created = "2026-01-01T00:00:00Z"

// definition is one resource type: its schema (the real provider's top-level arguments and attributes; nested
// blocks that terraform/ never sets, such as aws_iam_role's inline_policy or the targets' blocks, are left out)
// and what AWS assigns on create, from the arguments' values.
type definition struct {
	name       string // after "aws_"
	attributes map[string]schema.Attribute
	assign     func(c *client, args map[string]string) map[string]any
}

func withTags(attributes map[string]schema.Attribute) map[string]schema.Attribute {
	attributes["tags"] = tags()
	attributes["tags_all"] = tagsAll()
	return attributes
}

// generatedName is what the real provider names a resource whose name and name_prefix are unset.
func generatedName(args map[string]string, seed string) string {
	if args["name"] != "" {
		return args["name"]
	}
	return args["name_prefix"] + lowerID("terraform-", seed, 26)
}

func resourceDefinitions() []definition {
	return []definition{
		{"iam_role", withTags(map[string]schema.Attribute{
			"arn":                   computedString(),
			"assume_role_policy":    requiredString(inPlace),
			"create_date":           computedString(),
			"description":           optionalString(inPlace),
			"force_detach_policies": defaultBool(false, inPlace),
			"id":                    computedString(),
			"managed_policy_arns":   optionalComputedStringSet(),
			"max_session_duration":  defaultInt(3600),
			"name":                  optionalComputedString(replaces),
			"name_prefix":           optionalComputedString(replaces),
			"path":                  defaultString("/", replaces),
			"permissions_boundary":  optionalString(inPlace),
			"unique_id":             computedString(),
		}), func(c *client, args map[string]string) map[string]any {
			name := generatedName(args, args["assume_role_policy"])
			arn := fmt.Sprintf("arn:%s:iam::%s:role%s%s", c.partition.id, c.world.AccountID, args["path"], name)
			return map[string]any{"arn": arn, "create_date": created, "id": name, "managed_policy_arns": []string{},
				"name": name, "name_prefix": args["name_prefix"], "unique_id": uniqueID("AROA", arn)}
		}},
		{"iam_role_policy", map[string]schema.Attribute{
			"id":          computedString(),
			"name":        optionalComputedString(replaces),
			"name_prefix": optionalString(replaces),
			"policy":      requiredString(inPlace),
			"role":        requiredString(replaces),
		}, func(_ *client, args map[string]string) map[string]any {
			name := generatedName(args, args["role"]+args["policy"])
			return map[string]any{"id": args["role"] + ":" + name, "name": name}
		}},
		{"iam_policy", withTags(map[string]schema.Attribute{
			"arn":              computedString(),
			"attachment_count": computedInt(),
			"description":      optionalString(replaces),
			"id":               computedString(),
			"name":             optionalComputedString(replaces),
			"name_prefix":      optionalComputedString(replaces),
			"path":             defaultString("/", replaces),
			"policy":           requiredString(inPlace),
			"policy_id":        computedString(),
		}), func(c *client, args map[string]string) map[string]any {
			name := generatedName(args, args["policy"])
			arn := fmt.Sprintf("arn:%s:iam::%s:policy%s%s", c.partition.id, c.world.AccountID, args["path"], name)
			return map[string]any{"arn": arn, "attachment_count": int64(0), "id": arn, "name": name,
				"name_prefix": args["name_prefix"], "policy_id": uniqueID("ANPA", arn)}
		}},
		{"iam_role_policy_attachment", map[string]schema.Attribute{
			"id":         computedString(),
			"policy_arn": requiredString(replaces),
			"role":       requiredString(replaces),
		}, func(_ *client, args map[string]string) map[string]any {
			return map[string]any{"id": lowerID(args["role"]+"-", args["role"]+args["policy_arn"], 26)}
		}},
		{"iam_instance_profile", withTags(map[string]schema.Attribute{
			"arn":         computedString(),
			"create_date": computedString(),
			"id":          computedString(),
			"name":        optionalComputedString(replaces),
			"name_prefix": optionalComputedString(replaces),
			"path":        defaultString("/", replaces),
			"role":        optionalString(inPlace),
			"unique_id":   computedString(),
		}), func(c *client, args map[string]string) map[string]any {
			name := generatedName(args, args["role"])
			arn := fmt.Sprintf("arn:%s:iam::%s:instance-profile%s%s", c.partition.id, c.world.AccountID, args["path"], name)
			return map[string]any{"arn": arn, "create_date": created, "id": name, "name": name,
				"name_prefix": args["name_prefix"], "unique_id": uniqueID("AIPA", arn)}
		}},
		{"eks_access_entry", withTags(map[string]schema.Attribute{
			"access_entry_arn":  computedString(),
			"cluster_name":      requiredString(replaces),
			"created_at":        computedString(),
			"id":                computedString(),
			"kubernetes_groups": optionalComputedStringSet(),
			"modified_at":       computedString(),
			"principal_arn":     requiredString(replaces),
			"type":              defaultString("STANDARD", replaces),
			"user_name":         optionalComputedString(inPlace),
		}), func(c *client, args map[string]string) map[string]any {
			user := args["principal_arn"]
			if args["type"] == "EC2_LINUX" || args["type"] == "EC2_WINDOWS" {
				user = "system:node:{{EC2PrivateDNSName}}"
			}
			arn := fmt.Sprintf("arn:%s:eks:%s:%s:access-entry/%s/role/%s/%s", c.partition.id, c.region, c.world.AccountID,
				args["cluster_name"], c.world.AccountID, lowerID("", args["principal_arn"], 32))
			return map[string]any{"access_entry_arn": arn, "created_at": created, "id": args["cluster_name"] + ":" + args["principal_arn"],
				"kubernetes_groups": []string{}, "modified_at": created, "user_name": user}
		}},
		{"eks_pod_identity_association", withTags(map[string]schema.Attribute{
			"association_arn": computedString(),
			"association_id":  computedString(),
			"cluster_name":    requiredString(replaces),
			"id":              computedString(),
			"namespace":       requiredString(replaces),
			"role_arn":        requiredString(inPlace),
			"service_account": requiredString(replaces),
		}), func(c *client, args map[string]string) map[string]any {
			id := lowerID("a-", args["cluster_name"]+args["namespace"]+args["service_account"], 17)
			arn := fmt.Sprintf("arn:%s:eks:%s:%s:podidentityassociation/%s/%s", c.partition.id, c.region, c.world.AccountID, args["cluster_name"], id)
			return map[string]any{"association_arn": arn, "association_id": id, "id": id}
		}},
		{"sqs_queue", withTags(map[string]schema.Attribute{
			"arn":                               computedString(),
			"content_based_deduplication":       defaultBool(false, inPlace),
			"deduplication_scope":               optionalComputedString(inPlace),
			"delay_seconds":                     defaultInt(0),
			"fifo_queue":                        defaultBool(false, replaces),
			"fifo_throughput_limit":             optionalComputedString(inPlace),
			"id":                                computedString(),
			"kms_data_key_reuse_period_seconds": optionalComputedInt(),
			"kms_master_key_id":                 optionalString(inPlace),
			"max_message_size":                  defaultInt(262144),
			"message_retention_seconds":         defaultInt(345600),
			"name":                              optionalComputedString(replaces),
			"name_prefix":                       optionalComputedString(replaces),
			"policy":                            optionalComputedString(inPlace),
			"receive_wait_time_seconds":         defaultInt(0),
			"redrive_allow_policy":              optionalComputedString(inPlace),
			"redrive_policy":                    optionalComputedString(inPlace),
			"sqs_managed_sse_enabled":           optionalComputedBool(),
			"url":                               computedString(),
			"visibility_timeout_seconds":        defaultInt(30),
		}), func(c *client, args map[string]string) map[string]any {
			name := generatedName(args, "queue")
			url := fmt.Sprintf("https://sqs.%s.%s/%s/%s", c.region, c.partition.dnsSuffix, c.world.AccountID, name)
			return map[string]any{"arn": fmt.Sprintf("arn:%s:sqs:%s:%s:%s", c.partition.id, c.region, c.world.AccountID, name),
				"deduplication_scope": "", "fifo_throughput_limit": "", "id": url, "kms_data_key_reuse_period_seconds": int64(300),
				"name": name, "name_prefix": args["name_prefix"], "policy": "", "redrive_allow_policy": "", "redrive_policy": "",
				"sqs_managed_sse_enabled": true, "url": url}
		}},
		{"sqs_queue_policy", map[string]schema.Attribute{
			"id":        computedString(),
			"policy":    requiredString(inPlace),
			"queue_url": requiredString(replaces),
		}, func(_ *client, args map[string]string) map[string]any {
			return map[string]any{"id": args["queue_url"]}
		}},
		{"cloudwatch_event_rule", withTags(map[string]schema.Attribute{
			"arn":                 computedString(),
			"description":         optionalString(inPlace),
			"event_bus_name":      defaultString("default", replaces),
			"event_pattern":       optionalString(inPlace),
			"id":                  computedString(),
			"is_enabled":          optionalComputedBool(),
			"name":                optionalComputedString(replaces),
			"name_prefix":         optionalComputedString(replaces),
			"role_arn":            optionalString(inPlace),
			"schedule_expression": optionalString(inPlace),
			"state":               optionalComputedString(inPlace),
		}), func(c *client, args map[string]string) map[string]any {
			name := generatedName(args, args["event_pattern"])
			return map[string]any{"arn": fmt.Sprintf("arn:%s:events:%s:%s:rule/%s", c.partition.id, c.region, c.world.AccountID, name),
				"id": name, "is_enabled": true, "name": name, "name_prefix": args["name_prefix"], "state": "ENABLED"}
		}},
		{"cloudwatch_event_target", map[string]schema.Attribute{
			"arn":            requiredString(inPlace),
			"event_bus_name": defaultString("default", replaces),
			"id":             computedString(),
			"input":          optionalString(inPlace),
			"input_path":     optionalString(inPlace),
			"role_arn":       optionalString(inPlace),
			"rule":           requiredString(replaces),
			"target_id":      optionalComputedString(replaces),
		}, func(_ *client, args map[string]string) map[string]any {
			target := args["target_id"]
			if target == "" {
				target = lowerID("terraform-", args["rule"]+args["arn"], 26)
			}
			return map[string]any{"id": args["rule"] + "-" + target, "target_id": target}
		}},
		{"ec2_tag", map[string]schema.Attribute{
			"id":          computedString(),
			"key":         requiredString(replaces),
			"resource_id": requiredString(replaces),
			"value":       requiredString(inPlace),
		}, func(_ *client, args map[string]string) map[string]any {
			return map[string]any{"id": args["resource_id"] + "," + args["key"]}
		}},
		{"vpc_security_group_ingress_rule", withTags(map[string]schema.Attribute{
			"arn":                          computedString(),
			"cidr_ipv4":                    optionalString(inPlace),
			"cidr_ipv6":                    optionalString(inPlace),
			"description":                  optionalString(inPlace),
			"from_port":                    optionalInt(inPlace),
			"id":                           computedString(),
			"ip_protocol":                  requiredString(inPlace),
			"prefix_list_id":               optionalString(inPlace),
			"referenced_security_group_id": optionalString(inPlace),
			"security_group_id":            requiredString(replaces),
			"security_group_rule_id":       computedString(),
			"to_port":                      optionalInt(inPlace),
		}), func(c *client, args map[string]string) map[string]any {
			id := lowerID("sgr-", args["security_group_id"]+args["referenced_security_group_id"]+args["cidr_ipv4"], 17)
			return map[string]any{"arn": fmt.Sprintf("arn:%s:ec2:%s:%s:security-group-rule/%s", c.partition.id, c.region, c.world.AccountID, id),
				"id": id, "security_group_rule_id": id}
		}},
	}
}

// genericResource plans through the framework (unknown computed values on create, defaults, replacements) and
// applies by filling in what AWS assigns; reading keeps the state, deleting forgets it.
type genericResource struct {
	definition definition
	client     *client
}

func (r *genericResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.definition.name
}

func (r *genericResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: r.definition.attributes}
}

func (r *genericResource) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	if req.ProviderData != nil {
		r.client = req.ProviderData.(*client)
	}
}

func (r *genericResource) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.apply("creating", req.Plan.Raw, &resp.State, &resp.Diagnostics)
}

func (r *genericResource) Read(_ context.Context, _ resource.ReadRequest, _ *resource.ReadResponse) {}

func (r *genericResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.apply("updating", req.Plan.Raw, &resp.State, &resp.Diagnostics)
}

func (r *genericResource) Delete(_ context.Context, _ resource.DeleteRequest, _ *resource.DeleteResponse) {
}

func (r *genericResource) apply(doing string, planned tftypes.Value, state *tfsdk.State, diagnostics *diag.Diagnostics) {
	applied, err := r.applied(planned)
	if err != nil {
		diagnostics.AddError(doing+" aws_"+r.definition.name, err.Error())
		return
	}
	state.Raw = applied
}

// applied is the planned object with every unknown value replaced by what AWS assigns (null where it assigns
// nothing).
func (r *genericResource) applied(planned tftypes.Value) (tftypes.Value, error) {
	if r.client == nil {
		return planned, fmt.Errorf("the provider is not configured")
	}
	values := map[string]tftypes.Value{}
	if err := planned.As(&values); err != nil {
		return planned, err
	}
	args := map[string]string{}
	for name, value := range values {
		var text string
		if value.IsKnown() && !value.IsNull() && value.Type().Is(tftypes.String) && value.As(&text) == nil {
			args[name] = text
		}
	}
	assigned := r.definition.assign(r.client, args)
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		value := values[name]
		if value.IsFullyKnown() {
			continue
		}
		replacement, err := tfValue(value.Type(), assigned[name])
		if err != nil {
			return planned, fmt.Errorf("%s: %w", name, err)
		}
		values[name] = replacement
	}
	return tftypes.NewValue(planned.Type(), values), nil
}

func tfValue(typ tftypes.Type, value any) (tftypes.Value, error) {
	switch v := value.(type) {
	case nil:
		return tftypes.NewValue(typ, nil), nil
	case string:
		return tftypes.NewValue(typ, v), nil
	case bool:
		return tftypes.NewValue(typ, v), nil
	case int64:
		return tftypes.NewValue(typ, new(big.Float).SetInt64(v)), nil
	case []string:
		set, ok := typ.(tftypes.Set)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("a list of strings for %s", typ)
		}
		elements := make([]tftypes.Value, len(v))
		for i, element := range v {
			elements[i] = tftypes.NewValue(set.ElementType, element)
		}
		return tftypes.NewValue(typ, elements), nil
	}
	return tftypes.Value{}, fmt.Errorf("no value of %T for %s", value, typ)
}
