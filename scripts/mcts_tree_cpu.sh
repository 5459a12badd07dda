#!/bin/bash
# CPU per playout of tree-parallel MCTS (issue 27; BENCHMARKS.md, "Monte Carlo tree search"):
# user+sys seconds of `arachne search -g connect4 --algo mcts:iters=400000[,par=tree] --threads T`
# for the serial search, the tree form on 1 walker (its own cost) and on 2 walkers (plus the
# cost of sharing), alternating, ROUNDS times each (default 5); and, as the machine's control,
# root parallelisation on 2 threads (independent trees: wall time half the serial's when two
# cores are free).
# Usage: scripts/mcts_tree_cpu.sh target/release/arachne [ROUNDS]
B=$1; R=${2:-5}
for r in $(seq $R); do
for cfg in "serial:mcts:iters=400000 --threads 1" "tree1:mcts:iters=400000,par=tree --threads 1" \
           "tree2:mcts:iters=400000,par=tree --threads 2" "root2:mcts:iters=400000,par=root --threads 2"; do
name=${cfg%%:*}; args=${cfg#*:}
/usr/bin/time -f "$name %U %S %e" $B search -g connect4 --algo $args --json 2>&1 >/dev/null | tail -1
done; done | awk '{c[$1]+=$2+$3; w[$1]+=$4; n[$1]++}
END {for (k in c) printf "%-6s cpu/run %.3f s wall/run %.3f s\n", k, c[k]/n[k], w[k]/n[k];
printf "cpu ratios: tree1/serial %.3f, tree2/tree1 %.3f, tree2/serial %.3f; wall serial/root2 %.2f (2: two free cores)\n",
c["tree1"]/c["serial"], c["tree2"]/c["tree1"], c["tree2"]/c["serial"], w["serial"]/w["root2"]}'
