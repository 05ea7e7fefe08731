"""The web front end through Starlette's ASGI test client (``canasta.web``): games made,
played from two seats, refused for the wrong seat, the wrong token, a malformed body or an
illegal move (with its rule ID), and carried on after a restart on the same database."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import canasta

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
try:
    from starlette.testclient import TestClient
except (ImportError, RuntimeError):  # RuntimeError: neither httpx2 nor httpx
    pytest.skip(
        "Starlette's test client needs httpx2: pip install httpx2", allow_module_level=True
    )

from canasta.web import create_app
from canasta.web.app import MAX_BODY, MAX_MESSAGE

TWO_PEOPLE = {"rules": "classic", "players": 2, "seats": ["human", "human"], "seed": 7}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0)) as test_client:
        yield test_client


def create(client: TestClient, **settings: Any) -> list[dict[str, Any]]:
    answer = client.post("/api/games", json={**TWO_PEOPLE, **settings})
    assert answer.status_code == 201, answer.text
    seats: list[dict[str, Any]] = answer.json()["seats"]
    return seats


def auth(token: str) -> dict[str, bytes]:
    return {"Authorization": f"Bearer {token}".encode()}


def state(client: TestClient, token: str) -> dict[str, Any]:
    answer = client.get("/api/state", headers=auth(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def post(client: TestClient, token: str, move: object, **extra: Any) -> Any:
    return client.post("/api/move", headers=auth(token), json={"move": move, **extra})


def wait_for(client: TestClient, token: str, done: Any, seconds: float = 30.0) -> dict[str, Any]:
    """The seat's screen once ``done(screen)`` holds (bots play in the background)."""
    end = time.monotonic() + seconds
    while True:
        screen = state(client, token)
        if done(screen) or time.monotonic() > end:
            return screen
        time.sleep(0.02)


# --- making games -------------------------------------------------------------------------


def test_a_new_game_gives_each_person_a_secret_link(client: TestClient) -> None:
    seats = create(client, players=4, seats=["human", "greedy", "human", "random"])
    assert [seat["kind"] for seat in seats] == ["human", "greedy", "human", "random"]
    tokens = [seat["token"] for seat in seats if "token" in seat]
    assert len(tokens) == 2
    assert len(set(tokens)) == 2
    for seat in seats:
        if "token" in seat:
            # 24 random bytes in URL-safe base64: 192 bits, in the fragment (out of logs).
            assert len(seat["token"]) == 32
            assert seat["link"] == f"http://testserver/play#{seat['token']}"
        else:
            assert "link" not in seat


def test_the_lobby_offers_every_rule_set_and_starts_games_from_its_form(
    client: TestClient,
) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for name in canasta.rule_set_names():
        assert f'<option value="{name}">' in page.text
    for name in canasta.rule_set_names():
        form = {"rules": name, "players": "3", "seat0": "human", "seat1": "ismcts:0.5"}
        form["seat2"] = "human"
        form["seat5"] = "nonsense, ignored: there are 3 players"
        made = client.post("/games", data=form)
        assert made.status_code == 201, made.text
        assert made.text.count('class="seat-link"') == 2
        assert "<strong>Player 1</strong>: ISMCTS bot, 0.5 s</li>" in made.text


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"rules": "poker"}, "rules: one of classic"),
        ({"players": 7, "seats": ["human"] * 7}, "players: a number from 2 to 6"),
        ({"players": True}, "players: a number"),
        ({"seats": ["human"]}, "seats: a list of 2 seats"),
        ({"seats": ["human", "wizard"]}, "seats: 'wizard' is no seat"),
        ({"seats": ["greedy", "random"]}, "at least one seat is human"),
        ({"seats": ["human", "ismcts:60"]}, "at most 10"),
        ({"seed": "seven"}, "seed: a whole number"),
    ],
)
def test_settings_that_make_no_game_are_refused(
    client: TestClient, settings: dict[str, Any], reason: str
) -> None:
    answer = client.post("/api/games", json={**TWO_PEOPLE, **settings})
    assert answer.status_code == 400
    assert reason in answer.json()["reason"]


# --- playing from two seats -----------------------------------------------------------------


