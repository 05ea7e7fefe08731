"""The game: deals in sequence until a side reaches the target score.

>>> import canasta
>>> game = canasta.Game.new("classic", players=4, seed=7)
>>> game.to_move, game.phase, game.scores
(0, <Phase.DRAW: 'draw'>, (0, 0))
>>> after = game.apply(canasta.Draw())
>>> len(after.hand(0)), len(game.hand(0))
(12, 11)
>>> try:
...     game.apply(canasta.Discard(canasta.Card.parse("KH")))
... except canasta.IllegalMoveError as error:
...     print(error.rule)
CL-TURN-1
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from operator import attrgetter

import attrs

from canasta._engine.dealing import first_seat, start_deal
from canasta._engine.meld_rules import Meld, MeldKind, new_meld
from canasta._engine.movegen import legal_moves
from canasta._engine.scoring import DealResult, score_deal
from canasta._engine.state import Deal, DealEnd, Phase, TurnDraft
from canasta._engine.transitions import check, missing_cards, play
from canasta._model.cards import Card
from canasta._model.deck import Cards, pack_cards
from canasta._model.moves import Move, parse_move
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.errors import IllegalMoveError, PositionError, Violation
from canasta.table import Table
from canasta.views import PlayerView

__all__ = ["Game"]


@attrs.frozen(slots=True)
class Game:
    """A whole match of Canasta. Immutable: :meth:`apply` returns a new game.

    Players are numbered from 0 in seating order, clockwise. Sides are numbered from 0;
    a player's side is ``game.side_of(player)``.
    """

    rules: RuleSet
    #: The seed that fixes every shuffle of the match.
    seed: int | str
    #: The deal in progress (the last deal once the game is over).
    deal: Deal
    #: Each side's cumulative score (CL-DEF-16).
    scores: tuple[int, ...]
    #: Results of the finished deals, in order.
    results: tuple[DealResult, ...] = ()
    #: Which player sits in each seat of the current deal.
    seat_players: tuple[int, ...] = ()
    #: Whether the match has ended (CL-MATCH).
    is_over: bool = False
    #: The legal moves once asked for: ``apply`` trusts a move found here (a cache, not
    #: part of the value).
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: str | RuleSet = "classic",
        players: int | None = None,
        seed: int | str | None = None,
    ) -> Game:
        """A new match of ``rules``: a rule set, or a name for :func:`~canasta.find_rules`.

        Without a seed a random one is chosen (from the operating system, not from the
        global random state) and kept in :attr:`seed`, so the game can be replayed.
        """
        ruleset = find_rules(rules, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)  # exact in JSON readers that use doubles
        scores = (0,) * ruleset.num_sides
        return cls._start_deal(ruleset, seed, 0, scores, ())

    def redealt(self, pack: Sequence[Card] | Cards | str) -> Game:
        """This game with its current deal dealt again from ``pack``, a whole pack in the order
        its cards are dealt (the first card to the first player dealt to, the card after the
        hands turned up, the rest the stock, drawn in order), before anyone has moved in it.

        For frameworks that deal card by card as chance events (the OpenSpiel game). A pack
        that is not the rule set's, or a deal already begun, raises
        :class:`~canasta.errors.PositionError`.

        >>> import canasta
        >>> pack = canasta.pack_cards(2)
        >>> game = canasta.Game.new("classic", seed=1).redealt(list(pack))
        >>> game.hand(0), game.table.pile_top
        (Cards.parse('4C 4H 5C 5H 6C 6H 7C 7H 8C 8H 9C'), Card.parse('9H'))
        """
        cards = _card_list(pack)
        if Cards.of(cards) != pack_cards(self.rules.decks):
            raise PositionError(f"a pack for {self.rules.name} is {self.rules.pack_size} cards")
        if self.is_over or len(self.deal.history):
            raise PositionError("a deal is dealt again only before anyone has moved in it")
        return Game._start_deal(
            self.rules, self.seed, self.deal.number, self.scores, self.results, cards
        )

    @classmethod
    def _start_deal(
        cls,
        rules: RuleSet,
        seed: int | str,
        number: int,
        scores: tuple[int, ...],
        results: tuple[DealResult, ...],
        pack: Sequence[Card] | None = None,
    ) -> Game:
        minimums = tuple(rules.initial_minimum(score) for score in scores)
        first = first_seat(rules, seed, number)  # the deal rotates clockwise (CL-SEAT-2)
        deal = start_deal(rules, f"{seed}/{number}", number, minimums, first, pack)
        game = cls(
            rules=rules,
            seed=seed,
            deal=deal,
            scores=scores,
            results=results,
            seat_players=rules.seat_players(number),
        )
        return game._after_deal_step() if deal.phase is Phase.OVER else game

    @classmethod
    def from_position(
        cls,
        rules: str | RuleSet = "classic",
        *,
        hands: Sequence[Cards | str],
        melds: Sequence[Iterable[Meld | Cards | str]] | None = None,
        red_threes: Sequence[Cards | str] | None = None,
        pile: Cards | str | Sequence[Card] = "",
        pile_frozen: bool | None = None,
        stock: Sequence[Card] | str | None = None,
        draws: Sequence[Card] | str = "",
        to_move: int = 0,
        scores: Sequence[int] | None = None,
        melded_players: Iterable[int] = (),
        deal_number: int = 0,
        seed: int | str = 0,
        players: int | None = None,
    ) -> Game:
        """A game set up by hand at the start of a turn, for scenarios, tests and puzzles.

        ``hands`` lists each player's cards; ``melds`` each side's melds, each as cards
        (``"QH QS QD"``) or a :class:`~canasta._engine.meld_rules.Meld` (``Meld.of("7D 8D 9D JK",
        wild_as="10")`` for a sequence whose wild card could stand at either end). Where the
        rules allow sequences, wild melds or several melds of a rank
        (:attr:`~canasta._rules.ruleset.RuleSet.melds_by_position`), a side's melds keep the order
        given, and their numbers (``add #1 ...``) are their places in it; otherwise they are
        sorted by rank, and a side has one meld of a rank (CL-MELD-6). ``pile`` is given
        bottom card first. Cards not placed anywhere form the stock, shuffled by ``seed``,
        unless ``stock`` is given (top card last). ``draws`` puts cards on top of that
        shuffled stock, to be drawn in the order written. ``pile_frozen`` defaults to whether
        a card of the pile freezes it (:meth:`~canasta._rules.ruleset.RuleSet.freezes_pile`).
        ``scores`` are the cumulative scores at the start of the deal; they set the
        initial-meld minimums. ``melded_players`` have melded earlier in this deal (so they
        cannot go out concealed).

        >>> game = Game.from_position(
        ...     "classic",
        ...     hands=["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        ...     melds=[["QH QS QD"], []],
        ...     pile="8C KD",
        ... )
        >>> game.table.pile_top, game.table.stock_size
        (Card.parse('KD'), 89)
        >>> from canasta import TakePile
        >>> game.explain(TakePile("KH KS")) is None
        True
        >>> print(game.explain(TakePile("KH 5C")))
        CL-PILE-3: 5C KH do not meld with the KD: use two natural Ks or one natural and ...
        """
        ruleset = find_rules(rules, players)
        seat_players = ruleset.seat_players(deal_number)
        if len(hands) != ruleset.num_players:
            raise PositionError(
                f"{ruleset.num_players} hands are needed, one per player; got {len(hands)}"
            )
        player_hands = [Cards.parse(h) if isinstance(h, str) else h for h in hands]
        for player, hand in enumerate(player_hands):
            if player not in seat_players and hand:
                raise PositionError(f"player {player} sits out this deal and holds no cards")
            if any(face.is_red_three for face in hand.faces()):
                raise PositionError(
                    f"player {player} holds a red three; red threes are laid out (CL-R3-1)"
                )
        side_melds = []
        for side in range(ruleset.num_sides):
            given = melds[side] if melds is not None and side < len(melds) else ()
            side_melds.append(_position_melds(ruleset, side, given))
        if melds is not None and len(melds) > ruleset.num_sides:
            raise PositionError(f"there are {ruleset.num_sides} sides, not {len(melds)}")
        reds = [
            Cards.parse(r) if isinstance(r, str) else r
            for r in (red_threes or [""] * ruleset.num_sides)
        ]
        if len(reds) != ruleset.num_sides or any(
            not face.is_red_three for r in reds for face in r.faces()
        ):
            raise PositionError("red_threes needs one group of red threes per side")
        pile_cards = _card_list(pile)
        drawn = _card_list(draws)
        if drawn and stock is not None:
            raise PositionError("give the stock or the cards to be drawn from it, not both")
        placed = Cards.of(pile_cards) + drawn
        for cards in [*player_hands, *reds]:
            placed = placed + cards
        for side_group in side_melds:
            for meld in side_group:
                placed = placed + meld.cards
        full = pack_cards(ruleset.decks)
        if not full.issuperset(placed):
            extra = missing_cards(placed, full)
            raise PositionError(f"more cards than the pack holds: {extra} too many")
        rest = full - placed
        if stock is None:
            stock_cards = list(rest)
            random.Random(f"{seed}/position").shuffle(stock_cards)
            stock_cards += reversed(drawn)
        else:
            stock_cards = _card_list(stock)
            if Cards.of(stock_cards) != rest:
                raise PositionError(
                    "the stock must hold exactly the cards placed nowhere else: "
                    f"{rest} (it lacks {missing_cards(rest, Cards.of(stock_cards))})"
                )
        score_tuple = tuple(scores) if scores is not None else (0,) * ruleset.num_sides
        if len(score_tuple) != ruleset.num_sides or any(s % 5 for s in score_tuple):
            raise PositionError("scores needs one multiple of 5 per side (CL-VAL-3)")
        if to_move not in seat_players:
            raise PositionError(f"player {to_move} does not play in this deal")
        seat = seat_players.index(to_move)
        frozen = (
            pile_frozen
            if pile_frozen is not None
            else any(ruleset.freezes_pile(card) for card in pile_cards)
        )
        deal = Deal(
            rules=ruleset,
            number=deal_number,
            hands=tuple(player_hands[p] for p in seat_players),
            melds=tuple(side_melds),
            red_threes=tuple(reds),
            pile=tuple(pile_cards),
            pile_frozen=frozen,
            stock=tuple(stock_cards),
            seat=seat,
            phase=Phase.DRAW,
            draft=TurnDraft(),
            minimums=tuple(ruleset.initial_minimum(s) for s in score_tuple),
            melded_seats=frozenset(
                seat_players.index(p) for p in melded_players if p in seat_players
            ),
        )
        return cls(
            rules=ruleset,
            seed=seed,
            deal=deal,
            scores=score_tuple,
            seat_players=seat_players,
        )

    # --- what is going on ----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The player to act; ``None`` once the game is over."""
        if self.is_over:
            return None
        seat = self.deal.to_act
        return None if seat is None else self.seat_players[seat]

    @property
    def phase(self) -> Phase:
        """The phase of the current turn."""
        return self.deal.phase

    @property
    def turn_player(self) -> int:
        """The player whose turn it is (while a partner answers, the one who asked)."""
        return self.seat_players[self.deal.seat]

    @property
    def draft(self) -> TurnDraft:
        """The obligations of the turn in progress."""
        return self.deal.draft

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, from 0."""
        return self.deal.number

    @property
    def table(self) -> Table:
        """What every player can see."""
        return Table.of(self.deal)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every player's hand (empty for a player sitting out)."""
        return tuple(self.hand(player) for player in range(self.rules.num_players))

    def hand(self, player: int) -> Cards:
        """A player's hand."""
        if player in self.seat_players:
            return self.deal.hands[self.seat_players.index(player)]
        if not 0 <= player < self.rules.num_players:
            raise ValueError(f"there is no player {player}")
        return Cards()

    def side_of(self, player: int) -> int:
        """The side a player belongs to."""
        return self.rules.side_of_player(player)

    @property
    def initial_minimums(self) -> tuple[int, ...]:
        """Each side's initial-meld minimum in the current deal (CL-INIT-1)."""
        return self.deal.minimums

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over; ``None`` before, or after a drawn match."""
        if not self.is_over:
            return None
        best = max(self.scores)
        leaders = [side for side, score in enumerate(self.scores) if score == best]
        return leaders[0] if len(leaders) == 1 else None

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: see :class:`~canasta.views.PlayerView`."""
        return PlayerView.of(self, player)

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """Every move of the match so far, as (player, move), deal after deal."""
        played: list[tuple[int, Move]] = []
        for result in self.results:
            played += [(result.seat_players[e.seat], e.move) for e in result.history]
        if not self.is_over:
            played += [(self.seat_players[e.seat], e.move) for e in self.deal.history]
        return tuple(played)

    # --- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> Iterator[Move]:
        """The legal moves of the player to act (one representative among suit variants).

        They are found once per game and kept: :meth:`apply` then plays one of them without
        checking it again.
        """
        if self.is_over:
            return iter(())
        legal = self._legal
        if legal is None:
            legal = tuple(legal_moves(self.deal))
            object.__setattr__(self, "_legal", legal)  # a cache; the value does not change
        return iter(legal)

    def legal_actions(self) -> list[int]:
        """The action ids of the legal moves of the player to act, sorted
        (:mod:`canasta.actions`)."""
        from canasta.actions import legal_actions

        return legal_actions(self)

    def explain(self, move: Move, player: int | None = None) -> Violation | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        if self.is_over:
            return Violation(self.rules.rule_id("CL-MATCH-3"), "the game is over")
        wrong_player = self._wrong_player(player)
        return wrong_player or check(self.deal, move)

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        """Whether ``move`` is legal for the player to act (or for ``player``, if given)."""
        return self.explain(move, player) is None

    def apply(self, move: Move, player: int | None = None) -> Game:
        """The game after ``move``; raises :class:`~canasta.errors.IllegalMoveError` if illegal.

        ``player``, if given, must be the player to act: servers pass the seat the move
        came from.
        """
        outcome: Deal | Violation | None
        if self.is_over:
            outcome = Violation(self.rules.rule_id("CL-MATCH-3"), "the game is over")
        else:
            outcome = None if player is None else self._wrong_player(player)
        if outcome is None:
            legal = self._legal
            # A move legal_moves gave (usually the very object: found by identity, in C,
            # before equality) is played without the searches that made it legal.
            known = legal is not None and (id(move) in map(id, legal) or move in legal)
            outcome = play(self.deal, move, trusted=known)
        if isinstance(outcome, Violation):
            raise IllegalMoveError.from_violation(outcome, move)
        game = _with_deal(self, outcome)
        return game._after_deal_step() if outcome.phase is Phase.OVER else game

    def parse_move(self, text: str) -> Move:
        """Read a move from its text form (see :func:`canasta._model.moves.parse_move`)."""
        return parse_move(text)

    def _wrong_player(self, player: int | None) -> Violation | None:
        if player is None or player == self.to_move:
            return None
        return Violation(
            self.rules.rule_id("CL-TURN-7" if self.phase is not Phase.ANSWER else "CL-ASK-3"),
            f"it is player {self.to_move}'s move, not player {player}'s",
        )

    def _after_deal_step(self) -> Game:
        """Score a finished deal, then end the match or deal the next hand (CL-MATCH)."""
        deal = self.deal
        per_side = score_deal(deal)
        scores = tuple(s + part.total for s, part in zip(self.scores, per_side, strict=True))
        went_out = None if deal.went_out is None else self.seat_players[deal.went_out]
        result = DealResult(
            number=deal.number,
            end=deal.end or DealEnd.STOCK_EXHAUSTED,
            went_out=went_out,
            concealed=deal.concealed,
            scores=per_side,
            history=tuple(deal.history),
            seat_players=self.seat_players,
        )
        results = (*self.results, result)
        best = max(scores)
        limit = self.rules.deal_limit
        if limit is not None and len(results) >= limit:
            return attrs.evolve(self, scores=scores, results=results, is_over=True)
        if best >= self.rules.target_score:
            leaders = sum(1 for score in scores if score == best)
            if leaders == 1 or self.rules.tie_rule == "draw":
                return attrs.evolve(self, scores=scores, results=results, is_over=True)
        return Game._start_deal(self.rules, self.seed, deal.number + 1, scores, results)

    # --- JSON ----------------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The game as JSON (see :doc:`/json`): compact, or indented by ``indent`` spaces.

        ``Game.from_json(game.to_json()) == game``: the rules, the seed, the deal with its
        hidden cards and history, and the finished deals are all written.
        """
        from canasta._notation.jsonio import game_to_json

        return game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game a JSON document describes (see :doc:`/json`).

        Raises :class:`~canasta.errors.JsonError` (a
        :class:`~canasta.errors.PositionError`) saying what is wrong and where.
        """
        from canasta._notation.jsonio import game_from_json

        return game_from_json(text)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {self.to_move} to {self.phase.value}"
        return (
            f"<Game {self.rules.name} {self.rules.num_players}p seed={self.seed!r} "
            f"deal {self.deal_number} scores={self.scores} {state}>"
        )

    def _repr_svg_(self) -> str:
        """The position as the player to act sees it, in SVG: Jupyter's picture of a game
        (see :func:`canasta.svg.render`)."""
        from canasta.svg import render

        return render(self)


def _card_list(cards: Cards | str | Sequence[Card]) -> list[Card]:
    if isinstance(cards, str):
        return [Card.parse(word) for word in cards.replace(",", " ").split()]
    return list(cards)


def _position_melds(
    rules: RuleSet, side: int, given: Iterable[Meld | Cards | str]
) -> tuple[Meld, ...]:
    """A side's melds for :meth:`Game.from_position`: each checked as a new meld under
    ``rules`` (:func:`~canasta._engine.meld_rules.new_meld`);
    kept in the order given where melds are named
    by position, sorted by rank with one meld of a rank otherwise (CL-MELD-6)."""
    melds: list[Meld] = []
    for item in given:
        wild_as = item.wild_as if isinstance(item, Meld) else None
        if isinstance(item, Meld):
            cards = item.cards
        else:
            cards = Cards.parse(item) if isinstance(item, str) else item
        made = new_meld(cards, rules, wild_as)
        if isinstance(made, Violation):
            raise PositionError(f"side {side}'s meld {cards} is not valid: {made}")
        if isinstance(item, Meld) and made != item:
            raise PositionError(f"side {side}'s meld {item!r} is not the meld its cards make")
        if (
            not rules.several_melds_per_rank
            and made.kind is not MeldKind.SEQUENCE
            and any(m.kind is made.kind and m.rank is made.rank for m in melds)
        ):
            raise PositionError(
                f"side {side} has two melds of {cards} ({rules.rule_id('CL-MELD-6')})"
            )
        melds.append(made)
    if rules.melds_by_position:
        return tuple(melds)
    return tuple(sorted(melds, key=lambda m: m.rank.order))


_SLOT = {field.name: Game.__dict__[field.name].__set__ for field in attrs.fields(Game)}
_KEPT = ("rules", "seed", "scores", "results", "seat_players", "is_over")
_KEPT_VALUES = attrgetter(*_KEPT)
_SET_RULES, _SET_SEED, _SET_SCORES, _SET_RESULTS, _SET_SEATS, _SET_OVER = (
    _SLOT[name] for name in _KEPT
)
_SET_DEAL, _SET_LEGAL = _SLOT["deal"], _SLOT["_legal"]


def _with_deal(game: Game, deal: Deal) -> Game:
    """The game with another deal in progress and no legal moves found yet: ``attrs.evolve``,
    but quicker (``apply`` is hot). It sets the slots directly, as attrs's ``__init__`` does."""
    new = object.__new__(Game)
    rules, seed, scores, results, seat_players, is_over = _KEPT_VALUES(game)
    _SET_RULES(new, rules)
    _SET_SEED(new, seed)
    _SET_DEAL(new, deal)
    _SET_SCORES(new, scores)
    _SET_RESULTS(new, results)
    _SET_SEATS(new, seat_players)
    _SET_OVER(new, is_over)
    _SET_LEGAL(new, None)
    return new
