"""Can a hand be melded out? The planner's answer (CL-OUT-1, CL-OUT-2, HW-OUT-1, BO-OUT-1).

:func:`going_out_possible` asks whether every card of a hand but at most one, which is
discarded, can be melded onto the side's melds so that the side has the canastas going out
needs, with a discard or none (the natural discards and none in one search).
It places the natural cards lowest first and, in turn, highest first (:func:`_either_way`),
remembering each position of the search it has refuted, then spreads the wild cards and
counts the canastas, merges of melds included (:func:`~canasta._engine.search.layout.merges`).
Sound bounds (:mod:`~canasta._engine.search.bounds`) refuse most hands
before any search.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from canasta._cache import remembered
from canasta._engine.search.bounds import (
    canasta_bound,
    stuck_naturals,
    wild_cards_meldable,
    wild_room,
    wilds_owed_short,
    wilds_short,
)
from canasta._engine.search.cores import cores_answer
from canasta._engine.search.escalera import escalera_in_reach
from canasta._engine.search.forced import discards_left
from canasta._engine.search.joint import wilds_owed_at_least
from canasta._engine.search.layout import Layout, encoded, wild_meld_canastas
from canasta._engine.search.merge_last import last_step
from canasta._engine.search.one_wild import one_wild_short
from canasta._engine.search.placing import folded
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Exhausted, Sweep
from canasta._engine.tables import TOP, Tables, tables
from canasta._model.cards import (
    ALL_FACES,
    BLACK_THREES,
    NATURAL_FACES,
    SUITS,
    WILD_FACES,
    natural_face,
)
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind
from canasta._rules.ruleset import RuleSet

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_BLACK_MELD = MeldKind.BLACK_THREES

__all__ = ["going_out_possible", "plainly_stuck"]

_PER_RANK = len(SUITS)
_NATURALS = NATURAL_FACES.stop
_BLACK_THREE_FACES = frozenset(face.index for face in BLACK_THREES)
_WILD_FACES = frozenset(WILD_FACES)
#: Points no hand reaches: a going out that must be concealed is always "short" of them, so
#: that :func:`_discards` lets it end with a discard only where a concealed one may.
_ALWAYS_SHORT = 10**9


def going_out_possible(
    hand: Cards,
    melds: tuple[Meld, ...],
    rules: RuleSet,
    owed: int,
    exempt: bool,
    *,
    concealed: bool = False,
) -> bool:
    """Whether ``hand`` can be melded, all but at most one card that is discarded, leaving
    the side ``rules.canastas_to_go_out`` canastas and meld points of at least ``owed``.

    With ``exempt`` the points are not needed if the going out is concealed (CL-CONC-4), and
    then a discard is allowed only if ``rules.concealed_allows_discard``. With ``concealed``
    the going out must be concealed: no points are needed, and a discard is allowed only so.
    (The melds laid this turn are all the side's melds where either applies: the side opens.)
    """
    if not hand:
        return False
    t = tables(rules)
    quick = _quick_tests(hand, melds, t)
    if quick is None:
        return False
    nat, wilds, stray, layout, black_meld = quick
    counts = hand.counts
    escalera = rules.going_out_needs_natural_sequence
    several_wild = t.several or not layout.wilds
    new_wild = wild_meld_canastas(rules) if t.wild_melds and several_wild else (0,)
    search = _search(t, escalera, new_wild)
    black = sum(counts[face] for face in _BLACK_THREE_FACES)
    if concealed:
        owed, exempt = _ALWAYS_SHORT, True
    discards = _worth_trying(
        _discards(counts, nat, stray, hand.points, owed, exempt, rules), layout
    )
    # Made once a root is searched: many questions are refused at their roots (37 of the 63
    # of the Hollywood for three position of tests/data/slow26 with ask_permission).
    upside_down: tuple[bytes, Layout] | None = None
    troubled = -1  # the most wild cards a root found every natural melded refuted with
    room = wild_room(layout, t)
    for discard, naturals in _roots(discards):
        black_room = _black_room(black - (discard in _BLACK_THREE_FACES), black_meld, t)
        left_wilds = wilds - (discard in _WILD_FACES)
        if black_room is None or left_wilds > room + black_room:
            continue  # black threes no meld takes, or wild cards more than melds hold
        if troubled >= 0 and _still_in_trouble(left_wilds, naturals, troubled):
            continue
        told = _told(nat, layout, left_wilds, naturals, t)
        if left_wilds > troubled and (told is None or told[1]):
            troubled = left_wilds
        if told is None:
            continue
        if upside_down is None:
            started = last_step(counts, melds, layout, t)
            if started is None:
                return False
            search.late, layout = started  # a last step needed (merge_last)
            upside_down = _upside_down(nat, layout)
            search.forget(_REMEMBERED)
            search.weigh_owed = wilds_owed_at_least(nat, layout, wilds, t)
        top_first, turned = upside_down
        search.tried, search.discard_needed = told
        search.forced_at_positions = _forced_at_positions(left_wilds, search.discard_needed)
        root = _root_summary(search.late, discard)
        ways = (
            (top_first, left_wilds, turned, root, black_room, _faces(naturals)),
            (nat, left_wilds, layout, root, black_room, naturals),
        )
        if _either_way(search, ways):
            return True
    return False


def _root_summary(late: bool, discard: int) -> Summary:
    """The summary a root's search starts with: a step that may come last found unless a going
    out that melds every card needs one (``late``: ``merge_last``) and the root discards no
    card (``discard`` -1; a natural discard is a step of the search), as a discard is one."""
    return Summary(last=not late or discard >= 0)


def _black_room(left_black: int, black_meld: bool, t: Tables) -> int | None:
    """The wild cards a meld of the ``left_black`` black threes left in hand may hold (none
    if there are none), or ``None`` where no meld of them can take them (CL-B3-3): too few,
    too many, or the side has one already."""
    if not left_black:
        return 0
    if 3 <= left_black <= t.black_threes and not black_meld:
        return t.black_three_wilds
    return None


def plainly_stuck(hand: Cards, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether :func:`going_out_possible` refuses ``hand`` onto ``melds`` by the cheapest of
    its quick tests (:func:`_quick_tests`): :func:`_stray`, and where going out needs a
    natural sequence canasta, :func:`escalera_in_reach`; whatever the points owed, the
    discards allowed or whether the going out must be concealed: those tests read the hand,
    the melds and the rules only. For a question asked before the deal it is about is built
    (:meth:`~canasta._engine.verdicts.Verdicts.black_threes_legal`): where the answer is
    no, none is; where it is yes, the search's own tests follow."""
    t = tables(rules)
    nat, wilds = _hand_counts(hand.counts, t)
    if _stray(hand, nat, wilds, melds, t) is None:
        return True
    return rules.going_out_needs_natural_sequence and not escalera_in_reach(
        nat, encoded(melds, t)[0], t
    )


def _quick_tests(
    hand: Cards, melds: tuple[Meld, ...], t: Tables
) -> tuple[bytes, int, list[int], Layout, bool] | None:
    """The tests made before any search, the cheapest first: ``None`` where they rule going
    out out (:func:`_stray`: more than one card with nowhere to go, too few wild cards for
    the new melds the naturals need, too few cards for the canastas; too few wild cards for
    the naturals no meld takes without one, :func:`wilds_owed_short`; no natural sequence
    canasta in reach where going out needs one, :func:`escalera_in_reach`). Else what the
    search goes on with: the hand's natural counts (each rank's in its first face where
    there are no sequences, :func:`_hand_counts`), its wild cards, the card that must be the
    discard if one must (:func:`_stray`), and the melds encoded with whether one is of black
    threes (:func:`~canasta._engine.search.layout.encoded`)."""
    nat, wilds = _hand_counts(hand.counts, t)
    stray = _stray(hand, nat, wilds, melds, t)
    if stray is None:
        return None
    layout, black_meld = encoded(melds, t)
    if wilds_owed_short(nat, layout, wilds, t):
        return None
    if t.rules.going_out_needs_natural_sequence and not escalera_in_reach(nat, layout, t):
        return None
    return nat, wilds, stray, layout, black_meld


def _hand_counts(counts: bytes, t: Tables) -> tuple[bytes, int]:
    """The hand's natural counts, each rank's in its first face where there are no sequences
    (:func:`~canasta._engine.search.placing.folded`), and its wild cards."""
    nat = counts[:_NATURALS]
    return (nat if t.sequences else folded(nat)), sum(counts[face] for face in WILD_FACES)


def _either_way(search: Sweep, ways: tuple[SweepArgs, SweepArgs]) -> bool:
    """The search's answer from the ranks upside down or as they are (``ways``, the same
    question: :func:`_upside_down`), whichever finds it first: each is given a budget of
    positions in turn, the budget growing fourfold each round, so that a hand whose trouble
    lies at one end of the ranks is answered nearly as fast as searching from that end,
    whichever end it is: in positions, at most about eleven times (8/3 of four times) those
    of the better way alone, and fewer, since what an abandoned search decided is kept
    (:class:`~canasta._engine.search.sweep.Exhausted`) and not searched again. The way that
    answered the search's last question (:attr:`Sweep.lead`) goes first: the questions of
    one turn are about hands alike, whose trouble tends to lie at the same end.

    Where neither way answers within the first budget, the cards of the canastas are chosen
    first (:func:`~canasta._engine.search.cores.cores_answer`): too dear to ask of every
    hand, and most hands never come to it (none in 3,000 random decisions), but it answers
    at once some that the search answers only after hundreds of positions or thousands.
    Where they refused the last question they were asked (:attr:`Sweep.cores_led`), they
    are asked once the leading way has spent its first budget, before the other way's: the
    refusals of one turn are of hands alike, which fail alike (the Hollywood for two
    ``hand_size=60`` position of tests/data/slow26: seven refusals, each 64 positions of
    the other way spared but the first). A question they do not refuse clears the flag, so
    that each refusal leads to one question of the cores in vain at most. Where, besides,
    the question is a step or two from the one they refused (:func:`_near`), they are asked
    once the leading way has searched :data:`_NEAR_BUDGET` positions: in that position,
    five of the refusals (sequences of hearts with the two of clubs, each a card or two from
    the last refused) spent the leading way's 64 positions in vain, while its questions
    near a refusal that find a way find it within 16. A hand of one wild card is asked
    :func:`_one_wild_short` once the leading way has spent its first budget (or the near
    one), before the other way's and before the cores; where it refused the last question
    it was asked (:attr:`Sweep.one_wild_led`), before any search: the refusals of one turn
    are of hands alike (the Hollywood for five hand of tests/data/slow26 with
    ``min_naturals=2``: two questions, each right after one it refused, so refused at once
    rather than after 29 positions, and after 64 in vain)."""
    led = search.cores_led
    order = (search.lead, 1 - search.lead)
    one_wild = not search.one_wild_led  # whether _one_wild_short is still to be asked
    if not one_wild and _one_wild_short(search, ways):
        return False
    asked = False  # whether _asked_sooner was asked
    if led and _near(search, ways):
        found = _within(search, ways, order[0], _NEAR_BUDGET)
        if found is not None:
            return found
        answer = _asked_sooner(search, ways, led, one_wild)
        if answer is not None:
            return answer
        asked = True
    budget = _FIRST_BUDGET
    while True:
        for lead in order:
            if budget == _FIRST_BUDGET and lead != order[0] and not asked:
                answer = _asked_sooner(search, ways, led, one_wild)
                if answer is not None:
                    return answer
            found = _within(search, ways, lead, budget)
            if found is not None:
                return found
        if budget == _FIRST_BUDGET:
            answer = None if led else _cores_answer(search, ways)
            if answer is not None:
                return answer
        budget *= 4


def _within(
    search: Sweep, ways: tuple[SweepArgs, SweepArgs], lead: int, budget: int
) -> bool | None:
    """The answer of the way ``lead`` of ``ways`` (:func:`_either_way`) within ``budget``
    positions more (``None``: not within them; what it decided is kept), which then leads
    (:attr:`Sweep.lead`)."""
    search.budget = budget
    search.discards = None if search.tried is None else search.tried[lead]
    try:
        found = search.out(*ways[lead])
    except Exhausted:
        return None
    finally:
        search.budget = None
        search.discards = None
    search.lead = lead
    return found


def _asked_sooner(
    search: Sweep, ways: tuple[SweepArgs, SweepArgs], led: bool, one_wild: bool
) -> bool | None:
    """The answer, where one is known, once the leading way has spent its first budget
    (:func:`_either_way`): ``False`` where :func:`_one_wild_short` refuses the question
    (asked where ``one_wild``: not asked before), else the cores' where they refused the
    last question they were asked (``led``)."""
    if one_wild and _one_wild_short(search, ways):
        return False
    return _cores_answer(search, ways) if led else None


def _near(search: Sweep, ways: tuple[SweepArgs, SweepArgs]) -> bool:
    """Whether the question ``ways`` holds as many wild cards as the last one the cores
    refused (:attr:`Sweep.cores_refused`) and naturals that differ from its in
    :data:`_NEAR_CARDS` cards at most: a step or two apart, of a hand that likely fails
    alike, so that :func:`_either_way` asks the cores after :data:`_NEAR_BUDGET` positions
    rather than the first budget."""
    refused = search.cores_refused
    if refused is None or refused[1] != ways[1][1]:
        return False
    return sum(abs(a - b) for a, b in zip(ways[1][0], refused[0], strict=True)) <= _NEAR_CARDS


def _one_wild_short(search: Sweep, ways: tuple[SweepArgs, SweepArgs]) -> bool:
    """Whether the search's question, asked of a hand with one wild card, is refused by
    :func:`~canasta._engine.search.one_wild.one_wild_short`, which the search then remembers
    both ways (:meth:`Sweep.settle`); sets :attr:`Sweep.one_wild_led`. Asked where the
    leading way did not answer within its first budget only (or where it refused the last
    question it was asked, :func:`_either_way`): it asks ``forced_short`` of the hand with
    a natural card more for each place the wild card may take, which costs more than the
    many quick searches, found or refused, that never come to it (asked before any search:
    Samba for five with 40 cards, tests/data/slow26, 1,160 -> 1,317 million instructions
    to load). Before the other way's first budget rather than after it: the Hollywood for
    five hand with ``min_naturals=2`` 1,929 -> 1,842 million, its two refusals of 130
    positions now 65.

    Asked with the discards the search tries (:attr:`Sweep.tried`), where fewer, as
    :func:`_cores_answer` is: a plan that discards a card of another face melds the rest of
    the naturals with one wild card at most, which
    :func:`~canasta._engine.search.forced.discards_left` refuted (its faces left hold every
    discard that clears the trouble), so ``one_wild_short`` need rule out only the others
    (that hand: 8 or 9 faces of 19; its five questions cost some 8 ms either way)."""
    nat, wilds, layout, _, _, spare = ways[1]
    if search.tried is not None:  # the same answer: the others may not be the discard
        spare = search.tried[1]
    if wilds != 1:
        return False
    search.one_wild_led = one_wild_short(nat, layout, spare, search.t)
    if not search.one_wild_led:
        return False
    for way in ways:
        search.settle(False, *way)
    return True


def _cores_answer(search: Sweep, ways: tuple[SweepArgs, SweepArgs]) -> bool | None:
    """:func:`~canasta._engine.search.cores.cores_answer` of the search's question (asked of
    the ranks as they are), which the search remembers if it is an answer, both ways
    (:meth:`Sweep.settle`): the same question asked again in the turn (the Hollywood for
    two ``hand_size=60`` position of tests/data/slow26 asks 11 of them 19 times) is answered
    at once. Asked with the discards the search tries (:attr:`Sweep.tried`), where fewer,
    so that each choice of cores leaving one face at most to be the discard asks where the
    naturals must go (the ``hand_size=49`` position 1,746 -> 1,735 million instructions).
    Where that is one face and the hand needs its discard (:attr:`Sweep.discard_needed`),
    every plan discards a card of it (CL-OUT-1: one card at most): they are asked of the
    hand with it discarded and none to discard, the same question, whose choices of cores
    are no longer asked of the cards left with every card melded too (``forced_short`` of
    each, then with the discard: in the ``hand_size=60`` position, whose seven refusals are
    such hands, its eight questions of the cores ask ``forced.trouble`` 394 -> 210 times).
    Sets :attr:`Sweep.cores_led`."""
    nat, wilds, layout, _, black_room, spare = ways[1]
    if search.tried is not None:  # the same answer: the others may not be the discard
        spare = search.tried[1]
    if search.discard_needed and len(spare) == 1:
        nat, spare = _discarded(nat, spare), frozenset()
    answer = cores_answer(nat, wilds, layout, black_room, spare, search.t, search.new_wild)
    if answer and not ways[1][3].last:
        answer = None  # the cores know no last step (merge_last)
    search.cores_led = answer is False
    search.cores_refused = (ways[1][0], ways[1][1]) if answer is False else None
    if answer is not None:
        for way in ways:
            search.settle(answer, *way)
    return answer


def _discarded(nat: bytes, spare: frozenset[int]) -> bytes:
    """The naturals ``nat`` with one card of the one face of ``spare`` discarded."""
    (face,) = spare
    less = bytearray(nat)
    less[face] -= 1
    return bytes(less)


#: The positions each way may search in the first round of :func:`_either_way`.
_FIRST_BUDGET = 64
#: The positions the leading way may search before the cores are asked of a question
#: :func:`_near` the last one they refused (:func:`_either_way`).
_NEAR_BUDGET = 16
#: The natural cards in which a question differs from the last one the cores refused, at
#: most, for :func:`_near`.
_NEAR_CARDS = 4
#: The arguments of :meth:`Sweep.out`.
SweepArgs = tuple[bytes, int, Layout, Summary, int, frozenset[int]]


def _upside_down(nat: bytes, layout: Layout) -> tuple[bytes, Layout]:
    """The naturals and the melds with the ranks' order turned upside down (the ace where
    the four was, the king where the five was, and so on), so that the search, which places
    the lowest rank first (:mod:`~canasta._engine.search.sweep`), places the aces first.

    The question is the same: no rule of melds depends on which way the natural ranks run
    (a meld of one rank is the same meld whatever its rank; a sequence is a run of
    neighbouring ranks of one suit between the four and the ace, its wild cards and its
    length counted the same from either end), and points, the one thing that differs by
    rank, are settled before the search (:func:`_discards`). The answer is the same, but
    found sooner where a big hand cannot go out for a reason in its high ranks: the last
    cards the search used to reach, after every way of placing the low ranks (a hand of 40
    cards that must go out after black threes, whose jacks need its one wild card, took
    2.3 s a ``legal_moves()`` call)."""
    turned = Layout(
        tuple(sorted(group._replace(position=TOP - group.position) for group in layout.ranks)),
        tuple(sorted(run.upside_down() for run in layout.runs)),
        layout.wilds,
    )
    return bytes(map(nat.__getitem__, _TURNED)), turned


def _faces(spare: frozenset[int]) -> frozenset[int]:
    """The natural faces ``spare`` with the ranks turned upside down (:func:`_upside_down`)."""
    return frozenset(map(_TURNED.__getitem__, spare))


def _turned_face(face: int) -> int:
    """The face of the same suit whose rank is ``face``'s with the ranks upside down."""
    position, suit = divmod(face, _PER_RANK)
    return natural_face(TOP - position, suit)


#: :func:`_turned_face` of each natural face, by face.
_TURNED = tuple(_turned_face(face) for face in NATURAL_FACES)


@remembered(2)
def _search(t: Tables, escalera: bool, new_wild: tuple[int, ...]) -> Sweep:
    """The search for these numbers, with the positions it refuted before: the calls of one
    turn ask of hands that differ in a step or two (the cards of a meld laid or not), whose
    searches meet the same positions once past those cards' ranks. Sound because what a
    position's search finds depends on the position and these numbers alone; bounded by
    :data:`_REMEMBERED` positions each (about 0.75 kB a position: some 30 MB for the two
    searches kept at most; then forgotten, see :meth:`Sweep.forget`)."""
    return Sweep(t, escalera, new_wild)


#: The positions a search remembers refuted, at most, between calls.
_REMEMBERED = 20_000


def _roots(discards: list[int]) -> list[tuple[int, frozenset[int]]]:
    """The searches to make for ``discards`` (-1: no discard), in order: each a discard and
    the natural faces the search may leave out. The natural discards are tried in one search,
    which leaves out one card of them where it meets it (see Sweep.out), first: it melds
    every card too where it can (a plan that reaches the last card has discarded none), so
    that no search of melding every card is needed beside it. The others one by one."""
    spare = frozenset(face for face in discards if 0 <= face < NATURAL_FACES.stop)
    if not spare:
        return [(face, frozenset[int]()) for face in discards]
    return [
        (-1, spare),
        *((face, frozenset[int]()) for face in discards if face >= NATURAL_FACES.stop),
    ]


def _told(
    nat: bytes, layout: Layout, wilds: int, spare: frozenset[int], t: Tables
) -> tuple[tuple[frozenset[int], frozenset[int]] | None, bool] | None:
    """What the search of a root is told (:func:`_roots`): the natural faces of ``spare``
    whose discard it tries, the ranks upside down and as they are (``None``: every one;
    :attr:`~canasta._engine.search.sweep.Sweep.discards`), and whether the hand needs its
    discard (:attr:`~canasta._engine.search.sweep.Sweep.discard_needed`); ``None`` where the
    naturals cannot all be placed whichever of ``spare`` is the discard, by
    :func:`~canasta._engine.search.forced.forced_short`'s reasoning. Where they cannot with
    none, only the faces :func:`~canasta._engine.search.forced.discards_left` leaves need
    be tried."""
    left = discards_left(nat, layout, wilds, spare, t)
    if left is None:
        return None, False
    if not left:
        return None
    return (None if left == spare else (_faces(left), left)), True  # it needs its discard


def _forced_at_positions(wilds: int, discard_needed: bool) -> bool:
    """Whether the search of a root asks ``forced_short`` at its positions
    (:attr:`~canasta._engine.search.sweep.Sweep.forced_at_positions`): not where the hand
    holds no wild card (``wilds``) and needs its discard (:func:`_told`). There the faces
    the search tries are those whose discard clears the trouble the reasoning finds with
    every card melded, and at each position it finds that trouble again and clears it with
    a card still held: of the saved positions of ``tests/data/slow26``, Hollywood for five
    with ``min_naturals=2`` asked 104 such positions (7.8 ms of its found searches, whose
    hands melded both twos in a meld of one rank) and none was refuted, Samba for five with
    40 cards 71, 11 refuted (one position more searched without them), no other more than
    12. With a wild card, or with no discard needed, it refutes far more (in that hand 323
    of the 578 positions so asked)."""
    return wilds > 0 or not discard_needed


def _still_in_trouble(wilds: int, spare: frozenset[int], troubled: int) -> bool:
    """Whether a root (:func:`_roots`) with ``wilds`` wild cards and no natural discard
    (``spare`` empty: a wild card's, a black three's) is refused unasked (:func:`_told`):
    a root before it found the same naturals, every one melded, in trouble with
    ``troubled`` wild cards, as many or more (its answer ``None``, or that the hand needs
    its discard). :func:`~canasta._engine.search.forced.trouble` with ``w`` wild cards
    refutes every plan whose melds take the naturals with ``w`` wild cards at most: each
    of its steps counts the wild cards a meld or a sequence may take up to ``w``, and it
    refutes where those owed are more. A plan of this root melds every natural (a wild
    card's or a black three's discard leaves them all) with ``wilds`` wild cards, no more
    than ``troubled``: it is one of those plans. Fewer wild cards only ever mean more
    trouble. In the Hollywood for two ``hand_size=49`` position of ``tests/data/slow26``,
    whose wild card's roots each asked a ``forced.trouble`` in vain: 1,550 -> 1,531
    million instructions to load and list."""
    return not spare and wilds <= troubled


def _stray(
    hand: Cards, nat: bytes, wilds: int, melds: tuple[Meld, ...], t: Tables
) -> list[int] | None:
    """The quick tests, the cheapest first: ``None`` where they rule going out out, else the
    card that must be the discard (its face, in a list), if one must.

    Every card but one must have somewhere to go: each natural card (:func:`stuck_naturals`)
    and each wild card, where no meld takes one (:func:`wild_cards_meldable`), with the wild
    cards the melds they need take (:func:`wilds_short`), and there must be cards enough for
    the canastas (:func:`_may_have_canastas`)."""
    stuck = stuck_naturals(nat, melds, wilds, t)
    stray = [face for face, n in enumerate(stuck) if n] if any(stuck) else []
    unmelded = sum(stuck)
    if wilds and not wild_cards_meldable(t):
        stray += [face for face in WILD_FACES if hand.counts[face]]
        unmelded += wilds
    if unmelded > 1:
        return None  # more than the one discard can never be melded
    if not stray and wilds_short(nat, melds, wilds, t):
        return None
    if not _may_have_canastas(hand, nat, wilds, melds, t):
        return None
    return stray


def _may_have_canastas(
    hand: Cards, nat: bytes, wilds: int, melds: tuple[Meld, ...], t: Tables
) -> bool:
    """The quick test: enough cards in all, and by :func:`canasta_bound`, for the canastas
    going out needs."""
    rules = t.rules
    done = 0
    open_cards = len(hand)
    for meld in melds:
        if meld.kind is _BLACK_MELD:
            continue
        if rules.is_canasta(meld):
            done += 1
        else:
            open_cards += meld.size
    needed = rules.canastas_to_go_out
    if done + open_cards // t.canasta_size < needed:
        return False
    return done + canasta_bound(nat, wilds, melds, t) >= needed


def _discards(
    counts: bytes,
    nat: bytes,
    stray: list[int],
    total: int,
    owed: int,
    exempt: bool,
    rules: RuleSet,
) -> Iterator[int]:
    """The discards worth trying (face indices; -1 for melding every card): the one stray
    card if there is one (:func:`_stray`); otherwise none, then each face held, one wild card
    for all (twos and jokers differ only in points, asked here). A discard is skipped that
    leaves the owed points unmelded, unless the going out is exempt and may end with a
    discard."""
    faces = stray or [-1, *(face for face in range(len(counts)) if _held(counts, nat, face))]
    wild_tried = False
    for face in faces:
        points = 0 if face < 0 else ALL_FACES[face].points
        short = owed > 0 and total - points < owed
        if short and (not exempt or (face >= 0 and not rules.concealed_allows_discard)):
            continue
        if face in _WILD_FACES:
            if wild_tried:
                continue
            wild_tried = True
        yield face


def _worth_trying(discards: Iterable[int], layout: Layout) -> list[int]:
    """The ``discards`` (:func:`_discards`) but the natural cards of a rank the side has a
    meld of in ``layout``: a plan that discards one goes out as well with the card melded
    there instead, melding every card (CL-OUT-1): a meld of one rank has no largest size
    (CL-MELD-9), and the meld and the points melded only grow. The search of the natural
    discards tries melding every card too (:func:`_roots`), and may wherever it may discard
    a natural card (:func:`_discards`; the one card no meld takes, the only discard where
    there is one, has no meld of its rank). In the Hollywood for five hand of
    ``tests/data/slow26`` with ``min_naturals=2``, its aces, fives and sixes: the refused
    searches' positions 5,755 -> 5,345."""
    laid = {group.position for group in layout.ranks}
    return [face for face in discards if not (0 <= face < _NATURALS and face // _PER_RANK in laid)]


def _held(counts: bytes, nat: bytes, face: int) -> bool:
    """Whether the (folded, for naturals) hand holds ``face``."""
    return bool(nat[face] if face < len(nat) else counts[face])
