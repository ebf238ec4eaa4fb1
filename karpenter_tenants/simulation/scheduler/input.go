package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/cloudprovider"
	"sigs.k8s.io/karpenter/pkg/scheduling"
	"sigs.k8s.io/karpenter/pkg/utils/daemonset"
)

// The AWS provider's label keys (github.com/aws/karpenter-provider-aws v1.14.1, pkg/apis/v1/labels.go and doc.go).
const (
	awsGroup                      = "karpenter.k8s.aws"
	labelCapacityReservationID    = awsGroup + "/capacity-reservation-id"
	labelCapacityReservationType  = awsGroup + "/capacity-reservation-type"
	labelCapacityReservationInter = awsGroup + "/capacity-reservation-interruptible"
	labelInstanceTenancy          = awsGroup + "/instance-tenancy"
	labelTopologyZoneID           = "topology.k8s.aws/zone-id"
)

// awsWellKnownLabels is what the AWS provider's init() inserts into v1.WellKnownLabels.
var awsWellKnownLabels = []string{
	labelCapacityReservationID, labelCapacityReservationType, labelCapacityReservationInter,
	awsGroup + "/instance-hypervisor", awsGroup + "/instance-encryption-in-transit-supported",
	awsGroup + "/instance-category", awsGroup + "/instance-capability-flex", awsGroup + "/instance-family",
	awsGroup + "/instance-generation", awsGroup + "/instance-size", awsGroup + "/instance-local-nvme",
	awsGroup + "/instance-cpu", awsGroup + "/instance-cpu-manufacturer", awsGroup + "/instance-cpu-sustained-clock-speed-mhz",
	awsGroup + "/instance-memory", awsGroup + "/instance-ebs-bandwidth", awsGroup + "/instance-network-bandwidth",
	awsGroup + "/instance-gpu-name", awsGroup + "/instance-gpu-manufacturer", awsGroup + "/instance-gpu-count",
	awsGroup + "/instance-gpu-memory", awsGroup + "/instance-accelerator-name", awsGroup + "/instance-accelerator-manufacturer",
	awsGroup + "/instance-accelerator-count", labelTopologyZoneID, labelInstanceTenancy, corev1.LabelWindowsBuild,
	awsGroup + "/placement-group-id", awsGroup + "/placement-group-partition",
}

// registerAWS does what the AWS provider's pkg/apis/v1 init() functions do to core's globals.
func registerAWS() {
	v1.RestrictedLabelDomains = v1.RestrictedLabelDomains.Insert(awsGroup)
	v1.WellKnownLabels = v1.WellKnownLabels.Insert(awsWellKnownLabels...)
	v1.WellKnownValuesForRequirements[labelInstanceTenancy] = sets.New("dedicated", "default")
	v1.WellKnownResources.Insert("vpc.amazonaws.com/pod-eni", "aws.amazon.com/neuron", "aws.amazon.com/neuroncore",
		"habana.ai/gaudi", "vpc.amazonaws.com/efa")
	cloudprovider.ReservationIDLabel = labelCapacityReservationID
	cloudprovider.ReservedCapacityLabels.Insert(labelCapacityReservationID, labelCapacityReservationType)
}

// input is the question's top-level object: each key a list (null counts as empty).
type input map[string]json.RawMessage

// list is the items under key; a missing key is refused, except that daemonSetPods may come as daemonSets (the key
// revision.py sent).
func (in input) list(key string) []json.RawMessage {
	raw, ok := in[key]
	if !ok && key == "daemonSetPods" {
		raw, ok = in["daemonSets"]
	}
	if !ok {
		fail("input: %q is required (a list, possibly empty)", key)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		fail("%s: not a list: %v", key, err)
	}
	return items
}

// labelValues is a label of an instance type: one value, or a list where the type offers several (the AWS provider
// gives karpenter.k8s.aws/instance-tenancy as default and dedicated).
type labelValues []string

func (l *labelValues) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = labelValues{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return fmt.Errorf("a label value is a string or a list of strings, not %s", bytes.TrimSpace(data))
	}
	*l = many
	return nil
}

