// Command scheduler answers one question with Karpenter's own provisioning scheduler
// (sigs.k8s.io/karpenter/pkg/controllers/provisioning/scheduling, the core version this module pins): given
// NodePools, the instance types they may launch, the nodes that exist and pending pods, which pods go on existing
// nodes, which NodeClaims would launch and which pods stay pending with Karpenter's reason.
//
// It reads one JSON document on stdin and writes one on stdout (karpenter_tenants/simulation/binary.py drives it;
// docs/simulation.md). It runs the scheduler in-process on controller-runtime's fake client, with no API server,
// and does around Solve what the provisioner does (provisioner.go: static NodePools and those not Ready or of
// another node class kind dropped, weight order, instance types per pool, DaemonSet pods from their templates,
// the same scheduler options, TruncateInstanceTypes). Every list of the answer is sorted: Karpenter breaks ties
// between zones and offerings at random, the answer must not.
//
// Exit 0 with the answer; exit 2 with one line on stderr naming the key and index of input it cannot decode, or
// the scheduler's own error.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strings"

	"github.com/go-logr/logr"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/record"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/cloudprovider"
	"sigs.k8s.io/karpenter/pkg/cloudprovider/fake"
	scheduler "sigs.k8s.io/karpenter/pkg/controllers/provisioning/scheduling"
	"sigs.k8s.io/karpenter/pkg/controllers/state"
	"sigs.k8s.io/karpenter/pkg/events"
	"sigs.k8s.io/karpenter/pkg/operator/injection"
	"sigs.k8s.io/karpenter/pkg/operator/options"
	"sigs.k8s.io/karpenter/pkg/scheduling"
	"sigs.k8s.io/karpenter/pkg/utils/daemonset"
	nodepoolutils "sigs.k8s.io/karpenter/pkg/utils/nodepool"
)

const (
	coreModule     = "sigs.k8s.io/karpenter"
	pinnedCore     = "v1.14.1"
	nodeClassGroup = "karpenter.k8s.aws"
	nodeClassKind  = "EC2NodeClass"
	controllerName = "provisioner"
)

type input struct {
	NodePools     []json.RawMessage `json:"nodePools"`
	NodeClasses   []json.RawMessage `json:"nodeClasses"`
	InstanceTypes []json.RawMessage `json:"instanceTypes"`
	Nodes         []json.RawMessage `json:"nodes"`
	Pods          []json.RawMessage `json:"pods"`
	DaemonSets    []json.RawMessage `json:"daemonSets"`
}

type offeringInput struct {
	Zone         string  `json:"zone"`
	CapacityType string  `json:"capacityType"`
	Price        float64 `json:"price"`
	Available    bool    `json:"available"`
}

type instanceTypeInput struct {
	Name     string              `json:"name"`
	Labels   map[string]string   `json:"labels"`
	Capacity corev1.ResourceList `json:"capacity"`
	Overhead struct {
		KubeReserved      corev1.ResourceList `json:"kubeReserved"`
		SystemReserved    corev1.ResourceList `json:"systemReserved"`
		EvictionThreshold corev1.ResourceList `json:"evictionThreshold"`
	} `json:"overhead"`
	Offerings []offeringInput `json:"offerings"`
}

type nodeClaimOutput struct {
	NodePool            string            `json:"nodePool"`
	Pods                []string          `json:"pods"`
	InstanceTypeOptions int               `json:"instanceTypeOptions"`
	InstanceType        string            `json:"instanceType"`
	CapacityType        string            `json:"capacityType"`
	Zone                string            `json:"zone"`
	PricePerHour        float64           `json:"pricePerHour"`
	Requests            map[string]string `json:"requests"`
}

type existingNodeOutput struct {
	Node string   `json:"node"`
	Pods []string `json:"pods"`
}

type pendingOutput struct {
	Pod    string `json:"pod"`
	Reason string `json:"reason"`
}

type droppedOutput struct {
	NodePool string `json:"nodePool"`
	Reason   string `json:"reason"`
}

