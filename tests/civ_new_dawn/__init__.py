"""Civilization: A New Dawn: rules, golden playthroughs, card data, messages and card images."""
