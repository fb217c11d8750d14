// The linter of the page's JavaScript (test.sh): ESLint's recommended rules over web/ and the
// JavaScript tests, with the globals of where each runs (the page, its workers, node).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/**", "node_modules/**", ".venv/**", "site/**", "build/**"] },
  js.configs.recommended,
  {
    files: ["web/**/*.mjs"],
    // (DOMPurify: the vendored sanitizer, a classic script the page loads)
    languageOptions: { ecmaVersion: 2022, sourceType: "module",
                       globals: { ...globals.browser, DOMPurify: "readonly" } },
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      "prefer-const": "error",
      "no-var": "error",
      eqeqeq: "error",
    },
  },
  {
    files: ["web/pyodide/snapshot-reader.mjs", "web/pyodide/snapshot-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["web/sw.template.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.serviceworker } },
    rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["tests/e2e/*.cjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
  },
];
