"""A game written in Python, searched by the serial algorithms: tic-tac-toe here against the
built-in one (crates/arachne-games/src/tictactoe.rs), value and node counts equal."""
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


def test_refusals():
    with pytest.raises(ValueError, match="needs depth"):
        arachne.search(TicTacToe(), "alphabeta")
    with pytest.raises(ValueError, match="serial algorithms only"):
        arachne.search(TicTacToe(), "tree-split", depth=3, procs=2)
    with pytest.raises(ValueError, match="serial algorithms only"):
        arachne.search(TicTacToe(), "ybwc", depth=3, threads=2)
    with pytest.raises(ValueError, match="serial algorithms only"):
        arachne.search(TicTacToe(), "alphabeta", depth=3, backend="threads")
    with pytest.raises(ValueError, match="needs moves"):
        arachne.search(object(), "alphabeta", depth=3)


def test_an_exception_in_the_game_is_raised():
    class Broken(TicTacToe):
        def play(self, move):
            if move == 9:
                raise ZeroDivisionError("bad move 9")
            return Broken(self.other, self.own | {move - 1})

    with pytest.raises(ZeroDivisionError, match="bad move 9"):
        arachne.search(Broken(), "alphabeta", depth=3)
