"""The Game's MILA-shaped calls on standard, each checked against what
the rules say happens."""

import json
import os
import random
import subprocess
import sys
import threading

import polemarch
import pytest
from conftest import play, random_orders


def test_a_new_game_is_spring_1901_with_the_starting_units():
    game = polemarch.Game()
    assert game.map_name == "standard"
    assert game.get_current_phase() == "S1901M"
    assert game.phase == "SPRING 1901 MOVEMENT"
    state = game.get_state()
    assert state["name"] == "S1901M"
    assert sorted(state["units"]["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert sorted(state["centers"]["FRANCE"]) == ["BRE", "MAR", "PAR"]
    assert state["builds"]["FRANCE"] == {"count": 0, "homes": []}
    assert game.get_orderable_locations("FRANCE") == ["BRE", "MAR", "PAR"]
    assert sorted(game.powers) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_possible_orders_are_the_legal_ones():
    possible = polemarch.Game().get_all_possible_orders()
    assert "A PAR - BUR" in possible["PAR"]
    assert "A PAR H" in possible["PAR"]
    assert "A PAR - MUN" not in possible["PAR"]
    assert "F STP/SC S A MOS - LVN" in possible["STP"]
    assert possible["STP/SC"] == possible["STP"]
    assert possible["STP/NC"] == []
    assert possible["BUR"] == []
    # Seven armies and fleets of 1901 hold, move or support; no convoy yet.
    assert not any(" C " in o for orders in possible.values() for o in orders)


def test_a_dislodgement_a_retreat_and_a_build():
    game = polemarch.Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "F BRE - MAO"])
    game.set_orders("GERMANY", ["A MUN - RUH", "A BER - MUN"])
    game.process()
    assert game.get_current_phase() == "F1901M"
    game.set_orders("FRANCE", ["F MAO - POR", "A BUR H"])
    game.set_orders("GERMANY", ["A RUH - BUR", "A MUN S A RUH - BUR"])
    game.process()
    assert game.get_current_phase() == "F1901R"
    state = game.get_state()
    assert "*A BUR" in state["units"]["FRANCE"]
    assert sorted(state["retreats"]["FRANCE"]["A BUR"]) == ["BEL", "GAS", "PAR", "PIC"]
    assert game.get_order_status("FRANCE")["A BUR"] == ["dislodged"]
    assert game.get_order_status()["GERMANY"]["A RUH"] == []
    reasons = {r["order"]: r["reason"] for r in game.get_results()}
    assert any("dislodged" in reason for reason in reasons.values())
    assert game.get_orderable_locations("FRANCE") == ["BUR"]
    assert sorted(game.get_all_possible_orders()["BUR"]) == ["A BUR D", "A BUR R BEL", "A BUR R GAS", "A BUR R PAR", "A BUR R PIC"]
    game.set_orders("FRANCE", "A BUR R PIC")
    game.process()
    assert game.get_current_phase() == "W1901A"
    assert game.get_state()["builds"]["FRANCE"] == {"count": 1, "homes": ["BRE", "PAR"]}
    assert sorted(game.get_all_possible_orders()["BRE"]) == ["A BRE B", "F BRE B", "WAIVE"]
    assert game.set_orders("FRANCE", ["F BRE B"]) == []
    game.process()
    assert game.get_current_phase() == "S1902M"
    assert sorted(game.get_state()["units"]["FRANCE"]) == ["A MAR", "A PIC", "F BRE", "F POR"]


def test_a_build_too_many_is_dropped_with_its_reason():
    game = polemarch.Game()
    game.set_orders("FRANCE", ["F BRE - MAO"])
    game.process()
    game.set_orders("FRANCE", ["F MAO - POR"])
    game.process()
    assert game.get_current_phase() == "W1901A"
    dropped = game.set_orders("FRANCE", ["F BRE B", "A PAR B"])
    assert [order for order, _ in dropped] == ["A PAR B"]
    assert dropped[0][1]
    assert game.get_orders("FRANCE") == ["F BRE B"]


def test_bad_input_raises_a_clear_error():
    game = polemarch.Game()
    with pytest.raises(polemarch.UnknownPowerError, match="NARNIA"):
        game.set_orders("NARNIA", ["A PAR - BUR"])
    with pytest.raises(polemarch.OrderError, match="A PAR FLIES BUR"):
        game.set_orders("FRANCE", ["A PAR FLIES BUR"])
    with pytest.raises(polemarch.OrderError, match="GERMANY's, not FRANCE's"):
        game.set_orders("FRANCE", ["A MUN - BUR"])
    with pytest.raises(polemarch.OrderError, match="no unit in BUR"):
        game.set_orders("FRANCE", ["A BUR - PAR"])
    with pytest.raises(polemarch.UnknownVariantError, match="narnia"):
        polemarch.Game(map_name="narnia")
    with pytest.raises(polemarch.SavedGameError):
        polemarch.from_saved_game_format("{not json")
    # Nothing was given by the failed calls.
    assert game.get_orders("FRANCE") == []
    # An order the judge calls illegal is dropped, with its reason.
    dropped = game.set_orders("FRANCE", ["A PAR - MUN"])
    assert dropped and dropped[0][0] == "A PAR - MUN"
    assert game.get_orders("FRANCE") == []


def test_orders_replace_and_clear():
    game = polemarch.Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    game.set_orders("FRANCE", ["A PAR - PIC", "A MAR H"])
    assert sorted(game.get_orders("FRANCE")) == ["A MAR H", "A PAR - PIC"]
    game.clear_orders("FRANCE")
    assert game.get_orders()["FRANCE"] == []


