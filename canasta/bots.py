"""Computer players. They live outside the rules core and use it like any other program.

A bot is anything with a method ``choose(view, rng) -> move`` (the :class:`Bot` protocol):
it is given the :class:`~canasta.views.PlayerView` of the player to act, which holds only
what that player may know (their hand, the table, the public history, the sizes of the
other hands), and returns one of ``view.legal_moves()``. A bot never sees a hidden card.
``rng`` is the only source of chance a bot should use, so that seeded games repeat.

>>> import random, canasta
>>> game = canasta.Game.new("classic", seed=1)
>>> view = game.view(game.to_move)
>>> RandomBot().choose(view, random.Random(1)) in list(view.legal_moves())
True
>>> GreedyBot().choose(view, random.Random(1))
Draw()

Writing a bot takes one method; this one always plays the last legal move it is offered:

>>> class LastMoveBot:
...     def choose(self, view, rng):
...         return list(view.legal_moves())[-1]
>>> LastMoveBot().choose(view, random.Random(1))
Draw()
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from canasta.cards import Card, Rank
from canasta.deck import Cards
from canasta.melds import Meld, MeldKind, added, merged, new_meld
from canasta.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    Pass,
    TakePile,
)
from canasta.rules import RuleSet
from canasta.scoring import score_deal
from canasta.views import PlayerView

if TYPE_CHECKING:
    from canasta.game import Game

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "bot_names", "find_bot"]


class Bot(Protocol):
    """The interface of a computer player: one method."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """One of ``view.legal_moves()``: the move of ``view.player``, who is to act."""
        ...  # pragma: no cover


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        return rng.choice(list(view.legal_moves()))


class GreedyBot:
    """Plays by rules of thumb, one move at a time, looking only at its view.

    - It answers its partner "yes" unless its own hand would cost more than the deal gains.
    - It takes the pile when the pile holds two cards or more, and otherwise draws.
    - It opens as soon as it can, melds natural cards, adds them to its melds and completes
      canastas; it keeps wild cards for completing canastas, for its opening and for going
      out, and melds them freely only near the end of the deal.
    - It goes out whenever it can (asking first when the rules make asking compulsory).
    - It discards what it needs least and what the next opponent is least likely to take:
      black threes first (stop cards), never a card the next opponent's side has melded
      while the pile is open to them, seldom a wild card (which would freeze the pile), and
      rather a single card than one of a pair.

    Ties are broken with ``rng``.
    """

    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move the rules of thumb like best."""
        moves = list(view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        facts = _Facts(view, moves)
        scored = [(facts.score(move), rng.random(), index) for index, move in enumerate(moves)]
        return moves[max(scored)[2]]


# --- the greedy bot's judgement -------------------------------------------------------------

_GOING_OUT = 1000.0


class _Facts:
    """What the greedy bot works out once per decision, and how it scores each move."""

    def __init__(self, view: PlayerView, moves: list[Move]) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        self.table = view.table
        self.side = rules.side_of_player(view.player)
        self.hand = view.hand
        self.usable = view.hand - view.draft.locked if view.draft.locked else view.hand
        self.my_melds = {meld.rank: meld for meld in self.table.melds[self.side]}
        self.canastas = sum(1 for m in self.table.melds[self.side] if m.is_canasta_under(rules))
        self.has_canastas = self.canastas >= rules.canastas_to_go_out
        seats = view.seat_players
        opponents = [p for p in seats if rules.side_of_player(p) != self.side and p != view.player]
        # The deal is nearly over: the stock is short, or an opponent able to go out holds
        # few cards. Then cards in the hand are a debt, and wild cards are melded freely.
        threat = any(
            view.hand_sizes[p] <= 3 and self._side_canastas(rules.side_of_player(p)) > 0
            for p in opponents
        )
        self.endgame = self.table.stock_size <= 2 * len(seats) or threat
        # Close to going out: the side has its canastas and few cards are left to place.
        self.closing = self.has_canastas and (len(self.usable) <= 7 or Ask() in moves)
        self.next_opponent: int | None = None
        if view.player in seats:
            following = seats[(seats.index(view.player) + 1) % len(seats)]
            if rules.side_of_player(following) != self.side:
                self.next_opponent = following
        self._risk_cache: dict[Card, float] = {}

    def _side_canastas(self, side: int) -> int:
        return sum(1 for meld in self.table.melds[side] if meld.is_canasta_under(self.rules))

    def score(self, move: Move) -> float:
        scorer: Callable[[_Facts, Move], float] = _SCORERS[type(move)]
        return scorer(self, move)

    # --- the partner's question -------------------------------------------------------------

    def answer(self, move: Move) -> float:
        assert isinstance(move, Answer)
        rules = self.rules
        ours = self._table_value(self.side) + rules.going_out_bonus - self.hand.points
        theirs = max(
            (
                self._table_value(side) - 10 * self._cards_held(side)
                for side in range(rules.num_sides)
                if side != self.side
            ),
            default=0,
        )
        agree = self.hand.points <= 60 or ours >= theirs
        return 1.0 if move.yes == agree else 0.0

    def _table_value(self, side: int) -> int:
        melds = self.table.melds[side]
        red = self.rules.red_three_amount(len(self.table.red_threes[side]))
        return sum(meld.value(self.rules) for meld in melds) + (red if melds else -red)

    def _cards_held(self, side: int) -> int:
        view = self.view
        return sum(
            view.hand_sizes[p] for p in view.seat_players if self.rules.side_of_player(p) == side
        )

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, move: Move) -> float:
        return 0.0

    def take(self, move: Move) -> float:
        assert isinstance(move, TakePile)
        size = self.table.pile_size
        if size < 2 and self.table.stock_size > 0:
            return -1.0  # a card from the stock is as good, and keeps the pairs in the hand
        wilds = sum(1 for card in move.cards if card.is_wild)
        pile_points = sum(card.points for card in self.view.pile)
        return 10.0 + 3 * size + pile_points / 20 - 4 * wilds - len(move.cards)

    def pass_(self, move: Move) -> float:
        return -0.5

    # --- melding ------------------------------------------------------------------------------

    def meld(self, move: Move) -> float:
        assert isinstance(move, (LayMeld, AddToMeld))
        cards = move.cards
        left = len(self.hand) - len(cards)
        if left <= 1 and not self.view.draft.no_discard:
            return _GOING_OUT + len(cards)  # the hand empties now or with the discard
        if self.rules.melds_by_position:
            return self._meld_by_position(move)
        if isinstance(move, AddToMeld):
            assert move.rank is not None  # Classic names a meld by its rank
            rank = move.rank
        else:
            rank = _rank_of(cards)
        if rank is Rank.THREE:
            return _GOING_OUT - 1  # black threes are melded only to go out (CL-B3-3)
        wilds = sum(1 for card in cards if card.is_wild)
        naturals = len(cards) - wilds
        meld = self.my_melds.get(rank)
        before = meld.size if meld else 0
        after = before + len(cards)
        score = 3.0 * naturals + (4.0 if meld is None else 0.0)
        if before < self.rules.canasta_size <= after:
            natural = wilds == 0 and (meld is None or meld.wilds == 0)
            score += self.rules.canasta_bonus(natural) / 10
        if wilds:
            if self.closing or self.endgame:
                score += 2.0 * wilds
            elif before < self.rules.canasta_size <= after:
                score -= 2.0 * wilds
            elif self.view.draft.opening:
                score -= 5.0 * wilds  # spend wild cards on an opening only when needed
            else:
                score -= 25.0 * wilds
        return score

    def _meld_by_position(self, move: LayMeld | AddToMeld) -> float:
        """A meld step where melds are named by number (Hollywood): like Classic's, valuing
        the canasta the step completes by its kind (HW-CAN-1), and preferring to grow a meld
        of the rank, or a sequence, already on the table over laying a second one."""
        rules, cards = self.rules, move.cards
        melds = self.table.melds[self.side]
        target: Meld | None = None
        if isinstance(move, AddToMeld):
            index = move.meld
            if index is None:
                index = next((i for i, m in enumerate(melds) if m.rank is move.rank), None)
            target = melds[index] if index is not None and index < len(melds) else None
        grown = (
            new_meld(cards, rules, move.wild_as)
            if target is None
            else added(target, cards, rules, move.wild_as)
        )
        if not isinstance(grown, Meld):
            return -100.0  # not offered by the engine; never chosen over a legal step
        if grown.kind is MeldKind.BLACK_THREES:
            return _GOING_OUT - 1  # black threes are melded only to go out (HW-B3-3)
        wilds = sum(1 for card in cards if card.is_wild)
        naturals = len(cards) - wilds
        before = target.size if target is not None else 0
        score = 3.0 * naturals
        if target is None:
            twins = sum(
                1 for m in melds if _same_family(m, grown) and not m.is_canasta_under(rules)
            )
            score += -4.0 * twins if twins else 4.0
        completes = before < rules.canasta_size <= grown.size
        old_bonus = target.bonus(rules) if target is not None else 0
        score += (grown.bonus(rules) - old_bonus) / 10
        if wilds:
            if self.closing or self.endgame:
                score += 2.0 * wilds
            elif completes:
                score -= 2.0 * wilds
            elif grown.kind is MeldKind.WILD and grown.size >= rules.canasta_size - 2:
                score -= 2.0 * wilds  # a wild canasta is worth the most (HW-CAN-1)
            elif self.view.draft.opening:
                score -= 5.0 * wilds
            else:
                score -= 25.0 * wilds
        return score

    def merge(self, move: Move) -> float:
        """Merging is worth it when it brings a meld closer to a canasta without losing
        one (HW-MRG-1, HW-MRG-5)."""
        assert isinstance(move, MergeMelds)
        melds = self.table.melds[self.side]
        if max(move.first, move.second) >= len(melds):
            return -100.0
        first, second = melds[move.first], melds[move.second]
        joined = merged(first, second, self.rules)
        if not isinstance(joined, Meld):
            return -100.0
        rules = self.rules
        canastas = sum(1 for m in (first, second) if m.is_canasta_under(rules))
        if canastas > int(joined.is_canasta_under(rules)):
            return -50.0  # two canastas would count as one
        gain = joined.bonus(rules) - first.bonus(rules) - second.bonus(rules)
        return 2.0 + gain / 10

    # --- asking -------------------------------------------------------------------------------

    def ask(self, move: Move) -> float:
        # Asking is offered only when going out is possible this turn (CL-ASK-2). When the
        # rules allow going out without asking, the bot goes out without giving its partner
        # a veto; when they demand asking, it asks.
        if self.rules.ask_permission == "mandatory" and self.closing:
            return 2 * _GOING_OUT
        return -100.0

    # --- discarding ---------------------------------------------------------------------------

    def discard(self, move: Move) -> float:
        assert isinstance(move, Discard)
        if len(self.hand) == 1:
            return _GOING_OUT
        card = move.card
        pile_cost = 6.0 * (self.table.pile_size + 1) + sum(c.points for c in self.view.pile) / 5
        return -(self._keep_value(card) + self._take_risk(card) * pile_cost)

    def _keep_value(self, card: Card) -> float:
        if card.is_wild:
            return 5.0 if self.endgame else 80.0
        if card.is_black_three:
            return -15.0  # a stop card: the next player cannot take the pile
        same = self.usable.count_rank(card.rank)
        value = 10.0 * (same - 1)
        if card.rank in self.my_melds:
            value += 5.0
        if self.endgame:
            value -= card.points / 2
        return value

    def _take_risk(self, card: Card) -> float:
        """How likely the next opponent can take the pile with ``card`` on top, 0 to 1."""
        opponent = self.next_opponent
        if opponent is None or card.is_wild or card.is_black_three:
            return 0.0
        rank = card.rank
        if card in self._risk_cache:
            return self._risk_cache[card]
        view, rules, table = self.view, self.rules, self.table
        their_side = rules.side_of_player(opponent)
        frozen = table.pile_frozen or not table.has_opened(their_side)
        if rules.melds_by_position:
            their_meld = any(_lays_off(meld, card, rules) for meld in table.melds[their_side])
        else:
            their_meld = any(meld.rank is rank for meld in table.melds[their_side])
        known = view.known_cards[opponent]
        held = known.count_rank(rank)
        if (their_meld and not frozen) or held >= 2:
            risk = 1.0
        else:
            unseen_rank = max(0, 4 * rules.decks - self._seen(rank))
            unseen_wild = max(0, 6 * rules.decks - self._seen(Rank.TWO) - self._seen(Rank.JOKER))
            hidden = self._hidden_slots()
            unknown_cards = view.hand_sizes[opponent] - len(known)
            expected = unknown_cards * unseen_rank / hidden if hidden else 0.0
            expected_wild = unknown_cards * unseen_wild / hidden if hidden else 0.0
            pair = _at_least(2 - held, expected)
            risk = pair
            if not frozen:
                one = _at_least(1 - held, expected)
                risk = pair + (one - pair) * _at_least(1, expected_wild)
            if not table.has_opened(their_side):
                risk *= 0.5  # they would also need the opening minimum
            if self._discarded_by(opponent, rank):
                risk *= 0.6
        self._risk_cache[card] = risk
        return risk

    def _seen(self, rank: Rank) -> int:
        """Cards of ``rank`` this player can see or knows about."""
        view = self.view
        seen = view.hand.count_rank(rank) + sum(1 for card in view.pile if card.rank is rank)
        for side_melds in view.table.melds:
            seen += sum(meld.cards.count_rank(rank) for meld in side_melds)
        for player, known in enumerate(view.known_cards):
            if player != view.player:
                seen += known.count_rank(rank)
        return seen

    def _hidden_slots(self) -> int:
        view = self.view
        others = sum(
            view.hand_sizes[p] - len(view.known_cards[p])
            for p in view.seat_players
            if p != view.player
        )
        return others + view.table.stock_size

    def _discarded_by(self, player: int, rank: Rank) -> bool:
        seats = self.view.seat_players
        if player not in seats:
            return False
        seat = seats.index(player)
        return any(
            event.seat == seat and isinstance(event.move, Discard) and event.move.card.rank is rank
            for event in self.view.history
        )


