"""The rules' texts as HTML, for the page a refused move links to (``/rules/CL-PILE-5``).

The texts are those of the documentation's rules pages, which the package ships for
``canasta rules`` as ``canasta/cli/rules.json`` (one Markdown item a rule). The Markdown they
use is small: paragraphs, lists, pipe tables, ``**bold**``, ``*italic*`` and ```code```; this
module turns exactly that into HTML, escaping everything else.
"""

from __future__ import annotations

import functools
import html
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["Rule", "find", "to_html"]

#: A rule ID as a URL may carry it.
RULE_ID = re.compile(r"(?:CL|HW|SA|BO)-[A-Z0-9]+-[0-9]+")

_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*")
_BULLET = re.compile(r"\s*[-*] (.*)")
_NUMBERED = re.compile(r"\s*\d+\. (.*)")


@dataclass(frozen=True)
class Rule:
    id: str
    page: str
    section: str
    text: str


@functools.cache
def _texts() -> dict[str, Any]:
    source = resources.files("canasta") / "cli" / "rules.json"
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def find(rule: str) -> Rule | None:
    """The rule with this ID, or ``None``."""
    if not RULE_ID.fullmatch(rule):
        return None
    texts = _texts()
    entry = texts["rules"].get(rule)
    if entry is None:
        return None
    return Rule(rule, texts["pages"][entry["page"]], entry["section"], entry["text"])


def _inline(text: str) -> str:
    """Escaped text with its code, bold and italic marked up."""
    out, end = [], 0
    for match in _INLINE.finditer(text):
        out.append(html.escape(text[end : match.start()]))
        code, bold, italic = match.groups()
        if code is not None:
            out.append(f"<code>{html.escape(code)}</code>")
        elif bold is not None:
            out.append(f"<strong>{_inline(bold)}</strong>")
        else:
            out.append(f"<em>{_inline(italic)}</em>")
        end = match.end()
    out.append(html.escape(text[end:]))
    return "".join(out)


def _table(rows: list[str]) -> str:
    cells = [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]
    head, body = cells[0], [row for row in cells[1:] if not all(set(c) <= set("-:") for c in row)]
    parts = ["<table><thead><tr>"]
    parts += [f"<th>{_inline(cell)}</th>" for cell in head]
    parts.append("</tr></thead><tbody>")
    for row in body:
        parts.append("<tr>" + "".join(f"<td>{_inline(cell)}</td>" for cell in row) + "</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _block(lines: list[str]) -> str:
    """One block of lines (no blank line inside): a table, lists, or a paragraph, where a
    paragraph may run straight into a list."""
    if lines[0].lstrip().startswith("|"):
        return _table(lines)
    parts: list[str] = []
    items: list[str] = []
    tag = ""
    text: list[str] = []

    def close_list() -> None:
        nonlocal items, tag
        if items:
            parts.append(
                f"<{tag}>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + f"</{tag}>"
            )
        items, tag = [], ""

    for line in lines:
        bullet, numbered = _BULLET.fullmatch(line), _NUMBERED.fullmatch(line)
        found = bullet or numbered
        if found:
            if text:
                parts.append(f"<p>{_inline(' '.join(text))}</p>")
                text = []
            kind = "ul" if bullet else "ol"
            if tag and tag != kind:
                close_list()
            tag = kind
            items.append(found.group(1))
        elif items:  # a list item's next line
            items[-1] += " " + line.strip()
        else:
            text.append(line.strip())
    close_list()
    if text:
        parts.append(f"<p>{_inline(' '.join(text))}</p>")
    return "".join(parts)


def to_html(markdown: str) -> str:
    """A rule's Markdown text as HTML."""
    blocks: list[list[str]] = [[]]
    for line in markdown.splitlines():
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return "\n".join(_block(block) for block in blocks if block)
