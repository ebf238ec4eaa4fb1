"""A tenant's CapacityBuffers (tenants[].buffers) and the PodTemplate of each chunk, applied by a stage of its own.

construct.py: the chart that writes them; review.py: `plan`'s review of them."""
