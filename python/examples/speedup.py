"""Sweeps the number of processors P for two parallel algorithms on the deterministic
simulator and plots speedup against P (seed 000's figures, on one random tree).

    pip install ./python matplotlib
    python python/examples/speedup.py [out.png]

Without matplotlib it prints the table only. Speedups are the simulator's: serial virtual
time over parallel virtual time under the unit cost model, so they are the same on every
machine.
"""
import sys

import arachne

TREE = "incremental:b=8,d=8,seed=1"
ALGOS = ["tree-split", "pbound"]
PROCS = [1, 3, 9, 27, 81]


def main():
    curves = {}
    for algo in ALGOS:
        curves[algo] = [arachne.search(TREE, algo, procs=p)["speedup"] for p in PROCS]
        print(algo.ljust(10), " ".join(f"{s:7.2f}" for s in curves[algo]))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    fig, ax = plt.subplots()
    for algo, speedups in curves.items():
        ax.plot(PROCS, speedups, marker="o", label=algo)
    ax.set_xscale("log")
    ax.set_xlabel("processors P")
    ax.set_ylabel("speedup (simulated)")
    ax.set_title(TREE)
    ax.legend()
    out = sys.argv[1] if len(sys.argv) > 1 else "speedup.png"
    fig.savefig(out)
    print("wrote", out)


if __name__ == "__main__":
    main()
