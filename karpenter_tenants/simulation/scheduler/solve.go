package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/awslabs/operatorpkg/status"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/record"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/cloudprovider"
	"sigs.k8s.io/karpenter/pkg/controllers/provisioning"
	scheduler "sigs.k8s.io/karpenter/pkg/controllers/provisioning/scheduling"
	"sigs.k8s.io/karpenter/pkg/controllers/state"
	"sigs.k8s.io/karpenter/pkg/events"
	"sigs.k8s.io/karpenter/pkg/operator/injection"
	"sigs.k8s.io/karpenter/pkg/operator/options"
	"sigs.k8s.io/karpenter/pkg/scheduling"
	nodepoolutils "sigs.k8s.io/karpenter/pkg/utils/nodepool"
)

var ec2NodeClass = schema.GroupKind{Group: awsGroup, Kind: "EC2NodeClass"}

// provider is the cloud provider as the scheduler sees it: GetInstanceTypes answers the given types for every NodePool
// (the AWS provider answers the types its EC2NodeClass allows; the input gives them already resolved). Nothing
// launches.
type provider struct {
	instanceTypes []*cloudprovider.InstanceType
	classTypes    *nodeClassTypes // the types of a node class that changes them (nodeclass.go)
}

func (p *provider) Create(context.Context, *v1.NodeClaim) (*v1.NodeClaim, error) {
	return nil, fmt.Errorf("the simulation launches nothing")
}
func (p *provider) Delete(context.Context, *v1.NodeClaim) error { return nil }
func (p *provider) Get(context.Context, string) (*v1.NodeClaim, error) {
	return nil, cloudprovider.NewNodeClaimNotFoundError(fmt.Errorf("the simulation launches nothing"))
}
func (p *provider) List(context.Context) ([]*v1.NodeClaim, error) { return nil, nil }
func (p *provider) GetInstanceTypes(_ context.Context, np *v1.NodePool) ([]*cloudprovider.InstanceType, error) {
	return p.classTypes.forPool(np, p.instanceTypes), nil
}
func (p *provider) IsDrifted(context.Context, *v1.NodeClaim) (cloudprovider.DriftReason, error) {
	return "", nil
}
func (p *provider) RepairPolicies() []cloudprovider.RepairPolicy { return nil }
func (p *provider) Name() string                                 { return "aws" }
func (p *provider) GetSupportedNodeClasses() []status.Object {
	return []status.Object{&supportedNodeClass{}}
}

// karpenterContext is the context the provisioner runs with: Karpenter's options at their defaults (parsed by
// Karpenter's own flag set, every setting that could change an answer pinned so that the environment, e.g.
// PREFERENCE_POLICY, cannot), CPU_REQUESTS from the workers asked (its concurrency, which changes no answer) and the
// provisioner's controller name.
func karpenterContext(workers int) (context.Context, *options.Options, error) {
	opts := &options.Options{}
	flags := &options.FlagSet{FlagSet: flag.NewFlagSet("karpenter", flag.ContinueOnError)}
	flags.SetOutput(io.Discard)
	opts.AddFlags(flags)
	if err := opts.Parse(flags, "--log-level=error", fmt.Sprintf("--cpu-requests=%d", 1000*workers), "--preference-policy=Respect",
		"--min-values-policy=Strict", "--ignore-dra-requests=true",
		"--feature-gates=NodeRepair=false,ReservedCapacity=true,SpotToSpotConsolidation=false,NodeOverlay=false,StaticCapacity=false,CapacityBuffer=false"); err != nil {
		return nil, nil, err
	}
	return options.ToContext(injection.WithControllerName(context.Background(), "provisioner"), opts), opts, nil
}

