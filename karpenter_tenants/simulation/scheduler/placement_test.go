package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// bound is a pod that runs on node (spec.nodeName), as the snapshot has it.
func bound(name, cpu, node string) object {
	p := pod(name, cpu, nil)
	p["spec"].(object)["nodeName"] = node
	return p
}

// A bound pod stays where it runs and uses its node: the pending pod that would fit the empty node does not fit it,
// and without a NodePool it stays pending.
func TestBoundPodsStayOnTheirNodeAndUseIt(t *testing.T) {
	node := karpenterNode("n1", "m5.large", "2", "8Gi")
	answer, _ := ask(t, request(nil, standardTypes, []object{node}, []object{bound("running", "1500m", "n1"), pod("new", "1", nil)}, nil))
	if len(answer.Bound) != 1 || answer.Bound[0].Node != "n1" || strings.Join(answer.Bound[0].Pods, ",") != "team/running" {
		t.Fatalf("want team/running bound to n1, got %+v", answer.Bound)
	}
	if _, ok := pendingReason(answer, "team/new"); !ok || len(answer.ExistingNodes) != 0 {
		t.Fatalf("want team/new pending (n1 holds 1500m of 2), got %+v", answer)
	}
	// the same pods, none bound: both fit nowhere together, the larger first
	answer, _ = ask(t, request(nil, standardTypes, []object{node}, []object{pod("running", "1500m", nil), pod("new", "1", nil)}, nil))
	if len(answer.Bound) != 0 || len(answer.ExistingNodes) != 1 || answer.ExistingNodes[0].Pods[0] != "team/running" {
		t.Fatalf("want team/running scheduled onto n1, got %+v", answer)
	}
}

// The packing the cluster has is kept even where the scheduler's own order would not find it: pods of 4, 3 and 3 cpu
// run on nodes of 6 and 4 (3+3, 4); from empty, the 4 goes on the first node and one 3 fits nowhere.
func TestTodaysPackingIsKept(t *testing.T) {
	nodes := []object{karpenterNode("a", "m5.2xlarge", "6", "32Gi"), karpenterNode("b", "m5.xlarge", "4", "16Gi")}
	running := []object{bound("x", "3", "a"), bound("y", "3", "a"), bound("z", "4", "b")}
	if answer, _ := ask(t, request(nil, standardTypes, nodes, running, nil)); len(answer.Pending) != 0 || len(answer.Bound) != 2 {
		t.Fatalf("want all three running where they are, got %+v", answer)
	}
	fresh := []object{pod("x", "3", nil), pod("y", "3", nil), pod("z", "4", nil)}
	if answer, _ := ask(t, request(nil, standardTypes, nodes, fresh, nil)); len(answer.Pending) != 1 {
		t.Fatalf("want one pod pending from empty, got %+v", answer)
	}
}

func TestABoundPodOnANodeNotGivenIsBadInput(t *testing.T) {
	data, _ := json.Marshal(request(nil, standardTypes, nil, []object{pod("ok", "1", nil), bound("lost", "1", "gone")}, nil))
	if _, err := run(bytes.NewReader(data)); err == nil || !strings.HasPrefix(err.Error(), `pods[1]: spec.nodeName "gone"`) {
		t.Fatalf("want an error naming pods[1] and the node, got %v", err)
	}
}

// Consolidation is asked of the cluster as it runs, with no pod pending: three half-used nodes are left alone under
// WhenEmpty and consolidated under WhenEmptyOrUnderutilized.
func TestConsolidationOfThePodsAsTheyRun(t *testing.T) {
	nodes := []object{karpenterNode("n1", "m5.xlarge", "4", "16Gi"), karpenterNode("n2", "m5.xlarge", "4", "16Gi"),
		karpenterNode("n3", "m5.xlarge", "4", "16Gi")}
	running := []object{bound("a", "1500m", "n1"), bound("b", "1500m", "n2"), bound("c", "1500m", "n3")}
	if got := askDisruption(t, consolidating("WhenEmpty", nil), nodes, running); len(got) != 0 {
		t.Fatalf("want nothing under WhenEmpty (no node is empty), got %+v", got)
	}
	got := askDisruption(t, consolidating("WhenEmptyOrUnderutilized", nil), nodes, running)
	if len(got) != 1 || got[0].Method != "multi-node consolidation" || len(got[0].Nodes) != 2 || got[0].SavingsPerHour <= 0 {
		t.Fatalf("want two of the three nodes consolidated at once, got %+v", got)
	}
}