def test_two_seats_play_their_turns(client: TestClient) -> None:
    first, second = (seat["token"] for seat in create(client))
    screen = state(client, first)
    assert screen["you"] == 0
    assert screen["to_move"] == 0
    assert [move["words"] for move in screen["legal"]] == ["Draw two cards from the stock"]
    assert len(screen["hand"]) == 15  # the two-player deal (CL-DEAL-1)

    assert post(client, first, {"kind": "draw"}).json() == {"ok": True, "version": 1, "to_move": 0}
    screen = state(client, first)
    discard = next(m for m in screen["legal"] if m["kind"] == "discard")
    assert post(client, first, discard["data"], version=1).status_code == 200

    other = state(client, second)
    assert other["you"] == 1
    assert other["to_move"] == 1
    assert other["pile"]["top"]["text"] == discard["data"]["card"]
    assert [line["words"] for line in other["log"]] == [
        "Draw two cards from the stock",
        discard["words"],
    ]
    assert other["players"][0]["cards"] == 16
    # The second seat plays over the WebSocket, as the page does.
    with client.websocket_connect("/api/live") as socket:
        socket.send_json({"token": second})
        assert socket.receive_json()["version"] == 2
        socket.send_json({"type": "move", "move": {"kind": "draw"}, "version": 2})
        after = socket.receive_json()
        assert after["type"] == "state"
        assert after["version"] == 3
        assert after["to_move"] == 1
        assert len(after["hand"]) == 17


def test_a_move_from_the_wrong_seat_is_refused(client: TestClient) -> None:
    _, second = (seat["token"] for seat in create(client))
    answer = post(client, second, {"kind": "draw"})
    assert answer.status_code == 422
    assert answer.json() == {
        "ok": False,
        "rule": "CL-TURN-7",
        "reason": "it is player 0's move, not player 1's",
        "url": "/rules/CL-TURN-7",
        "docs": canasta.rule_url("CL-TURN-7"),
    }
    assert state(client, second)["version"] == 0


def test_an_illegal_move_is_refused_with_its_rule_and_a_link_to_its_text(
    client: TestClient,
) -> None:
    first, _ = (seat["token"] for seat in create(client))
    answer = post(client, first, {"kind": "take"})
    assert answer.status_code == 422
    body = answer.json()
    assert body["rule"] == "CL-PILE-5"
    assert "natural" in body["reason"]
    page = client.get(body["url"])
    assert page.status_code == 200
    assert 'id="CL-PILE-5"' in page.text
    assert "<strong>CL-PILE-5" in page.text
    assert canasta.rule_url("CL-PILE-5") in page.text
    with client.websocket_connect("/api/live") as socket:
        socket.send_json({"token": first})
        socket.receive_json()
        socket.send_json({"type": "move", "move": {"kind": "discard", "card": "KH"}})
        refused = socket.receive_json()
        assert refused["type"] == "refused"
        assert refused["rule"] == "CL-TURN-1"


def test_a_stale_screen_gets_the_new_one(client: TestClient) -> None:
    first, _ = (seat["token"] for seat in create(client))
    assert post(client, first, {"kind": "draw"}, version=0).status_code == 200
    answer = post(client, first, {"kind": "draw"}, version=0)
    assert answer.status_code == 409
    assert answer.json()["version"] == 1


# --- what is refused before any rule is asked ----------------------------------------------


