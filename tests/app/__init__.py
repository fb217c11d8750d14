"""The app without a browser: presenter, controller, saves, records, decks and guides."""
