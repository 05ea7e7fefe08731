"""Helpers shared by the tests of the going-out search's bounds and cuts (issue 26).

Each bound is held to the search without it on whole hands of random games: the same
answer for every hand, asked with the bound and with it replaced by a stub that never
refutes (:func:`going_out_with`), under a preset or house rules drawn from a seed
(:func:`drawn_rules`).
"""

from __future__ import annotations

import random

import pytest
from fuzz.options import random_rules
from internals import Deal

import canasta
from canasta import RuleSet, find_rules
from canasta._engine.search import going_out

__all__ = ["drawn_rules", "going_out_with"]


def drawn_rules(family: str, seed: int) -> RuleSet:
    """The preset of ``family`` (seed 0), or house rules drawn from ``seed``."""
    if seed == 0:
        return find_rules(family)
    return random_rules(random.Random(seed), family=family)


def going_out_with(deal: Deal, module: object, name: str, stub: object = None) -> bool:
    """The planner's going-out answer for the player to act in ``deal``, with
    ``module.name`` replaced by ``stub`` (``None``: as it is), and none of the positions a
    search remembers between calls."""
    canasta.clear_caches()
    with pytest.MonkeyPatch.context() as patch:
        if stub is not None:
            patch.setattr(module, name, stub)
        melds = deal.melds[deal.side]
        return going_out.going_out_possible(deal.hand, melds, deal.rules, 0, False)
