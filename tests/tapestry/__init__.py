"""Tapestry: rules, audit, golden playthroughs, messages and card images."""
