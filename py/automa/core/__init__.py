"""The engine core: generator, piles, selection pipelines, prompts, session, i18n, card data."""
