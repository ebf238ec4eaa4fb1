"""Helpers the suites share (not tests themselves): charts, inputs, node groups, reference mirrors, review trees,
the import graph."""
