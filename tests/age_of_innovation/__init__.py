"""Age of Innovation: rules, audit, golden playthroughs, messages and card images."""
