#!/usr/bin/env python3
"""Drive `arachne uci` with a real UCI client: python-chess (PyPI `chess`).

Usage: uci_client_test.py PATH/TO/arachne

Runs several searches (depth, nodes, movetime, clock, infinite analysis stopped by the
client), changes options, and plays a short game, checking that every reported move is
legal and that the info lines carry depth, score, nodes and pv. Exits non-zero on failure.
Run by crates/arachne-cli/tests/uci.rs.
"""
import sys
import time

import chess
import chess.engine

POSITIONS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",  # WAC.004
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def main():
    exe = sys.argv[1]
    searches = 0
    with chess.engine.SimpleEngine.popen_uci([exe, "uci"], timeout=60) as eng:
        check(eng.id.get("name", "").startswith("arachne"), f"id name: {eng.id}")
        for opt in ("Hash", "Threads", "Algorithm"):
            check(opt in eng.options, f"option {opt} missing: {list(eng.options)}")

        for fen in POSITIONS:
            board = chess.Board(fen)
            info = eng.analyse(board, chess.engine.Limit(depth=3))
            check(info.get("depth", 0) >= 1, f"depth in {info}")
            check("score" in info and "nodes" in info, f"score/nodes in {info}")
            pv = info.get("pv", [])
            check(len(pv) >= 1, f"pv in {info}")
            b = board.copy()
            for mv in pv:
                check(mv in b.legal_moves, f"pv move {mv} illegal in {b.fen()}")
                b.push(mv)
            res = eng.play(board, chess.engine.Limit(depth=3))
            check(res.move in board.legal_moves, f"bestmove {res.move} illegal in {fen}")
            searches += 2

        # Mate in one is reported as a mate score.
        board = chess.Board("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")
        info = eng.analyse(board, chess.engine.Limit(depth=3))
        check(info["score"].white().mate() == 1, f"mate score: {info['score']}")
        searches += 1

        board = chess.Board()
        for limit in (
            chess.engine.Limit(nodes=5000),
            chess.engine.Limit(time=0.1),
            chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.05, black_inc=0.05),
        ):
            res = eng.play(board, limit)
            check(res.move in board.legal_moves, f"{limit}: {res.move}")
            searches += 1

        # Infinite analysis, stopped by the client.
        with eng.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 2:
                    break
        searches += 1

        # Options: another algorithm and hash size.
        eng.configure({"Hash": 8, "Algorithm": "mtdf"})
        res = eng.play(chess.Board(POSITIONS[1]), chess.engine.Limit(depth=3))
        check(res.move in chess.Board(POSITIONS[1]).legal_moves, "mtdf move")
        eng.configure({"Algorithm": "aspiration"})
        searches += 1

        # A short game, the engine playing both sides.
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 16:
            res = eng.play(board, chess.engine.Limit(depth=2))
            check(res.move in board.legal_moves, f"game move {res.move} at {board.fen()}")
            board.push(res.move)
        check(board.ply() >= 1, "game played")
    print(f"uci client test ok: {searches} searches, game of {board.ply()} plies: "
          f"{chess.Board().variation_san(board.move_stack)}")


if __name__ == "__main__":
    t = time.time()
    main()
    print(f"({time.time() - t:.1f} s)")
