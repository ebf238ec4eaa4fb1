"""The Karpenter controller's chart (the karpenter release every engine installs).

fields.py: its Helm values, ports and tolerations (what the install stages read); review.py: `plan`'s review of what
installs it, with adoption.py's line for a release `helm install` made; adopt_release.py: the live release against
what the first reconcile installs (`adopt --release-values/--release-secret`, `plan`'s adoption)."""
