"""The rules' texts in the terminal: ``canasta rules CL-PILE-5``, and ``rule`` in a game.

The texts are the documentation's rules pages (``docs/rules/*.md``), one list item a rule,
shipped with the package as ``rules.json`` (written by ``python docs/_ext/canasta_rules.py
texts``; ``tests/test_docs.py`` checks that it matches the pages).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.text import Text

from canasta import rule_url
from canasta.cli._screen import Screen, bold
from canasta.errors import did_you_mean

#: A rule ID (``CL-PILE-5``) or an area of rules (``CL-PILE``), in any case.
RULE_QUERY = re.compile(r"(?:CL|HW|SA|BO)-[A-Z0-9]+(?:-[0-9]+)?", re.IGNORECASE)


@functools.cache
def _texts() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("canasta.cli").joinpath("rules.json").read_text("utf-8")
    )
    return data


def rule_ids() -> list[str]:
    """Every rule ID, in the order of the rules pages."""
    return list(_texts()["rules"])


def find(query: str) -> list[str]:
    """The rules ``query`` names: one rule (``CL-PILE-5``), or every rule of an area
    (``CL-PILE``); none if there is no such rule."""
    wanted = query.strip().upper()
    rules = _texts()["rules"]
    if wanted in rules:
        return [wanted]
    return [rule for rule in rules if rule.startswith(wanted + "-")]


def not_found(query: str) -> str:
    """The message for a query that names no rule, with the IDs it is close to."""
    wanted = query.strip().upper()
    return f"there is no rule {wanted}{did_you_mean(wanted, rule_ids())}"


def show(screen: Screen, rules: list[str]) -> None:
    """The text of each rule, with where it stands and its address in the documentation."""
    texts = _texts()
    for number, rule in enumerate(rules):
        entry = texts["rules"][rule]
        page = texts["pages"][entry["page"]]
        parts: list[RenderableType] = [] if number == 0 else [Text("")]
        parts += [
            Text.assemble(bold(rule), f"  ({page}: {entry['section']})"),
            Markdown(entry["text"]),
            Text(rule_url(rule), style="underline"),
        ]
        screen.say(*parts)
