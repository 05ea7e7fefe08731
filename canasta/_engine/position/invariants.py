"""The invariants of a position, one function each, and the order they are checked in.

Each function takes the :class:`Check` of a position and raises
:class:`~canasta._engine.position.parts.InvalidPositionError` naming the part and the rule, or
records what it established for the invariants after it (the seating, the melds made, the
census of the cards, the turn draft ...). :data:`GAME_INVARIANTS` and
:data:`VIEW_INVARIANTS` list them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from operator import add, gt, sub

from canasta._cache import remembered
from canasta._engine.cutthroat import pooled_meld
from canasta._engine.meld_rules import Meld, MeldKind, new_meld, same_family
from canasta._engine.position.obligations import the_obligations_can_be_met
from canasta._engine.position.parts import (
    InvalidPositionError,
    MeldSpec,
    Position,
    ViewPosition,
    Where,
)
from canasta._engine.position.pooling import pooled_melds, table_groups
from canasta._engine.position.turn import draft_of
from canasta._engine.state import EMPTY, DealEnd, Event, Phase, TurnDraft
from canasta._engine.transitions import cited
from canasta._model.cards import ALL_FACES, RED_THREES, Card, Rank
from canasta._model.deck import Cards, pack_cards, trusted_cards
from canasta._model.moves import TakePile
from canasta._rules.ruleset import RuleSet
from canasta.errors import Violation

__all__ = [
    "GAME_INVARIANTS",
    "VIEW_INVARIANTS",
    "Check",
    "Invariant",
    "seats_that_may_hold_red_threes",
]


class Check:
    """A position being checked: its description, and what the invariants established."""

    def __init__(self, position: Position | ViewPosition, where: Where) -> None:
        self.p = position
        self.where = where
        self.rules = position.rules
        self.seat_players: tuple[int, ...] = ()
        self.known: tuple[Cards, ...] = (EMPTY,) * self.rules.num_players
        self.melds: tuple[tuple[Meld, ...], ...] = ()
        self.red_threes: tuple[Cards, ...] = ()
        self.counts: list[int] = [0] * len(ALL_FACES)
        #: How many of each face the pack holds.
        self.pack = _pack_counts(self.rules.decks)
        self.stock: tuple[Card, ...] = ()
        self.scores: tuple[int, ...] = ()
        self.minimums: tuple[int, ...] = ()
        self.pending: frozenset[int] = frozenset()
        self.draft = TurnDraft()
        self.is_over = False

    def refuse(self, path: str, reason: str, rule: str = "") -> None:
        """Refuse the position: ``path`` names the part, ``rule`` (a Classic ID, cited as the
        rule set cites it) the rule."""
        raise InvalidPositionError(path, reason, self.rules.rule_id(rule) if rule else "")

    @property
    def seat(self) -> int:
        """The seat whose turn it is."""
        return self.seat_players.index(self.p.turn_player)

    @property
    def side(self) -> int:
        """The side whose turn it is."""
        return self.seat % self.rules.num_sides

    def hand_of(self, player: int) -> Cards:
        """The cards known to be in a player's hand: the whole hand in a game; in a view, the
        viewer's hand and the others' known cards."""
        p = self.p
        if isinstance(p, Position):
            return p.hands[player]
        return p.hand if player == p.player else self.known[player]

    def hand_path(self, player: int) -> str:
        """Where a player's hand is named: ``hands[p]`` in a game; in a view, ``hand`` for
        the viewer's and ``hand_sizes[p]`` for the others'."""
        p = self.p
        if isinstance(p, Position):
            return self.where("hands", player)
        return self.where("hand") if player == p.player else self.where("hand_sizes", player)

    def count(self, cards: Cards | tuple[Card, ...], name: str, *index: int) -> None:
        """Add cards to the census, refusing one the pack lacks (CL-DECK-1); ``name`` and
        ``index`` give their place (the path is made only for a refusal: reading is hot)."""
        counts = self.counts
        if isinstance(cards, Cards):
            self.counts = counts = list(map(add, counts, cards.counts))
        else:
            for card in cards:
                counts[card.index] += 1
        if any(map(gt, counts, self.pack)):
            face = next(
                i for i, (n, most) in enumerate(zip(counts, self.pack, strict=True)) if n > most
            )
            self.refuse(
                self.where(name, *index),
                f"a card too many: the pack of {self.rules.decks} decks holds "
                f"{self.pack[face]} {ALL_FACES[face]}, and this is one more",
            )


Invariant = Callable[[Check], None]

_PACKS = {decks: tuple(pack_cards(decks).counts) for decks in (2, 3)}


def _pack_counts(decks: int) -> tuple[int, ...]:
    return _PACKS[decks] if decks in _PACKS else tuple(pack_cards(decks).counts)


# --- seating, hands and the table --------------------------------------------------------------


def seating_is_valid(c: Check) -> None:
    """The players in the deal's seats: each once, each in a seat of their side (CL-DEF-4)."""
    rules, given = c.rules, c.p.seat_players
    if given is None:
        c.seat_players = rules.seat_players(c.p.deal_number)
        return
    if len(given) != rules.active_players:
        c.refuse(c.where("seat_players"), f"expected {rules.active_players} seats")
    for seat, player in enumerate(given):
        if not 0 <= player < rules.num_players or player in given[:seat]:
            c.refuse(c.where("seat_players", seat), f"player {player} cannot sit in seat {seat}")
        if player % rules.num_sides != seat % rules.num_sides:
            c.refuse(
                c.where("seat_players", seat),
                f"player {player} plays for side {player % rules.num_sides} and cannot sit "
                f"in seat {seat}, which plays for side {seat % rules.num_sides}",
                "CL-DEF-4",
            )
    c.seat_players = given


