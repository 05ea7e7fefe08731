"""The web application: its routes, on Starlette.

========================  ==================================================================
``GET /``                 the lobby: a form that starts a game
``POST /games``           the form's answer: the new game's links, one per person's seat
``POST /api/games``       the same as JSON: ``{"rules", "players", "seats", "seed"?}``
``GET /play#TOKEN``       a seat's table (the token stays in the fragment, out of logs)
``GET /api/state``        the seat's screen as JSON (``Authorization: Bearer TOKEN``)
``POST /api/move``        play ``{"move": MOVE DATA, "version"?: N}`` for the seat
``WS /api/live``          the seat's screens as they change; first message ``{"token"}``,
                          then ``{"type": "move", "move": ..., "version"?: ...}`` to play
``GET /rules/RULE-ID``    a rule's text, where a refused move links to
``/static/...``           the page's script, style sheet and icon
========================  ==================================================================

Every token that is missing, malformed, unknown or of a game that is gone gets the same
answer (404, "no such seat"), so a guess learns nothing. Request bodies and WebSocket
messages are bounded (:data:`MAX_BODY`, :data:`MAX_MESSAGE`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from canasta import rule_set_names
from canasta.web import pages, rulebook
from canasta.web.seats import label
from canasta.web.store import Store
from canasta.web.tables import RefusedError, Room, Tables

__all__ = ["MAX_BODY", "MAX_MESSAGE", "create_app"]

#: The largest request body accepted, in bytes (a move's data is well under 200).
MAX_BODY = 4096
#: The largest WebSocket message accepted from a page, in characters.
MAX_MESSAGE = 4096
#: Seconds a WebSocket has to say whose it is.
HELLO_SECONDS = 10.0

_STATIC = Path(__file__).with_name("static")
_NO_SEAT = {"ok": False, "reason": "no such seat: the link is wrong or incomplete"}
_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}


def create_app(db: str | Path = "canasta.sqlite", *, bot_delay: float = 0.8) -> Starlette:
    """The application, its games kept in the SQLite file ``db`` (created if need be);
    ``bot_delay`` seconds pass between two bots' moves, so that people can follow them."""
    store = Store(db)
    tables = Tables(store, bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await tables.close()
            store.close()

    routes = [
        Route("/", lobby),
        Route("/games", create_from_form, methods=["POST"]),
        Route("/api/games", create_from_json, methods=["POST"]),
        Route("/play", table_page),
        Route("/api/state", state),
        Route("/api/move", move, methods=["POST"]),
        WebSocketRoute("/api/live", live),
        Route("/rules/{rule}", rule),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(_SecurityHeaders)],
        exception_handlers={HTTPException: _http_error},
    )
    app.state.tables = tables
    return app


# --- pages ----------------------------------------------------------------------------------


async def lobby(request: Request) -> Response:
    return HTMLResponse(pages.lobby_page(rule_set_names()))


async def create_from_form(request: Request) -> Response:
    """The lobby's form: ``rules``, ``players``, ``seat0`` ... ``seat5``."""
    try:
        body = await _body(request)
        form = {key: values[-1] for key, values in parse_qs(body.decode("utf-8")).items()}
        players = int(form.get("players", "0"))
        seats = [form.get(f"seat{seat}", "") for seat in range(min(players, 6))]
        room, tokens = _tables(request).create(form.get("rules"), players, seats)
    except (RefusedError, ValueError) as error:
        reason = (
            error.body["reason"] if isinstance(error, RefusedError) else "the form is not whole"
        )
        return HTMLResponse(pages.problem_page(f"No game: {reason}."), status_code=400)
    links = [
        (seat, label(kind), _link(request, tokens[seat]) if seat in tokens else "")
        for seat, kind in enumerate(room.seats)
    ]
    page = pages.created_page(room.game.rules.name, len(room.seats), links)
    room.start_bots()
    return HTMLResponse(page, status_code=201, headers={"cache-control": "no-store"})


async def table_page(request: Request) -> Response:
    return FileResponse(_STATIC / "table.html", headers={"cache-control": "no-store"})


async def rule(request: Request) -> Response:
    found = rulebook.find(request.path_params["rule"])
    if found is None:
        return HTMLResponse(pages.missing_page(), status_code=404)
    return HTMLResponse(pages.rule_page(found))


# --- the JSON API ---------------------------------------------------------------------------


async def create_from_json(request: Request) -> Response:
    try:
        data = await _json(request)
        if not isinstance(data, dict):
            raise RefusedError(400, {"ok": False, "reason": "expected an object"})
        room, tokens = _tables(request).create(
            data.get("rules"), data.get("players"), data.get("seats"), data.get("seed")
        )
    except RefusedError as error:
        return JSONResponse(error.body, status_code=error.status)
    seats: list[dict[str, Any]] = []
    for seat, kind in enumerate(room.seats):
        entry: dict[str, Any] = {"seat": seat, "kind": kind}
        if seat in tokens:
            entry |= {"token": tokens[seat], "link": _link(request, tokens[seat])}
        seats.append(entry)
    room.start_bots()
    return JSONResponse({"ok": True, "seats": seats}, status_code=201)


async def state(request: Request) -> Response:
    found = _seat_of_request(request)
    if found is None:
        return JSONResponse(_NO_SEAT, status_code=404)
    room, seat = found
    return Response(room.message(seat), media_type="application/json")


