"""A reference web front end: ``canasta serve`` (``pip install "canasta[web]"``).

People play in a browser, against bots or with friends, each seat at its own secret link, and
the games outlive a restart of the server. It uses the library only through its public API,
as any program built on it would:

- :mod:`~canasta.web.app`: the routes (Starlette): pages, a small JSON API, a WebSocket for
  live screens, and the rules' texts;
- :mod:`~canasta.web.tables`: the games in play; moves checked with the seat they came from,
  stored, then told to every seat;
- :mod:`~canasta.web.screen`: what a seat's page shows, made from that seat's
  :class:`~canasta.PlayerView` only;
- :mod:`~canasta.web.store`: the SQLite file of games;
- :mod:`~canasta.web.seats`: people and bots; :mod:`~canasta.web.rulebook` and
  :mod:`~canasta.web.pages`: the rules as HTML and the pages the server writes;
- ``static/``: the table's page, its script and its style sheet (no build step).

``import canasta`` never imports this package, nor Starlette.
"""

from canasta.web.app import create_app

__all__ = ["create_app"]
