#!/usr/bin/env python3
"""Parallel searches that `arachne speedup` does not run in one process yet, against the best
serial search with the same options: MPI ranks (`mpirun`, one search per process) and
master-slave RBFM at a node budget (expansions per second). Time to depth on threads is
`arachne speedup` (see scripts/bench.sh, area real-cores).

Runs every command of a set side by side, interleaved (A, B, C, A, B, C, ...), for several
rounds, and prints each command's median time to the same depth and the median of its
per-round ratio to the baseline (the first command), with the spread (min-max of the ratios).
Values are checked to agree with the baseline's: a parallel search that returns another value
is reported, not timed. See ../shared/MEASURING.md.

    python3 scripts/real_cores.py target/release/arachne --set mpi-trees --rounds 2
    python3 scripts/real_cores.py target/release/arachne --set rbfm --rounds 5

Sets: mpi-chess, mpi-trees and mpi-checkers (`mpirun -n 2`, binary built with `--features
mpi`), rbfm (master-slave RBFM on threads against serial RBFM: the same generated-node budget,
three synthetic trees and three chess positions; its figure is expansions per second, not time
to a value, since a budgeted best-first search has no exact value to agree on). Times are the
searches' own `time_ms` (to the answer, before the principal line).
"""
import argparse
import json
import statistics
import subprocess
import sys

SETS = {
    # MPI (binary built with --features mpi): 2 ranks on this machine's 2 cores; `time_ms` is
    # rank 0's, from the search's start (mpirun's start-up is not in it).
    "mpi-chess": {
        "games": [f"chess:bench=lct2:{i}" for i in (1, 5, 9)],
        "extra": ["--depth", "7", "--ordering", "--quiescence"],
        "algos": [
            ("aspiration", []),
            ("type-guided:master=1", ["@mpi2", "--procs", "2", "--backend", "mpi"]),
            ("tree-split:id=1,pv=1,master=1", ["@mpi2", "--procs", "2", "--backend", "mpi"]),
        ],
    },
    "mpi-trees": {
        "games": [f"incremental:b=10,d=11,seed={s}" for s in (1, 2, 3)],
        "extra": ["--preorder"],
        "algos": [
            ("alphabeta", []),
            ("type-guided", ["@mpi2", "--procs", "3", "--backend", "mpi"]),
            ("tree-split", ["@mpi2", "--procs", "3", "--backend", "mpi"]),
            ("tree-split:id=1,pv=1", ["@mpi2", "--procs", "3", "--backend", "mpi"]),
            ("tree-split:id=1,pv=1,master=1", ["@mpi2", "--procs", "2", "--backend", "mpi"]),
            ("tree-split", ["--procs", "3", "--backend", "threads"]),
        ],
    },
    "mpi-checkers": {
        "games": [f"checkers:bench={i}" for i in (2, 4, 6)],
        "extra": ["--depth", "14", "--ordering"],
        "algos": [
            ("salphabeta", []),
            ("type-guided", ["@mpi2", "--procs", "3", "--backend", "mpi"]),
            ("type-guided:master=1", ["@mpi2", "--procs", "2", "--backend", "mpi"]),
            ("tree-split", ["@mpi2", "--procs", "3", "--backend", "mpi"]),
            ("tree-split:master=1", ["@mpi2", "--procs", "2", "--backend", "mpi"]),
        ],
    },
    # Master-slave RBFM (seed 002 section 6.1): expansions per second against serial `rbfm`
    # with the same seed and generated-node budget (issue 23's target: >= 1.3x on 2 cores).
    "rbfm": {
        "games": [f"incremental:b=10,d=11,seed={s}" for s in (1, 2, 3)]
        + [f"chess:bench=lct2:{i}" for i in (1, 5, 9)],
        "extra": ["--nodes", "300000"],
        # Chess: a principal-variation depth the budget ends first (the default stops at 5).
        "game_extra": {f"chess:bench=lct2:{i}": ["--depth", "100"] for i in (1, 5, 9)},
        "metric": "rate",
        # The default on threads queues 8 jobs at each slave and lets the master expand too
        # (arachne_bestfirst::master, "Real cores"); batch=1,master=0 is section 6.1's form.
        "algos": [
            ("rbfm", []),
            ("rbfm", ["--procs", "2", "--backend", "threads"]),
            ("rbfm", ["--procs", "3", "--backend", "threads"]),
            # grain=K grows a subtree of K expansions below the leaf (an option: a different
            # search per expansion, whose walks are shorter; the default is one leaf a job).
            ("rbfm:grain=8", ["--procs", "2", "--backend", "threads"]),
            ("rbfm:grain=32", ["--procs", "2", "--backend", "threads"]),
            ("rbfm:master=0", ["--procs", "2", "--backend", "threads"]),
            ("rbfm:batch=1,master=0", ["--procs", "3", "--backend", "threads"]),
        ],
    },
}


