"""Moves in words: what a player did (``You meld K♣ K♦ K♥.``), and why a hint suggests a move.

The hint's reasons are facts of the position that the greedy bot's rules of thumb weigh
(:class:`canasta.bots.GreedyBot`): the size of the pile, an opening's minimum, a canasta
completed, a stop card, a single card.
"""

from __future__ import annotations

from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    Game,
    LayMeld,
    MergeMelds,
    Move,
    Pass,
    TakePile,
)
from canasta.cli._common import plural


def in_words(move: Move, before: Game, after: Game, player: int, *, person: bool) -> str:
    """What ``player`` did with ``move``: ``you draw 7♥`` for the person, ``draws`` for a bot
    (whose hand stays hidden)."""
    you = person
    side = before.side_of_player(player)
    if isinstance(move, Draw):
        if not you:
            return "draws"
        drawn = after.hand(player) - before.hand(player)
        red = after.table.red_threes[side]
        new_red = red - before.table.red_threes[side]
        text = f"draw {drawn.pretty() or 'nothing'}"
        if new_red:
            text += f" (and the red three {new_red.pretty()}, laid on the table)"
        return text
    if isinstance(move, TakePile):
        return _take(move, before, you)
    if isinstance(move, LayMeld):
        wild = "" if move.wild_as is None else f", the wild card standing for {move.wild_as.text}"
        return f"{_verb('meld', you)} {move.cards.pretty()}{wild}"
    if isinstance(move, AddToMeld):
        target = f"meld #{move.meld}" if move.rank is None else f"the meld of {move.rank.text}s"
        return f"{_verb('add', you)} {move.cards.pretty()} to {target}"
    if isinstance(move, MergeMelds):
        return f"{_verb('merge', you)} melds #{move.first} and #{move.second}"
    if isinstance(move, Discard):
        return f"{_verb('discard', you)} {move.card.pretty()}"
    if isinstance(move, Ask):
        return "ask your partner whether you may go out" if you else "asks to go out"
    if isinstance(move, Answer):
        word = "yes" if move.yes else "no"
        return f"answer {word}" if you else f"answers {word}"
    assert isinstance(move, Pass)
    return "pass" if you else "passes"


def _verb(verb: str, you: bool) -> str:
    return verb if you else verb + ("es" if verb.endswith("h") else "s")


def _take(move: TakePile, before: Game, you: bool) -> str:
    table = before.table
    top = table.pile_top.pretty() if table.pile_top is not None else "?"
    text = f"{_verb('take', you)} the pile ({plural(table.pile_size, 'card')})"
    if move.cards:
        return f"{text}, melding its {top} with {move.cards.pretty()}"
    target = f"meld #{move.meld}" if move.meld is not None else "the meld of its rank"
    return f"{text}, adding its {top} to {target}"


# --- hints ----------------------------------------------------------------------------------


def hint_reason(move: Move, game: Game, player: int) -> str:
    """Why the hint suggests ``move`` for ``player``: facts of the position."""
    if isinstance(move, Draw):
        return _why_draw(game)
    if isinstance(move, TakePile):
        pile = game.view(player).pile
        points = sum(card.points for card in pile)
        return f"the pile holds {plural(len(pile), 'card')} worth {points} points"
    if isinstance(move, (LayMeld, AddToMeld, MergeMelds)):
        return _why_meld(move, game, player)
    if isinstance(move, Discard):
        return _why_discard(move, game, player)
    if isinstance(move, Ask):
        return "your side has the canastas to go out, and your partner must agree first"
    if isinstance(move, Answer):
        points = game.hand(player).points
        if move.yes:
            return f"going out now ends the deal while your hand costs only {points} points"
        return f"your hand would cost {points} points: your side gains more by playing on"
    return "the pile is not worth taking"


def _why_draw(game: Game) -> str:
    table = game.table
    takes = [move for move in game.legal_moves() if isinstance(move, TakePile)]
    if takes and table.pile_size < 2:
        return "the pile holds one card: a card from the stock is as good"
    if takes:
        return "taking the pile would cost you more cards than it brings"
    violation = game.explain(TakePile())
    if violation is None or table.pile_size == 0:
        return "the pile is empty" if table.pile_size == 0 else "drawing starts every turn"
    return f"you may not take the pile ({violation.rule}: {violation.message})"


def _why_meld(move: LayMeld | AddToMeld | MergeMelds, game: Game, player: int) -> str:
    side = game.side_of_player(player)
    after = game.apply(move, player=player)
    rules = game.rules
    made = sum(1 for meld in after.table.melds[side] if meld.is_canasta_under(rules)) - sum(
        1 for meld in game.table.melds[side] if meld.is_canasta_under(rules)
    )
    if made > 0:
        return "it completes a canasta"
    if isinstance(move, MergeMelds):
        return "two melds make one longer meld, nearer to a canasta"
    points = move.cards.points
    if not game.table.has_opened(side):
        minimum = game.view(player).minimums[side]
        return f"it counts toward your side's opening ({points} points; the minimum is {minimum})"
    cards = plural(len(move.cards), "card")
    return f"it puts {points} points on the table and {cards} out of your hand"


def _why_discard(move: Discard, game: Game, player: int) -> str:
    card = move.card
    hand = game.hand(player)
    if len(hand) == 1:
        return "it is your last card: you go out"
    if card.is_black_three:
        return "a black three stops the next player from taking the pile"
    reasons = []
    if hand.count_rank(card.rank) == 1:
        reasons.append("it is a single card, not one of a pair")
    seats = game.seat_players
    following = seats[(seats.index(player) + 1) % len(seats)]
    if game.side_of_player(following) != game.side_of_player(player):
        ranks = {meld.rank for meld in game.table.melds[game.side_of_player(following)]}
        if card.rank not in ranks:
            reasons.append("the next player's side has no meld of its rank")
    if card.is_wild:
        reasons.append("a wild card freezes the pile for everybody")
    return " and ".join(reasons) or "it is the card your hand needs least"