def test_wrong_tokens_all_get_one_answer_that_says_nothing_of_a_game(
    client: TestClient, db: Path
) -> None:
    real = create(client)[0]["token"]
    # A seat whose game has gone from the store: the same answer as a token never given.
    gone = "G" * 32
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA foreign_keys = OFF")
        raw.execute(
            "INSERT INTO seats (token_hash, game_id, seat) VALUES (?, 'no-such-game', 0)",
            (hashlib.sha256(gone.encode()).hexdigest(),),
        )
    wrong = [
        real[:-1] + ("A" if real[-1] != "A" else "B"),  # one character changed
        real + "x",
        "x" * 32,
        gone,
        "",
        "../../etc/passwd",
        "é" * 40,
        "A" * 100_000,
    ]
    answers = set()
    for token in wrong:
        for answer in (
            client.get("/api/state", headers=auth(token[:8000])),
            post(client, token[:8000], {"kind": "draw"}),
        ):
            answers.add((answer.status_code, answer.text))
    for answer in (
        client.get("/api/state"),
        client.get("/api/state", headers={"Authorization": real}),  # no "Bearer"
    ):
        answers.add((answer.status_code, answer.text))
    no_seat = {"ok": False, "reason": "no such seat: the link is wrong or incomplete"}
    assert answers == {(404, json.dumps(no_seat, separators=(",", ":")))}
    for token in (*wrong[:5], 12, None):
        with client.websocket_connect("/api/live") as socket:
            socket.send_json({"token": token})
            assert socket.receive_json() == {"type": "error", **no_seat}
    # The table's page itself is the same for every link: the token is in the fragment.
    assert client.get("/play").status_code == 200


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"{not json", "the body is not JSON"),
        (b"\xff\xfe", "the body is not JSON"),
        (b"[1, 2]", 'expected {"move": {...}}'),
        (b'{"mov": {"kind": "draw"}}', 'expected {"move": {...}}'),
        (b'{"move": "draw"}', "a move is an object"),
        (b'{"move": {}}', "the field 'kind' is missing"),
        (b'{"move": {"kind": "fly"}}', "expected one of draw, take"),
        (b'{"move": {"kind": "meld", "cards": 7}}', "cards: expected card text"),
        (b'{"move": {"kind": "discard", "card": "ZZ"}}', "'ZZ' is not a card"),
        (b'{"move": {"kind": "draw", "extra": 1}}', "unknown field"),
    ],
)
def test_a_malformed_body_is_refused_with_what_is_wrong(
    client: TestClient, body: bytes, reason: str
) -> None:
    first, _ = (seat["token"] for seat in create(client))
    answer = client.post("/api/move", headers=auth(first), content=body)
    assert answer.status_code == 400
    assert reason in answer.json()["reason"]
    assert len(answer.text) < 600
    assert state(client, first)["version"] == 0


