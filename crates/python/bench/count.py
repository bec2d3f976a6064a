"""Plays `games` random-order games of standard to Winter 1910 with one
engine, after a warm-up game, for instruction counts: run it under
`valgrind --tool=callgrind` with 0 games and with N, and the difference over
N is one game's count (docs/benchmarks.md). Not a test.

    python crates/python/bench/count.py polemarch|mila GAMES
"""

import random
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from agent import play_to  # noqa: E402


def main():
    engine, games = sys.argv[1], int(sys.argv[2])
    if engine == "mila":
        import diplomacy

        make = lambda n: diplomacy.Game()  # noqa: E731
    else:
        import polemarch

        make = lambda n: polemarch.Game(seed=n)  # noqa: E731
    play_to(make(100), random.Random(100))  # warm-up: imports, the map loaded once
    phases = sum(play_to(make(n), random.Random(n))[0] for n in range(games))
    print(f"{engine}: {games} games, {phases} phases")


if __name__ == "__main__":
    main()
