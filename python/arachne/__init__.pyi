"""Type stubs for the Python package `arachne` (see its docstrings and the README, Python)."""
from fractions import Fraction
from os import PathLike
from typing import Any, Dict, List, Optional, Union

__version__: str

class Game:
    """A position of a built-in game or tree, from a game spec as on the command line."""

    def __init__(self, spec: str) -> None: ...
    def moves(self) -> List[str]: ...
    def play(self, move: str) -> "Game": ...
    def evaluate(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def perft(self, depth: int) -> int: ...
    def fen(self) -> str: ...
    @property
    def spec(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def history(self) -> List[str]: ...

def run(*args: Any) -> List[Dict[str, Any]]: ...
def search(
    game: Union[str, Game],
    algo: str = "alphabeta",
    *,
    depth: Optional[int] = None,
    procs: Optional[int] = None,
    threads: Optional[int] = None,
    backend: Optional[str] = "sim",
    cost: Optional[str] = None,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    **options: Any,
) -> Dict[str, Any]: ...
def nbp(
    n: int, d: int, exact: bool = True, *, trials: int = 1000, seed: int = 1, **options: Any
) -> Union[Fraction, Dict[str, Any]]: ...
def experiment(
    name: str,
    quick: bool = True,
    out: Optional[Union[str, "PathLike[str]"]] = None,
    *,
    seed: Optional[int] = None,
    **sizes: Any,
) -> Any: ...
