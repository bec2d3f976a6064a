"""Two builds of the package compared in CPU time in one process, game by
game: each installed `polemarch` package folder is copied under a name of
its own (`a_polemarch`, `b_polemarch`: the extension loads under any
package name), then game n of standard (seed n, random orders to W1910) is
played by one build and at once by the other, which goes first swapping
each game, each game's CPU time taken by getrusage (user + system). Two
games of a pair run milliseconds apart on the same machine, in the same
process and heap, where separate processes seconds apart saw the host's
speed drift (docs/benchmarks.md). Prints the median of the per-game
ratios with their spread, each build's games per CPU second, and, with
MILA's `diplomacy` installed, MILA's from games played among them. Not a
test: run it by hand under `nice`,

    python crates/python/bench/ab.py BEFORE_PACKAGE_DIR AFTER_PACKAGE_DIR [games] [MILA games]

each dir a `site-packages/polemarch` folder (a wheel installed).
"""

import importlib
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from agent import play_to  # noqa: E402


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(make, n):
    """CPU seconds of game n."""
    start = cpu()
    play_to(make(n), random.Random(n))
    return cpu() - start


def load(folder, name, into):
    shutil.copytree(folder, os.path.join(into, name), ignore=shutil.ignore_patterns("__pycache__"))
    return importlib.import_module(name)


def spread(xs):
    q = statistics.quantiles(xs, n=4)
    return f"min {min(xs):.3f}  q1 {q[0]:.3f}  q3 {q[2]:.3f}  max {max(xs):.3f}"


def main():
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    mila_games = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    into = tempfile.mkdtemp()
    sys.path.insert(0, into)
    before = load(sys.argv[1], "a_polemarch", into)
    after = load(sys.argv[2], "b_polemarch", into)
    assert before.Game is not after.Game, "two builds, loaded apart"
    make_b = lambda n: before.Game(seed=n)  # noqa: E731
    make_a = lambda n: after.Game(seed=n)  # noqa: E731
    try:
        import diplomacy

        make_m = lambda n: diplomacy.Game()  # noqa: E731
    except ImportError:
        make_m = None
    load_at = [os.getloadavg()[0]]
    # Warm-up, not counted: maps loaded, the first texts written.
    timed(make_b, games), timed(make_a, games)
    if make_m:
        timed(make_m, games)
    tb, ta, tm, ratios = [], [], [], []
    every = games // mila_games if make_m and mila_games else 0
    for n in range(games):
        if n % 2 == 0:
            b, a = timed(make_b, n), timed(make_a, n)
        else:
            a, b = timed(make_a, n), timed(make_b, n)
        tb.append(b)
        ta.append(a)
        ratios.append(b / a)
        if every and n % every == every - 1:
            tm.append(timed(make_m, n))
            load_at.append(os.getloadavg()[0])
    print(f"{games} games each build, {len(tm)} of MILA among them")
    print(f"after / before in games per CPU second, per game: median {statistics.median(ratios):.3f}  ({spread(ratios)})")
    print(f"faster in {sum(r > 1 for r in ratios)} of {games}")
    gb, ga = games / sum(tb), games / sum(ta)
    print(f"before {gb:.1f} games/s, after {ga:.1f} games/s: {ga / gb:.3f}")
    if tm:
        gm = len(tm) / sum(tm)
        print(f"MILA {gm:.2f} games/s: before {gb / gm:.1f}x, after {ga / gm:.1f}x")
    print(f"load: {min(load_at):.2f}-{max(load_at):.2f}")


if __name__ == "__main__":
    main()
