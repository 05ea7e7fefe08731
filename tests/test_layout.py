"""The package stays within its layout limits: ``tools/check_layout.py`` with the baseline.

``python tools/check_layout.py --baseline tools/layout-baseline.txt`` reads the code of
``canasta/`` (its AST) and fails on a module over 600 lines, a function over 80 lines or of
cyclomatic complexity over 20, or an import cycle, that ``tools/layout-baseline.txt`` does
not list. When code improves, the report says which baseline lines can go:
``python tools/check_layout.py --write-baseline tools/layout-baseline.txt`` rewrites it.
The private names the tests use outside the tests of their module, which the script only
reports, must be those :data:`PRIVATE_USES_ALLOWED` lists.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "check_layout.py"
BASELINE = ROOT / "tools" / "layout-baseline.txt"

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="tools/ is not here")


def _load_checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_layout", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


checker = _load_checker() if SCRIPT.exists() else None


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    """The checker's exit status and report."""
    assert checker is not None
    status = checker.main([str(arg) for arg in args])
    return status, capsys.readouterr().out


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def long_function(name: str, lines: int) -> str:
    body = "".join(f"    x{n} = {n}\n" for n in range(lines - 2))
    return f"def {name}():\n{body}    return 0\n"


def branchy_function(name: str, branches: int) -> str:
    body = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(branches))
    return f"def {name}(x):\n{body}    return -1\n"


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A small package within the limits, with its tests."""
    return write(
        tmp_path,
        {
            "canasta/__init__.py": "from canasta.a import short\n__all__ = ['short']\n",
            "canasta/a.py": "def short():\n    return 1\n",
            "canasta/_engine/__init__.py": "",
            "canasta/_engine/plan.py": "def _step():\n    return 2\n",
            "tests/test_a.py": "from canasta.a import short\n",
        },
    )


def test_the_package_is_within_its_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "--baseline", BASELINE)
    assert status == 0, out


def test_a_clean_package_passes(package: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "--root", package)
    assert status == 0, out
    assert "OK: nothing over a limit" in out


def test_a_new_long_function_fails_beside_the_baseline(
    package: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(package, {"canasta/b.py": long_function("known", 90)})
    baseline = package / "baseline.txt"
    assert run(capsys, "--root", package, "--write-baseline", baseline)[0] == 0
    assert baseline.read_text().splitlines()[2:] == ["function canasta/b.py:known 90 lines cc 1"]
    assert run(capsys, "--root", package, "--baseline", baseline)[0] == 0

    (package / "canasta/b.py").write_text(
        long_function("known", 90) + long_function("added", 81), encoding="utf-8"
    )
    status, out = run(capsys, "--root", package, "--baseline", baseline)
    assert status == 1
    assert "New or worse than the baseline (these fail): 1" in out
    assert "  function canasta/b.py:added 81 lines cc 1\n" in out
    assert "  function canasta/b.py:added 81 lines cc 1  (new)\n" in out


def test_a_baselined_function_may_shrink_but_not_grow(
    package: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    baseline = write(package, {"baseline.txt": "function canasta/a.py:short 90 lines cc 1\n"})
    baseline /= "baseline.txt"
    write(package, {"canasta/a.py": long_function("short", 85)})
    status, out = run(capsys, "--root", package, "--baseline", baseline)
    assert status == 0, out
    assert "function canasta/a.py:short 90 lines cc 1: now 85 lines cc 1" in out

    write(package, {"canasta/a.py": long_function("short", 95)})
    status, out = run(capsys, "--root", package, "--baseline", baseline)
    assert status == 1
    assert "  function canasta/a.py:short 95 lines cc 1\n" in out
    assert "short 95 lines cc 1  (worse: the baseline says 90 lines cc 1)" in out

    write(package, {"canasta/a.py": "def short():\n    return 1\n"})
    status, out = run(capsys, "--root", package, "--baseline", baseline)
    assert status == 0
    assert "function canasta/a.py:short 90 lines cc 1: now within the limits" in out


def test_limits(package: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(
        package,
        {
            "canasta/a.py": branchy_function("ok", 19) + branchy_function("branchy", 20),
            "canasta/big.py": "x = 1\n" * 601,
            "canasta/fine.py": "x = 1\n" * 600 + long_function("eighty", 80),
        },
    )
    status, out = run(capsys, "--root", package)
    assert status == 1
    assert "function canasta/a.py:branchy 42 lines cc 21" in out
    assert "module canasta/big.py 601 lines" in out
    assert ":ok " not in out
    assert "canasta/fine.py" in out  # 682 lines
    assert "eighty" not in out


def test_import_cycles(
    package: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(
        package,
        {
            "canasta/b.py": "import canasta.c\n",
            "canasta/c.py": """\
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from canasta import a

                def later():
                    from . import b
            """,
            "canasta/a.py": "from canasta._engine.plan import _step\n",
            "canasta/_engine/plan.py": "from typing import TYPE_CHECKING\nimport canasta.a\n",
        },
    )
    status, out = run(capsys, "--root", package)
    assert status == 1
    assert "Import cycles (imports inside functions count; TYPE_CHECKING ones do not): 2" in out
    assert "cycle canasta._engine.plan -> canasta.a -> canasta._engine.plan" in out
    assert "cycle canasta.b -> canasta.c -> canasta.b" in out

    assert checker is not None
    monkeypatch.setitem(checker.ALLOWED, ("canasta.c", "canasta.b"), "c.later")
    monkeypatch.setitem(checker.ALLOWED, ("canasta.a", "canasta._engine.plan"), "top level")
    status, out = run(capsys, "--root", package)
    assert "canasta.c -> canasta.b: c.later" in out
    assert "cycle canasta.b" not in out
    assert "cycle canasta._engine.plan -> canasta.a" in out  # allowed inside functions only


def test_each_import_on_a_cycle_is_shown_on_the_shortest_cycle_through_it() -> None:
    assert checker is not None
    edges = [("a", "b"), ("b", "c"), ("c", "a"), ("a", "c"), ("c", "d")]
    assert checker.cycles(edges) == [["a", "b", "c", "a"], ["a", "c", "a"]]
    assert checker.cycles([("a", "b"), ("b", "c")]) == []


def test_private_names_the_tests_import(package: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(
        package,
        {
            "canasta/_engine/plan.py": "def _step():\n    pass\n\n\ndef steps():\n    pass\n",
            "tests/test_plan_fast.py": "from canasta._engine.plan import _step, steps\n",
            "tests/test_other.py": """\
                import canasta._engine.plan as plan
                from canasta._engine.plan import steps
                from canasta.a import short, _hidden
                from canasta._engine import plan
                canasta._engine.plan.steps()
                canasta._engine.plan.__file__
                canasta.short()
            """,
            "canasta/bots/__init__.py": "",
            "canasta/bots/_scoring.py": "def _facts():\n    pass\n",
            "tests/test_bots.py": "from canasta.bots._scoring import _facts\n",
            "tests/test_a.py": "from canasta.bots._scoring import _facts\n",
        },
    )
    status, out = run(capsys, "--root", package)
    assert status == 0  # reported, never failed
    report = out.split("(report only): ", 1)[1]
    assert report.splitlines() == [
        "4 in 2 files",
        "  tests/test_a.py",
        "    canasta.bots._scoring._facts",
        "  tests/test_other.py",
        "    canasta._engine.plan",
        "    canasta._engine.plan.steps",
        "    canasta.a._hidden",
        "",
        "OK: nothing over a limit",
    ]


#: The private names tests use (import, or reach as ``canasta._x.name``) outside the tests of
#: the module that owns them, as the checker reports them: ``tests/internals.py``, the one
#: place for the internals that have no public equivalent yet, and the exceptions below.
#: The list only shrinks: a test that needs another private name imports it from
#: ``internals``, and each name given a public equivalent leaves the list.
PRIVATE_USES_ALLOWED = {
    "tests/internals.py": {
        "canasta._engine.dealing.start_deal",
        "canasta._engine.meld_rules.added",
        "canasta._engine.meld_rules.merged",
        "canasta._engine.meld_rules.new_meld",
        "canasta._engine.position.TURN_FACTS",
        "canasta._engine.scoring.score_deal",
        "canasta._engine.state.Deal",
        "canasta._engine.state.History",
        "canasta._engine.transitions.play",
        "canasta._engine.turn.melding.melded",
        "canasta._model.cards.NATURAL_FACES",
        "canasta._model.cards.natural_face",
        "canasta._notation.read.MAX_RESULTS",
        "canasta._notation.rules.MAX_RULE_VALUES",
        "canasta._notation.values.MAX_DOCUMENT",
        "canasta._rules.fields.LIST_LIMITS",
        "canasta._rules.presets.bolivia",
        "canasta._rules.presets.hollywood",
        "canasta._rules.presets.samba",
        "canasta._rules.rule_ids",
        "canasta._rules.ruleset.classic_six_player",
        "canasta._rules.sheet.preset_labels",
        "canasta.cli._rulebook.rule_ids",
    },
    # The error's module path of earlier releases still names it.
    "tests/test_errors.py": {"canasta._rules.ruleset.RuleSetError"},
}


def test_tests_use_private_names_only_where_listed() -> None:
    """Tests use private names only in the tests of the module that owns them, through
    ``tests/internals.py``, or as :data:`PRIVATE_USES_ALLOWED` lists."""
    assert checker is not None
    found = checker.check(ROOT).private
    new = {test: names - PRIVATE_USES_ALLOWED.get(test, set()) for test, names in found.items()}
    gone = {test: names - found.get(test, set()) for test, names in PRIVATE_USES_ALLOWED.items()}
    assert {test: names for test, names in new.items() if names} == {}, (
        "import these from tests/internals.py, or use a public name"
    )
    assert {test: names for test, names in gone.items() if names} == {}, (
        "no longer used: remove them from PRIVATE_USES_ALLOWED"
    )


COMPLEXITY = {  # each figure is radon 6.0.1's
    "def f(x):\n    return x\n": 1,
    "def f(x):\n    if x:\n        return 1\n    elif x > 1:\n        return 2\n    return 3\n": 3,
    "def f(a, b, c):\n    return a and b or c\n": 3,
    "def f(xs):\n    for x in xs:\n        pass\n    else:\n        pass\n    while xs:\n"
    "        xs = xs[1:]\n": 4,
    "def f():\n    try:\n        pass\n    except ValueError:\n        pass\n"
    "    except KeyError:\n        pass\n    else:\n        pass\n    finally:\n"
    "        pass\n": 4,
    "def f(xs):\n    return [x for x in xs if x if x > 1 for y in x]\n": 5,
    "def f(x):\n    with open(x) as a, open(x) as b:\n        g = lambda y: 1 if y else 2\n"
    "    return g\n": 2,
    "def f(x):\n    assert x and x > 1\n": 2,
    "def f(x):\n    match x:\n        case 1:\n            pass\n        case [a] if a:\n"
    "            pass\n        case _:\n            pass\n": 3,
    "def f(x):\n    def g(y):\n        if y:\n            return y\n    class K:\n"
    "        def m(self):\n            return self or x\n    return g\n": 1,
}


@pytest.mark.parametrize(("code", "expected"), COMPLEXITY.items())
def test_complexity_is_counted_as_radon_counts_it(code: str, expected: int) -> None:
    import ast

    assert checker is not None
    function = ast.parse(code).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert checker.complexity(function) == expected


def test_the_command_line(package: Path) -> None:
    write(package, {"canasta/a.py": branchy_function("branchy", 25)})
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(package)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "function canasta/a.py:branchy 52 lines cc 26" in done.stdout
    assert done.stdout.rstrip().endswith("FAIL")
