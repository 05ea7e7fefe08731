"""``canasta play`` through piped input and scripted players: the table, moves in words,
refusals with their rule, hints, undo, saving and resuming, the end of a deal, the width."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import run, too_wide

import canasta
from canasta import Game
from canasta.cli import build_parser, play
from canasta.records import loads


def first_legal_move(prompt: str, game: Game) -> str:
    """A scripted person: always the first legal move, typed in the move notation."""
    return str(next(iter(game.legal_moves())))


def flat(text: str) -> str:
    """``text`` with every run of white space one space: wrapped lines joined again."""
    return " ".join(text.split())


def scripted(argv: list[str], person: Callable[[str, Game], str | None]) -> str:
    """What ``canasta play ARGV`` shows to a person played by ``person``."""
    screen = io.StringIO()
    assert play(build_parser().parse_args(["play", *argv]), person, screen) == 0
    return screen.getvalue()


# --- the table, moves, refusals ------------------------------------------------------------


def test_play_shows_the_table_and_refuses_an_illegal_move_with_its_rule_and_link(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(
        ["play", "--seed", "3", "--color", "never"], monkeypatch, "discard 4C\ntake\nmoves\nhelp\n"
    )
    assert (code, err) == (0, "")
    assert "Players 0: you, 1: greedy, 2: greedy, 3: greedy." in out
    assert "Your hand (11):" in out
    assert "[draw] > discard 4C\n  Not allowed (CL-TURN-1): draw from the stock" in out
    assert "[draw] > take\n  Not allowed (CL-PILE-5): your side has not melded" in out
    link = canasta.rule_url("CL-PILE-5")
    assert f"The rule ('rule' shows it here): {link}" in flat(out)
    assert f"\n  {link}\n" in out  # the address whole, on a line of its own
    assert "Legal moves (type one, or its number):\n   1. draw\n" in out
    assert "take 7H 7D" in out  # the help
    assert out.endswith("Goodbye.\n")


def test_rule_in_a_game_shows_the_refused_rules_text(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(
        ["play", "--seed", "3", "--color", "never"],
        monkeypatch,
        "rule\ntake\nrule\nrule cl-turn-1\nrule CL-NOPE-1\n",
    )
    assert code == 0
    assert "Name a rule, such as: rule CL-PILE-5." in out  # nothing refused yet
    assert "[draw] > rule\nCL-PILE-5  (" in out
    assert "CL-PILE-5 Frozen for the side (globally frozen" in flat(out)
    assert "[draw] > rule cl-turn-1\nCL-TURN-1  (" in out
    assert "there is no rule CL-NOPE-1" in out


def test_moves_are_echoed_in_words_and_the_table_redrawn_after_each_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, _ = run(
        ["play", "--seed", "7", "--color", "never"], monkeypatch, "draw\n4\ndiscard 5S\n"
    )
    assert code == 0
    assert "[draw] > draw\n  You draw 7♦ (and the red three 3♦, laid on the table).\n" in out
    assert "[meld] > 4\n  You meld 8♦ 8♥ JK.\n" in out  # move 4 of the list
    assert "[meld] > discard 5S\n  You discard 5♠.\nPlayer 1: draws; discards 3♠\n" in out
    # The table before each of the three steps, then once more after the bots' turns.
    assert out.count("Deal 1, turn ") == 4
    assert "       8: 8♦ 8♥ JK\n" in out


def test_unknown_words_get_did_you_mean_not_the_whole_grammar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, _ = run(
        ["play", "--seed", "3", "--color", "never"], monkeypatch, "drwa\nfly\nundoo\ndiscard\n"
    )
    assert code == 0
    assert "'drwa' is not a move or a command (did you mean draw?)" in out
    assert "'fly' is not a move or a command: type 'help' for them all." in out
    assert "'undoo' is not a move or a command (did you mean undo?)" in out
    assert "'discard' is not a move: write discard 4C." in out
    assert "moves are:" not in out
    assert "merge" not in out  # Classic names melds by rank: no Hollywood moves


def test_hint_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(
        ["play", "--seed", "7", "--color", "never"], monkeypatch, "hint\ndraw\nhint\n"
    )
    assert code == 0
    assert (
        "The greedy bot would play: draw, because you may not take the pile (CL-PILE-5: your "
        "side has not melded: take it only by showing two natural 10s from your hand)."
        in flat(out)
    )
    assert re.search(
        r"The greedy bot would play: meld 7C 7D JK, because it counts toward your side's "
        r"opening \(60 points; the minimum is 50\)\.",
        flat(out),
    )


def test_play_numbers_and_seat_and_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(
        ["play", "--seed", "7", "--seat", "1", "--color", "always"], monkeypatch, "9\n1\n"
    )
    assert code == 0
    assert "You are player 1." in out
    assert "Player 0: draws; " in out  # a bot played first
    assert "There is no move 9" in out
    assert "\033[31m" in out  # red suits in colour


def test_play_leaves_cleanly_on_quit_end_of_input_and_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, _ = run(["play", "--seed", "3", "--players", "2"], monkeypatch, "draw\nq\n")
    assert code == 0
    assert "Your hand (17):" in out  # 15 dealt, two drawn (CL-V2-2)
    assert out.endswith(
        "You leave the game. Scores: side 0 0, side 1 0.\n"
        "The game is not saved ('canasta play --save FILE' saves it as it goes).\n"
        "Goodbye.\n"
    )
    code, out, _ = run(["play", "--seed", "3"], monkeypatch, "draw\n")
    assert "End of input. Scores: side 0 0, side 1 0.\n" in out

    def interrupted(prompt: str, game: Game) -> str | None:
        raise KeyboardInterrupt

    assert scripted(["--seed", "3"], interrupted).endswith("Goodbye.\n")


def test_play_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["play", "--demo", "--seed", "7", "--color", "never"], monkeypatch)
    assert code == 0
    assert "Players 0: greedy, 1: greedy, 2: greedy, 3: greedy." in out
    assert "Player 0: draws; " in out
    assert "End of deal 1: player 2 went out." in out
    assert "(Enter" not in out  # nobody to wait for
    assert out.endswith("That was a demo: run 'canasta play' in a terminal to play a match.\n")


# --- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_the_persons_own_steps_of_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    typed = "draw\nmeld 8D 8H JK\nundo\nundo\nundo\nmoves\n"
    code, out, _ = run(["play", "--seed", "7", "--color", "never"], monkeypatch, typed)
    assert code == 0
    assert "[meld] > undo\n  Taken back: you meld 8♦ 8♥ JK.\n" in out
    assert "[meld] > undo\n  Taken back: you draw 7♦ (and the red three 3♦" in out
    assert "[draw] > undo\n  There is nothing of yours to take back in this deal.\n" in out
    assert "[draw] > moves\nLegal moves (type one, or its number):\n   1. draw\n" in out

    games: list[Game] = []
    lines = iter(["draw", "meld 8D 8H JK", "undo", "undo"])

    def person(prompt: str, game: Game) -> str | None:
        games.append(game)
        return next(lines, None)

    scripted(["--seed", "7"], person)
    start, drawn, melded, back, back_again = games
    assert (back, back_again) == (drawn, start)  # the very games from before the steps
    assert back is drawn
    assert back_again is start
    assert melded != drawn


def test_undo_against_bots_takes_back_the_last_whole_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games: list[Game] = []
    lines = iter(["draw", "discard 5S", "undo"])

    def person(prompt: str, game: Game) -> str | None:
        games.append(game)
        return next(lines, None)

    shown = scripted(["--seed", "7", "--color", "never"], person)
    drawn, after_bots, back = games[1:]
    assert "Taken back: you discard 5♠ and the other players' turns after it." in shown
    assert back is drawn  # before the discard: the person's turn again, in the meld phase
    assert after_bots.to_move == 0
    assert after_bots.phase is canasta.Phase.DRAW
    assert len(after_bots.moves) == len(drawn.moves) + 1 + 6  # three bots drew and discarded


# --- saving and resuming ---------------------------------------------------------------------


def test_save_writes_the_record_as_the_game_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short name: a path wider than the screen would wrap
    path = Path("game.txt")
    lines = iter(["draw", "discard 5S", "draw", "quit"])

    def person(prompt: str, game: Game) -> str | None:
        record = loads(path.read_text("utf-8"))
        assert record.game() == game  # saved before every prompt
        return next(lines)

    shown = scripted(["--seed", "7", "--bots", "greedy,random", "--save", str(path)], person)
    record = loads(path.read_text("utf-8"))
    assert record.names == ("you", "greedy", "random", "greedy")
    assert [str(move) for player, move in record.moves if player == 0] == [
        "draw",
        "discard 5S",
        "draw",
    ]
    assert flat(shown).endswith(
        f"You leave the game. Scores: side 0 0, side 1 0. The game is saved in {path}: "
        f"'canasta play --resume {path}' goes on. Goodbye."
    )


@pytest.mark.parametrize("name", ["game.txt", "game.json"])
def test_resume_goes_on_with_a_saved_game(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record or a JSON game: the same position, the same seats, saved to the same file."""
    monkeypatch.chdir(tmp_path)
    path = Path(name)
    seen: list[Game] = []

    def first(prompt: str, game: Game) -> str | None:
        seen.append(game)
        return first_legal_move(prompt, game) if len(seen) <= 3 else None

    argv = ["--seed", "7", "--seat", "2", "--bots", "random", "--color", "never"]
    scripted([*argv, "--save", str(path)], first)
    left = seen[-1]
    if name.endswith(".json"):
        assert Game.from_json(path.read_text("utf-8")) == left
    resumed: list[Game] = []

    def second(prompt: str, game: Game) -> str | None:
        resumed.append(game)
        return first_legal_move(prompt, game) if len(resumed) == 1 else None

    extra = ["--seat", "2", "--bots", "random"] if name.endswith(".json") else []
    shown = scripted(["--resume", str(path), "--color", "never", *extra], second)
    assert resumed[0] == left
    assert "Players 0: random, 1: random, 2: you, 3: random." in shown
    assert f"Going on with the game in {path}: deal 1, turn " in flat(shown)
    assert "You are player 2." in shown
    text = path.read_text("utf-8")
    saved = Game.from_json(text) if name.endswith(".json") else loads(text).game()
    assert saved == resumed[-1]
    assert len(saved.moves) > len(left.moves)


