"""A rule set as a sheet of settings: what each field means, which rules it implements, and
its value as text. ``canasta rules`` and the documentation's comparison tables are made from
it, so a new field or preset shows up in both without being written down again.

>>> rows = comparison_rows([find_rules("classic", 2), find_rules("classic", 4)])
>>> [row for row in rows if row[0] == "hand_size"]
[('hand_size', 'Cards dealt to each player', ('15', '11'), 'CL-DEAL-2', True)]
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from canasta._rules.presets import find_rules, rule_set_names
from canasta._rules.ruleset import RuleSet
from canasta.errors import RuleSetError

__all__ = [
    "Setting",
    "comparison_rows",
    "player_counts",
    "preset_labels",
    "rules_text",
    "settings",
    "value_text",
]


_RULE_ID = re.compile(r"[A-Z]{2}-[A-Z0-9]+(?:-[0-9]+)?")


@attrs.frozen
class Setting:
    """One setting of a rule set: its public name, what it means, the rule IDs it implements,
    and how to read its value from a rule set."""

    name: str
    meaning: str
    rules: str
    value: Callable[[RuleSet], Any]


def _field_comments() -> dict[str, str]:
    """The ``#:`` comments above RuleSet's fields, by attribute name (read from the source)."""
    try:
        source = inspect.getsource(RuleSet)
    except (OSError, TypeError):  # pragma: no cover - no source (a frozen application)
        return {}
    comments: dict[str, str] = {}
    pending: list[str] = []
    for line in source.splitlines():
        doc = re.match(r"    #:\s?(.*)$", line)
        if doc:
            pending.append(doc.group(1).strip())
            continue
        field = re.match(r"    (_?[A-Za-z][A-Za-z0-9_]*)\s*:", line)
        if field:
            if pending:
                comments[field.group(1)] = " ".join(pending)
            pending = []
        elif line.strip() and not line.lstrip().startswith("#"):
            pending = []
    return comments


def _cites_a_rule(text: str, start: int) -> bool:
    """Whether the bracket opened before ``start`` holds a rule ID among its first words
    (``(CL-PILE-2)``, ``(M3, HW-PILE-1)``)."""
    words = re.split(r"[\s,;:]+", text[start : start + 40], maxsplit=2)[:2]
    return any(_RULE_ID.match(word) for word in words)


def _split_rule_ids(text: str) -> tuple[str, str]:
    """The meaning without the closing ``(CL-...)`` reference, and that reference."""
    text = text.replace("``", "").strip()
    for start in range(len(text) - 1, -1, -1):
        if text[start] != "(" or not _cites_a_rule(text, start + 1):
            continue
        depth = 0
        for end in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                meaning = (text[:start] + text[end + 1 :]).strip().rstrip(".").strip()
                return meaning, text[start + 1 : end]
        break
    return text.rstrip("."), ""


def settings() -> list[Setting]:
    """Every field of RuleSet by its public name, then a few derived facts (sides, players
    per deal, pack size)."""
    comments = _field_comments()
    settings = []
    for field in attrs.fields(RuleSet):
        public = field.alias or field.name
        text = comments.get(field.name)
        if text is None:
            # A private field shown through a property of its public name: use its docstring.
            doc = inspect.getdoc(getattr(RuleSet, public, None)) or ""
            text = re.split(r":\s|\.\s", " ".join(doc.split()), maxsplit=1)[0]
        meaning, rule_ids = _split_rule_ids(text)
        value = _id_count if public == "rule_ids" else _getter(public)
        settings.append(Setting(public, meaning, rule_ids, value))
    settings += [
        Setting("(sides)", "Sides that own melds and scores", "CL-DEF-4", _getter("num_sides")),
        Setting(
            "(players per deal)",
            "Players in each deal",
            "CL-V5-1",
            _getter("active_players"),
        ),
        Setting("(pack size)", "Cards in the pack", "CL-DECK-1", _getter("pack_size")),
    ]
    return settings


def _getter(name: str) -> Callable[[RuleSet], Any]:
    return lambda rules: getattr(rules, name)


def _id_count(rules: RuleSet) -> Any:
    """``rule_ids`` in short: how many Classic IDs the rule set cites by its own."""
    return f"{len(rules.rule_ids)} IDs" if rules.rule_ids else None


