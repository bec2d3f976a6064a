"""Two wheels compared in CPU time, as steps are judged (docs/benchmarks.md):
many short runs, the two alternating (which goes first swaps each pair), each
run a process of its own that plays the same random-order games of standard
to W1910 and counts its CPU time (getrusage: user + system, the games only,
not the start-up nor a first game played to warm up); MILA's `diplomacy` played in every pair too. Prints each
pair (with the load average when it ran), then the median of the per-pair
ratios and their spread. Not a test: run it by hand under `nice`,

    python crates/python/bench/pairs.py BEFORE_PYTHON AFTER_PYTHON [pairs] [games] [MILA games]

where each python is a virtual environment's with its wheel installed (the
first with `diplomacy` too).
"""

import os
import statistics
import subprocess
import sys

HERE = __file__.rsplit("/", 1)[0]

# One run: `which` games (polemarch or mila) of seeds 0.., their CPU time.
ONE_RUN = """
import random, resource, sys
sys.path.insert(0, sys.argv[1])
from agent import play_to
which, games = sys.argv[2], int(sys.argv[3])
if which == "mila":
    import diplomacy
    make = lambda n: diplomacy.Game()
else:
    import polemarch
    make = lambda n: polemarch.Game(seed=n)
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
play_to(make(games), random.Random(games))  # warm-up, not counted
start = cpu()
for n in range(games):
    play_to(make(n), random.Random(n))
print(games / (cpu() - start))
"""


def run(python, which, games):
    """Games per CPU second of one run."""
    out = subprocess.run([python, "-c", ONE_RUN, HERE, which, str(games)], check=True, capture_output=True, text=True)
    return float(out.stdout)


def spread(xs):
    """Lowest, quartiles and highest."""
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return f"min {min(xs):.3f}  q1 {q[0]:.3f}  q3 {q[2]:.3f}  max {max(xs):.3f}"


def main():
    before, after = sys.argv[1], sys.argv[2]
    pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    games = int(sys.argv[4]) if len(sys.argv) > 4 else 150
    mila_games = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    ratios, b_mila, a_mila, loads = [], [], [], []
    print(f"{pairs} pairs of {games} games each (polemarch), {mila_games} of MILA a pair")
    print(f"{'pair':>4}{'load':>6}{'before g/s':>12}{'after g/s':>11}{'MILA g/s':>10}{'after/before':>14}")
    for k in range(pairs):
        load = os.getloadavg()[0]
        if k % 2 == 0:
            b = run(before, "polemarch", games)
            a = run(after, "polemarch", games)
        else:
            a = run(after, "polemarch", games)
            b = run(before, "polemarch", games)
        m = run(before, "mila", mila_games) if mila_games else float("nan")
        ratios.append(a / b)
        b_mila.append(b / m)
        a_mila.append(a / m)
        loads.append(load)
        print(f"{k:4}{load:6.2f}{b:12.1f}{a:11.1f}{m:10.2f}{a / b:14.3f}", flush=True)
    print(f"after/before: median {statistics.median(ratios):.3f}  ({spread(ratios)})")
    if mila_games:
        print(f"before x MILA: median {statistics.median(b_mila):.1f}  ({spread(b_mila)})")
        print(f"after x MILA:  median {statistics.median(a_mila):.1f}  ({spread(a_mila)})")
    print(f"load: {min(loads):.2f}-{max(loads):.2f}")


if __name__ == "__main__":
    main()
