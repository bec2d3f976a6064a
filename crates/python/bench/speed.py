"""Random-order games of standard through Python, polemarch against MILA's
`diplomacy` package in one run: games to Winter 1910 per second, and the
cost of one get_all_possible_orders() and one process(), in CPU time (the
wall clock of a shared machine counts the other programs' turns). Prints a
table (docs/benchmarks.md has the figures). Each set of games is played
twice: once untimed for the games per second, once with a timer around
each call for the calls' costs. Not a test: run it by hand,

    python crates/python/bench/speed.py [polemarch games] [MILA games]
"""

import random
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from agent import play_to  # noqa: E402

import polemarch  # noqa: E402


def run(make, games):
    # Throughput: the games played without timers (agent.play_to).
    start = time.process_time()
    for n in range(games):
        play_to(make(n), random.Random(n))
    cpu = time.process_time() - start
    # The cost of each call: the same games played again, timed.
    phases = listing = processing = 0.0
    for n in range(games):
        p, l, c = play_to(make(n), random.Random(n), timed=True)
        phases, listing, processing = phases + p, listing + l, processing + c
    return {"games/s": games / cpu, "gapo ms": 1000 * listing / phases, "process ms": 1000 * processing / phases, "phases": phases}


def main():
    ours_games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    mila_games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    ours = run(lambda n: polemarch.Game(seed=n), ours_games)
    try:
        import diplomacy
    except ImportError:
        print("MILA's diplomacy package is not installed: `pip install diplomacy` to compare")
        diplomacy = None
    theirs = run(lambda n: diplomacy.Game(), mila_games) if diplomacy else None
    print(f"random-order games of standard to W1910: polemarch {ours_games} games, MILA {mila_games}")
    print(f"{'':28}{'polemarch':>12}{'MILA':>12}{'ratio':>10}")
    for key, label in [("games/s", "games to W1910 per second"), ("gapo ms", "get_all_possible_orders ms"), ("process ms", "process ms")]:
        a = ours[key]
        b = theirs[key] if theirs else float("nan")
        ratio = a / b if key == "games/s" else b / a
        print(f"{label:28}{a:12.3f}{b:12.3f}{ratio:9.1f}x")


if __name__ == "__main__":
    main()