type offeringInput struct {
	Zone                string   `json:"zone"`
	ZoneID              string   `json:"zoneId"` // optional: topology.k8s.aws/zone-id of the zone
	CapacityType        string   `json:"capacityType"`
	Price               *float64 `json:"price"`
	Available           *bool    `json:"available"`           // optional, default true
	ReservationID       string   `json:"reservationId"`       // reserved only, optional
	ReservationType     string   `json:"reservationType"`     // reserved only, optional: default
	ReservationCapacity *int     `json:"reservationCapacity"` // reserved only, optional: unlimited
}

type instanceTypeInput struct {
	Name     string                 `json:"name"`
	Labels   map[string]labelValues `json:"labels"`
	Capacity corev1.ResourceList    `json:"capacity"`
	Overhead struct {
		KubeReserved      corev1.ResourceList `json:"kubeReserved"`
		SystemReserved    corev1.ResourceList `json:"systemReserved"`
		EvictionThreshold corev1.ResourceList `json:"evictionThreshold"`
	} `json:"overhead"`
	Offerings []offeringInput `json:"offerings"`
}

type question struct {
	nodePools     []*v1.NodePool
	nodeClasses   map[string]bool
	instanceTypes []*cloudprovider.InstanceType
	nodes         []*corev1.Node
	pods          []*corev1.Pod
	daemonSetPods []*corev1.Pod
	// disruption: also say what Karpenter's disruption controller would do next with the pods placed (disruption.go),
	// to the nodes of these NodePools only (a pull request's changed pools: the others answer as they did)
	disruption []string
	// workers: the scheduler's concurrency (Karpenter's --cpu-requests / 1000: the goroutines that try a pod against
	// the in-flight NodeClaims and the templates). The answer does not depend on it: of the candidates that fit, the
	// earliest wins whatever order they were tried in (scheduler.go addToInflightNode, addToNewNodeClaim), and
	// Karpenter's own tests run it with 5 to enforce parallelism. 1 when not given.
	workers int
	// classTypes: each EC2NodeClass's instance types as the AWS provider computes them for it (nodeclass.go)
	classTypes *nodeClassTypes
	// poolsElsewhere: a part of a batch (main.go solveParts) without NodePools of its own: how many the cluster has,
	// which its pods cannot reach (said in their pending reason instead of "no dynamic nodepools found")
	poolsElsewhere int
}

func decodeOne[T any](key string, index int, raw json.RawMessage) *T {
	item := new(T)
	if err := json.Unmarshal(raw, item); err != nil {
		fail("%s[%d]: %v", key, index, err)
	}
	return item
}

func decodeAll(in input) question {
	return decodeWith(in, decodeInstanceTypes(in))
}

// decodeInstanceTypes decodes the input's instance types (each name once) with their requirements completed.
func decodeInstanceTypes(in input) []*cloudprovider.InstanceType {
	var types []*cloudprovider.InstanceType
	names := map[string]bool{}
	for index, raw := range in.list("instanceTypes") {
		it := instanceType(index, decodeOne[instanceTypeInput]("instanceTypes", index, raw))
		if names[it.Name] {
			fail("instanceTypes[%d]: instance type %s is listed twice", index, it.Name)
		}
		names[it.Name] = true
		types = append(types, it)
	}
	completeRequirements(types)
	return types
}

