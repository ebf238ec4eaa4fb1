// Command terraform-provider-aws is a stand-in for the AWS provider (hashicorp/aws v5) that plans and applies
// without AWS: the resources and data sources terraform/ uses, with the real provider's argument and attribute
// names and types. Resources plan as the real provider does (what AWS assigns is unknown until apply) and apply
// by computing what AWS would assign (ARNs, ids); data sources answer from a JSON world file (world.go) and fail
// as the real provider does for an object AWS does not have.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

// Address is the provider terraform/versions.tf requires (source "hashicorp/aws", which OpenTofu resolves on its
// own registry's host).
const Address = "registry.opentofu.org/hashicorp/aws"

func main() {
	debug := flag.Bool("debug", false, "serve for a debugger (TF_REATTACH_PROVIDERS)")
	flag.Parse()
	err := providerserver.Serve(context.Background(), newProvider, providerserver.ServeOpts{Address: Address, Debug: *debug})
	if err != nil {
		log.Fatal(err)
	}
}
