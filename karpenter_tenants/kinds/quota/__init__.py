"""A customer-wide cap (tenants[].quota): a ResourceQuota in each of the tenant's namespaces, applied by a stage of its
own.

construct.py: the chart that writes it; review.py: `plan`'s review of it."""