def hands_fit_the_seats(c: Check) -> None:
    """One hand a player; a player sitting out the deal holds no cards (CL-V5-2); the known
    cards of a hand are no more than it holds, and in it."""
    p, rules = c.p, c.rules
    sizes = tuple(map(len, p.hands)) if isinstance(p, Position) else p.hand_sizes
    if len(sizes) != rules.num_players:
        c.refuse(c.where("hands"), f"expected {rules.num_players} hands, one per player")
    if isinstance(p, ViewPosition) and sizes[p.player] != len(p.hand):
        c.refuse(
            c.where("hand_sizes", p.player),
            f"player {p.player}'s hand holds {len(p.hand)} cards, not {sizes[p.player]}",
        )
    for player, size in enumerate(sizes):
        if size and player not in c.seat_players:
            c.refuse(
                c.hand_path(player),
                f"player {player} sits out this deal (seats {list(c.seat_players)}) and holds "
                "no cards",
                "CL-V5-2",
            )
    if p.known is None:
        return
    if len(p.known) != rules.num_players:
        c.refuse(c.where("known"), f"expected {rules.num_players} groups, one per player")
    c.known = p.known
    for player, cards in enumerate(p.known):
        if len(cards) > sizes[player]:
            c.refuse(
                c.where("known", player), f"{len(cards)} known cards in a hand of {sizes[player]}"
            )
        if (isinstance(p, Position) or player == p.player) and not c.hand_of(player).issuperset(
            cards
        ):
            c.refuse(
                c.where("known", player),
                f"the known cards {cards} are not all in player {player}'s hand",
            )


def the_melds_fit_the_pack(c: Check) -> None:
    """No more melds are on the table than the pack has cards, counted before any
    meld is checked so that a great many are refused at once (:func:`cards_come_from_the_pack`
    counts the cards)."""
    melds, size = sum(len(group) for group in c.p.melds or ()), c.rules.pack_size
    if melds > size:
        c.refuse(c.where("melds"), f"{melds} melds, more than the pack's {size} cards")


