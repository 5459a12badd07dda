"""arachne: serial and parallel game-tree search from Python.

Every function here calls the Rust library in-process, with no command line in between:
``search``'s keyword arguments are the fields of the typed search request
(``arachne::SearchRequest``) and the result is the report's JSON object built as Python
objects; ``nbp`` and ``experiment`` call the analysis and experiments crates' own entry
points. The spec strings, the checks and the one-line error messages are the library's (the
ones ``arachne`` prints), and the fields are those of ``arachne ... --json``. A keyword
argument a function does not take, a value of the wrong type and a number out of range raise
``ValueError`` naming it.

There is no generic ``run(*args)`` (an ``arachne`` command line in-process): it needed the
command-line parser, which the package no longer links. Use ``search``, ``nbp``,
``experiment`` and ``Game``, or the ``arachne`` binary.

>>> import arachne
>>> r = arachne.search("tictactoe", "alphabeta")
>>> r["value"], r["best_move"], r["nodes"]
(0, '1', 20866)
"""

import os as _os
import tempfile as _tempfile
from fractions import Fraction
from typing import Any, List, Protocol, Union

from ._arachne import LOSS, SEARCH_OPTIONS, WIN, Game, __version__
from ._arachne import experiment as _experiment
from ._arachne import nbp as _nbp
from ._arachne import search as _search
from ._arachne import search_python as _search_python

__all__ = ["Game", "PythonGame", "search", "nbp", "experiment", "SEARCH_OPTIONS", "WIN",
           "LOSS", "__version__"]


class PythonGame(Protocol):
    """What a game written in Python provides (for type annotations; any object with these
    methods will do). Optional: ``is_terminal()`` (default: no moves) and ``hash()`` (an int,
    for the transposition table)."""

    def moves(self) -> List[Any]:
        """The legal moves (any objects; named by ``str``), empty when the game is over."""

    def play(self, move: Any) -> "PythonGame":
        """The position after ``move``; the old one unchanged (copy-make)."""

    def evaluate(self) -> Union[int, float]:
        """The static value from the side to move's point of view (``LOSS`` when lost)."""


def _result(interrupted, report):
    if interrupted:
        e = KeyboardInterrupt()
        e.partial = report
        raise e
    return report


