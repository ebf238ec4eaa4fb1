"""Tenant isolation enforced by the API server (tenancy.enforcement, docs/isolation.md): two
ValidatingAdmissionPolicies and their bindings in base/.

construct.py: the policies and bindings; review.py: `plan`'s review of them; preflight.py: what the policy would
refuse of what already runs (`preflight`, cel-python), policy_reads.py what its expressions read (so workloads
alike in it are judged once); enforcement_switch.py: `plan`'s finding when a change makes the policy refuse where it
did not."""
