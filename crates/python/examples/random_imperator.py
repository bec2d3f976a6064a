"""A random agent playing Imperator (docs/python.md): every power gives, at
each of its orderable locations, one legal order drawn at random, until the
game ends or `years` game years have passed."""

import random

import polemarch


def play(seed=1, years=12):
    game = polemarch.Game(map_name="imperator", seed=seed)
    rng = random.Random(seed)
    first = game.get_current_phase()
    movements = 0
    while not game.is_game_done and movements < 2 * years:
        possible = game.get_all_possible_orders(by_power=True)
        for power in game.power_names:
            mine = possible[power]
            orders = [rng.choice(mine[loc]) for loc in game.get_orderable_locations(power) if mine[loc]]
            game.set_orders(power, orders)
        movements += game.phase_type == "M"
        game.process()
    return game, first


if __name__ == "__main__":
    game, first = play()
    print(f"{game.map_name}: from {first} to {game.get_current_phase()}")
    print("outcome:", game.outcome or "still going")
    for name, power in game.powers.items():
        if not power.is_eliminated():
            print(f"  {name:10} {len(power.centers):2} centres, {len(power.units):2} units")
