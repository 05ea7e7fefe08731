"""The documentation's rules pages: an anchor for every rule ID, every rule ID the engine
cites defined there, the rules' texts the command ships; and the documentation's Sphinx
extensions."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import canasta

ROOT = Path(__file__).resolve().parent.parent
#: The package under test: the checkout's, or an installed wheel's (which ships its sources).
PACKAGE = Path(canasta.__file__).resolve().parent
DOCS = ROOT / "docs"
RULES_PAGES = sorted((DOCS / "rules").glob("*.md"))

sys.path.insert(0, str(DOCS / "_ext"))
import canasta_rules  # noqa: E402 - the extension lives in docs/_ext
from canasta_rules import RULE_ID, defined_rule_ids, rule_texts  # noqa: E402


def defined_ids() -> dict[str, str]:
    """Every rule ID the rules pages define, with the page (``classic``) that defines it."""
    ids: dict[str, str] = {}
    for page in RULES_PAGES:
        for rule in defined_rule_ids(page.read_text("utf-8")):
            assert rule not in ids, f"{rule} is defined on {ids[rule]} and on {page.stem}"
            ids[rule] = page.stem
    return ids


def engine_rule_ids() -> dict[str, set[str]]:
    """Every rule ID written as a string in the package's modules (what the engine raises and
    cites), with the modules that write it."""
    found: dict[str, set[str]] = {}
    for module in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text("utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and RULE_ID.fullmatch(node.value):
                found.setdefault(node.value, set()).add(module.name)
    return found


def test_the_rules_pages_are_the_classic_and_three_deck_rules() -> None:
    assert [page.name for page in RULES_PAGES] == ["classic.md", "moves.md", "three-deck.md"]
    ids = defined_ids()
    assert len([r for r in ids if r.startswith("CL-")]) == 155
    assert {r.split("-")[0] for r, page in ids.items() if page == "three-deck"} == {
        "HW",
        "SA",
        "BO",
    }


def test_each_rules_page_opens_for_players_and_ends_with_its_sources() -> None:
    """The game in brief first, then the rules, then the appendix of sources and notes."""
    for page in RULES_PAGES:
        if page.name == "moves.md":
            continue  # the engine's own short page
        text = page.read_text("utf-8")
        headings = [line for line in text.splitlines() if line.startswith("## ")]
        assert headings[0] in ("## The game in brief", "## The games in brief"), page.name
        assert headings[-1] == "## Appendix: sources and notes", page.name
        appendix = text.index("## Appendix: sources and notes")
        assert defined_rule_ids(text[appendix:]) == [], page.name
        before = text[: text.index(headings[1])]
        assert "Source key" not in before
        assert "| **S001** |" not in before


def test_the_command_ships_the_rules_texts_of_the_pages() -> None:
    """``canasta rules ID`` reads ``canasta/cli/rules.json``: the pages' rules, each text
    as the page writes it. After a page changes: python docs/_ext/canasta_rules.py texts"""
    shipped = json.loads((PACKAGE / "cli" / "rules.json").read_text("utf-8"))
    pages = {page.stem: page.read_text("utf-8") for page in RULES_PAGES}
    assert shipped == rule_texts(pages), "run python docs/_ext/canasta_rules.py texts"
    assert list(shipped["rules"]) == list(defined_ids())
    assert shipped["rules"]["CL-PILE-5"]["text"].startswith("**CL-PILE-5 Frozen for the side**")
    assert shipped["pages"] == {
        "classic": "Classic Canasta",
        "moves": "Moves that name what is not there",
        "three-deck": "Hollywood, Samba and Bolivia",
    }


def test_every_rule_id_the_engine_cites_is_defined_on_the_rules_pages() -> None:
    """Every game's IDs: Classic's, and those the three-deck games cite instead, written in
    the modules that refuse moves and in the rule sets' tables of IDs."""
    cited = engine_rule_ids()
    assert {"CL-PILE-5", "CL-TURN-7", "CL-INIT-1", "CL-MELD-3"} <= set(cited)
    assert {"HW-MELD-6", "HW-FRZ-2", "SA-MELD-2", "BO-MELD-2"} <= set(cited)
    for module in ("meld_rules.py", "pile.py", "rule_ids.py"):
        prefixes = {rule.split("-")[0] for rule, modules in cited.items() if module in modules}
        assert "HW" in prefixes, module  # the scan sees the three-deck IDs where they are
    ids = defined_ids()
    undefined = {rule: sorted(modules) for rule, modules in cited.items() if rule not in ids}
    assert undefined == {}


