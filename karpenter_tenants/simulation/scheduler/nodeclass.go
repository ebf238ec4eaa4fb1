package main

// What an EC2NodeClass changes of the instance types a NodePool of it is offered, as Karpenter's AWS provider computes
// them (github.com/aws/karpenter-provider-aws v1.14.1, pkg/providers/instancetype/types.go: Resolve → NewInstanceType,
// computeCapacity's pods() and ephemeralStorage(), the overhead's kubeReservedResources(), systemReservedResources()
// and evictionThreshold()).
//
// The question's instance types are the catalogue's: the provider's answer for an AL2023 node class with its defaults
// (ENI-limited pods, the 20Gi root volume, no kubelet reservations of its own: kube-reserved memory 11Mi per pod +
// 255Mi, ephemeral-storage 1Gi; eviction 100Mi of memory and 10% of the ephemeral storage). A class that sets
// kubelet.maxPods or kubelet.podsPerCore, its root volume's size, kubelet.kubeReserved, systemReserved or evictionHard
// gets its own copies of the types (the given types' requirements and offerings shared, their capacity and overhead
// its own); every other class is offered the types as given. Not applied, and said by the Python side
// (simulation/node_classes.py): instanceStorePolicy RAID0 (the instance store as ephemeral storage) and Windows.
//
// The hook into the program: decodeAll keeps newNodeClassTypes(in) (question.classTypes), solve gives it to the provider,
// whose GetInstanceTypes asks it (forPool).

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	v1 "sigs.k8s.io/karpenter/pkg/apis/v1"
	"sigs.k8s.io/karpenter/pkg/cloudprovider"
)

// classSettings is what of an EC2NodeClass changes its types' capacity or overhead.
type classSettings struct {
	maxPods, podsPerCore *int32
	podsPerCoreEnabled   bool               // the AMI family's FeatureFlags().PodsPerCoreEnabled (false on Bottlerocket)
	rootVolume           *resource.Quantity // ephemeralStorage(): the size of the volume the kubelet's root dir is on
	kubeReserved         map[string]string
	systemReserved       map[string]string
	evictionHard         map[string]string
}

// nodeClassTypes holds each node class's settings and, made once when a NodePool of it first asks, its types.
type nodeClassTypes struct {
	mu       sync.Mutex
	settings map[string]*classSettings // nil: the class is offered the types as given
	made     map[string][]*cloudprovider.InstanceType
}

var defaultRootVolume = resource.MustParse("20Gi") // amifamily.DefaultEBS.VolumeSize, the catalogue's

type ec2NodeClassInput struct {
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Spec struct {
		AMIFamily        string `json:"amiFamily"`
		AMISelectorTerms []struct {
			Alias string `json:"alias"`
		} `json:"amiSelectorTerms"`
		Kubelet *struct {
			MaxPods        *int32            `json:"maxPods"`
			PodsPerCore    *int32            `json:"podsPerCore"`
			KubeReserved   map[string]string `json:"kubeReserved"`
			SystemReserved map[string]string `json:"systemReserved"`
			EvictionHard   map[string]string `json:"evictionHard"`
		} `json:"kubelet"`
		BlockDeviceMappings []struct {
			DeviceName string `json:"deviceName"`
			RootVolume bool   `json:"rootVolume"`
			EBS        *struct {
				VolumeSize *resource.Quantity `json:"volumeSize"`
			} `json:"ebs"`
		} `json:"blockDeviceMappings"`
	} `json:"spec"`
}

