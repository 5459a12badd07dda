#!/bin/bash
# CPU per playout of tree-parallel MCTS (issue 27; BENCHMARKS.md, "Monte Carlo tree search"):
# user+sys seconds of `arachne search -g connect4 --algo mcts:iters=400000[,par=tree] --threads T`
# for the serial search, the tree form on 1 walker (its own cost) and on 2 walkers (plus the
# cost of sharing), alternating, ROUNDS times each (default 5); and, as the machine's control,
# two serial searches at once (two processes, independent trees as large as the serial one):
# the wall time of the pair against one serial search's is what two cores give this work
# (2: two free cores that do not slow each other down). Root parallelisation, the control
# before, builds two trees of half the playouts, which cost less per playout: it overstated
# the machine (docs/mcts-tree-parallel.md, fifth round).
# Usage: scripts/mcts_tree_cpu.sh target/release/arachne [ROUNDS]
B=$1; R=${2:-5}
serial="mcts:iters=400000 --threads 1"
for r in $(seq $R); do
for cfg in "serial:$serial" "tree1:mcts:iters=400000,par=tree --threads 1" \
           "tree2:mcts:iters=400000,par=tree --threads 2" "serial2:$serial"; do
name=${cfg%%:*}; args=${cfg#*:}
if [ "$name" = serial2 ]; then
  s=$EPOCHREALTIME
  $B search -g connect4 --algo $args --json >/dev/null &
  $B search -g connect4 --algo $args --json >/dev/null
  wait
  echo "serial2 - - $(awk -v a="$s" -v b="$EPOCHREALTIME" 'BEGIN {print b - a}')"
else
  /usr/bin/time -f "$name %U %S %e" $B search -g connect4 --algo $args --json 2>&1 >/dev/null | tail -1
fi
done; done | awk '{c[$1]+=$2+$3; w[$1]+=$4; n[$1]++}
END {for (k in c) if (k == "serial2") printf "%-7s wall/pair %.3f s\n", k, w[k]/n[k];
else printf "%-7s cpu/run %.3f s wall/run %.3f s\n", k, c[k]/n[k], w[k]/n[k];
printf "cpu ratios: tree1/serial %.3f, tree2/tree1 %.3f, tree2/serial %.3f; wall: serial/tree2 %.2f, 2 serial/serial2 %.2f (the machine; 2: two free cores)\n",
c["tree1"]/c["serial"], c["tree2"]/c["tree1"], c["tree2"]/c["serial"], w["serial"]/w["tree2"], 2*w["serial"]/w["serial2"]}'
