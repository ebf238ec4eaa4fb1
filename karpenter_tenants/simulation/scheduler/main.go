// Command scheduler answers one question with Karpenter's own provisioning scheduler
// (sigs.k8s.io/karpenter/pkg/controllers/provisioning/scheduling, at the core version this module pins): given
// NodePools, the instance types they may launch, the nodes that exist and pending pods, which pods go on existing
// nodes, which NodeClaims would launch and which pods stay pending with Karpenter's own reason.
//
// It reads one JSON document on stdin and writes one on stdout (karpenter_tenants/simulation/binary.py drives it). It
// runs the scheduler in-process on controller-runtime's fake client and Karpenter's state.Cluster, with no API server,
// and does around Solve what the provisioner does (provisioner.go Schedule and NewScheduler): pods that fail
// Provisioner.Validate ignored, NodePools not managed by the AWS provider, static, or not Ready dropped, weight order,
// instance types per pool, DaemonSet pods, the same scheduler options, TruncateInstanceTypes. Every list of the answer
// is sorted.
//
// Input: {"nodePools": [NodePool], "nodeClasses": [EC2NodeClass], "instanceTypes": [{"name", "labels", "capacity",
// "overhead"?, "offerings": [{"zone", "capacityType", "price", "available"?}]}], "nodes": [Node], "pods": [Pod],
// "daemonSetPods": [Pod]}; a pod with spec.nodeName (a node of "nodes") runs there, bound before the scheduler runs,
// and only the others are scheduled. Output: {"karpenterCore", "bound": [{"node", "pods"}], "nodeClaims": [{"nodePool", "pods", "instanceTypeOptions",
// "instanceType", "capacityType", "zone", "pricePerHour", "requests"}], "existingNodes": [{"node", "pods"}],
// "pending": [{"pod", "reason"}], "droppedNodePools": [{"nodePool", "reason"}]}. With "disruption": [NodePool
// names] in the input, also "disruption": [{"method", "reason", "decision", "nodes": [{"node", "nodePool", "instanceType",
// "capacityType", "zone", "pricePerHour", "pods"}], "replacements": [NodeClaim as above], "savingsPerHour"}]: the
// commands of the consolidation method Karpenter's disruption controller would act with next on the nodes of those
// pools (disruption.go).
//
// A batch: {"instanceTypes": [...], "parts": [question without instanceTypes], "workers"?} answers
// {"karpenterCore", "parts": [answer]}, each part solved as a whole question (karpenter_tenants/simulation/partition.py
// splits a cluster into parts no pod of which reaches another's pools or nodes; solveParts). A part may say
// "poolsElsewhere": N, the cluster's NodePools its pods reach none of (said in their pending reason).
//
// Exit 0 with the answer; exit 2 with one line on stderr naming the key and index of input it cannot decode, or the
// scheduler's own failure. `scheduler --version` prints the linked Karpenter core version.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/go-logr/logr"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	"sigs.k8s.io/karpenter/pkg/cloudprovider"
)

const (
	coreModule = "sigs.k8s.io/karpenter"
	pinnedCore = "v1.14.1"
	childEnv   = "KARPENTER_TENANTS_SCHEDULER_CHILD"
)

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
	Bound            []existingNodeOutput `json:"bound"` // the pods given with spec.nodeName, where they run
	NodeClaims       []nodeClaimOutput    `json:"nodeClaims"`
	ExistingNodes    []existingNodeOutput `json:"existingNodes"`
	Pending          []pendingOutput      `json:"pending"`
	DroppedNodePools []droppedOutput      `json:"droppedNodePools"`
	Disruption       []disruptionOutput   `json:"disruption,omitempty"` // asked with "disruption": true (disruption.go)
}

// badInput is input the program cannot use: exit 2 with its message.
type badInput struct{ message string }

func (b badInput) Error() string { return b.message }

func fail(format string, args ...any) { panic(badInput{fmt.Sprintf(format, args...)}) }

func init() {
	registerAWS()
	ctrllog.SetLogger(logr.Discard())
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		fmt.Println(coreVersion())
		return
	}
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "usage: scheduler [--version] < question.json > answer.json")
		os.Exit(2)
	}
	if os.Getenv(childEnv) == "" {
		if code, ok := supervise(); ok {
			os.Exit(code)
		}
	}
	if path := os.Getenv("KARPENTER_TENANTS_SCHEDULER_CPUPROFILE"); path != "" { // bench/simulation.py --profile
		// a new file only: never one there, nor through a link (O_EXCL refuses both); the Python side checks first
		if file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
			_ = pprof.StartCPUProfile(file)
		}
	}
	answer, err := run(os.Stdin)
	pprof.StopCPUProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, oneLine(err.Error()))
		os.Exit(2)
	}
	writer := bufio.NewWriter(os.Stdout)
	if err := writeAnswer(writer, answer); err != nil || writer.Flush() != nil {
		fmt.Fprintln(os.Stderr, "writing the answer:", err)
		os.Exit(2)
	}
}

