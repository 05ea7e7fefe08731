"""Game records: writing, reading, replaying, and refusing bad records with a clear message."""

from __future__ import annotations

import datetime
import io
import json
import random
import re
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import classic_six_player
from play_helpers import random_walk, rule_sets
from profiles import examples

import canasta
from canasta import Discard, Draw, Game, RuleSet
from canasta.bots import GreedyBot
from canasta.records import FORMAT_VERSION, Record, RecordError, dump, dumps, load, loads

seeds = st.integers(min_value=0, max_value=2**32)


def played(rules: RuleSet, seed: int, deals: int) -> list[Game]:
    """Every state of random play of ``deals`` deals (fewer if the match ends)."""
    rng = random.Random(seed)
    states = [Game.new(rules, seed=seed)]
    for _ in range(deals):
        if states[-1].is_over:
            break
        states += list(random_walk(states[-1], rng))[1:]
    return states


def greedy_match(players: int, seed: int, target: int = 50) -> Game:
    """A whole match between greedy bots, to a small target."""
    rules = canasta.find_rules("classic", players=players).with_options(target_score=target)
    game, rng = Game.new(rules, seed=seed), random.Random(seed)
    while not game.is_over:
        game = game.apply(GreedyBot().choose(game.view(game.to_move), rng))
    return game


# --- round trips ---------------------------------------------------------------------------


@settings(max_examples=examples(20))
@given(
    rules=rule_sets,
    seed=seeds,
    deals=st.sampled_from([1, 2]),
    target=st.sampled_from([None, 5, 1000]),
)
def test_replaying_a_record_reproduces_every_state(
    rules: RuleSet, seed: int, deals: int, target: int | None
) -> None:
    if target is not None:
        rules = rules.with_options(target_score=target)
    states = played(rules, seed, deals)
    game = states[-1]
    text = dumps(game)
    record = loads(text)
    assert record.rules == rules
    assert record.seed == seed
    assert record.moves == game.moves
    assert record.game() == game
    assert list(record.replay()) == states
    assert (record.headers["Result"] == "*") is not game.is_over


def test_a_finished_match() -> None:
    game = greedy_match(players=2, seed=58)
    text = dumps(game, event="Club night", names=["Ann", "Bob"])
    assert text.startswith(
        '[Format "2"]\n[Event "Club night"]\n[Rules "classic"]\n[Players "2"]\n'
        '[Options "target_score=50"]\n[Seed "58"]\n[P0 "Ann"]\n[P1 "Bob"]\n'
        '[Result "1935 1065; side 0 (P0) wins"]\n[Moves "106"]\n\nDeal 1\n  1. P0 draw; meld '
    )
    assert text.endswith("\nDeal 1 ends: P0 went out; scores 1935 1065; totals 1935 1065\n")
    record = loads(text)
    assert record.game() == game
    assert dumps(record) == text
    assert record.names == ("Ann", "Bob")
    assert record.headers["Event"] == "Club night"


def test_turns_group_the_ask_and_the_partners_answer() -> None:
    rules = canasta.find_rules("classic", players=4)
    game, rng = Game.new(rules, seed=0), random.Random(0)
    while game.deal_number == 0:
        moves = list(game.legal_moves())
        asks = [move for move in moves if isinstance(move, canasta.Ask)]
        game = game.apply(asks[0] if asks else rng.choice(moves))
    text = dumps(game)
    assert " 44. P3 draw; ask; P1 no; meld 7D 7D JK; discard 8D\n" in text
    assert " 50. P1 draw; ask; P3 yes; add 7 7C; add J JC; discard 8S\n" in text
    assert "\nDeal 1 ends: P1 went out; scores 75 1525; totals 75 1525\n\nDeal 2\n" in text
    assert loads(text).game() == game