def _at_least(count: int, expected: float) -> float:
    """P(X >= count) for a Poisson count with this mean: a cheap estimate for card draws."""
    if count <= 0:
        return 1.0
    below = sum(expected**k / math.factorial(k) for k in range(count))
    return max(0.0, 1.0 - math.exp(-expected) * below)


def _same_family(meld: Meld, other: Meld) -> bool:
    """Whether two melds could grow into one: of one rank, or sequences of one suit."""
    if meld.kind is not other.kind:
        return False
    if meld.kind is MeldKind.SEQUENCE:
        return meld.suit is other.suit
    return meld.rank is other.rank


def _lays_off(meld: Meld, card: Card, rules: RuleSet) -> bool:
    """Whether ``card`` on top of the pile could be added to ``meld`` when taking it (M4,
    HW-PILE-1): never to a canasta where the rules forbid it (HW-PILE-5)."""
    if not rules.take_onto_canasta and meld.is_canasta_under(rules):
        return False
    if meld.kind is MeldKind.RANK:
        return meld.rank is card.rank
    if meld.kind is MeldKind.SEQUENCE and card.suit is meld.suit and card.is_natural:
        return isinstance(added(meld, Cards.of([card]), rules), Meld)
    return False


def _rank_of(cards: Cards) -> Rank:
    natural = next((card for card in cards if not card.is_wild), None)
    return natural.rank if natural is not None else Rank.JOKER