type output struct {
	KarpenterCore    string               `json:"karpenterCore"`
	NodeClaims       []nodeClaimOutput    `json:"nodeClaims"`
	ExistingNodes    []existingNodeOutput `json:"existingNodes"`
	Pending          []pendingOutput      `json:"pending"`
	DroppedNodePools []droppedOutput      `json:"droppedNodePools"`
}

// badInput is input the program cannot use: exit 2 with its message.
type badInput struct{ message string }

func (b badInput) Error() string { return b.message }

func fail(format string, args ...any) { panic(badInput{fmt.Sprintf(format, args...)}) }

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		fmt.Println(coreVersion())
		return
	}
	ctrllog.SetLogger(logr.Discard())
	if path := os.Getenv("KARPENTER_TENANTS_SCHEDULER_CPUPROFILE"); path != "" { // bench/simulation.py --profile
		if file, err := os.Create(path); err == nil {
			_ = pprof.StartCPUProfile(file)
			defer pprof.StopCPUProfile()
		}
	}
	answer, err := run(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, strings.ReplaceAll(err.Error(), "\n", " "))
		pprof.StopCPUProfile()
		os.Exit(2)
	}
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetIndent("", " ")
	if err := encoder.Encode(answer); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

// run decodes the question, asks the scheduler, and returns the sorted answer; any panic (input the scheduler
// cannot take, or a bug) becomes an error, never a crash with a stack trace.
func run(reader io.Reader) (answer *output, err error) {
	defer func() {
		if recovered := recover(); recovered != nil {
			if bad, ok := recovered.(badInput); ok {
				err = bad
				return
			}
			err = fmt.Errorf("Karpenter's scheduler failed on this input: %v", recovered)
		}
	}()
	var in input
	decoder := json.NewDecoder(reader)
	if err := decoder.Decode(&in); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	return solve(decodeAll(in))
}

type question struct {
	nodePools     []*v1.NodePool
	nodeClasses   map[string]bool
	instanceTypes []*cloudprovider.InstanceType
	nodes         []*corev1.Node
	pods          []*corev1.Pod
	daemonSets    []*appsv1.DaemonSet
}

func decode[T any](key string, items []json.RawMessage) []*T {
	decoded := make([]*T, 0, len(items))
	for index, raw := range items {
		item := new(T)
		if err := json.Unmarshal(raw, item); err != nil {
			fail("%s[%d]: %v", key, index, err)
		}
		decoded = append(decoded, item)
	}
	return decoded
}

func decodeAll(in input) question {
	q := question{nodeClasses: map[string]bool{}}
	q.nodePools = decode[v1.NodePool]("nodePools", in.NodePools)
	for index, raw := range in.NodeClasses {
		var class struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if err := json.Unmarshal(raw, &class); err != nil || class.Metadata.Name == "" {
			fail("nodeClasses[%d]: not an EC2NodeClass with a metadata.name", index)
		}
		q.nodeClasses[class.Metadata.Name] = true
	}
	for index, item := range decode[instanceTypeInput]("instanceTypes", in.InstanceTypes) {
		q.instanceTypes = append(q.instanceTypes, instanceType(index, item))
	}
	q.nodes = decode[corev1.Node]("nodes", in.Nodes)
	q.pods = decode[corev1.Pod]("pods", in.Pods)
	for index, pod := range q.pods {
		if pod.Name == "" || pod.UID == "" {
			fail("pods[%d]: metadata.name and metadata.uid are required", index)
		}
	}
	q.daemonSets = decode[appsv1.DaemonSet]("daemonSets", in.DaemonSets)
	return q
}

