"""Check the package's layout by reading its code (the AST: nothing is imported).

It reports, for the modules of ``canasta/``:

- modules over 600 lines;
- functions and methods (nested ones too) over 80 lines, from ``def`` to their last line, or
  of cyclomatic complexity over 20;
- import cycles among the package's modules, counting imports inside functions but not
  those under ``if TYPE_CHECKING:``; the facades' one-line conveniences listed in
  ``ALLOWED`` below are not counted; each import on a cycle is shown on the shortest cycle
  through it;

and, for reading only (it never fails the check):

- the private names the tests import, or reach as ``canasta._x.name`` (from ``canasta._x``
  modules, or ``_name``s), outside the test modules that own them: ``tests/test_plan*.py``
  own ``canasta._engine.plan``, ``tests/test_bots.py`` owns ``canasta.bots`` and the modules
  of that package, and ``OWNERS`` lists the others.

It exits 1 when something is over a limit (with ``--baseline``: something the baseline does
not list, or worse than it lists), 0 otherwise. Commands, from the repository's root::

    python tools/check_layout.py                                   # every violation fails
    python tools/check_layout.py --baseline tools/layout-baseline.txt
    python tools/check_layout.py --write-baseline tools/layout-baseline.txt
    python tools/check_layout.py --root PATH     # the canasta/ and tests/ of another folder

A baseline lists known violations, one a line, in the report's words::

    module canasta/_engine/plan.py 1644 lines
    function canasta/_engine/plan.py:_step_list 160 lines cc 66
    cycle canasta._engine.meld_rules -> canasta._model.melds -> canasta._engine.meld_rules

A module or function is matched by its path and name, so it may shrink without failing;
it fails if it grows past both the limit and its baseline figure. The report lists the
baseline's lines that improved or went away, so that the baseline can shrink with the code.

Cyclomatic complexity is counted as radon 6 counts it (``radon cc``), from the function's
body: 1, plus 1 for each ``if``, ``elif`` and conditional expression, each ``for`` and
``while`` (and 1 more for their ``else``), each ``except`` (and 1 for a ``try``'s ``else``),
each operand of ``and``/``or`` after the first, each comprehension's ``for`` and ``if``,
each ``assert`` (as radon, without looking inside it), and each ``case`` of a ``match``
except a final catch-all. ``with``, lambdas themselves, decorators and default values count
nothing; a nested function or class is measured on its own and adds nothing to its parent.
Checked against radon 6.0.1 (``radon cc -s -j``): the same figure for each of this
package's 846 functions and methods, and for each of the 7,721 that radon lists in
hypothesis, sphinx, attrs and jsonschema. This script also measures the methods of classes
defined inside functions, which radon does not list, and counts ``except*`` as ``except``
(radon does not). A function's lines run from its ``def`` to its ``end_lineno``; radon's
end at the first line of its last statement, one or a few lines earlier when that
statement spans lines.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80
MAX_COMPLEXITY = 20

#: Imports that do not make a cycle: the facades' one-line conveniences, each an import
#: inside a method that hands the work to an edge module. (importer, imported): why.
#: A top-level import between the same modules still counts.
ALLOWED: dict[tuple[str, str], str] = {
    ("canasta.game", "canasta.actions"): "Game.legal_actions",
    ("canasta.game", "canasta._notation.jsonio"): "Game.to_json and Game.from_json",
    ("canasta.game", "canasta.svg"): "Game._repr_svg_",
    ("canasta.game", "canasta._notation.text"): "Game.to_text and Game.from_text",
    ("canasta.views", "canasta.actions"): "PlayerView.legal_actions, action_mask, decode",
    ("canasta.views", "canasta.observation"): "PlayerView.observation",
    ("canasta.views", "canasta._notation.jsonio"): "PlayerView.to_json and from_json",
    ("canasta.views", "canasta.svg"): "PlayerView._repr_svg_",
    ("canasta.views", "canasta._notation.text"): "PlayerView.to_text and from_text",
    ("canasta.views", "canasta.game"): "PlayerView.sample: a Game with the hidden cards drawn",
}

#: Test modules that own a module their name does not say (tests/test_<name>*.py own the
#: modules called <name> or _<name>): (test module, module or package: with its modules).
OWNERS: frozenset[tuple[str, str]] = frozenset(
    {
        ("tests/test_json.py", "canasta._notation.jsonio"),  # the JSON notation
        ("tests/test_json_v1.py", "canasta._notation.jsonio"),  # its first version
        ("tests/test_positions.py", "canasta._engine.position"),  # the position validator
        ("tests/test_search.py", "canasta._engine.finishing"),  # the search's interface
        ("tests/test_search.py", "canasta._engine.steps"),  # "which meld steps exist?"
        ("tests/test_steps_and_planner.py", "canasta._engine.steps"),
        ("tests/test_steps_and_planner.py", "canasta._engine.step"),
        ("tests/test_steps_and_planner.py", "canasta._engine.search"),
        ("tests/test_search_cuts.py", "canasta._engine.search"),  # the going-out search's cuts
        ("tests/test_search_cuts.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_escalera_bound26.py", "canasta._engine.search"),  # the escalera bound
        ("tests/test_placing_bound26.py", "canasta._engine.search"),  # the copies a run takes
        ("tests/test_placing_bound26.py", "canasta._engine.tables"),  # the numbers it uses
        ("tests/test_escalera_bound26.py", "canasta._engine.tables"),  # the numbers it uses
        ("tests/test_merge_layouts26.py", "canasta._engine.search"),  # the search's merges
        ("tests/test_going_out_merge40.py", "canasta._engine.search"),  # merges in time
        ("tests/test_going_out_unlocking41.py", "canasta._engine.search"),  # merges in time
        ("tests/test_going_out_late42.py", "canasta._engine.search"),  # the last step
        ("tests/test_going_out_late42.py", "canasta._engine.tables"),  # the last step
        ("tests/test_going_out_copies41.py", "canasta._engine.search"),  # copies of a suit
        ("tests/test_reference_last_step42.py", "canasta._engine.search"),  # the last step
        ("tests/test_going_out_gap_cards42.py", "canasta._engine.search"),  # gaps drawn
        ("tests/test_going_out_ratio43.py", "canasta._engine.search"),  # naturals in time
        ("tests/test_going_out_last_card43.py", "canasta._engine.search"),  # the last card
        ("tests/test_going_out_last_card43.py", "canasta._engine.tables"),  # the last card
        ("tests/test_replay_unanswered41.py", "canasta._engine.steps"),  # steps to replay
        ("tests/test_merge_layouts26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_search_wilds26.py", "canasta._engine.search"),  # the wild cards owed
        ("tests/test_search_wilds26.py", "canasta._engine.steps"),  # the steps it makes
        ("tests/test_search_wilds26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_forced_naturals26.py", "canasta._engine.search"),  # the forced naturals
        ("tests/test_forced_naturals26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_either_way26.py", "canasta._engine.search"),  # the search both ways
        ("tests/search_helpers.py", "canasta._engine.search"),  # a bound stubbed, for its tests
        ("tests/search_helpers.py", "canasta._engine.tables"),  # the numbers positions use
        ("tests/test_either_way26.py", "canasta._engine.tables"),  # the numbers it uses
        ("tests/test_unmeldable_wilds26.py", "canasta._engine.search"),  # a bound, both solvers
        ("tests/test_unmeldable_wilds26.py", "canasta._engine.tables"),  # the numbers it uses
        ("tests/test_wild_room26.py", "canasta._engine.search"),  # a bound, both solvers
        ("tests/test_wild_room26.py", "canasta._engine.tables"),  # the numbers it uses
        ("tests/test_suit_canastas26.py", "canasta._engine.search"),  # a suit's canastas
        ("tests/test_suit_canastas26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_joint_wilds26.py", "canasta._engine.search"),  # owed and canastas, weighed
        ("tests/test_joint_wilds26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_priced_out26.py", "canasta._engine.search"),  # a rank priced out of runs
        ("tests/test_priced_out26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_cores26.py", "canasta._engine.search"),  # the canastas' cores first
        ("tests/test_movegen_merges20.py", "canasta._engine.transitions"),  # merges' verdicts
        ("tests/test_movegen_merges20.py", "canasta._engine.finishing"),  # the plain finish
        ("tests/test_movegen_discards40.py", "canasta._engine.movegen"),  # discards listed free
        ("tests/test_movegen_discards40.py", "canasta._engine.transitions"),  # their verdicts
        ("tests/test_movegen_discards40.py", "canasta._engine.finishing"),  # the plain finish
        ("tests/test_cores26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_sweep_cuts26.py", "canasta._engine.search"),  # two cuts of the search
        ("tests/test_sweep_cuts26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_discards_tried26.py", "canasta._engine.search"),  # the discards tried
        ("tests/test_discards_tried26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_found26.py", "canasta._engine.search"),  # the order of a pool's ways
        ("tests/test_found26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_discards_left26.py", "canasta._engine.search"),  # the discards left
        ("tests/test_discards_left26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_cores_discard26.py", "canasta._engine.search"),  # the cores, discard made
        ("tests/test_cores_discard26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_wild_roots26.py", "canasta._engine.search"),  # wild roots, one wild
        ("tests/test_wild_roots26.py", "canasta._engine.tables"),  # the numbers they use
        ("tests/test_verdicts.py", "canasta._engine.steps"),  # the steps it asks about
        ("tests/test_verdicts.py", "canasta._engine.step_relations"),  # the relations verdicts ask
        ("tests/test_verdicts.py", "canasta._engine.transitions"),  # the plain verdict
        ("tests/test_verdicts_concealed26.py", "canasta._engine.steps"),  # the steps it asks
        ("tests/test_verdicts_equal_melds44.py", "canasta._engine.steps"),  # the steps it relates
        ("tests/test_verdicts_equal_melds44.py", "canasta._engine.step_relations"),  # _Answer
        ("tests/test_verdicts_concealed26.py", "canasta._engine.transitions"),  # the verdict
        ("tests/test_transitions.py", "canasta._engine.turn"),  # the steps' rules it plays
        ("tests/test_transitions.py", "canasta._engine.take_candidates"),  # takes it judges
    }
)

_NUMBERS = re.compile(r"(?P<key>\S+ \S+) (?P<lines>\d+) lines(?: cc (?P<cc>\d+))?")


# --- violations and the baseline ------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """A module or function over a limit, or an import cycle, in the report's words."""

    kind: str  # "module", "function" or "cycle"
    where: str  # a path, path:qualified.name, or the cycle "a -> b -> a"
    lines: int = 0
    complexity: int = 0

    @property
    def key(self) -> str:
        """What a baseline line is matched by: the kind and place, without the figures."""
        return f"{self.kind} {self.where}"

    @property
    def figures(self) -> str:
        """``1644 lines`` (a module), ``160 lines cc 66`` (a function), or nothing."""
        if self.kind == "module":
            return f"{self.lines} lines"
        if self.kind == "function":
            return f"{self.lines} lines cc {self.complexity}"
        return ""

    def __str__(self) -> str:
        return f"{self.key} {self.figures}".rstrip()

    @classmethod
    def parse(cls, text: str) -> Violation:
        """A violation from its text (a baseline's line)."""
        kind = text.split(" ", 1)[0]
        if kind == "cycle" and " -> " in text:
            return cls("cycle", text.split(" ", 1)[1])
        numbers = _NUMBERS.fullmatch(text)
        if kind not in ("module", "function") or numbers is None:
            raise ValueError(f"not a violation: {text!r}")
        if (kind == "function") != (numbers["cc"] is not None):
            raise ValueError(f"not a violation: {text!r}")
        where = numbers["key"].split(" ", 1)[1]
        return cls(kind, where, int(numbers["lines"]), int(numbers["cc"] or 0))

    def worse_than(self, known: Violation) -> bool:
        """Whether a figure over its limit grew past the baseline's."""
        limit_lines = MAX_MODULE_LINES if self.kind == "module" else MAX_FUNCTION_LINES
        longer = self.lines > limit_lines and self.lines > known.lines
        return longer or (self.complexity > MAX_COMPLEXITY and self.complexity > known.complexity)


