"""The ``canasta`` command. It uses the library like any other program does."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from canasta.__about__ import __version__
from canasta.rules import find_rules, rule_set_names


def _describe_rule_sets() -> str:
    lines = [f"canasta {__version__}", "", "Rule sets:"]
    for name in rule_set_names():
        counts = []
        for players in range(2, 7):
            try:
                find_rules(name, players=players)
            except ValueError:
                continue
            counts.append(str(players))
        rules = find_rules(name)
        lines.append(
            f"  {name:<10} {'/'.join(counts)} players, {rules.pack_size} cards, "
            f"target {rules.target_score}"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser (exposed for the documentation and the tests)."""
    parser = argparse.ArgumentParser(
        prog="canasta", description="Play and study the card game Canasta."
    )
    parser.add_argument("--version", action="version", version=f"canasta {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("info", help="show the version and the rule sets this library knows")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command not in (None, "info"):  # pragma: no cover - argparse exits first
        parser.error(f"unknown command {args.command!r}")
    print(_describe_rule_sets())
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
