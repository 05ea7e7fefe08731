"""Building the values of a game or a view from a position that passed every invariant."""

from __future__ import annotations

from canasta._engine.position.invariants import GAME_INVARIANTS, VIEW_INVARIANTS, Check
from canasta._engine.position.parts import GameParts, Position, ViewParts, ViewPosition, Where
from canasta._engine.position.playable import rules_deal, the_deal_can_go_on
from canasta._engine.position.replay import the_history_replays, the_scores_add_up
from canasta._engine.position.worlds import a_hand_can_finish_the_turn
from canasta._engine.state import Deal, Phase
from canasta._model.cards import Card
from canasta._rules.ruleset import RuleSet

__all__ = ["default_pile_frozen", "game_parts", "view_parts"]


def game_parts(position: Position, where: Where | None = None) -> GameParts:
    """Check ``position`` against every invariant and build the game's values."""
    c = Check(position, where or Where())
    for invariant in (*GAME_INVARIANTS, the_scores_add_up):
        invariant(c)
    p, seats = position, c.seat_players
    deal = Deal(
        rules=c.rules,
        number=p.deal_number,
        hands=tuple(p.hands[player] for player in seats),
        melds=c.melds,
        red_threes=c.red_threes,
        pile=p.pile,
        pile_frozen=default_pile_frozen(c.rules, p.pile)
        if p.pile_frozen is None
        else p.pile_frozen,
        stock=c.stock,
        seat=c.seat,
        phase=p.phase,
        draft=c.draft,
        minimums=c.minimums,
        melded_seats=frozenset(seats.index(player) for player in p.melded_players),
        pending_red_threes=frozenset(seats.index(player) for player in c.pending),
        end=p.end,
        went_out=None if p.went_out is None else seats.index(p.went_out),
        concealed=p.concealed,
        turn=p.turns,
        known=tuple(c.known[player] for player in seats),
        history=p.history,
        lone_hand=p.lone_hand,
    )
    unanswered = the_history_replays(c, deal)
    legal = the_deal_can_go_on(c, deal, unanswered=unanswered)
    return GameParts(
        rules=c.rules,
        seed=p.seed,
        deal=deal,
        scores=c.scores,
        results=p.results,
        seat_players=seats,
        is_over=c.is_over,
        dealt_from_seed=p.dealt_from_seed,
        legal=legal,
    )


def view_parts(position: ViewPosition, where: Where | None = None) -> ViewParts:
    """Check a view's ``position`` against every invariant and build the view's values."""
    c = Check(position, where or Where())
    for invariant in (*VIEW_INVARIANTS, the_scores_add_up):
        invariant(c)
    p, rules, seats = position, c.rules, c.seat_players
    if c.is_over or p.phase is Phase.OVER:
        to_move = None
    elif p.phase is Phase.ANSWER:
        to_move = seats[(c.seat + rules.num_sides) % len(seats)]
    else:
        to_move = p.turn_player
    parts = ViewParts(
        rules=rules,
        player=p.player,
        hand=p.hand,
        hand_sizes=p.hand_sizes,
        known_cards=c.known,
        melds=c.melds,
        red_threes=c.red_threes,
        pile=p.pile,
        pile_frozen=default_pile_frozen(rules, p.pile) if p.pile_frozen is None else p.pile_frozen,
        stock_size=p.stock_size,
        scores=c.scores,
        minimums=c.minimums,
        to_move=to_move,
        turn_player=p.turn_player,
        phase=p.phase,
        draft=c.draft,
        deal_number=p.deal_number,
        turn=p.turns,
        seat_players=seats,
        melded_players=p.melded_players,
        history=p.history,
        results=p.results,
        is_over=c.is_over,
        lone_hand=p.lone_hand,
    )
    if p.player in (to_move, p.turn_player):  # the player to act, or the one who asked
        the_deal_can_go_on(c, rules_deal(parts), asker_known=p.player == p.turn_player)
    a_hand_can_finish_the_turn(c, parts)  # another player's turn: their hand is hidden
    return parts


def default_pile_frozen(rules: RuleSet, pile: tuple[Card, ...]) -> bool:
    """Whether a pile is frozen when nothing else is said: it holds a card that freezes it
    (CL-FRZ-1, CL-B3-2)."""
    return any(rules.freezes_pile(card) for card in pile)