def read_baseline(path: Path) -> list[Violation]:
    """The violations a baseline file lists (``#`` starts a comment)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip()[:1] not in ("", "#"):
            try:
                found.append(Violation.parse(line.strip()))
            except ValueError as error:
                raise ValueError(f"{path}, line {number}: {error}") from None
    return found


def write_baseline(path: Path, violations: Iterable[Violation]) -> None:
    """Write a baseline: modules, then functions, then cycles."""
    order = {"module": 0, "function": 1, "cycle": 2}
    texts = [
        "# Known layout violations: `python tools/check_layout.py --write-baseline FILE`;",
        "# a module or function is matched by its path and name, and fails if it grows.",
        *sorted(map(str, violations), key=lambda text: (order[text.split()[0]], text)),
    ]
    path.write_text("\n".join(texts) + "\n", encoding="utf-8")


def compare(
    found: Sequence[Violation], baseline: Sequence[Violation]
) -> tuple[list[str], list[str]]:
    """The new violations (not in the baseline, or worse) and the baseline's improvements."""
    known = {violation.key: violation for violation in baseline}
    current = {violation.key: violation for violation in found}
    new = [
        str(violation)
        for violation in found
        if violation.key not in known or violation.worse_than(known[violation.key])
    ]
    improved = []
    for old in baseline:
        now = current.get(old.key)
        if now is None:
            improved.append(f"{old}: {'gone' if old.kind == 'cycle' else 'now within the limits'}")
        elif now.figures != old.figures and not now.worse_than(old):
            improved.append(f"{old}: now {now.figures}")
    return new, improved


