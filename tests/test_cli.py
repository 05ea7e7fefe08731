"""The ``canasta`` command and ``python -m canasta``: play, simulate, rules, replay, info."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from scenario_helpers import hollywood_table

import canasta
from canasta import Game, RuleSet
from canasta._rules.sheet import preset_labels
from canasta.bots import GreedyBot
from canasta.cli import build_parser, main, play
from canasta.records import dumps

COMMANDS = ["info", "play", "simulate", "rules", "replay", "actions"]


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, str, str]:
    """Run the command with this standard input; the exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setenv("COLUMNS", "100")
    code = main(argv)
    return code, out.getvalue(), err.getvalue()


# --- the command as a whole --------------------------------------------------------------


def test_version(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["--version"], monkeypatch)
    assert code == 0
    assert out.strip() == f"canasta {canasta.__version__}"


@pytest.mark.parametrize("argv", [[], ["info"]])
def test_info_lists_version_and_rule_sets(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(argv, monkeypatch)
    assert code == 0
    assert f"canasta {canasta.__version__}" in out
    assert "classic    2/3/4/5/6 players" in out


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_everywhere_with_examples(
    command: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run([command, "--help"] if command else ["--help"], monkeypatch)
    assert code == 0
    assert "examples:" in out
    assert f"canasta {command or ''}".strip() in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no-such-command"], "invalid choice: 'no-such-command'"),
        (["play", "--players", "9"], "classic is played by 2, 3, 4, 5, 6 players, not 9"),
        (["play", "--seat", "5"], "--seat must be 0 to 3"),
        (["play", "--seed", "x"], "argument --seed: expected a whole number, got 'x'"),
        (["play", "--bots", "clever"], "unknown bot 'clever'; bots: random, greedy"),
        (["play", "--rules", "pinochle"], "unknown rule set 'pinochle'"),
        (["simulate", "--games", "0"], "expected a number of 1 or more, got 0"),
        (["simulate", "--workers", "two"], "argument --workers: expected a whole number"),
        (["rules", "pinochle"], "unknown rule set 'pinochle'; known rule sets: classic"),
        (["rules", "--compare", "classic:x"], "'classic:x': the number of players must be"),
        (["rules", "--diff"], "--diff goes with --compare"),
        (["replay"], "the following arguments are required: FILE"),
        (["replay", "no/such/file.txt"], "cannot read no/such/file.txt"),
    ],
)
def test_wrong_arguments_get_one_line_and_status_2(
    argv: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(argv, monkeypatch)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert message in err
    assert err.startswith("canasta")
    assert "Traceback" not in err


def test_python_m_canasta_errors_without_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "canasta", "simulate", "--games", "many"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        "canasta simulate: error: argument --games: expected a whole number, got 'many' "
        "(see canasta simulate --help)\n"
    )


# --- play ----------------------------------------------------------------------------------


def first_legal_move(prompt: str, game: Game) -> str:
    """A scripted person: always the first legal move, typed in the move notation."""
    return str(next(game.legal_moves()))


def test_play_shows_the_table_and_refuses_an_illegal_move_with_its_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(
        ["play", "--seed", "3", "--color", "never"], monkeypatch, "discard 4C\nmoves\nhelp\n"
    )
    assert (code, err) == (0, "")
    assert "Players 0: you, 1: greedy, 2: greedy, 3: greedy." in out
    assert "Your hand (11):" in out
    assert "[draw] > discard 4C\n  Not allowed (CL-TURN-1): draw from the stock" in out
    assert "Legal moves (type one, or its number):\n   1. draw\n" in out
    assert "take 7H 7D" in out  # the help
    assert out.endswith("End of input: goodbye.\n")


def test_play_a_full_deal_through_piped_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """The person types an illegal move, then the number of the first legal move each time."""
    lines = "take\n" + "1\n" * 60
    argv = ["play", "--seed", "3", "--color", "never", "--bots", "greedy,random"]
    code, out, _ = run(argv, monkeypatch, lines)
    assert code == 0
    assert "Players 0: you, 1: greedy, 2: random, 3: greedy." in out
    assert "[draw] > take\n  Not allowed (CL-PILE-5): your side has not melded" in out
    assert "End of deal 1: " in out
    assert "  side        melds  canastas  red 3s   out  in hand   deal   total\n" in out
    assert out.endswith("End of input: goodbye.\n")

    # The same deal, typed in the move notation by a script that reads the game.
    typed: list[str] = []

    def person(prompt: str, game: Game) -> str | None:
        if not typed:
            typed.append("take")
            return "take"
        if len(typed) > 60:
            return None
        typed.append(first_legal_move(prompt, game))
        return typed[-1]

    args = build_parser().parse_args(argv)
    screen = io.StringIO()
    assert play(args, person, screen) == 0
    shown = screen.getvalue()
    assert "Not allowed (CL-PILE-5)" in shown
    assert typed[1:3] == ["draw", "meld 6C 6D 2H"]

    def deal_end(text: str) -> str:
        start = text.index("End of deal 1")
        return text[start : text.index("\n\n", start)]

    assert deal_end(shown) == deal_end(out)