// readyPools is what Provisioner.NewScheduler keeps of the NodePools: those of the cloud provider's node class kind
// (nodepoolutils.ListManaged), not static, Ready, not deleting; in weight order. Ready is set as Karpenter's
// nodepool.validation (RuntimeValidate) and nodepool.readiness (the EC2NodeClass exists; a given class counts as
// Ready) controllers set it.
func readyPools(ctx context.Context, q question) (pools []*v1.NodePool, dropped []droppedOutput) {
	for _, np := range q.nodePools {
		ref := np.Spec.Template.Spec.NodeClassRef
		switch {
		case ref == nil || ref.GroupKind() != ec2NodeClass:
			kind := "none"
			if ref != nil {
				kind = ref.GroupKind().String()
			}
			dropped = append(dropped, droppedOutput{np.Name, fmt.Sprintf("nodeClassRef is %s, not EC2NodeClass.karpenter.k8s.aws: the AWS provider's Karpenter does not manage this NodePool", kind)})
			continue
		case nodepoolutils.IsStatic(np):
			dropped = append(dropped, droppedOutput{np.Name, "static NodePool (spec.replicas): the provisioner does not provision pending pods for it"})
			continue
		case !np.DeletionTimestamp.IsZero():
			dropped = append(dropped, droppedOutput{np.Name, "being deleted (metadata.deletionTimestamp)"})
			continue
		}
		np.Status.Conditions = nil
		conditions := np.StatusConditions()
		if err := np.RuntimeValidate(ctx); err != nil {
			conditions.SetFalse(v1.ConditionTypeValidationSucceeded, "NodePoolValidationFailed", err.Error())
		} else {
			conditions.SetTrue(v1.ConditionTypeValidationSucceeded)
		}
		if q.nodeClasses[ref.Name] {
			conditions.SetTrue(v1.ConditionTypeNodeClassReady)
		} else {
			conditions.SetFalse(v1.ConditionTypeNodeClassReady, "NodeClassNotFound", "NodeClass not found on cluster")
		}
		if !np.StatusConditions().IsTrue(status.ConditionReady) {
			reason := "not Ready"
			for _, kind := range []string{v1.ConditionTypeValidationSucceeded, v1.ConditionTypeNodeClassReady} {
				if c := conditions.Get(kind); c.IsFalse() {
					reason += fmt.Sprintf("; %s=False, %s: %s", kind, c.Reason, oneLine(c.Message))
				}
			}
			if ref.Name != "" && !q.nodeClasses[ref.Name] {
				reason += fmt.Sprintf(" (EC2NodeClass %q)", ref.Name)
			}
			dropped = append(dropped, droppedOutput{np.Name, reason})
			continue
		}
		pools = append(pools, np)
	}
	nodepoolutils.OrderByWeight(pools)
	return pools, dropped
}