def test_save_and_resume_refuse_what_they_cannot_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    existing = tmp_path / "old.txt"
    existing.write_text("kept", "utf-8")
    code, _, err = run(["play", "--save", str(existing)], monkeypatch)
    assert code == 2
    assert f"{existing} exists: go on with it (--resume {existing})" in err
    assert existing.read_text("utf-8") == "kept"

    code, out, err = run(["play", "--resume", str(existing)], monkeypatch)
    assert (code, out) == (1, "")
    assert err.startswith(f"canasta play: {existing}: ")
    assert err.count("\n") == 1

    code, out, err = run(["play", "--resume", str(tmp_path / "none.txt")], monkeypatch)
    assert (code, out) == (1, "")
    assert "cannot read" in err

    position = Game.from_position(
        "classic", players=2, hands=["KH KS KD 5C", "4C 4D 4H 5D"], pile="9C"
    )
    json_path = tmp_path / "position.json"
    json_path.write_text(position.to_json(), "utf-8")
    code, _, err = run(
        ["play", "--resume", str(json_path), "--save", str(tmp_path / "p.txt")], monkeypatch
    )
    assert code == 2
    assert "cannot be recorded" in err
    assert "save it as JSON instead: --save NAME.json" in err


def test_CL_V3_3_play_cutthroat_sets_up_three_player_cutthroat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["play", "--cutthroat", "--seed", "7", "--color", "never", "--save", "cut.txt"]
    code, out, err = run(argv, monkeypatch, "draw\nquit\n")
    assert (code, err) == (0, "")
    assert "Canasta (classic, 3 players, cutthroat, to 7500); seed 7." in out
    assert "Players 0: you, 1: greedy, 2: greedy." in out
    rules = loads(Path("cut.txt").read_text("utf-8")).game().rules
    assert rules == canasta.RuleSet.classic(3, three_player_mode="cutthroat")
    assert (rules.cutthroat, rules.draw_count, rules.canastas_to_go_out) == (True, 2, 2)
    # CL-V3-3 after a stock draw of two: 13 dealt, 15 in hand.
    assert "Your hand (15):" in out
    # A resumed game keeps its rules; --target still sets the score.
    code, _, err = run(["play", "--resume", "cut.txt", "--cutthroat"], monkeypatch)
    assert code == 2
    assert "--cutthroat: a resumed game keeps the settings it was saved with" in err
    code, out, _ = run(["play", "--cutthroat", "--target", "3000", "--demo"], monkeypatch)
    assert "Canasta (classic, 3 players, cutthroat, to 3000)" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "4"], "--cutthroat is a game of three players (CL-V3-3), not 4"),
        (["--rules", "samba"], "three_player_mode='cutthroat' (CL-V3-3) pools melds by rank"),
        (["--rules", "pinochle"], "unknown rule set 'pinochle'"),
    ],
)
def test_CL_V3_3_play_cutthroat_refuses_what_it_cannot_be(
    argv: list[str], says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["play", "--cutthroat", "--demo", *argv], monkeypatch)
    assert (code, out) == (2, "")
    assert says in err


