"""The playouts benchmark script runs and reports every figure (its speed is not tested)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "playouts.py"
QUICK = ["--seconds", "0.3", "--sample-deals", "1", "--memory-deals", "1"]

OUR_KEYS = {
    "rules",
    "players",
    "decisions_per_second",
    "deals_per_second",
    "ratio_to_rlcard_env",
    "ratio_to_rlcard_game",
    "mean_legal_moves",
    "largest_legal_moves",
    "microseconds_per_legal_moves",
    "microseconds_per_apply",
    "decisions",
    "deals",
    "dead_ends",
    "game_bytes_mean",
    "game_bytes_max",
    "apply_bytes_mean",
    "apply_bytes_max",
    "json_bytes_mean",
    "json_bytes_max",
    "peak_memory_kib",
    "rates_per_round",
}

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="benchmarks/ is not here")


# Runs the script as if rlcard were not installed, whether or not it is.
WITHOUT_RLCARD = (
    "import runpy, sys; sys.modules['rlcard'] = None; sys.argv[0] = sys.argv[1]; "
    "del sys.argv[1]; runpy.run_path(sys.argv[0], run_name='__main__')"
)


def run_script(*args: str, rlcard: bool = True) -> str:
    hide = [] if rlcard else ["-c", WITHOUT_RLCARD]
    done = subprocess.run(
        [sys.executable, *hide, str(SCRIPT), *QUICK, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_json_report_has_every_figure_without_the_peer() -> None:
    report = json.loads(run_script("--json", "--players", "2", rlcard=False))
    assert report["peers"] == []
    assert "rlcard is not installed" in report["peer_error"]
    (figures,) = report["results"]
    assert set(figures) == OUR_KEYS
    assert (figures["rules"], figures["players"]) == ("classic", 2)
    assert figures["decisions"] > 0
    assert figures["dead_ends"] == 0
    assert figures["ratio_to_rlcard_env"] is None
    assert 0 < figures["game_bytes_mean"] <= figures["game_bytes_max"]
    assert 0 < figures["json_bytes_mean"] <= figures["json_bytes_max"]
    assert 0 < figures["apply_bytes_mean"] <= figures["apply_bytes_max"]
    assert figures["peak_memory_kib"] > 0


@pytest.mark.skipif(importlib.util.find_spec("rlcard") is None, reason="rlcard not installed")
def test_text_report_with_the_peer() -> None:
    out = run_script("--peer", "--players", "4")
    titles = [line for line in out.splitlines() if not line.startswith(" ")]
    assert titles[:3] == [
        "classic, 4 players, 0.3 s:",
        "rlcard gin-rummy env, 2 players, 0.3 s:",
        "rlcard gin-rummy game, 2 players, 0.3 s:",
    ]
    names = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert {"ratio_to_rlcard_env", "ratio_to_rlcard_game", "steps_per_second"} <= set(names)
    assert "n/a" not in out


PHASES = SCRIPT.with_name("phases.py")


@pytest.mark.parametrize("rules", ["classic", "samba"])
def test_the_phases_script_splits_the_time_by_phase_and_move(rules: str) -> None:
    done = subprocess.run(
        [sys.executable, str(PHASES), "--rules", rules, "--decisions", "300"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{rules}, 4 players, 300 decisions: ")
    phases = [line.split()[0] for line in lines[1:] if "legal_moves" in line]
    assert {"draw", "meld"} <= set(phases)
    counts = sum(
        int(line.split()[1].replace(",", "")) for line in lines[1:] if "legal_moves" in line
    )
    assert counts == 300
    moves = {line.split()[1] for line in lines if line.startswith("  apply ")}
    assert {"Draw", "Discard"} <= moves


WIRE = SCRIPT.with_name("wire.py")


def test_the_wire_script_reports_sizes_and_times_beside_the_standard_library() -> None:
    quick = ["--rules", "classic", "--rounds", "2", "--seconds", "0.002"]
    done = subprocess.run(
        [sys.executable, str(WIRE), *quick, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report["figures"]) == {"classic, mid-deal", "classic, deal 5"}
    later = report["figures"]["classic, deal 5"]
    assert later["position"]["deal"] == 5
    for kind in ("game", "view", "view+moves"):
        row = later[kind]
        assert row["bytes"] > 0
        for name in ("to_json_ms", "json.dumps_ms", "from_json_ms", "json.loads_ms"):
            assert row[name] > 0
        assert row["load_ratio"] == row["from_json_ms"] / row["json.loads_ms"]
    assert later["view"]["bytes"] < 4096
    assert len(report["machine"]["load_average"]) == 3
    text = subprocess.run(
        [sys.executable, str(WIRE), *quick], capture_output=True, text=True, timeout=120
    ).stdout
    assert text.splitlines()[0].startswith("classic, mid-deal (deal 0, ")
    assert "json.loads" in text
    assert "load average" in text.splitlines()[-1]


def test_the_backends_script_reports_rates_and_ratios_without_ray() -> None:
    """Without Ray (hidden as rlcard is above) the process pool alone is measured."""
    script = SCRIPT.parent / "simulate_backends.py"
    hide_ray = WITHOUT_RLCARD.replace("'rlcard'", "'ray'")
    done = subprocess.run(
        [sys.executable, "-c", hide_ray, str(script), "--games", "2", "--rounds", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "ray is not installed" in done.stderr
    report = json.loads(done.stdout)
    rows = report["games_per_second"]
    assert [(row["backend"], row["workers"]) for row in rows] == [
        ("processes", 1),
        ("processes", 2),
    ]
    assert all(len(row["rounds"]) == 2 and row["median"] > 0 for row in rows)
    assert report["ray_over_processes"] == {}
    assert report["ray_startup_seconds"] is None


DECISIONS = SCRIPT.with_name("decisions.py")


def test_the_decisions_script_plays_a_fixed_number_of_decisions() -> None:
    done = subprocess.run(
        [sys.executable, str(DECISIONS), "--rules", "classic", "samba", "--decisions", "50"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["classic", "samba"]
    assert all(" 50 decisions, " in line for line in lines)


REPLAY = SCRIPT.with_name("replay.py")


def test_the_replay_script_reports_loads_with_and_without_the_replay() -> None:
    done = subprocess.run(
        [sys.executable, str(REPLAY), "--matches", "1", "--rounds", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seed = next(line for line in done.stdout.splitlines() if line.startswith("  seed 0:"))
    assert len(seed.split()) == 11, seed  # size, deals, moves and three times
