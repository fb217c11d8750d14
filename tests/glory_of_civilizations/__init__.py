"""Glory of Civilizations: rules, audit, golden playthroughs, decks, messages and card images."""
