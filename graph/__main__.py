"""Allow `python -m graph`."""

from graph.cli import main

raise SystemExit(main())
