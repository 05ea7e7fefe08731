"""Sphinx extension: rule IDs as anchors and links, and the table of rule sets.

* **Anchors.** On the rules pages (the documents under ``rules/``) every rule is a list item
  that starts with its ID in bold, ``- **CL-PILE-5** ...``. The
  list item gets an HTML ``id`` equal to the rule's ID, so ``rules/classic.html#CL-PILE-5``
  leads to the rule (docutils would lower-case a label, so the ID is set on the node as it
  is). A rule that the page's text defines but that gets no anchor, and a rule defined twice,
  are warnings, which fail ``sphinx-build -W``.
* **Links.** A rule ID written in plain text on any page, docstrings included, becomes a link
  to its rule. An ID that no rules page defines is a warning. IDs in code (````CL-PILE-5````,
  examples, signatures) and in titles are left alone.
* **The table of rule sets.** ``.. rule-set-comparison::`` draws every preset side by side,
  as ``canasta rules --compare`` prints it, from the :class:`~canasta.RuleSet` objects
  at build time; ``:diff:`` keeps only the settings that differ, and ``:presets:`` names the
  presets to show (``classic:4 hollywood:4``, or a rule set's name for all its presets), as
  ``canasta rules --compare classic:4 hollywood:4`` does.
* **The rules' texts for the terminal.** :func:`rule_texts` takes every rule's text from the
  rules pages; ``canasta rules CL-PILE-5`` prints it from ``canasta/cli/rules.json``, which
  ``python docs/_ext/canasta_rules.py texts`` writes and ``tests/test_docs.py`` compares with
  the pages.

>>> RULE_ID.findall("CL-PILE-5 and HW-R3-5/6, not CL-V2 or XX-A-1")
['CL-PILE-5', 'HW-R3-5']
>>> defined_rule_ids("- **CL-DEF-1 Natural card.** Any card\\n- **CL-DEF-2** Jokers (CL-VAL-1)")
['CL-DEF-1', 'CL-DEF-2']
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives

# Rule IDs: <GAME>-<AREA>-<n> (CL-PILE-5, CL-B3-3, HW-STOCK-2); an area alone (CL-V2) is not one.
RULE_ID = re.compile(
    r"(?<![A-Za-z0-9-])(?:(?:CL|HW|SA|BO)-[A-Z0-9]+-[0-9]+|MV-[A-Z]+)(?![A-Za-z0-9-])"
)
# A rule's definition in the rules reference: a list item whose text starts with the bold ID.
_DEFINITION = re.compile(
    r"^\s*[-*] \*\*((?:CL|HW|SA|BO)-[A-Z0-9]+-[0-9]+|MV-[A-Z]+)\b", re.MULTILINE
)

RULES_PREFIX = "rules/"

# Text inside these is never turned into links.
_NO_LINKS = (
    nodes.FixedTextElement,  # literal blocks, doctest blocks
    nodes.literal,
    nodes.reference,
    nodes.title,
    nodes.raw,
    nodes.comment,
    nodes.target,
    nodes.Invisible,
)


def defined_rule_ids(text: str) -> list[str]:
    """The rule IDs a page of the rules reference defines, in order."""
    return _DEFINITION.findall(text)


def rule_texts(pages: dict[str, str]) -> dict[str, Any]:
    """Every rule's text, from the rules pages (page name to Markdown): the page's title,
    and for each rule ID its page, its section (the heading above it) and its list item as
    Markdown, the continuation lines dedented.

    >>> page = "# Classic\\n## 1. Deck\\n\\n- **CL-DECK-1** Two\\n  decks.\\n"
    >>> texts = rule_texts({"classic": page})
    >>> texts["rules"]["CL-DECK-1"]
    {'page': 'classic', 'section': '1. Deck', 'text': '**CL-DECK-1** Two\\ndecks.'}
    >>> texts["pages"]
    {'classic': 'Classic'}
    """
    titles: dict[str, str] = {}
    rules: dict[str, dict[str, str]] = {}
    for page, text in pages.items():
        section, fenced, rule = "", False, ""
        item: list[str] = []  # the lines of the rule being read
        for line in [*text.splitlines(), "<end>"]:
            if item and (not line.strip() or line.startswith("  ")):
                item.append(line[2:])
                continue
            if item:
                rules[rule]["text"] = "\n".join(item).strip()
                item = []
            if line.startswith("```"):
                fenced = not fenced
            if fenced:
                continue
            if line.startswith("#"):
                section = line.lstrip("#").strip()
                titles.setdefault(page, section)
            found = _DEFINITION.match(line)
            if found:
                rule = found.group(1)
                rules[rule] = {"page": page, "section": section, "text": ""}
                item = [line[2:]]
    return {"pages": titles, "rules": rules}


# --- anchors ----------------------------------------------------------------------------------


def _is_rules_page(docname: str) -> bool:
    return docname.startswith(RULES_PREFIX)


def _storage(env: Any) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(the anchors: rule ID -> document, the IDs each rules page's text defines)."""
    if not hasattr(env, "canasta_rule_anchors"):
        env.canasta_rule_anchors = {}
        env.canasta_rule_definitions = {}
    return env.canasta_rule_anchors, env.canasta_rule_definitions


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    if _is_rules_page(docname):
        _storage(app.env)[1][docname] = defined_rule_ids(source[0])


