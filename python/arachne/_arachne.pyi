"""Type stubs for the extension module (crates/arachne-py); use the package `arachne`."""
from typing import Any, List, Tuple

from . import Game as Game

__version__: str
WIN: int
LOSS: int

def run(args: List[str]) -> Tuple[bool, str]:
    """Runs a command line in-process: (interrupted, JSON array of its --json objects)."""
def search_python(game: Any, args: List[str]) -> Tuple[bool, str]:
    """``arachne search ARGS`` on a game written in Python: as ``run``."""
def _bench_run(args: List[str], repeat: int) -> List[float]:
    """For python/benchmarks/overhead.py: seconds of each of ``repeat`` runs of a command line
    in Rust alone."""