# --- reading the package --------------------------------------------------------------------


@dataclass(frozen=True)
class Module:
    """One module of the package, parsed."""

    name: str  # canasta._engine.plan
    path: str  # canasta/_engine/plan.py, relative to the root
    tree: ast.Module
    lines: int

    @property
    def package(self) -> str:
        """The package that relative imports start from."""
        is_init = self.path.endswith("__init__.py")
        return self.name if is_init else self.name.rpartition(".")[0]


def read_modules(root: Path, package: str) -> dict[str, Module]:
    """Every module of ``root/package``, by dotted name."""
    modules = {}
    for path in sorted((root / package).rglob("*.py")):
        relative = path.relative_to(root)
        parts = list(relative.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text, filename=str(relative))
        name = ".".join(parts)
        modules[name] = Module(name, relative.as_posix(), tree, len(text.splitlines()))
    return modules


def functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.AST]]:
    """Every function and method, nested ones too, with its qualified name (``Game.apply``)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
            yield from functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from functions(node, f"{prefix}{node.name}.")
        else:
            yield from functions(node, prefix)


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The cyclomatic complexity of a function, as radon counts it (see the docstring)."""
    return 1 + sum(_decisions(statement) for statement in function.body)


def _decisions(node: ast.AST) -> int:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return 0  # measured on its own
    if isinstance(node, ast.Assert):
        return 1  # radon does not look inside an assert
    return _own_decisions(node) + sum(_decisions(child) for child in ast.iter_child_nodes(node))