// instanceType is what a cloud provider's GetInstanceTypes returns: every label of the type as a requirement
// (a label key some other type carries and this one does not: DoesNotExist, added by wellKnown below), the zones
// and capacity types of its offerings, its capacity and overhead.
func instanceType(index int, in *instanceTypeInput) *cloudprovider.InstanceType {
	if in.Name == "" {
		fail("instanceTypes[%d]: no name", index)
	}
	requirements := scheduling.NewRequirements(scheduling.NewRequirement(corev1.LabelInstanceTypeStable, corev1.NodeSelectorOpIn, in.Name))
	for key, value := range in.Labels {
		if key != corev1.LabelInstanceTypeStable {
			requirements.Add(scheduling.NewRequirement(key, corev1.NodeSelectorOpIn, value))
		}
	}
	var offerings cloudprovider.Offerings
	zones, capacityTypes := map[string]bool{}, map[string]bool{}
	for number, offering := range in.Offerings {
		if offering.Zone == "" || offering.CapacityType == "" || offering.Price < 0 || math.IsNaN(offering.Price) {
			fail("instanceTypes[%d].offerings[%d]: needs a zone, a capacityType and a price >= 0", index, number)
		}
		offerings = append(offerings, &cloudprovider.Offering{
			Requirements: scheduling.NewLabelRequirements(map[string]string{
				v1.CapacityTypeLabelKey:  offering.CapacityType,
				corev1.LabelTopologyZone: offering.Zone,
			}),
			Price:     offering.Price,
			Available: offering.Available,
		})
		if offering.Available {
			zones[offering.Zone] = true
			capacityTypes[offering.CapacityType] = true
		}
	}
	requirements.Add(scheduling.NewRequirement(corev1.LabelTopologyZone, corev1.NodeSelectorOpIn, keys(zones)...))
	requirements.Add(scheduling.NewRequirement(v1.CapacityTypeLabelKey, corev1.NodeSelectorOpIn, keys(capacityTypes)...))
	return &cloudprovider.InstanceType{
		Name:         in.Name,
		Requirements: requirements,
		Offerings:    offerings,
		Capacity:     in.Capacity,
		Overhead: &cloudprovider.InstanceTypeOverhead{
			KubeReserved:      orEmpty(in.Overhead.KubeReserved),
			SystemReserved:    orEmpty(in.Overhead.SystemReserved),
			EvictionThreshold: orEmpty(in.Overhead.EvictionThreshold),
		},
	}
}

// wellKnown registers every label key the instance types carry as well known, as the AWS provider's
// pkg/apis/v1/labels.go init() registers its karpenter.k8s.aws/* keys, and gives each type a DoesNotExist
// requirement for the keys it lacks (the AWS provider does the same for, e.g., a type without GPUs).
func wellKnown(types []*cloudprovider.InstanceType) {
	all := map[string]bool{}
	for _, it := range types {
		for key := range it.Requirements {
			all[key] = true
		}
	}
	for key := range all {
		v1.WellKnownLabels.Insert(key)
	}
	for _, it := range types {
		for key := range all {
			if !it.Requirements.Has(key) {
				it.Requirements.Add(scheduling.NewRequirement(key, corev1.NodeSelectorOpDoesNotExist))
			}
		}
	}
}

