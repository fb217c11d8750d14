#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs them all:
# lint (ruff), types (mypy --strict), the page's JavaScript (tsc --checkJs, eslint, node --test),
# unit/rules/conformance tests, build, the
# end-to-end tests in Debian's headless Chromium, and the cross-engine smoke in Chromium,
# WebKit (WebKitGTK's MiniBrowser under Xvfb) and Firefox ESR; its closing note gives the
# time per engine. Usage: bash test.sh [pytest args] (with arguments: one pytest run of just
# those)
set -euo pipefail
cd "$(dirname "$0")"

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
# Debian's browsers and drivers (nothing is downloaded at run time): chromium for the
# end-to-end suite; firefox-esr, WebKitWebDriver with MiniBrowser, and Xvfb for the smoke.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser ] \
  || missing+=(webkit2gtk-driver libwebkit2gtk-4.1-0)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing Debian's ${missing[*]} (for the end-to-end tests)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
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
  echo "== npm ci (pinned Pyodide, PyScript, axe-core, puppeteer-core, TypeScript, ESLint: it downloads no browser)"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

echo "== ruff"
.venv/bin/ruff check py web tests bench build.py buildsteps
echo "== mypy --strict (py/automa, web/main.py, build.py, buildsteps, bench, tests: pyproject.toml)"
.venv/bin/mypy
if [ -f package.json ]; then
  echo "== the page's JavaScript: tsc --checkJs (web/shell/shell.d.ts, Pyodide's pyodide.d.ts), eslint, node --test"
  node_modules/.bin/tsc -p tsconfig.json
  node_modules/.bin/tsc -p tsconfig.worker.json
  node_modules/.bin/eslint .
  node --test tests/js/
fi

if [ -f build.py ]; then
  echo "== build dist/"
  .venv/bin/python build.py
fi

echo "== doctests (the examples in the engine's docstrings)"
.venv/bin/python -m pytest -q --doctest-modules py/automa

if [ $# -gt 0 ]; then
  echo "== pytest $*"
  exec .venv/bin/python -m pytest "$@"
fi
# Two processes (CI has two cores) share every test, the end-to-end ones among the rest,
# each taking the next test when it is free (pytest-xdist's worksteal); the closing lines give
# the slowest tests, the time per family of tests and anything run again (past a limit of
# three, the run fails).
echo "== pytest: every test, in ${AUTOMA_TEST_PROCESSES:-2} processes"
exec .venv/bin/python -m pytest -q -n "${AUTOMA_TEST_PROCESSES:-2}" --dist worksteal --durations=20