def test_play_leaves_cleanly_on_quit_and_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["play", "--seed", "3", "--players", "2"], monkeypatch, "draw\nfly\nq\n")
    assert code == 0
    assert "Your hand (17):" in out  # 15 dealt, two drawn (CL-V2-2)
    assert "'fly' is not a move" in out
    assert out.endswith("Goodbye.\n")

    def interrupted(prompt: str, game: Game) -> str | None:
        raise KeyboardInterrupt

    screen = io.StringIO()
    args = build_parser().parse_args(["play", "--seed", "3"])
    assert play(args, interrupted, screen) == 0
    assert screen.getvalue().endswith("\nGoodbye.\n")


def test_play_numbers_hint_and_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(
        ["play", "--seed", "7", "--seat", "1", "--color", "always"],
        monkeypatch,
        "hint\n9\n1\n",
    )
    assert code == 0
    assert "You are player 1." in out
    assert "Player 0: draw; " in out  # a bot played first
    assert "The greedy bot would play: draw" in out
    assert "There is no move 9" in out
    assert "\033[31m" in out  # red suits in colour


def test_play_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["play", "--demo", "--seed", "7", "--color", "never"], monkeypatch)
    assert code == 0
    assert "Players 0: greedy, 1: greedy, 2: greedy, 3: greedy." in out
    assert "Player 0: draw; " in out
    assert "End of deal 1: player 2 went out." in out
    assert out.endswith("That was a demo: run 'canasta play' in a terminal to play a match.\n")


# --- simulate ------------------------------------------------------------------------------

TIMING = ("seconds", "games_per_second", "workers")


def simulate_json(monkeypatch: pytest.MonkeyPatch, *options: str) -> dict[str, object]:
    code, out, err = run(["simulate", "--json", *options], monkeypatch)
    assert (code, err) == (0, "")
    data: dict[str, object] = json.loads(out)
    return data


def test_simulate_gives_the_same_results_whatever_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = ["--players", "2", "--games", "4", "--target", "300", "--max-deals", "2"]
    one = simulate_json(monkeypatch, *options, "--seed", "5", "--workers", "1")
    two = simulate_json(monkeypatch, *options, "--seed", "5", "--workers", "2")
    assert (one["workers"], two["workers"]) == (1, 2)
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in two.items() if k not in TIMING
    }
    other = simulate_json(monkeypatch, *options, "--seed", "6", "--workers", "1")
    assert other["sides"] != one["sides"]


def test_simulate_json(monkeypatch: pytest.MonkeyPatch) -> None:
    data = simulate_json(
        monkeypatch,
        *["--players", "3", "--games", "2", "--max-deals", "1", "--seed", "1"],
        *["--bots", "greedy,random", "--workers", "1"],
    )
    assert data["rules"] == "classic"
    assert (data["players"], data["games"], data["max_deals"]) == (3, 2, 1)
    sides = data["sides"]
    assert isinstance(sides, list)
    assert [side["bot"] for side in sides] == ["greedy", "random", "greedy"]  # cycled
    assert [side["players"] for side in sides] == [[0], [1], [2]]
    assert set(sides[0]) == {
        *("side", "bot", "players", "wins", "win_rate"),
        *("mean_score", "sd_score", "min_score", "max_score"),
    }
    # Nobody reaches 5000 in one deal: both games stop unfinished, and say so.
    assert data["unfinished"] == 2
    seeds = data["unfinished_seeds"]
    assert isinstance(seeds, list)
    assert len(seeds) == 2
    assert sum(side["wins"] for side in sides) == 0
    assert data["deals_per_game"] == {"mean": 1.0, "sd": 0.0, "min": 1, "max": 1}
    assert set(data) >= {"canastas_per_deal", "seconds", "games_per_second", "target_score"}