#: The rules of a variant that each setting implements there, where the field's comment
#: cites Classic's: ``canasta rules hollywood`` names Hollywood's rules (HW-...).
VARIANT_RULES: dict[str, dict[str, str]] = {
    "hollywood": {
        "num_players": "HW-SEAT-1 to HW-SEAT-4",
        "decks": "HW-DECK-1",
        "hand_size": "HW-DEAL-2",
        "draw_count": "HW-DRAW-1",
        "canastas_to_go_out": "HW-OUT-1",
        "target_score": "HW-MATCH-1",
        "initial_meld_table": "HW-INIT-1",
        "upcard_cover_black_three": "HW-UPC-2, HW-B3-1",
        "pile_frozen_at_start": "HW-UPC-3",
        "black_three_freezes_pile": "HW-FRZ-1",
        "red_three_timing": "HW-R3-2",
        "red_three_value": "HW-R3-5",
        "red_three_special_amounts": "HW-R3-5",
        "red_threes_need_canasta": "HW-R3-6",
        "wild_ratio": "HW-MELD-6",
        "max_wilds_per_meld": "HW-MELD-6",
        "min_naturals": "HW-MELD-5",
        "min_meld_size": "HW-MELD-1",
        "canasta_size": "HW-CAN-1",
        "natural_canasta_bonus": "HW-CAN-1",
        "mixed_canasta_bonus": "HW-CAN-1",
        "allow_wild_on_canasta": "HW-CAN-4",
        "allow_take_before_opening": "HW-INIT-4",
        "one_card_pile_rule": "HW-PILE-7",
        "ask_permission": "HW-OUT-9",
        "going_out_bonus": "HW-OUT-3",
        "concealed_bonus_total": "HW-OUT-3",
        "concealed_allows_discard": "HW-OUT-4",
        "concealed_min_rule": "HW-OUT-6, HW-OUT-7",
        "last_red_three_may_meld": "HW-R3-7",
        "exhausted_take": "HW-STOCK-4",
        "forced_take_when_exhausted": "HW-STOCK-4",
        "tie_rule": "HW-MATCH-2",
        "three_player_mode": "HW-SEAT-1",
        "six_player_sides": "HW-SEAT-4",
        "max_black_threes_per_meld": "HW-B3-4",
        "(sides)": "HW-SEAT-1 to HW-SEAT-4",
        "(players per deal)": "HW-SEAT-3",
        "(pack size)": "HW-DECK-1",
    },
}


def rules_text(setting: Setting, rule_sets: Sequence[RuleSet]) -> str:
    """The rule IDs of ``setting`` under each of ``rule_sets``, each text once: Classic's
    (the field's comment), or a variant's own (:data:`VARIANT_RULES`).

    >>> hand_size = next(s for s in settings() if s.name == "hand_size")
    >>> rules_text(hand_size, [find_rules("classic"), find_rules("hollywood")])
    'CL-DEAL-2; HW-DEAL-2'
    """
    texts: list[str] = []
    for rules in rule_sets:
        own = VARIANT_RULES.get(rules.name.strip().lower(), {}).get(setting.name, setting.rules)
        if own and own not in texts:
            texts.append(own)
    return "; ".join(texts)


def value_text(value: Any) -> str:
    """A setting's value as short text: ``yes``/``no``, ``-`` for nothing, ``low:minimum`` rows."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, tuple):
        if not value:
            return "-"
        if all(isinstance(item, tuple) and len(item) == 2 for item in value):
            return ", ".join(f"{'-inf' if low is None else low}:{high}" for low, high in value)
        return ", ".join(value_text(item) for item in value)
    return str(value)


def player_counts(name: str) -> list[int]:
    """The player counts the rule set ``name`` has presets for."""
    counts = []
    for players in range(2, 7):
        try:
            find_rules(name, players=players)
        except RuleSetError:
            continue
        counts.append(players)
    return counts


def preset_labels() -> list[str]:
    """``NAME:PLAYERS`` for every preset, as ``canasta rules --compare`` compares them."""
    return [f"{name}:{players}" for name in rule_set_names() for players in player_counts(name)]


def comparison_rows(
    rule_sets: Sequence[RuleSet], *, only_differences: bool = False
) -> list[tuple[str, str, tuple[str, ...], str, bool]]:
    """The rows of ``canasta rules --compare``: for each setting, its name, its meaning, its
    value under each rule set as text, its rule IDs and whether the values differ.

    >>> rows = comparison_rows([find_rules("classic", 2), find_rules("classic", 4)])
    >>> rows[4]
    ('draw_count', 'Cards taken by one stock draw', ('2', '1'), 'CL-TURN-2, CL-V2-2', True)
    """
    rows = []
    for setting in settings():
        values = tuple(value_text(setting.value(rules)) for rules in rule_sets)
        differs = len(set(values)) > 1
        if differs or not only_differences:
            rule_ids = rules_text(setting, rule_sets)
            rows.append((setting.name, setting.meaning, values, rule_ids, differs))
    return rows
