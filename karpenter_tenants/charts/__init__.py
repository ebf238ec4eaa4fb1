"""karpenter-tenants: cdk8s charts that install Karpenter and one node pool per tenant."""

import os

# jsii prints a banner about Node 20's end of life on every start; the pinned jsii runs on it,
# and CI machines provide Node 20. Set before any jsii-backed module is imported.
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