# A row whose arguments start with "@mpi2" runs under mpirun, 2 ranks.
MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-n", "2"]


def run(exe, game, algo, args, extra, timeout):
    launcher = []
    if args[:1] == ["@mpi2"]:
        launcher, args = MPIRUN, args[1:]
    cmd = [*launcher, exe, "search", "--game", game, "--algo", algo, *args, *extra, "--json"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, "timeout", None
    if p.returncode != 0:
        return None, None, p.stderr.strip(), None
    d = json.loads(p.stdout)
    # Each process's busy fraction of the run's wall time (threads and MPI report them).
    busy = None
    if isinstance(d.get("busy"), list) and isinstance(d.get("idle"), list):
        busy = [b / (b + i) if b + i > 0 else 0.0 for b, i in zip(d["busy"], d["idle"])]
    if "expansions" in d:
        # A best-first search: its figure is the expansions it made in that time.
        return d["value"], d["time_ms"], d["expansions"], busy
    return d["value"], d["time_ms"], d.get("nodes"), busy


def balance(busies):
    """Median busy % of each process over the rounds (the per-processor balance)."""
    if not busies or len({len(b) for b in busies}) != 1:
        return ""
    per = [statistics.median(b[i] for b in busies) for i in range(len(busies[0]))]
    return "  busy " + "/".join(f"{100 * x:.0f}" for x in per) + " %"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("exe")
    ap.add_argument("--set", default="rbfm", choices=sorted(SETS))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    s = SETS[a.set]
    rate = s.get("metric") == "rate"
    for game in s["games"]:
        keys = [" ".join([name, *args]) for name, args in s["algos"]]
        times = {k: [] for k in keys}
        nodes = {}
        busies = {k: [] for k in keys}
        base_value = None
        bad = {}
        for _ in range(a.rounds):
            for key, (name, args) in zip(keys, s["algos"]):
                extra = s["extra"] + s.get("game_extra", {}).get(game, [])
                v, t, n, busy = run(a.exe, game, name, args, extra, a.timeout)
                if v is None:
                    bad[key] = n
                    continue
                if busy:
                    busies[key].append(busy)
                if rate:
                    # Expansions per second; budgeted values are estimates, not compared.
                    times[key].append(n / t * 1000.0)
                    nodes[key] = n
                    continue
                if key == keys[0]:
                    base_value = v
                elif v != base_value:
                    bad[key] = f"value {v} != {base_value}"
                    continue
                times[key].append(t)
                nodes[key] = n
        base = times[keys[0]]
        print(f"## {game} {' '.join(s['extra'])} ({a.rounds} rounds)")
        for label in keys:
            name = label
            if label in bad:
                print(f"  {label:55s} {bad[label]}")
                continue
            ts = times[label]
            if rate:
                ratios = [t / b for b, t in zip(base, ts)]
                print(
                    f"  {label:55s} {statistics.median(ts):11.0f} expansions/s  "
                    f"ratio {statistics.median(ratios):5.2f} ({min(ratios):.2f}-{max(ratios):.2f})  "
                    f"expansions {nodes.get(name)}"
                )
                continue
            ratios = [b / t for b, t in zip(base, ts)]
            print(
                f"  {label:55s} {statistics.median(ts):9.1f} ms  "
                f"speedup {statistics.median(ratios):5.2f} ({min(ratios):.2f}-{max(ratios):.2f})  "
                f"nodes {nodes.get(name)}{balance(busies[label])}"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