_SCORERS: dict[type, Callable[[_Facts, Move], float]] = {
    Answer: _Facts.answer,
    Draw: _Facts.draw,
    TakePile: _Facts.take,
    Pass: _Facts.pass_,
    LayMeld: _Facts.meld,
    AddToMeld: _Facts.meld,
    MergeMelds: _Facts.merge,
    Ask: _Facts.ask,
    Discard: _Facts.discard,
}

# --- information-set Monte Carlo tree search ------------------------------------------------


class ISMCTSBot:
    """Searches ahead by information-set Monte Carlo tree search (single observer).

    Every iteration samples a whole game consistent with the view (:meth:`PlayerView.sample
    <canasta.views.PlayerView.sample>`), so the search never sees a hidden card, and walks
    one tree of decisions, the bot's and the other players' as everybody sees them, keyed by
    the moves' text. In the tree a move is chosen by UCB1 among the moves legal in the
    sampled world, counting how often each was available; a move not tried yet is added
    first (at the root in the greedy bot's order, elsewhere at random). Then ``rollout_bot``
    plays on for at most ``rollout_steps`` decisions, or to the end of the deal, and the
    position is scored for every side as the deal would score if it ended there
    (:func:`~canasta.scoring.score_deal`: melds, canasta bonuses, red threes, minus the cards
    in the hands), relative to the best other side, squashed into 0 to 1.
    The move played is the one tried most at the root.

    It stops after ``iterations`` iterations, or after ``seconds`` of thinking, whichever
    comes first (``None`` for no limit of that kind; one of them must be set). Limited by
    iterations only, it plays the same move for the same ``rng`` state. Where more than
    ``max_moves`` moves are legal, it considers only those :class:`GreedyBot` likes best;
    between moves tried equally often it plays the one the greedy bot prefers.
    A lone legal move is played at once.

    >>> import random, canasta
    >>> game = canasta.Game.new("classic", seed=1).apply(canasta.Draw())
    >>> view = game.view(0)
    >>> move = ISMCTSBot(iterations=20, rollout_steps=5).choose(view, random.Random(1))
    >>> view.is_legal(move)
    True
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        *,
        exploration: float = 0.7,
        rollout_steps: int = 20,
        rollout_bot: Bot | None = None,
        max_moves: int = 12,
        scale: float = 300.0,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be 1 or more")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be more than 0")
        if rollout_steps < 0 or max_moves < 1 or scale <= 0:
            raise ValueError("rollout_steps must be 0 or more, max_moves 1 or more, scale > 0")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.rollout_bot: Bot = rollout_bot if rollout_bot is not None else GreedyBot()
        self.max_moves = max_moves
        self.scale = scale

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move tried most often by the search."""
        moves = list(view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        if not moves:
            raise ValueError(f"player {view.player} has no move to make")
        # The greedy bot's favourites, best first: ties in the search go its way.
        moves = _best_by_greedy(view, moves, self.max_moves, rng)
        by_text = {str(move): move for move in moves}
        root = _Node(side=-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, view, by_text, rng)
            done += 1
        order = list(by_text)
        best = max(
            order,
            key=lambda text: (
                root.children[text].visits if text in root.children else -1,
                -order.index(text),
            ),
        )
        return by_text[best]

    def _iterate(
        self, root: _Node, view: PlayerView, root_moves: dict[str, Move], rng: random.Random
    ) -> None:
        world = view.sample(rng)
        rules = world.rules
        deals = len(world.results)
        node, path = root, [root]
        while not _deal_over(world, deals):
            player = world.to_move
            assert player is not None
            if node is root:
                legal = root_moves
            else:
                moves = list(world.legal_moves())
                if len(moves) > self.max_moves:
                    moves = _best_by_greedy(world.view(player), moves, self.max_moves, rng)
                legal = {str(move): move for move in moves}
                if not legal:
                    break  # not reached from a consistent world; score it as it stands
            untried = [text for text in legal if text not in node.children]
            for text, child in node.children.items():
                if text in legal:
                    child.available += 1
            if untried:
                text = untried[0] if node is root else rng.choice(untried)
                child = node.children[text] = _Node(side=rules.side_of_player(player))
                child.available = 1
                world = world.apply(legal[text])
                path.append(child)
                break
            text = self._select(node, legal)
            world = world.apply(legal[text])
            node = node.children[text]
            path.append(node)
        steps = 0
        while steps < self.rollout_steps and not _deal_over(world, deals):
            player = world.to_move
            assert player is not None
            world = world.apply(self.rollout_bot.choose(world.view(player), rng))
            steps += 1
        rewards = _rewards(world, deals, self.scale)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.side]

    def _select(self, node: _Node, legal: dict[str, Move]) -> str:
        best_text, best_value = "", -math.inf
        for text in legal:
            child = node.children[text]
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best_text, best_value = text, value
        return best_text


