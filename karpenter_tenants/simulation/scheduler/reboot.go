package main

import (
	"context"
	"fmt"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
)

// Reboot is the cloud provider's in-place reboot, which sigs.k8s.io/karpenter v1.15's CloudProvider interface adds
// (node repair's RebootNode action; go115.mod). The simulation never repairs a node, so it is never asked; v1.14's
// interface has no such method and ignores it. One source builds against both cores.
func (p *provider) Reboot(context.Context, *v1.NodeClaim, string) error {
	return fmt.Errorf("the simulation reboots nothing")
}
