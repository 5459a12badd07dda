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
    with pytest.raises(ValueError, match="exceeds the depth"):
        arachne.Game("iid:n=2,d=3,seed=1").perft(4)
    with pytest.raises(ValueError, match="at most 64"):
        arachne.Game("tictactoe").perft(65)


# Every game `arachne games` lists: fen() identifies the position (distinct after different
# moves, equal after transposed ones where the game has them) and str() shows it.
EVERY_GAME = ["iid:n=3,d=4,seed=1", "incremental:b=3,d=4,seed=1", "ordered:n=3,d=4,order=random",
              "tictactoe", "connect4", "checkers", "othello", "chess"]


def test_every_game_the_cli_lists_is_covered(tmp_path):
    # `arachne games` prints one line per game, its name first (`iid:n=N,…`, `chess[:…]`).
    import re
    import subprocess
    from conftest import _binary
    binary = _binary()
    if binary is None:
        pytest.skip("no arachne binary")
    out = subprocess.run([binary, "games"], check=True, capture_output=True, text=True).stdout
    listed = {re.match(r"[a-z0-9]+", line).group(0) for line in out.splitlines() if line.strip()}
    assert {arachne.Game(spec).name for spec in EVERY_GAME} == listed


@pytest.mark.parametrize("spec", EVERY_GAME)
def test_fen_identifies_the_position(spec):
    g = arachne.Game(spec)
    seen = {g.fen()}
    for m in g.moves()[:3]:
        f = g.play(m).fen()
        assert f not in seen, (spec, m, f)
        seen.add(f)
        assert str(g.play(m)) and "\n" not in f
    assert g.fen() == arachne.Game(spec).fen()  # copy-make: playing left g unchanged


def test_fen_formats():
    assert arachne.Game("tictactoe").fen() == "--------- X"
    assert arachne.Game("tictactoe:moves=519").fen() == "O---X---X O"
    assert str(arachne.Game("tictactoe:moves=519")) == "O..\n.X.\n..X\n"
    c4 = arachne.Game("connect4").play("4").play("4").play("5")
    assert c4.fen() == "-------/-------/-------/-------/---O---/---XX-- O"
    # A transposition: the same position, the same string.
    assert (arachne.Game("connect4:moves=4453").fen()
            == arachne.Game("connect4:moves=4354").fen())
    assert str(c4).splitlines()[-2:] == ["...XX..", "1234567"]
    # Othello: the FFO board string, read back by othello:pos=.
    o = arachne.Game("othello").play("f5").play("d6")
    assert o.fen() == arachne.Game("othello:moves=f5d6").fen()
    assert arachne.Game("othello:pos=" + o.fen()).moves() == o.moves()
    assert arachne.Game("othello").fen() == ("-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X")
    # Chess and checkers: FEN, read back by their specs.
    ch = arachne.Game("chess").play("e2e4")
    assert arachne.Game("chess:fen=" + ch.fen()).moves() == ch.moves()
    ck = arachne.Game("checkers").play(arachne.Game("checkers").moves()[0])
    assert arachne.Game("checkers:pos=" + ck.fen()).moves() == ck.moves()
    # Trees: the spec and the move path from the root.
    t = arachne.Game("iid:n=3,d=4,seed=1")
    assert t.fen() == "iid:n=3,d=4,seed=1 -"
    assert t.play("2").play("1").fen() == "iid:n=3,d=4,seed=1 2/1"
    assert str(t.play("3")) == "iid:n=3,d=4,seed=1 3"
