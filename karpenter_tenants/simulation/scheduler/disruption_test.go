package main

import (
	"bytes"
	"testing"
)

// karpenterNode is a running node of pool p, as `kubectl get nodes -o json` shows one Karpenter launched.
func karpenterNode(name, instanceType, cpu, memory string) object {
	return object{"apiVersion": "v1", "kind": "Node", "metadata": object{"name": name, "labels": object{
		"karpenter.sh/nodepool": "p", "node.kubernetes.io/instance-type": instanceType,
		"topology.kubernetes.io/zone": "us-east-1a", "karpenter.sh/capacity-type": "on-demand",
		"kubernetes.io/arch": "amd64", "kubernetes.io/os": "linux", "kubernetes.io/hostname": name}},
		"status": object{"allocatable": object{"cpu": cpu, "memory": memory, "pods": "110"},
			"capacity":   object{"cpu": cpu, "memory": memory, "pods": "110"},
			"conditions": []object{{"type": "Ready", "status": "True"}}}}
}

func consolidating(policy string, disruption object) object {
	np := pool("p", nil, nil)
	settings := object{"consolidationPolicy": policy, "consolidateAfter": "0s"}
	for key, value := range disruption {
		settings[key] = value
	}
	np["spec"].(object)["disruption"] = settings
	return np
}

func askDisruption(t *testing.T, np object, nodes, pods []object) []disruptionOutput {
	t.Helper()
	q := request([]object{np}, standardTypes, nodes, pods, nil)
	q["disruption"] = []string{"p"}
	answer, _ := ask(t, q)
	return answer.Disruption
}

var oneBigNode = []object{karpenterNode("n1", "m5.xlarge", "4", "16Gi")}

func TestAnUnderusedNodeIsReplacedByTheCheapestTypeThatHoldsItsPods(t *testing.T) {
	got := askDisruption(t, consolidating("WhenEmptyOrUnderutilized", nil), oneBigNode, []object{pod("a", "500m", nil)})
	if len(got) != 1 || got[0].Decision != "replace" || got[0].Reason != "Underutilized" || len(got[0].Nodes) != 1 ||
		got[0].Nodes[0].Node != "n1" || got[0].Nodes[0].Pods != 1 || len(got[0].Replacements) != 1 {
		t.Fatalf("want n1 replaced, got %+v", got)
	}
	// the pool allows spot: an on-demand node goes to the cheapest spot offering (Karpenter pins the replacement to
	// spot so that it never launches a dearer on-demand one)
	if r := got[0].Replacements[0]; r.InstanceType != "m6g.large" || r.CapacityType != "spot" || r.PricePerHour != 0.077/3 {
		t.Fatalf("want the cheapest offering that holds the pod (m6g.large spot), got %+v", r)
	}
	if saved := got[0].SavingsPerHour; saved != 0.192-0.077/3 {
		t.Fatalf("want 0.192 - 0.077/3 saved per hour, got %v", saved)
	}
}

func TestWhenEmptyLeavesAnUnderusedNodeAlone(t *testing.T) {
	if got := askDisruption(t, consolidating("WhenEmpty", nil), oneBigNode, []object{pod("a", "500m", nil)}); len(got) != 0 {
		t.Fatalf("want nothing under WhenEmpty, got %+v", got)
	}
}

func TestEmptyNodesAreDeletedWithinTheBudget(t *testing.T) {
	nodes := []object{karpenterNode("n1", "m5.xlarge", "4", "16Gi"), karpenterNode("n2", "m5.xlarge", "4", "16Gi"),
		karpenterNode("n3", "m5.xlarge", "4", "16Gi")}
	pods := []object{pod("a", "500m", nil)}
	got := askDisruption(t, consolidating("WhenEmpty", nil), nodes, pods)
	if len(got) != 1 || got[0].Method != "emptiness" || got[0].Decision != "delete" || len(got[0].Nodes) != 2 ||
		got[0].SavingsPerHour != 0.384 {
		t.Fatalf("want the two empty nodes deleted, got %+v", got)
	}
	one := object{"budgets": []object{{"nodes": "1"}}}
	if got := askDisruption(t, consolidating("WhenEmpty", one), nodes, pods); len(got) != 1 || len(got[0].Nodes) != 1 {
		t.Fatalf("want one node deleted under a budget of 1, got %+v", got)
	}
}

func TestNoCommandWhereConsolidationIsOffOrTheBudgetIsZero(t *testing.T) {
	pods := []object{pod("a", "500m", nil)}
	never := consolidating("WhenEmptyOrUnderutilized", object{"consolidateAfter": "Never"})
	if got := askDisruption(t, never, oneBigNode, pods); len(got) != 0 {
		t.Fatalf("want nothing with consolidateAfter Never, got %+v", got)
	}
	zero := consolidating("WhenEmptyOrUnderutilized", object{"budgets": []object{{"nodes": "0"}}})
	if got := askDisruption(t, zero, oneBigNode, pods); len(got) != 0 {
		t.Fatalf("want nothing under a budget of 0, got %+v", got)
	}
	// a budget with a schedule is taken as outside its window
	windowed := consolidating("WhenEmptyOrUnderutilized", object{"budgets": []object{
		{"nodes": "0", "schedule": "* * * * *", "duration": "1h"}}})
	if got := askDisruption(t, windowed, oneBigNode, pods); len(got) != 1 {
		t.Fatalf("want the scheduled budget ignored, got %+v", got)
	}
}

func TestDisruptionIsOnlyAnsweredWhenAsked(t *testing.T) {
	pods := []object{pod("a", "500m", nil)}
	answer, data := ask(t, request([]object{consolidating("WhenEmptyOrUnderutilized", nil)}, standardTypes, oneBigNode, pods, nil))
	if answer.Disruption != nil || bytes.Contains(data, []byte(`"disruption"`)) {
		t.Fatalf("want no disruption key, got %s", data)
	}
	q := request([]object{consolidating("WhenEmptyOrUnderutilized", nil)}, standardTypes, oneBigNode, pods, nil)
	q["disruption"] = []string{"another-pool"}
	if answer, _ := ask(t, q); len(answer.Disruption) != 0 {
		t.Fatalf("want nothing for a pool not asked about, got %+v", answer.Disruption)
	}
}
