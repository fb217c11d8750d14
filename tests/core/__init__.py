"""The engine core: generator, piles, selection, prompts, session, saves, i18n, card data."""
