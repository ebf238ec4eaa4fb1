"""A tenant's node pool: NodePool + EC2NodeClass on Karpenter 1.x, Provisioner + AWSNodeTemplate on 0.31.

fields.py: each field a tenant sets, where it lands per generation, the first release that has it and its drift
class (what config's rules, the docs and drift read); construct.py: the construct both generations share; v1.py and
v1alpha5.py: the writers; drift.py: which changes replace nodes; review.py: `plan`'s review of the kind."""