def melds_follow_the_rules(c: Check) -> None:
    """Each meld is one the rule set allows (CL-MELD), and a side holds one meld of a rank
    unless the rules allow several (CL-MELD-6). Where melds are numbered they keep the order
    given; otherwise they are sorted by rank."""
    rules = c.rules
    given = ((),) * rules.num_sides if c.p.melds is None else c.p.melds
    if len(given) != rules.num_sides:
        c.refuse(c.where("melds"), f"expected {rules.num_sides} lists of melds, one per side")
    sides = []
    for side, group in enumerate(given):
        melds: list[Meld] = []
        pooled = c.p.lone_hand is not None and side != c.p.lone_hand
        for index, spec in enumerate(group):
            meld = _made_meld(c, spec, c.where("melds", side, index), pooled)
            if not rules.several_melds_per_rank and any(same_family(m, meld) for m in melds):
                c.refuse(
                    c.where("melds", side, index),
                    f"side {side} has a second meld like {meld}; a side has one sequence of a "
                    "suit and one meld of a rank",
                    "CL-MELD-6",
                )
            melds.append(meld)
        if not rules.melds_by_position:
            melds.sort(key=lambda meld: meld.rank.order)
        sides.append(tuple(melds))
    c.melds = tuple(sides)
    pooled_melds(c)


def _made_meld(c: Check, spec: MeldSpec, path: str, pooled: bool) -> Meld:
    """The meld a document gives; on a side whose melds were pooled (``pooled``, CL-V3-3),
    it may be two melds of one rank laid apart, each within the rules."""
    cards, wild_as = (spec.cards, spec.wild_as) if isinstance(spec, Meld) else spec
    made = _new_meld(cards, c.rules, wild_as)
    if isinstance(made, Violation) and pooled and wild_as is None:
        made = pooled_meld(cards, c.rules) or made
    if isinstance(made, Violation):
        c.refuse(path, f"the meld {cards} breaks the rules: {cited(c.rules, made)}")
    assert isinstance(made, Meld)
    if isinstance(spec, Meld) and made != spec:
        c.refuse(path, f"{spec!r} is not the meld its cards make ({made!r})")
    return made


@remembered(4096)
def _new_meld(cards: Cards, rules: RuleSet, wild_as: Rank | None) -> Meld | Violation:
    """:func:`~canasta._engine.meld_rules.new_meld`, remembered: documents repeat melds."""
    return new_meld(cards, rules, wild_as)


def red_threes_are_red_threes(c: Check) -> None:
    """Only red threes are laid out as red threes (CL-R3-1)."""
    rules, given = c.rules, c.p.red_threes
    if given is None:
        c.red_threes = (EMPTY,) * rules.num_sides
        return
    if len(given) != rules.num_sides:
        c.refuse(c.where("red_threes"), f"expected {rules.num_sides} groups, one per side")
    for side, cards in enumerate(given):
        wrong = [card for card in cards.faces() if not card.is_red_three]
        if wrong:
            c.refuse(c.where("red_threes", side), f"{wrong[0]} is not a red three (3H or 3D)")
    c.red_threes = given


def cards_come_from_the_pack(c: Check) -> None:
    """No place holds a card the pack does not (CL-DECK-1). A stock given completes the pack;
    one left out is made of the cards placed nowhere else, shuffled by the seed. In a view,
    the places and the numbers of hidden cards add up to the pack."""
    p, rules = c.p, c.rules
    for player in range(rules.num_players):
        known = isinstance(p, ViewPosition) and player != p.player
        if known:
            c.count(c.hand_of(player), "known", player)
        elif isinstance(p, ViewPosition):
            c.count(p.hand, "hand")
        else:
            c.count(p.hands[player], "hands", player)
    for side, group in table_groups(c):
        for index, meld in enumerate(group):
            c.count(meld.cards, "melds", side, index)
    for side, red in enumerate(c.red_threes):
        c.count(red, "red_threes", side)
    c.count(p.pile, "pile")
    if isinstance(p, ViewPosition):
        total = sum(p.hand_sizes) + p.stock_size + len(p.pile)
        total += sum(meld.size for _, group in table_groups(c) for meld in group)
        total += sum(len(red) for red in c.red_threes)
        if total != rules.pack_size:
            c.refuse(
                c.where(""),
                f"the hand sizes, table, pile and stock size add up to {total} cards, not the "
                f"{rules.pack_size} of the pack",
            )
        return
    c.count(p.draws, "draws")
    if p.stock is not None:
        if p.draws:
            c.refuse(c.where("draws"), "give the stock or the cards to draw from it, not both")
        c.count(p.stock, "stock")
    rest = trusted_cards(bytes(map(sub, c.pack, c.counts)))
    size = rules.pack_size
    if p.stock is None:
        unplaced = list(rest)
        random.Random(f"{p.seed}/position").shuffle(unplaced)
        c.stock = (*unplaced, *reversed(p.draws))
    elif rest:
        some = list(rest)
        named = " ".join(map(str, some[:8])) + (" ..." if len(some) > 8 else "")
        c.refuse(
            c.where("stock"),
            f"the cards add up to {size - len(rest)}, not the {size} of the pack: "
            f"{len(some)} missing ({named}); leave out the stock to make it of the cards "
            "placed nowhere else",
        )
    else:
        c.stock = p.stock


