"""``canasta rules``: a rule set's settings, rule sets side by side, or a rule's text."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from canasta import RuleSet, rule_set_names
from canasta._rules.sheet import comparison_rows, player_counts, rules_text, settings, value_text
from canasta.cli import _rulebook
from canasta.cli._common import UsageError, add_command, rule_set_help, rules_from, whole
from canasta.cli._info import rule_set_lines
from canasta.cli._screen import Screen

#: A row of the comparison: name, meaning, the values, the rules, whether the values differ.
_Row = tuple[str, str, tuple[str, ...], str, bool]

#: The widest a column of values grows; longer values wrap.
_VALUE_WIDTH = 10


def add_to(commands: Any) -> None:
    rules = add_command(
        commands,
        "rules",
        "describe a rule set, compare rule sets side by side, or show a rule's text",
        "Describe a rule set: every setting with its value and the rules it implements. "
        "With --compare, print rule sets side by side; a rule set is NAME or NAME:PLAYERS, "
        "and with no names --compare shows the presets for every number of players (in "
        "groups of columns as wide as the terminal). Given a rule ID (CL-PILE-5) or an area "
        "of rules (CL-PILE), print the rules' text.",
        """
        canasta rules                         the rule sets, and Classic for four
        canasta rules classic --players 2     Classic for two players
        canasta rules CL-PILE-5               the text of a rule
        canasta rules --compare               every preset, 2 to 6 players, side by side
        canasta rules --compare classic:2 classic:4 --diff
        """,
    )
    rules.add_argument(
        "name",
        nargs="?",
        metavar="NAME",
        help=f"{rule_set_help()}, or a rule ID such as CL-PILE-5",
    )
    rules.add_argument("--players", type=whole, default=None, help="the preset for N players")
    rules.add_argument(
        "--compare", nargs="*", metavar="RULES", default=None, help="rule sets to compare"
    )
    rules.add_argument(
        "--diff", action="store_true", help="with --compare, only the settings that differ"
    )
    rules.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    screen = Screen(sys.stdout, "never")
    if args.compare is not None:
        labels, rule_sets = _compared(args)
        show_comparison(screen, labels, rule_sets, only_differences=args.diff)
        return 0
    if args.diff:
        raise UsageError("--diff goes with --compare")
    if args.name is not None and _rulebook.RULE_QUERY.fullmatch(args.name.strip()):
        found = _rulebook.find(args.name)
        if not found:
            raise UsageError(_rulebook.not_found(args.name))
        _rulebook.show(screen, found)
        return 0
    if args.name is None:
        screen.say(Text("\n".join(rule_set_lines())), Text(""))
    rules = rules_from(args.name or rule_set_names()[0], args.players)
    counts = ", ".join(map(str, player_counts(rules.name)))
    screen.say(
        Text(
            f"{rules.name} for {rules.num_players} players (presets for {counts} players: "
            f"canasta rules {rules.name} --players N)"
        ),
        Text(""),
        _description(rules),
    )
    return 0


def _compared(args: argparse.Namespace) -> tuple[list[str], list[RuleSet]]:
    """The labels and rule sets that ``--compare`` names (every preset by default)."""
    if args.compare:
        labels = list(args.compare)
        return labels, [_parse_spec(label, args.players) for label in labels]
    names = [args.name] if args.name else list(rule_set_names())
    for name in names:
        rules_from(name, None)
    labels = [f"{n}:{p}" for n in names for p in player_counts(n.strip().lower())]
    return labels, [_parse_spec(label) for label in labels]


def _parse_spec(text: str, default_players: int | None = None) -> RuleSet:
    name, _, players = text.partition(":")
    count = default_players
    if players:
        try:
            count = int(players)
        except ValueError:
            raise UsageError(f"{text!r}: the number of players must be a whole number") from None
    return rules_from(name or "classic", count)


def _description(rules: RuleSet) -> Table:
    table = _table()
    table.add_column("value", max_width=_VALUE_WIDTH, overflow="fold")
    table.add_column("meaning (rules)", ratio=1)
    for setting in settings():
        rule_ids = rules_text(setting, [rules])
        meaning = f"{setting.meaning} ({rule_ids})" if rule_ids else setting.meaning
        table.add_row(f"  {setting.name}", value_text(setting.value(rules)), meaning)
    return table


def show_comparison(
    screen: Screen, labels: Sequence[str], rule_sets: Sequence[RuleSet], *, only_differences: bool
) -> None:
    """Rule sets side by side: one table if it fits the screen. Else the settings that
    differ in groups of columns that fit (a rule set's presets together where they can be),
    then every setting once, with its value where it is the same in all, and its rules."""
    rows = comparison_rows(rule_sets, only_differences=only_differences)
    names = [f"{'*' if differs else ' '} {name}" for name, _, _, _, differs in rows]
    name_width = max(len(name) for name in names) + 1
    widths = [
        max(len(label), *(min(len(row[2][index]), _VALUE_WIDTH) for row in rows)) + 1
        for index, label in enumerate(labels)
    ]
    rule_width = max(len(row[3]) for row in rows)
    note = Text("* marks the settings that differ. 'canasta rules NAME' explains each setting.")
    full = [
        max(len(label), *(len(row[2][i]) for row in rows)) + 1 for i, label in enumerate(labels)
    ]
    if name_width + sum(full) + rule_width <= screen.width:
        whole = _grid(names, labels, rows, range(len(labels)), rules=True, fold=False)
        screen.say(whole, Text(""), note)
        return
    differing = [index for index, row in enumerate(rows) if row[4]]
    parts: list[RenderableType] = []
    for group in _groups(labels, widths, screen.width - name_width):
        shown = [rows[index] for index in differing]
        parts += [_grid([names[index] for index in differing], labels, shown, group), Text("")]
    screen.say(*parts, _every_setting(names, rows), Text(""), note)


def _every_setting(names: list[str], rows: Sequence[_Row]) -> Table:
    """Each setting once: its value where it is the same in all, and its rules."""
    if all(row[4] for row in rows):  # every value is in the groups above: the rules only
        table = _table("rules")
        for name, row in zip(names, rows, strict=True):
            table.add_row(name, row[3])
        return table
    table = _table("value", "rules")
    for name, (_, _, values, rule_ids, differs) in zip(names, rows, strict=True):
        table.add_row(name, "(above)" if differs else values[0], rule_ids)
    return table


def _table(*headings: str) -> Table:
    """A table without lines, its first column the settings' names."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="")
    table.add_column("  setting", no_wrap=True)
    for heading in headings:
        table.add_column(heading)
    return table


def _grid(
    names: list[str],
    labels: Sequence[str],
    rows: Sequence[_Row],
    columns: Sequence[int],
    *,
    rules: bool = False,
    fold: bool = True,
) -> Table:
    """The values of the rule sets numbered ``columns``, maybe with the rules column; with
    ``fold``, long values wrap."""
    table = _table()
    for index in columns:
        width = max(_VALUE_WIDTH, len(labels[index])) if fold else None
        table.add_column(labels[index], max_width=width, overflow="fold")
    if rules:
        table.add_column("rules")
    for name, row in zip(names, rows, strict=True):
        cells = [row[2][index] for index in columns]
        table.add_row(name, *cells, *([row[3]] if rules else []))
    return table


def _groups(labels: Sequence[str], widths: Sequence[int], room: int) -> list[list[int]]:
    """The columns in groups that fit in ``room``. A rule set's presets start a new group
    when they would fit in one but not in what is left of the current one."""
    families: list[list[int]] = []
    for index, label in enumerate(labels):
        name = label.partition(":")[0]
        if families and labels[families[-1][0]].partition(":")[0] == name:
            families[-1].append(index)
        else:
            families.append([index])
    groups: list[list[int]] = [[]]
    for family in families:
        own = sum(widths[i] for i in family)
        if groups[-1] and own <= room < own + sum(widths[i] for i in groups[-1]):
            groups.append([])
        for index in family:
            if groups[-1] and sum(widths[i] for i in groups[-1]) + widths[index] > room:
                groups.append([])
            groups[-1].append(index)
    return groups
