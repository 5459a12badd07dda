"""The Python package's overhead against Rust, measured:

1. a `search` call on a depth-1 tree costs at most 1 ms more than the same search in Rust:
   the median wall time of `arachne.search(TREE, "alphabeta")` from Python
   (`time.perf_counter`) against the median of the same search run in-process by Rust alone
   (`_arachne._bench_search`: `arachne::run::search` on the same request, its JSON object
   included, timed with `Instant`, no Python between the calls), and against the search time
   the result reports (`time_ms`);
2. a depth-10 connect-four search runs at the command line's speed within 5 %: the median
   wall time of `arachne.search("connect4", ALGO, depth=10)` against the median wall time
   of the binary (`arachne search --game connect4 --algo ALGO --depth 10 --json`, a new
   process each time), runs interleaved; and the medians of the search times both report.

    pip install ./python
    python python/benchmarks/overhead.py [--bin target/release/arachne] [--calls 2000] [--runs 21]

The binary and the wheel should come from the same build (`cargo build --release -p
arachne-cli` and `pip install ./python` with the same CARGO_TARGET_DIR). Prints one line per
figure and whether its target is met.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import time

import arachne
from arachne import _arachne

TREE = "iid:n=3,d=1,seed=1"
C4_ALGO = "alphabeta"
C4_DEPTH = 10


def binary(given):
    if given:
        return given
    env = os.environ.get("ARACHNE_BIN")
    if env:
        return env
    repo = pathlib.Path(__file__).resolve().parents[2]
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", repo / "target"))
    exe = target / "release" / "arachne"
    return str(exe) if exe.is_file() else shutil.which("arachne")


def ms(x):
    return f"{x * 1e3:.3f} ms"


def depth1(calls):
    for _ in range(50):  # warm up
        arachne.search(TREE, "alphabeta")
    # Interleaved in blocks of 100 calls, so that a change in the machine's load hits both.
    py, rust, reported = [], [], []
    for _ in range(max(1, calls // 100)):
        for _ in range(100):
            t = time.perf_counter()
            r = arachne.search(TREE, "alphabeta")
            py.append(time.perf_counter() - t)
            reported.append(r["time_ms"] / 1e3)
        rust += _arachne._bench_search(TREE, "alphabeta", 100)
    p, q, s = statistics.median(py), statistics.median(rust), statistics.median(reported)
    over = p - q
    print(f"depth-1 tree {TREE}, {len(py)} calls each:")
    print(f"  Python arachne.search      median {ms(p)}")
    print(f"  Rust run::search alone     median {ms(q)}")
    print(f"  search time reported       median {ms(s)}")
    print(f"  overhead Python - Rust     {ms(over)}   (target <= 1 ms: "
          f"{'met' if over <= 1e-3 else 'MISSED'}); Python - reported search time {ms(p - s)}")
    return over


def connect4(exe, runs):
    argv = [exe, "search", "--json", "--game", "connect4", "--algo", C4_ALGO, "--depth",
            str(C4_DEPTH)]
    py_wall, cli_wall, py_search, cli_search, nodes = [], [], [], [], set()
    for i in range(runs):
        # Alternate which goes first, so that neither always follows the other.
        order = ("py", "cli") if i % 2 == 0 else ("cli", "py")
        for who in order:
            if who == "py":
                t = time.perf_counter()
                r = arachne.search("connect4", C4_ALGO, depth=C4_DEPTH)
                py_wall.append(time.perf_counter() - t)
                py_search.append(r["time_ms"] / 1e3)
            else:
                t = time.perf_counter()
                out = subprocess.run(argv, check=True, capture_output=True, text=True)
                cli_wall.append(time.perf_counter() - t)
                r = json.loads(out.stdout)
                cli_search.append(r["time_ms"] / 1e3)
            nodes.add(r["nodes"])
    pw, cw = statistics.median(py_wall), statistics.median(cli_wall)
    ps, cs = statistics.median(py_search), statistics.median(cli_search)
    ratio = pw / cw
    print(f"connect4 {C4_ALGO} depth {C4_DEPTH}, {runs} interleaved runs each "
          f"(nodes {sorted(nodes)}):")
    print(f"  Python wall   median {ms(pw)}   CLI process wall median {ms(cw)}   "
          f"ratio {ratio:.3f} (target within 5 %: {'met' if ratio <= 1.05 else 'MISSED'})")
    print(f"  search time   median {ms(ps)} (Python)   {ms(cs)} (CLI)   ratio {ps / cs:.3f}")
    return ratio


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="the arachne binary (default: $ARACHNE_BIN or target/release)")
    ap.add_argument("--calls", type=int, default=2000, help="depth-1 calls per side")
    ap.add_argument("--runs", type=int, default=21, help="connect-four runs per side")
    args = ap.parse_args()
    exe = binary(args.bin)
    if exe is None:
        ap.error("no arachne binary: build it (cargo build --release -p arachne-cli) or --bin")
    print(f"arachne {arachne.__version__}; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs")
    depth1(args.calls)
    connect4(exe, args.runs)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
