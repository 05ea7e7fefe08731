"""Sphinx extension: the tables of :doc:`/observation`, made from :mod:`canasta.observation`.

``.. observation-layout::`` writes the blocks of an observation for one preset (options
``rules`` and ``players``) as a table of name, start and length, from
:func:`canasta.observation.observation_layout`; ``.. observation-shapes::`` writes the
shape of an observation for every preset and number of players. Neither needs NumPy.

>>> layout_rows("classic", 2)[:2]
[['hand', '0', '53'], ['side0.meld_cards', '53', '53']]
>>> shape_rows()[0]
['classic', '373', '495', '487', '544', '601']
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives

from canasta._rules.presets import find_rules, rule_set_names
from canasta.observation import observation_layout, observation_shape

PLAYERS = (2, 3, 4, 5, 6)


def layout_rows(rules: str, players: int) -> list[list[str]]:
    """Name, start and length of each block of an observation under a preset."""
    return [
        [name, str(start), str(length)]
        for name, start, length in observation_layout(find_rules(rules, players=players))
    ]


def shape_rows() -> list[list[str]]:
    """For every rule set, the length of an observation at 2 to 6 players."""
    return [
        [name] + [str(observation_shape(find_rules(name, players=n))[0]) for n in PLAYERS]
        for name in rule_set_names()
    ]


def _table(labels: list[str], rows: list[list[str]], literal_first: bool) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(labels))
    table += group
    for _ in labels:
        group += nodes.colspec(colwidth=10)
    head = nodes.thead()
    group += head
    head += _row([nodes.Text(label) for label in labels])
    body = nodes.tbody()
    group += body
    for first, *rest in rows:
        cell: nodes.Node = nodes.literal(first, first) if literal_first else nodes.Text(first)
        body += _row([cell, *map(nodes.Text, rest)])
    return table


def _row(cells: list[nodes.Node]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", nodes.paragraph("", "", cell))
    return row


def _directives() -> tuple[type, type]:
    """The directive classes, made when Sphinx loads the extension."""
    from sphinx.util.docutils import SphinxDirective

    class Layout(SphinxDirective):
        """``.. observation-layout::`` with ``:rules:`` and ``:players:``."""

        has_content = False
        option_spec = {  # noqa: RUF012 - docutils' API
            "rules": directives.unchanged,
            "players": directives.positive_int,
        }

        def run(self) -> list[nodes.Node]:
            name = self.options.get("rules", "classic")
            players = self.options.get("players", 4)
            try:
                rows = layout_rows(name, players)
            except ValueError as error:
                raise self.error(f"observation-layout: {error}") from None
            return [_table(["block", "start", "length"], rows, literal_first=True)]

    class Shapes(SphinxDirective):
        """``.. observation-shapes::``: the length of an observation for every preset."""

        has_content = False

        def run(self) -> list[nodes.Node]:
            labels = ["rule set"] + [f"{n} players" for n in PLAYERS]
            return [_table(labels, shape_rows(), literal_first=False)]

    return Layout, Shapes


def setup(app: Any) -> dict[str, Any]:
    layout, shapes = _directives()
    app.add_directive("observation-layout", layout)
    app.add_directive("observation-shapes", shapes)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