// solve runs what Provisioner.Schedule runs, on a fake API server holding the nodes and namespaces.
func solve(q question) (*output, error) {
	ctx, opts, err := karpenterContext(q.workers)
	if err != nil {
		return nil, err
	}
	answer := &output{KarpenterCore: coreVersion(), Bound: []existingNodeOutput{}, NodeClaims: []nodeClaimOutput{},
		ExistingNodes: []existingNodeOutput{}, Pending: []pendingOutput{}, DroppedNodePools: []droppedOutput{}}
	pools, dropped := readyPools(ctx, q)
	answer.DroppedNodePools = append(answer.DroppedNodePools, dropped...)

	// The plain object tracker: the default one also keeps managed fields (server-side apply's bookkeeping), which
	// nothing here reads and which doubled the cost of binding thousands of pods.
	tracker := clienttesting.NewObjectTracker(clientgoscheme.Scheme, serializer.NewCodecFactory(clientgoscheme.Scheme).UniversalDecoder())
	kubeClient := fakeclient.NewClientBuilder().WithScheme(clientgoscheme.Scheme).WithObjectTracker(tracker).
		WithIndex(&corev1.Pod{}, "spec.nodeName", func(o client.Object) []string { return []string{o.(*corev1.Pod).Spec.NodeName} }).
		Build()
	cloudProvider := &provider{instanceTypes: q.instanceTypes, classTypes: q.classTypes}
	clk := clock.RealClock{}
	cluster := state.NewCluster(clk, kubeClient, cloudProvider)
	recorder := events.NewRecorder(&record.FakeRecorder{})
	if err := addNamespaces(ctx, kubeClient, q); err != nil {
		return nil, err
	}
	for _, node := range q.nodes {
		if err := addNode(ctx, kubeClient, cluster, node); err != nil {
			return nil, fmt.Errorf("node %s: %w", node.Name, err)
		}
	}
	// The pods that run: bound to their nodes as the cluster has them (in the API server and in cluster state, as the
	// pod informer's state.Cluster.UpdatePod does), before anything is scheduled; the scheduler sees their nodes with
	// what these pods use, topology counts them, consolidation may move them.
	boundTo := map[string][]*corev1.Pod{}
	for _, pod := range q.pods {
		if pod.Spec.NodeName != "" {
			boundTo[pod.Spec.NodeName] = append(boundTo[pod.Spec.NodeName], pod)
		}
	}
	for _, name := range sortedKeys(boundTo) {
		if err := bind(ctx, kubeClient, cluster, boundTo[name], name); err != nil {
			return nil, err
		}
		answer.Bound = append(answer.Bound, existingNodeOutput{name, podKeys(boundTo[name])})
	}
	// Provisioner.Schedule: the nodes first (DeepCopyNodes), then the pending pods that pass Validate.
	prov := provisioning.NewProvisioner(kubeClient, recorder, cloudProvider, cluster, clk, nil, nil)
	var pods []*corev1.Pod
	for _, pod := range q.pods {
		if pod.Spec.NodeName != "" {
			continue // bound: runs where it is
		}
		// The input has no PersistentVolumeClaims: validate the pod's labels and affinity, not its volumes.
		probe := pod.DeepCopy()
		probe.Spec.Volumes = nil
		if err := prov.Validate(ctx, probe); err != nil {
			answer.Pending = append(answer.Pending, pendingOutput{podKey(pod), fmt.Sprintf("ignoring pod, %s", err)})
			continue
		}
		pods = append(pods, pod)
	}
	// No NodePool: Karpenter's provisioner stops at "no dynamic nodepools found" and leaves the pods to kube-scheduler
	// on the nodes that exist. The scheduler is still run, with no NodeClaim templates (NewScheduler builds it "so that
	// Karpenter can ack pods which can schedule to existing and in-flight capacity"): its existing-node path places
	// what fits on the nodes; only what fits none is pending.
	instanceTypes := map[string][]*cloudprovider.InstanceType{}
	for _, np := range pools {
		its, _ := cloudProvider.GetInstanceTypes(ctx, np)
		if len(its) == 0 {
			answer.DroppedNodePools = append(answer.DroppedNodePools, droppedOutput{np.Name, "skipping, no resolved instance types found"})
			continue
		}
		instanceTypes[np.Name] = its
	}
	schedulerOptions := []scheduler.Options{
		scheduler.DisableReservedCapacityFallback,
		scheduler.NumConcurrentReconciles(int(math.Ceil(float64(opts.CPURequests) / 1000.0))),
		scheduler.MinValuesPolicy(opts.MinValuesPolicy),
	}
	if opts.PreferencePolicy == options.PreferencePolicyIgnore {
		schedulerOptions = append(schedulerOptions, scheduler.IgnorePreferences)
	}
	// Karpenter provisions in rounds: a NodeClaim reserves the largest of its instance types against the pool's
	// limits (subtractMax) until it has launched; then its node counts with its real capacity, and pods still pending
	// get another round. The simulation launches each round's NodeClaims (the offering describeClaim picks, as a node
	// of that type with the pool's labels and taints, its pods bound) and schedules what is left, until a round
	// launches nothing.
	remaining := pods // none pending: no round, consolidation still asked of the cluster as bound
	var podErrors map[*corev1.Pod]error
	for round := 0; round < maxRounds && len(remaining) > 0; round++ {
		roundNodes := cluster.DeepCopyNodes().Active()
		topology, err := scheduler.NewTopology(ctx, kubeClient, cluster, roundNodes, pools, instanceTypes, remaining, schedulerOptions...)
		if err != nil {
			return nil, fmt.Errorf("tracking topology counts, %w", err)
		}
		s := scheduler.NewScheduler(ctx, kubeClient, pools, cluster, roundNodes, topology, instanceTypes, q.daemonSetPods,
			recorder, clk, map[types.UID][]scheduling.Requirements{}, nil, schedulerOptions...)
		results, err := s.Solve(ctx, remaining)
		if err != nil {
			return nil, fmt.Errorf("solving, %w", err)
		}
		results = results.TruncateInstanceTypes(ctx, scheduler.MaxInstanceTypes)
		podErrors = results.PodErrors
		// Another round only matters for pods still pending: without any, nothing is launched or bound (unless
		// disruption is asked of the cluster as placed).
		another := len(podErrors) > 0 || len(q.disruption) > 0
		progress := false
		// numbered per pool within the round: a pool's NodeClaims come in the same order whatever the other pools'
		// pods are (the queue's order is a total order on pods), so a part of a batch names them as the whole would
		perPool := map[string]int{}
		for _, claim := range results.NewNodeClaims {
			described := describeClaim(claim)
			answer.NodeClaims = append(answer.NodeClaims, described)
			progress = true
			if !another {
				continue
			}
			name := fmt.Sprintf("simulated-%s-%d-%d", claim.NodePoolName, round, perPool[claim.NodePoolName])
			perPool[claim.NodePoolName]++
			if err := launch(ctx, kubeClient, cluster, claim, described, name); err != nil {
				return nil, fmt.Errorf("launching %s, %w", name, err)
			}
		}
		for _, node := range results.ExistingNodes {
			if len(node.Pods) == 0 {
				continue
			}
			answer.ExistingNodes = append(answer.ExistingNodes, existingNodeOutput{node.Name(), podKeys(node.Pods)})
			progress = true
			if !another {
				continue
			}
			if err := bind(ctx, kubeClient, cluster, node.Pods, node.Name()); err != nil {
				return nil, err
			}
		}
		remaining = remaining[:0:0]
		for pod := range podErrors {
			remaining = append(remaining, pod)
		}
		sort.Slice(remaining, func(i, j int) bool { return podKey(remaining[i]) < podKey(remaining[j]) })
		if !progress {
			break
		}
	}
	answer.ExistingNodes = mergeExisting(answer.ExistingNodes)
	if len(q.disruption) > 0 {
		if answer.Disruption, err = consolidate(ctx, kubeClient, cluster, cloudProvider, recorder, clk, prov, pools, q); err != nil {
			return nil, err
		}
	}
	for pod, podErr := range podErrors {
		reason := podErr.Error()
		if len(pools) == 0 && q.poolsElsewhere > 0 { // a part of a batch whose pods reach none of the cluster's pools
			reason = fmt.Sprintf("no NodePool it can reach (the cluster's %d NodePool(s) refuse it by taint or label), and no existing node fits it", q.poolsElsewhere)
		} else if len(pools) == 0 { // Karpenter's error names the NodeClaim templates there are none of
			reason = "no dynamic nodepools found, and no existing node fits it"
		}
		answer.Pending = append(answer.Pending, pendingOutput{podKey(pod), reason})
	}
	sortAnswer(answer)
	return answer, nil
}

