"""`arachne.Game`: moves, play, perft against known numbers and the command line."""
import pytest

import arachne


@pytest.mark.parametrize("spec,counts", [
    ("chess", [20, 400, 8902]),
    ("tictactoe", [9, 72, 504, 3024, 15120]),
    ("connect4", [7, 49, 343, 2401, 16807]),
    ("othello", [4, 12, 56, 244, 1396]),
    ("checkers", [7, 49, 302, 1469]),
    ("iid:n=3,d=4,seed=1", [3, 9, 27, 81]),
])
def test_perft_known_numbers(spec, counts):
    g = arachne.Game(spec)
    for depth, n in enumerate(counts, start=1):
        assert g.perft(depth) == n, (spec, depth)
    assert g.perft(0) == 1


def test_perft_equals_the_cli(cli):
    for spec, depth in [("chess:fen=r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
                        ("othello", 6), ("tictactoe:moves=5", 5)]:
        assert arachne.Game(spec).perft(depth) == cli("perft", "--json", "--game", spec,
                                                      "--depth", str(depth))["nodes"]


def test_moves_and_play_use_the_cli_notation():
    g = arachne.Game("tictactoe")
    assert g.moves() == [str(i) for i in range(1, 10)]
    h = g.play("5")
    assert "5" not in h.moves() and len(h.moves()) == 8
    assert g.moves() == [str(i) for i in range(1, 10)]  # copy-make: g is unchanged
    assert h.history == ["5"]
    # X plays 1 2 3 (O 4 5): the side to move, O, has lost.
    end = g
    for m in ["1", "4", "2", "5", "3"]:
        end = end.play(m)
    assert end.is_terminal() and not g.is_terminal()
    assert end.evaluate() < 0
    c = arachne.Game("chess")
    assert "e2e4" in c.moves() and len(c.moves()) == 20
    after = c.play("e2e4")
    assert after.fen().startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")
    assert "K" in str(c) or "k" in str(c)
    assert arachne.Game("connect4").moves() == [str(i) for i in range(1, 8)]


def test_perft_of_a_played_position_equals_the_spec_with_those_moves():
    g = arachne.Game("connect4").play("4").play("4").play("5")
    assert g.perft(4) == arachne.Game("connect4:moves=445").perft(4)
    t = arachne.Game("tictactoe").play("1").play("5")
    assert t.perft(3) == arachne.Game("tictactoe:moves=15").perft(3)


def test_bad_input():
    with pytest.raises(ValueError, match="unknown game"):
        arachne.Game("nosuchgame")
    with pytest.raises(ValueError, match="not a legal move"):
        arachne.Game("tictactoe").play("10")
    with pytest.raises(ValueError, match="no FEN"):
        arachne.Game("connect4").fen()
    with pytest.raises(ValueError, match="exceeds the depth"):
        arachne.Game("iid:n=2,d=3,seed=1").perft(4)
    with pytest.raises(ValueError, match="at most 64"):
        arachne.Game("tictactoe").perft(65)
