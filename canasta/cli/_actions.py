"""``canasta actions``: the action ids of a rule set, for game-AI frameworks."""

from __future__ import annotations

import argparse
from typing import Any

from canasta.cli._common import add_command, rule_set_help, rules_from


def add_to(commands: Any) -> None:
    actions = add_command(
        commands,
        "actions",
        "list the action ids of a rule set (for game-AI frameworks)",
        "Print the action ids of a rule set, one a line: the id, a tab and what it means "
        "(see canasta.actions). With --blocks, the blocks of ids instead.",
        """
        canasta actions --blocks
        canasta actions --rules hollywood > hollywood-actions.tsv
        """,
    )
    actions.add_argument("--rules", default="classic", help=rule_set_help())
    actions.add_argument("--blocks", action="store_true", help="the blocks of ids only")
    actions.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from canasta.actions import action_blocks, describe, num_actions

    rules = rules_from(args.rules, None)
    stop = num_actions(rules)
    if args.blocks:
        for block in action_blocks():
            if block.first < stop:
                print(f"{block.first}\t{block.stop - 1}\t{block.name}\t{block.coding}")
        return 0
    for action in range(stop):
        print(f"{action}\t{describe(action)}")
    return 0