def test_every_rule_id_a_rule_set_cites_is_defined_on_its_page() -> None:
    """The tables that map Classic's IDs to a three-deck game's (``*_RULE_IDS``
    in ``canasta._rules.rule_ids`` and each preset's ``rule_ids``), read at run time, so that
    IDs built by code count too."""
    import internals
    from internals import preset_labels

    ids = defined_ids()
    tables = {
        name: table
        for name, table in vars(internals.rule_ids).items()
        if name.endswith("_RULE_IDS") and isinstance(table, dict)
    }
    assert {"HOLLYWOOD_RULE_IDS", "SAMBA_RULE_IDS", "BOLIVIA_RULE_IDS"} <= set(tables)
    for name, table in tables.items():
        undefined = sorted({rule for rule in table.values() if rule not in ids})
        assert undefined == [], name
    for label in preset_labels():
        game, players = label.split(":")
        rules = canasta.find_rules(game, players=int(players))
        prefix = {"classic": "CL", "hollywood": "HW", "samba": "SA", "bolivia": "BO"}[game]
        cited = {rules.rule_id(rule) for rule in ids if rule.startswith("CL-")}
        assert {rule for rule in cited if rule not in ids} == set(), label
        own = [rule for rule in cited if not rule.startswith("CL-")]
        assert all(rule.startswith(prefix + "-") for rule in own), (label, own)
        assert all(ids[rule] == "three-deck" for rule in own), label


def test_every_rule_id_mentioned_in_the_code_is_defined() -> None:
    """Docstrings and comments too: the API reference links each of them to its rule."""
    ids = defined_ids()
    unknown = set()
    for module in sorted(PACKAGE.glob("*.py")):
        unknown |= {rule for rule in RULE_ID.findall(module.read_text("utf-8")) if rule not in ids}
    assert unknown == set()


