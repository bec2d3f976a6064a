"""Every variant: ten games of random legal orders to their end (or a phase
limit), no exception, and each game's saved JSON read back to an equal game."""

import copy
import random

import polemarch
import pytest
from conftest import play

GAMES = 10
# About twelve game years of any calendar.
MAX_PHASES = 50


def same_record(a, b):
    """The positions, orders in force, results and end of two records agree
    (submissions differ in who and when, and so the order results are
    listed in)."""
    ra, rb = a.to_record(), b.to_record()
    assert ra.get("result") == rb.get("result")
    assert len(ra["phases"]) == len(rb["phases"])
    for pa, pb in zip(ra["phases"], rb["phases"]):
        assert pa["phase"] == pb["phase"]
        assert pa["start"] == pb["start"], pa["phase"]
        da, db = pa.get("processed"), pb.get("processed")
        assert (da is None) == (db is None), pa["phase"]
        if da:
            assert da["orders"] == db["orders"], pa["phase"]
            assert da["end"] == db["end"], pa["phase"]
            key = lambda r: (r["power"], r["order"])  # noqa: E731
            assert sorted(da["results"], key=key) == sorted(db["results"], key=key), pa["phase"]


@pytest.mark.parametrize("variant", polemarch.variants())
def test_random_games_to_the_end_and_back(variant):
    phases = 0
    for n in range(GAMES):
        rng = random.Random(f"{variant}-{n}")
        game = play(polemarch.Game(map_name=variant, seed=n), rng, MAX_PHASES)
        saved = game.to_saved_game_format()
        assert saved["map"] == variant
        assert len(saved["phases"]) == len(game.to_record()["phases"])
        back = polemarch.from_saved_game_format(saved)
        assert back.to_saved_game_format() == saved
        same_record(game, back)
        assert back.get_current_phase() == game.get_current_phase()
        assert back.is_game_done == game.is_game_done
        assert back.outcome == game.outcome
        phases += len(saved["phases"])
    assert phases > GAMES * 5, f"{variant}: only {phases} phases in {GAMES} games"


def test_a_copy_is_independent(rng):
    game = polemarch.Game()
    twin = copy.deepcopy(game)
    other = game.clone()
    play(game, rng, 4)
    assert twin.get_current_phase() == "S1901M"
    assert other.get_current_phase() == "S1901M"
    assert game.get_current_phase() != "S1901M"
