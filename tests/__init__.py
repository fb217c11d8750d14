"""The tests, one package: every helper is imported by its full name, tests.<folder>.<module>."""