func solve(q question) (*output, error) {
	wellKnown(q.instanceTypes)
	opts := &options.Options{}
	flags := &options.FlagSet{FlagSet: flag.NewFlagSet("scheduler", flag.ContinueOnError)}
	opts.AddFlags(flags)
	if err := opts.Parse(flags); err != nil {
		return nil, err
	}
	opts.IgnoreDRARequests = true // the simulation does not model dynamic resource allocation
	ctx := options.ToContext(injection.WithControllerName(context.Background(), controllerName), opts)

	answer := &output{KarpenterCore: coreVersion(), NodeClaims: []nodeClaimOutput{}, ExistingNodes: []existingNodeOutput{},
		Pending: []pendingOutput{}, DroppedNodePools: []droppedOutput{}}
	// What the provisioner keeps of the NodePools (NewScheduler: static pools and pools not Ready are not
	// provisioned for; a pool is Ready once its node class is, and only node classes of the cloud provider's kind
	// count), in weight order.
	var pools []*v1.NodePool
	for _, np := range q.nodePools {
		ref := np.Spec.Template.Spec.NodeClassRef
		switch {
		case nodepoolutils.IsStatic(np):
			answer.DroppedNodePools = append(answer.DroppedNodePools, droppedOutput{np.Name, "a static NodePool (spec.replicas): Karpenter keeps its node count and schedules no pending pod there by launching"})
		case ref == nil || ref.Group != nodeClassGroup || ref.Kind != nodeClassKind:
			answer.DroppedNodePools = append(answer.DroppedNodePools, droppedOutput{np.Name, "its nodeClassRef is not an EC2NodeClass: the AWS provider does not manage it"})
		case !q.nodeClasses[ref.Name]:
			answer.DroppedNodePools = append(answer.DroppedNodePools, droppedOutput{np.Name, fmt.Sprintf("EC2NodeClass %s does not exist: the NodePool is not Ready", ref.Name)})
		default:
			pools = append(pools, np)
		}
	}
	nodepoolutils.OrderByWeight(pools)
	instanceTypes := map[string][]*cloudprovider.InstanceType{}
	for _, np := range pools {
		instanceTypes[np.Name] = q.instanceTypes
	}

	kubeClient := fakeclient.NewClientBuilder().WithScheme(clientgoscheme.Scheme).
		WithIndex(&corev1.Pod{}, "spec.nodeName", func(o client.Object) []string { return []string{o.(*corev1.Pod).Spec.NodeName} }).
		Build()
	provider := fake.NewCloudProvider()
	provider.InstanceTypes = q.instanceTypes
	clk := clock.RealClock{}
	cluster := state.NewCluster(clk, kubeClient, provider)
	for _, node := range q.nodes {
		if err := kubeClient.Create(ctx, node.DeepCopy()); err != nil {
			return nil, fmt.Errorf("node %s: %w", node.Name, err)
		}
		if err := cluster.UpdateNode(ctx, node.DeepCopy()); err != nil {
			return nil, fmt.Errorf("node %s: %w", node.Name, err)
		}
	}
	stateNodes := cluster.DeepCopyNodes().Active()

	// DaemonSet pods as the provisioner makes them (getDaemonSetPods): from the template, with the template's
	// required node affinity, which the DaemonSet controller would otherwise overwrite.
	var daemonSetPods []*corev1.Pod
	for _, ds := range q.daemonSets {
		pod := daemonset.PodForDaemonSet(ds)
		if ds.Spec.Template.Spec.Affinity != nil && ds.Spec.Template.Spec.Affinity.NodeAffinity != nil &&
			ds.Spec.Template.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
			if pod.Spec.Affinity == nil {
				pod.Spec.Affinity = &corev1.Affinity{}
			}
			if pod.Spec.Affinity.NodeAffinity == nil {
				pod.Spec.Affinity.NodeAffinity = &corev1.NodeAffinity{}
			}
			pod.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution = ds.Spec.Template.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution
		}
		daemonSetPods = append(daemonSetPods, pod)
	}

	// The options Provisioner.Schedule passes.
	schedulerOptions := []scheduler.Options{
		scheduler.DisableReservedCapacityFallback,
		scheduler.NumConcurrentReconciles(int(math.Ceil(float64(opts.CPURequests) / 1000.0))),
		scheduler.MinValuesPolicy(opts.MinValuesPolicy),
	}
	if opts.PreferencePolicy == options.PreferencePolicyIgnore {
		schedulerOptions = append(schedulerOptions, scheduler.IgnorePreferences)
	}
	if len(pools) == 0 {
		for _, pod := range q.pods {
			answer.Pending = append(answer.Pending, pendingOutput{key(pod), "no dynamic nodepools found"})
		}
		sortAnswer(answer)
		return answer, nil
	}
	topology, err := scheduler.NewTopology(ctx, kubeClient, cluster, stateNodes, pools, instanceTypes, q.pods, schedulerOptions...)
	if err != nil {
		return nil, fmt.Errorf("tracking topology counts, %w", err)
	}
	s := scheduler.NewScheduler(ctx, kubeClient, pools, cluster, stateNodes, topology, instanceTypes, daemonSetPods,
		events.NewRecorder(&record.FakeRecorder{}), clk, map[types.UID][]scheduling.Requirements{}, nil, schedulerOptions...)
	results, err := s.Solve(ctx, q.pods)
	if err != nil {
		return nil, fmt.Errorf("solving, %w", err)
	}
	results = results.TruncateInstanceTypes(ctx, scheduler.MaxInstanceTypes)

	for _, claim := range results.NewNodeClaims {
		answer.NodeClaims = append(answer.NodeClaims, describeClaim(claim))
	}
	for _, node := range results.ExistingNodes {
		if len(node.Pods) > 0 {
			answer.ExistingNodes = append(answer.ExistingNodes, existingNodeOutput{node.Name(), podKeys(node.Pods)})
		}
	}
	for pod, podErr := range results.PodErrors {
		answer.Pending = append(answer.Pending, pendingOutput{key(pod), podErr.Error()})
	}
	sortAnswer(answer)
	return answer, nil
}

