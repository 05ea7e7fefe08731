"""Every rule ID the engine can cite is cited by a scenario test named after it (issue 19).

The IDs the engine can cite are read from its code, not listed by hand:

- the IDs written in the engine's strings (``"CL-PILE-3"``, ``"CL-PILE-3/meld"``, an ID in a
  sentence such as ``"... (CL-FRZ-2)"``), docstrings left out;
- the IDs it builds at run time from an ID and a ``/detail`` suffix (``f"{rule}/cards"`` in
  ``canasta/_engine/turn/common.py``): every such suffix after every ID written;
- each of those as every preset cites it, through :meth:`RuleSet.rule_id` and the maps of
  ``canasta/_rules/rule_ids.py`` (``CL-PILE-3/cards`` is ``MV-CARDS`` in Hollywood).

A test cites an ID when its name holds the ID with underscores (``test_CL_PILE_3_...``, not
followed by a digit) and its body or decorators hold the ID itself in a string, the rule it
checks a refusal (or a view) against. Every ID cited must be a rule of the rules pages
(``canasta rules ID`` shows it). Every key of the maps is an ID the engine cites, or is listed
with its reason in ``rule_ids.UNCITED_KEYS``. Every rule of the rules pages is cited by a
test named after it, or listed in ``tests/data/rules_not_tested.txt``: with the reason the
engine cannot enforce it, or (not sorted yet) alone, on a list that may only shrink.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from internals import preset_labels, rule_ids
from internals import rulebook_rule_ids as rulebook_ids

import canasta

ROOT = Path(__file__).resolve().parent.parent
#: The rules no test named after them cites: "ID: reason" (not enforceable), "ID" (not sorted).
NOT_TESTED = ROOT / "tests" / "data" / "rules_not_tested.txt"
#: A rule ID as the engine writes it, with an optional ``/detail`` suffix.
RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z0-9]+-\d+(?:/[a-z]+)?")
#: Texts, not refusals: the terminal's and the web's help, the rules sheet's descriptions of
#: fields, and the maps (read through RuleSet.rule_id instead).
NOT_CITING = ("cli", "web", "_rules/sheet.py", "_rules/rule_ids.py")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


@functools.cache
def _engine_trees() -> tuple[ast.AST, ...]:
    package = ROOT / "canasta"
    return tuple(
        ast.parse(path.read_text("utf-8"))
        for path in sorted(package.rglob("*.py"))
        if not path.relative_to(package).as_posix().startswith(NOT_CITING)
    )


def written_ids(trees: tuple[ast.AST, ...]) -> set[str]:
    """The IDs in the code's strings, suffixes kept."""
    found: set[str] = set()
    for tree in trees:
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
            ):
                found.update(RULE_ID.findall(node.value))
    return found


def runtime_suffixes(trees: tuple[ast.AST, ...]) -> set[str]:
    """The ``/detail`` suffixes the code puts after a value in an f-string (``f"{rule}/cards"``).

    Some are no rule's (``f"{seed}/bots"``); a suffix that no map names cites the plain ID,
    which is cited anyway, so taking them all adds no ID that cannot be cited."""
    found = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for value, after in zip(node.values, node.values[1:], strict=False):
                    if (
                        isinstance(value, ast.FormattedValue)
                        and isinstance(after, ast.Constant)
                        and isinstance(after.value, str)
                        and re.fullmatch(r"/[a-z]+", after.value)
                    ):
                        found.add(after.value)
    return found


def presets() -> list[canasta.RuleSet]:
    labels = [label.partition(":") for label in preset_labels()]
    return [canasta.RuleSet()] + [
        canasta.find_rules(name, players=int(players)) for name, _, players in labels
    ]


def _engine_cites() -> set[str]:
    """The IDs (suffixes kept) the engine writes or builds, before the maps."""
    trees = _engine_trees()
    written = written_ids(trees)
    suffixes = runtime_suffixes(trees)
    return written | {
        f"{rule}{suffix}" for rule in written if "/" not in rule for suffix in suffixes
    }


@functools.cache
def citable_ids() -> frozenset[str]:
    """Every rule ID a refusal (or a view's ``frozen_rule``) of some preset can name."""
    cited = _engine_cites()
    return frozenset(rules.rule_id(rule) for rules in presets() for rule in cited)


