"""A game's end in the saved game polemarch writes (docs/web.md, "Exports"):
as MILA's own engine ends a won game, the phase after the winning one is
COMPLETED and its state notes the winner; MILA's `diplomacy` package reads
the file as a finished game, and polemarch reads it back equal."""

import polemarch
import pytest

diplomacy = pytest.importorskip("diplomacy", reason="MILA's `diplomacy` package is not installed (.ci/run installs it)")
from diplomacy.utils.export import from_saved_game_format as mila_from_saved  # noqa: E402

# France one centre short of 18, its army next to Munich.
CENTRES = ["BRE", "PAR", "MAR", "SPA", "POR", "BEL", "HOL", "DEN", "KIE", "BER", "LON", "EDI", "LVP", "NWY", "SWE", "TUN", "VEN"]
NEAR_WIN = {
    "id": "near-win",
    "map": "standard",
    "rules": [],
    "phases": [
        {
            "name": "F1901M",
            "state": {"name": "F1901M", "units": {"FRANCE": ["A RUH"], "ITALY": ["A ROM"]}, "centers": {"FRANCE": CENTRES}},
            "orders": {},
            "results": {},
            "messages": [],
        }
    ],
}


def test_mila_reads_a_solo_as_a_finished_game():
    game = polemarch.from_saved_game_format(NEAR_WIN)
    game.set_orders("FRANCE", ["A RUH - MUN"])
    game.process()
    assert game.is_game_done
    saved = game.to_saved_game_format()
    last = saved["phases"][-1]
    assert [p["name"] for p in saved["phases"]] == ["F1901M", "COMPLETED"]
    assert last["state"]["note"] == "Victory by: FRA"

    theirs = mila_from_saved(saved)
    assert theirs.get_current_phase() == "COMPLETED"
    assert theirs.is_game_done
    assert theirs.note == "Victory by: FRA"
    assert sorted(theirs.get_state()["units"]["FRANCE"]) == ["A MUN"]
    assert "MUN" in theirs.get_state()["centers"]["FRANCE"]
    assert [p.name for p in theirs.get_phase_history()] == ["F1901M"]

    back = polemarch.from_saved_game_format(saved)
    assert back.is_game_done and back.outcome == game.outcome
    assert back.to_saved_game_format() == saved


def test_a_draw_in_a_saved_game_is_read_back_as_the_end():
    """A game ended by agreement keeps its open phase, then COMPLETED noting
    every power that shares the draw (as MILA's `draw()` writes it): read
    back, the game is over, drawn between them, and saves the same."""
    state = {"name": "S1901M", "units": {"FRANCE": ["A PAR"], "ITALY": ["A ROM"]}, "centers": {"FRANCE": ["PAR"], "ITALY": ["ROM"]}}
    drawn = {
        "id": "drawn",
        "map": "standard",
        "rules": [],
        "phases": [
            {"name": "S1901M", "state": state, "orders": {}, "results": {}, "messages": []},
            {"name": "COMPLETED", "state": dict(state, name="COMPLETED", note="Victory by: FRA, ITA"), "orders": {}, "results": {}, "messages": []},
        ],
    }
    game = polemarch.from_saved_game_format(drawn)
    assert game.is_game_done
    assert sorted(game.outcome[1:]) == ["FRANCE", "ITALY"]
    assert game.to_saved_game_format()["phases"][-1]["state"]["note"] == "Victory by: FRA, ITA"
