"""Sphinx extension: pictures of positions, drawn by :func:`canasta.svg.render` at build time.

``.. canasta-position::`` draws a position as the SVG picture of one player's view, inline in
the HTML page (other builders leave it out). The position is either a game document in the
JSON format of :doc:`/json` as the directive's content (``format`` and ``version`` may be
left out), or, without content, a new game from the options ``rules``, ``players`` and
``seed``. ``moves`` then plays moves in their text form, separated by ``;``, and ``player``
chooses whose view is drawn (the player to act by default). ``caption`` gives the figure a
caption.

.. code-block:: rst

   .. canasta-position::
      :players: 4
      :seed: 7
      :moves: draw; meld 8D 8H JK
      :caption: Player 0 has opened with two eights and the joker.

   .. canasta-position::
      :caption: A frozen pile: the two of spades lies sideways under the nine.

      {"rules": "classic",
       "deal": {"hands": ["9S 9D JK 4C 4D", "5C 5D", "6C 6D", "7C 7D"],
                "melds": [["QH QS QD"], []], "pile": "5H 2S 9H"}}

A position that cannot be read or a move that is illegal stops the build with the reason.

>>> game = position_game('{"rules": "classic", "deal": {"hands": ["KH", "", "", ""]}}')
>>> game.hand(0)
Cards.parse('KH')
>>> position_game(None, players=2, seed=3, moves="draw; discard 3S").to_move
1
"""

from __future__ import annotations

import json
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives

from canasta.game import Game


def position_game(
    document: str | None,
    *,
    rules: str = "classic",
    players: int | None = None,
    seed: int | str = 0,
    moves: str = "",
) -> Game:
    """The game a ``canasta-position`` directive draws."""
    if document is not None and document.strip():
        data = json.loads(document)
        data.setdefault("format", "canasta-game")
        data.setdefault("version", 1)
        game = Game.from_json(json.dumps(data))
    else:
        game = Game.new(rules, players=players, seed=seed)
    for text in moves.split(";"):
        if text.strip():
            game = game.apply(game.parse_move(text))
    return game


def _seed(text: str) -> int | str:
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else text


def _directive() -> type:
    from sphinx.util.docutils import SphinxDirective

    from canasta.svg import render

    class CanastaPosition(SphinxDirective):
        has_content = True
        option_spec = {  # noqa: RUF012 - docutils' API
            "rules": directives.unchanged,
            "players": directives.positive_int,
            "seed": _seed,
            "moves": directives.unchanged,
            "player": directives.nonnegative_int,
            "caption": directives.unchanged,
        }

        def run(self) -> list[nodes.Node]:
            options = self.options
            try:
                game = position_game(
                    "\n".join(self.content) or None,
                    rules=options.get("rules", "classic"),
                    players=options.get("players"),
                    seed=options.get("seed", 0),
                    moves=options.get("moves", ""),
                )
                picture = render(game, options.get("player"))
            except ValueError as error:  # JSON, position, move and rule errors
                raise self.error(f"canasta-position: {error}") from None
            figure = nodes.figure(classes=["canasta-position"])
            figure += nodes.raw("", picture, format="html")
            if "caption" in options:
                text_nodes, messages = self.state.inline_text(options["caption"], self.lineno)
                figure += nodes.caption(options["caption"], "", *text_nodes)
                figure += messages
            self.set_source_info(figure)
            return [figure]

    return CanastaPosition


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("canasta-position", _directive())
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
