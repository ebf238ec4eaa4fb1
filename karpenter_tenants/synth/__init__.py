"""Rendering dist/ from the cluster configs and writing files whole or not at all."""