def test_simulate_table(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(
        ["simulate", "--players", "2", "--games", "2", "--target", "100", "--seed", "3"],
        monkeypatch,
    )
    assert code == 0
    assert err == ""  # no progress bar unless stderr is a terminal
    assert out.startswith(
        "2 games of classic for 2 players to 100, at most 30 deals a game; seed 3, "
    )
    assert "  side  bot       players     wins  win rate  mean score" in out
    assert "  0     greedy    0" in out
    assert "  1     random    1" in out
    assert "draws: 0; unfinished games: 0" in out
    assert "canastas per deal: " in out
    assert "games per second" in out


# --- rules ---------------------------------------------------------------------------------


def public_fields() -> list[str]:
    return [field.alias or field.name for field in attrs.fields(RuleSet)]


def test_rules_describes_every_setting_with_its_rule_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules", "classic", "--players", "2"], monkeypatch)
    assert code == 0
    assert out.startswith("classic for 2 players (presets for 2, 3, 4, 5, 6 players")
    rows = [
        line.split()[0] for line in out.splitlines() if line.startswith("  ") and line[2] != " "
    ]
    assert rows[1 : 1 + len(public_fields())] == public_fields()
    assert re.search(r"\n  hand_size +15 +Cards dealt to each player \(CL-DEAL-2\)\n", out)
    assert re.search(r"\n  target_score +5000 +The cumulative score that ends the match", out)
    assert "(CL-MATCH-1)" in out


def test_rules_without_a_name_lists_the_rule_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules"], monkeypatch)
    assert code == 0
    assert out.startswith("Rule sets:\n  classic")
    assert "classic for 4 players" in out


def test_rules_compare_is_generated_from_the_rule_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules", "--compare"], monkeypatch)
    assert code == 0
    header, *rows = out.splitlines()
    presets = preset_labels()
    expected = [f"{name}:{n}" for name in ("classic", "hollywood") for n in range(2, 7)]
    assert presets[:10] == expected
    assert header.split() == ["setting", *presets, "rules"]
    names = [row[2:].split()[0] for row in rows if row[2:] and not row.startswith("* marks")]
    assert names[: len(public_fields())] == public_fields()
    assert re.search(r"\n\* hand_size +15 +13 +11 .* 13 +CL-DEAL-2; HW-DEAL-2\n", out)
    assert re.search(r"\n  wild_ratio +none ", out)
    assert re.search(r"\n\* sequences_allowed +no .* yes +HW-MELD-3, SA-MELD-3\n", out)
    assert re.search(r"\n\* rule_ids +- .* [0-9]+ IDs ", out)

    code, out, _ = run(["rules", "--compare", "classic:2", "classic", "--diff"], monkeypatch)
    assert code == 0
    changed = [row.split()[1] for row in out.splitlines()[1:] if row.startswith("* ")]
    two, four = canasta.find_rules("classic", players=2), canasta.find_rules("classic")
    differing = [f for f in public_fields() if getattr(two, f) != getattr(four, f)]
    assert changed[: len(differing)] == differing
    assert "wild_ratio" not in out


# --- replay --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A whole two-player match between greedy bots, to a target that one deal reaches."""
    rules = canasta.find_rules("classic", players=2).with_options(target_score=50)
    game, rng = Game.new(rules, seed=58), random.Random(58)
    while not game.is_over:
        player = game.to_move
        assert player is not None
        game = game.apply(GreedyBot().choose(game.view(player), rng))
    text = dumps(game, names=["Ann", "Bob"])
    path = tmp_path_factory.mktemp("records") / "match.txt"
    path.write_text(text, encoding="utf-8")
    return path, text


def test_replay_prints_every_turn_and_the_table(
    record_file: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, text = record_file
    code, out, _ = run(["replay", str(path), "--color", "never"], monkeypatch)
    assert code == 0
    assert out.startswith("Rules classic; Players 2; Options target_score=50; Seed 58; P0 Ann;")
    turn = re.compile(r" *[0-9]+\. P[0-9] ")
    turns = [line for line in text.splitlines() if turn.match(line)]
    shown = [line for line in out.splitlines() if turn.match(line)]
    assert shown == turns
    assert out.count("Deal 1, turn ") == len(turns)  # the table before every turn
    assert "End of deal 1: player 0 went out." in out
    assert "Game over after 1 deal." in out

    code, stepped, _ = run(["replay", str(path), "--step", "--hands"], monkeypatch)
    assert code == 0  # input is not a terminal: no waiting
    assert "  Player 1 (15): " in stepped

    code, piped, _ = run(["replay", "-", "--color", "never"], monkeypatch, stdin=text)
    assert (code, piped) == (0, out)


def test_replay_refuses_a_bad_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Rules "classic"]\n[Players "4"]\n[Seed "1"]\n\nDeal 1\n  1. P0 fly\n')
    code, out, err = run(["replay", str(path)], monkeypatch)
    assert (code, out) == (1, "")
    assert err.startswith(f"canasta replay: {path}: line 6: not a move: 'fly' is not a move")
    assert err.count("\n") == 1


# --- Hollywood ------------------------------------------------------------------------------


def test_play_hollywood_help_lists_the_moves_that_name_melds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(
        ["play", "--rules", "hollywood", "--players", "2", "--seed", "3", "--color", "never"],
        monkeypatch,
        "help\ndraw\n",
    )
    assert (code, err) == (0, "")
    assert "take #1" in out
    assert "add #2 JK wild=10" in out
    assert "merge #0 #3" in out
    assert "Your hand (17):" in out  # two cards drawn (HW-DRAW-1)

    code, out, _ = run(["play", "--seed", "3", "--color", "never"], monkeypatch, "help\n")
    assert code == 0
    assert "merge #0 #3" not in out  # Classic names melds by rank


def test_the_hollywood_table_numbers_melds_and_shows_wild_cards_in_place() -> None:
    from canasta.cli import _Screen, _show_table

    game = hollywood_table("4S 5S 6S 7S 8S 9S 10S")
    out = io.StringIO()
    _show_table(_Screen(out, color=False), game.view(0), you=0)
    lines = out.getvalue().splitlines()
    assert "      #0     ♦: 7♦ 8♦ 9♦ JK(10♦)" in lines
    assert "      #1     Q: Q♦ Q♥ Q♠" in lines
    assert "      #2  wild: 2♣ 2♦ JK" in lines
    assert "      #3     Q: Q♣ Q♦ Q♠ 2♥" in lines
    assert "      #4     ♠: 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠  [natural sequence canasta]" in lines
    assert "      #0     ♥: 4♥ 5♥ 6♥ 2♠(7♥)" in lines


def test_rules_hollywood_cites_its_own_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules", "hollywood", "--players", "6"], monkeypatch)
    assert code == 0
    assert out.startswith("hollywood for 6 players (presets for 2, 3, 4, 5, 6 players")
    assert re.search(r"\n  hand_size +13 +Cards dealt to each player \(HW-DEAL-2\)\n", out)
    assert re.search(r"\n  sequences_allowed +yes +Same-suit sequences", out)
    assert "(HW-MELD-3, SA-MELD-3)" in out
    assert re.search(r"\n  rule_ids +[0-9]+ IDs +The rule IDs", out)
    code, out, _ = run(["rules"], monkeypatch)
    assert "hollywood" in out


def test_simulate_and_replay_hollywood(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, out, err = run(
        [
            *("simulate", "--rules", "hollywood", "--players", "2", "--games", "2"),
            *("--seed", "1", "--workers", "1", "--target", "500", "--json"),
        ],
        monkeypatch,
    )
    assert (code, err) == (0, "")
    assert json.loads(out)["games"] == 2

    rules = canasta.find_rules("hollywood", players=2)
    game, rng = Game.new(rules, seed=3), random.Random(3)
    while not game.results:
        game = game.apply(GreedyBot().choose(game.view(game.to_move), rng))
    path = tmp_path / "hollywood.txt"
    path.write_text(dumps(game), encoding="utf-8")
    code, out, _ = run(["replay", str(path), "--color", "never"], monkeypatch)
    assert code == 0
    assert out.startswith("Rules hollywood; Players 2; Seed 3;")
    assert re.search(r"\n      #0 +\S+: ", out)


# --- actions ------------------------------------------------------------------------------


def test_actions_lists_every_id_of_the_rule_set(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["actions"], monkeypatch)
    lines = out.splitlines()
    assert code == 0
    assert len(lines) == 3062
    assert lines[0] == "0\tdraw"
    assert lines[59] == "59\ttake the pile with a natural pair"


def test_actions_blocks_stop_at_the_rule_sets_last_block(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["actions", "--blocks", "--rules", "samba"], monkeypatch)
    names = [line.split("\t")[2] for line in out.splitlines()]
    assert code == 0
    assert names[0] == "simple"
    assert names[-1] == "add to meld"
    code, _, err = run(["actions", "--rules", "bogus"], monkeypatch)
    assert code == 2
    assert "unknown rule set 'bogus'" in err