// newNodeClassTypes reads the settings of the question's node classes.
func newNodeClassTypes(in input) *nodeClassTypes {
	types := &nodeClassTypes{settings: map[string]*classSettings{}, made: map[string][]*cloudprovider.InstanceType{}}
	for _, raw := range in.list("nodeClasses") {
		class := &ec2NodeClassInput{}
		if err := json.Unmarshal(raw, class); err != nil || class.Metadata.Name == "" {
			continue // not what synth writes (decodeAll names what it cannot read): the catalogue's assumptions
		}
		family := strings.ToLower(class.Spec.AMIFamily)
		for _, term := range class.Spec.AMISelectorTerms {
			if term.Alias != "" {
				family = strings.ToLower(strings.SplitN(term.Alias, "@", 2)[0])
			}
		}
		settings := &classSettings{podsPerCoreEnabled: family != "bottlerocket"}
		if kubelet := class.Spec.Kubelet; kubelet != nil {
			settings.maxPods, settings.podsPerCore = kubelet.MaxPods, kubelet.PodsPerCore
			settings.kubeReserved, settings.systemReserved, settings.evictionHard = kubelet.KubeReserved, kubelet.SystemReserved, kubelet.EvictionHard
		}
		// ephemeralStorage(): the root volume's size; else (not a Custom AMI) the mapping of the family's ephemeral
		// device; a Custom AMI's last mapping; else the family's default, 20Gi
		device := map[string]string{"bottlerocket": "/dev/xvdb", "al2": "/dev/xvda", "al2023": "/dev/xvda"}[family]
		mappings := class.Spec.BlockDeviceMappings
		for _, mapping := range mappings {
			if mapping.RootVolume && mapping.EBS != nil && mapping.EBS.VolumeSize != nil {
				settings.rootVolume = mapping.EBS.VolumeSize
				break
			}
		}
		if settings.rootVolume == nil && len(mappings) > 0 {
			if family == "custom" {
				if last := mappings[len(mappings)-1]; last.EBS != nil {
					settings.rootVolume = last.EBS.VolumeSize
				}
			} else {
				for _, mapping := range mappings {
					if mapping.DeviceName == device && mapping.EBS != nil && mapping.EBS.VolumeSize != nil {
						settings.rootVolume = mapping.EBS.VolumeSize
					}
				}
			}
		}
		if settings.rootVolume != nil && settings.rootVolume.Cmp(defaultRootVolume) == 0 {
			settings.rootVolume = nil
		}
		if settings.maxPods == nil && (settings.podsPerCore == nil || *settings.podsPerCore <= 0 || !settings.podsPerCoreEnabled) &&
			settings.rootVolume == nil && len(settings.kubeReserved) == 0 && len(settings.systemReserved) == 0 && len(settings.evictionHard) == 0 {
			settings = nil // the catalogue's own assumptions
		}
		types.settings[class.Metadata.Name] = settings
	}
	return types
}

