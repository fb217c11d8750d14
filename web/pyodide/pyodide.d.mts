// Types of the vendored Pyodide (build.py copies its pyodide.mjs beside this module): those it
// ships (node_modules/pyodide/pyodide.d.ts), the version package.json pins. Not shipped.
export * from "pyodide";
