#!/bin/bash
# CPU per playout of tree-parallel MCTS, 2 threads against 1 (issue 27; BENCHMARKS.md, "Monte Carlo
# tree search"): user+sys seconds of `arachne search -g connect4 --algo mcts:iters=400000
# --threads T` for T = 1 and 2, alternating, ROUNDS times each (default 5).
# Usage: scripts/mcts_tree_cpu.sh target/release/arachne [ROUNDS]
B=$1; R=${2:-5}
for r in $(seq $R); do for t in 1 2; do
/usr/bin/time -f "$t %U %S %e" $B search -g connect4 --algo mcts:iters=400000 --threads $t --json 2>&1 >/dev/null | tail -1
done; done | awk '{c[$1]+=$2+$3; w[$1]+=$4; n[$1]++} END {for (t in c) printf "threads=%s cpu/run %.3f s wall/run %.2f s\n", t, c[t]/n[t], w[t]/n[t]; printf "cpu ratio 2/1: %.3f\n", (c[2]/n[2])/(c[1]/n[1])}'