def test_dump_and_load_use_files() -> None:
    game = Game.new("classic", players=3, seed=11).apply(Draw())
    out = io.StringIO()
    dump(game, out, date=datetime.date(2025, 1, 31), site="Kitchen table")
    assert '[Site "Kitchen table"]\n[Date "2025-01-31"]\n' in out.getvalue()
    out.seek(0)
    record = load(out)
    assert record.game() == game
    assert record.headers["Date"] == "2025-01-31"
    assert record.names == (None, None, None)


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        (canasta.find_rules("classic", players=4), None),
        (
            canasta.RuleSet(one_card_pile_rule=False, target_score=3000),
            "target_score=3000 one_card_pile_rule=false",
        ),
        (
            canasta.RuleSet(wild_ratio="naturals_gt_wilds", name="House rules"),
            'name="House rules" wild_ratio=naturals_gt_wilds',
        ),
        (
            canasta.RuleSet(initial_meld_table=((None, 15), (0, 60))),
            "initial_meld_table=[[null,15],[0,60]]",
        ),
        (
            classic_six_player(pack="two"),
            "decks=2 hand_size=11 canastas_to_go_out=1 red_three_special_amounts=[] "
            "six_player_pack=two",
        ),
        (classic_six_player(six_player_sides=3), "six_player_sides=3"),
    ],
)
def test_options_are_the_fields_that_differ_from_the_preset(
    rules: RuleSet, options: str | None
) -> None:
    game = Game.new(rules, seed=1)
    text = dumps(game)
    assert loads(text).rules == rules
    if options is None:
        assert "[Options" not in text
    else:
        assert f"[Options {json.dumps(options)}]" in text.splitlines()


@pytest.mark.parametrize(
    ("seed", "header"),
    [
        (7, '[Seed "7"]'),
        (-5, '[Seed "-5"]'),
        ("tuesday", '[Seed "tuesday"]'),
        ("7", '[Seed "\\"7\\""]'),
        ('"quoted"', '[Seed "\\"\\\\\\"quoted\\\\\\"\\""]'),
        ("007", '[Seed "007"]'),
    ],
)
def test_seeds_keep_their_type(seed: int | str, header: str) -> None:
    game = Game.new("classic", players=2, seed=seed).apply(Draw())
    text = dumps(game)
    assert header in text.splitlines()
    record = loads(text)
    assert record.seed == seed
    assert type(record.seed) is type(seed)
    assert record.game() == game


def test_headers_with_quotes_and_unicode_round_trip() -> None:
    game = Game.new("classic", players=2, seed=1)
    text = dumps(game, event='The "big" night\tout', names=["Zoë", "李"])
    record = loads(text)
    assert record.headers["Event"] == 'The "big" night\tout'
    assert record.names == ("Zoë", "李")
    assert dumps(record) == text


def test_names_need_one_entry_per_player() -> None:
    game = Game.new("classic", players=2, seed=1)
    with pytest.raises(ValueError, match="names needs 2 entries"):
        dumps(game, names=["Ann"])
    assert loads(dumps(game, names=[None, "Bob"])).names == (None, "Bob")


def test_a_record_value() -> None:
    record = Record(
        rules=canasta.find_rules("classic", players=2),
        seed=3,
        moves=[(0, Draw()), (0, Discard("3S"))],
        headers={"Event": "practice"},
    )
    assert len(list(record.replay())) == 3
    assert record.game().to_move == 1
    again = loads(dumps(record))
    assert (again.rules, again.seed, again.moves) == (record.rules, record.seed, record.moves)
    assert again.headers["Event"] == "practice"
    assert hash(record) == hash(attrs.evolve(record, headers={}))


# --- what cannot be recorded ----------------------------------------------------------------