def _own_decisions(node: ast.AST) -> int:
    if isinstance(node, (ast.If, ast.IfExp)):
        return 1
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        return 1 + bool(node.orelse)
    if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
        return len(node.handlers) + bool(node.orelse)  # type: ignore[attr-defined]
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    if isinstance(node, ast.Match):
        catch_all = any(
            isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None
            for case in node.cases
        )
        return max(0, len(node.cases) - catch_all)
    return 0


def size_violations(modules: Iterable[Module]) -> list[Violation]:
    """The modules and functions over a limit."""
    found = []
    for module in modules:
        if module.lines > MAX_MODULE_LINES:
            found.append(Violation("module", module.path, module.lines))
        seen: dict[str, int] = {}
        for name, node in functions(module.tree):
            assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            seen[name] = seen.get(name, 0) + 1
            label = name if seen[name] == 1 else f"{name}[{seen[name]}]"  # a redefinition
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            score = complexity(node)
            if lines > MAX_FUNCTION_LINES or score > MAX_COMPLEXITY:
                found.append(Violation("function", f"{module.path}:{label}", lines, score))
    return found


# --- imports and cycles ---------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    """One module importing another module of the package."""

    importer: str
    imported: str
    line: int
    in_function: bool

    @property
    def allowed(self) -> bool:
        """Whether it is one of the listed conveniences."""
        return self.in_function and (self.importer, self.imported) in ALLOWED