# --- the end of a deal -----------------------------------------------------------------------


def test_the_end_of_a_deal_waits_for_the_person(monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped: the line after the score breakdown is read before the next deal starts."""
    lines = "take\n" + "1\n" * 60 + "\nquit\n"
    argv = ["play", "--seed", "3", "--color", "never", "--bots", "greedy,random"]
    code, out, _ = run(argv, monkeypatch, lines)
    assert code == 0
    end = re.search(r"End of deal 1: player [0-3] went out\.", out).start()
    breakdown, rest = out[end:].split("(Enter: the next deal; quit: leave) > ", 1)
    assert re.search(r"\n  side +melds +canastas +red 3s +out +in hand +deal +total\n", breakdown)
    assert "Deal 2" not in breakdown
    assert rest.startswith("1\n")  # the line read at the pause
    assert "\nDeal 2, turn " in rest
    assert out.endswith("Goodbye.\n")

    prompts: list[str] = []
    games: list[Game] = []

    def person(prompt: str, game: Game) -> str | None:
        prompts.append(prompt)
        games.append(game)
        if prompt.startswith("(Enter"):
            return None  # the input ends at the pause
        return first_legal_move(prompt, game)

    shown = scripted(argv[1:], person)
    assert prompts.count("(Enter: the next deal; quit: leave) > ") == 1
    ended = games[-1]
    assert ended.deal_number == 0  # the game waits at the end of the deal
    assert ended.phase is canasta.Phase.OVER
    assert len(ended.results) == 1
    assert shown.endswith(
        f"End of input. Scores: side 0 "
        f"{ended.scores[0]}, side 1 {ended.scores[1]}.\n"
        "The game is not saved ('canasta play --save FILE' saves it as it goes).\n"
        "Goodbye.\n"
    )
    assert "Deal 2" not in shown


# --- the width of the terminal ---------------------------------------------------------------


@pytest.mark.parametrize("rules", ["classic", "hollywood"])
def test_play_fits_80_columns_and_never_breaks_a_move_entry(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every line within 80 columns; in each list of moves, every entry on one line."""
    entries: list[list[str]] = []

    def person(prompt: str, game: Game) -> str | None:
        if len(entries) >= 40:
            return None
        moves = list(game.legal_moves())
        entries.append([f"{number:>2}. {move}" for number, move in enumerate(moves, 1)])
        return "moves" if len(entries) % 2 else first_legal_move(prompt, game)

    monkeypatch.setenv("COLUMNS", "80")
    shown = scripted(["--rules", rules, "--players", "2", "--seed", "3"], person)
    assert too_wide(shown) == []
    listed = shown.split("Legal moves (type one, or its number):\n")[1:]
    assert len(listed) == 20
    longest = 0
    for block, expected in zip(listed, entries[::2], strict=True):
        lines = block.splitlines()[: len(expected)]
        for entry in expected:
            assert any(entry in line for line in lines), entry
            longest = max(longest, len(entry))
    assert longest > 15


def test_the_help_of_games_that_name_melds_by_number(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(
        ["play", "--rules", "hollywood", "--players", "2", "--seed", "3", "--color", "never"],
        monkeypatch,
        "help\ndraw\nmerg #0 #1\n",
    )
    assert (code, err) == (0, "")
    assert "take #1" in out
    assert "add #2 JK wild=10" in out
    assert "merge #0 #3" in out
    assert "Your hand (17):" in out  # two cards drawn (HW-DRAW-1)
    assert "'merg' is not a move or a command (did you mean merge?)" in out


def test_the_saved_record_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.txt"
    lines = iter(["draw", "discard 5S"])
    scripted(["--seed", "7", "--save", str(path)], lambda prompt, game: next(lines, None))
    code, out, _ = run(["replay", str(path), "--color", "never"], monkeypatch)
    assert code == 0
    assert "P0 you; P1 greedy; P2 greedy; P3 greedy" in out
    assert "  1. P0 draw; discard 5S" in out
    assert json.loads(json.dumps(out))  # plain text