# --- scores and the turn ------------------------------------------------------------------------


def scores_are_multiples_of_five(c: Check) -> None:
    """Scores are multiples of 5 (CL-VAL-3); the minimums follow from them unless given
    (CL-INIT-1)."""
    rules, p = c.rules, c.p
    scores = p.scores if p.scores is not None else (0,) * rules.num_sides
    if len(scores) != rules.num_sides:
        c.refuse(c.where.top("scores"), f"expected {rules.num_sides} scores, one per side")
    for side, score in enumerate(scores):
        if score % 5:
            c.refuse(
                c.where.top("scores", side), f"scores are multiples of 5, not {score}", "CL-VAL-3"
            )
    c.scores = scores
    minimums = p.minimums
    if minimums is None:
        minimums = tuple(rules.initial_minimum(score) for score in scores)
    elif len(minimums) != rules.num_sides:
        c.refuse(c.where("minimums"), f"expected {rules.num_sides} minimums, one per side")
    c.minimums = minimums


def minimums_follow_the_scores(c: Check) -> None:
    """Each side's minimum is the table's for its score when the deal began (CL-INIT-1): the
    scores, less the deal's own result once it is scored."""
    rules, p = c.rules, c.p
    before = c.scores
    if p.phase is Phase.OVER and p.results and p.results[-1].number == p.deal_number:
        before = tuple(map(sub, c.scores, p.results[-1].totals))  # this deal is scored
    expected = tuple(rules.initial_minimum(score) for score in before)
    if c.minimums != expected:
        c.refuse(
            c.where("minimums"),
            f"the minimums are {list(c.minimums)}, not the {list(expected)} of the table for "
            f"the scores {list(before)} when the deal began",
            "CL-INIT-1",
        )


def the_turn_player_plays(c: Check) -> None:
    """The player whose turn it is, and those who melded, play in this deal; a partner
    answers only where there are partners (CL-ASK-4)."""
    p, rules = c.p, c.rules
    if p.turn_player not in c.seat_players:
        c.refuse(c.where("turn_player"), f"player {p.turn_player} does not play in this deal")
    if p.phase is Phase.ANSWER and not rules.has_partners:
        c.refuse(
            c.where("phase"),
            f"nobody answers with {rules.num_players} players: no partners",
            "CL-ASK-4",
        )
    for player in sorted(p.melded_players):
        if player not in c.seat_players:
            c.refuse(c.where("melded_players"), f"player {player} does not play in this deal")


def the_turn_is_one_turn(c: Check) -> None:
    """The facts of the turn in progress make one turn draft (a turn not begun has none;
    the melds laid this turn are the side's), and the locked pile cards are in the hand,
    known to everybody (CL-INIT-4)."""
    p = c.p
    c.draft = draft_of(
        p,
        rules=c.rules,
        phase=p.phase,
        side_melds=c.melds[c.side],
        minimum=c.minimums[c.side],
        in_melded_players=p.turn_player in p.melded_players,
        end=p.end if isinstance(p, Position) else None,
        where=c.where,
    )
    locked = c.draft.locked
    if locked and not c.hand_of(p.turn_player).issuperset(locked):
        c.refuse(c.where("locked"), f"the locked cards {locked} are not all in the hand")
    if locked and not c.known[p.turn_player].issuperset(locked):
        where, why = c.where("locked"), "came with the pile, so everybody knows them (known)"
        c.refuse(where, f"the locked cards {locked} {why}", "CL-INIT-4")


