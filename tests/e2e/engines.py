"""The three browser engines a phone can have, behind one small driver interface, for the
cross-engine smoke tests (``test_smoke_engines.py``).

* Chromium (Android's browsers): Debian's ``/usr/bin/chromium`` through Playwright, as the
  rest of the end-to-end suite drives it;
* WebKit (every browser of an iPhone): WebKitGTK's MiniBrowser through Debian's
  ``WebKitWebDriver`` and Selenium, in an X server of its own (Xvfb: MiniBrowser has no
  headless mode);
* Gecko (Firefox): Debian's ``firefox-esr``, headless, over WebDriver BiDi through
  ``puppeteer-core`` from npm (``firefox_bridge.cjs``; no geckodriver is packaged).

Each engine implements only what differs (start, navigate, reload, evaluate, close); a tap, a
field filled in and a wait are the same page-side JavaScript in every engine, so the smoke
tests are one test code. Nothing is downloaded at run time: ``test.sh`` installs the browsers
with apt and the drivers from PyPI and npm.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.notes import RETRIED

if TYPE_CHECKING:
    from playwright.sync_api import BrowserType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
ENGINES = ("chromium", "webkit", "firefox")
PHONE = (390, 844)

WAIT_S = float(os.environ.get("AUTOMA_SMOKE_WAIT", "180"))
"""The longest wait for any of the app's own signals (seconds): generous, since a shared
2-core machine under load starts WebKit's Pyodide in up to 40 s."""

# Page errors in engines whose driver reports none (WebKit): caught in the page itself from
# DOMContentLoaded on (installed again after every navigation).
HOOK_JS = """() => {
  if (window.__smokeErrors) return true;
  const seen = window.__smokeErrors = [];
  addEventListener('error', (e) => seen.push('error: ' + (e.message || e.type)));
  addEventListener('unhandledrejection', (e) =>
    seen.push('unhandled rejection: ' + ((e.reason && e.reason.message) || e.reason)));
  return true;
}"""
HOOK_READ_JS = "() => (window.__smokeErrors || []).splice(0)"
CLICK_JS = """(selector) => {
  const e = document.querySelector(selector);
  if (!e) return false;
  e.click();
  return true;
}"""
FILL_JS = """([selector, value]) => {
  const e = document.querySelector(selector);
  if (!e) return false;
  e.value = value;
  e.dispatchEvent(new Event('input', {bubbles: true}));
  e.dispatchEvent(new Event('change', {bubbles: true}));
  return true;
}"""


class Driver(ABC):
    """One browser tab of one engine: what the smoke tests ask of it."""

    engine = ""

    def __init__(self, network: Callable[[bool], None]) -> None:
        self.network = network
        self.version = ""

    # --- what each engine implements -----------------------------------------------------
    @abstractmethod
    def load(self, url: str) -> None:
        """Load the document ``url``; back once it is parsed (DOMContentLoaded)."""

    @abstractmethod
    def reload(self) -> None:
        """Reload the page; back at DOMContentLoaded."""

    @abstractmethod
    def evaluate(self, source: str, arg: Any = None) -> Any:
        """Call the JavaScript function ``source`` (may be async) with the JSON value ``arg``
        in the page; its JSON result."""

    @abstractmethod
    def close(self) -> None:
        """Close the browser."""

    def page_errors(self) -> list[str]:
        """Errors thrown in the page since the last call (the engine's own report)."""
        return [str(e) for e in self.evaluate(HOOK_READ_JS) or []]

    # --- the same in every engine --------------------------------------------------------
    def navigate(self, url: str) -> None:
        """Go to ``url``: another screen of the same page only changes the hash, as a link of
        the app does (WebDriver would wait for a load that a hash change never brings);
        anything else is loaded."""
        here = ""
        with contextlib.suppress(Exception):  # (no page yet)
            here = str(self.evaluate("() => location.href")).split("#")[0]
        path, _, screen = url.partition("#")
        if here and here == path and screen:
            self.evaluate("(hash) => { location.hash = hash; return true; }", "#" + screen)
        else:
            self.load(url)

    def set_offline(self, offline: bool) -> None:
        """Cut the page off from the network (the app's server refuses every connection)."""
        self.network(offline)

    def wait_for(self, condition: str, arg: Any = None, timeout: float = WAIT_S) -> Any:
        """The first truthy value of the page-side function ``condition(arg)``, polled; a
        navigation under it is waited out. Fails after ``timeout`` seconds."""
        end = time.monotonic() + timeout
        last: Any = None
        while True:
            try:
                value = self.evaluate(condition, arg)
                if value:
                    return value
                last = value
            except Exception as error:  # a navigation or a page still loading
                last = error
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine}: waited {timeout:.0f} s for {condition} "
                                     f"({arg!r}); last: {last!r}")
            time.sleep(0.1)

    def shown(self, selector: str, timeout: float = WAIT_S) -> None:
        """Wait until ``selector`` is in the page."""
        self.wait_for("(s) => !!document.querySelector(s)", selector, timeout)

    def click(self, selector: str) -> None:
        """Tap the element ``selector`` (waited for)."""
        self.shown(selector)
        assert self.evaluate(CLICK_JS, selector), selector

    def fill(self, selector: str, value: str) -> None:
        """Type ``value`` into the field ``selector`` (waited for)."""
        self.shown(selector)
        assert self.evaluate(FILL_JS, [selector, value]), selector