class _Node:
    """A decision in the search tree: statistics of the move that led here."""

    __slots__ = ("available", "children", "reward", "side", "visits")

    def __init__(self, side: int) -> None:
        #: The side of the player who made the move that led here.
        self.side = side
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[str, _Node] = {}


def _best_by_greedy(
    view: PlayerView, moves: list[Move], limit: int, rng: random.Random
) -> list[Move]:
    """At most ``limit`` of ``moves``: those the greedy bot scores highest, best first."""
    facts = _Facts(view, moves)
    scored = sorted(
        ((facts.score(move), rng.random(), index) for index, move in enumerate(moves)),
        reverse=True,
    )
    return [moves[index] for _, _, index in scored[:limit]]


def _deal_over(world: Game, deals: int) -> bool:
    return world.is_over or len(world.results) > deals


def _rewards(world: Game, deals: int, scale: float) -> list[float]:
    """Each side's outcome, 0 to 1: its deal score against the best other side's."""
    if len(world.results) > deals:
        totals = list(world.results[deals].totals)
    else:
        totals = [score.total for score in score_deal(world.deal)]
    rewards = []
    for side, total in enumerate(totals):
        others = max((t for s, t in enumerate(totals) if s != side), default=0)
        rewards.append(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (others - total) / scale)))))
    return rewards


_BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}


def bot_names() -> tuple[str, ...]:
    """The names :func:`find_bot` knows."""
    return tuple(_BOTS)


def find_bot(name: str) -> Bot:
    """A new bot by name: ``random``, ``greedy`` or ``ismcts`` (with its defaults).

    >>> find_bot("Greedy")
    <canasta.bots.GreedyBot object at ...>
    """
    try:
        return _BOTS[name.strip().lower()]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(_BOTS)}") from None