func addNamespaces(ctx context.Context, kubeClient client.Client, q question) error {
	namespaces := map[string]bool{}
	for _, pod := range append(append([]*corev1.Pod{}, q.pods...), q.daemonSetPods...) {
		namespaces[pod.Namespace] = true
	}
	for _, name := range sortedKeys(namespaces) {
		namespace := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{corev1.LabelMetadataName: name}}}
		if err := kubeClient.Create(ctx, namespace); err != nil {
			return fmt.Errorf("namespace %s: %w", name, err)
		}
	}
	return nil
}

// addNode puts an existing node in the API server and in Karpenter's cluster state (state.Cluster.UpdateNode, which
// the node informer calls). A node without a NodeClaim is, to Karpenter, unmanaged: registered, initialized, its
// labels, taints and allocatable as given. UpdateNode ignores a node carrying karpenter.sh/nodepool without a
// providerID (or, uninitialized, without an instance-type label): such nodes get the node name as providerID and the
// initialized label, as a running Karpenter node has them.
func addNode(ctx context.Context, kubeClient client.Client, cluster *state.Cluster, given *corev1.Node) error {
	node := given.DeepCopy()
	node.ResourceVersion, node.UID = "", types.UID("node:"+node.Name)
	if node.Spec.ProviderID == "" {
		node.Spec.ProviderID = node.Name
	}
	if node.Labels == nil {
		node.Labels = map[string]string{}
	}
	if node.Labels[v1.NodePoolLabelKey] != "" && node.Labels[corev1.LabelInstanceTypeStable] == "" && node.Labels[v1.NodeInitializedLabelKey] == "" {
		node.Labels[v1.NodeInitializedLabelKey] = "true"
	}
	stored := node.DeepCopy()
	stored.DeletionTimestamp, stored.Finalizers = nil, nil
	if err := kubeClient.Create(ctx, stored); err != nil {
		return err
	}
	return cluster.UpdateNode(ctx, node)
}

