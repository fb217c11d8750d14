""""My decks": the player's own cards, keyed in, kept and played, for every game that gives a
``data`` option a card editor (:mod:`automa.core.editor`). ``editor`` reads and draws the
decks and the card editor, ``desk`` does what the screens' taps ask."""