def test_the_comparison_table_is_the_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The directive's rows are the command's, printed on a screen wide enough for one table."""
    from canasta.cli import main

    labels, rows = canasta_rules.comparison_rows(only_differences=True)
    out = io.StringIO()
    monkeypatch.setenv("COLUMNS", "1000")
    with contextlib.redirect_stdout(out):
        assert main(["rules", "--compare", "--diff"]) == 0
    printed = out.getvalue().splitlines()
    assert printed[0].split()[1:-1] == labels
    for name, _meaning, *values, rule_ids, differs in rows:
        line = next(line for line in printed if line.startswith(f"* {name} "))
        assert all(value in line for value in values), (line, values)
        assert line.endswith(rule_ids)
        assert differs == "*"
    _, every = canasta_rules.comparison_rows()
    assert len(every) > len(rows)


def test_the_tutorials_are_doctests() -> None:
    """Each tutorial runs as a test (Sphinx's doctest builder, a step of ./run test)."""
    pages = sorted((DOCS / "tutorials").glob("*.rst"))
    assert [page.stem for page in pages] == [
        "bot",
        "front-end",
        "house-rules",
        "server",
        "three-deck",
    ]
    for page in pages:
        text = page.read_text("utf-8")
        assert text.count(".. doctest::") >= 3, page.name
    index = (DOCS / "index.rst").read_text("utf-8")
    assert all(f"tutorials/{page.stem}" in index for page in pages)


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.append(value)
            if tag == "a" and name == "href" and value:
                self.links.append(value)


def _mini_site(tmp_path: Path, extra: str = "") -> Path:
    """A small Sphinx project: the rules pages, this documentation's extensions, and maybe
    one more page."""
    source = tmp_path / "source"
    (source / "rules").mkdir(parents=True)
    for page in RULES_PAGES:
        shutil.copy(page, source / "rules" / page.name)
    (source / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['myst_parser', 'canasta_rules', 'canasta_figures']\n"
        "source_suffix = {'.rst': 'restructuredtext', '.md': 'markdown'}\n"
        "html_theme = 'basic'\n"
        "root_doc = 'rules'\n",  # the pages link to /rules
        "utf-8",
    )
    # The pages the rules pages link to, as stubs.
    (source / "tutorials").mkdir()
    (source / "tutorials" / "three-deck.rst").write_text("Tutorial\n========\n", "utf-8")
    pages = ["rules/classic", "rules/moves", "rules/three-deck", "tutorials/three-deck"]
    pages += ["extra"] if extra else []
    (source / "rules.rst").write_text(
        "Rules\n=====\n\n.. toctree::\n\n" + "".join(f"   {p}\n" for p in pages), "utf-8"
    )
    if extra:
        (source / "extra.rst").write_text(extra, "utf-8")
    return source


def _build(source: Path, out: Path, *warnings_as_errors: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", *warnings_as_errors, "-q", "-b", "html", source, out],
        capture_output=True,
        text=True,
        cwd=source,
        check=False,
    )


@pytest.fixture(scope="module")
def mini_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The rules pages built once with the documentation's extensions, beside a page that
    cites an unknown rule ID and with a rule hidden in a code block: the HTML, and the
    warnings."""
    tmp_path = tmp_path_factory.mktemp("site")
    extra = (
        "Extra\n=====\n\nThis cites CL-NOPE-1, which no rules page defines.\n\n"
        ".. code-block:: md\n\n   - **CL-CODE-1** is in code, not a rule\n"
    )
    source = _mini_site(tmp_path, extra)
    rules_page = source / "rules" / "classic.md"
    rules_page.write_text(
        rules_page.read_text("utf-8") + "\n```\n- **CL-HIDDEN-1** in a code block\n```\n",
        "utf-8",
    )
    result = _build(source, tmp_path / "html")
    assert result.returncode == 0, result.stderr
    return tmp_path / "html", result.stderr


def test_every_rule_has_an_anchor_in_the_built_site(mini_site: tuple[Path, str]) -> None:
    """The rules pages built with the documentation's extensions: every rule ID defined in a
    page's text is an ``id`` there, rule IDs in the text link to their anchors, and the
    pictures are drawn."""
    html_dir, _ = mini_site
    for page in RULES_PAGES:
        parser = _Ids()
        html = (html_dir / "rules" / f"{page.stem}.html").read_text("utf-8")
        parser.feed(html)
        defined = defined_rule_ids(page.read_text("utf-8"))
        missing = [rule for rule in defined if rule not in parser.ids]
        assert missing == [], f"{page.name}: no anchor for {missing}"
        assert len(defined) == len(set(defined))
        assert f'<li id="{defined[0]}">' in html
        if page.stem == "classic":
            assert "#CL-VAL-1" in parser.links  # a mention in the text links to the rule
            assert html.count('class="canasta-position"') == 2  # the pictures
        elif page.stem == "moves":
            assert "classic.html#CL-INIT-4" in parser.links
        else:
            assert "classic.html#CL-CONC-1" in parser.links  # links cross pages
            assert html.count('class="canasta-position"') == 3
            assert "#HW-MELD-10" in parser.links


def test_the_build_warns_of_an_unknown_rule_id_and_a_rule_without_anchor_only(
    mini_site: tuple[Path, str],
) -> None:
    """The two warnings, which fail ``sphinx-build -W``, and no other: the pages themselves
    build cleanly."""
    _, warnings = mini_site
    assert "unknown rule ID CL-NOPE-1" in warnings
    assert "rule CL-HIDDEN-1 is defined in the text but has no anchor" in warnings
    assert "CL-CODE-1" not in warnings
    lines = [line for line in warnings.splitlines() if "WARNING" in line]
    assert len(lines) == 2, warnings


def test_rule_url_leads_to_the_page_that_defines_the_rule() -> None:
    """``canasta.errors.rule_url``: the address of a rule's anchor, for every game's IDs."""
    from canasta.errors import Violation, rule_url

    ids = defined_ids()
    assert set(ids.values()) == {"classic", "moves", "three-deck"}
    for rule, page in ids.items():
        assert re.search(rf"/rules/{page}\.html#{rule}$", rule_url(rule)), rule
    assert rule_url("SA-CAN-1", base="").startswith("three-deck.html#")
    assert Violation("BO-OUT-1", "reason").url.endswith("/rules/three-deck.html#BO-OUT-1")


def _position_blocks(page: Path) -> list[str]:
    """The JSON of each ``canasta-position`` picture a rules page adds."""
    text = page.read_text("utf-8")
    blocks = re.findall(r"```\{canasta-position\}\n---\n.*?\n---\n(.*?)```", text, re.DOTALL)
    assert len(blocks) == text.count("```{canasta-position}")
    return blocks


def test_the_three_deck_pictures_show_every_canasta_kind_a_sequence_and_a_frozen_pile() -> None:
    from canasta_figures import position_game

    from canasta import CanastaKind

    games = [position_game(block) for block in _position_blocks(DOCS / "rules" / "three-deck.md")]
    assert {game.rules.name for game in games} == {"hollywood"}
    melds = [meld for game in games for side in game.table.melds for meld in side]
    assert {m.canasta_kind_under(g.rules) for g in games for s in g.table.melds for m in s} >= set(
        CanastaKind
    )
    assert any(
        meld.is_sequence and meld.wild_as and not games[0].rules.is_canasta(meld) for meld in melds
    )
    assert any(game.table.pile_frozen for game in games)


def test_the_comparison_tables_of_the_rules_page() -> None:
    """The rules page shows the four-player presets of every rule set, and each rule set's
    presets apart: every preset is in some table, and no table is too wide to read."""
    from internals import preset_labels

    text = (DOCS / "rules.rst").read_text("utf-8")
    tables = re.findall(r"\.\. rule-set-comparison::\n((?:   :.*\n)*)", text)
    shown: set[str] = set()
    for options in tables:
        presets = re.search(r":presets: (.*)", options)
        assert presets, "a table of all twenty presets is too wide"
        labels, _ = canasta_rules.comparison_rows(presets=presets.group(1))
        assert 1 <= len(labels) <= 5, labels
        shown |= set(labels)
    assert shown == set(preset_labels())
    labels, rows = canasta_rules.comparison_rows(True, "classic:4 hollywood:4 samba:4 bolivia:4")
    assert labels == ["classic:4", "hollywood:4", "samba:4", "bolivia:4"]
    assert {"sequences_allowed", "wild_melds_allowed", "target_score"} <= {r[0] for r in rows}
    with pytest.raises(ValueError, match="unknown rule set"):
        canasta_rules.comparison_rows(presets="pinochle:4")


def test_the_readme_opens_with_the_two_commands_and_ci_runs_the_second() -> None:
    lines = (ROOT / "README.md").read_text("utf-8").splitlines()
    assert lines[0] == "# canasta"
    assert lines[2] == "```sh"
    assert [line.split()[:2] for line in lines[3:5]] == [["./run", "play"], ["./run", "test"]]
    assert lines[5] == "```"  # exactly the two commands
    assert "`./run serve`" in lines[7]  # next to them: the web front end
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert ci.rstrip().endswith("exec ./run test")
    run = (ROOT / "run").read_text("utf-8")
    assert 'ensure_env .venv ""' in run  # play: the package and the command's needs only
    assert 'ensure_env "$dev" dev' in run  # test: the developer tools, apart
    assert "ensure_env .venv-web web" in run  # serve: the package with its web extra
    assert "-n auto" in run  # pytest in parallel
    readme = "\n".join(lines)
    assert "pip install ." in readme
    assert "pip install canasta" in readme