// supervise runs this program again as a child with the same stdin and stdout. The scheduler evaluates candidates on
// worker goroutines, where a panic cannot be recovered; the child's crash is turned here into exit 2 with one line
// (the panic's message) instead of a stack trace. ok is false when the child cannot be started: then run in-process.
func supervise() (code int, ok bool) {
	self, err := os.Executable()
	if err != nil {
		return 0, false
	}
	var stderr bytes.Buffer
	child := exec.Command(self)
	child.Env = append(os.Environ(), childEnv+"=1")
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, &stderr
	if err := child.Start(); err != nil {
		return 0, false
	}
	err = child.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		fmt.Fprintln(os.Stderr, "scheduler:", err)
		return 2, true
	}
	if child.ProcessState.ExitCode() == 0 {
		os.Stderr.Write(stderr.Bytes())
		return 0, true
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			fmt.Fprintln(os.Stderr, "Karpenter's scheduler failed on this input:", strings.TrimSpace(line))
			return 2, true
		}
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if last := lines[len(lines)-1]; last != "" {
		fmt.Fprintln(os.Stderr, last)
	} else {
		fmt.Fprintf(os.Stderr, "scheduler: exit %d without a message\n", child.ProcessState.ExitCode())
	}
	return 2, true
}

// run decodes the question, asks the scheduler and returns the sorted answer; a panic on this goroutine (input the
// scheduler cannot take, or a bug) becomes an error.
func run(reader io.Reader) (answer any, err error) {
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
	if _, err := decoder.Token(); err != io.EOF {
		return nil, fmt.Errorf("input: more than one JSON document")
	}
	if _, ok := in["parts"]; ok {
		return solveParts(in)
	}
	return solve(decodeAll(in))
}

// batchOutput answers a batch: one answer per part, in the parts' order.
type batchOutput struct {
	KarpenterCore string    `json:"karpenterCore"`
	Parts         []*output `json:"parts"`
}

// solveParts answers a batch: {"instanceTypes": [...], "parts": [question without instanceTypes], "workers"?}. The
// parts are independent questions (karpenter_tenants/simulation/partition.py splits a cluster into them: no pod of one
// can reach a NodePool or node of another); they share the instance types, decoded once, and are solved one after the
// other, each as a whole question would be.
func solveParts(in input) (answer any, err error) {
	types := decodeInstanceTypes(in)
	workers := 1
	if raw, ok := in["workers"]; ok {
		if err := json.Unmarshal(raw, &workers); err != nil || workers < 1 || workers > 64 {
			fail("workers: not a whole number from 1 to 64")
		}
	}
	batch := &batchOutput{KarpenterCore: coreVersion(), Parts: []*output{}}
	for index, raw := range in.list("parts") {
		var part input
		if err := json.Unmarshal(raw, &part); err != nil || part == nil {
			fail("parts[%d]: not an object", index)
		}
		if _, ok := part["instanceTypes"]; ok {
			fail("parts[%d]: instanceTypes belong to the batch, not to a part", index)
		}
		answer, err := solvePart(index, part, types, workers)
		if err != nil {
			return nil, fmt.Errorf("parts[%d]: %w", index, err)
		}
		batch.Parts = append(batch.Parts, answer)
	}
	return batch, nil
}

func solvePart(index int, part input, types []*cloudprovider.InstanceType, workers int) (answer *output, err error) {
	defer func() {
		if recovered := recover(); recovered != nil {
			if bad, ok := recovered.(badInput); ok {
				panic(badInput{fmt.Sprintf("parts[%d].%s", index, bad.message)})
			}
			panic(recovered)
		}
	}()
	q := decodeWith(part, types)
	q.workers = workers
	return solve(q)
}

func writeAnswer(writer io.Writer, answer any) error {
	encoder := json.NewEncoder(writer)
	encoder.SetIndent("", " ")
	return encoder.Encode(answer)
}

// coreVersion is the version of sigs.k8s.io/karpenter linked in, from the build information.
func coreVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == coreModule {
				if dep.Replace != nil && dep.Replace.Version != "" {
					return dep.Replace.Version
				}
				return dep.Version
			}
		}
	}
	return pinnedCore
}
