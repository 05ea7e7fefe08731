"""The ``canasta`` command and ``python -m canasta``: play, simulate, rules, replay, info."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from cli_helpers import run, too_wide
from internals import preset_labels

import canasta
from canasta import Game, RuleSet
from canasta.bots import GreedyBot
from canasta.records import dumps

COMMANDS = ["info", "play", "simulate", "ladder", "rules", "replay", "serve", "actions"]


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
        (["no-such-command"], "no command 'no-such-command' (commands: info, play, simulate"),
        (["pley"], "no command 'pley' (did you mean play or replay?)"),
        (["rules", "CL-PILE-55"], "there is no rule CL-PILE-55 (did you mean CL-PILE-5"),
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
        (["play", "--resume", "game.txt", "--rules", "samba"], "--rules: a resumed game keeps"),
        (["play", "--demo", "--save", "game.txt"], "--demo plays a deal between bots"),
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


def test_importing_canasta_does_not_import_rich() -> None:
    """rich draws the command's screens; the library imports with attrs alone."""
    code = (
        "import sys, canasta, canasta.records, canasta.bots, canasta.simulate\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'rich'], 'rich imported'\n"
        "import canasta.cli\n"
        "assert 'rich' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


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
    assert re.search(r"\n  side +bot +players +wins +win rate +mean score +sd +min +max\n", out)
    assert re.search(r"\n  0 +greedy +0 +[0-9]+ +[0-9.]+% ", out)
    assert re.search(r"\n  1 +random +1 +[0-9]+ +[0-9.]+% ", out)
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
    """On a screen wide enough, one table: the presets side by side, then the rules."""
    code, out, _ = run(["rules", "--compare"], monkeypatch, columns=1000)
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


def test_rules_compare_at_80_columns_groups_the_presets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty presets do not fit in 80 columns: the settings that differ are shown in groups
    of presets, each preset in one group, then every setting once with its rules."""
    code, out, _ = run(["rules", "--compare"], monkeypatch, columns=80)
    assert code == 0
    assert too_wide(out) == []
    headers = [line.split()[1:] for line in out.splitlines() if line.startswith("  setting ")]
    *groups, last = headers
    assert [label for group in groups for label in group] == preset_labels()
    assert 5 <= len(groups) <= 7
    assert last == ["value", "rules"]
    assert groups[0] == ["classic:2", "classic:3", "classic:4", "classic:5"]
    tables = out.split("\n\n")
    assert len(tables) == len(groups) + 2  # the groups, every setting, the note
    first = tables[0].splitlines()
    assert re.fullmatch(r"\* hand_size +15 +13 +11 +11", first[4])
    assert "  wild_ratio " not in tables[0]  # the same everywhere: in the last table only
    assert re.search(r"\n  wild_ratio +none +CL-MELD-3; HW-MELD-6\n", tables[-2])
    assert re.search(r"\n\* hand_size +\(above\) +CL-DEAL-2; HW-DEAL-2\n", tables[-2])


def test_rules_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules", "hollywood"], monkeypatch, columns=80)
    assert code == 0
    assert too_wide(out) == []
    size = canasta.find_rules("hollywood").hand_size
    assert re.search(rf"\n  hand_size +{size} +Cards dealt to each player\s+\(HW-DEAL-2\)\n", out)


def test_rules_prints_a_rules_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text of the documentation's rules page, and its address."""
    code, out, err = run(["rules", "cl-pile-5"], monkeypatch, columns=80)
    assert (code, err) == (0, "")
    page = (Path(__file__).parent.parent / "docs" / "rules" / "classic.md").read_text("utf-8")
    item = re.search(r"^- \*\*CL-PILE-5 (.*?)\n(?=- )", page, re.MULTILINE | re.DOTALL)
    assert item is not None
    words = " ".join(item.group(1).replace("*", "").split())
    assert f"CL-PILE-5 {words} https://" in " ".join(out.split())
    assert out.startswith("CL-PILE-5  (Classic Canasta: ")
    assert out.rstrip().endswith("rules/classic.html#CL-PILE-5")
    assert too_wide(out) == []

    code, out, _ = run(["rules", "HW-MELD"], monkeypatch, columns=80)
    assert code == 0
    shown = re.findall(r"^(HW-MELD-[0-9]+)  \(", out, re.MULTILINE)
    assert shown == [f"HW-MELD-{n}" for n in range(1, len(shown) + 1)]
    assert len(shown) >= 10


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


def test_replay_of_a_missing_file_exits_1_as_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["replay", "no/such/file.txt"], monkeypatch)
    assert (code, out) == (1, "")
    assert err == "canasta replay: cannot read no/such/file.txt: No such file or directory\n"
    page = (Path(__file__).parent.parent / "docs" / "cli.rst").read_text("utf-8")
    assert "``replay``: the record cannot be read or replayed" in page


def test_replay_refuses_a_bad_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Rules "classic"]\n[Players "4"]\n[Seed "1"]\n\nDeal 1\n  1. P0 fly\n')
    code, out, err = run(["replay", str(path)], monkeypatch)
    assert (code, out) == (1, "")
    assert err.startswith(f"canasta replay: {path}: line 6: not a move: 'fly' is not a move")
    assert err.count("\n") == 1


# --- Hollywood ------------------------------------------------------------------------------


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
    assert names[-1] == "add to meld from #32"
    code, _, err = run(["actions", "--rules", "bogus"], monkeypatch)
    assert code == 2
    assert "unknown rule set 'bogus'" in err
