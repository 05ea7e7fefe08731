"""``canasta.ladder`` and ``canasta ladder``: round robins, seats alternated, ratings."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_helpers import run

import canasta
from canasta.errors import CanastaError
from canasta.ladder import ladder_svg, play_ladder
from canasta.simulate import simulate

RULES = canasta.find_rules("classic", players=2).with_options(target_score=300)


def test_each_pair_plays_both_seat_orders_on_the_same_deals() -> None:
    ladder = play_ladder(RULES, ["random", "greedy"], games=4, seed=2, workers=1, resamples=20)
    (pairing,) = ladder.pairings
    assert (pairing.first, pairing.second) == ("random", "greedy")
    ahead = simulate(RULES, ["random", "greedy"], games=2, seed=2000, workers=1)
    behind = simulate(RULES, ["greedy", "random"], games=2, seed=2000, workers=1)
    assert [o.seed for o in ahead.outcomes] == [o.seed for o in behind.outcomes]
    expected = [1.0 if o.winner == 0 else 0.0 for o in ahead.outcomes]
    expected += [1.0 if o.winner == 1 else 0.0 for o in behind.outcomes]
    assert list(pairing.scores) == expected
    assert pairing.wins == (expected.count(1.0), expected.count(0.0))
    assert [row.bot for row in ladder.rows] == ["greedy", "random"]
    assert ladder == play_ladder(
        RULES, ["random", "greedy"], games=4, seed=2, workers=2, resamples=20
    )


def test_a_ladder_needs_two_different_bots_and_two_games() -> None:
    with pytest.raises(CanastaError, match="two or more different bots"):
        play_ladder(RULES, ["greedy", "Greedy"], games=2, seed=1)
    with pytest.raises(CanastaError, match="2 or more games per pair"):
        play_ladder(RULES, ["greedy", "random"], games=1, seed=1)


def test_the_command_prints_the_table_and_writes_json_and_svg(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out, plot = tmp_path / "ladder.json", tmp_path / "ladder.svg"
    code, text, err = run(
        [
            *("ladder", "--players", "2", "--target", "300", "--games", "2", "--seed", "1"),
            *("--bots", "random,greedy,ismcts:2", "--workers", "1", "--resamples", "30"),
            *("--json", str(out), "--svg", str(plot)),
        ],
        monkeypatch,
    )
    assert (code, err) == (0, "")
    assert text.startswith("2 games a pair of classic for 2 players to 300")
    assert "  bot " in text
    assert "95% interval" in text
    assert "random v greedy" in text
    data = json.loads(out.read_text())
    assert [pair["bots"] for pair in data["pairs"]] == [
        ["random", "greedy"],
        ["random", "ismcts:2"],
        ["greedy", "ismcts:2"],
    ]
    ratings = data["ratings"]
    assert sorted(row["bot"] for row in ratings) == ["greedy", "ismcts:2", "random"]
    assert all(row["low"] <= row["rating"] <= row["high"] for row in ratings)
    assert [row["rating"] for row in ratings] == sorted(
        (row["rating"] for row in ratings), reverse=True
    )
    assert abs(sum(row["rating"] for row in ratings)) < 0.5
    svg = ET.fromstring(plot.read_text())
    labels = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert {"greedy", "ismcts:2", "random"} <= set(labels)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--bots", "greedy"], "--bots: name two or more different bots"),
        (["--bots", "greedy,greedy"], "--bots: name two or more different bots"),
        (["--bots", "greedy,ismcts:0"], "unknown bot 'ismcts:0'"),
        (["--games", "1"], "--games: 2 or more"),
    ],
)
def test_the_command_refuses_wrong_bots_and_games(
    monkeypatch: pytest.MonkeyPatch, options: list[str], message: str
) -> None:
    code, _, err = run(["ladder", *options], monkeypatch)
    assert code == 2
    assert message in err


def test_the_plot_has_a_bar_and_a_dot_for_each_bot() -> None:
    ladder = play_ladder(RULES, ["random", "greedy"], games=2, seed=3, workers=1, resamples=20)
    svg = ET.fromstring(ladder_svg(ladder))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(list(svg.iter(f"{ns}circle"))) == 2
    bars = [line for line in svg.iter(f"{ns}line") if line.get("stroke") == "#36c"]
    assert len(bars) == 2
