"""Issue 26: a replay leaves the look-ahead of the turn in progress to the position's moves.

:func:`canasta._engine.position.replay.the_history_replays` replays a meld step, a merge or a
take without asking whether the turn can still be finished after it: a turn the history
finishes answers that, and the turn in progress is answered by the position's legal moves.
Held here to the plain replay, which asks it of every move: a document whose history holds a
step valid by the rules of melds after which the turn cannot be finished (played without its
look-ahead, then maybe further steps so played) is refused at that step, with the words the
plain replay refuses it with, the replays remembered or not. Answering the turn in progress
without the position's moves (``the_deal_can_go_on`` not making the owed check) fails it:
those positions are refused as dead ends instead.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import Deal, play
from profiles import examples

import canasta
from canasta import Game, JsonError, Move, Phase
from canasta._engine.steps import meld_steps
from canasta.errors import RuleSetError, Violation


def _in_the_meld_phase(game: Game, rng: random.Random, moves: int) -> Game | None:
    """``game`` after ``moves`` random legal moves and then those up to a meld phase, or
    ``None`` where the game ends first."""
    for played in range(moves + 200):
        if game.is_over or game.phase is Phase.OVER:
            return None
        if played >= moves and game.phase is Phase.MELD:
            return game
        game = game.apply(rng.choice(list(game.legal_moves())))
    return None


def _unfinishable_steps(deal: Deal) -> list[tuple[Move, Deal, Violation]]:
    """The meld steps of ``deal`` that every rule of melds allows but after which the turn
    cannot be finished: each with the deal after it (played without its look-ahead) and the
    plain refusal."""
    found = []
    for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules):
        for by_position in (False, True):
            move = step.move(by_position=by_position)
            after = play(deal, move, ahead=False)
            if isinstance(after, Deal):
                refusal = play(deal, move)
                if isinstance(refusal, Violation):
                    found.append((move, after, refusal))
                break
    return found


def _further_steps(deal: Deal, rng: random.Random, steps: int) -> Deal:
    """``deal`` after up to ``steps`` more meld steps played without their look-ahead."""
    for _ in range(steps):
        if deal.phase is not Phase.MELD:
            break
        valid = [
            after
            for step in meld_steps(deal.usable, deal.melds[deal.side], deal.rules)
            if isinstance(after := play(deal, step.move(by_position=False), ahead=False), Deal)
        ]
        if not valid:
            break
        deal = rng.choice(valid)
    return deal


@settings(max_examples=examples(40), deadline=None)
@given(
    preset=st.sampled_from(["classic", "hollywood", "samba", "bolivia"]),
    players=st.sampled_from([None, 2, 3]),
    seed=st.integers(0, 2**20),
    moves=st.integers(0, 160),
    further=st.integers(0, 2),
)
def test_a_step_the_turn_cannot_be_finished_after_is_refused_as_the_plain_replay_refuses(
    preset: str, players: int | None, seed: int, moves: int, further: int
) -> None:
    try:
        rules = canasta.find_rules(preset, players)
    except RuleSetError:
        return
    rng = random.Random(seed)
    game = _in_the_meld_phase(Game.new(rules, seed=seed), rng, moves)
    if game is None:
        return
    # The position itself loads, and its moves are the game's.
    assert Game.from_json(game.to_json()).legal_moves() == game.legal_moves()
    index = len(game.deal.history)
    for _move, after, refusal in _unfinishable_steps(game.deal):
        text = attrs.evolve(game, deal=_further_steps(after, rng, further)).to_json()
        for clear in (True, False):  # the replay remembered from the last load, or not
            if clear:
                canasta.clear_caches()
            with pytest.raises(JsonError) as caught:
                Game.from_json(text)
            assert caught.value.path == f"deal.history[{index}]", str(caught.value)
            assert str(caught.value).endswith(f"this move is illegal here: {refusal}")