def test_a_game_set_up_by_hand_cannot_be_recorded() -> None:
    game = Game.from_position(
        "classic",
        hands=["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        pile="KD 8C",
    )
    with pytest.raises(ValueError, match=r"Game\.from_position"):
        dumps(game)
    with pytest.raises(ValueError, match="does not reproduce it"):
        dumps(game.apply(Draw()))


def test_a_changed_game_cannot_be_recorded() -> None:
    game = Game.new("classic", players=2, seed=3).apply(Draw())
    with pytest.raises(ValueError, match="does not reproduce it"):
        dumps(attrs.evolve(game, scores=(100, 0)))


# --- reading: forgiving where it can be ------------------------------------------------------

SHORT = """\
[Rules "classic"]
[Players "2"]
[Seed "3"]

Deal 1
  1. P0 draw; discard 3S
  2. P1 draw
"""


def test_comments_blank_lines_and_spacing_are_skipped() -> None:
    text = """\
; a game from the club
[rules   "Classic"]
[PLAYERS "2"]

[seed "3"]
{ the first deal
  of the evening }
deal 1
1.p0 DRAW ;  Discard 3s   { a stop card }
; P1 thinks
2 . draw
"""
    assert loads(text).moves == loads(SHORT).moves


def test_turn_numbers_deal_lines_and_results_are_optional() -> None:
    record = loads('[Rules "classic"]\n[Players "2"]\n[Seed "3"]\nP0 draw\ndiscard 3S\ndraw\n')
    assert record.moves == loads(SHORT).moves
    assert record.moves[-1] == (1, Draw())


def test_the_players_header_defaults_to_the_presets_count() -> None:
    record = loads('[Rules "classic"]\n[Seed "3"]\n')
    assert record.rules.num_players == 4
    assert record.moves == ()
    assert record.game() == Game.new("classic", seed=3)


# --- reading: bad records --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[Rules "classic"]\n[Seed "3"]\n[Colour "blue"]\n', 3, "unknown header 'Colour'"),
        ('[Rules "classic"]\n[Seed "3"]\n[P4 "Eve"]\n', 3, "no player P4 among 4 players"),
        ('[Players "2"]\n[Seed "3"]\n', None, "no Rules header"),
        ('[Rules "classic"]\n[Players "2"]\n', None, "no Seed header"),
        ('[Rules "pinochle"]\n[Seed "3"]\n', 1, "unknown rule set 'pinochle'"),
        ('[Rules "classic"]\n[Players "7"]\n[Seed "3"]\n', 2, "not 7"),
        ('[Rules "classic"]\n[Players "two"]\n[Seed "3"]\n', 2, "must be a number"),
        ('[Rules "classic"]\n[Seed "3"]\n[Seed "4"]\n', 3, "Seed header is given twice"),
        ('[Format "3"]\n[Rules "classic"]\n[Seed "3"]\n', 1, "format '3' is not known"),
        ('[Rules classic]\n[Seed "3"]\n', 1, 'written [Name "value"]'),
        ('[Rules "classic\\q"]\n[Seed "3"]\n', 1, "badly quoted"),
        ('[Rules "classic"]\n[Seed "\\"3"]\n', 2, "one JSON string"),
        (
            '[Rules "classic"]\n[Options "colour=blue"]\n[Seed "3"]\n',
            2,
            "unknown option 'colour'",
        ),
        (
            '[Rules "classic"]\n[Options "targte_score=100"]\n[Seed "3"]\n',
            2,
            "unknown option 'targte_score' (did you mean target_score?): the options are",
        ),
        (
            '[Rules "classic"]\n[Options "hand_size=0"]\n[Seed "3"]\n',
            2,
            "bad options: hand_size must be a whole number ≥ 1; got 0",
        ),
        (
            '[Rules "classic"]\n[Options "wild_ratio=lots"]\n[Seed "3"]\n',
            2,
            "wild_ratio must be one of",
        ),
        (
            '[Rules "classic"]\n[Options "tie_rule=[draw"]\n[Seed "3"]\n',
            2,
            "must be JSON or a plain word, not '[draw'",
        ),
        ('[Rules "classic"]\n[Options "tie_rule"]\n[Seed "3"]\n', 2, "written name=value"),
        (
            '[Rules "classic"]\n[Options "num_players=2"]\n[Seed "3"]\n',
            2,
            "the Players header sets",
        ),
        (
            '[Rules "classic"]\n[Options "decks=3 decks=3"]\n[Seed "3"]\n',
            2,
            "decks is given twice",
        ),
        (
            '[Rules "classic"]\n[Options "name=5"]\n[Seed "3"]\n',
            2,
            "the option name must be text",
        ),
        (SHORT + "P1 fly\n", 8, "not a move: 'fly' is not a move; moves are: draw"),
        (SHORT + "  2. P1 discard 1Z\n", 8, "not a move: 'discard 1Z'"),
        (
            SHORT.replace("discard 3S", "discard 4C"),
            6,
            "P0 discard 4C is illegal: CL-DISC-1: you do not hold 4C",
        ),
        (
            SHORT.replace("P1 draw", "P1 take"),
            7,
            "P1 take is illegal: CL-PILE-2: the top card 3S is a stop card",
        ),
        (SHORT.replace("2. P1 draw", "2. P0 draw"), 7, "P0 plays out of turn; it is P1's move"),
        (SHORT.replace("2. P1", "2. P2"), 7, "there is no player P2 among 2 players"),
        (SHORT.replace("2. P1", "3. P1"), 7, "this is turn 2 of deal 1, not turn 3"),
        (SHORT.replace("draw; discard", "draw;; discard"), 6, "a move is missing"),
        (SHORT.replace("P0 draw;", "P0 draw; P0;"), 6, "P0 makes no move"),
        (SHORT.replace("Deal 1", "Deal 2"), 5, "deal 2 has not started"),
        (SHORT + "Deal 1\n", 8, "'Deal 1' comes after moves of deal 1"),
        (SHORT + "Deal 1 ends: P0 went out\n", 8, "deal 1 has not ended"),
        (SHORT + '[Event "late"]\n', 8, "headers must come before the moves"),
        (SHORT + "{ a comment\n", 8, "comment opened with '{' is not closed"),
        (SHORT + "draw }\n", 8, "'}' closes no comment"),
        (
            SHORT.replace('[Seed "3"]', '[Seed "3"]\n[Result "100 0; side 0 (P0) wins"]'),
            4,
            "the Result header says '100 0; side 0 (P0) wins', but the moves give '*'",
        ),
    ],
)
def test_bad_records_say_where_and_what(text: str, line: int | None, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        loads(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.line == line
    assert message in error.message
    assert str(error) == (error.message if line is None else f"line {line}: {error.message}")


def test_a_move_after_the_end_of_the_game() -> None:
    text = dumps(greedy_match(players=2, seed=58))
    with pytest.raises(RecordError, match="the game is over"):
        loads(text + "P1 draw\n")
    with pytest.raises(RecordError, match="the game is over"):
        loads(text + "draw\n")


def test_a_wrong_deal_end_line() -> None:
    text = dumps(greedy_match(players=2, seed=58))
    bad = text.replace("scores 1935 1065", "scores 1935 1060")
    line = bad.splitlines().index("Deal 1 ends: P0 went out; scores 1935 1060; totals 1935 1065")
    with pytest.raises(RecordError) as caught:
        loads(bad)
    assert caught.value.line == line + 1
    assert "the moves give 'Deal 1 ends: P0 went out; scores 1935 1065" in caught.value.message


def test_a_wrong_result_header() -> None:
    text = dumps(greedy_match(players=2, seed=58))
    with pytest.raises(RecordError, match="the moves give '1935 1065; side 0"):
        loads(text.replace('[Result "1935 1065; side 0 (P0) wins"]', '[Result "*"]'))


def test_loads_needs_text() -> None:
    with pytest.raises(RecordError, match=r"a record is text, not b.* \(bytes\)"):
        loads(b'[Rules "classic"]')  # type: ignore[arg-type]


# --- arbitrary input ------------------------------------------------------------------------

_VALID = dumps(greedy_match(players=2, seed=58), event="Club {night}").splitlines()


@st.composite
def mangled_records(draw: st.DrawFn) -> str:
    """A valid record with a few lines deleted, repeated, swapped or edited."""
    lines = list(_VALID)
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "repeat", "swap", "edit", "insert"]))
        if action == "delete":
            del lines[index]
        elif action == "repeat":
            lines.insert(index, lines[index])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "edit":
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            lines[index] = line[:at] + draw(st.text(max_size=4)) + line[at + 1 :]
        else:
            lines.insert(index, draw(st.text(max_size=30)))
        if not lines:
            break
    return "\n".join(lines)


