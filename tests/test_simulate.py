"""``canasta.simulate``: the backends give the same games, and results files resume runs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.bots import ISMCTSBot
from canasta.errors import CanastaError
from canasta.simulate import GameOutcome, local_ray_options, make_bot, simulate

ROOT = Path(__file__).resolve().parent.parent

#: Short games: two players to 300 points end after a deal or two.
RULES = canasta.find_rules("classic", players=2).with_options(target_score=300)


def run_simulate(**options: Any) -> canasta.simulate.Summary:
    arguments: dict[str, Any] = {"games": 6, "seed": 5, "workers": 1, "max_deals": 3}
    arguments.update(options)
    return simulate(RULES, ["greedy", "random"], **arguments)


# --- the backends ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    """Ray started once in this process with 2 CPUs, for every test that uses it."""
    ray = pytest.importorskip("ray")
    ray.init(**local_ray_options(2))
    yield
    ray.shutdown()


def test_the_same_games_in_processes_whatever_the_workers() -> None:
    one = run_simulate(workers=1)
    two = run_simulate(workers=2)
    assert (one.workers, two.workers) == (1, 2)
    assert one == two
    assert one.outcomes != run_simulate(seed=6).outcomes


@pytest.mark.usefixtures("ray_cluster")
@pytest.mark.parametrize("workers", [1, 2])
def test_the_same_games_on_ray_as_in_processes(workers: int) -> None:
    on_ray = run_simulate(backend="ray", workers=workers)
    assert (on_ray.backend, on_ray.workers) == ("ray", workers)
    assert on_ray == run_simulate(workers=workers)
    assert [o.deal_scores for o in on_ray.outcomes] == [
        o.deal_scores for o in run_simulate().outcomes
    ]


def test_the_command_starts_ray_itself_and_gives_the_same_figures() -> None:
    pytest.importorskip("ray")
    options = ["--players", "2", "--target", "300", "--games", "4", "--seed", "3", "--json"]
    figures = []
    for backend in ("processes", "ray"):
        done = subprocess.run(
            [sys.executable, "-m", "canasta", "simulate", *options, "--backend", backend],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
            # Without RAY_AUTH_MODE, which Ray sets in this process when it starts here.
            env={k: v for k, v in os.environ.items() if k != "RAY_AUTH_MODE"} | {"COLUMNS": "100"},
        )
        data = json.loads(done.stdout)
        assert data["backend"] == backend
        assert "WARNING" not in done.stderr  # Ray's token-authentication notice included
        figures.append(
            {k: v for k, v in data.items() if k not in {"backend", "workers", "seconds"}}
            | {"games_per_second": None}
        )
    assert figures[0] == figures[1]


def test_a_cluster_that_is_not_there_is_a_one_line_error() -> None:
    pytest.importorskip("ray")
    command = [sys.executable, "-m", "canasta", "simulate", "--games", "1", "--players", "2"]
    command += ["--backend", "ray", "--address", "ray://127.0.0.1:1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert "canasta simulate: could not start or join the Ray cluster at ray://127.0.0.1:1" in (
        done.stderr
    )
    assert "Traceback" not in done.stderr


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(CanastaError, match="backend is one of processes, ray, not 'dask'"):
        run_simulate(backend="dask")


def test_ismcts_with_its_iterations_by_name() -> None:
    bot = make_bot("ISMCTS:20")
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == 20
    for wrong in ("ismcts:0", "ismcts:many", "greedy:3", "mcts:20"):
        with pytest.raises(CanastaError, match="or ismcts:N for the search with N iterations"):
            make_bot(wrong)


# --- results files ---------------------------------------------------------------------------


def games_in(path: Path) -> list[dict[str, Any]]:
    """The file's game lines, in game order, without their timings."""
    lines = path.read_text(encoding="utf-8").splitlines()
    games = [json.loads(line) for line in lines[1:]]
    for game in games:
        assert game.pop("seconds") >= 0
    return sorted(games, key=lambda game: game["game"])


