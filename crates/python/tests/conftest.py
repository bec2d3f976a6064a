"""Shared helpers: a random agent that plays as research code plays a MILA
game, one legal order drawn from get_all_possible_orders() per orderable
location."""

import random

import pytest


def random_orders(game, rng):
    """Gives every power a random legal order at each of its orderable locations."""
    possible = game.get_all_possible_orders(by_power=True)
    for power in game.power_names:
        mine = possible[power]
        orders = [rng.choice(mine[loc]) for loc in game.get_orderable_locations(power) if mine.get(loc)]
        if orders:
            game.set_orders(power, orders)


def play(game, rng, max_phases):
    """Plays random orders until the game ends or `max_phases` are processed."""
    for _ in range(max_phases):
        if game.is_game_done:
            break
        random_orders(game, rng)
        game.process()
    return game


@pytest.fixture
def rng():
    return random.Random(29)