@functools.cache
def scenario_tests() -> tuple[tuple[str, frozenset[str]], ...]:
    """Each test function's name with the strings its body and decorators hold."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test_"
            ):
                strings = {
                    inner.value
                    for part in [*node.decorator_list, *node.body]
                    for inner in ast.walk(part)
                    if isinstance(inner, ast.Constant) and isinstance(inner.value, str)
                }
                found.append((node.name, frozenset(strings)))
    return tuple(found)


def cited_by_a_test(
    rule: str, tests: tuple[tuple[str, frozenset[str]], ...] | None = None
) -> bool:
    """Whether a test (of ``tests``, by default every test) named after ``rule`` holds it in
    a string."""
    name = re.compile(rf"(?<![A-Za-z0-9]){rule.replace('-', '_')}(?![0-9])")
    text = re.compile(rf"(?<![A-Za-z0-9-]){re.escape(rule)}(?![0-9])")
    return any(
        name.search(test) and any(text.search(string) for string in strings)
        for test, strings in (scenario_tests() if tests is None else tests)
    )


def test_the_citable_ids_are_read_from_the_code() -> None:
    # The reading finds IDs of each kind: written plainly, written with a suffix and mapped,
    # built at run time and mapped, mapped in each family, written in a sentence.
    trees = _engine_trees()
    assert "/cards" in runtime_suffixes(trees)
    assert {"CL-PILE-5", "CL-PILE-3/meld", "HW-PILE-10"} <= written_ids(trees)
    assert {"CL-PILE-5", "MV-CARDS", "MV-MELD", "HW-FRZ-2", "SA-PILE-2", "BO-PILE-1"} <= (
        citable_ids()
    )
    assert "CL-FRZ-2" in citable_ids()
    assert not any("/" in rule for rule in citable_ids())
    assert len(citable_ids()) > 100


def test_every_key_of_the_rule_maps_is_cited_by_the_engine_or_kept_with_a_reason() -> None:
    # A key no refusal cites maps nothing: it is listed, with why it stays, in
    # rule_ids.UNCITED_KEYS, and a listed key the engine comes to cite leaves the list.
    cited = _engine_cites()
    maps = (rule_ids.HOLLYWOOD_RULE_IDS, rule_ids.SAMBA_RULE_IDS, rule_ids.BOLIVIA_RULE_IDS)
    uncited = {key for mapping in maps for key in mapping if key not in cited}
    assert uncited == set(rule_ids.UNCITED_KEYS)
    assert all(reason.strip() for reason in rule_ids.UNCITED_KEYS.values())
    assert set(rule_ids.UNCITED_KEYS) <= set(rulebook_ids())


def test_every_citable_id_is_a_rule_of_the_rules_pages() -> None:
    assert sorted(citable_ids() - set(rulebook_ids())) == []


def test_every_citable_id_is_cited_by_a_scenario_test_named_after_it() -> None:
    missing = sorted(rule for rule in citable_ids() if not cited_by_a_test(rule))
    assert missing == [], (
        "no test named after these rule IDs (test_CL_PILE_3_...) checks them by their ID: "
        + ", ".join(missing)
    )


def cited_rules() -> set[str]:
    """Every rule a test named after it cites (:func:`cited_by_a_test`), the tests read once."""
    named = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}_[A-Z0-9]+(?:_\d+)?(?![0-9])")
    found = set()
    for test, strings in scenario_tests():
        for rule in (name.replace("_", "-") for name in named.findall(test)):
            if cited_by_a_test(rule, ((test, strings),)):
                found.add(rule)
    return found


def not_tested() -> dict[str, str]:
    """The rules of :data:`NOT_TESTED`, each with its reason ("" for a rule not sorted yet)."""
    listed: dict[str, str] = {}
    for line in NOT_TESTED.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rule, _, reason = line.partition(":")
            assert rule.strip() not in listed, f"{rule} listed twice"
            listed[rule.strip()] = reason.strip()
    return listed


def test_every_rule_of_the_rules_pages_is_cited_by_a_test_or_listed_as_not_tested() -> None:
    rules = set(rulebook_ids())
    listed = not_tested()
    assert sorted(set(listed) - rules) == []  # no rule the pages lack
    tested = cited_rules() & rules
    assert sorted(tested & set(listed)) == [], "now cited by a test named after it: unlist it"
    assert sorted(rules - tested - set(listed)) == [], "no test named after it cites it"
    assert len(listed) < len(rules) - 100  # most rules have their own tests


def test_a_test_cites_an_id_by_its_name_and_a_string() -> None:
    def one(name: str, *strings: str) -> tuple[tuple[str, frozenset[str]], ...]:
        return ((name, frozenset(strings)),)

    assert cited_by_a_test("CL-PILE-5", one("test_CL_PILE_5_x", "CL-PILE-5"))
    assert cited_by_a_test("CL-PILE-5", one("test_y_and_CL_PILE_5", "rule CL-PILE-5."))
    assert not cited_by_a_test("CL-PILE-5", one("test_CL_PILE_5_x", "CL-PILE-6"))
    assert not cited_by_a_test("CL-PILE-5", one("test_CL_PILE_50", "CL-PILE-5"))
    assert not cited_by_a_test("CL-PILE-5", one("test_CL_PILE_5", "CL-PILE-50"))
    assert not cited_by_a_test("CL-PILE-5", one("test_x", "CL-PILE-5"))
    assert not cited_by_a_test("CL-PILE-99")