def _is_type_checking(test: ast.expr) -> bool:
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


class _ImportFinder(ast.NodeVisitor):
    """The imports of one module, with whether each is inside a function; the bodies of
    ``if TYPE_CHECKING:`` are skipped."""

    def __init__(self, module: Module, known: Iterable[str]) -> None:
        self.module = module
        self.known = set(known)
        self.depth = 0
        self.found: list[Import] = []

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            for statement in node.orelse:
                self.visit(statement)
        else:
            self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self.visit_FunctionDef(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(self._deepest_known(alias.name), node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            package = self.module.package.split(".")
            package = package[: len(package) - node.level + 1]
            base = ".".join([*package, *([base] if base else [])])
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            self._add(submodule if submodule in self.known else base, node.lineno)

    def _deepest_known(self, name: str) -> str:
        parts = name.split(".")
        while parts and ".".join(parts) not in self.known:
            parts.pop()
        return ".".join(parts)

    def _add(self, imported: str, line: int) -> None:
        if imported in self.known and imported != self.module.name:
            self.found.append(Import(self.module.name, imported, line, self.depth > 0))


def imports(modules: dict[str, Module]) -> list[Import]:
    """Every import of a module of the package by another (a package's ``__init__`` run by
    importing one of its modules is not counted)."""
    found = []
    for module in modules.values():
        finder = _ImportFinder(module, modules)
        finder.visit(module.tree)
        found += finder.found
    return found


def cycles(edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The shortest cycle through each edge that lies on one, each cycle once and starting
    at its smallest node. (Every elementary cycle would be too many: one import from the
    model to a facade makes hundreds.) A new import that closes a cycle always adds a line."""
    graph: dict[str, list[str]] = {}
    for start, end in sorted(set(edges)):
        graph.setdefault(start, []).append(end)
        graph.setdefault(end, [])
    found = set()
    for start, ends in graph.items():
        for end in ends:
            back = _shortest_path(graph, end, start)
            if back is not None:
                nodes = [start, *back[:-1]]
                first = nodes.index(min(nodes))
                nodes = nodes[first:] + nodes[:first]
                found.add((*nodes, nodes[0]))
    return sorted(map(list, found))


def _shortest_path(graph: dict[str, list[str]], start: str, goal: str) -> list[str] | None:
    """The shortest path from start to goal (the first in sorted order), both included."""
    before: dict[str, str] = {}
    todo, seen = [start], {start}
    while todo and goal not in seen:
        following = []
        for node in todo:
            for after in graph[node]:
                if after not in seen:
                    seen.add(after)
                    before[after] = node
                    following.append(after)
        todo = following
    if goal not in seen:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(before[path[-1]])
    return path[::-1]


def cycle_violations(found: Iterable[Import]) -> list[Violation]:
    """The import cycles, without the allowed conveniences."""
    edges = {(i.importer, i.imported) for i in found if not i.allowed}
    return [Violation("cycle", " -> ".join(cycle)) for cycle in cycles(edges)]


# --- what the tests import ------------------------------------------------------------------


def _private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__")


def _owns(test: str, module: str) -> bool:
    """Whether tests/test_<name>*.py is a test of module <name> or _<name>, or
    tests/test_<name>.py one of a package <name> or _<name> that holds the module
    (``tests/test_bots.py`` owns ``canasta.bots._scoring``; the top package owns nothing)."""
    stem = Path(test).stem
    *packages, last = [name.lstrip("_") for name in module.split(".")[1:]] or [""]
    return (
        any(test == owner and f"{module}.".startswith(f"{owned}.") for owner, owned in OWNERS)
        or stem == f"test_{last}"
        or stem.startswith(f"test_{last}_")
        or any(stem == f"test_{package}" for package in packages)
    )


def private_imports(root: Path, package: str, modules: dict[str, Module]) -> dict[str, set[str]]:
    """For each test file, the private names it imports from modules it does not own."""
    found: dict[str, set[str]] = {}
    for path in sorted((root / "tests").rglob("*.py")):
        test = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inner = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        for node in ast.walk(tree):
            used = _imported_names(node, package, modules)
            if isinstance(node, ast.Attribute) and id(node) not in inner:
                used = _reached_names(node, package, modules)
            for module, name in used:
                if not _owns(test, module):
                    dotted = module if name is None else f"{module}.{name}"
                    found.setdefault(test, set()).add(dotted)
    return found


def _imported_names(
    node: ast.AST, package: str, modules: dict[str, Module]
) -> Iterator[tuple[str, str | None]]:
    """The private things an import statement imports: (module, name) or (module, None)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == package and any(map(_private, parts)):
                yield alias.name, None
    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
        parts = node.module.split(".")
        if parts[0] != package:
            return
        for alias in node.names:
            submodule = f"{node.module}.{alias.name}"
            if submodule in modules and any(map(_private, submodule.split("."))):
                yield submodule, None
            elif any(map(_private, parts)) or _private(alias.name):
                yield node.module, alias.name


def _reached_names(
    node: ast.Attribute, package: str, modules: dict[str, Module]
) -> Iterator[tuple[str, str | None]]:
    """The private thing an attribute chain such as ``canasta._rules.presets.samba`` reaches
    through the package's modules: (module, name) or (module, None)."""
    parts: list[str] = []
    value: ast.expr = node
    while isinstance(value, ast.Attribute):
        parts.insert(0, value.attr)
        value = value.value
    if not isinstance(value, ast.Name) or value.id != package:
        return
    dotted = [package, *parts]
    depth = len(dotted)
    while depth > 1 and ".".join(dotted[:depth]) not in modules:
        depth -= 1
    module = ".".join(dotted[:depth])
    name = dotted[depth] if depth < len(dotted) else None
    if name is not None and name.startswith("__"):  # canasta._x.__file__: the module
        name = None
    if any(map(_private, module.split("."))) or (name is not None and _private(name)):
        yield module, name


def public_names(modules: dict[str, Module], package: str) -> dict[str, str]:
    """The names the package's ``__init__`` re-exports: ``canasta._model.deck.Cards`` ->
    ``canasta.Cards``."""
    init = modules.get(package)
    if init is None:
        return {}
    exported: set[str] = set()
    for node in init.tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            exported = {str(c.value) for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    public = {}
    for node in init.tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                name = alias.asname or alias.name
                if name in exported:
                    public[f"{node.module}.{alias.name}"] = f"{package}.{name}"
    return public


# --- the report -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Findings:
    modules: dict[str, Module]
    violations: list[Violation]
    imports: list[Import]
    private: dict[str, set[str]]
    public: dict[str, str]


def check(root: Path, package: str = "canasta") -> Findings:
    """Everything the checker reports about ``root/package`` and ``root/tests``."""
    modules = read_modules(root, package)
    found = imports(modules)
    violations = size_violations(modules.values()) + cycle_violations(found)
    private = private_imports(root, package, modules)
    return Findings(modules, violations, found, private, public_names(modules, package))


def report(findings: Findings, baseline: Sequence[Violation] | None = None) -> list[str]:
    """The report's lines; with a baseline, the violations it does not cover are marked."""
    known = {violation.key: violation for violation in baseline or ()}
    functions_count = sum(len(list(functions(m.tree))) for m in findings.modules.values())
    lines = [
        f"{len(findings.modules)} modules, {functions_count} functions and methods; limits: "
        f"{MAX_MODULE_LINES} lines a module, {MAX_FUNCTION_LINES} lines or cyclomatic "
        f"complexity {MAX_COMPLEXITY} a function",
    ]
    titles = {
        "module": f"Modules over {MAX_MODULE_LINES} lines",
        "function": f"Functions over {MAX_FUNCTION_LINES} lines or complexity {MAX_COMPLEXITY}",
        "cycle": "Import cycles (imports inside functions count; TYPE_CHECKING ones do not)",
    }
    for kind, title in titles.items():
        chosen = [v for v in findings.violations if v.kind == kind]
        lines += ["", f"{title}: {len(chosen)}"]
        lines += [f"  {v}{_mark(v, known) if baseline is not None else ''}" for v in chosen]
    lines += _busiest_imports(findings)
    allowed = sorted({(i.importer, i.imported) for i in findings.imports if i.allowed})
    lines += ["", f"Allowed conveniences (ALLOWED, not counted in cycles): {len(allowed)}"]
    lines += [f"  {a} -> {b}: {ALLOWED[a, b]}" for a, b in allowed]
    unused = sorted(set(ALLOWED) - set(allowed))
    lines += [f"  unused entry: {a} -> {b}" for a, b in unused]
    names = sum(map(len, findings.private.values()))
    lines += [
        "",
        f"Private names that tests use outside the tests of their module (report only): "
        f"{names} in {len(findings.private)} files",
    ]
    for test, imported in sorted(findings.private.items()):
        lines.append(f"  {test}")
        for name in sorted(imported):
            public = findings.public.get(name)
            lines.append(f"    {name}" + (f"  (public as {public})" if public else ""))
    return lines


def _mark(violation: Violation, known: dict[str, Violation]) -> str:
    old = known.get(violation.key)
    if old is None:
        return "  (new)"
    return f"  (worse: the baseline says {old.figures})" if violation.worse_than(old) else ""


def _busiest_imports(findings: Findings, shown: int = 3) -> list[str]:
    """Where there are many cycles, the imports on most of them, where they are."""
    chosen = [v.where.split(" -> ") for v in findings.violations if v.kind == "cycle"]
    if len(chosen) <= shown:
        return []
    on_cycles: dict[tuple[str, str], int] = {}
    for cycle in chosen:
        for edge in itertools.pairwise(cycle):
            on_cycles[edge] = on_cycles.get(edge, 0) + 1
    busiest = sorted(on_cycles, key=lambda edge: (-on_cycles[edge], edge))[:shown]
    lines = ["  The imports on the most cycles:"]
    for importer, imported in busiest:
        places = sorted(
            {
                f"{findings.modules[importer].path}:{i.line}"
                for i in findings.imports
                if (i.importer, i.imported) == (importer, imported) and not i.allowed
            }
        )
        lines.append(
            f"    {importer} -> {imported} ({', '.join(places)}): "
            f"on {on_cycles[importer, imported]} of {len(chosen)} cycles"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--package", default="canasta", help="the package's folder in root")
    parser.add_argument("--baseline", type=Path, help="fail only on violations not listed")
    parser.add_argument("--write-baseline", type=Path, help="write today's violations there")
    args = parser.parse_args(argv)
    if not (args.root / args.package).is_dir():
        parser.error(f"there is no package {args.package!r} in {args.root}")
    findings = check(args.root, args.package)
    if args.write_baseline:
        write_baseline(args.write_baseline, findings.violations)
        print(f"wrote {len(findings.violations)} violations to {args.write_baseline}")
        return 0
    try:
        baseline = read_baseline(args.baseline) if args.baseline else []
    except (OSError, ValueError) as error:
        parser.error(str(error))
    print("\n".join(report(findings, baseline if args.baseline else None)))
    if not args.baseline:
        failed = bool(findings.violations)
        print("", "FAIL" if failed else "OK: nothing over a limit", sep="\n")
        return int(failed)
    new, improved = compare(findings.violations, baseline)
    print("", f"Baseline {args.baseline}: {len(baseline)} entries", sep="\n")
    print(f"New or worse than the baseline (these fail): {len(new)}")
    print("".join(f"  {text}\n" for text in new), end="")
    print(f"Improved (shrink the baseline with --write-baseline): {len(improved)}")
    print("".join(f"  {text}\n" for text in improved), end="")
    print("FAIL" if new else "OK: nothing new over a limit")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
