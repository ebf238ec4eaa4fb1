"""What `synth` runs: each cluster in parts (parts.py: projections and fingerprints), the incremental cache beside
dist/ (incremental.py), rendering and writing dist/ whole or not at all (render.py, tree.py, yaml_text.py, safe_io.py),
and the AWS side (aws_side.py, iam_policies.py)."""
