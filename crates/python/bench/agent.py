"""The random agent both benchmarks play: at each orderable location, one
order drawn from get_all_possible_orders(), as research code plays MILA."""


def play_to(game, rng, last_phase="W1910A", timed=False):
    """Plays random orders until `last_phase` is reached (or the game ends);
    returns the phases processed and, with `timed`, the seconds spent in
    get_all_possible_orders() and in process() (this thread's CPU time: on
    a shared machine the wall clock counts the other programs' turns; 0.0
    without `timed`). The timers are a system call each, two a phase: a
    game counted for its throughput is played without them, since they
    cost polemarch's games a few percent and MILA's almost nothing."""
    import time

    clock = time.thread_time if timed else _no_clock
    phases, listing, processing = 0, 0.0, 0.0
    while not game.is_game_done and game.get_current_phase() != "COMPLETED":
        t = clock()
        possible = game.get_all_possible_orders()
        listing += clock() - t
        for power in game.powers:
            orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(power) if possible.get(loc)]
            if orders:
                game.set_orders(power, orders)
        done = game.get_current_phase() == last_phase
        t = clock()
        game.process()
        processing += clock() - t
        phases += 1
        if done or _past(game.get_current_phase(), last_phase):
            break
    return phases, listing, processing


def _no_clock():
    return 0.0


def _past(phase, last):
    """Is `phase` (S1911M) after `last` (W1910A)? Standard names only."""
    if phase == "COMPLETED":
        return True
    return int(phase[1:-1]) > int(last[1:-1])
