"""The `plan` review of a change: what it does to customers' nodes."""