async def move(request: Request) -> Response:
    found = _seat_of_request(request)
    if found is None:
        return JSONResponse(_NO_SEAT, status_code=404)
    room, seat = found
    try:
        data = await _json(request)
        if not isinstance(data, dict) or "move" not in data:
            raise RefusedError(400, {"ok": False, "reason": 'expected {"move": {...}}'})
        await room.play(seat, data["move"], data.get("version"))
    except RefusedError as error:
        return JSONResponse(error.body, status_code=error.status)
    return JSONResponse({"ok": True, "version": room.version, "to_move": room.game.to_move})


# --- live updates -----------------------------------------------------------------------------


class _Outbox:
    """What a WebSocket is to send: replies to its own requests, in order, and its seat's
    latest screen (a screen that a newer one overtakes before it is sent is skipped)."""

    def __init__(self) -> None:
        self.screen: str | None = None
        self.replies: list[str] = []
        self.ready = asyncio.Event()

    def __call__(self, text: str) -> None:
        self.screen = text
        self.ready.set()

    def reply(self, body: dict[str, Any]) -> None:
        self.replies.append(json.dumps(body, ensure_ascii=False))
        self.ready.set()

    async def drain(self, websocket: WebSocket) -> None:
        while True:
            await self.ready.wait()
            self.ready.clear()
            replies, self.replies = self.replies, []
            for text in replies:
                await websocket.send_text(text)
            if self.screen is not None:
                text, self.screen = self.screen, None
                await websocket.send_text(text)


async def live(websocket: WebSocket) -> None:
    await websocket.accept()
    found = await _hello(websocket)
    if found is None:
        with contextlib.suppress(Exception):  # the page may have gone already
            await websocket.send_json({"type": "error", **_NO_SEAT})
            await websocket.close(code=1008)
        return
    room, seat = found
    outbox = _Outbox()
    stop = room.listen(seat, outbox)
    outbox(room.message(seat))
    sender = asyncio.get_running_loop().create_task(outbox.drain(websocket))
    room.start_bots()
    try:
        while True:
            text = await _receive(websocket)
            if text is None:
                break
            await _handle(room, seat, text, outbox)
    except WebSocketDisconnect:
        pass
    finally:
        stop()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _hello(websocket: WebSocket) -> tuple[Room, int] | None:
    """The seat the first message's token names, if it comes in time and is one."""
    try:
        text = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
        data = json.loads(text or "null")
    except (asyncio.TimeoutError, ValueError, WebSocketDisconnect):
        return None
    token = data.get("token") if isinstance(data, dict) else None
    return _tables_of(websocket).seat(token)


async def _receive(websocket: WebSocket) -> str | None:
    """The next text message, ``None`` once the page has gone; a message over
    :data:`MAX_MESSAGE` closes the socket (1009), as does binary data (1003)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        await websocket.close(code=1003)
        return None
    if len(text) > MAX_MESSAGE:
        await websocket.close(code=1009)
        return None
    return str(text)


async def _handle(room: Room, seat: int, text: str, outbox: _Outbox) -> None:
    """One message from the page: a move to play, or a request for the screen."""
    try:
        data = json.loads(text)
    except ValueError:
        outbox.reply({"type": "refused", "ok": False, "reason": "the message is not JSON"})
        return
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "state":
        outbox(room.message(seat))
    elif kind == "move":
        assert isinstance(data, dict)
        try:
            await room.play(seat, data.get("move"), data.get("version"))
        except RefusedError as error:
            outbox.reply({"type": "refused", **error.body})
            if error.status == 409:
                outbox(room.message(seat))
    else:
        outbox.reply({"type": "refused", "ok": False, "reason": 'expected {"type": "move"}'})


# --- helpers ----------------------------------------------------------------------------------


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _tables_of(websocket: WebSocket) -> Tables:
    tables: Tables = websocket.app.state.tables
    return tables


def _seat_of_request(request: Request) -> tuple[Room, int] | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return _tables(request).seat(token.strip())


def _link(request: Request, token: str) -> str:
    """A seat's link: the table's address, the token in its fragment."""
    return f"{request.base_url}play#{token}"


async def _body(request: Request) -> bytes:
    """The request's body, at most :data:`MAX_BODY` bytes (else 413)."""
    too_big = RefusedError(413, {"ok": False, "reason": f"the body is over {MAX_BODY} bytes"})
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise too_big
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_big
    return bytes(body)


async def _json(request: Request) -> object:
    body = await _body(request)
    try:
        data: object = json.loads(body)
    except ValueError:  # UnicodeDecodeError included
        raise RefusedError(400, {"ok": False, "reason": "the body is not JSON"}) from None
    return data


async def _http_error(request: Request, error: Exception) -> Response:
    """404 and the like: JSON under /api, the plain page elsewhere."""
    assert isinstance(error, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"ok": False, "reason": error.detail}, status_code=error.status_code)
    if error.status_code == 404:
        return HTMLResponse(pages.missing_page(), status_code=404)
    return Response(error.detail, status_code=error.status_code, media_type="text/plain")


class _SecurityHeaders:
    """Every HTTP answer says: scripts, styles and connections from this server only, no
    framing, no referrer (a rule page opened from a table does not learn its address)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
