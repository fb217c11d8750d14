"""``python -m automa``: the command line."""

from automa.cli import main

raise SystemExit(main())
