"""The pages the server writes: the lobby, the links of a new game, a rule's text, and the
one page for a link that leads nowhere. The table itself is ``static/table.html``, drawn by
``static/table.js`` from the seat's messages. Every value put in a page is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from canasta import __version__, rule_url
from canasta.web.rulebook import Rule, to_html
from canasta.web.seats import BOT_KINDS, ISMCTS_SECONDS

__all__ = ["created_page", "lobby_page", "missing_page", "problem_page", "rule_page"]

_SEAT_CHOICES = (
    ("human", "a person (gets a link)"),
    *((kind, f"{kind} bot") for kind in BOT_KINDS if kind != "ismcts"),
    *((f"ismcts:{s:g}", f"ISMCTS bot, {s:g} s a move") for s in ISMCTS_SECONDS),
)


def _page(title: str, body: str, *, script: str = "") -> str:
    tag = f'\n<script src="/static/{script}" defer></script>' if script else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">{tag}
</head>
<body class="page">
<header class="top"><a href="/" class="brand">♠ canasta</a></header>
<main class="sheet">
{body}
</main>
<footer class="foot">canasta {html.escape(__version__)}: the library's reference front end</footer>
</body>
</html>
"""


def lobby_page(rule_sets: Sequence[str]) -> str:
    """The form that starts a game: rule set, players, and who sits where."""
    rules = "".join(
        f'<option value="{html.escape(name)}">{html.escape(name.title())}</option>'
        for name in rule_sets
    )
    players = "".join(
        f'<option value="{n}"{" selected" if n == 4 else ""}>{n}</option>' for n in range(2, 7)
    )
    seats = []
    for seat in range(6):
        default = "human" if seat == 0 else "greedy"
        options = "".join(
            f'<option value="{value}"{" selected" if value == default else ""}>'
            f"{html.escape(text)}</option>"
            for value, text in _SEAT_CHOICES
        )
        seats.append(
            f'<label class="seat" data-seat="{seat}">Player {seat}'
            f'<select name="seat{seat}">{options}</select></label>'
        )
    body = f"""<h1>A new game of Canasta</h1>
<form method="post" action="/games" class="lobby" id="lobby">
<label>Rule set <select name="rules">{rules}</select></label>
<label>Players <select name="players" id="players">{players}</select></label>
<fieldset><legend>Who plays</legend>
<p class="hint">With four players or more, partners sit apart, as the rule set seats them
(the table shows the sides). Each person's seat gets its own secret link: open yours, and
send the others to your friends.</p>
{"".join(seats)}
</fieldset>
<button type="submit" class="primary">Start the game</button>
</form>"""
    return _page("Canasta: a new game", body, script="lobby.js")


def created_page(rules: str, players: int, links: Sequence[tuple[int, str, str]]) -> str:
    """The links of a new game: ``(seat, who, link)`` for every seat (``who`` the seat's kind
    in words), the link empty for a bot's seat."""
    rows = []
    for seat, kind, link in links:
        if link:
            where = f'<a href="{html.escape(link)}" class="seat-link">{html.escape(link)}</a>'
        else:
            where = html.escape(kind)
        rows.append(f"<li><strong>Player {seat}</strong>: {where}</li>")
    body = f"""<h1>Your game of {html.escape(rules.title())} for {players}</h1>
<p>Each link below is a seat. Open yours; send each other one to the person who plays it.
Anyone with a link plays that seat, and the links are shown only now: keep them.</p>
<ul class="links">{"".join(rows)}</ul>
<p><a href="/">Start another game</a></p>"""
    return _page("Canasta: your links", body)


def rule_page(rule: Rule) -> str:
    """A rule's text, where a refused move's link leads."""
    docs = rule_url(rule.id)
    body = f"""<p class="crumbs">{html.escape(rule.page)} · {html.escape(rule.section)}</p>
<article class="rule" id="{html.escape(rule.id)}">{to_html(rule.text)}</article>
<p>In the documentation: <a href="{html.escape(docs)}">{html.escape(docs)}</a></p>"""
    return _page(f"Canasta: {rule.id}", body)


def missing_page() -> str:
    """The answer to a link that leads nowhere: it does not say why."""
    body = """<h1>Nothing here</h1>
<p>This link does not lead to a seat or a page. Check that it was copied whole.</p>
<p><a href="/">Start a new game</a></p>"""
    return _page("Canasta: nothing here", body)


def problem_page(text: str) -> str:
    """A form that could not be used, and why."""
    body = f"""<h1>Something is missing</h1>
<p>{html.escape(text)}</p>
<p><a href="/">Back to the lobby</a></p>"""
    return _page("Canasta: something is missing", body)
