#!/usr/bin/env python3
"""Win At Chess with `arachne uci` at several thread counts, driven by python-chess.

Usage: wac_threads.py PATH/TO/arachne [--epd data/wac.epd] [--count 100] [--time 0.2]
                      [--configs 1,2:ybwc,2:jamboree,2:lazy-smp,2:abdada] [--json]

Each configuration is `THREADS` (the serial engine, `Threads 1`) or `THREADS:ALGO` (`Threads`
and `ParallelAlgorithm`), one engine process each with its default options otherwise. For each
of the first COUNT positions of the EPD file the engines are asked in turn (`go movetime`,
TIME seconds, after `ucinewgame`): the configurations are interleaved position by position,
so a change in the machine's load hits all of them alike. A position is solved when the move
played is one of its `bm` moves (and none of its `am` moves).

Prints one line per configuration (solved/count and the ids missed); `--json` prints one JSON
object instead. Issue 24's done-when: `Threads 2` solves at least as many positions as
`Threads 1` with every `ParallelAlgorithm`.
"""
import argparse
import json
import os
import sys

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_EPD = os.path.join(HERE, "..", "data", "wac.epd")
DEFAULT_CONFIGS = "1,2:ybwc,2:jamboree,2:lazy-smp,2:abdada"


def parse_config(text):
    threads, _, algo = text.partition(":")
    try:
        t = int(threads)
    except ValueError:
        sys.exit(f"--configs: `{text}` is not THREADS or THREADS:ALGO")
    if t < 1:
        sys.exit(f"--configs: `{text}`: THREADS must be at least 1")
    if t == 1 and algo:
        sys.exit(f"--configs: `{text}`: a parallel algorithm needs THREADS above 1")
    return t, algo or None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--epd", default=DEFAULT_EPD)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--time", type=float, default=0.2)
    ap.add_argument("--configs", default=DEFAULT_CONFIGS)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.count < 1:
        sys.exit("--count must be at least 1")
    if not a.time > 0:
        sys.exit("--time must be positive")

    records = []
    with open(a.epd) as f:
        for line in f:
            if line.strip():
                board, ops = chess.Board.from_epd(line)
                records.append((board, ops))
            if len(records) == a.count:
                break

    configs = [parse_config(c) for c in a.configs.split(",") if c.strip()]
    engines = []
    for threads, algo in configs:
        eng = chess.engine.SimpleEngine.popen_uci([a.engine, "uci"], timeout=60)
        opts = {"Threads": threads}
        if algo:
            opts["ParallelAlgorithm"] = algo
        eng.configure(opts)
        engines.append(eng)
    names = [f"Threads {t} {algo}" if algo else f"Threads {t}" for t, algo in configs]
    solved = [0] * len(configs)
    missed = [[] for _ in configs]
    try:
        for i, (board, ops) in enumerate(records):
            pid = ops.get("id", f"#{i + 1}")
            bm = set(ops.get("bm", []))
            am = set(ops.get("am", []))
            for k, eng in enumerate(engines):
                res = eng.play(board, chess.engine.Limit(time=a.time), game=(k, i))
                ok = res.move is not None and (not bm or res.move in bm) and res.move not in am
                if ok:
                    solved[k] += 1
                else:
                    missed[k].append(pid)
            if not a.json:
                print(f"{i + 1}/{len(records)} " + " ".join(str(s) for s in solved),
                      file=sys.stderr, flush=True)
    finally:
        for eng in engines:
            eng.quit()

    if a.json:
        print(json.dumps({
            "epd": a.epd,
            "count": len(records),
            "time": a.time,
            "results": [
                {"config": c, "threads": t, "algo": algo, "solved": s, "missed": m}
                for c, (t, algo), s, m in zip(names, configs, solved, missed)
            ],
        }))
    else:
        for c, s, m in zip(names, solved, missed):
            print(f"{c:<22} {s}/{len(records)}  missed: {' '.join(m)}")


if __name__ == "__main__":
    main()
