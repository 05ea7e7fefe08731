"""Issue 26, bounded work: the cheap bounds of what is loaded (a document's size, its
results, a record's size and deals, a rule set's JSON) are checked before the work that grows
with them, and each is documented in docs/json.rst ("Limits")."""

from __future__ import annotations

import json
import random

import pytest
from internals import MAX_DOCUMENT, MAX_RESULTS, MAX_RULE_VALUES

import canasta
from canasta import Game, JsonError, PlayerView, RecordError, records


def refusal(text: str | bytes, kind: type[Game] | type[PlayerView] = PlayerView) -> JsonError:
    with pytest.raises(JsonError) as caught:
        kind.from_json(text)
    return caught.value


def test_a_document_over_the_size_limit_is_refused_before_it_is_parsed() -> None:
    text = Game.new("classic", seed=1).to_json()
    padded = text[:-1] + " " * (MAX_DOCUMENT - len(text)) + "}"
    assert len(padded) == MAX_DOCUMENT
    assert Game.from_json(padded) == Game.from_json(text)
    for kind, big in ((Game, padded + " "), (PlayerView, "[" * (MAX_DOCUMENT + 1))):
        error = refusal(big, kind)
        assert error.path == ""
        assert error.message == (
            f"the document has {MAX_DOCUMENT + 1:,} characters, more than the "
            f"{MAX_DOCUMENT:,} allowed"
        )
    error = refusal((padded + " ").encode(), Game)
    assert "bytes, more than the" in error.message


def test_results_are_bounded_by_the_deal_limit_and_by_max_results() -> None:
    game = Game.new(canasta.find_rules("classic").with_options(deal_limit=2), seed=1)
    data = json.loads(game.to_json())
    data["results"] = [None] * 3  # refused by their number, before any is read
    error = refusal(json.dumps(data), Game)
    assert (error.path, error.message) == (
        "results",
        "expected at most 2 entries of deal results, got 3",
    )
    view = json.loads(Game.new("classic", seed=1).view(1).to_json())
    view["results"] = [None] * (MAX_RESULTS + 1)
    error = refusal(json.dumps(view))
    assert (error.path, error.message) == (
        "results",
        f"expected at most {MAX_RESULTS} entries of deal results, got {MAX_RESULTS + 1}",
    )


def test_a_record_over_the_size_limit_is_refused_before_it_is_read() -> None:
    text = records.dumps(Game.new("classic", seed=1))
    with pytest.raises(RecordError, match=f"more than the {MAX_DOCUMENT:,} allowed"):
        records.loads(text + ";" * MAX_DOCUMENT)


def test_a_record_holds_at_most_max_results_finished_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two finished deals against a limit of one (the limit is MAX_RESULTS, 1,000 deals).
    game, rng = Game.new("classic", seed=5), random.Random(5)
    while len(game.results) < 2 or game.phase is canasta.Phase.OVER:
        game = game.apply(rng.choice(list(game.legal_moves())))
    text = records.dumps(game)
    assert records.loads(text).game() == game
    monkeypatch.setattr("canasta._notation.read.MAX_RESULTS", 1)
    with pytest.raises(RecordError, match="a record holds at most 1 finished deals"):
        records.loads(text)


def test_a_rule_sets_json_is_bounded_before_it_is_written_out_as_a_key() -> None:
    game = json.loads(Game.new("classic", seed=1).to_json())
    rows = [[1000 * i, 50] for i in range(100_000)]
    game["rules"] = {"preset": "classic", "options": {"initial_meld_table": rows}}
    error = refusal(json.dumps(game), Game)
    assert (error.path, error.message) == (
        "rules.options.initial_meld_table",
        "expected at most 32 entries, got 100000",
    )
    game["rules"] = {"preset": "classic", "options": {f"x{i}": 0 for i in range(100_000)}}
    error = refusal(json.dumps(game), Game)
    assert error.path == "rules"
    assert f"at most {MAX_RULE_VALUES:,} values" in error.message
    game["rules"] = {"preset": "classic", "options": {"name": "x" * 70_000}}
    assert "characters of text" in refusal(json.dumps(game), Game).message
