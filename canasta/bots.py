"""Computer players. They live outside the rules core and use it like any other program.

A bot is anything with a method ``choose(view, rng) -> move`` (the :class:`Bot` protocol):
it is given the :class:`~canasta.views.PlayerView` of the player to act, which holds only
what that player may know (their hand, the table, the public history, the sizes of the
other hands), and returns one of ``view.legal_moves()`` (at a deal's end, ``NextDeal()``).
A bot never sees a hidden card. ``rng`` is its only source of chance: seeded games repeat.

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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from canasta._engine.meld_rules import Meld, MeldKind, added, merged, new_meld
from canasta._engine.scoring import score_deal
from canasta._model.cards import Card, Rank
from canasta._model.deck import Cards
from canasta._model.moves import (
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
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, shown
from canasta.views import PlayerView

if TYPE_CHECKING:
    from canasta._engine.state import Deal
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
        seats, ours = view.seat_players, self.table.partners(self.side)  # cutthroat: pooled
        opponents = [p for p in seats if rules.side_of_player(p) not in ours]
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
            if rules.side_of_player(following) not in ours:
                self.next_opponent = following
        self._risk_cache: dict[Card, float] = {}
        self._seen_cache: dict[Rank, int] = {}
        self._hidden: int | None = None

    def _side_canastas(self, side: int) -> int:
        return sum(1 for meld in self.table.melds[side] if meld.is_canasta_under(self.rules))

    def score(self, move: Move) -> float:
        scorer = _SCORERS.get(type(move), _Facts.draw)  # NextDeal: alone where it is legal
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
        if rank in self._seen_cache:
            return self._seen_cache[rank]
        view = self.view
        seen = view.hand.count_rank(rank) + sum(1 for card in view.pile if card.rank is rank)
        for side_melds in view.table.melds:
            seen += sum(meld.cards.count_rank(rank) for meld in side_melds)
        for player, known in enumerate(view.known_cards):
            if player != view.player:
                seen += known.count_rank(rank)
        self._seen_cache[rank] = seen
        return seen

    def _hidden_slots(self) -> int:
        if self._hidden is None:
            view = self.view
            others = sum(
                view.hand_sizes[p] - len(view.known_cards[p])
                for p in view.seat_players
                if p != view.player
            )
            self._hidden = others + view.table.stock_size
        return self._hidden

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
    """Searches its turn by information-set Monte Carlo tree search (single observer).

    Every iteration samples a whole game consistent with the view (:meth:`PlayerView.sample
    <canasta.views.PlayerView.sample>`), so the search never sees a hidden card. The tree holds
    the bot's own decisions for the rest of its turn (the draw, the melds, the discard), keyed
    by the moves' text; in it a move is chosen by UCB1 among the moves legal in the sampled
    world, counting how often each was available, and a move not tried yet is added first, in
    the greedy bot's order. Only the ``max_moves`` moves :class:`GreedyBot` likes best are
    considered at any decision. Where the tree ends, ``rollout_bot`` (the model of every
    player, by default the greedy bot) plays on until ``horizon`` more turns have begun (with
    2, until the next player's turn is over), the deal ends or it has made ``rollout_steps``
    decisions. The position reached is valued for every side: a finished deal by its score, a
    deal in play by an estimate of what it will score (a linear function of the table and the
    hands, fitted to how deals between greedy bots end), each side against the best other
    side, squashed into 0 to 1 by ``scale``.

    Every sampled world is played once from each move considered at the root, with the same
    random choices after it, so the root's moves are compared on the same cards. The move
    played is the one whose plays scored best on average; ties go the greedy bot's way.

    It stops after ``iterations`` iterations, or after ``seconds`` of thinking, whichever
    comes first (``None`` for no limit of that kind; one of them must be set); the last
    sampled world is played from every root move, so a few more iterations than asked may
    run. Limited by iterations only, it plays the same move for the same ``rng`` state. A lone
    legal move, or a lone move worth considering, is played at once.

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
        iterations: int | None = 40,
        seconds: float | None = None,
        *,
        exploration: float = 0.7,
        rollout_steps: int = 100,
        rollout_bot: Bot | None = None,
        max_moves: int = 4,
        scale: float = 300.0,
        horizon: int = 2,
    ) -> None:
        if iterations is None and seconds is None:
            raise CanastaError("give iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise CanastaError("iterations must be 1 or more")
        if seconds is not None and seconds <= 0:
            raise CanastaError("seconds must be more than 0")
        if rollout_steps < 0 or max_moves < 1 or horizon < 1 or scale <= 0:
            raise CanastaError("rollout_steps ≥ 0, max_moves and horizon 1 or more, scale > 0")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.rollout_bot: Bot = rollout_bot if rollout_bot is not None else GreedyBot()
        self.max_moves = max_moves
        self.scale = scale
        self.horizon = horizon

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The root move whose plays scored best on average."""
        moves = list(view.legal_moves())
        if len(moves) == 1:
            return moves[0]
        if not moves:
            raise CanastaError(f"player {view.player} has no move to make")
        # The greedy bot's favourites, best first: ties in the search go its way.
        moves = _best_by_greedy(view, moves, self.max_moves, rng)
        if len(moves) == 1:
            return moves[0]
        roots = [_Node() for _ in moves]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        search = _Search(self, view.player, len(view.results), view.turn + self.horizon)
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = view.sample(rng)
            seed = rng.getrandbits(64)
            for move, root in zip(moves, roots, strict=True):
                # The same random choices after every root move (common random numbers).
                search.iterate(root, world.apply(move), random.Random(seed))
            done += len(moves)
        best = max(range(len(moves)), key=lambda i: (roots[i].reward / roots[i].visits, -i))
        return moves[best]


class _Search:
    """One decision's search: who searches, and where its iterations stop."""

    def __init__(self, bot: ISMCTSBot, player: int, deals: int, turn_limit: int) -> None:
        self.bot = bot
        self.player = player
        self.deals = deals
        self.turn_limit = turn_limit

    def iterate(self, root: _Node, world: Game, rng: random.Random) -> None:
        """One iteration below a root move already played in ``world``."""
        bot, player = self.bot, self.player
        path = [root]
        # A root move tried for the first time is the node this iteration adds.
        node: _Node | None = root if root.visits else None
        steps = 0
        while not _deal_over(world, self.deals) and world.deal.turn < self.turn_limit:
            to_move = world.to_move
            assert to_move is not None
            if node is not None and to_move == player:
                moves = list(world.legal_moves())
                if len(moves) > 1:
                    view = world.view(to_move)
                    moves = _best_by_greedy(view, moves, bot.max_moves, rng)
                    move, node = self._descend(node, moves)
                    path.append(node)
                    if not node.visits:
                        node = None  # a new node: the tree grows by one a iteration
                else:
                    move = moves[0]
                world = world.apply(move)
                continue
            node = None  # the tree ends where another player moves
            if steps >= bot.rollout_steps:
                break
            world = world.apply(bot.rollout_bot.choose(world.view(to_move), rng))
            steps += 1
        reward = _reward(world, self.deals, world.rules.side_of_player(player), bot.scale)
        for visited in path:
            visited.visits += 1
            visited.reward += reward

    def _descend(self, node: _Node, moves: list[Move]) -> tuple[Move, _Node]:
        """The move to play at ``node`` (its first untried one, else by UCB1) and its child."""
        texts = [str(move) for move in moves]
        for text in texts:
            child = node.children.get(text)
            if child is not None:
                child.available += 1
        for move, text in zip(moves, texts, strict=True):
            if text not in node.children:
                child = node.children[text] = _Node()
                child.available = 1
                return move, child
        best: tuple[Move, _Node] | None = None
        best_value = -math.inf
        for move, text in zip(moves, texts, strict=True):
            child = node.children[text]
            value = child.reward / child.visits + self.bot.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = (move, child), value
        assert best is not None
        return best


class _Node:
    """A decision in the search tree: statistics of the move that led here."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        #: The searching side's rewards, summed over the visits.
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


def _reward(world: Game, deals: int, side: int, scale: float) -> float:
    """The side's outcome, 0 to 1: its deal score, or the estimate, against the best other's."""
    if len(world.results) > deals:
        totals: Sequence[float] = world.results[deals].totals
    else:
        totals = _estimate_deal(world.deal)
    others = max((t for s, t in enumerate(totals) if s != side), default=0.0)
    return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (others - totals[side]) / scale))))


def _estimate_deal(deal: Deal) -> tuple[float, ...]:
    """What each side may score for a deal in play, were greedy bots to finish it.

    A linear function of what is on the table and in the hands (melds, canastas and melds
    close to one, red threes, whether the side has opened and the minimum it must meet, the
    cards, points, wild cards and pairs in its hands), each weighed more or less as the stock
    runs down, and of the pile for the side whose turn it is. The weights were fitted by
    least squares to how deals of Classic Canasta between greedy bots ended (``python
    benchmarks/ismcts.py --fit``); only the differences between sides mean anything. A
    finished deal is scored as it stands.
    """
    if deal.end is not None:
        return tuple(float(score.total) for score in score_deal(deal))
    return tuple(
        sum(f * w for f, w in zip(_estimate_features(deal, side), _FLAT_WEIGHTS, strict=True))
        for side in range(deal.rules.num_sides)
    )


def _estimate_features(deal: Deal, side: int) -> list[float]:
    """What :func:`_estimate_deal` weighs for one side, in the order of ``_FLAT_WEIGHTS``:
    each of :func:`_side_features` and it times the share of the stock left, then the pile's
    features if it is the side's turn, else zeros."""
    rules = deal.rules
    full = rules.pack_size - rules.hand_size * rules.active_players - 1
    left = min(1.0, len(deal.stock) / full) if full > 0 else 0.0
    features: list[float] = []
    for feature in _side_features(deal, side):
        features += (feature, feature * left)
    if side == deal.side:
        frozen = 1.0 if deal.pile_frozen else 0.0
        pile_points = sum(card.points for card in deal.pile)
        features += (1.0, len(deal.pile), pile_points / 10, frozen, frozen * len(deal.pile))
    else:
        features += (0.0,) * len(_PILE_WEIGHTS)
    return features


def _side_features(deal: Deal, side: int) -> list[float]:
    """What :func:`__estimate_deal` weighs for one side, in the order of ``_WEIGHTS``."""
    rules = deal.rules
    melds = deal.melds[side]
    meld_points = bonus = canastas = 0
    short = [0, 0, 0, 0]  # melds one, two, three and four cards short of a canasta
    growing = set()
    for meld in melds:
        meld_points += meld.points
        bonus += meld.bonus(rules)
        if meld.is_canasta_under(rules):
            canastas += 1
        else:
            gap = rules.canasta_size - meld.size
            if 1 <= gap <= len(short):
                short[gap - 1] += 1
            growing.add(meld.rank)
    red = rules.red_three_amount(len(deal.red_threes[side]))
    if rules.red_threes_need_canasta:
        counts_plus = canastas >= rules.red_threes_canastas_needed
    else:
        counts_plus = bool(melds)
    seats = [seat for seat in range(deal.seats) if deal.side_of(seat) == side]
    cards = points = wilds = pairs = matching = 0
    for seat in seats:
        hand = deal.hands[seat]
        cards += len(hand)
        points += hand.points
        ranks = set()
        for face in hand.faces():
            if face.is_wild:
                wilds += hand.count(face)
            elif face.rank in growing:
                matching += hand.count(face)
            if face.is_natural and not face.is_black_three and not face.is_red_three:
                ranks.add(face.rank)
        pairs += sum(1 for rank in ranks if hand.count_rank(rank) >= 2)
    return [
        meld_points,
        bonus,
        canastas,
        *short,
        red if counts_plus else -red,
        1 if melds else 0,
        0 if melds else deal.minimums[side] / 10,
        cards / max(1, len(seats)),
        points,
        wilds,
        pairs,
        matching,
        min(canastas, rules.canastas_to_go_out),
    ]


#: The weights of :func:`_side_features`, one row a feature: its weight once the stock is
#: spent, and what is added to that per share of the stock left (all of it as the deal
#: begins). Fitted by ``python benchmarks/ismcts.py --fit`` to 1,200 two-player and 900
#: four-player Classic matches between greedy bots.
_WEIGHTS: tuple[tuple[float, float], ...] = (
    (0.6496, 0.7576),  # points of the melded cards
    (1.184, -0.5432),  # canasta bonuses
    (-68.46, 210.4),  # canastas
    (143.7, 63.08),  # melds a card short of a canasta
    (64.64, 38.07),  # melds two cards short
    (21.2, 5.112),  # melds three cards short
    (34.04, -56.25),  # melds four cards short
    (1.388, -0.7385),  # red threes, as they would score
    (-926.8, 655.5),  # opened
    (-95.04, 76.36),  # the minimum / 10 if not opened
    (-32.85, -6.721),  # cards per hand
    (0.4289, 1.256),  # points in the hands
    (172.6, -107.5),  # wild cards in the hands
    (60.76, -48.47),  # pairs in the hands
    (26.85, 39.79),  # cards in the hands for a meld that is no canasta
    (37.93, -66.06),  # canastas, up to those needed to go out
)
#: The weights of the pile, for the side whose turn it is.
_PILE_WEIGHTS: tuple[float, ...] = (
    20.54,  # a constant: the turn
    1.485,  # cards in the pile
    -2.571,  # points in the pile / 10
    -7.786,  # the pile is frozen
    1.307,  # cards in the pile if frozen
)
_FLAT_WEIGHTS = tuple(w for row in _WEIGHTS for w in row) + _PILE_WEIGHTS


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
    maker = _BOTS.get(name.strip().lower()) if isinstance(name, str) else None
    if maker is None:
        raise CanastaError(f"unknown bot {shown(name)}; bots: {', '.join(_BOTS)}")
    return maker()
