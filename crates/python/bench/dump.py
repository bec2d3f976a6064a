"""Dumps everything the package says in seeded random games of every
variant (state, listed orders, orderable locations, powers, set_orders'
answers with reasons, order status, results, record without its
times, saved game), as
JSON lines, so that two builds can be compared byte for byte: a speed
change must print the same (docs/benchmarks.md). Each Winter's orders are
given twice (the second time resubmitted whole), and one order a phase
in lower case, not as listed. Not a test.

    python crates/python/bench/dump.py OUT [games per variant] [phases]
"""

import json
import random
import sys

import polemarch


def line(out, what, value):
    out.write(json.dumps([what, value], sort_keys=True) + "\n")


def timeless(record):
    """The record without its submissions' times (the clock, not the game)."""
    for phase in record["phases"]:
        for s in phase.get("submissions", []):
            s.pop("at", None)
    return record


def powers(game):
    return {
        name: {"units": list(p.units), "centers": list(p.centers), "homes": list(p.homes), "retreats": list(p.retreats)}
        for name, p in game.powers.items()
    }


def play(out, variant, seed, phases):
    game = polemarch.Game(map_name=variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(phases):
        if game.is_game_done:
            break
        line(out, "phase", game.get_current_phase())
        line(out, "state", game.get_state())
        possible = game.get_all_possible_orders()
        line(out, "possible", possible)
        line(out, "by power", game.get_all_possible_orders(by_power=True))
        line(out, "orderable", game.get_orderable_locations())
        line(out, "powers", powers(game))
        lowered = False
        for name in game.powers:
            orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(name) if possible.get(loc)]
            if orders and not lowered:
                orders[0] = orders[0].lower()
                lowered = True
            if orders:
                line(out, "set", [name, game.set_orders(name, orders)])
                if game.phase_type == "A":
                    line(out, "set again", [name, game.set_orders(name, list(orders))])
        line(out, "orders", game.get_orders())
        game.process()
        line(out, "status", game.get_order_status())
        line(out, "results", game.get_results())
    line(out, "outcome", game.outcome)
    line(out, "record", timeless(game.to_record()))
    line(out, "saved", game.to_saved_game_format())


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python crates/python/bench/dump.py OUT [games per variant] [phases]")
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    phases = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    with open(path, "w") as out:
        for variant in polemarch.variants():
            for seed in range(games):
                line(out, "game", [variant, seed])
                play(out, variant, seed, phases)


if __name__ == "__main__":
    main()