class ChromiumDriver(Driver):
    """Debian's Chromium through Playwright, headless."""

    engine = "chromium"

    def __init__(self, network: Callable[[bool], None], profile: Path,
                 chromium: BrowserType | None = None) -> None:
        """``chromium``: the run's own Playwright browser type, where one is running (a second
        Playwright cannot start in the same thread); else one of its own, stopped on close."""
        from playwright.sync_api import sync_playwright

        super().__init__(network)
        self.play = None
        if chromium is None:
            self.play = sync_playwright().start()
            chromium = self.play.chromium
        browser_type = chromium
        self.context = browser_type.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": PHONE[0], "height": PHONE[1]})
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.set_default_timeout(WAIT_S * 1000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        browser = self.context.browser
        self.version = f"Chromium {browser.version}" if browser else "Chromium"

    def load(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def reload(self) -> None:
        self.page.reload(wait_until="domcontentloaded")

    def evaluate(self, source: str, arg: Any = None) -> Any:
        return self.page.evaluate(source, arg)

    def page_errors(self) -> list[str]:
        found, self.errors = self.errors, []
        return found

    def close(self) -> None:
        try:
            self.context.close()
        finally:
            if self.play is not None:
                self.play.stop()


class WebKitDriver(Driver):
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on X server ``display``."""

    engine = "webkit"

    def __init__(self, network: Callable[[bool], None], display: str, log: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        super().__init__(network)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # WebKitWebDriver matches no browser without it
        options.page_load_strategy = "eager"  # back at DOMContentLoaded, as the other two
        self.log = log.open("ab")
        service = Service(executable_path=WEBKIT_DRIVER, log_output=self.log,
                          env={**os.environ, "DISPLAY": display})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_page_load_timeout(WAIT_S)
        self.driver.set_script_timeout(30)
        with contextlib.suppress(Exception):  # (MiniBrowser's window goes no narrower than ~450)
            self.driver.set_window_size(*PHONE)
        caps = self.driver.capabilities
        self.version = f"{caps.get('browserName')} {caps.get('browserVersion')}"

    def load(self, url: str) -> None:
        self.loaded(lambda: self.driver.get(url), url)

    def reload(self) -> None:
        self.loaded(self.driver.refresh, "reload")

    def loaded(self, go: Callable[[], None], what: str, tries: int = 3) -> None:
        """``go`` (a load), then the error hook put in the new page; if the driver runs no
        script for a while right after it (WebKitWebDriver's stall), the load is done again."""
        for attempt in range(tries):
            try:
                go()
                self.wait_for(HOOK_JS, timeout=45)
                return
            except Exception:  # the driver's timeout, or no script run in time
                if attempt == tries - 1:
                    raise
                RETRIED.append(f"webkit: {what}")

    def evaluate(self, source: str, arg: Any = None) -> Any:
        # WebDriver's async script: the function's value (or its error) through the callback.
        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({source})(arguments[0])).then("
                  "v => done({value: v === undefined ? null : v}),"
                  "e => done({error: String((e && e.stack) || e)}));")
        result = self.driver.execute_async_script(script, arg)
        if not isinstance(result, dict) or "error" in result:
            raise RuntimeError(f"webkit page: {result!r}")
        return result.get("value")

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.log.close()


class FirefoxDriver(Driver):
    """Debian's Firefox ESR, headless, through ``firefox_bridge.cjs`` (puppeteer-core over
    WebDriver BiDi): one JSON request a line, one answer a line."""

    engine = "firefox"

    def __init__(self, network: Callable[[bool], None], profile: Path, log: Path) -> None:
        super().__init__(network)
        self.log = log.open("ab")
        self.bridge = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.cjs")], cwd=ROOT, text=True, bufsize=1,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log)
        self.asked = 0
        self.version = str(self.call("open", executable=FIREFOX, profile=str(profile),
                                     width=PHONE[0], height=PHONE[1]))

    def call(self, verb: str, **args: Any) -> Any:
        """One request to the bridge and its answer."""
        assert self.bridge.stdin is not None and self.bridge.stdout is not None
        self.asked += 1
        self.bridge.stdin.write(json.dumps({"id": self.asked, "verb": verb, **args}) + "\n")
        self.bridge.stdin.flush()
        line = self.bridge.stdout.readline()
        if not line:
            raise RuntimeError("the Firefox bridge stopped (see its log)")
        answer: dict[str, Any] = json.loads(line)
        if answer.get("id") != self.asked or "error" in answer:
            raise RuntimeError(f"firefox: {answer.get('error', answer)}")
        return answer.get("value")

    def load(self, url: str) -> None:
        self.call("navigate", url=url)

    def reload(self) -> None:
        self.call("reload")

    def evaluate(self, source: str, arg: Any = None) -> Any:
        return self.call("evaluate", source=source, arg=arg)

    def page_errors(self) -> list[str]:
        return [str(e) for e in self.call("errors") or []]

    def close(self) -> None:
        try:
            with contextlib.suppress(Exception):
                self.call("close")
            if self.bridge.stdin:
                self.bridge.stdin.close()
            try:
                self.bridge.wait(30)
            except subprocess.TimeoutExpired:
                self.bridge.kill()
        finally:
            self.log.close()


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """An X server of its own for the length of the block: its display (":N")."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as told:
            number = told.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


SMOKED = ("webkit", "firefox")
"""The engines the smoke runs in by default: the full suite runs in Chromium already."""


def selected_engines() -> list[str]:
    """The engines the smoke runs in: WebKit and Firefox (:data:`SMOKED`; the end-to-end
    suite covers Chromium), or those ``AUTOMA_SMOKE_ENGINES`` names (comma-separated: all
    three, or one a machine has)."""
    named = os.environ.get("AUTOMA_SMOKE_ENGINES", "")
    chosen = [e.strip() for e in named.split(",") if e.strip()] or list(SMOKED)
    unknown = sorted(set(chosen) - set(ENGINES))
    if unknown:
        raise ValueError(f"AUTOMA_SMOKE_ENGINES: no engine {unknown} (known: {ENGINES})")
    return chosen
