"""Type stubs for the extension module (crates/arachne-py)."""
from typing import List, Tuple

from . import Game as Game

__version__: str

def run(args: List[str]) -> Tuple[bool, str]: ...
