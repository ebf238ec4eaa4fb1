"""Reading the live cluster through the Kubernetes API: which kinds the commands read and the read-only ClusterRole
that grants exactly those (live.kinds, which base_chart writes into `dist/<cluster>/base/`), the client (live.client:
kubeconfig and context, exec credentials, paginated lists bounded in objects, bytes and time, every failure one line
naming the context) and what `snapshot` keeps of each object (live.snapshot). `status` reuses the same client.

Layer: beside reference/ (both read from outside the repository), above config/, below charts/. Imports config/ and
lightkube (only when a command connects); never charts, synthesis, checks, review, simulation or commands."""
