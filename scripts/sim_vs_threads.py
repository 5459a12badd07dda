#!/usr/bin/env python3
"""The simulator's prediction against the threads backend, at P = 2 and 3 (issue 23, item 5).

For every game and algorithm of a set:
  * measured: the threads backend's time to depth against serial `alphabeta` with the same
    ordering, interleaved (serial, parallel, serial, parallel, ...) for several rounds; the median
    of the per-round ratios;
  * predicted: the simulator's speedup against the same serial search (`alphabeta_speedup` in
    `--json`) under `--cost measured`, i.e. this machine's cost of a node and of a message,
    measured just before the run (arachne_parallel::calibrate). Virtual times are deterministic
    once the costs are given; the costs are measured per run, so the median of the rounds is
    given.
and prints both with the relative difference (predicted / measured - 1) and whether it lies
within the issue's +-20 %. Run it on an idle machine (../shared/MEASURING.md).

Beside them, the two figures that explain a difference, both medians over the rounds:
  * nodes: the processors' nodes against the serial search's, on sim (the stepper, no table)
    and on threads (the serial search `falphabeta`); where these differ, the simulator
    predicts another search than the one the threads run;
  * busy: the share of the processes' time spent working, on sim and on threads. At P = 3 on
    a 2-core machine the threads' busy time includes time waiting for a core, which the
    simulator (a core per processor) does not model.

The default set is `trees`. On `chess` the serial `alphabeta` has no table while the
processors keep one (and type-guided deepens with its own), so the measured ratio there is
not against the same search as the simulator's; `--set chess` prints it anyway, for what it
shows.

    python3 scripts/sim_vs_threads.py target/release/arachne --rounds 3
"""
import argparse
import json
import statistics
import subprocess

TREES = [f"incremental:b=10,d=11,seed={s}" for s in (1, 2, 3)]
CHESS = [f"chess:bench=lct2:{i}" for i in (1, 5, 9)]

SETS = {
    "trees": (TREES, ["--preorder"]),
    "chess": (CHESS, ["--depth", "7", "--ordering", "--quiescence"]),
}
ALGOS = [
    ("tree-split", 3),
    ("tree-split:master=1", 2),
    ("type-guided", 3),
    ("type-guided:master=1", 2),
]


def run(binary, args):
    out = subprocess.run([binary, "search", *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("--set", choices=sorted(SETS), action="append")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    for name in a.set or ["trees"]:
        games, extra = SETS[name]
        print(f"## {name} ({a.rounds} rounds)")
        print(
            f"  {'game':34} {'algorithm':24} {'P':>2} {'measured':>9} {'predicted':>9} {'diff':>7}"
            f"  within 20 %  {'nodes thr/sim':>13}  {'busy thr/sim':>12}"
        )
        for game in games:
            serial_args = ["--game", game, "--algo", "alphabeta", *extra]
            for algo, p in ALGOS:
                par = ["--game", game, "--algo", algo, "--procs", str(p), *extra]
                ratios, preds, tnodes, snodes, tbusy, sbusy = [], [], [], [], [], []
                for _ in range(a.rounds):
                    s = run(a.binary, serial_args)
                    t = run(a.binary, [*par, "--backend", "threads"])
                    if t["value"] != s["value"]:
                        raise SystemExit(f"{game} {algo}: value {t['value']} != serial {s['value']}")
                    ratios.append(s["time_ms"] / t["time_ms"])
                    tnodes.append(t["nodes"] / s["nodes"])
                    tbusy.append(t.get("utilisation") or 0.0)
                    sim = run(a.binary, [*par, "--backend", "sim", "--cost", "measured"])
                    preds.append(sim["alphabeta_speedup"])
                    snodes.append(sim["nodes"] / sim["alphabeta_nodes"])
                    sbusy.append(sim.get("utilisation") or 0.0)
                m, pr = statistics.median(ratios), statistics.median(preds)
                diff = pr / m - 1
                ok = "yes" if abs(diff) <= 0.2 else "no"
                med = statistics.median
                nodes = f"{med(tnodes):.2f} / {med(snodes):.2f}"
                busy = f"{med(tbusy):.0%} / {med(sbusy):.0%}"
                print(f"  {game:34} {algo:24} {p:>2} {m:9.2f} {pr:9.2f} {diff:+7.0%}  {ok:11}  {nodes:>13}  {busy:>12}")


if __name__ == "__main__":
    main()
