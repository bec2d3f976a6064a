"""The GIL: two Python threads each playing games of standard in parallel,
against one thread playing all of them. Prints the wall-time ratio (two
threads over one: 1.0, no parallelism; 0.5, perfect on two cores), and the
cores the two threads kept busy on average (process CPU time over wall
time: above 1.0 only if both threads ran at once, which the GIL would
forbid; on a machine other work keeps busy the wall-time ratio says little,
this says whether the threads ran in parallel). Not a test: run it by hand,
`python crates/python/bench/gil.py [games]`."""

import random
import sys
import threading
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from agent import play_to  # noqa: E402

import polemarch  # noqa: E402


def games(first, count):
    for n in range(first, first + count):
        play_to(polemarch.Game(seed=n), random.Random(n))


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    games(0, 2)  # warm up: the variant is loaded once per process
    start = time.perf_counter()
    games(0, 2 * count)
    one = time.perf_counter() - start
    threads = [threading.Thread(target=games, args=(k * count, count)) for k in range(2)]
    start, cpu = time.perf_counter(), time.process_time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two = time.perf_counter() - start
    busy = (time.process_time() - cpu) / two
    print(f"one thread, {2 * count} games: {one:.2f} s; two threads, {count} games each: {two:.2f} s")
    print(f"ratio two/one: {two / one:.2f} (1.00: no parallelism; 0.50: perfect on two cores)")
    print(f"cores kept busy by the two threads: {busy:.2f} (at most 1.00 under the GIL)")


if __name__ == "__main__":
    main()
