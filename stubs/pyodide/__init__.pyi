"""Type stubs for the parts of Pyodide the page uses."""
