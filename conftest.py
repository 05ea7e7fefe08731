"""Collection for the whole checkout: the integrations' modules are skipped where their
optional extras (OpenSpiel, PettingZoo) are not installed, instead of failing to import, and
so is the web front end where Starlette is not (``pip install -e ".[dev]"`` installs them
all). The documentation's pages are doctested by Sphinx, not collected here."""

from __future__ import annotations

import importlib.util

collect_ignore: list[str] = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore += ["canasta/integrations/openspiel.py"]
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore += ["canasta/integrations/pettingzoo.py"]
if importlib.util.find_spec("starlette") is None:
    collect_ignore += ["canasta/web"]
