"""`plan --workloads`: will customers' pods run after this change? Their workloads (simulation.workloads) scheduled,
for the base and the head revision, by Karpenter's own provisioning scheduler (simulation.binary: a Go program
linking sigs.k8s.io/karpenter) onto the nodes that exist then and new NodeClaims of that revision's NodePools
(simulation.revision), with the instance types and prices Karpenter publishes (simulation.offerings); the answer
per customer and what the pull request changed in it (simulation.report)."""
