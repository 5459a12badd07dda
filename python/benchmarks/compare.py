"""The call time of a depth-1 search (`arachne.search("iid:n=3,d=1,seed=1", "alphabeta")`,
one root and three bottom positions) in two installations of the package, measured
interleaved, so that a change in the machine's load hits both:

    python python/benchmarks/compare.py PYTHON_A PYTHON_B [--rounds 20] [--calls 200]

PYTHON_A and PYTHON_B are the interpreters of two virtual environments, each with its own
build of the package (e.g. the main branch's and a change's). Each round runs one process per
interpreter, in alternating order, each timing `--calls` calls after 50 warm-up calls
(`time.perf_counter` around each call); the medians over every call of each side are printed,
with their difference.
"""
import argparse
import json
import statistics
import subprocess

SNIPPET = r"""
import json, sys, time
import arachne
calls = int(sys.argv[1])
for _ in range(50):
    arachne.search("iid:n=3,d=1,seed=1", "alphabeta")
out = []
for _ in range(calls):
    t = time.perf_counter()
    arachne.search("iid:n=3,d=1,seed=1", "alphabeta")
    out.append(time.perf_counter() - t)
print(json.dumps({"version": arachne.__version__, "times": out}))
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="the first interpreter")
    ap.add_argument("b", help="the second interpreter")
    ap.add_argument("--rounds", type=int, default=20, help="processes per interpreter")
    ap.add_argument("--calls", type=int, default=200, help="timed calls per process")
    args = ap.parse_args()
    times = {args.a: [], args.b: []}
    for i in range(args.rounds):
        order = (args.a, args.b) if i % 2 == 0 else (args.b, args.a)
        for py in order:
            out = subprocess.run([py, "-c", SNIPPET, str(args.calls)], check=True,
                                 capture_output=True, text=True)
            times[py] += json.loads(out.stdout)["times"]
    ma, mb = (statistics.median(times[p]) for p in (args.a, args.b))
    for py, m in ((args.a, ma), (args.b, mb)):
        print(f"{py}: median {m * 1e6:.1f} us over {len(times[py])} calls")
    print(f"difference (second - first): {(mb - ma) * 1e6:+.1f} us")


if __name__ == "__main__":
    main()
