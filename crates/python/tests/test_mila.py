"""polemarch against MILA's own engine (the `diplomacy` package from PyPI,
installed by .ci/run): random standard phases adjudicated by both agree
(polemarch under the `mila` edition, whose rule choices are MILA's,
docs/conformance.md: no phase differs, so no known MILA bug needs naming
here); MILA reads the saved games polemarch writes."""

import random

import polemarch
import pytest
from conftest import play, random_orders

diplomacy = pytest.importorskip("diplomacy", reason="MILA's `diplomacy` package is not installed (.ci/run installs it)")
from diplomacy.utils.export import from_saved_game_format as mila_from_saved  # noqa: E402

PHASES = 200


def board(state):
    """Units (dislodged starred), centres and the phase, each list sorted."""
    units = {p: sorted(u) for p, u in state["units"].items() if u}
    centers = {p: sorted(c) for p, c in state["centers"].items() if c}
    return state["name"], units, centers


def test_random_standard_phases_agree_with_mila():
    compared, differences, kinds = 0, [], {"M": 0, "R": 0, "A": 0}
    seed = 0
    while compared < PHASES:
        rng = random.Random(seed)
        ours = polemarch.Game(edition="mila", seed=seed)
        theirs = diplomacy.Game()
        for _ in range(60):
            if ours.is_game_done or theirs.is_game_done or compared >= PHASES:
                break
            assert board(ours.get_state()) == board(theirs.get_state())
            kinds[ours.get_current_phase()[-1]] += 1
            random_orders(ours, rng)
            orders = ours.get_orders()
            for power, given in orders.items():
                theirs.set_orders(power, given)
            ours.process()
            theirs.process()
            compared += 1
            a, b = board(ours.get_state()), board(theirs.get_state())
            if a != b:
                differences.append((seed, a[0], orders, a, b))
                break
        seed += 1
    assert not differences, "\n".join(f"game {s}, then {p}: orders {o}\npolemarch {a}\nMILA      {b}" for s, p, o, a, b in differences[:3])
    assert compared >= PHASES
    assert all(kinds.values()), f"movements, retreats and adjustments each compared: {kinds}"


def test_the_opening_orders_are_milas():
    ours = polemarch.Game().get_all_possible_orders()
    theirs = diplomacy.Game().get_all_possible_orders()
    for loc, orders in theirs.items():
        assert sorted(ours.get(loc, [])) == sorted(orders), loc


def test_mila_reads_what_polemarch_writes():
    rng = random.Random(7)
    for n in range(3):
        game = play(polemarch.Game(edition="mila", seed=n), rng, 30)
        saved = game.to_saved_game_format()
        theirs = mila_from_saved(saved)
        assert theirs.get_current_phase() == game.get_current_phase()
        assert board(theirs.get_state()) == board(game.get_state())
        assert len(theirs.get_phase_history()) == len(saved["phases"]) - 1