// decodeWith decodes a question whose instance types are decoded already (a part of a batch shares them: main.go).
func decodeWith(in input, instanceTypes []*cloudprovider.InstanceType) question {
	q := question{nodeClasses: map[string]bool{}, instanceTypes: instanceTypes}
	for index, raw := range in.list("nodePools") {
		np := decodeOne[v1.NodePool]("nodePools", index, raw)
		if np.Name == "" {
			fail("nodePools[%d]: no metadata.name", index)
		}
		q.nodePools = append(q.nodePools, np)
	}
	for index, raw := range in.list("nodeClasses") {
		class := decodeOne[struct {
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}]("nodeClasses", index, raw)
		if class.Metadata.Name == "" {
			fail("nodeClasses[%d]: no metadata.name", index)
		}
		q.nodeClasses[class.Metadata.Name] = true
	}
	names := map[string]bool{}
	for index, raw := range in.list("nodes") {
		node := decodeOne[corev1.Node]("nodes", index, raw)
		if node.Name == "" || names[node.Name] {
			fail("nodes[%d]: no metadata.name, or a name listed twice", index)
		}
		names[node.Name] = true
		q.nodes = append(q.nodes, node)
	}
	q.pods = pods("pods", in.list("pods"), false, podTemplates(in))
	for index, pod := range q.pods {
		if pod.Spec.NodeName != "" && !names[pod.Spec.NodeName] {
			fail("pods[%d]: spec.nodeName %q is not a node of the input: a pod is bound to a node listed in nodes, or pending", index, pod.Spec.NodeName)
		}
	}
	key := "daemonSetPods"
	if _, ok := in[key]; !ok {
		key = "daemonSets"
	}
	q.daemonSetPods = pods(key, in.list("daemonSetPods"), true, nil)
	q.classTypes = newNodeClassTypes(in) // nodeclass.go
	q.workers = 1
	if raw, ok := in["workers"]; ok {
		if err := json.Unmarshal(raw, &q.workers); err != nil || q.workers < 1 || q.workers > 64 {
			fail("workers: not a whole number from 1 to 64")
		}
	}
	if raw, ok := in["disruption"]; ok {
		if err := json.Unmarshal(raw, &q.disruption); err != nil {
			fail("disruption: not a list of NodePool names")
		}
	}
	if raw, ok := in["poolsElsewhere"]; ok {
		if err := json.Unmarshal(raw, &q.poolsElsewhere); err != nil || q.poolsElsewhere < 0 {
			fail("poolsElsewhere: not a whole number")
		}
	}
	return q
}

// podTemplates is the question's optional list of pod templates its pods may be replicas of (pods).
func podTemplates(in input) []json.RawMessage {
	if _, ok := in["podTemplates"]; !ok {
		return nil
	}
	return in.list("podTemplates")
}

// pods decodes the pods (or DaemonSet pods) with a name, a namespace (default "default") and a UID (default
// "<namespace>/<name>", stable, so Karpenter's queue order, which breaks ties by UID, is too). A DaemonSet object among
// daemonSetPods is turned into its pod as the provisioner's getDaemonSetPods does. A pod (not a DaemonSet's) with
// spec.nodeName runs there: decodeAll checks the node is listed, solve binds it before the scheduler runs.
//
// A pod may also come as a replica of one of podTemplates (a controller's pods differ only in their name and where
// they run: the template is sent and decoded once, not once per replica): {"template": I, "name": N, "nodeName"?: X}
// is a deep copy of podTemplates[I] (each replica a pod of its own: the scheduler relaxes a pod's preferences in
// place) named N, its UID the default, bound to X when given.
func pods(key string, items []json.RawMessage, daemons bool, templates []json.RawMessage) []*corev1.Pod {
	var list []*corev1.Pod
	seen := map[string]bool{}
	decoded := make([]*corev1.Pod, len(templates))
	for index, raw := range items {
		var kind struct {
			Kind     string `json:"kind"`
			Template *int   `json:"template"`
			Name     string `json:"name"`
			NodeName string `json:"nodeName"`
		}
		_ = json.Unmarshal(raw, &kind)
		var pod *corev1.Pod
		switch {
		case daemons && kind.Kind == "DaemonSet":
			pod = podForDaemonSet(decodeOne[appsv1.DaemonSet](key, index, raw))
		case kind.Template != nil && !daemons:
			at := *kind.Template
			if at < 0 || at >= len(templates) {
				fail("%s[%d]: template %d is not an index of podTemplates (%d given)", key, index, at, len(templates))
			}
			if decoded[at] == nil {
				decoded[at] = decodeOne[corev1.Pod]("podTemplates", at, templates[at])
				if decoded[at].Name != "" || decoded[at].UID != "" || decoded[at].Spec.NodeName != "" {
					fail("podTemplates[%d]: a template has no metadata.name, metadata.uid or spec.nodeName (each replica says its own)", at)
				}
			}
			pod = decoded[at].DeepCopy()
			pod.Name, pod.Spec.NodeName = kind.Name, kind.NodeName
		default:
			pod = decodeOne[corev1.Pod](key, index, raw)
		}
		if pod.Name == "" {
			fail("%s[%d]: no metadata.name", key, index)
		}
		if pod.Namespace == "" {
			pod.Namespace = corev1.NamespaceDefault
		}
		if pod.UID == "" {
			pod.UID = types.UID(pod.Namespace + "/" + pod.Name)
		}
		if daemons {
			pod.UID = "daemonset:" + pod.UID
		}
		if seen[pod.Namespace+"/"+pod.Name] || seen["uid:"+string(pod.UID)] {
			fail("%s[%d]: pod %s/%s (or its uid) is listed twice", key, index, pod.Namespace, pod.Name)
		}
		seen[pod.Namespace+"/"+pod.Name], seen["uid:"+string(pod.UID)] = true, true
		pod.Status.Phase = corev1.PodPending // a bound pod is made Running where it is bound (solve.go bind)
		defaultRequests(pod)
		list = append(list, pod)
	}
	return list
}

