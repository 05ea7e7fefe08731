"""``canasta info`` (also ``canasta`` alone): the version and the rule sets."""

from __future__ import annotations

import argparse
from typing import Any

from canasta import __version__, find_rules, rule_set_names
from canasta._rules.sheet import player_counts
from canasta.cli._common import add_command


def add_to(commands: Any) -> None:
    info = add_command(
        commands,
        "info",
        "show the version and the rule sets this library knows",
        "Show the version and the rule sets this library knows.",
        "canasta info",
    )
    info.set_defaults(run=run)


def rule_set_lines() -> list[str]:
    lines = ["Rule sets:"]
    for name in rule_set_names():
        rules = find_rules(name)
        counts = "/".join(map(str, player_counts(name)))
        lines.append(
            f"  {name:<10} {counts} players (usually {rules.num_players}), "
            f"{rules.pack_size} cards, target {rules.target_score}"
        )
    return lines


def run(args: argparse.Namespace) -> int:
    lines = [f"canasta {__version__}", "", *rule_set_lines()]
    lines += [
        "",
        "Commands: play, simulate, rules, replay, actions, info; canasta COMMAND --help.",
    ]
    print("\n".join(lines))
    return 0
