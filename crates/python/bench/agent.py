"""The random agent both benchmarks play: at each orderable location, one
order drawn from get_all_possible_orders(), as research code plays MILA."""


def play_to(game, rng, last_phase="W1910A"):
    """Plays random orders until `last_phase` is reached (or the game ends);
    returns the phases processed and the seconds spent in
    get_all_possible_orders() and in process() (this thread's CPU time: on
    a shared machine the wall clock counts the other programs' turns)."""
    import time

    phases, listing, processing = 0, 0.0, 0.0
    while not game.is_game_done and game.get_current_phase() != "COMPLETED":
        t = time.thread_time()
        possible = game.get_all_possible_orders()
        listing += time.thread_time() - t
        for power in game.powers:
            orders = [rng.choice(possible[loc]) for loc in game.get_orderable_locations(power) if possible.get(loc)]
            if orders:
                game.set_orders(power, orders)
        done = game.get_current_phase() == last_phase
        t = time.thread_time()
        game.process()
        processing += time.thread_time() - t
        phases += 1
        if done or _past(game.get_current_phase(), last_phase):
            break
    return phases, listing, processing


def _past(phase, last):
    """Is `phase` (S1911M) after `last` (W1910A)? Standard names only."""
    if phase == "COMPLETED":
        return True
    return int(phase[1:-1]) > int(last[1:-1])
