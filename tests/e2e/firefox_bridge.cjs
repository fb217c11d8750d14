// Firefox for the cross-engine smoke tests (tests/e2e/engines.py): Debian's firefox-esr driven
// over WebDriver BiDi by puppeteer-core (pinned in package.json; it downloads no browser).
// The Python side writes one request a line on stdin, {id, verb, ...}; each gets one answer
// line on stdout, {id, value} or {id, error}. Requests are served one at a time, in order.
"use strict";
const puppeteer = require("puppeteer-core");
const lines = require("readline").createInterface({ input: process.stdin });

const state = { browser: null, page: null, errors: [] };
const WAIT = { waitUntil: "domcontentloaded", timeout: 180000 };

const verbs = {
  async open({ executable, profile, width, height }) {
    state.browser = await puppeteer.launch({
      browser: "firefox", executablePath: executable, headless: true, userDataDir: profile,
      protocolTimeout: 300000,
    });
    const pages = await state.browser.pages();
    state.page = pages.length ? pages[0] : await state.browser.newPage();
    await state.page.setViewport({ width, height });  // (the launch's default skips page one)
    state.page.on("pageerror", (e) => state.errors.push(String((e && e.message) || e)));
    return await state.browser.version();
  },
  async navigate({ url }) { await state.page.goto(url, WAIT); return null; },
  async reload() { await state.page.reload(WAIT); return null; },
  async evaluate({ source, arg }) {
    return await state.page.evaluate(`(${source})(${JSON.stringify(arg ?? null)})`);
  },
  async errors() { return state.errors.splice(0); },
  async close() {
    if (state.browser) await state.browser.close();
    state.browser = null;
    return null;
  },
};

function reply(message) { process.stdout.write(JSON.stringify(message) + "\n"); }

let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    let request = null;
    try {
      request = JSON.parse(line);
      const verb = verbs[request.verb];
      if (!verb) throw new Error(`no verb ${request.verb}`);
      const value = await verb(request);
      reply({ id: request.id, value: value === undefined ? null : value });
    } catch (e) {
      reply({ id: request && request.id, error: String((e && e.stack) || e) });
    }
  });
});
lines.on("close", () => {
  queue.then(() => verbs.close()).catch(() => {}).finally(() => process.exit(0));
});
