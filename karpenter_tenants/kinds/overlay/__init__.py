"""NodeOverlays: the cluster-wide ones (top-level overlays) and a tenant's (tenants[].overlays), which change what
Karpenter's scheduling takes for an instance type.

construct.py: the chart and the tenant's overlay; review.py: `plan`'s review of them."""
