package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

type object = map[string]any

func pool(name string, requirements []object, extra object) object {
	spec := object{
		"nodeClassRef": object{"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
		"requirements": requirements,
	}
	for key, value := range extra {
		spec[key] = value
	}
	np := object{"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": object{"name": name},
		"spec": object{"template": object{"spec": spec}}}
	if limits, ok := extra["limits"]; ok {
		delete(spec, "limits")
		np["spec"].(object)["limits"] = limits
	}
	return np
}

func itype(name, arch string, cpu, memory string, price float64) object {
	return object{
		"name":     name,
		"labels":   object{"kubernetes.io/arch": arch, "kubernetes.io/os": "linux", "karpenter.k8s.aws/instance-cpu": cpu},
		"capacity": object{"cpu": cpu, "memory": memory, "pods": "110"},
		"offerings": []object{
			{"zone": "us-east-1a", "capacityType": "on-demand", "price": price, "available": true},
			{"zone": "us-east-1b", "capacityType": "on-demand", "price": price, "available": true},
			{"zone": "us-east-1a", "capacityType": "spot", "price": price / 3, "available": true},
		},
	}
}

func pod(name, cpu string, spec object) object {
	full := object{"containers": []object{{"name": "app", "resources": object{"requests": object{"cpu": cpu, "memory": "256Mi"}}}}}
	for key, value := range spec {
		full[key] = value
	}
	return object{"apiVersion": "v1", "kind": "Pod", "metadata": object{"namespace": "team", "name": name}, "spec": full}
}

func request(pools, types, nodes, pods, daemons []object) object {
	for _, list := range []*[]object{&pools, &types, &nodes, &pods, &daemons} {
		if *list == nil {
			*list = []object{}
		}
	}
	return object{"nodePools": pools, "nodeClasses": []object{{"metadata": object{"name": "default"}}},
		"instanceTypes": types, "nodes": nodes, "pods": pods, "daemonSetPods": daemons}
}

var standardTypes = []object{
	itype("m5.large", "amd64", "2", "8Gi", 0.096),
	itype("m5.xlarge", "amd64", "4", "16Gi", 0.192),
	itype("m6g.large", "arm64", "2", "8Gi", 0.077),
}

func ask(t *testing.T, q object) (*output, []byte) {
	t.Helper()
	data, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	answer, err := run(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	var out bytes.Buffer
	if err := writeAnswer(&out, answer); err != nil {
		t.Fatal(err)
	}
	return answer.(*output), out.Bytes()
}

func pendingReason(answer *output, key string) (string, bool) {
	for _, p := range answer.Pending {
		if p.Pod == key {
			return p.Reason, true
		}
	}
	return "", false
}

func scheduledPods(answer *output) int {
	count := 0
	for _, claim := range answer.NodeClaims {
		count += len(claim.Pods)
	}
	for _, node := range answer.ExistingNodes {
		count += len(node.Pods)
	}
	return count
}

func TestPodLargerThanEveryTypeIsPending(t *testing.T) {
	answer, _ := ask(t, request([]object{pool("p", nil, nil)}, standardTypes, nil,
		[]object{pod("huge", "64", nil), pod("small", "1", nil)}, nil))
	reason, ok := pendingReason(answer, "team/huge")
	if !ok || !strings.Contains(reason, "no instance type has enough resources") {
		t.Fatalf("want team/huge pending for resources, got %+v", answer.Pending)
	}
	if len(answer.NodeClaims) != 1 || answer.NodeClaims[0].Pods[0] != "team/small" {
		t.Fatalf("want one NodeClaim for team/small, got %+v", answer.NodeClaims)
	}
}

func TestPoolLimitLeavesOnePodPending(t *testing.T) {
	types := []object{itype("c.xlarge", "amd64", "4", "16Gi", 0.17)}
	answer, _ := ask(t, request([]object{pool("p", nil, object{"limits": object{"cpu": "4"}})}, types, nil,
		[]object{pod("a", "2", nil), pod("b", "2", nil), pod("c", "2", nil)}, nil))
	if len(answer.Pending) != 1 || !strings.Contains(answer.Pending[0].Reason, "exceed limits for nodepool") {
		t.Fatalf("want exactly one pod pending on the pool's limit, got %+v", answer.Pending)
	}
	if scheduledPods(answer) != 2 || len(answer.NodeClaims) != 1 {
		t.Fatalf("want 2 pods on one NodeClaim, got %+v", answer.NodeClaims)
	}
}

func TestTaintedPoolWithoutTolerationIsPending(t *testing.T) {
	taints := object{"taints": []object{{"key": "tenant", "value": "acme", "effect": "NoSchedule"}}}
	answer, _ := ask(t, request([]object{pool("p", nil, taints)}, standardTypes, nil,
		[]object{pod("plain", "1", nil),
			pod("tolerant", "1", object{"tolerations": []object{{"key": "tenant", "operator": "Equal", "value": "acme", "effect": "NoSchedule"}}})}, nil))
	reason, ok := pendingReason(answer, "team/plain")
	if !ok || !strings.Contains(reason, "did not tolerate") {
		t.Fatalf("want team/plain pending on the taint, got %+v", answer.Pending)
	}
	if _, pending := pendingReason(answer, "team/tolerant"); pending {
		t.Fatalf("the tolerating pod should schedule: %+v", answer.Pending)
	}
}

func TestNodeGroupSelectorNeedsTheExistingNode(t *testing.T) {
	node := object{"metadata": object{"name": "ip-10-0-0-1", "labels": object{"eks.amazonaws.com/nodegroup": "g1",
		"kubernetes.io/hostname": "ip-10-0-0-1", "kubernetes.io/arch": "amd64"}},
		"status": object{"allocatable": object{"cpu": "2", "memory": "8Gi", "pods": "29"}, "capacity": object{"cpu": "2", "memory": "8Gi", "pods": "29"}}}
	pods := []object{pod("grouped", "1", object{"nodeSelector": object{"eks.amazonaws.com/nodegroup": "g1"}})}
	answer, _ := ask(t, request([]object{pool("p", nil, nil)}, standardTypes, []object{node}, pods, nil))
	if len(answer.ExistingNodes) != 1 || answer.ExistingNodes[0].Node != "ip-10-0-0-1" || answer.ExistingNodes[0].Pods[0] != "team/grouped" {
		t.Fatalf("want team/grouped on ip-10-0-0-1, got %+v", answer)
	}
	answer, _ = ask(t, request([]object{pool("p", nil, nil)}, standardTypes, []object{}, pods, nil))
	reason, ok := pendingReason(answer, "team/grouped")
	if !ok || !strings.Contains(reason, "eks.amazonaws.com/nodegroup") {
		t.Fatalf("want team/grouped pending without the node, got %+v", answer)
	}
}

// A revision without any NodePool (a 1.x cluster before its first tenant): the existing-node path places what fits
// the nodes there are; only what fits none is pending.
func TestWithoutNodePoolsPodsGoOnTheExistingNodes(t *testing.T) {
	node := object{"metadata": object{"name": "ip-10-0-0-1", "labels": object{"kubernetes.io/hostname": "ip-10-0-0-1",
		"kubernetes.io/arch": "amd64"}},
		"status": object{"allocatable": object{"cpu": "2", "memory": "8Gi", "pods": "29"}, "capacity": object{"cpu": "2", "memory": "8Gi", "pods": "29"}}}
	answer, _ := ask(t, request(nil, standardTypes, []object{node},
		[]object{pod("a", "500m", nil), pod("b", "500m", nil), pod("huge", "4", nil)}, nil))
	if len(answer.ExistingNodes) != 1 || strings.Join(answer.ExistingNodes[0].Pods, ",") != "team/a,team/b" {
		t.Fatalf("want team/a and team/b on ip-10-0-0-1, got %+v", answer.ExistingNodes)
	}
	reason, ok := pendingReason(answer, "team/huge")
	if !ok || len(answer.Pending) != 1 || reason != "no dynamic nodepools found, and no existing node fits it" || len(answer.NodeClaims) != 0 {
		t.Fatalf("want only team/huge pending and no NodeClaim, got %+v", answer)
	}
}

func TestArm64PoolRefusesAmd64Pod(t *testing.T) {
	arm := []object{{"key": "kubernetes.io/arch", "operator": "In", "values": []string{"arm64"}}}
	answer, _ := ask(t, request([]object{pool("graviton", arm, nil)}, standardTypes, nil,
		[]object{pod("x86", "1", object{"nodeSelector": object{"kubernetes.io/arch": "amd64"}}), pod("any", "1", nil)}, nil))
	reason, ok := pendingReason(answer, "team/x86")
	if !ok || !strings.Contains(reason, "kubernetes.io/arch") {
		t.Fatalf("want team/x86 pending on the architecture, got %+v", answer.Pending)
	}
	if len(answer.NodeClaims) != 1 || answer.NodeClaims[0].InstanceType != "m6g.large" {
		t.Fatalf("want team/any on m6g.large, got %+v", answer.NodeClaims)
	}
}

func TestDaemonSetOverheadRulesOutTheSmallType(t *testing.T) {
	q := func(daemons []object) *output {
		answer, _ := ask(t, request([]object{pool("p", nil, nil)}, standardTypes[:2], nil, []object{pod("app", "1", nil)}, daemons))
		if len(answer.NodeClaims) != 1 {
			t.Fatalf("want one NodeClaim, got %+v", answer)
		}
		return answer
	}
	if got := q(nil).NodeClaims[0]; got.InstanceType != "m5.large" || got.CapacityType != "spot" || got.Zone != "us-east-1a" {
		t.Fatalf("without DaemonSets want spot m5.large in us-east-1a, got %+v", got)
	}
	daemon := pod("agent", "1500m", nil)
	daemon["metadata"] = object{"namespace": "kube-system", "name": "agent"}
	got := q([]object{daemon}).NodeClaims[0]
	if got.InstanceType != "m5.xlarge" || got.InstanceTypeOptions != 1 || got.Requests["cpu"] != "2500m" {
		t.Fatalf("with a 1.5 cpu DaemonSet want m5.xlarge only (requests 2500m), got %+v", got)
	}
}

func TestSameInputSameBytes(t *testing.T) {
	var pods []object
	for i := 0; i < 30; i++ {
		pods = append(pods, pod("p"+string(rune('a'+i%26))+string(rune('a'+i/26)), []string{"250m", "1", "1500m"}[i%3], nil))
	}
	pods = append(pods, pod("huge", "99", nil))
	pools := []object{pool("spot", []object{{"key": "karpenter.sh/capacity-type", "operator": "In", "values": []string{"spot"}}}, nil),
		pool("od", nil, object{"limits": object{"cpu": "6"}})}
	q := request(pools, standardTypes, nil, pods, []object{pod("ds", "100m", nil)})
	_, want := ask(t, q)
	for i := 0; i < 4; i++ {
		if _, got := ask(t, q); !bytes.Equal(got, want) {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", i+2, got, want)
		}
	}
}

func TestBadInputNamesKeyAndIndex(t *testing.T) {
	q := request([]object{pool("p", nil, nil)}, standardTypes, nil, []object{pod("ok", "1", nil), pod("bad", "one", nil)}, nil)
	data, _ := json.Marshal(q)
	if _, err := run(bytes.NewReader(data)); err == nil || !strings.HasPrefix(err.Error(), "pods[1]: ") {
		t.Fatalf("want an error naming pods[1], got %v", err)
	}
	delete(q, "nodes")
	data, _ = json.Marshal(q)
	if _, err := run(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), `"nodes" is required`) {
		t.Fatalf("want an error naming nodes, got %v", err)
	}
}

// TestTheAnswerDoesNotDependOnTheWorkers: the workers (Karpenter's concurrency) try candidates side by side, and the
// earliest that fits wins whatever order they finished in: the same bytes with 1, 2 and 5 workers, asked three times,
// on pools of several tenants with limits, taints, pods of many sizes, existing nodes and consolidation asked.
func TestTheAnswerDoesNotDependOnTheWorkers(t *testing.T) {
	var pools, pods []object
	types := append([]object{}, standardTypes...)
	for size := 1; size <= 8; size *= 2 {
		types = append(types, itype("c.x"+string(rune('0'+size)), "amd64", string(rune('0'+size)), "32Gi", 0.05*float64(size)))
	}
	for _, tenant := range []string{"a", "b", "c", "d"} {
		taint := []object{{"key": "tenant", "value": tenant, "effect": "NoSchedule"}}
		np := pool(tenant, nil, object{"taints": taint, "limits": object{"cpu": "24"}})
		np["spec"].(object)["disruption"] = object{"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "0s"}
		pools = append(pools, np)
		toleration := object{"tolerations": []object{{"key": "tenant", "operator": "Equal", "value": tenant, "effect": "NoSchedule"}}}
		for n, cpu := range []string{"250m", "500m", "1", "2", "3", "250m", "1", "2", "500m", "4", "1", "2"} {
			pods = append(pods, pod(tenant+"-"+string(rune('a'+n)), cpu, toleration))
		}
	}
	q := request(pools, types, []object{karpenterNode("n1", "m5.xlarge", "4", "16Gi")}, pods, nil)
	q["disruption"] = []string{"a", "b"}
	_, want := ask(t, q)
	for _, workers := range []int{1, 2, 5} {
		for round := 0; round < 3; round++ {
			q["workers"] = workers
			if _, got := ask(t, q); !bytes.Equal(got, want) {
				t.Fatalf("%d workers, round %d: another answer:\n%s\nwant:\n%s", workers, round, got, want)
			}
		}
	}
	if len(want) < 1000 {
		t.Fatalf("the question should place many pods: %s", want)
	}
}

func TestWorkersOutsideOneToSixtyFourAreBadInput(t *testing.T) {
	for _, workers := range []any{0, 65, "2", 1.5} {
		q := request(nil, standardTypes, nil, nil, nil)
		q["workers"] = workers
		data, _ := json.Marshal(q)
		if _, err := run(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), "workers: not a whole number from 1 to 64") {
			t.Fatalf("workers %v: want bad input, got %v", workers, err)
		}
	}
}

// A batch answers each part as the part asked alone: the instance types decoded once, shared by the parts.
func TestABatchAnswersEachPartAsAlone(t *testing.T) {
	first := request([]object{pool("a", nil, object{"limits": object{"cpu": "4"}})}, nil, nil,
		[]object{pod("a1", "3", nil), pod("a2", "3", nil), pod("a3", "30", nil)}, nil)
	second := request([]object{pool("b", nil, nil)}, nil, nil, []object{pod("b1", "1", nil)}, nil)
	var parts []any
	var alone [][]byte
	for _, part := range []object{first, second} {
		part["instanceTypes"] = standardTypes
		answer, _ := ask(t, part)
		encoded, _ := json.Marshal(answer)
		alone = append(alone, encoded)
		delete(part, "instanceTypes")
		parts = append(parts, part)
	}
	data, _ := json.Marshal(object{"instanceTypes": standardTypes, "parts": parts, "workers": 2})
	answer, err := run(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	batch := answer.(*batchOutput)
	if len(batch.Parts) != 2 {
		t.Fatalf("%d answers for 2 parts", len(batch.Parts))
	}
	for index, part := range batch.Parts {
		encoded, _ := json.Marshal(part)
		if !bytes.Equal(encoded, alone[index]) {
			t.Fatalf("part %d: batch answered %s, alone %s", index, encoded, alone[index])
		}
	}
	// a bad part is named with its index; instance types belong to the batch
	bad, _ := json.Marshal(object{"instanceTypes": standardTypes, "parts": []any{second, object{"nodePools": 1}}})
	if _, err := run(bytes.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "parts[1].") {
		t.Fatalf("a bad part: %v", err)
	}
	first["instanceTypes"] = standardTypes
	withTypes, _ := json.Marshal(object{"instanceTypes": standardTypes, "parts": []any{first}})
	if _, err := run(bytes.NewReader(withTypes)); err == nil || !strings.Contains(err.Error(), "belong to the batch") {
		t.Fatalf("a part with its own instance types: %v", err)
	}
}