@settings(max_examples=examples(150))
@given(
    st.one_of(
        st.text(),
        st.text(alphabet='[]"{};.=\\ \nPp0123456789draw'),
        mangled_records(),
        st.builds(
            lambda body: f'[Rules "classic"]\n[Players "2"]\n[Seed "3"]\n{body}',
            st.text(alphabet="Pp0123;. drawdiscard3S{}\n"),
        ),
        st.builds(
            lambda options: f'[Rules "classic"]\n[Options {json.dumps(options)}]\n[Seed "3"]',
            st.text(alphabet="abcdefghijklmnopqrstuvwxyz_=[]{}\"', 0123456789-.eE"),
        ),
    )
)
def test_any_text_gives_a_record_or_a_record_error(text: str) -> None:
    try:
        record = loads(text)
    except RecordError:
        return
    assert isinstance(record, Record)
    assert record.game() is not None


def test_the_format_version() -> None:
    assert FORMAT_VERSION == "2"
    assert dumps(Game.new("classic", seed=1)).startswith('[Format "2"]\n')


# --- Hollywood ------------------------------------------------------------------------------


def hollywood_deal(seed: int, **options: object) -> Game:
    """One deal of two-player Hollywood between greedy bots (or fewer moves, at most 2000)."""
    rules = canasta.find_rules("hollywood", players=2).with_options(**options)
    game, rng = Game.new(rules, seed=seed), random.Random(seed)
    for _ in range(2000):
        if game.results:
            break
        game = game.apply(GreedyBot().choose(game.view(game.to_move), rng))
    return game


