"""A game written in Python, searched by the serial algorithms, by the message-passing ones
on the simulator, by best-first search and by MCTS: tic-tac-toe here against the built-in one
(crates/arachne-games/src/tictactoe.rs), value and node counts equal; a tree game against
negamax."""
import pytest

import arachne

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe:
    """Squares 1-9 in reading order; `own` are the side to move's squares."""

    def __init__(self, own=(), other=()):
        self.own, self.other = frozenset(own), frozenset(other)

    def won(self):
        # The side that just moved (`other`) has a line.
        return any(all(s in self.other for s in line) for line in LINES)

    def moves(self):
        if self.won():
            return []
        return [s + 1 for s in range(9) if s not in self.own and s not in self.other]

    def play(self, move):
        return TicTacToe(self.other, self.own | {move - 1})

    def evaluate(self):
        return arachne.LOSS if self.won() else 0


def counts(r):
    return {k: r[k] for k in ("value", "best_move", "pv", "nodes", "interior", "leaves",
                              "movegens", "cutoffs", "depth")}


@pytest.mark.parametrize("algo,depth", [("alphabeta", 9), ("negamax", 9), ("alphabeta", 4),
                                        ("palphabeta", 9), ("falphabeta", 6)])
def test_python_tictactoe_equals_the_rust_one(algo, depth):
    ours = arachne.search(TicTacToe(), algo, depth=depth)
    theirs = arachne.search("tictactoe", algo, depth=depth)
    assert counts(ours) == counts(theirs)
    assert ours["game"] == "python:TicTacToe"


def test_from_a_position():
    ours = arachne.search(TicTacToe().play(5).play(1), "alphabeta", depth=7)
    theirs = arachne.search("tictactoe:moves=51", "alphabeta", depth=7)
    assert counts(ours) == counts(theirs)


class Tree:
    """A small tree game written in Python: the uniform tree of branching `n` and depth `d`
    whose bottom values come from a seeded hash of the path (every node its own position)."""

    def __init__(self, n=3, d=5, path=()):
        self.n, self.d, self.path = n, d, path

    def moves(self):
        return list(range(self.n)) if len(self.path) < self.d else []

    def play(self, move):
        return Tree(self.n, self.d, self.path + (move,))

    def evaluate(self):
        h = 7
        for m in self.path:
            h = (h * 1_000_003 + m + 1) % 2_147_483_647
        v = h % 201 - 100  # from the root player's point of view
        return v if len(self.path) % 2 == 0 else -v


SIM = ["tree-split", "pbound", "type-guided", "baudet"]


@pytest.mark.parametrize("algo", SIM)
@pytest.mark.parametrize("procs", [1, 3])
def test_python_tictactoe_on_the_simulator_equals_the_rust_one(algo, procs):
    # The message-passing algorithms on --backend sim: every count, the messages and the
    # virtual time as for the built-in tic-tac-toe, and the value of serial alpha-beta.
    keys = ("value", "best_move", "pv", "nodes", "interior", "leaves", "messages",
            "virtual_time", "serial_nodes", "procs")
    # The engine's search in the workers (the default) and type-guided's masters keep a
    # transposition table, which the Rust game's hash feeds and this Python game (no hash())
    # does not: with them, the value, not the counts. The papers' stepper worker keeps none.
    for spec, exact in [(algo, algo == "pbound"), (algo + ":worker=stepper", algo != "type-guided")]:
        ours = arachne.search(TicTacToe(), spec, depth=9, procs=procs)
        theirs = arachne.search("tictactoe", spec, depth=9, procs=procs)
        compared = keys if exact else ("value", "procs")
        assert {k: ours[k] for k in compared} == {k: theirs[k] for k in compared}, spec
        assert ours["value"] == arachne.search(TicTacToe(), "alphabeta", depth=9)["value"] == 0
        assert ours["game"] == "python:TicTacToe"


@pytest.mark.parametrize("algo", ["tree-split", "pbound", "palphabeta-par"])
def test_python_tree_on_the_simulator_equals_negamax(algo):
    for n, d in [(3, 5), (4, 4), (2, 7)]:
        tree = Tree(n, d)
        v = arachne.search(tree, "negamax", depth=d)["value"]
        assert arachne.search(tree, "alphabeta", depth=d)["value"] == v
        for procs in (1, 3):
            r = arachne.search(tree, algo, depth=d, procs=procs)
            assert r["value"] == v, (algo, n, d, procs)
            assert r["messages"] > 0 or procs == 1


