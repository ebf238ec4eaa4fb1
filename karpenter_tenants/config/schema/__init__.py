"""The cluster config schema, one module per section of clusters/<name>.yaml (ClusterFile in config.schema.cluster_file
is the root). Every model is frozen and rejects unknown keys; keys are camelCase, as in the Kubernetes objects they
become. What is derived from the schema is in config.resolved; the rules between sections in config.rules.

Imports config only (never reference, charts or anything above)."""