def test_a_hollywood_record_round_trips_with_moves_that_name_melds() -> None:
    game = hollywood_deal(3)
    text = dumps(game, names=["Ann", "Bob"])
    assert '[Rules "hollywood"]' in text.splitlines()
    assert '[Players "2"]' in text.splitlines()
    assert "[Options" not in text
    assert re.search(r"; add #[0-9]+ ", text)  # Hollywood names a meld by its number
    record = loads(text)
    assert record.rules == game.rules
    assert record.moves == game.moves
    assert record.game() == game


def test_hollywood_options_and_every_new_move_form_are_read() -> None:
    game = hollywood_deal(5, wild_top_layoff_to_wild_meld=True, target_score=2000)
    text = dumps(game)
    assert '[Options "target_score=2000 wild_top_layoff_to_wild_meld=true"]' in text
    assert loads(text).game() == game
    for move in ("take #1", "take 8H 9H", "meld 8H 9H 10H JK wild=J", "add #2 JK wild=10"):
        assert str(canasta.parse_move(move)) == move
    assert str(canasta.parse_move("merge #0 #3")) == "merge #0 #3"


# --- how much of the game a record holds (issue 26) ----------------------------------------


def _two_moves() -> Game:
    """Two-player Classic from seed 3 after ``draw; discard 3S``."""
    return (
        Game.new("classic", players=2, seed=3)
        .apply(Draw())
        .apply(Discard(canasta.Card.parse("3S")))
    )


def _cut_records(text: str) -> Iterator[str]:
    """``text`` cut after each line of its moves but the last (the headers kept whole)."""
    head, body = text.split("\n\n", 1)
    lines = body.rstrip("\n").split("\n")
    for keep in range(len(lines) - 1):
        yield head + "\n\n" + "\n".join(lines[:keep]) + "\n"


@pytest.mark.parametrize("target", [None, 50])
def test_a_record_cut_short_is_refused_naming_the_moves_header(target: int | None) -> None:
    """Every truncation of the moves (a game in progress, a finished match, cut in a turn, at
    the end of a deal or at the start of the next) is refused, none read as a shorter game."""
    rules = canasta.find_rules("classic", players=2)
    if target is not None:
        rules = rules.with_options(target_score=target)
    game, rng = played(rules, seed=58, deals=1)[-1], random.Random(58)
    if not game.is_over:  # into the second deal, so that a cut falls at the first one's end
        game = game.apply(canasta.NextDeal())
        for _ in range(5):
            game = game.apply(rng.choice(list(game.legal_moves())))
    text = dumps(game)
    assert loads(text).game() == game
    moves_line = text.split("\n").index(f'[Moves "{len(loads(text).moves)}"]') + 1
    cuts = list(_cut_records(text))
    assert len(cuts) > 40
    ends = [cut for cut in cuts if cut.rstrip().split("\n")[-1].startswith("Deal 1 ends")]
    assert bool(ends) is not game.is_over
    for cut in cuts:
        with pytest.raises(RecordError) as caught:
            loads(cut)
        assert caught.value.line == moves_line, cut
        assert "it is cut short" in caught.value.message


def test_a_record_cut_in_a_turn_is_refused() -> None:
    game = Game.new("classic", players=2, seed=3)
    for text in ["draw", "discard 3S"]:
        game = game.apply(canasta.parse_move(text))
    text = dumps(game).replace("\n  1. P0 draw; discard 3S", "\n  1. P0 draw")
    with pytest.raises(RecordError, match=r"line 6: the Moves header says 2 moves, but the re"):
        loads(text)


def test_moves_added_to_a_record_are_refused() -> None:
    game = Game.new("classic", players=2, seed=3)
    text = dumps(game.apply(Draw()).apply(Discard(canasta.Card.parse("3S"))))
    with pytest.raises(RecordError, match=r"line 6: the Moves header says 2 moves, but the rec"):
        loads(text + "  2. P1 draw\n")