@pytest.mark.parametrize("algo,kw,keys", [
    ("bfm", {"depth": 5}, ("value", "nodes", "expansions", "pv", "best_move")),
    ("rbfm:seed=3", {"depth": 5}, ("value", "nodes", "expansions", "pv", "best_move")),
    ("rbfm:seed=3", {"depth": 5, "procs": 3}, ("value", "nodes", "messages", "virtual_time")),
    ("mcts:iters=2000,seed=4", {},
     ("value", "value_kind", "iterations", "tree_nodes", "playout_plies", "pv", "best_move")),
    ("mcts:par=root,seed=4", {"procs": 3, "nodes": 3000},
     ("value", "nodes", "messages", "virtual_time", "best_move")),
])
def test_python_tictactoe_best_first_and_mcts_equal_the_rust_one(algo, kw, keys):
    # The same search on the same moves in the same order: every count as for the built-in
    # tic-tac-toe (`mcts` takes no depth).
    ours = arachne.search(TicTacToe(), algo, **kw)
    theirs = arachne.search("tictactoe", algo, **kw)
    assert all(theirs[k] is not None for k in keys)
    assert {k: ours[k] for k in keys} == {k: theirs[k] for k in keys}
    assert ours["game"] == "python:TicTacToe"


def test_mcts_solves_a_python_game():
    # Run to the end, the solver gives the exact value: tic-tac-toe is a draw; on the tree game,
    # negamax's value.
    r = arachne.search(TicTacToe(), "mcts:iters=300000,seed=1")
    assert (r["value"], r["value_kind"]) == (0, "exact")
    tree = Tree(3, 4)
    r = arachne.search(tree, "mcts:iters=100000,seed=2,playout=eval")
    assert r["value_kind"] == "exact"
    assert r["value"] == arachne.search(tree, "negamax", depth=4)["value"]


def test_refusals():
    with pytest.raises(ValueError, match="needs depth"):
        arachne.search(TicTacToe(), "alphabeta")
    with pytest.raises(ValueError, match="the serial algorithms and the simulator only"):
        arachne.search(TicTacToe(), "ybwc", depth=3, threads=2)
    for backend in ("threads", "mpi"):
        for algo, kw in [("tree-split", {"procs": 2}), ("alphabeta", {})]:
            with pytest.raises(ValueError) as e:
                arachne.search(TicTacToe(), algo, depth=3, backend=backend, **kw)
            assert str(e.value) == (f"--backend {backend}: a game defined outside arachne runs "
                                    "on the simulator only (--backend sim)")
    with pytest.raises(ValueError, match="serial algorithms"):
        arachne.search(TicTacToe(), "lazy-smp", depth=3)
    with pytest.raises(ValueError, match="needs moves"):
        arachne.search(object(), "alphabeta", depth=3)
    # The forms on threads, by name.
    for algo, kw, msg in [("mcts:threads=2", {}, "mcts:threads=2: a game defined outside"),
                          ("mcts:par=tree", {}, "mcts:par=tree: a game defined outside"),
                          ("mcts", {"threads": 2}, "--threads: a game defined outside"),
                          ("rbfm:threads=2", {"depth": 3}, "rbfm:threads=2: a game defined"),
                          ("rbfm", {}, "needs depth")]:
        with pytest.raises(ValueError, match=msg):
            arachne.search(TicTacToe(), algo, **kw)


def test_an_exception_in_the_game_is_raised():
    class Broken(TicTacToe):
        def play(self, move):
            if move == 9:
                raise ZeroDivisionError("bad move 9")
            return Broken(self.other, self.own | {move - 1})

    with pytest.raises(ZeroDivisionError, match="bad move 9"):
        arachne.search(Broken(), "alphabeta", depth=3)
    # On the simulator too: the first exception stops the search and is raised.
    with pytest.raises(ZeroDivisionError, match="bad move 9"):
        arachne.search(Broken(), "tree-split", depth=3, procs=3)