// describeClaim says what a NodeClaim is and which offering the AWS provider would launch it with: the capacity type
// of its getCapacityType (reserved, then spot, where the NodeClaim's requirements allow it and one of its instance
// types has such an available, compatible offering; else on-demand), then the cheapest available offering of that
// capacity type compatible with the NodeClaim's requirements; ties by instance type, then zone.
func describeClaim(claim *scheduler.NodeClaim) nodeClaimOutput {
	out := nodeClaimOutput{NodePool: claim.NodePoolName, Pods: podKeys(claim.Pods),
		InstanceTypeOptions: len(claim.InstanceTypeOptions), Requests: map[string]string{}}
	for name, quantity := range claim.Spec.Resources.Requests {
		out.Requests[string(name)] = quantity.String()
	}
	its := claim.InstanceTypeOptions
	nodeClaim := claim.ToNodeClaim()
	requirements := scheduling.NewNodeSelectorRequirementsWithMinValues(nodeClaim.Spec.Requirements...)
	capacityType := v1.CapacityTypeOnDemand
	for _, candidate := range []string{v1.CapacityTypeReserved, v1.CapacityTypeSpot} {
		if !requirements.Get(v1.CapacityTypeLabelKey).Has(candidate) {
			continue
		}
		pinned := scheduling.NewRequirements(requirements.Values()...)
		pinned[v1.CapacityTypeLabelKey] = scheduling.NewRequirement(v1.CapacityTypeLabelKey, corev1.NodeSelectorOpIn, candidate)
		if len(its.Compatible(pinned)) != 0 {
			capacityType = candidate
			break
		}
	}
	pinned := scheduling.NewRequirements(requirements.Values()...)
	pinned[v1.CapacityTypeLabelKey] = scheduling.NewRequirement(v1.CapacityTypeLabelKey, corev1.NodeSelectorOpIn, capacityType)
	found := false
	for _, it := range its {
		for _, offering := range it.Offerings.Available().Compatible(pinned) {
			zone := offering.Zone()
			if !found || offering.Price < out.PricePerHour ||
				(offering.Price == out.PricePerHour && (it.Name < out.InstanceType || (it.Name == out.InstanceType && zone < out.Zone))) {
				out.InstanceType, out.Zone, out.CapacityType, out.PricePerHour, found = it.Name, zone, capacityType, offering.Price, true
			}
		}
	}
	return out
}

func sortAnswer(a *output) {
	sort.Slice(a.NodeClaims, func(i, j int) bool {
		x, y := a.NodeClaims[i], a.NodeClaims[j]
		for _, pair := range [][2]string{{x.NodePool, y.NodePool}, {x.InstanceType, y.InstanceType}, {x.Zone, y.Zone},
			{x.CapacityType, y.CapacityType}, {first(x.Pods), first(y.Pods)}} {
			if pair[0] != pair[1] {
				return pair[0] < pair[1]
			}
		}
		return false
	})
	sort.Slice(a.ExistingNodes, func(i, j int) bool { return a.ExistingNodes[i].Node < a.ExistingNodes[j].Node })
	sort.Slice(a.Pending, func(i, j int) bool { return a.Pending[i].Pod < a.Pending[j].Pod })
	sort.SliceStable(a.DroppedNodePools, func(i, j int) bool { return a.DroppedNodePools[i].NodePool < a.DroppedNodePools[j].NodePool })
}

