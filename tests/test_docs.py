"""The documentation's rules pages: copies of the rules reference, an anchor for every rule ID,
every rule ID the engine cites defined there; and the documentation's Sphinx extensions."""

from __future__ import annotations

import ast
import contextlib
import io
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES_PAGES = sorted((DOCS / "rules").glob("*.md"))
SHARED_RULES = ROOT.parent / "shared" / "rules"

sys.path.insert(0, str(DOCS / "_ext"))
import canasta_rules  # noqa: E402 - the extension lives in docs/_ext
from canasta_rules import RULE_ID, defined_rule_ids, sync, without_docs_only  # noqa: E402


def defined_ids() -> dict[str, str]:
    """Every rule ID the rules pages define, with the page (``classic``) that defines it."""
    ids: dict[str, str] = {}
    for page in RULES_PAGES:
        for rule in defined_rule_ids(without_docs_only(page.read_text("utf-8"))):
            assert rule not in ids, f"{rule} is defined on {ids[rule]} and on {page.stem}"
            ids[rule] = page.stem
    return ids


def engine_rule_ids() -> dict[str, set[str]]:
    """Every rule ID written as a string in canasta/*.py (what the engine raises and cites),
    with the modules that write it."""
    found: dict[str, set[str]] = {}
    for module in sorted((ROOT / "canasta").glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text("utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and RULE_ID.fullmatch(node.value):
                found.setdefault(node.value, set()).add(module.name)
    return found


def test_the_rules_pages_are_the_classic_and_three_deck_rules() -> None:
    assert [page.name for page in RULES_PAGES] == ["classic.md", "three-deck.md"]
    ids = defined_ids()
    assert len([r for r in ids if r.startswith("CL-")]) == 155
    assert {r.split("-")[0] for r, page in ids.items() if page == "three-deck"} == {
        "HW",
        "SA",
        "BO",
    }


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no shared/rules beside the repository")
@pytest.mark.parametrize("page", RULES_PAGES, ids=lambda page: page.name)
def test_the_rules_pages_copy_the_rules_reference(page: Path) -> None:
    """Without the blocks the documentation adds, a rules page is the reference's text. When
    the reference changes: python docs/_ext/canasta_rules.py sync ../shared/rules"""
    reference = (SHARED_RULES / page.name).read_text("utf-8")
    assert without_docs_only(page.read_text("utf-8")) == reference, (
        f"docs/rules/{page.name} differs from shared/rules/{page.name}: "
        "run python docs/_ext/canasta_rules.py sync ../shared/rules"
    )


@pytest.mark.parametrize("page", RULES_PAGES, ids=lambda page: page.name)
def test_sync_puts_the_added_blocks_back(page: Path) -> None:
    text = page.read_text("utf-8")
    assert sync(without_docs_only(text), text) == text
    assert text.count(canasta_rules.DOCS_ONLY + "\n") == text.count(
        canasta_rules.END_DOCS_ONLY + "\n"
    )


def test_every_rule_id_the_engine_cites_is_defined_on_the_rules_pages() -> None:
    cited = engine_rule_ids()
    assert {"CL-PILE-5", "CL-TURN-7", "CL-INIT-1", "CL-MELD-3"} <= set(cited)
    ids = defined_ids()
    undefined = {rule: sorted(modules) for rule, modules in cited.items() if rule not in ids}
    assert undefined == {}


def test_every_rule_id_mentioned_in_the_code_is_defined() -> None:
    """Docstrings and comments too: the API reference links each of them to its rule."""
    ids = defined_ids()
    unknown = set()
    for module in sorted((ROOT / "canasta").glob("*.py")):
        unknown |= {rule for rule in RULE_ID.findall(module.read_text("utf-8")) if rule not in ids}
    assert unknown == set()


def test_the_comparison_table_is_the_commands() -> None:
    from canasta.cli import main

    labels, rows = canasta_rules.comparison_rows(only_differences=True)
    out = io.StringIO()
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
    """Each tutorial runs as a test (pytest's --doctest-glob and Sphinx's doctest builder)."""
    pages = sorted((DOCS / "tutorials").glob("*.rst"))
    assert [page.stem for page in pages] == ["bot", "front-end", "house-rules", "server"]
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
    pages = ["rules/classic", "rules/three-deck"] + (["extra"] if extra else [])
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


def test_every_rule_has_an_anchor_in_the_built_site(tmp_path: Path) -> None:
    """The rules pages built with the documentation's extensions: every rule ID defined in a
    page's text is an ``id`` there, rule IDs in the text link to their anchors, and the
    pictures are drawn."""
    result = _build(_mini_site(tmp_path), tmp_path / "html", "-W")
    assert result.returncode == 0, result.stderr
    for page in RULES_PAGES:
        parser = _Ids()
        html = (tmp_path / "html" / "rules" / f"{page.stem}.html").read_text("utf-8")
        parser.feed(html)
        defined = defined_rule_ids(without_docs_only(page.read_text("utf-8")))
        missing = [rule for rule in defined if rule not in parser.ids]
        assert missing == [], f"{page.name}: no anchor for {missing}"
        assert len(defined) == len(set(defined))
        assert f'<li id="{defined[0]}">' in html
        if page.stem == "classic":
            assert "#CL-VAL-1" in parser.links  # a mention in the text links to the rule
            assert html.count('class="canasta-position"') == 2  # the pictures
        else:
            assert "classic.html#CL-CONC-1" in parser.links  # links cross pages


def test_the_build_fails_on_an_unknown_rule_id_and_a_rule_without_anchor(
    tmp_path: Path,
) -> None:
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
    assert "unknown rule ID CL-NOPE-1" in result.stderr
    assert "rule CL-HIDDEN-1 is defined in the text but has no anchor" in result.stderr
    assert "CL-CODE-1" not in result.stderr


def test_rule_url_if_the_core_has_one() -> None:
    """``canasta.errors.rule_url`` (proposed): the address of a rule's anchor."""
    errors = pytest.importorskip("canasta.errors")
    rule_url = getattr(errors, "rule_url", None)
    if rule_url is None:
        pytest.skip("canasta.errors.rule_url does not exist yet")
    for rule, page in defined_ids().items():
        assert re.search(rf"/rules/{page}\.html#{rule}$", rule_url(rule)), rule
