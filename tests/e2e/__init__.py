"""End-to-end tests: the built dist/ in Debian's Chromium through Playwright."""