def test_the_moves_header_counts_the_next_deal() -> None:
    """The record of a game at a deal's end and of the same game after NextDeal differ in
    their Moves header (and their ``Deal 2`` line): neither passes for the other."""
    ended = played(canasta.find_rules("classic", players=2), seed=5, deals=1)[-1]
    assert ended.phase is canasta.Phase.OVER
    assert not ended.is_over
    after = ended.apply(canasta.NextDeal())
    at_end, next_deal = dumps(ended), dumps(after)
    assert len(loads(next_deal).moves) == len(loads(at_end).moves) + 1
    assert next_deal.endswith("\n\nDeal 2\n")
    assert loads(next_deal).game() == after
    with pytest.raises(RecordError, match="it is cut short"):
        loads(next_deal.removesuffix("\nDeal 2\n"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Format "2"]\n', ""), None),
        (lambda t: t.replace('[Format "2"]', '[Format "1"]'), None),
        (lambda t: t.replace('[Moves "2"]', '[Moves "two"]'), "Moves must be a number"),
        (lambda t: t.replace('[Moves "2"]\n', ""), "has a Moves header"),
    ],
)
def test_records_without_a_moves_header(change: Callable[[str], str], message: str | None) -> None:
    """A format 1 record (or one without a Format header) is read without the count; a
    format 2 record must have it, so a record whose headers were cut short is refused."""
    game = (
        Game.new("classic", players=2, seed=3)
        .apply(Draw())
        .apply(Discard(canasta.Card.parse("3S")))
    )
    text = dumps(game)
    if message is None:
        assert loads(change(text.replace('[Moves "2"]\n', ""))).game() == game
        assert loads(change(text)).game() == game  # a Moves header is checked in any format
    else:
        with pytest.raises(RecordError, match=message):
            loads(change(text))


def test_an_old_record_is_written_again_in_the_new_format() -> None:
    old = '[Format "1"]\n[Rules "classic"]\n[Players "2"]\n[Seed "3"]\n\n1. P0 draw; discard 3S\n'
    text = dumps(loads(old))
    assert text.startswith('[Format "2"]\n')
    assert '[Moves "2"]\n' in text
    assert loads(text).game() == loads(old).game()


def test_a_move_the_options_forbid_is_refused_naming_the_options_header() -> None:
    game = (
        Game.new("classic", players=2, seed=3)
        .apply(Draw())
        .apply(Discard(canasta.Card.parse("3S")))
    )
    text = dumps(game)
    changed = text.replace('[Seed "3"]', '[Options "hand_size=11"]\n[Seed "3"]')
    with pytest.raises(RecordError) as caught:
        loads(changed)
    assert caught.value.line == 10
    assert caught.value.message == (
        "P0 discard 3S is illegal under the Options header (line 4): CL-DISC-1: you do not "
        "hold 3S; without those options it is legal"
    )


def test_a_move_no_rules_allow_is_not_blamed_on_the_options() -> None:
    game = (
        Game.new("classic", players=2, seed=3)
        .apply(Draw())
        .apply(Discard(canasta.Card.parse("3S")))
    )
    text = dumps(game).replace('[Seed "3"]', '[Options "target_score=3000"]\n[Seed "3"]')
    text = text.replace("discard 3S", "discard 4C")
    with pytest.raises(RecordError) as caught:
        loads(text)
    assert caught.value.message == "P0 discard 4C is illegal: CL-DISC-1: you do not hold 4C"


def test_a_move_the_options_need_is_refused_without_them() -> None:
    """The record of a game under house rules, its Options header removed, no longer
    replays: the first move the preset forbids is refused, with no Options header to blame."""
    rules = canasta.find_rules("classic", players=2).with_options(hand_size=11)
    game, rng = Game.new(rules, seed=4), random.Random(4)
    for _ in range(6):
        game = game.apply(rng.choice(list(game.legal_moves())))
    text = dumps(game)
    assert '[Options "hand_size=11"]\n' in text
    with pytest.raises(RecordError) as caught:
        loads(text.replace('[Options "hand_size=11"]\n', ""))
    assert "Options header" not in caught.value.message
    assert "is illegal" in caught.value.message