// describeClaim says what a NodeClaim is and which offering Karpenter would launch it with: the AWS provider
// launches spot where the NodeClaim allows it and a spot offering exists (then on-demand, then reserved), and the
// cheapest compatible, available offering of its options; ties by instance type, then zone.
func describeClaim(claim *scheduler.NodeClaim) nodeClaimOutput {
	out := nodeClaimOutput{NodePool: claim.NodePoolName, Pods: podKeys(claim.Pods),
		InstanceTypeOptions: len(claim.InstanceTypeOptions), Requests: map[string]string{}}
	for name, quantity := range claim.Spec.Resources.Requests {
		out.Requests[string(name)] = quantity.String()
	}
	type choice struct {
		it       string
		zone     string
		capacity string
		price    float64
	}
	var choices []choice
	for _, it := range claim.InstanceTypeOptions {
		for _, offering := range it.Offerings.Available().Compatible(claim.Requirements) {
			choices = append(choices, choice{it.Name, offering.Requirements.Get(corev1.LabelTopologyZone).Any(),
				offering.Requirements.Get(v1.CapacityTypeLabelKey).Any(), offering.Price})
		}
	}
	for _, capacityType := range []string{v1.CapacityTypeSpot, v1.CapacityTypeOnDemand, v1.CapacityTypeReserved} {
		var best *choice
		for index := range choices {
			c := &choices[index]
			if c.capacity != capacityType {
				continue
			}
			if best == nil || c.price < best.price || (c.price == best.price && (c.it < best.it || (c.it == best.it && c.zone < best.zone))) {
				best = c
			}
		}
		if best != nil {
			out.InstanceType, out.Zone, out.CapacityType, out.PricePerHour = best.it, best.zone, best.capacity, best.price
			break
		}
	}
	return out
}

func sortAnswer(a *output) {
	sort.Slice(a.NodeClaims, func(i, j int) bool {
		x, y := a.NodeClaims[i], a.NodeClaims[j]
		if x.NodePool != y.NodePool {
			return x.NodePool < y.NodePool
		}
		if x.InstanceType != y.InstanceType {
			return x.InstanceType < y.InstanceType
		}
		if x.Zone != y.Zone {
			return x.Zone < y.Zone
		}
		return first(x.Pods) < first(y.Pods)
	})
	sort.Slice(a.ExistingNodes, func(i, j int) bool { return a.ExistingNodes[i].Node < a.ExistingNodes[j].Node })
	sort.Slice(a.Pending, func(i, j int) bool { return a.Pending[i].Pod < a.Pending[j].Pod })
	sort.Slice(a.DroppedNodePools, func(i, j int) bool { return a.DroppedNodePools[i].NodePool < a.DroppedNodePools[j].NodePool })
}

func podKeys(pods []*corev1.Pod) []string {
	keys := make([]string, 0, len(pods))
	for _, pod := range pods {
		keys = append(keys, key(pod))
	}
	sort.Strings(keys)
	return keys
}

func key(pod *corev1.Pod) string { return pod.Namespace + "/" + pod.Name }

func first(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return items[0]
}

func keys(set map[string]bool) []string {
	list := make([]string, 0, len(set))
	for item := range set {
		list = append(list, item)
	}
	sort.Strings(list)
	return list
}

func orEmpty(list corev1.ResourceList) corev1.ResourceList {
	if list == nil {
		return corev1.ResourceList{}
	}
	return list
}

// coreVersion is the version of sigs.k8s.io/karpenter linked in, from the build information.
func coreVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == coreModule {
				return dep.Version
			}
		}
	}
	return pinnedCore
}
