"""Type stubs of polemarch's extension module (docs/python.md)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

class PolemarchError(ValueError):
    """Base of polemarch's errors."""

class UnknownVariantError(PolemarchError):
    """No variant of that id (or folder)."""

class UnknownPowerError(PolemarchError):
    """No power of that name in the variant."""

class OrderError(PolemarchError):
    """An order that cannot be read, or names no unit of the power giving it."""

class GameOverError(PolemarchError):
    """The game is over: nothing more can be ordered or processed."""

class SavedGameError(PolemarchError):
    """A saved game that cannot be read."""

class Power:
    """One power's part of the game: a live view (its lists are the game's as it stands when read); it holds its game weakly."""

    name: str
    units: List[str]
    centers: List[str]
    homes: List[str]
    retreats: List[Tuple[str, List[str]]]
    orders: List[str]
    eliminated: bool
    def is_eliminated(self) -> bool: ...

SavedGame = Dict[str, Any]

class Game:
    """A game of any polemarch variant, shaped like MILA's ``diplomacy.Game``."""

    def __init__(
        self,
        map_name: str = "standard",
        variant: Optional[str] = None,
        seed: int = 0,
        edition: Optional[str] = None,
        game_id: Any = None,
        rules: Any = None,
    ) -> None: ...
    @property
    def map_name(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def game_id(self) -> str: ...
    @property
    def edition(self) -> Optional[str]: ...
    @property
    def phase(self) -> str:
        """The phase in words (``SPRING 1901 MOVEMENT``), or ``COMPLETED``."""
    @property
    def phase_type(self) -> str:
        """``M``, ``R``, ``A``, or ``-`` when the game is over."""
    @property
    def powers(self) -> Dict[str, Power]:
        """Every power by name: live views of this game, one dict made at the first call."""
    @property
    def power_names(self) -> List[str]: ...
    @property
    def is_game_done(self) -> bool: ...
    @property
    def outcome(self) -> List[str]:
        """The last phase's name then the winners, once the game is over."""
    def get_current_phase(self) -> str:
        """``S1901M``, ``F1901R``, ``W1901A``, or ``COMPLETED``."""
    def get_state(self) -> Dict[str, Any]:
        """MILA's state dict: name, units, centers, homes, retreats, builds."""
    def get_power(self, power_name: str) -> Power:
        """``powers[power_name]`` (any of the power's names, any letter case)."""
    def get_orderable_locations(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]: ...
    def get_all_possible_orders(self) -> Dict[str, List[str]]:
        """Every legal order of every location, by location."""
    def set_orders(
        self, power_name: str, orders: Union[str, Sequence[str]], expand: bool = True, replace: bool = True
    ) -> List[Tuple[str, str]]:
        """Gives orders; returns those the judge dropped as illegal, with the reason."""
    def clear_orders(self, power_name: Optional[str] = None) -> None: ...
    def get_orders(self, power_name: Optional[str] = None) -> Union[List[str], Dict[str, List[str]]]: ...
    def process(self) -> None:
        """Adjudicates the phase and opens the next (the GIL is released)."""
    def get_order_status(self, power_name: Optional[str] = None) -> Union[Dict[str, List[str]], Dict[str, Dict[str, List[str]]]]: ...
    def get_results(self) -> List[Dict[str, str]]:
        """The judge's results of the phase last processed: power, order, result, reason."""
    def to_saved_game_format(self) -> SavedGame: ...
    @staticmethod
    def from_saved_game_format(saved_game: Union[SavedGame, str], edition: Optional[str] = None) -> "Game": ...
    def to_record(self) -> Dict[str, Any]:
        """polemarch's own game record (docs/game-record.md)."""
    def clone(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def render(
        self,
        incl_orders: bool = True,
        format: str = "svg",
        output_format: Optional[str] = None,
        output_path: Optional[str] = None,
    ) -> str: ...
    def board_state(self) -> Dict[str, Any]:
        """The position as lists of integers by province (docs/python.md)."""
    def map_info(self) -> Dict[str, Any]: ...

def variants() -> List[str]: ...
def map_info(variant: str = "standard") -> Dict[str, Any]: ...
def to_saved_game_format(game: Game) -> SavedGame: ...
def from_saved_game_format(saved_game: Union[SavedGame, str], edition: Optional[str] = None) -> Game: ...
