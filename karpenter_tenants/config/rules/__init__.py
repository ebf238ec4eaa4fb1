"""Every validation rule of a cluster file, each a function returning its problems as (path, message) pairs; the loader
(config.loader) only reads files and maps each path to file:line. tenant.py: a tenant's fields and the Karpenter
generation (Tenant's validator runs them); cluster.py: across a file's sections (ClusterFile's validator); raw.py: the
file as read, before validation; names.py: AWS names and lengths; iam.py: existing IAM, shared node roles, ARNs;
release.py: the pinned release's Kubernetes range and chart values; files.py: what the loader runs, per file and
across files; warnings.py: what a file allows but probably does not mean. Imports config only."""

PathKey = tuple[str | int, ...]  # a path in a cluster file: keys and list positions
Problem = tuple[PathKey, str]  # (path in the file, message)