def _definition_id(strong: nodes.strong) -> str | None:
    """The rule a bold ID defines, when it opens a list item: ``- **CL-PILE-5** ...``."""
    paragraph = strong.parent
    item = paragraph.parent if paragraph is not None else None
    if not isinstance(paragraph, nodes.paragraph) or not isinstance(item, nodes.list_item):
        return None
    before = paragraph.children[: paragraph.index(strong)]
    if item.index(paragraph) != 0 or any(node.astext().strip() for node in before):
        return None
    words = strong.astext().split()
    if not words or not RULE_ID.fullmatch(words[0]):
        return None
    return words[0]


def _doctree_read(app: Any, doctree: nodes.document) -> None:
    docname = app.env.docname
    if not _is_rules_page(docname):
        return
    anchors, definitions = _storage(app.env)
    found = set()
    for strong in list(doctree.findall(nodes.strong)):
        rule = _definition_id(strong)
        if rule is None:
            continue
        if rule in anchors:
            _warn(f"rule {rule} is defined twice (also in {anchors[rule]})", strong)
            continue
        item = strong.parent.parent
        item["ids"].append(rule)
        doctree.ids[rule] = item
        anchors[rule] = docname
        found.add(rule)
    for rule in definitions.get(docname, []):
        if rule not in found and anchors.get(rule) != docname:
            _warn(f"rule {rule} is defined in the text but has no anchor", doctree, docname)


def _purge(app: Any, env: Any, docname: str) -> None:
    anchors, definitions = _storage(env)
    for rule in [rule for rule, doc in anchors.items() if doc == docname]:
        del anchors[rule]
    definitions.pop(docname, None)


def _merge(app: Any, env: Any, docnames: set[str], other: Any) -> None:
    anchors, definitions = _storage(env)
    other_anchors, other_definitions = _storage(other)
    anchors.update({r: d for r, d in other_anchors.items() if d in docnames})
    definitions.update({d: ids for d, ids in other_definitions.items() if d in docnames})


# --- links ------------------------------------------------------------------------------------


def _linkable(node: nodes.Text) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _NO_LINKS) or parent.tagname.startswith("desc_sig"):
            return False
        if isinstance(parent, nodes.strong) and _definition_id(parent):
            return False
        parent = parent.parent
    return True


def _text_nodes(doctree: nodes.document) -> Iterator[nodes.Text]:
    for node in list(doctree.findall(nodes.Text)):
        if RULE_ID.search(node.astext()) and _linkable(node):
            yield node


def _doctree_resolved(app: Any, doctree: nodes.document, docname: str) -> None:
    anchors, _ = _storage(app.env)
    link = app.builder.format == "html"
    for node in _text_nodes(doctree):
        text = node.astext()
        pieces: list[nodes.Node] = []
        position = 0
        for match in RULE_ID.finditer(text):
            rule = match.group()
            if rule not in anchors:
                _warn(f"unknown rule ID {rule}: no rules page defines it", node.parent)
                continue
            if not link:
                continue
            uri = app.builder.get_relative_uri(docname, anchors[rule]) + "#" + rule
            pieces.append(nodes.Text(text[position : match.start()]))
            reference = nodes.reference(rule, rule, internal=True, refuri=uri)
            reference["classes"].append("rule-ref")
            pieces.append(reference)
            position = match.end()
        if pieces:
            pieces.append(nodes.Text(text[position:]))
            node.parent.replace(node, [piece for piece in pieces if piece.astext()])


def _warn(message: str, node: nodes.Node, docname: str | None = None) -> None:
    from sphinx.util import logging

    location: Any = node if docname is None else docname
    logging.getLogger(__name__).warning(message, location=location, type="canasta", subtype="rule")


# --- the table of rule sets ---------------------------------------------------------------------


