"""The headers of a game record: reading and writing them (the rule set and its options,
the players, the seed), for :mod:`canasta.records`."""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from canasta._rules.presets import find_rules, rule_set_names
from canasta._rules.ruleset import RuleSet
from canasta.errors import RecordError, RuleSetError, did_you_mean

#: The version of the record format that :func:`dumps` writes. :func:`loads` reads it and
#: format 1, which had no Moves header.
FORMAT_VERSION = "2"
READ_FORMATS = ("1", FORMAT_VERSION)

# Headers in the order they are written; ``P0`` to ``P5`` (players' names) follow Seed.
HEADERS = (
    "Format",
    "Event",
    "Site",
    "Date",
    "Rules",
    "Players",
    "Options",
    "Seed",
    "Result",
    "Moves",
)
HEADER_NAMES = {name.lower(): name for name in HEADERS}
MAX_PLAYERS = 6

HEADER_LINE = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)\s+(\"(?:[^\"\\]|\\.)*\")\s*\]")
PLAYER_HEADER = re.compile(r"[Pp]([0-9]{1,9})")
INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
OPTION_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*")
BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
DECODER = json.JSONDecoder()


def rule_options(rules: RuleSet) -> tuple[str, str]:
    """The preset name for the Rules header, and the Options header's text."""
    preset_name = rules.name.strip().lower()
    if preset_name not in rule_set_names():
        preset_name = rule_set_names()[0]
    preset = find_rules(preset_name, players=rules.num_players)
    changes = []
    for field in attrs.fields(RuleSet):
        value = getattr(rules, field.name)
        if value != getattr(preset, field.name):
            changes.append(f"{field.alias or field.name}={option_value(value)}")
    return preset_name, " ".join(changes)


def option_value(value: Any) -> str:
    if isinstance(value, str) and BARE_WORD.fullmatch(value):
        try:
            json.loads(value)
        except ValueError:
            return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def seed_text(seed: int | str) -> str:
    if isinstance(seed, int):
        return str(seed)
    if INTEGER.fullmatch(seed) or seed.startswith('"'):
        return json.dumps(seed, ensure_ascii=False)
    return seed


def read_header(number: int, line: str) -> tuple[str, str]:
    match = HEADER_LINE.fullmatch(line)
    if match is None:
        raise RecordError(number, f'a header is written [Name "value"], not {line!r}')
    raw_name, quoted = match.groups()
    try:
        value = json.loads(quoted)
    except ValueError as error:
        raise RecordError(number, f"the value of {raw_name} is badly quoted: {error}") from None
    if not isinstance(value, str):  # pragma: no cover - the pattern admits only strings
        raise RecordError(number, f"the value of {raw_name} must be text")
    player = PLAYER_HEADER.fullmatch(raw_name)
    if player is not None and int(player.group(1)) < MAX_PLAYERS:
        return f"P{int(player.group(1))}", value
    name = HEADER_NAMES.get(raw_name.lower())
    if name is None:
        known = ", ".join([*HEADERS, "P0 to P5"])
        raise RecordError(number, f"unknown header {raw_name!r}; headers are: {known}")
    return name, value


def setup(headers: dict[str, str], lines: dict[str, int]) -> tuple[RuleSet, int | str]:
    """The rule set and the seed from the headers."""
    if "Format" in headers and headers["Format"].strip() not in READ_FORMATS:
        raise RecordError(
            lines["Format"],
            f"format {headers['Format']!r} is not known; this version reads formats "
            f"{' and '.join(READ_FORMATS)}",
        )
    for name in ("Rules", "Seed"):
        if name not in headers:
            raise RecordError(None, f'the record has no {name} header ([{name} "..."])')
    players: int | None = None
    if "Players" in headers:
        text = headers["Players"].strip()
        if not re.fullmatch(r"[0-9]{1,3}", text):
            raise RecordError(lines["Players"], f"Players must be a number, not {text!r}")
        players = int(text)
    try:
        preset = find_rules(headers["Rules"], players=players)
    except RuleSetError as error:
        line = lines["Rules"]
        if players is not None and headers["Rules"].strip().lower() in rule_set_names():
            line = lines["Players"]
        raise RecordError(line, str(error)) from None
    rules = preset
    if "Options" in headers:
        rules = apply_options(preset, headers["Options"], lines["Options"])
    for name in headers:
        player = PLAYER_HEADER.fullmatch(name)
        if player is not None and int(player.group(1)) >= rules.num_players:
            raise RecordError(
                lines[name], f"there is no player {name} among {rules.num_players} players"
            )
    return rules, read_seed(headers["Seed"], lines["Seed"])