def test_a_power_is_live():
    game = polemarch.Game()
    before = game.powers["FRANCE"]
    assert game.get_power("FRANCE") is before and game.powers is game.powers
    game.set_orders("FRANCE", ["A PAR - BUR"])
    assert before.orders == ["A PAR - BUR"]
    game.process()
    # Taken before the phase was processed, read after it: the game as it stands now.
    assert before.orders == []
    assert "A BUR" in before.units and "A PAR" not in before.units
    assert before.units == game.get_state()["units"]["FRANCE"]
    # A copy of the game has its own powers, reading the copy.
    copy = game.clone()
    assert copy.powers["FRANCE"] is not before
    copy.set_orders("FRANCE", ["A BUR - MUN"])
    assert copy.powers["FRANCE"].orders == ["A BUR - MUN"] and before.orders == []


def test_a_game_is_freed_with_its_powers():
    import weakref

    class Watched(polemarch.Game):
        pass

    game = Watched()
    france = game.powers["FRANCE"]
    watched = weakref.ref(game)
    del game
    # No cycle between a game and its powers: freed at once, without the
    # garbage collector; a Power left over says so.
    assert watched() is None
    with pytest.raises(polemarch.PolemarchError, match="gone"):
        france.units


def _without_times(record):
    for phase in record["phases"]:
        for submission in phase.get("submissions", []):
            submission.pop("at", None)
    return record


def test_the_record_is_the_same_whenever_it_is_read():
    """The record is written when it is read: read after every call, or only
    at the end, it is the same (the times of the submissions aside). One game
    is given the very strings listed, found as such; the other copies of
    them, found by their text."""
    read_often, read_once = polemarch.Game(seed=3), polemarch.Game(seed=3)
    rng = random.Random(3)
    for _ in range(12):
        possible = read_often.get_all_possible_orders()
        assert read_once.get_all_possible_orders() == possible
        for power in read_often.power_names:
            orders = [rng.choice(possible[loc]) for loc in read_often.get_orderable_locations(power) if possible[loc]]
            read_often.set_orders(power, orders)
            copies = [o[:1] + o[1:] for o in orders]
            assert all(c is not o and c == o for c, o in zip(copies, orders))
            read_once.set_orders(power, copies)
            read_often.to_record()
        for game in (read_often, read_once):
            game.process()
        read_often.to_record()
    assert read_once.get_current_phase() == read_often.get_current_phase() != "S1901M"
    assert _without_times(read_often.to_record()) == _without_times(read_once.to_record())


def _listed(variant, phases=8):
    """The orders listed in each of the first phases of a seeded game."""
    game, rng, lists = polemarch.Game(variant, seed=5), random.Random(5), []
    for _ in range(phases):
        lists.append(game.get_all_possible_orders())
        random_orders(game, rng)
        game.process()
    return lists


def test_order_texts_kept_from_other_games_are_those_written_afresh():
    """The listed orders' text is kept for the whole process: after other
    games have been played, a game lists the same text as in a new process,
    where every text is written afresh."""
    here = os.path.dirname(__file__)
    for variant in ("standard", "multiplicity"):
        play(polemarch.Game(variant, seed=6), random.Random(6), 8)
        script = f"import json, test_game; print(json.dumps(test_game._listed({variant!r})))"
        fresh = subprocess.run([sys.executable, "-c", script], cwd=here, capture_output=True, text=True, check=True)
        assert json.loads(fresh.stdout) == _listed(variant)


def test_a_convoy_in_mila_notation():
    game = polemarch.Game()
    game.set_orders("ENGLAND", ["F LON - NTH", "A LVP - YOR"])
    game.process()
    game.set_orders("ENGLAND", ["F NTH C A YOR - NWY", "A YOR - NWY VIA"])
    assert "A YOR - NWY VIA" in game.get_orders("ENGLAND")
    game.process()
    assert "A NWY" in game.get_state()["units"]["ENGLAND"]


def test_a_variant_plays_with_its_own_names():
    game = polemarch.Game(map_name="imperator", seed=3)
    assert game.variant == "imperator"
    assert game.get_current_phase()[-1] in "MRA"
    possible = game.get_all_possible_orders()
    assert any(possible.values())


def test_render_draws_svg():
    game = polemarch.Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    svg = game.render(incl_orders=True)
    assert "<svg" in svg and "</svg>" in svg
    with pytest.raises(polemarch.PolemarchError, match="svg"):
        game.render(format="gif")


def test_map_lists_and_board_state():
    info = polemarch.map_info("standard")
    par, bur = info["provinces"].index("PAR"), info["provinces"].index("BUR")
    assert [par, bur] in info["army_adjacency"] and [bur, par] in info["army_adjacency"]
    assert len(info["location_province"]) == len(info["locations"])
    assert info["powers"][2] == "FRANCE"
    state = polemarch.Game().board_state()
    assert state["unit_power"][par] == 2
    assert state["unit_kind"][par] == info["unit_kinds"].index("A")
    assert state["centre_owner"][par] == 2
    assert state["unit_power"][bur] == -1


def test_numpy_arrays_where_numpy_is_installed():
    np = pytest.importorskip("numpy")
    game = polemarch.Game()
    arrays = polemarch.as_arrays(game.map_info())
    assert arrays["army_adjacency"].shape[1] == 2
    t = polemarch.board_tensor(game)
    assert t.shape[0] == len(game.map_info()["provinces"])
    assert t.sum() == 22 * 2 + 22 + 34  # units: kind and power; centres owned; centres


def test_threads_play_independent_games():
    results = []

    def worker(seed):
        import random
        game = play(polemarch.Game(seed=seed), random.Random(seed), 12)
        results.append(game.get_current_phase())

    threads = [threading.Thread(target=worker, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4
