"""Sphinx extension: the tables of :doc:`/actions`, made from :mod:`canasta.actions`.

``.. action-blocks::`` writes the blocks of ids (name, first and last id, size, coding);
``.. action-sizes::`` the number of ids of every preset; ``.. action-ids::`` with
``:block:`` every id of one block with its meaning (for the small blocks), or with
``:first:`` and ``:count:`` a run of ids.

>>> block_rows()[0]
['simple', '0', '4', '5', 'draw, ask, yes, no, pass']
>>> id_rows(58, 2)
[['58', 'take the pile onto your meld of its rank'], ['59', 'take the pile with a natural pair']]
"""

from __future__ import annotations

from typing import Any

from canasta_observation import _table
from docutils import nodes
from docutils.parsers.rst import directives

from canasta._rules.presets import find_rules, rule_set_names
from canasta.actions import action_blocks, describe, num_actions


def block_rows() -> list[list[str]]:
    """Name, first id, last id, size and coding of every block."""
    return [
        [block.name, str(block.first), str(block.stop - 1), str(block.size), block.coding]
        for block in action_blocks()
    ]


def size_rows() -> list[list[str]]:
    """For every preset, how many ids its moves use."""
    return [[name, f"{num_actions(find_rules(name)):,}"] for name in rule_set_names()]


def id_rows(first: int, count: int) -> list[list[str]]:
    """The ids ``first`` to ``first + count - 1`` and what they mean."""
    return [[str(action), describe(action)] for action in range(first, first + count)]


def _directives() -> tuple[type, type, type]:
    from sphinx.util.docutils import SphinxDirective

    class Blocks(SphinxDirective):
        """``.. action-blocks::``"""

        has_content = False

        def run(self) -> list[nodes.Node]:
            labels = ["block", "first", "last", "ids", "an id within it"]
            return [_table(labels, block_rows(), literal_first=True)]

    class Sizes(SphinxDirective):
        """``.. action-sizes::``"""

        has_content = False

        def run(self) -> list[nodes.Node]:
            return [_table(["rule set", "ids"], size_rows(), literal_first=False)]

    class Ids(SphinxDirective):
        """``.. action-ids::`` with ``:block:``, or ``:first:`` and ``:count:``."""

        has_content = False
        option_spec = {  # noqa: RUF012 - docutils' API
            "block": directives.unchanged,
            "first": directives.nonnegative_int,
            "count": directives.positive_int,
        }

        def run(self) -> list[nodes.Node]:
            name = self.options.get("block")
            if name is not None:
                found = [block for block in action_blocks() if block.name == name]
                if not found:
                    raise self.error(f"action-ids: no block {name!r}")
                first, count = found[0].first, found[0].size
            else:
                first, count = self.options.get("first", 0), self.options.get("count", 10)
            return [_table(["id", "move"], id_rows(first, count), literal_first=True)]

    return Blocks, Sizes, Ids


def setup(app: Any) -> dict[str, Any]:
    blocks, sizes, ids = _directives()
    app.add_directive("action-blocks", blocks)
    app.add_directive("action-sizes", sizes)
    app.add_directive("action-ids", ids)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
