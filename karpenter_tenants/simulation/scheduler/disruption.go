package main

import (
	"context"
	"fmt"
	"sort"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/awslabs/operatorpkg/status"
	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/controllers/disruption"
	"sigs.k8s.io/karpenter/pkg/controllers/provisioning"
	"sigs.k8s.io/karpenter/pkg/controllers/state"
	"sigs.k8s.io/karpenter/pkg/events"
	"sigs.k8s.io/karpenter/pkg/operator/injection"
	podutils "sigs.k8s.io/karpenter/pkg/utils/pod"
)

// What Karpenter's disruption controller (sigs.k8s.io/karpenter/pkg/controllers/disruption) would do next, with the
// pods placed where the provisioning rounds put them: its consolidation methods in the controller's order (Emptiness,
// then multi-node, then single-node consolidation; drift is the cloud provider's to say and is not asked), each asked
// for its commands (ComputeCommands) with the candidates and budgets the controller gives it. The first method with a
// command is the controller's next action, as it is in Karpenter (one method acts per pass; single-node consolidation's
// one command per pass is said for each pool asked, as its next passes take them). Nothing is executed:
// the commands are never queued, and the validator that would wait 15 s and ask again accepts them as computed.
// Budgets with a schedule are taken as outside their window (the answer does not depend on the hour it is asked).

type disruptedNode struct {
	Node         string  `json:"node"`
	NodePool     string  `json:"nodePool"`
	InstanceType string  `json:"instanceType"`
	CapacityType string  `json:"capacityType"`
	Zone         string  `json:"zone"`
	PricePerHour float64 `json:"pricePerHour"`
	Pods         int     `json:"pods"`
}

type disruptionOutput struct {
	Method         string            `json:"method"`   // emptiness | multi-node consolidation | single-node consolidation
	Reason         string            `json:"reason"`   // Karpenter's disruption reason: Empty | Underutilized
	Decision       string            `json:"decision"` // delete | replace
	Nodes          []disruptedNode   `json:"nodes"`
	Replacements   []nodeClaimOutput `json:"replacements"`
	SavingsPerHour float64           `json:"savingsPerHour"`
}

// acceptAsComputed is the validator of every method here: the controller's validators wait commandValidationDelay
// (15 s) and compute again to catch a cluster that changed meanwhile; nothing changes in a simulation.
type acceptAsComputed struct{}

func (acceptAsComputed) Validate(_ context.Context, cmd disruption.Command, _ time.Duration) (disruption.Command, error) {
	return cmd, nil
}

// supportedNodeClass stands for the AWS provider's EC2NodeClass where Karpenter's core asks which node classes its cloud
// provider supports (nodepoolutils.IsManaged compares group and kind, read from the scheme).
type supportedNodeClass struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Conditions        []status.Condition `json:"conditions,omitempty"`
}

func (in *supportedNodeClass) GetConditions() []status.Condition  { return in.Conditions }
func (in *supportedNodeClass) SetConditions(c []status.Condition) { in.Conditions = c }
func (in *supportedNodeClass) StatusConditions(opts ...status.ForOption) status.ConditionSet {
	return status.NewReadyConditions().For(in, opts...)
}
func (in *supportedNodeClass) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Conditions = append([]status.Condition(nil), in.Conditions...)
	return &out
}

func init() {
	scheme.Scheme.AddKnownTypeWithName(schema.GroupVersion{Group: awsGroup, Version: "v1"}.WithKind(ec2NodeClass.Kind), &supportedNodeClass{})
}

