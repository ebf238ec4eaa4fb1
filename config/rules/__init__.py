"""Validation rules, each a function returning (path, message) pairs: config.rules.cluster holds the rules across a
cluster file's sections, which ClusterFile's one model validator runs. Imports config only."""