def search(game, algo="alphabeta", **options):
    """Searches ``game`` (a spec string such as ``"connect4"``, ``"iid:n=3,d=5,seed=1"``, or a
    ``Game`` with no moves played) with ``algo`` (``NAME[:key=value,...]``, see
    ``arachne algos``) and returns the fields of ``arachne search --json`` as a dict.

    ``options`` are the fields of the search request, named as the flags of ``arachne
    search`` with ``_`` for ``-`` (``SEARCH_OPTIONS`` lists them): ``depth``, ``procs``,
    ``threads``, ``nodes``, ``time_ms``, ``hash`` (MiB), ``memory`` (MiB), ``latency_seed``
    (integers); ``backend`` (``"sim"``, ``"threads"``, ``"mpi"``) and ``cost`` (strings);
    ``ordering``, ``preorder``, ``quiescence``, ``check_extension``, ``null_move``
    (``True``/``False``). ``None`` means not given. ``backend`` applies to the
    message-passing algorithms (``procs=P``); ``"sim"`` is the default and leaves the
    result's ``backend`` field ``None``, as ``arachne search`` without ``--backend``. Any
    other keyword raises ``ValueError`` naming it.

    Ctrl-C stops the search: ``KeyboardInterrupt`` with the partial result (the last completed
    depth, ``"stopped"`` set) as its ``partial`` attribute.

    The value is ``value`` (an integer in the game's units: centipawns for chess; a tree with
    real values in fixed point, its real value in ``value_real``), with ``value_kind``; a
    decisive value also as ``mate_in`` (the side to move's moves to the end of the game:
    positive when it wins, negative when it loses; ``None`` otherwise). ``stopped`` names the
    limit that ended the search early (``"nodes"``, ``"time"``, ``"memory"``, ``"stopped"``),
    ``None`` when it ran to its end. The README's "``--json`` fields" lists every field.

    ``game`` may also be a game written in Python: an object with ``moves()`` (a list, empty
    when the game is over), ``play(move)`` (the new position; the old one unchanged),
    ``evaluate()`` (int or float, from the side to move's point of view; ``arachne.LOSS`` for a
    lost position) and optionally ``is_terminal()`` and ``hash()``. Moves are named by
    ``str(move)``. It runs on the serial algorithms and on the message-passing ones
    (``tree-split``, ``baudet``, ``palphabeta-par``, ``pbound``, ``knm``, ``type-guided``)
    on the simulator (``procs=P``); on the best-first searches (``bfm``, ``rbfm``, and
    master-slave ``rbfm`` with ``procs=P``); and on Monte Carlo tree search (``mcts:...``,
    and ``mcts:par=root`` with ``procs=P``). ``depth`` is required, except by ``mcts``, which
    has none (its budgets: ``iters=N`` in ``algo``, ``nodes``, ``time_ms``). The
    shared-memory algorithms and every form on threads (``threads``, ``rbfm:threads=``,
    ``mcts:threads=``, ``mcts:par=`` without ``procs``), ``backend="threads"`` and
    ``backend="mpi"`` are refused with a ``ValueError`` naming them: every call into the game
    takes the GIL, so real threads would only wait for each other. An exception in one of its
    methods stops the search and is raised.
    """
    algo = str(algo)
    if not isinstance(game, (str, Game)):
        if options.get("depth") is None and algo.split(":")[0].strip().lower() != "mcts":
            raise ValueError("a game written in Python needs depth=D (it has no default depth; "
                             "mcts takes none)")
        return _result(*_search_python(game, algo, options))
    if isinstance(game, Game):
        if game.history:
            raise ValueError(
                "search: give a spec for the position (e.g. connect4:moves=44), not a Game "
                "with moves played")
        game = game.spec
    return _result(*_search(game, algo, options))


def nbp(n, d, exact=True, *, trials=1000, seed=1, **options):
    """The expected number of bottom positions alpha-beta examines on Fuller's random uniform
    tree of branching ``n`` and depth ``d`` (``arachne analyze nbp``).

    ``exact=True``: a ``fractions.Fraction`` (the product method; within the documented
    limits unless ``force=True``). ``exact=False``: Monte Carlo on ``trials`` seeded trees, a
    dict with ``mean``, ``sd``, ``ci`` (the half-width of the 95 % confidence interval) and
    the rest of ``analyze nbp --json``'s fields. ``options``: ``range`` (R equally likely
    bottom values) and ``model`` (``"iid"``, the default, or ``"incremental"``), both for
    Monte Carlo only, and ``force``; any other keyword raises ``ValueError`` naming it.
    """
    r = _nbp(n, d, bool(exact), trials, seed, options)
    if exact:
        return Fraction(r["exact"])
    r["ci"] = r.get("ci95")
    return r


def experiment(name, quick=True, out=None, *, seed=None, **sizes):
    """Runs the paper experiment ``name`` (``arachne experiment NAME``) and returns its report
    rows (one per reproduced figure) as a list of dicts, or a ``pandas.DataFrame`` when pandas
    is installed. ``out``: the directory for the report files (default: a temporary directory,
    removed afterwards). ``sizes``: ``trees``, ``depths`` (``"2-6"``), ``openings``,
    ``branching`` (an int or a list), ``matching``, ``scale`` (``"full"`` or ``"paper"``),
    ``engine`` (a path); any other keyword raises ``ValueError`` naming it. The name and the
    sizes are checked before any work starts.
    """
    def go(directory):
        return _experiment(str(name), bool(quick), directory, seed, sizes)["rows"]

    if out is None:
        with _tempfile.TemporaryDirectory(prefix="arachne-") as directory:
            rows = go(directory)
    else:
        rows = go(_os.fspath(out))
    try:
        import pandas
    except ImportError:
        return rows
    return pandas.DataFrame(rows)