def test_a_results_file_has_a_header_and_a_line_per_game(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    summary = run_simulate(out=out)
    header, *lines = out.read_text(encoding="utf-8").splitlines()
    assert json.loads(header)["arguments"]["bots"] == ["greedy", "random"]
    assert json.loads(header)["arguments"]["seed"] == 5
    games = [json.loads(line) for line in lines]
    assert sorted(game["game"] for game in games) == list(range(6))
    first = min(games, key=lambda game: game["game"])
    assert set(first) == {
        *("game", "seed", "bots", "seats", "deal_scores", "scores", "winner"),
        *("finished", "deals", "canastas", "seconds"),
    }
    assert first["seats"] == ["greedy", "random"]
    outcome = summary.outcomes[0]
    assert first["deal_scores"] == [list(deal) for deal in outcome.deal_scores]
    assert [sum(side) for side in zip(*first["deal_scores"], strict=True)] == first["scores"]
    assert GameOutcome.from_data(first) == outcome


def test_a_run_resumed_gives_the_same_file_as_one_run(tmp_path: Path) -> None:
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    everything = run_simulate(out=whole, workers=2)
    part = run_simulate(out=resumed, games=2)  # as if stopped after two games
    assert part.games == 2
    rest = run_simulate(out=resumed, workers=2)
    assert rest.played == 4
    assert rest == everything
    assert games_in(resumed) == games_in(whole)
    assert resumed.read_text().splitlines()[0] == whole.read_text().splitlines()[0]
    again = run_simulate(out=resumed)
    assert again.played == 0
    assert again == everything


def _interruptible() -> None:
    """In the child, before the run starts: Ctrl-C handled as by default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_interrupted_run_leaves_whole_lines_and_resumes(tmp_path: Path) -> None:
    """Ctrl-C in the middle of a run, then a line cut short (as by a kill): the rerun plays
    the missing games, and the file ends as an uninterrupted run's."""
    out = tmp_path / "results.jsonl"
    options = ["--players", "2", "--target", "300", "--max-deals", "3", "--seed", "8"]
    command = [sys.executable, "-m", "canasta", "simulate", *options, "--workers", "1"]
    process = subprocess.Popen(
        [*command, "--games", "400", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal sends it: to a run that has not been told to ignore it, as
        # every command started in the background of a shell without job control is (the
        # tests run so, ``./run test &``, the run would finish on its own).
        preexec_fn=_interruptible,
    )
    deadline = time.monotonic() + 120
    while (not out.exists() or out.read_text().count("\n") < 4) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted" in err
    text = out.read_text()
    assert text.endswith("\n")
    done = games_in(out)
    assert 3 <= len(done) < 400
    with out.open("a") as stream:
        stream.write('{"game": 99, "seed": 12')  # a line cut short
    games = str(len(done) + 3)
    subprocess.run([*command, "--games", games, "--out", str(out)], check=True, timeout=120)
    whole = tmp_path / "whole.jsonl"
    subprocess.run([*command, "--games", games, "--out", str(whole)], check=True, timeout=120)
    assert games_in(out) == games_in(whole)


def test_a_file_of_other_arguments_is_refused_and_kept(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run_simulate(out=out, games=2)
    before = out.read_bytes()
    with pytest.raises(CanastaError, match=r"other arguments \(seed: 5 there, 6 here\)"):
        run_simulate(out=out, seed=6)
    with pytest.raises(CanastaError, match="max_deals: 3 there, 4 here"):
        run_simulate(out=out, max_deals=4)
    with pytest.raises(CanastaError, match="rules: "):
        simulate(
            RULES.with_options(target_score=400),
            ["greedy", "random"],
            games=2,
            seed=5,
            max_deals=3,
            out=out,
        )
    assert out.read_bytes() == before
    other = tmp_path / "notes.txt"
    other.write_text("my notes\nmore notes\n")
    with pytest.raises(CanastaError, match=r"line 1 of .* is not a JSON object"):
        run_simulate(out=other)
    assert other.read_text() == "my notes\nmore notes\n"
    other.write_text("one line, no end")
    with pytest.raises(CanastaError, match="is not a results file of canasta simulate"):
        run_simulate(out=other)
    assert other.read_text() == "one line, no end"


def test_a_header_cut_short_is_written_again(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    run_simulate(out=whole, games=2)
    cut.write_bytes(whole.read_bytes()[:30])  # killed while writing the header
    run_simulate(out=cut, games=2)
    assert games_in(cut) == games_in(whole)


def test_the_command_refuses_a_file_of_other_arguments(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "canasta", "simulate", "--players", "2", "--games", "1"]
    command += ["--target", "300", "--workers", "1", "--out", str(out)]
    subprocess.run([*command, "--seed", "1"], check=True, capture_output=True, timeout=120)
    done = subprocess.run([*command, "--seed", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.startswith("canasta simulate: ")
    assert "was written with other arguments (seed: 1 there, 2 here)" in done.stderr
    assert "Traceback" not in done.stderr
