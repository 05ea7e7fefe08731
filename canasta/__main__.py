"""``python -m canasta`` runs the ``canasta`` command."""

from canasta.cli import main

raise SystemExit(main())
