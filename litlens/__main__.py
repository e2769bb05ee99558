"""``python -m litlens``: the same command line as the ``litlens`` script."""

from litlens.app.cli.main import main

raise SystemExit(main())
