#!/usr/bin/env bash
# Re-run the figures of BENCHMARKS.md, area by area.
#
#   scripts/bench.sh                 the quick areas (a few minutes on 2 idle cores)
#   scripts/bench.sh AREA...         only these areas
#   scripts/bench.sh --help          the list
#
# Every area prints the commands it runs before their output, so a figure can be pasted into
# BENCHMARKS.md together with its command. Run on an idle machine (../shared/MEASURING.md): the
# wall-clock ratios mean nothing while other builds share the cores. Counts (nodes, messages,
# virtual times) are deterministic and repeat anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

AREAS_QUICK="games serial-nodes sim real-cores rbfm mcts analysis"
AREAS_ALL="$AREAS_QUICK serial smp wac mcts-games mpi real-cores-mpi"

usage() {
    cat <<EOF
usage: scripts/bench.sh [AREA...]
quick areas (the default): $AREAS_QUICK
slower or needing more:    serial (criterion, ~2 min), smp (smp_bench, ~3 min),
                           wac (python-chess, ~5 min), mcts-games (tree-parallel MCTS at equal
                           time, ~25 min), mpi and real-cores-mpi (--features mpi, Open MPI)
all:                       scripts/bench.sh all
EOF
}

A=target/release/arachne
run() { echo "\$ $*"; "$@"; echo; }
build() { run cargo build --release --quiet "$@"; }

area() {
    case "$1" in
    games)
        build -p arachne-cli
        run $A perft --game chess --depth 5
        run $A perft --game chess:fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --depth 4
        run $A perft --game checkers --depth 11
        run $A perft --game othello --depth 9
        ;;
    serial-nodes)
        build -p arachne-cli
        for a in negamax alphabeta palphabeta sss; do
            run $A search -g incremental:b=10,d=10,seed=1,branching=random -a $a --json
        done
        ;;
    serial)
        run cargo bench -p arachne-search --bench search
        run cargo bench -p arachne-search --bench vs_minimax -- 100
        ;;
    sim)
        build -p arachne-cli
        for s in 1 2 3; do for p in 64 256 1024; do
            run $A search --game incremental:b=10,d=12,seed=$s --algo type-guided --procs $p --cost arachne --json
        done; done
        ;;
    real-cores)
        build -p arachne-cli
        for set in trees chess checkers rbfm; do
            run python3 scripts/real_cores.py $A --set $set --rounds 3
        done
        ;;
    real-cores-mpi)
        build --features mpi -p arachne-cli
        for set in mpi-chess mpi-trees; do
            run python3 scripts/real_cores.py $A --set $set --rounds 3
        done
        ;;
    rbfm)
        build -p arachne-cli
        for a in rbfm rbfm:threads=1 rbfm:threads=2 bfm; do
            run $A search --game incremental:b=10,d=40,seed=1,branching=random --algo $a --nodes 1000000 --json
        done
        ;;
    mcts)
        # Monte Carlo tree search (issue 27): playouts a second against the peers, the tree
        # form on 2 threads against 1 walker and against the serial search, what two cores give
        # this work (`ceiling`), on connect four and Othello; bytes per node.
        V="cargo bench -p arachne-bestfirst --bench vs_mcts --quiet --"
        run $V 5
        run $V mcts-crate 20
        run $V tree 20
        run $V tree-serial 20
        run $V ceiling 20
        run $V tree-serial 20 game=othello iters=20000
        run $V ceiling 20 game=othello iters=20000
        run $V tree-serial 12 playout=ab:4 iters=10000
        run $V memory
        ;;
    mcts-games)
        # The tree form on 2 threads against the serial search at equal time (50 ms a move).
        build -p arachne-cli
        run $A play --game connect4 --first mcts:par=tree,threads=2,time=50 --second mcts:time=50 --games 400
        run $A play --game othello --first mcts:par=tree,threads=2,time=50 --second mcts:time=50 --games 200
        ;;
    analysis)
        run cargo run --release --quiet -p arachne-analysis --example timing -- 100 2 10 4 2 13
        build -p arachne-cli
        run $A analyze nbp -n 35 -d 4 --json
        ;;
    smp)
        run cargo run --release --quiet -p arachne-parallel --example smp_bench -- 3
        ;;
    wac)
        build -p arachne-cli
        run python3 scripts/wac_threads.py $A --count 100 --time 0.2
        ;;
    mpi)
        run cargo build --release --quiet -p arachne-runtime --features mpi --example mpi_pingpong
        run mpirun --allow-run-as-root --oversubscribe -n 2 target/release/examples/mpi_pingpong 10000 200000
        ;;
    *)
        echo "bench.sh: no area \`$1\`" >&2
        usage >&2
        exit 2
        ;;
    esac
}

if [ $# -eq 0 ]; then set -- $AREAS_QUICK; fi
if [ "$1" = "--help" ] || [ "$1" = "-h" ]; then usage; exit 0; fi
if [ "$1" = "all" ]; then set -- $AREAS_ALL; fi
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), load: $(cut -d' ' -f1-3 /proc/loadavg)"
for a in "$@"; do
    echo "## $a"
    area "$a"
done
