"""The package's own attributes: ``import canasta`` stays light, and the public modules are
reachable from it without an import of their own."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import canasta

ROOT = Path(__file__).resolve().parent.parent
#: The public modules the API page names (docs/api.rst, its opening paragraph).
PUBLIC = ("actions", "bots", "integrations", "ladder", "observation", "records", "simulate", "svg")


def _python(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_canasta_imports_attrs_and_the_standard_library_only() -> None:
    out = _python(
        "import sys\n"
        "import canasta\n"
        "tops = {name.split('.')[0] for name in sys.modules}\n"
        "print(sorted(tops - set(sys.stdlib_module_names) - {'__main__', '_distutils_hack'}))\n"
        f"print(sorted(name for name in {PUBLIC!r} if 'canasta.' + name in sys.modules))\n"
    )
    assert out.splitlines() == ["['attr', 'attrs', 'canasta']", "[]"]


def test_the_public_modules_are_attributes_of_the_package_imported_when_first_used() -> None:
    out = _python(
        "import sys\n"
        "import canasta\n"
        "assert 'canasta.records' not in sys.modules\n"
        "loads = canasta.records.loads\n"
        "from canasta.records import loads as imported\n"
        "assert loads is imported\n"
        "assert 'canasta.records' in sys.modules and 'canasta.svg' not in sys.modules\n"
        "print(canasta.svg.__name__, canasta.integrations.__name__)\n"
    )
    assert out == "canasta.svg canasta.integrations\n"
    for name in PUBLIC:
        module = getattr(canasta, name)
        assert module is sys.modules[f"canasta.{name}"]
        assert name in dir(canasta)
        assert name not in canasta.__all__  # names, not modules: `from canasta import *`
    with pytest.raises(AttributeError, match="has no attribute 'recrods'"):
        _ = canasta.recrods  # type: ignore[attr-defined]


def test_the_api_page_names_the_public_modules() -> None:
    page = (ROOT / "docs" / "api.rst").read_text("utf-8")
    opening = page.split("\n\n")[1]
    named = set(re.findall(r"``canasta\.([a-z]+)(?:\.\*)?``", opening))
    assert named == set(PUBLIC)