// defaultRequests is the API server's defaulting of a pod (SetDefaults_Pod): a container's limit without a request is
// its request too. The pods given were never stored by an API server; Karpenter reads requests only.
func defaultRequests(pod *corev1.Pod) {
	for _, containers := range [][]corev1.Container{pod.Spec.Containers, pod.Spec.InitContainers} {
		for i := range containers {
			for name, limit := range containers[i].Resources.Limits {
				if _, ok := containers[i].Resources.Requests[name]; !ok {
					if containers[i].Resources.Requests == nil {
						containers[i].Resources.Requests = corev1.ResourceList{}
					}
					containers[i].Resources.Requests[name] = limit.DeepCopy()
				}
			}
		}
	}
}

// podForDaemonSet is provisioner.go getDaemonSetPods for one DaemonSet with no pod in the cluster.
func podForDaemonSet(ds *appsv1.DaemonSet) *corev1.Pod {
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
	if pod.Name == "" {
		pod.Name = ds.Name
	}
	pod.Namespace = ds.Namespace
	return pod
}

var labelValue = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// instanceType is what the AWS provider's GetInstanceTypes returns for one type (pkg/providers/instancetype/types.go
// computeRequirements, offering/*_resolver.go): every label as a requirement, zones and capacity types of its available
// offerings, capacity and overhead; offerings with zone, capacity type and the reservation labels.
func instanceType(index int, in *instanceTypeInput) *cloudprovider.InstanceType {
	where := fmt.Sprintf("instanceTypes[%d]", index)
	if in.Name == "" {
		fail("%s: no name", where)
	}
	for _, resource := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory, corev1.ResourcePods} {
		if _, ok := in.Capacity[resource]; !ok {
			fail("%s: capacity.%s is missing (Karpenter fits every pod's cpu, memory and 1 pod)", where, resource)
		}
	}
	requirements := scheduling.NewRequirements(scheduling.NewRequirement(corev1.LabelInstanceTypeStable, corev1.NodeSelectorOpIn, in.Name))
	for key, values := range in.Labels {
		if key == corev1.LabelInstanceTypeStable || key == corev1.LabelTopologyZone || key == v1.CapacityTypeLabelKey {
			continue // from the name and the offerings
		}
		if len(values) == 0 {
			requirements.Add(scheduling.NewRequirement(key, corev1.NodeSelectorOpDoesNotExist))
		} else {
			requirements.Add(scheduling.NewRequirement(key, corev1.NodeSelectorOpIn, values...))
		}
	}
	var offerings cloudprovider.Offerings
	zones, capacityTypes, zoneIDs := sets.New[string](), sets.New[string](), sets.New[string]()
	reservations, reservationTypes := sets.New[string](), sets.New[string]()
	for number, o := range in.Offerings {
		at := fmt.Sprintf("%s.offerings[%d]", where, number)
		if o.Zone == "" || o.Price == nil || *o.Price < 0 || math.IsNaN(*o.Price) || math.IsInf(*o.Price, 0) {
			fail("%s: needs a zone and a price >= 0", at)
		}
		if o.CapacityType != v1.CapacityTypeSpot && o.CapacityType != v1.CapacityTypeOnDemand && o.CapacityType != v1.CapacityTypeReserved {
			fail("%s: capacityType %q is not spot, on-demand or reserved", at, o.CapacityType)
		}
		available := o.Available == nil || *o.Available
		offering := &cloudprovider.Offering{Price: *o.Price, Available: available, Requirements: scheduling.NewRequirements(
			scheduling.NewRequirement(v1.CapacityTypeLabelKey, corev1.NodeSelectorOpIn, o.CapacityType),
			scheduling.NewRequirement(corev1.LabelTopologyZone, corev1.NodeSelectorOpIn, o.Zone),
		)}
		if o.CapacityType == v1.CapacityTypeReserved {
			id := o.ReservationID
			if id == "" {
				id = "cr-" + labelValue.ReplaceAllString(in.Name+"-"+o.Zone, "-")
			}
			kind := o.ReservationType
			if kind == "" {
				kind = "default"
			}
			offering.ReservationCapacity = math.MaxInt32
			if o.ReservationCapacity != nil {
				offering.ReservationCapacity = *o.ReservationCapacity
				offering.Available = available && *o.ReservationCapacity > 0
			}
			offering.Requirements.Add(scheduling.NewRequirement(labelCapacityReservationID, corev1.NodeSelectorOpIn, id),
				scheduling.NewRequirement(labelCapacityReservationType, corev1.NodeSelectorOpIn, kind),
				scheduling.NewRequirement(labelCapacityReservationInter, corev1.NodeSelectorOpIn, "false"))
			reservations.Insert(id)
			reservationTypes.Insert(kind)
		} else {
			offering.Requirements.Add(scheduling.NewRequirement(labelCapacityReservationID, corev1.NodeSelectorOpDoesNotExist),
				scheduling.NewRequirement(labelCapacityReservationType, corev1.NodeSelectorOpDoesNotExist),
				scheduling.NewRequirement(labelCapacityReservationInter, corev1.NodeSelectorOpDoesNotExist))
		}
		if o.ZoneID != "" {
			offering.Requirements.Add(scheduling.NewRequirement(labelTopologyZoneID, corev1.NodeSelectorOpIn, o.ZoneID))
		}
		offerings = append(offerings, offering)
		if offering.Available {
			zones.Insert(o.Zone)
			capacityTypes.Insert(o.CapacityType)
			if o.ZoneID != "" {
				zoneIDs.Insert(o.ZoneID)
			}
		}
	}
	requirements.Add(scheduling.NewRequirement(corev1.LabelTopologyZone, corev1.NodeSelectorOpIn, sets.List(zones)...))
	requirements.Add(scheduling.NewRequirement(v1.CapacityTypeLabelKey, corev1.NodeSelectorOpIn, sets.List(capacityTypes)...))
	if zoneIDs.Len() > 0 {
		requirements.Add(scheduling.NewRequirement(labelTopologyZoneID, corev1.NodeSelectorOpIn, sets.List(zoneIDs)...))
	}
	if reservations.Len() > 0 {
		requirements.Add(scheduling.NewRequirement(labelCapacityReservationID, corev1.NodeSelectorOpIn, sets.List(reservations)...))
		requirements.Add(scheduling.NewRequirement(labelCapacityReservationType, corev1.NodeSelectorOpIn, sets.List(reservationTypes)...))
		requirements.Add(scheduling.NewRequirement(labelCapacityReservationInter, corev1.NodeSelectorOpIn, "false"))
	}
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

