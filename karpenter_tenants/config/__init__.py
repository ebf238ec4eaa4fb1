"""The cluster config: the typed model, the loader that reports every problem, names and versions."""
