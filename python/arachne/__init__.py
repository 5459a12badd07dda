"""arachne: serial and parallel game-tree search from Python.

Every function here runs the ``arachne`` command line's own library entry point in-process
(``arachne_cli::api::run_json``): the same spec strings, the same checks and one-line error
messages, and the same fields as ``arachne ... --json``. Nothing about the options is
reimplemented here; keyword arguments become command-line flags.

>>> import arachne
>>> r = arachne.search("tictactoe", "alphabeta")
>>> r["value"], r["best_move"], r["nodes"]
(0, '1', 20866)
"""

import json as _json
import os as _os
import tempfile as _tempfile
from fractions import Fraction
from typing import Any, List, Protocol, Union

from ._arachne import LOSS, WIN, Game, __version__
from ._arachne import run as _run
from ._arachne import search_python as _search_python

__all__ = ["Game", "PythonGame", "search", "nbp", "experiment", "run", "WIN", "LOSS",
           "__version__"]


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


def _flag(key):
    return "--" + key.replace("_", "-")


def _flags(options):
    """Keyword arguments as flags: ``True`` -> ``--key``, ``False``/``None`` -> nothing, else
    ``--key value``."""
    argv = []
    for key, value in options.items():
        if value is None or value is False:
            continue
        if value is True:
            argv.append(_flag(key))
        elif isinstance(value, (list, tuple)):
            argv += [_flag(key), ",".join(str(v) for v in value)]
        else:
            argv += [_flag(key), str(value)]
    return argv


def run(*args):
    """Runs an ``arachne`` command line in-process (without the program name; give ``--json``)
    and returns the JSON objects it printed, as a list of dicts.

    Bad input raises ``ValueError`` with the command line's message. Ctrl-C stops a running
    search: ``KeyboardInterrupt`` is raised once it has stopped, with the partial objects as
    its ``partial`` attribute.
    """
    interrupted, text = _run([str(a) for a in args])
    values = _json.loads(text)
    if interrupted:
        e = KeyboardInterrupt()
        e.partial = values
        raise e
    return values


def _one(values, what):
    if len(values) != 1:
        raise RuntimeError(f"{what}: expected one JSON object, got {len(values)}")
    return values[0]


def search(game, algo="alphabeta", *, depth=None, procs=None, threads=None, backend="sim",
           cost=None, nodes=None, time_ms=None, **options):
    """Searches ``game`` (a spec string such as ``"connect4"``, ``"iid:n=3,d=5,seed=1"``, or a
    ``Game`` with no moves played) with ``algo`` (``NAME[:key=value,...]``, see
    ``arachne algos``) and returns the fields of ``arachne search --json``.

    ``options`` are the other flags of ``arachne search``: ``ordering=True``,
    ``preorder=True``, ``quiescence=True``, ``check_extension=True``, ``null_move=True``,
    ``hash=MiB``, ``memory=MiB``, ``latency_seed=S``. ``backend`` (``"sim"``, ``"threads"``)
    applies to the message-passing algorithms (``--procs P``); ``"sim"`` is the command
    line's default and is not passed as a flag, so the result's ``backend`` field is ``None``
    for it, as with ``arachne search`` without ``--backend``.

    Ctrl-C stops the search: ``KeyboardInterrupt`` with the partial result (the last completed
    depth, ``"stopped"`` set) as its ``partial`` attribute.

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
    if not isinstance(game, (str, Game)):
        return _search_custom(game, algo, depth=depth, procs=procs, threads=threads,
                              backend=backend, cost=cost, nodes=nodes, time_ms=time_ms,
                              **options)
    if isinstance(game, Game):
        if game.history:
            raise ValueError(
                "search: give a spec for the position (e.g. connect4:moves=44), not a Game "
                "with moves played")
        game = game.spec
    argv = ["search", "--json", "--game", str(game), "--algo", str(algo)]
    if backend is not None and backend != "sim":
        options = {"backend": backend, **options}
    argv += _flags({"depth": depth, "procs": procs, "threads": threads, "cost": cost,
                    "nodes": nodes, "time_ms": time_ms, **options})
    try:
        return _one(run(*argv), "search")
    except KeyboardInterrupt as e:
        if getattr(e, "partial", None):
            e.partial = e.partial[0]
        raise


def _result(interrupted, text):
    values = _json.loads(text)
    if interrupted:
        e = KeyboardInterrupt()
        e.partial = values[0] if values else None
        raise e
    return _one(values, "search")


def _search_custom(game, algo, *, depth, backend, **flags):
    """A game written in Python: the serial searches, the simulator's message-passing
    algorithms, best-first search and MCTS, through the command line's `search` (which
    refuses the rest with its line)."""
    if depth is None and str(algo).split(":")[0].strip().lower() != "mcts":
        raise ValueError("a game written in Python needs depth=D (it has no default depth; "
                         "mcts takes none)")
    if backend is not None and backend != "sim":
        flags = {"backend": backend, **flags}
    argv = ["--json", "--algo", str(algo)] + _flags({"depth": depth, **flags})
    return _result(*_search_python(game, argv))


def nbp(n, d, exact=True, *, trials=1000, seed=1, **options):
    """The expected number of bottom positions alpha-beta examines on Fuller's random uniform
    tree of branching ``n`` and depth ``d`` (``arachne analyze nbp``).

    ``exact=True``: a ``fractions.Fraction`` (the product method; within the documented
    limits unless ``force=True``). ``exact=False``: Monte Carlo on ``trials`` seeded trees, a
    dict with ``mean``, ``sd``, ``ci`` (the half-width of the 95 % confidence interval) and
    the rest of ``analyze nbp --json``'s fields. ``options``: ``range``, ``model``, ``force``.
    """
    argv = ["analyze", "nbp", "--json", "--branching", str(n), "--depth", str(d)]
    if exact:
        r = _one(run(*(argv + ["--exact"] + _flags(options))), "nbp")
        return Fraction(r["exact"])
    r = _one(run(*(argv + ["--trials", str(trials), "--seed", str(seed)] + _flags(options))),
             "nbp")
    r["ci"] = r.get("ci95")
    return r


def experiment(name, quick=True, out=None, *, seed=None, **sizes):
    """Runs the paper experiment ``name`` (``arachne experiment NAME``) and returns its report
    rows (one per reproduced figure) as a list of dicts, or a ``pandas.DataFrame`` when pandas
    is installed. ``out``: the directory for the report files (default: a temporary directory,
    removed afterwards). ``sizes``: ``trees``, ``depths`` (``"2-6"``), ``openings``,
    ``branching`` (a list), ``matching``, ``scale``, ``engine``.
    """
    def go(directory):
        argv = ["experiment", str(name), "--json", "--out", str(directory)]
        if quick:
            argv.append("--quick")
        argv += _flags({"seed": seed, **sizes})
        return _one(run(*argv), "experiment")["rows"]

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