def the_turn_fits_the_rules(c: Check) -> None:
    """A turn in phase draw has not begun (CL-TURN-1); only a rule set with asking has a
    question or an answer (CL-ASK-1), and an answer follows a question (CL-ASK-3); black
    threes are laid only with a meld of them this turn (CL-B3-3)."""
    p, rules, draft = c.p, c.rules, c.draft
    if p.phase is Phase.DRAW and draft != TurnDraft():
        c.refuse(c.where("phase"), "in phase draw nothing was drawn, taken or melded", "CL-TURN-1")
    if (draft.asked or draft.answer is not None) and (
        rules.ask_permission == "disabled" or not rules.has_partners
    ):
        c.refuse(
            c.where("asked" if draft.asked else "answer"),
            "this rule set has no asking the partner, so no question and no answer",
            "CL-ASK-1",
        )
    if draft.answer is not None and not draft.asked:
        c.refuse(c.where("answer"), "an answer without a question", "CL-ASK-3")
    melds = c.melds[c.side]
    if rules.melds_by_position:
        new = melds[draft.melds_before :]
    else:
        new = tuple(meld for meld in melds if meld.rank in draft.new_ranks)
    if draft.black_threes != any(meld.kind is MeldKind.BLACK_THREES for meld in new):
        said = "says" if draft.black_threes else "does not say"
        c.refuse(
            c.where("draft" if p.draft is not None else "new_melds"),
            f"the turn {said} black threes were laid, but the melds laid this turn disagree",
            "CL-B3-3",
        )


def the_pile_is_frozen_by_its_cards(c: Check) -> None:
    """The pile is frozen exactly while it holds a card that freezes it (CL-FRZ-1), or,
    under ``pile_frozen_at_start="always"``, until it is first taken (CL-UP-5)."""
    p, rules = c.p, c.rules
    by_cards = any(rules.freezes_pile(card) for card in p.pile)
    taken = any(isinstance(event.move, TakePile) for event in p.history)
    may_stay_frozen = rules.pile_frozen_at_start == "always" and not taken
    if p.pile_frozen not in (None, by_cards) and not (p.pile_frozen and may_stay_frozen):
        state = "frozen" if by_cards else "not frozen"
        c.refuse(c.where("pile_frozen"), f"the pile's cards leave it {state}", "CL-FRZ-1")


def red_threes_wait_only_for_a_first_turn(c: Check) -> None:
    """A red three is laid out as soon as it is dealt or drawn (CL-R3-1, CL-R3-2): only a
    hand whose first turn has not begun holds one, under first-turn timing."""
    p, rules = c.p, c.rules
    assert isinstance(p, Position)
    holding = frozenset(
        player for player, hand in enumerate(p.hands) if any(x.is_red_three for x in hand.faces())
    )
    first_turn = rules.red_three_timing == "first_turn"
    pending = p.pending_red_threes
    if pending is None:
        pending = holding if first_turn else frozenset()
    elif pending and not first_turn:
        c.refuse(
            c.where("pending_red_threes"),
            "red threes wait for a first turn only with red_three_timing first_turn",
        )
    for player in sorted(holding - pending):
        c.refuse(
            c.hand_path(player),
            "a red three is laid out as soon as it is dealt or drawn; only a hand whose first "
            "turn has not begun may hold one" + (" (pending_red_threes)" if first_turn else ""),
            "CL-R3-1",
        )
    for player in sorted(pending - set(c.seat_players)):
        c.refuse(c.where("pending_red_threes"), f"player {player} does not play in this deal")
    if p.turn_player in pending and p.phase is not Phase.OVER:
        c.refuse(
            c.where("pending_red_threes"),
            f"player {p.turn_player} is playing their turn, so their dealt red threes are laid "
            "out already",
            "CL-R3-2",
        )
    c.pending = pending


def hidden_red_threes_have_a_place(c: Check) -> None:
    """The red threes a view does not show are where red threes may be: the stock, or a hand
    whose first turn has not begun (CL-R3-2)."""
    p = c.p
    assert isinstance(p, ViewPosition)
    red = c.rules.red_threes_in_pack - sum(c.counts[face.index] for face in RED_THREES)
    if not red:
        return
    may_hold = seats_that_may_hold_red_threes(
        c.rules, p.phase, c.seat_players, p.history, p.turn_player
    )
    places = p.stock_size
    for seat, player in enumerate(c.seat_players):
        if seat in may_hold and player != p.player:
            places += p.hand_sizes[player] - len(c.known[player])
    if red > places:
        c.refuse(
            c.where(""),
            f"{red} red threes are neither on the table nor in the hand, and only {places} "
            "hidden cards (the stock and hands whose first turn has not begun) may be red threes",
            "CL-R3-2",
        )


