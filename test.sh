#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs them all:
# lint (ruff), types (mypy --strict), unit/rules/conformance tests, build, and the
# end-to-end tests in Debian's headless Chromium. Usage: bash test.sh [pytest args]
set -euo pipefail
cd "$(dirname "$0")"

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium (for the end-to-end tests)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if ! command -v zbarimg >/dev/null 2>&1; then
  echo "== installing Debian's zbar-tools (reads back the QR codes of shared games)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq zbar-tools >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  python3 -m venv .venv
fi
echo "== installing the Python test tools"
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

if [ -f package.json ]; then
  echo "== npm ci (pinned Pyodide, PyScript, axe-core)"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "== ruff"
.venv/bin/ruff check py web tests bench build.py buildsteps
echo "== mypy --strict (py/automa, web/main.py, build.py, buildsteps, bench, tests: pyproject.toml)"
.venv/bin/mypy

if [ -f build.py ]; then
  echo "== build dist/"
  .venv/bin/python build.py
fi

echo "== doctests (the examples in the engine's docstrings)"
.venv/bin/python -m pytest -q --doctest-modules py/automa

echo "== pytest"
.venv/bin/python -m pytest "$@"