def comparison_rows(
    only_differences: bool = False, presets: str = ""
) -> tuple[list[str], list[list[str]]]:
    """The labels of the presets, and one row per setting: name, meaning, the values, the
    rule IDs and ``"*"`` if the values differ (else ``""``), as ``canasta rules --compare``.
    ``presets`` names the presets (``"classic:4 samba:5"``, or ``"samba"`` for all of its
    presets); all of them by default.

    >>> labels, rows = comparison_rows(only_differences=True)
    >>> labels[:6]
    ['classic:2', 'classic:3', 'classic:4', 'classic:5', 'classic:6', 'hollywood:2']
    >>> rows[1][:7], rows[1][-2:]
    (['num_players', 'Players at the table, 2 to 6', '2', '3', '4', '5', '6'],
     ['CL-SEAT, CL-V2 to CL-V6; HW-SEAT-1 to HW-SEAT-4', '*'])
    >>> comparison_rows(presets="classic:4 samba")[0]
    ['classic:4', 'samba:2', 'samba:3', 'samba:4', 'samba:5', 'samba:6']
    """
    # The command's own rows (canasta/cli.py), so the table and the command never differ.
    from canasta._rules.presets import find_rules
    from canasta._rules.sheet import comparison_rows as command_rows
    from canasta._rules.sheet import preset_labels

    labels = preset_labels()
    if presets.split():
        wanted = presets.split()
        labels = [
            label
            for name in wanted
            for label in ([name] if ":" in name else labels)
            if ":" in name or label.split(":")[0] == name
        ]
    rule_sets = []
    for label in labels:
        name, players = label.split(":")
        rule_sets.append(find_rules(name, players=int(players)))
    rows = [
        [name, meaning, *values, rule_ids, "*" if differs else ""]
        for name, meaning, values, rule_ids, differs in command_rows(
            rule_sets, only_differences=only_differences
        )
    ]
    return labels, rows


def _comparison_directive() -> type:
    """The directive class, made when Sphinx loads the extension (importing needs no Sphinx)."""
    from sphinx.util.docutils import SphinxDirective

    class Directive(SphinxDirective):
        """``.. rule-set-comparison::`` with an optional ``:diff:`` flag and ``:presets:``."""

        has_content = False
        option_spec = {  # noqa: RUF012 - docutils' API
            "diff": directives.flag,
            "presets": directives.unchanged,
        }

        def run(self) -> list[nodes.Node]:
            try:
                labels, rows = comparison_rows(
                    only_differences="diff" in self.options,
                    presets=self.options.get("presets", ""),
                )
            except ValueError as error:  # an unknown rule set or number of players
                raise self.error(f"rule-set-comparison: {error}") from None
            columns = len(labels) + 2
            table = nodes.table(classes=["rule-set-comparison"])
            group = nodes.tgroup(cols=columns)
            table += group
            for width in [30] + [12] * len(labels) + [20]:
                group += nodes.colspec(colwidth=width)
            head = nodes.thead()
            group += head
            head += _row([nodes.Text("setting"), *map(nodes.Text, labels), nodes.Text("rules")])
            body = nodes.tbody()
            group += body
            for name, meaning, *values, rule_ids, differs in rows:
                title: nodes.Element = nodes.literal(name, name)
                if differs:
                    title = nodes.strong("", "", title)
                setting = nodes.entry()
                setting += nodes.paragraph("", "", title)
                setting += nodes.paragraph("", meaning, classes=["meaning"])
                body += _row([setting, *map(nodes.Text, values), nodes.Text(rule_ids)])
            return [table]

    return Directive


def _row(cells: list[nodes.Node]) -> nodes.row:
    """A table row: an entry as it is, or text in a paragraph of its own entry."""
    row = nodes.row()
    for cell in cells:
        if isinstance(cell, nodes.entry):
            row += cell
        else:
            row += nodes.entry("", nodes.paragraph("", "", cell))
    return row


def setup(app: Any) -> dict[str, Any]:
    app.connect("source-read", _source_read)
    app.connect("doctree-read", _doctree_read)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("doctree-resolved", _doctree_resolved)
    app.add_directive("rule-set-comparison", _comparison_directive())
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


#: Where ``canasta rules ID`` reads the rules' texts (package data of the command).
TEXTS_FILE = Path(__file__).resolve().parent.parent.parent / "canasta" / "cli" / "rules.json"


def texts_json() -> str:
    """The rules' texts of the documentation's rules pages, as ``TEXTS_FILE`` holds them."""
    pages = Path(__file__).resolve().parent.parent / "rules"
    texts = rule_texts({page.stem: page.read_text("utf-8") for page in sorted(pages.glob("*.md"))})
    return json.dumps(texts, indent=1, ensure_ascii=False) + "\n"


def _main(argv: list[str]) -> int:
    """``texts``: write the rules' texts for ``canasta rules ID`` from the rules pages."""
    if argv != ["texts"]:
        print("usage: python docs/_ext/canasta_rules.py texts", file=sys.stderr)
        return 2
    TEXTS_FILE.write_text(texts_json(), "utf-8")
    print(f"{TEXTS_FILE} <- docs/rules/*.md")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
