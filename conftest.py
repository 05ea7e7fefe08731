"""Collection for the whole checkout: the integrations' modules and pages are skipped where
their optional extras (OpenSpiel, PettingZoo) are not installed, instead of failing to import
(``pip install -e ".[dev]"`` installs both)."""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore += ["canasta/integrations/openspiel.py", "docs/openspiel.rst"]
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore += ["canasta/integrations/pettingzoo.py", "docs/pettingzoo.rst"]
