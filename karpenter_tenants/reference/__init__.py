"""Reading the upstream reference data: the shared folder (reference.shared), the release folders and their
compatibility tables (reference.versions), bounded reading of untrusted reference files (reference.data), the CRDs
(reference.crds), the Karpenter charts' folders and default values (reference.charts), the content-keyed disk
cache (reference.disk_cache) and the fetch-reference downloader (reference.fetch).

Layer: above config/, below charts/. Imports config/ only; never charts, synth, checks, review, convert or
commands."""
