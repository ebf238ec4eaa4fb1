"""Conversions into the config: `import` of existing manifests, `migrate` from Karpenter 0.31."""
