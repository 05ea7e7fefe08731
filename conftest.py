"""Collection for the whole checkout: the integrations' modules are skipped where their
optional extras (OpenSpiel, PettingZoo) are not installed, instead of failing to import, and
so is the web front end where Starlette is not (``pip install -e ".[dev]"`` installs them
all). The documentation's pages are doctested by Sphinx, not collected here.

With ``CANASTA_REFERENCE=1`` (the whole suite on the reference solver,
``./run test-reference``) the tests marked ``planner_only`` are skipped, each with the reason
its mark gives: they pin the planner's own answers on positions the reference cannot search
in seconds. This hook is the one place that skips for the reference."""

from __future__ import annotations

import importlib.util

import pytest

from canasta._engine import finishing

collect_ignore: list[str] = []
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore += ["canasta/integrations/openspiel.py"]
if importlib.util.find_spec("pettingzoo") is None:
    collect_ignore += ["canasta/integrations/pettingzoo.py"]
if importlib.util.find_spec("starlette") is None:
    collect_ignore += ["canasta/web"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if finishing.solver_name() != "reference":
        return
    for item in items:
        mark = item.get_closest_marker("planner_only")
        if mark is not None:
            reason = mark.kwargs.get("reason", "pins the planner")
            item.add_marker(pytest.mark.skip(reason=f"planner only: {reason}"))
