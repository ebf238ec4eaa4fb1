"""The `plan` review of a change: what it does to customers' nodes.

plan.py runs it: git_tree.py reads dist/ at the base revision, registry.py gives each kind of object its review
(objects.py: the plain one; each kind's own, kinds/*/review.py: node pools after their drift rules, quotas, buffers,
overlays, gitops's notes on what is applied by hand; identity.py, isolation.py, controller.py, namespaces.py), iam.py
and upgrade.py review aws.json, changes.py is the change model, markdown.py renders the report; autoscaler.py is the
cluster-autoscaler runbook's lines; live_status.py is `status`'s comparison of the live cluster with dist/,
live_status_report.py renders it. Nothing below review/ imports it."""
