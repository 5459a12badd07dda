"""Type stubs for the Python package `arachne` (see its docstrings and the README, Python).

The package calls the Rust library directly; it has no generic ``run(*args)`` command line
(the parser is not linked): ``search``, ``nbp``, ``experiment`` and ``Game`` take typed
arguments, and an unknown keyword raises ``ValueError`` naming it."""
from fractions import Fraction
from os import PathLike
from typing import Any, Dict, List, Optional, Protocol, Sequence, Tuple, Union

__version__: str
SEARCH_OPTIONS: List[str]
"""The keyword arguments ``search`` takes, each a field of the search request."""
WIN: int
"""The value of a won position for the side to move (``evaluate()`` of a game written in Python)."""
LOSS: int
"""The value of a lost position for the side to move (``-WIN``)."""

class Game:
    """A position of a built-in game or tree, from a game spec as on the command line
    (``Game("connect4")``, ``Game("chess:fen=...")``, ``Game("iid:n=3,d=5,seed=1")``).
    Immutable: ``play`` returns a new position."""

    def __init__(self, spec: str) -> None:
        """``ValueError`` with the command line's line for a bad spec."""
    def moves(self) -> List[str]:
        """The legal moves, in generation order, named as on the command line."""
    def play(self, move: str) -> "Game":
        """The position after ``move`` (a name from ``moves()``); ``ValueError`` if illegal."""
    def evaluate(self) -> int:
        """The static value from the side to move's point of view (negamax convention)."""
    def is_terminal(self) -> bool:
        """True when the game is over (no legal moves, or a rule ends it)."""
    def perft(self, depth: int) -> int:
        """Positions ``depth`` plies ahead, as ``arachne perft`` counts them."""
    def fen(self) -> str:
        """The position as text:

        * chess: FEN;
        * checkers: PDN FEN (``B:W21-32:B1-12``);
        * othello: the FFO test positions' board string, 64 squares ``a1``...``h8`` (``X``
          Black, ``O`` White, ``-`` empty), a space and the side to move (``X`` or ``O``);
          ``Game("othello:pos=" + g.fen())`` reads it back;
        * connect4 (no standard notation): the six rows top down separated by ``/``, each
          seven characters for columns 1-7 (``X`` the first player, ``O`` the second, ``-``
          empty), a space and the side to move: ``-------/.../------- X`` at the start;
        * tictactoe (no standard notation): the nine squares in reading order (``X``, ``O``,
          ``-``), a space and the side to move: ``--------- X`` at the start;
        * synthetic trees (``iid``, ``incremental``, ``ordered``): the spec, a space and the
          move path from the root separated by ``/`` (``-`` at the root):
          ``"iid:n=3,d=4,seed=1 2/1"``.
        """
    def __str__(self) -> str:
        """The board: several lines for chess, connect four (``X``, ``O``, ``.``, top row
        first, then the column numbers) and tic-tac-toe; ``fen()`` for the other games."""
    @property
    def spec(self) -> str:
        """The game spec this position was made from."""
    @property
    def name(self) -> str:
        """The game's name (``chess``, ``iid``, ...)."""
    @property
    def history(self) -> List[str]:
        """The moves played since the spec's position."""

class PythonGame(Protocol):
    """A game written in Python, accepted by ``search`` wherever a spec is."""

    def moves(self) -> List[Any]:
        """The legal moves (any objects; named by ``str``), empty when the game is over."""
    def play(self, move: Any) -> "PythonGame":
        """The position after ``move``; the old one unchanged (copy-make)."""
    def evaluate(self) -> Union[int, float]:
        """The static value from the side to move's point of view (``LOSS`` when lost)."""

def search(
    game: Union[str, Game, PythonGame],
    algo: str = "alphabeta",
    *,
    depth: Optional[int] = None,
    procs: Optional[int] = None,
    threads: Optional[int] = None,
    backend: Optional[str] = None,
    cost: Optional[str] = None,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    ordering: bool = False,
    preorder: bool = False,
    quiescence: bool = False,
    check_extension: bool = False,
    null_move: bool = False,
    hash: Optional[int] = None,
    memory: Optional[int] = None,
    latency_seed: Optional[int] = None,
) -> Dict[str, Any]:
    """The fields of ``arachne search --json`` for ``game`` searched by ``algo``; the keyword
    arguments are the search request's fields (``ValueError`` for any other)."""
def nbp(
    n: int,
    d: int,
    exact: bool = True,
    *,
    trials: int = 1000,
    seed: int = 1,
    range: Optional[int] = None,
    model: Optional[str] = None,
    force: bool = False,
) -> Union[Fraction, Dict[str, Any]]:
    """Alpha-beta's expected bottom positions on Fuller's N-ary tree of depth D."""
def experiment(
    name: str,
    quick: bool = True,
    out: Optional[Union[str, "PathLike[str]"]] = None,
    *,
    seed: Optional[int] = None,
    trees: Optional[int] = None,
    depths: Optional[Union[str, int, Tuple[int, int]]] = None,
    openings: Optional[int] = None,
    branching: Optional[Union[int, Sequence[int]]] = None,
    matching: Optional[str] = None,
    scale: Optional[str] = None,
    engine: Optional[Union[str, "PathLike[str]"]] = None,
) -> Any:
    """A paper experiment's report rows: a list of dicts, or a pandas.DataFrame."""