func podKeys(pods []*corev1.Pod) []string {
	keys := make([]string, 0, len(pods))
	for _, pod := range pods {
		keys = append(keys, podKey(pod))
	}
	sort.Strings(keys)
	return keys
}

func first(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return items[0]
}

// maxRounds bounds the provisioning rounds (each launches at least one node or places a pod, else the loop ends).
const maxRounds = 20

// launch makes a NodeClaim's node as the cloud provider and kubelet would: the instance type described picked, its
// single-valued requirements, zone and capacity type as labels with the pool's, the template's taints, the type's
// capacity and allocatable; registered and initialized, so Karpenter counts it against its pool's limits; the
// NodeClaim's pods bound to it.
func launch(ctx context.Context, kubeClient client.Client, cluster *state.Cluster, claim *scheduler.NodeClaim,
	described nodeClaimOutput, name string) error {
	var it *cloudprovider.InstanceType
	for _, option := range claim.InstanceTypeOptions {
		if option.Name == described.InstanceType {
			it = option
		}
	}
	if it == nil {
		return fmt.Errorf("no offering of its %d instance types is available", len(claim.InstanceTypeOptions))
	}
	labels := map[string]string{}
	for key, requirement := range it.Requirements {
		if requirement.Operator() == corev1.NodeSelectorOpIn && requirement.Len() == 1 {
			labels[key] = requirement.Any()
		}
	}
	for key, value := range claim.Labels {
		labels[key] = value
	}
	labels[corev1.LabelTopologyZone] = described.Zone
	labels[v1.CapacityTypeLabelKey] = described.CapacityType
	labels[v1.NodePoolLabelKey] = claim.NodePoolName
	labels[corev1.LabelInstanceTypeStable] = it.Name
	labels[corev1.LabelHostname] = name
	labels[v1.NodeRegisteredLabelKey] = "true"
	labels[v1.NodeInitializedLabelKey] = "true"
	node := &corev1.Node{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels},
		Spec:       corev1.NodeSpec{ProviderID: "simulated:///" + name, Taints: claim.Spec.Taints},
		Status: corev1.NodeStatus{Capacity: it.Capacity, Allocatable: it.Allocatable(),
			Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}},
	}
	if err := addNode(ctx, kubeClient, cluster, node); err != nil {
		return err
	}
	return bind(ctx, kubeClient, cluster, claim.Pods, name)
}

// bind puts pods on a node as kube-scheduler would, in the API server and in cluster state.
func bind(ctx context.Context, kubeClient client.Client, cluster *state.Cluster, pods []*corev1.Pod, node string) error {
	for _, pod := range pods {
		bound := pod.DeepCopy()
		bound.ResourceVersion = ""
		bound.Spec.NodeName = node
		bound.Status.Phase = corev1.PodRunning
		if err := kubeClient.Create(ctx, bound); err != nil {
			return fmt.Errorf("binding %s, %w", podKey(pod), err)
		}
		if err := cluster.UpdatePod(ctx, bound); err != nil {
			return fmt.Errorf("binding %s, %w", podKey(pod), err)
		}
	}
	return nil
}

// mergeExisting joins the rounds' placements on the same existing node.
func mergeExisting(placements []existingNodeOutput) []existingNodeOutput {
	byNode := map[string][]string{}
	for _, placement := range placements {
		byNode[placement.Node] = append(byNode[placement.Node], placement.Pods...)
	}
	merged := []existingNodeOutput{}
	for _, node := range sortedKeys(byNode) {
		pods := byNode[node]
		sort.Strings(pods)
		merged = append(merged, existingNodeOutput{node, pods})
	}
	return merged
}