// completeRequirements registers every label key the types carry as well known (the AWS provider registers its own
// keys; a catalogue may carry more) and, as the AWS provider does, defines every such key on every type: a type without
// the label gets DoesNotExist (e.g. no GPU), except instance-tenancy, which the AWS provider offers as default and
// dedicated on every type.
func completeRequirements(its []*cloudprovider.InstanceType) {
	keys := sets.New(awsWellKnownLabels...)
	for _, it := range its {
		for key := range it.Requirements {
			keys.Insert(key)
		}
	}
	v1.WellKnownLabels.Insert(sets.List(keys)...)
	for _, it := range its {
		for _, key := range sets.List(keys) {
			if it.Requirements.Has(key) {
				continue
			}
			switch key {
			case labelInstanceTenancy:
				it.Requirements.Add(scheduling.NewRequirement(key, corev1.NodeSelectorOpIn, "default", "dedicated"))
			case labelTopologyZoneID:
				// the AWS provider leaves zone-id undefined when it does not know the zones' IDs
			default:
				it.Requirements.Add(scheduling.NewRequirement(key, corev1.NodeSelectorOpDoesNotExist))
			}
		}
	}
}

func orEmpty(list corev1.ResourceList) corev1.ResourceList {
	if list == nil {
		return corev1.ResourceList{}
	}
	return list
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

func podKey(pod *corev1.Pod) string { return pod.Namespace + "/" + pod.Name }

func oneLine(text string) string { return strings.Join(strings.Fields(text), " ") }