// consolidate hands the cluster as placed to the disruption methods and describes the first method's commands.
func consolidate(ctx context.Context, kubeClient client.Client, cluster *state.Cluster, cloudProvider *provider,
	recorder events.Recorder, clk clock.Clock, prov *provisioning.Provisioner, pools []*v1.NodePool, q question) ([]disruptionOutput, error) {
	ctx = injection.WithControllerName(ctx, "disruption")
	if err := managedState(ctx, kubeClient, cluster, pools, q); err != nil {
		return nil, err
	}
	queue := disruption.NewQueue(kubeClient, recorder, cluster, clk, prov)
	c := disruption.MakeConsolidation(clk, cluster, kubeClient, prov, cloudProvider, recorder, queue)
	accept := disruption.WithValidator(acceptAsComputed{})
	methods := []struct {
		name   string
		method disruption.Method
	}{
		{"emptiness", disruption.NewEmptiness(c, accept)},
		{"multi-node consolidation", disruption.NewMultiNodeConsolidation(c, accept)},
		{"single-node consolidation", disruption.NewSingleNodeConsolidation(c, accept)},
	}
	asked := map[string]bool{}
	for _, name := range q.disruption {
		asked[name] = true
	}
	for _, m := range methods {
		// the method's own filter, on the nodes of the pools asked about (each candidate costs a scheduling
		// simulation of the whole cluster: the pools a pull request leaves alone answer as they did at base)
		filter := func(ctx context.Context, candidate *disruption.Candidate) bool {
			return asked[candidate.NodePool.Name] && m.method.ShouldDisrupt(ctx, candidate)
		}
		candidates, totals, err := disruption.GetCandidatesWithTotals(ctx, cluster, kubeClient, recorder, clk, cloudProvider,
			filter, m.method.Class(), queue, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: determining candidates, %w", m.name, err)
		}
		if len(candidates) == 0 {
			continue
		}
		if setter, ok := m.method.(disruption.NodePoolTotalsSetter); ok {
			setter.SetNodePoolTotals(totals)
		}
		budgets, err := disruption.BuildDisruptionBudgetMapping(ctx, cluster, clk, kubeClient, cloudProvider, recorder, m.method.Reason())
		if err != nil {
			return nil, fmt.Errorf("%s: building disruption budgets, %w", m.name, err)
		}
		// The candidates come from the cluster state's map, in no fixed order, and the methods sort them with ties left
		// as they come: in node-name order, ties are broken the same way every time.
		sort.Slice(candidates, func(i, j int) bool { return candidates[i].Name() < candidates[j].Name() })
		var commands []disruption.Command
		if m.name == "single-node consolidation" {
			// Single-node consolidation takes one command per pass from its pools interleaved in a map's order (a
			// random one): asked pool by pool, in name order, it says each pool's, what its next passes do in turn.
			byPool := map[string][]*disruption.Candidate{}
			for _, candidate := range candidates {
				byPool[candidate.NodePool.Name] = append(byPool[candidate.NodePool.Name], candidate)
			}
			for _, pool := range sortedKeys(byPool) {
				found, err := disruption.NewSingleNodeConsolidation(c, accept).ComputeCommands(ctx, budgets, byPool[pool]...)
				if err != nil {
					return nil, fmt.Errorf("%s: computing commands, %w", m.name, err)
				}
				commands = append(commands, found...)
			}
		} else if commands, err = m.method.ComputeCommands(ctx, budgets, candidates...); err != nil {
			return nil, fmt.Errorf("%s: computing commands, %w", m.name, err)
		}
		var described []disruptionOutput
		for _, cmd := range commands {
			if cmd.Decision() == disruption.NoOpDecision {
				continue
			}
			out, err := describeCommand(ctx, kubeClient, m.name, m.method.Reason(), cmd)
			if err != nil {
				return nil, err
			}
			described = append(described, out)
		}
		if len(described) > 0 {
			return described, nil
		}
	}
	return []disruptionOutput{}, nil
}

