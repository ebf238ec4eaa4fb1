"""The GitOps appliers: what installs a cluster's output, in order, from Git.

fields.py: each engine's facts (root and stages folders, applier kind, the commands and words the readers say of it),
which wiring, plan, adopt and the upgrade runbook read; stages.py: the install order, engine-free; engine.py: the Engine protocol and `engine_of`, the one
place gitops.engine picks an engine; flux.py (with flux_helm.py for chart stages), argocd.py and kubectl.py (nothing syncs: the stage folders applied by
hand, the charts rendered at synth): the engines' charts;
review.py: what `plan` says of the appliers applied by hand (the root, Flux's bootstrap folder)."""
