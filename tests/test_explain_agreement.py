"""``Game.explain`` and ``PlayerView.explain`` give one answer (issue 19: CL-ASK-3 against
CL-TURN-7 once told an out-of-turn answer apart).

At random positions of every preset, random moves (legal ones, cards held or not, out-of-turn
answers, steps of the wrong phase, melds and piles named by number) are explained by the game
for each player and by that player's view; the answers are equal, a refusal naming the same
rule in the same words, and a value that is no move raising the same error in both.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from internals import preset_labels
from play_helpers import asking_position
from profiles import examples

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    MergeMelds,
    Move,
    NextDeal,
    Pass,
    Rank,
    TakePile,
)

PRESETS = [label.partition(":") for label in preset_labels()]
presets = st.sampled_from(PRESETS).map(
    lambda label: canasta.find_rules(label[0], players=int(label[2]))
)


def position(rules: canasta.RuleSet, seed: int, steps: int) -> Game:
    """The game after ``steps`` random legal moves (fewer where the match ends)."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    for _ in range(steps):
        moves = list(game.legal_moves())
        if not moves:
            break
        game = game.apply(rng.choice(moves))
    return game


@st.composite
def moves(draw: st.DrawFn, game: Game) -> Move:
    """A move that may be legal, illegal, or out of turn, with cards of some hand."""
    legal = list(game.legal_moves())
    if legal and draw(st.booleans()):
        return draw(st.sampled_from(legal))
    faces = sorted(set(canasta.pack_cards(game.rules.decks).faces()))
    held = [face for hand in game.deal.hands for face in hand.faces()] or faces
    cards = st.lists(st.sampled_from(held) | st.sampled_from(faces), min_size=1, max_size=5)
    numbers = st.none() | st.integers(min_value=0, max_value=4)
    made = draw(
        st.one_of(
            st.sampled_from([Draw(), Pass(), Ask(), Answer(True), Answer(False), NextDeal()]),
            st.sampled_from(faces).map(Discard),
            st.builds(lambda c, m: TakePile(Cards.of(c), meld=m), cards, numbers),
            st.builds(lambda m: TakePile(meld=m), numbers),
            cards.map(lambda c: LayMeld(Cards.of(c))),
            st.builds(
                lambda r, c: AddToMeld(r, Cards.of(c)),
                st.sampled_from([*canasta.NATURAL_RANKS, Rank.THREE]),
                cards,
            ),
            st.builds(
                lambda c, m: AddToMeld(None, Cards.of(c), meld=m),
                cards,
                st.integers(min_value=0, max_value=4),
            ),
            st.builds(MergeMelds, st.integers(min_value=0, max_value=3), st.integers(0, 3)),
        )
    )
    assert isinstance(made, Move)
    return made


def answers(game: Game, move: Move, player: int | None) -> tuple[object, ...]:
    """The game's answer to ``move`` for ``player``, and the view's (of the player to act
    where ``player`` is ``None``), each a violation, ``None`` or the error raised."""

    def of(explain: object) -> object:
        assert callable(explain)
        try:
            return explain()
        except canasta.CanastaError as error:
            return (type(error), str(error))

    seat = game.to_move if player is None else player
    by_game = of(lambda: game.explain(move, player))
    if seat is None:
        return by_game, by_game
    return by_game, of(lambda: game.view(seat).explain(move))


def assert_agree(game: Game, move: Move) -> None:
    for player in [None, *range(game.rules.num_players)]:
        by_game, by_view = answers(game, move, player)
        assert by_game == by_view, (move, player)


@settings(max_examples=examples(40))
@given(rules=presets, seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
def test_game_and_view_explain_alike(
    rules: canasta.RuleSet, seed: int, steps: int, data: st.DataObject
) -> None:
    game = position(rules, seed, steps)
    for _ in range(6):
        assert_agree(game, data.draw(moves(game)))


@settings(max_examples=examples(20))
@given(data=st.data())
def test_game_and_view_explain_an_answer_alike(data: st.DataObject) -> None:
    # Player 0 asked: the partner answers, the others (and player 0) are out of turn.
    game = asking_position()
    assert game.phase is canasta.Phase.ANSWER
    for _ in range(4):
        assert_agree(game, data.draw(moves(game)))
    for move in (Answer(True), Answer(False), Draw(), Discard("9H")):
        assert_agree(game, move)


def test_out_of_turn_answers_cite_the_rule_of_asking() -> None:
    game = asking_position()
    for player in (1, 3, 0):
        refusal = game.explain(Answer(True), player)
        assert refusal is not None
        assert refusal.rule == "CL-ASK-3"
        assert game.view(player).explain(Answer(True)) == refusal
    assert game.explain(Answer(True), 2) is None
