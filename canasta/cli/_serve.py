"""``canasta serve``: the web front end (:mod:`canasta.web`), on uvicorn.

It needs the ``web`` extra (Starlette, uvicorn, websockets); without it the command says how
to install it, and every other command works as before.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from canasta.cli._common import ReadError, add_command, whole

#: The largest WebSocket frame uvicorn accepts from a page, in bytes.
_WS_MAX_SIZE = 16384


def add_to(commands: Any) -> None:
    serve = add_command(
        commands,
        "serve",
        "play in a web browser, against bots or with friends",
        "Serve the web front end: a lobby that starts games of any rule set for 2 to 6 "
        "players, people and bots in any seats, each person's seat at its own secret link. "
        "The games are kept in an SQLite file after every move, so a restarted server "
        "carries on with the same links. Needs the web extra: pip install 'canasta[web]'.",
        """
        canasta serve                         then open http://127.0.0.1:8000
        canasta serve --port 8080 --db games.sqlite
        canasta serve --host 0.0.0.0          for the other machines of your network
        """,
    )
    serve.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1)")
    serve.add_argument("--port", type=whole, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--db", default="canasta.sqlite", help="the games' file (default: canasta.sqlite)"
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        metavar="SECONDS",
        help="pause between two bots' moves, to follow them (default: 0.8)",
    )
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from canasta.web import create_app
    except ImportError as error:
        raise ReadError(
            f"the web front end needs the web extra ({error.name} is missing): "
            "pip install 'canasta[web]', or ./run serve in a checkout"
        ) from None
    try:
        app = create_app(args.db, bot_delay=max(0.0, args.bot_delay))
    except (OSError, ValueError) as error:
        raise ReadError(f"{args.db}: {error}") from None
    print(
        f"canasta: serving on http://{args.host}:{args.port} (games in {args.db})", file=sys.stderr
    )
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=_WS_MAX_SIZE, log_level="warning")
    return 0
