#!/usr/bin/env bash
# Re-run the figures of BENCHMARKS.md, area by area: a list of `arachne` commands (speedup,
# epd, bench, search, perft) and the criterion benches.
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

AREAS_QUICK="games bench serial-nodes sim real-cores rbfm mcts mcts-cpu analysis"
AREAS_ALL="$AREAS_QUICK serial smp wac mcts-games mpi real-cores-mpi"

usage() {
    cat <<EOF
usage: scripts/bench.sh [AREA...]
quick areas (the default): $AREAS_QUICK
slower or needing more:    serial (criterion, ~2 min), smp (arachne speedup, ~3 min),
                           wac (arachne epd, ~2 min), mcts-games (tree-parallel MCTS at equal
                           time, ~25 min), mpi and real-cores-mpi (MPI built in, Open MPI)
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
    bench)
        # The engine's node signature and speed (Stockfish's convention).
        build -p arachne-cli
        run $A bench
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
        # Time to depth against the serial search with the same options, interleaved rounds;
        # --predict: the simulator's prediction with this machine's measured costs beside each
        # message-passing search.
        build -p arachne-cli
        T="incremental:b=10,d=11"
        run $A speedup --positions $T,seed=1 $T,seed=2 $T,seed=3 --preorder --rounds 3 --predict \
            --algos tree-split:procs=3,tree-split:procs=3,pv=0,id=0,tree-split:procs=2,master=1,type-guided:procs=3,type-guided:procs=2,master=1,knm:procs=2,abdada:threads=1,abdada:threads=2
        # Chess at depth 8: with the full evaluation, depth 10 takes `aspiration` about 50 s a
        # round of the three positions; depth 8 takes 0.4 s or more on each.
        run $A speedup --positions chess:bench=lct2:1 chess:bench=lct2:5 chess:bench=lct2:9 --depth 8 \
            --ordering --quiescence --null-move --check-extension --rounds 3 --predict \
            --algos tree-split:procs=3,tree-split:procs=2,master=1,type-guided:procs=3,type-guided:procs=2,master=1,abdada:threads=1,abdada:threads=2
        run $A speedup --positions checkers:bench=2 checkers:bench=4 checkers:bench=6 --depth 16 --ordering --rounds 3 --predict \
            --algos tree-split:procs=3,tree-split:procs=2,master=1,type-guided:procs=3,type-guided:procs=2,master=1,abdada:threads=1,abdada:threads=2
        ;;
    real-cores-mpi)
        # The same sets on 2 MPI ranks: every rank runs the command, rank 0 times and prints.
        build -p arachne-cli --features arachne-cli/mpi,arachne-mpi/mpi
        M="mpirun --allow-run-as-root -n 2"
        T="incremental:b=10,d=11"
        run $M $A speedup --positions $T,seed=1 $T,seed=2 $T,seed=3 --preorder --rounds 3 \
            --algos tree-split:procs=3,backend=mpi,tree-split:procs=2,master=1,backend=mpi,tree-split:procs=3,pv=0,id=0,backend=mpi,type-guided:procs=3,backend=mpi,type-guided:procs=2,master=1,backend=mpi,tree-split:procs=3
        run $M $A speedup --positions chess:bench=lct2:1 chess:bench=lct2:5 chess:bench=lct2:9 --depth 8 \
            --ordering --quiescence --null-move --check-extension --rounds 3 \
            --algos tree-split:procs=3,backend=mpi,tree-split:procs=2,master=1,backend=mpi,type-guided:procs=3,backend=mpi,type-guided:procs=2,master=1,backend=mpi,tree-split:procs=2,master=1
        run $M $A speedup --positions checkers:bench=2 checkers:bench=4 checkers:bench=6 --depth 16 --ordering --rounds 3 \
            --algos tree-split:procs=3,backend=mpi,tree-split:procs=2,master=1,backend=mpi,type-guided:procs=3,backend=mpi,type-guided:procs=2,master=1,backend=mpi
        ;;
    rbfm)
        build -p arachne-cli
        for a in rbfm rbfm:threads=1 rbfm:threads=2 bfm; do
            run $A search --game incremental:b=10,d=40,seed=1,branching=random --algo $a --nodes 1000000 --json
        done
        # Master-slave RBFM at a node budget: time for the same generated nodes against serial
        # rbfm (chess: a principal-variation depth the budget ends first).
        R=rbfm:procs=2,rbfm:procs=3,rbfm:procs=2,grain=32,rbfm:procs=3,batch=1,master=0
        T="incremental:b=10,d=11"
        run $A speedup --positions $T,seed=1 $T,seed=2 $T,seed=3 --nodes 300000 --rounds 3 --algos $R
        run $A speedup --positions chess:bench=lct2:1 chess:bench=lct2:5 chess:bench=lct2:9 --depth 100 \
            --nodes 300000 --rounds 3 --algos $R
        ;;
    mcts-cpu)
        # CPU for 400 000 playouts (the cpu column): the serial search, the tree form on 1 and
        # on 2 walkers; then the machine's control, two serial searches at once as two
        # processes: 2 x one's wall time / the pair's is what two cores give this work.
        build -p arachne-cli
        run $A speedup --game connect4 --nodes 400000 --rounds 10 --algos mcts:par=tree,threads=1,mcts:par=tree,threads=2
        S="$A search -g connect4 --algo mcts --nodes 400000 --json"
        for r in 1 2 3 4 5; do
            s=$EPOCHREALTIME; $S >/dev/null; e=$EPOCHREALTIME
            $S >/dev/null & $S >/dev/null; wait; f=$EPOCHREALTIME
            awk -v s=$s -v e=$e -v f=$f 'BEGIN {printf "one %.3f s, two at once %.3f s, 2 x one / pair %.2f\n", e-s, f-e, 2*(e-s)/(f-e)}'
        done
        ;;
    mcts)
        # Monte Carlo tree search (issue 27): playouts a second against the peers, the tree
        # form on 2 threads against 1 walker and against the serial search, what two cores give
        # this work (`ceiling`), on connect four and Othello; bytes per node.
        V="cargo bench -p arachne-mcts --bench vs_mcts --quiet --"
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
        run cargo run --release --quiet -p arachne-measure --example timing -- 100 2 10 4 2 13
        build -p arachne-cli
        run $A analyze nbp -n 35 -d 4 --json
        ;;
    smp)
        # The shared-memory searches on 2 threads against the serial search, per set.
        build -p arachne-cli
        S=ybwc:threads=2,jamboree:threads=2,lazy-smp:threads=2,abdada:threads=2
        run $A speedup --positions $(for i in 1 9 17 25 33; do echo chess:bench=lct2:$i; done) --depth 6 --ordering --quiescence --algos $S
        run $A speedup --positions $(for i in $(seq 1 10); do echo checkers:bench=$i; done) --depth 11 --ordering --algos $S
        run $A speedup --positions othello othello:moves=f5d6 othello:moves=f5d6c3d3 othello:moves=f5f6e6f4 --depth 9 --ordering --algos $S
        run $A speedup --positions $(for s in 1 2 3 4 5; do echo incremental:b=10,d=10,seed=$s; done) --preorder --algos $S
        ;;
    wac)
        build -p arachne-cli
        run $A epd --suite wac --limit 100 --time-ms 200 --threads 1,2:ybwc,2:jamboree,2:lazy-smp,2:abdada
        ;;
    mpi)
        run cargo build --release --quiet -p arachne-mpi --features mpi --example mpi_pingpong
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