def read_seed(text: str, line: int) -> int | str:
    if INTEGER.fullmatch(text):
        try:
            return int(text)
        except ValueError:
            raise RecordError(line, "the seed has too many digits") from None
    if text.startswith('"'):
        try:
            seed = json.loads(text)
        except ValueError:
            seed = None
        if not isinstance(seed, str):
            raise RecordError(line, f"a quoted seed must be one JSON string, not {text!r}")
        return seed
    return text


def option_fields() -> dict[str, attrs.Attribute[Any]]:
    return {field.alias or field.name: field for field in attrs.fields(RuleSet)}


def apply_options(preset: RuleSet, text: str, line: int) -> RuleSet:
    """The preset with the ``name=value`` changes of an Options header."""
    fields = option_fields()
    changes: dict[str, Any] = {}
    position = 0
    while text[position:].strip():
        match = OPTION_NAME.match(text, position)
        if match is None:
            rest = text[position:].strip()
            raise RecordError(line, f"options are written name=value, not {rest!r}")
        name = match.group(1)
        if name not in fields:
            raise RecordError(
                line,
                f"unknown option {name!r}{did_you_mean(name, fields)}: the options are the"
                " fields of RuleSet that hold one value",
            )
        if name == "num_players":
            raise RecordError(line, "the Players header sets the number of players")
        if name in changes:
            raise RecordError(line, f"the option {name} is given twice")
        value, position = option_value_at(text, match.end(), name, line)
        changes[name] = value
    if "name" in changes and not isinstance(changes["name"], str):
        raise RecordError(line, "the option name must be text")
    try:
        return attrs.evolve(preset, **changes)
    except (TypeError, ValueError, ArithmeticError) as error:
        raise RecordError(line, f"bad options: {error}") from None


def option_value_at(text: str, start: int, name: str, line: int) -> tuple[Any, int]:
    """The value of option ``name`` that starts at ``start``, and where the next one starts."""
    try:
        value, end = DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        pass
    else:
        if end == len(text) or text[end].isspace():
            return value, end
    word = re.compile(r"\S*").match(text, start)
    assert word is not None
    if BARE_WORD.fullmatch(word.group()):
        return word.group(), word.end()
    shown = word.group() or "nothing"
    raise RecordError(
        line, f"the value of the option {name} must be JSON or a plain word, not {shown!r}"
    )


def check_move_count(headers: dict[str, str], lines: dict[str, int], count: int) -> None:
    """Refuse a record whose moves are not as many as its Moves header says: a record cut
    short, at a deal's end or in the middle of a turn, or added to by hand. A format 2 record
    must have the header; a record of format 1, or with no Format header, may go without it."""
    if "Moves" not in headers:
        if headers.get("Format", "1").strip() == FORMAT_VERSION:
            raise RecordError(
                None,
                f'a format {FORMAT_VERSION} record has a Moves header ([Moves "N"]) after '
                "Result, and this one has none: is it cut short?",
            )
        return
    text = headers["Moves"].strip()
    if not re.fullmatch(r"[0-9]{1,9}", text):
        raise RecordError(lines["Moves"], f"Moves must be a number, not {text!r}")
    said = int(text)
    if said > count:
        raise RecordError(
            lines["Moves"],
            f"the Moves header says {said} moves, but the record has only {count}: "
            "it is cut short",
        )
    if said < count:
        raise RecordError(
            lines["Moves"], f"the Moves header says {said} moves, but the record has {count}"
        )