def seats_that_may_hold_red_threes(
    rules: RuleSet,
    phase: Phase,
    seat_players: tuple[int, ...],
    history: Iterable[Event],
    turn_player: int,
) -> frozenset[int]:
    """Seats whose first turn has not begun, under first-turn red-three timing (CL-R3-2)."""
    if rules.red_three_timing != "first_turn" or phase is Phase.OVER:
        return frozenset()
    started = {event.seat for event in history}
    started.add(seat_players.index(turn_player))
    return frozenset(seat for seat in range(len(seat_players)) if seat not in started)


# --- the end ---------------------------------------------------------------------------------


def the_ending_fits_the_phase(c: Check) -> None:
    """A deal in phase over says how it ended, and only then; the player who went out is
    named exactly when one did; only they can have gone out concealed (CL-CONC-1)."""
    p = c.p
    assert isinstance(p, Position)
    if (p.end is None) != (p.phase is not Phase.OVER):
        if p.end is None:
            c.refuse(c.where("end"), 'a deal in phase "over" says how it ended')
        c.refuse(c.where("end"), f"a deal in phase {p.phase.value!r} has not ended")
    if (p.went_out is not None) != (p.end is DealEnd.WENT_OUT):
        c.refuse(c.where("went_out"), "the player who went out is given exactly when one did")
    if p.went_out is not None and p.went_out not in c.seat_players:
        c.refuse(c.where("went_out"), f"player {p.went_out} does not play in this deal")
    if p.concealed and p.went_out is None:
        c.refuse(c.where("concealed"), "only a player who went out went out concealed")


def the_match_ends_with_its_deal(c: Check) -> None:
    """A game is over only once its last deal is, in phase over (CL-MATCH). A deal in phase
    over whose match goes on waits for NextDeal, scored: its result ends the results. Unless
    told, a deal in phase over ends the match when no result is given for it (as in the
    documents of version 1)."""
    p = c.p
    over = p.phase is Phase.OVER
    scored = bool(p.results) and p.results[-1].number == p.deal_number
    c.is_over = (over and not scored) if p.is_over is None else p.is_over
    if c.is_over and not over:
        c.refuse(
            c.where.top("is_over"),
            f'a game is over only when its last deal is (phase "over"), not {p.phase.value!r}',
        )
    if over and not c.is_over and not scored:
        c.refuse(
            c.where.top("results"),
            f"deal {p.deal_number} is over and the match goes on: its result ends the results",
        )


#: The invariants of a game's position, in the order they are checked.
GAME_INVARIANTS: tuple[Invariant, ...] = (
    seating_is_valid,
    hands_fit_the_seats,
    the_melds_fit_the_pack,
    melds_follow_the_rules,
    red_threes_are_red_threes,
    cards_come_from_the_pack,
    scores_are_multiples_of_five,
    the_turn_player_plays,
    the_turn_is_one_turn,
    red_threes_wait_only_for_a_first_turn,
    the_ending_fits_the_phase,
    the_turn_fits_the_rules,
    the_obligations_can_be_met,
    the_pile_is_frozen_by_its_cards,
    the_match_ends_with_its_deal,
    minimums_follow_the_scores,
)

#: The invariants of a player's view, in the order they are checked.
VIEW_INVARIANTS: tuple[Invariant, ...] = (
    seating_is_valid,
    hands_fit_the_seats,
    the_melds_fit_the_pack,
    melds_follow_the_rules,
    red_threes_are_red_threes,
    cards_come_from_the_pack,
    scores_are_multiples_of_five,
    the_turn_player_plays,
    the_turn_is_one_turn,
    the_turn_fits_the_rules,
    the_obligations_can_be_met,
    the_pile_is_frozen_by_its_cards,
    hidden_red_threes_have_a_place,
    the_match_ends_with_its_deal,
    minimums_follow_the_scores,
)