// managedState makes the cluster as placed look to the disruption controller as a running Karpenter's does: the Ready
// NodePools and the DaemonSets in the API server, and a NodeClaim (Launched, Registered, Initialized, and
// Consolidatable: its consolidateAfter has passed) for every node of the pools asked about, the simulated ones and
// the existing nodes that carry karpenter.sh/nodepool. The other pools' nodes stay unmanaged: the controller finds
// them no candidates at once (each candidate's pods are read from the API server, a cost per node), and they still
// take pods in its scheduling simulations, as unmanaged nodes do.
func managedState(ctx context.Context, kubeClient client.Client, cluster *state.Cluster, pools []*v1.NodePool, q question) error {
	byName := map[string]*v1.NodePool{}
	for _, np := range pools {
		byName[np.Name] = np
		stored := np.DeepCopy()
		stored.ResourceVersion = ""
		// A budget with a schedule counts only inside its window: taken as outside it, so that the answer is what
		// consolidation does once the pull request is merged, whatever the hour the review runs.
		budgets := []v1.Budget{}
		for _, budget := range stored.Spec.Disruption.Budgets {
			if budget.Schedule == nil {
				budgets = append(budgets, budget)
			}
		}
		stored.Spec.Disruption.Budgets = budgets
		if err := kubeClient.Create(ctx, stored); err != nil {
			return fmt.Errorf("NodePool %s: %w", np.Name, err)
		}
	}
	for index, pod := range q.daemonSetPods {
		ds := &appsv1.DaemonSet{
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("daemonset-%d", index), Namespace: pod.Namespace},
			Spec: appsv1.DaemonSetSpec{Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: pod.Labels, Annotations: pod.Annotations},
				Spec:       pod.Spec,
			}},
		}
		if err := kubeClient.Create(ctx, ds); err != nil {
			return fmt.Errorf("DaemonSet of %s: %w", podKey(pod), err)
		}
	}
	asked := map[string]bool{}
	for _, name := range q.disruption {
		asked[name] = true
	}
	for _, stateNode := range cluster.DeepCopyNodes() {
		node := stateNode.Node
		if node == nil || stateNode.NodeClaim != nil {
			continue
		}
		np := byName[node.Labels[v1.NodePoolLabelKey]]
		if np == nil || !asked[np.Name] {
			continue // another pool's node stays unmanaged: still room for pods, never a candidate
		}
		node = node.DeepCopy()
		node.Labels[v1.NodeRegisteredLabelKey] = "true"
		node.Labels[v1.NodeInitializedLabelKey] = "true"
		if err := kubeClient.Update(ctx, node); err != nil {
			return fmt.Errorf("node %s: %w", node.Name, err)
		}
		claim := &v1.NodeClaim{
			ObjectMeta: metav1.ObjectMeta{Name: node.Name, Labels: node.Labels,
				Annotations: map[string]string{v1.NodePoolHashAnnotationKey: np.Hash()}},
			Spec: v1.NodeClaimSpec{NodeClassRef: np.Spec.Template.Spec.NodeClassRef, Taints: node.Spec.Taints},
			Status: v1.NodeClaimStatus{ProviderID: node.Spec.ProviderID, NodeName: node.Name,
				Capacity: node.Status.Capacity, Allocatable: node.Status.Allocatable},
		}
		for _, condition := range []string{v1.ConditionTypeLaunched, v1.ConditionTypeRegistered, v1.ConditionTypeInitialized,
			v1.ConditionTypeConsolidatable} {
			claim.StatusConditions().SetTrue(condition)
		}
		if err := kubeClient.Create(ctx, claim); err != nil {
			return fmt.Errorf("NodeClaim of node %s: %w", node.Name, err)
		}
		cluster.UpdateNodeClaim(claim)
		if err := cluster.UpdateNode(ctx, node); err != nil {
			return fmt.Errorf("node %s: %w", node.Name, err)
		}
	}
	return nil
}

func describeCommand(ctx context.Context, kubeClient client.Client, method string, reason v1.DisruptionReason,
	cmd disruption.Command) (disruptionOutput, error) {
	out := disruptionOutput{Method: method, Reason: string(reason), Decision: string(cmd.Decision()),
		Nodes: []disruptedNode{}, Replacements: []nodeClaimOutput{}}
	for _, candidate := range cmd.Candidates {
		pods, err := candidate.Pods(ctx, kubeClient)
		if err != nil {
			return out, fmt.Errorf("pods of node %s: %w", candidate.Name(), err)
		}
		moved := 0
		for _, pod := range pods {
			if podutils.IsReschedulable(pod) {
				moved++
			}
		}
		labels := candidate.Labels()
		out.Nodes = append(out.Nodes, disruptedNode{Node: candidate.Name(), NodePool: candidate.NodePool.Name,
			InstanceType: labels[corev1.LabelInstanceTypeStable], CapacityType: labels[v1.CapacityTypeLabelKey],
			Zone: labels[corev1.LabelTopologyZone], PricePerHour: candidate.Price, Pods: moved})
		out.SavingsPerHour += candidate.Price
	}
	for _, replacement := range cmd.Replacements {
		described := describeClaim(replacement.NodeClaim)
		out.Replacements = append(out.Replacements, described)
		out.SavingsPerHour -= described.PricePerHour
	}
	sort.Slice(out.Nodes, func(i, j int) bool { return out.Nodes[i].Node < out.Nodes[j].Node })
	sort.Slice(out.Replacements, func(i, j int) bool {
		x, y := out.Replacements[i], out.Replacements[j]
		return x.NodePool+x.InstanceType+x.Zone < y.NodePool+y.InstanceType+y.Zone
	})
	return out, nil
}
