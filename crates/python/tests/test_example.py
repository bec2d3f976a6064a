"""The example of docs/python.md: a random agent playing Imperator."""

import pathlib
import runpy


def test_a_random_agent_plays_imperator():
    path = pathlib.Path(__file__).parent.parent / "examples" / "random_imperator.py"
    example = runpy.run_path(str(path))
    game, first = example["play"](seed=1, years=6)
    assert game.map_name == "imperator"
    assert game.get_current_phase() != first
    assert game.to_record()["phases"][0]["processed"]["orders"], "the agent gave orders"