def test_bodies_and_messages_are_bounded(client: TestClient) -> None:
    first, _ = (seat["token"] for seat in create(client))
    huge = {"move": {"kind": "discard", "card": "X" * MAX_BODY}}
    answer = client.post("/api/move", headers=auth(first), json=huge)
    assert answer.status_code == 413
    assert client.post("/api/games", content=b"{" * (MAX_BODY + 1)).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(MAX_BODY // 100 + 2):
            yield b" " * 100

    answer = client.post("/api/move", headers=auth(first), content=chunks())
    assert answer.status_code == 413
    with client.websocket_connect("/api/live") as socket:
        socket.send_json({"token": first})
        socket.receive_json()
        socket.send_text(" " * (MAX_MESSAGE + 1))
        closed = socket.receive()
        assert closed == {"type": "websocket.close", "code": 1009, "reason": ""}
    assert state(client, first)["version"] == 0


# --- a restart -------------------------------------------------------------------------------


def test_a_restarted_server_carries_on_with_the_same_links(db: Path) -> None:
    with TestClient(create_app(db, bot_delay=0)) as client:
        first, second = (seat["token"] for seat in create(client))
        post(client, first, {"kind": "draw"})
        discard = next(m for m in state(client, first)["legal"] if m["kind"] == "discard")
        post(client, first, discard["data"])
        before = {token: state(client, token) for token in (first, second)}
    with TestClient(create_app(db, bot_delay=0)) as client:
        for token, screen in before.items():
            assert state(client, token) == screen
        assert post(client, second, {"kind": "draw"}).json()["version"] == 3
        assert state(client, second)["log"][-1]["words"] == "Draw two cards from the stock"
    with TestClient(create_app(db, bot_delay=0)) as client:
        assert state(client, first)["version"] == 3


def test_bots_play_until_a_person_is_to_move_and_each_move_is_told(db: Path) -> None:
    # A pause between bots' moves, as people get: each move is a screen of its own.
    with TestClient(create_app(db, bot_delay=0.05)) as client:
        seats = create(client, players=4, seats=["greedy", "random", "human", "greedy"])
        person = seats[2]["token"]
        screen = wait_for(client, person, lambda s: s["to_move"] == 2)
        assert screen["to_move"] == 2
        players = [line["player"] for line in screen["log"]]
        assert players[0] == 0
        assert set(players) == {0, 1}
        assert all(line["words"] for line in screen["log"])
        # Seed 7: player 0 draws a red three, laid out at once and shown to all.
        assert screen["log"][0]["words"] == "Draw a card from the stock, and lay out 3♦"
        assert screen["players"][0]["kind"] == "greedy bot"
        assert screen["status"].startswith("Your turn")
        # Over the WebSocket, each bot's move arrives as a screen of its own.
        with client.websocket_connect("/api/live") as socket:
            socket.send_json({"token": person})
            version = socket.receive_json()["version"]
            socket.send_json({"type": "move", "move": {"kind": "draw"}})
            assert socket.receive_json()["version"] == version + 1
            legal = state(client, person)["legal"]
            discard = next(m for m in legal if m["kind"] == "discard")
            socket.send_json({"type": "move", "move": discard["data"]})
            seen = [socket.receive_json() for _ in range(3)]
            assert [s["version"] for s in seen] == [version + 2, version + 3, version + 4]
            assert [s["log"][-1]["player"] for s in seen] == [2, 3, 3]


# --- the end of a deal -----------------------------------------------------------------------


def test_a_whole_deal_then_the_next(client: TestClient) -> None:
    tokens = [seat["token"] for seat in create(client, seed=3)]
    rng = random.Random(1)
    screen = state(client, tokens[0])
    while screen["deal_end"] is None:
        token = tokens[screen["to_move"]]
        moves = state(client, token)["legal"]
        kinds = [m for m in moves if m["kind"] not in ("discard", "draw")]
        move = rng.choice(kinds if kinds and rng.random() < 0.7 else moves)
        assert post(client, token, move["data"]).status_code == 200
        screen = state(client, tokens[0])
    end = screen["deal_end"]
    assert end["deal"] == 1
    assert len(end["hands"]) == 2
    for row in end["scores"]:
        parts = ("meld_points", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
        assert sum(row[part] for part in parts) == row["total"] == row["score"]
    assert screen["to_move"] is None
    assert [m["text"] for m in screen["legal"]] == ["next"]
    refused = post(client, tokens[1], {"kind": "draw"})
    assert refused.status_code == 422
    assert refused.json()["rule"] in ("CL-OUT-3", "CL-EXH-3", "CL-EXH-1")
    assert post(client, tokens[1], {"kind": "next"}).status_code == 200
    screen = state(client, tokens[0])
    assert screen["deal"] == 2
    assert screen["deal_end"] is None
    assert screen["log"] == []
    assert [r["deal"] for r in screen["results"]] == [1]


# --- the pages --------------------------------------------------------------------------------


def test_the_pages_and_their_headers(client: TestClient) -> None:
    table = client.get("/play")
    assert table.status_code == 200
    assert '<script src="/static/table.js" defer></script>' in table.text
    assert "script-src 'self'" in table.headers["content-security-policy"]
    assert table.headers["referrer-policy"] == "no-referrer"
    for name in ("table.js", "lobby.js", "style.css", "icon.svg"):
        assert client.get(f"/static/{name}").status_code == 200
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    assert "Nothing here" in missing.text
    assert client.get("/rules/CL-NOPE-1").status_code == 404
    assert client.get("/rules/not-a-rule").status_code == 404
    assert client.get("/api/nothing").json()["ok"] is False


def test_every_rule_cited_by_a_refusal_has_a_page(client: TestClient) -> None:
    """The rule IDs the engine cites in Classic's opening moves lead to a rule's text."""
    game = canasta.Game.new("classic", players=2, seed=7)
    moves = [canasta.TakePile(), canasta.Discard("KH"), canasta.LayMeld("KH KS")]
    for rule in {game.explain(move, player).rule for move in moves for player in (0, 1)}:
        assert client.get(f"/rules/{rule}").status_code == 200, rule


def test_a_store_of_a_newer_layout_is_not_used(db: Path) -> None:
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(ValueError, match="newer layout"):
        create_app(db)
