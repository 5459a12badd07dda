"""Type stubs for the extension module (crates/arachne-py); use the package `arachne`."""
from os import PathLike
from typing import Any, Dict, List, Optional, Tuple, Union

from . import Game as Game

__version__: str
WIN: int
LOSS: int
SEARCH_OPTIONS: List[str]

def search(
    game: str, algo: str, options: Optional[Dict[str, Any]] = None
) -> Tuple[bool, Dict[str, Any]]:
    """(interrupted, report): the search request made of ``options`` run on the spec ``game``."""
def search_python(
    game: Any, algo: str, options: Optional[Dict[str, Any]] = None
) -> Tuple[bool, Dict[str, Any]]:
    """As ``search``, on a game written in Python."""
def nbp(
    n: int, d: int, exact: bool, trials: int, seed: int,
    options: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """The JSON object of ``arachne analyze nbp --json``."""
def experiment(
    name: str, quick: bool, out: Union[str, "PathLike[str]"], seed: Optional[int],
    sizes: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """The JSON object of ``arachne experiment NAME --json`` (the report written into ``out``)."""
def _bench_search(
    game: str, algo: str, repeat: int, options: Optional[Dict[str, Any]] = None
) -> List[float]:
    """For python/benchmarks/overhead.py: seconds of each of ``repeat`` runs of a search in
    Rust alone."""