// forPool is what GetInstanceTypes answers a NodePool: its node class's types.
func (c *nodeClassTypes) forPool(np *v1.NodePool, given []*cloudprovider.InstanceType) []*cloudprovider.InstanceType {
	if c == nil || np == nil || np.Spec.Template.Spec.NodeClassRef == nil {
		return given
	}
	name := np.Spec.Template.Spec.NodeClassRef.Name
	settings := c.settings[name]
	if settings == nil {
		return given
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if made, ok := c.made[name]; ok {
		return made
	}
	made := make([]*cloudprovider.InstanceType, 0, len(given))
	for _, it := range given {
		made = append(made, settings.apply(it, name))
	}
	c.made[name] = made
	return made
}

func mebibytes(n int64) resource.Quantity {
	return *resource.NewQuantity(n*1024*1024, resource.BinarySI)
}

// defaultKubeReservedCPU is kubeReservedResources()' cpu: 6% of the first core, 1% of the second, 0.5% of the next
// two, 0.25% of the rest.
func defaultKubeReservedCPU(millis int64) resource.Quantity {
	reserved := int64(0)
	for _, band := range []struct {
		start, end int64
		share      float64
	}{{0, 1000, 0.06}, {1000, 2000, 0.01}, {2000, 4000, 0.005}, {4000, 1 << 31, 0.0025}} {
		if millis >= band.start {
			width := float64(band.end - band.start)
			if millis < band.end {
				width = float64(millis - band.start)
			}
			reserved += int64(width * band.share)
		}
	}
	return *resource.NewMilliQuantity(reserved, resource.DecimalSI)
}

func mustQuantity(class, field, value string) resource.Quantity {
	quantity, err := resource.ParseQuantity(value)
	if err != nil {
		fail("EC2NodeClass %s: %s %q: %v", class, field, value, err)
	}
	return quantity
}

// evictionSignal is computeEvictionSignal(): a percentage of the capacity (100% meaning none), or a quantity.
func evictionSignal(class, field string, capacity resource.Quantity, value string) resource.Quantity {
	if strings.HasSuffix(value, "%") {
		var percent float64
		if _, err := fmt.Sscanf(strings.TrimSuffix(value, "%"), "%g", &percent); err != nil {
			fail("EC2NodeClass %s: %s %q: not a percentage", class, field, value)
		}
		if percent == 100 {
			percent = 0
		}
		return *resource.NewQuantity(int64(math.Ceil(capacity.AsApproximateFloat64()/100*percent)), resource.DecimalSI)
	}
	return mustQuantity(class, field, value)
}

// apply is one type as the provider makes it for this class: from the catalogue's (default) capacity and overhead,
// the pods, the ephemeral storage and the reservations the class changes.
func (s *classSettings) apply(it *cloudprovider.InstanceType, class string) *cloudprovider.InstanceType {
	capacity := it.Capacity.DeepCopy()
	overhead := cloudprovider.InstanceTypeOverhead{
		KubeReserved:      it.Overhead.KubeReserved.DeepCopy(),
		SystemReserved:    it.Overhead.SystemReserved.DeepCopy(),
		EvictionThreshold: it.Overhead.EvictionThreshold.DeepCopy(),
	}
	for _, list := range []*corev1.ResourceList{&overhead.KubeReserved, &overhead.SystemReserved, &overhead.EvictionThreshold} {
		if *list == nil {
			*list = corev1.ResourceList{}
		}
	}
	add := func(list corev1.ResourceList, name corev1.ResourceName, delta resource.Quantity) {
		total := list[name]
		total.Add(delta)
		list[name] = total
	}
	// pods(): maxPods, else the type's ENI-limited count (the catalogue's); podsPerCore × vCPUs when lower
	before := capacity.Pods().Value()
	pods := before
	if s.maxPods != nil {
		pods = int64(*s.maxPods)
	}
	cpuMillis := capacity.Cpu().MilliValue()
	if s.podsPerCore != nil && *s.podsPerCore > 0 && s.podsPerCoreEnabled {
		pods = min(pods, int64(*s.podsPerCore)*(cpuMillis/1000))
	}
	capacity[corev1.ResourcePods] = *resource.NewQuantity(pods, resource.DecimalSI)
	// kube-reserved: memory 11Mi per pod + 255Mi unless the class says; cpu by the bands unless the class says
	memory := mebibytes(11*pods + 255)
	if value, ok := s.kubeReserved[string(corev1.ResourceMemory)]; ok {
		memory = mustQuantity(class, "kubelet.kubeReserved.memory", value)
	}
	memory.Sub(mebibytes(11*before + 255))
	add(overhead.KubeReserved, corev1.ResourceMemory, memory)
	if value, ok := s.kubeReserved[string(corev1.ResourceCPU)]; ok {
		cpu := mustQuantity(class, "kubelet.kubeReserved.cpu", value)
		cpu.Sub(defaultKubeReservedCPU(cpuMillis))
		add(overhead.KubeReserved, corev1.ResourceCPU, cpu)
	}
	for name, value := range s.systemReserved {
		add(overhead.SystemReserved, corev1.ResourceName(name), mustQuantity(class, "kubelet.systemReserved."+name, value))
	}
	if value, ok := s.evictionHard["memory.available"]; ok {
		threshold := evictionSignal(class, "kubelet.evictionHard.memory.available", capacity[corev1.ResourceMemory], value)
		threshold.Sub(mebibytes(100))
		add(overhead.EvictionThreshold, corev1.ResourceMemory, threshold)
	}
	// ephemeral storage: the root volume, less kube-reserved 1Gi (or the class's) and 10% for eviction (or nodefs.available)
	if _, ok := capacity[corev1.ResourceEphemeralStorage]; ok || s.rootVolume != nil {
		size := defaultRootVolume.DeepCopy()
		if s.rootVolume != nil {
			size = s.rootVolume.DeepCopy()
		}
		capacity[corev1.ResourceEphemeralStorage] = size
		reserved := resource.MustParse("1Gi")
		if value, ok := s.kubeReserved[string(corev1.ResourceEphemeralStorage)]; ok {
			reserved = mustQuantity(class, "kubelet.kubeReserved.ephemeral-storage", value)
		}
		overhead.KubeReserved[corev1.ResourceEphemeralStorage] = reserved
		eviction := *resource.NewQuantity(int64(math.Ceil(float64(size.Value())/100*10)), resource.DecimalSI)
		if value, ok := s.evictionHard["nodefs.available"]; ok {
			eviction = evictionSignal(class, "kubelet.evictionHard.nodefs.available", size, value)
		}
		overhead.EvictionThreshold[corev1.ResourceEphemeralStorage] = eviction
	}
	return &cloudprovider.InstanceType{Name: it.Name, Requirements: it.Requirements, Offerings: it.Offerings,
		Capacity: capacity, Overhead: &overhead}
}
