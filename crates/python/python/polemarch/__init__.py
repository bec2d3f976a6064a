"""polemarch for Python: every variant of polemarch's Diplomacy judge as a
``Game`` shaped like MILA's ``diplomacy.Game`` (docs/python.md).

    import polemarch
    game = polemarch.Game(map_name="imperator", seed=7)
    game.get_all_possible_orders()

Arrays for learning come as plain lists (``Game.board_state``,
``map_info``); ``as_arrays`` and ``board_tensor`` turn them into NumPy arrays
where NumPy is installed (it is not required).
"""

from ._polemarch import (
    Game,
    GameOverError,
    OrderError,
    PolemarchError,
    Power,
    SavedGameError,
    UnknownPowerError,
    UnknownVariantError,
    from_saved_game_format,
    map_info,
    to_saved_game_format,
    variants,
)

__all__ = [
    "Game",
    "Power",
    "PolemarchError",
    "UnknownVariantError",
    "UnknownPowerError",
    "OrderError",
    "GameOverError",
    "SavedGameError",
    "variants",
    "map_info",
    "to_saved_game_format",
    "from_saved_game_format",
    "as_arrays",
    "board_tensor",
]


def _numpy():
    try:
        import numpy
    except ImportError as e:  # NumPy is optional.
        raise ImportError("polemarch: NumPy is not installed; `pip install numpy` (the plain lists need no NumPy)") from e
    return numpy


def _numeric(value):
    """Is this a list of numbers (or of lists of numbers ...)?"""
    while isinstance(value, list) and value:
        value = value[0]
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def as_arrays(lists):
    """The same dict with each list of numbers (or of index pairs) as a NumPy
    array; lists of names, and ragged lists (``homes``), stay lists."""
    np = _numpy()
    out = dict(lists)
    for key, value in lists.items():
        if isinstance(value, list) and _numeric(value):
            try:
                out[key] = np.asarray(value)
            except ValueError:  # ragged
                pass
    return out


def board_tensor(game):
    """The position as a NumPy array of shape (provinces, features), floats 0 or 1.

    Per province, in this order: one column per unit kind of the variant (the
    unit there), one per power (its owner), one per unit kind and one per
    power for the unit dislodged from there, one per power for the centre's
    owner, and last whether the province is a supply centre. The column
    layout is the variant's; ``map_info(variant)`` names the kinds and powers.
    """
    np = _numpy()
    info = game.map_info()
    state = game.board_state()
    kinds, powers = len(info["unit_kinds"]), len(info["powers"])
    provinces = len(info["provinces"])
    width = 2 * (kinds + powers) + powers + 1
    t = np.zeros((provinces, width), dtype=np.float32)
    rows = np.arange(provinces)

    def one_hot(values, offset):
        v = np.asarray(values)
        has = v >= 0
        t[rows[has], offset + v[has]] = 1.0

    one_hot(state["unit_kind"], 0)
    one_hot(state["unit_power"], kinds)
    one_hot(state["dislodged_kind"], kinds + powers)
    one_hot(state["dislodged_power"], 2 * kinds + powers)
    one_hot(state["centre_owner"], 2 * (kinds + powers))
    t[:, -1] = np.asarray(info["centre_values"]) > 0
    return t
