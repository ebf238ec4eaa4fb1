"""What a node pool may launch, from Karpenter's instance-type catalogue in the reference data: the instance types
its requirements allow, the largest node, and the highest hourly on-demand cost its limits allow (docs/capacity.md)."""
