//! Tree parallelisation of MCTS on threads with a virtual loss (Chaslot, Winands & van den
//! Herik, *Parallel Monte-Carlo Tree Search*, 2008; issue 27, part 2). Not in the seeds: it is
//! the shared-tree form of [`super`], as seed 002 §6's shared-tree RBFM ([`crate::shared`]) is
//! of RBFM.
//!
//! `T` walkers (scoped OS threads) share one tree and run the serial search's iteration, each
//! with its own random stream (`walker_seed`: walker 0 has the search's seed):
//!
//! * **Down.** A walker selects with the serial rule (`select_child`, one pass that reads each
//!   child once) and puts a *virtual loss* on every node it
//!   enters below the root: one visit of reward 0, counted in the child's `n` (and so in its
//!   mean) until its backup removes it (the visits and the virtual losses share one word,
//!   `count`, so entering is one atomic add), so that other walkers spread to other children
//!   instead of all following the best one. The parent's count under the logarithm is its
//!   visits plus the virtual losses of the *other* walkers (its own is subtracted), so a lone
//!   walker computes exactly the serial search's UCB1.
//! * **Expand.** A node's children are one block of the arena (below), published once by the
//!   node's `first` word: the walker that expands claims the node (`first`: unexpanded →
//!   busy, one compare-and-swap), reserves the children's number from the shared node budget
//!   and their place in the arena (one compare-and-swap on one word), writes them and stores
//!   their position with release ordering; a walker arriving meanwhile waits for that block
//!   (spinning, then yielding) instead of building its own. A refused expansion marks the node
//!   refused and stops every walker, as the serial search stops.
//! * **Up.** The backup adds the reward to each node on the path and removes the walker's
//!   virtual loss: the visits and the virtual loss by one `fetch_add` on `count`, the reward
//!   sum by a compare-and-swap on its bits. The
//!   solver's bounds are recomputed from the children's and stored by `fetch_max` on the
//!   lower and `fetch_min` on the upper bound: bounds computed from any snapshot of valid
//!   child bounds are valid, so a late store can never loosen them and no lock is needed.
//!   A walker that meets a solved leaf recomputes its parent's bounds, so a parent whose last
//!   update raced is settled by the next walker through it. On a *hot* node (below) the
//!   backup goes to the walker's own tally first, and the virtual loss to its announced walk.
//!
//! **The arena.** The nodes live in one arena of segments allocated on first use, segment `k`
//! twice the size of segment `k − 1` (4096 nodes first, at most 2^26), the last ones cut to
//! the tree's capacity plus a slack of 2^15 positions, so nothing is allocated before the tree
//! grows, and no node moves. A node is 32 bytes on connect four, as the serial [`Node`](super::Node) (reward
//! sum, `count`, two bounds, the children's position and number, the move: 56 bytes before,
//! with the children behind a `OnceLock<Box<[_]>>`), and its children are one slice of a
//! segment, as serially: a block that does not fit in the rest of a segment starts the next
//! (the positions skipped are not nodes: the budgets count nodes). The move is the only field
//! that is not atomic: it is written once, by the walker that reserved the slot, before the
//! release store that publishes it (the `unsafe` code: that write, `ANode::init`, the read,
//! `ANode::mv`, and the `Sync` they justify; and the copy back's `set_len`). The arena is
//! filled from the serial arena at the start (a kept tree) and copied back at the end, in the
//! order of the positions (each segment up to where its last block ends, `Arena::taken`):
//! one pass over memory in order, where a walk of the tree read it at random (the copy of an
//! 80 000-playout tree took 5–6 ms of a 70–100 ms search); and a search's tree comes back in
//! the order of its expansions, as the serial search builds it. The copy goes into the serial
//! arena's own memory (a tree kept between moves is copied back where it was) and is split
//! between the walkers' threads in contiguous parts of at least 2^14 nodes: most of its time
//! is page faults on fresh memory (172 000 nodes after 80 000 playouts: 4.7–5.9 ms on one
//! thread, 0.9–4.7 ms, mostly about 2.5, on two).
//!
//! **The root.** Every iteration passes through the root, so the root's visits and reward sum
//! are kept by each walker and added to the root at the end, and no walker writes the root's
//! line (only a changed bound): UCB1's `N` at the root is the root's visits less its
//! children's at the start (its first visit as a leaf of a kept tree, if any) plus its
//! children's visits and virtual losses, which selection reads anyway — exactly the serial
//! search's `N` for one walker, and the old `visits + other walkers' virtual losses` for more.
//! Walker 0 adds to the root's starting sum, so one walker's sums are the serial ones to the bit
//! (tested: `one_walker_builds_the_serial_tree` compares the whole trees, kept trees included).
//!
//! **Atomics or a lock per node** ([`NodeSync`], issue 27: "lock-free or fine-grained; measure
//! which"). Every field a walker changes is one word (visits, virtual loss, the reward sum's
//! bits, each bound), the only multi-word change — the children — is published once and never
//! changed, and the bounds are monotone; so each update can be a single atomic operation and
//! no node is ever locked ([`NodeSync::Atomic`], the default: [`run`]): entering is one atomic
//! add, a backup one add and one compare-and-swap loop on the sum's bits. The fine-grained
//! alternative, [`NodeSync::Lock`] ([`run_with`]), is a spin lock per node in bit 63 of its
//! `count` word (no larger node): entering takes the lock and stores the count with one more
//! virtual loss, a backup takes it, updates the sum and stores the count (one locked
//! instruction each, against one and two); readers do not lock, as with atomics; the bounds
//! stay `fetch_max`/`fetch_min`. Measured (`vs_mcts tree-lock`, 2 threads, interleaved,
//! 2026-11-27 17:09 UTC, lock against atomics, over all rounds and median of the rounds):
//! random playouts, 16 rounds twice, 1.005 (0.994) and 0.975 (0.992); `playout=eval` 0.979
//! (0.983); `playout=ab:4`, 8 rounds, 1.023 (0.989); an earlier form of the code, 16:33–16:36
//! UTC: 0.961–1.021. No difference beyond the noise, as the third round below found
//! for the locked instructions: the cost is the cache lines moving, which a lock moves as
//! well. Atomics stay the default: a walker the system deschedules while it holds a lock
//! would stall every walker that needs that node, and no walker ever waits on an atomic.
//! Both are tested (`tree_walkers_lose_no_backup`, `one_walker_builds_the_serial_tree`).
//!
//! **Batched backups** (more than one walker; [`HOT`], [`LAG`]). A node every walker passes
//! through is written by every backup, so its line moves from core to core at every
//! iteration, and every other walker's next selection there reads it again: on connect four
//! the top of the tree is that node, several levels deep. So a walker does not write a
//! node it sees with at least [`HOT`] (128) visits at each backup:
//!
//! * it adds the backup to its own tally for that node (`Walker::owed`: per block of
//!   children, found by the block's address, a hash lookup per level unless the block is
//!   the one found at that depth the iteration before, `Walker::recent`), and publishes the
//!   tally (one `add`) when it reaches `1 / LAG` of the node's visits, and at the end of its
//!   walk; so another walker's view of a hot node lags by at most `1 / LAG` (1/16) of its
//!   visits per other walker, and once every walker has stopped, every visit and reward is
//!   in the tree (tested: `tree_walkers_lose_no_backup` checks every node);
//! * its own selection adds its tally to what it reads, so it sees its own backups at once,
//!   as serially;
//! * instead of a virtual loss in the node, the walker *announces* the hot part of its walk
//!   (the nodes' positions, by depth, on one cache line of its own, `Shared::walks`, stored
//!   where they changed) when its descent ends, and the others count one virtual loss on each announced
//!   node of the level they select at: the same virtual loss, seen one descent late, with no
//!   write to the node. Below [`HOT`] visits nothing changes: a virtual loss in `count`, a
//!   backup at once.
//!
//! The tallies grow by about one block of children per 1 000 playouts (on connect four, 16
//! bytes a child: 405–429 blocks a walker after 400 000 playouts on 2 walkers, 1 885–1 989
//! after 2 000 000: 0.2 MiB a walker beside a 130 MiB tree), under half a percent of the
//! tree's own memory; like a walker's other scratch space, they are not counted in `memory=`.
//!
//! One walker batches nothing (it is the serial search, step for step). `HOT` and `LAG` are
//! the speed's knobs against the statistics' lag; measured (below) at `HOT` 32–256 and `LAG`
//! 4–32 the throughput did not differ beyond the noise (±0.08 between runs), so they are set
//! for a small lag (1/16) and a middle threshold.
//!
//! ## Fewer shared writes (issue 27: CPU per playout, 2 threads against 1)
//! **First round** (the nodes of 56 bytes), measured 2026-11-27 07:37–07:58 UTC on the 2-vCPU build machine at load average 9–18
//! (other builds running, so the two walkers ran at the same time only part of the time;
//! CPU time is user+sys of `arachne search -g connect4 --algo mcts:iters=400000[,par=tree]
//! --threads T`, runs alternating; `scripts/mcts_tree_cpu.sh` compares the serial search at 1
//! thread with this form at 2):
//!
//! * **The cost is the shared tree's own, not the contention.** This form on *one* walker
//!   (`par=tree --threads 1`) took 0.750 s for 400 000 playouts against the serial search's
//!   0.473 s (1.59×), and on two walkers 0.717 s: the same CPU per playout with a second
//!   walker or without; root parallelisation (independent serial trees) on 2 threads took
//!   0.467 s. A second round: serial 0.487 s, one walker 0.693 s, two walkers 0.705 s. So under
//!   this load the 2.39× CPU per playout measured idle (BENCHMARKS.md) is mostly the form's
//!   per-iteration cost (≈ 1.4–1.6× the serial), and the rest the second walker's (shared
//!   core resources, the lines both write; only an idle run separates those). A profile
//!   (`perf record`, one walker) puts 63 % of the time in the descent — mostly the loads of
//!   the children a selection compares, 56-byte shared nodes (7 children: 6–7 cache lines)
//!   against the serial arena's 32 bytes — and 13 % in the playouts.
//! * **Kept: visits and virtual losses in one word.** Four locked read-modify-writes per
//!   node and iteration (virtual loss on, visits, reward sum, virtual loss off) become three
//!   (enter; visits with the virtual loss off; reward sum). Same round, 4 runs each: one
//!   walker 0.693 → 0.675 s, two walkers 0.705 → 0.680 s (−3 %).
//! * **Not kept: the reward sum by a plain load and store** (Relaxed, no compare-and-swap;
//!   an update lost when two walkers back up through a node at once, as Enzenberger &
//!   Müller's lock-free Fuego accepts): one walker 0.652 s, two 0.655 s (a further −4 %), but
//!   the sums would no longer add up, and exact statistics are worth more than 4 %.
//! * **Not kept: hot nodes.** A node with at least `H` visits had its backups accumulated by
//!   each walker and published every `K` iterations, and no virtual loss (one virtual visit
//!   among `H` moves its UCB1 little); selection added the walker's unpublished backups. CPU
//!   ratio 2 threads / serial, 3 rounds of 2 runs each against 1.45, 1.42, 1.42 without: `H`
//!   = 256, `K` = 32: 1.86, 1.87, 2.07; `H` = 64: 2.27, 2.19, 2.17; `H` = 1024: 1.63, 1.64,
//!   1.74; `K` = 8: 1.71, 1.73, 1.77; `K` = 128: 2.11, 2.02, 2.06. Worse every time: looking
//!   up the unpublished backups costs more than the writes saved, and without a virtual loss
//!   the walkers follow each other down the same path (UCB1 keeps siblings near a tie, so one
//!   virtual visit is what sends the second walker elsewhere).
//! * **Not kept: the shared counters on cache lines of their own** (the generated nodes, the
//!   iterations, the stop flag, beside the root in the shared state): 1.47, 1.47, 1.48; **nor
//!   claiming `iters=N` 64 iterations at a time** instead of one: 1.44, 1.45, 1.54 — no
//!   change from 1.45, 1.42, 1.42.
//! * **Not tried** then: several playouts per leaf descent (it changes the algorithm; it is
//!   leaf parallelisation, [`super::leaf`], within a walker), and smaller shared nodes, which
//!   the profile pointed to next (the second round).
//!
//! **Second round** (the arena, 32-byte nodes, the root per walker), 2026-11-27 10:30–10:50 UTC,
//! load average 1.4–6 (other builds; loaded figures). CPU is user+sys of the `vs_mcts` bench's
//! `serial N`, `tree1 N`, `tree2 N` (`N` searches of 80 000 random playouts on connect four,
//! solver on), the variants' binaries run alternately in one loop; instructions are
//! callgrind's for one such search (load independent).
//!
//! * **One walker, kept: the arena.** Against the serial search: the old tree 1.30–1.34× its
//!   CPU (0.265 against 0.198 s, 3 searches, 6 rounds; 0.175 against 0.134 s, 2 searches,
//!   10 rounds), this one 1.21–1.23× (0.242 s; 0.163–0.166 s): −7 to −9 %. Instructions:
//!   serial 487 M, old tree 549 M, this one 594 M — the snapshot of the children's statistics
//!   adds them (529 M without it) at no CPU difference one could see (0.164 against 0.169 s,
//!   8 rounds); it is kept because it reads each child's line once, not once per pass of the
//!   selection, when another walker writes the children.
//! * **Not kept: the moves apart** (a `OnceLock<M>` array beside the 32-byte nodes, safe
//!   code, 40 bytes a node in all): no gain (0.273 against the old 0.265 s): `perf` put 16 %
//!   of the walker's samples on loading the chosen child's move, one more cache line a level,
//!   and 4 % on `OnceLock::set` (a compare-and-swap a child). Hence the move in the node.
//! * **Where one walker's remaining cost is.** A variant with plain loads and stores for the
//!   visits, virtual losses and sums (wrong with two walkers; a measurement only) took 0.252
//!   against 0.270 s: the locked read-modify-writes are ≈ 7 % of one walker's time. The rest
//!   is the descent's loads of the children, as serially, and per-iteration bookkeeping.
//! * **Two walkers: the contention is now the cost.** In the one window where two cores were
//!   free (10:40, load 1.6–1.8; root parallelisation on 2 threads at half the serial wall
//!   time): the old tree on 2 walkers 0.410 s CPU against 0.265 s on 1 (1.55× per playout;
//!   wall 0.220 against 0.270 s, 1.23× faster), this one 0.392 against 0.242 s (1.62×; wall
//!   0.213 against 0.247 s, 1.16×) — one round of 6. The second walker's cost is the lines
//!   both write and read near the root: the selection reads every child of every node on the
//!   path, and at connect four's start one root child takes 80 % of the visits, so the two
//!   walkers share the top levels of most paths, each line there written (enter, backup) and
//!   read by both every iteration.
//! * **Kept: counters on lines of their own; `iters=N` claimed 64 at a time; no write to the
//!   root.** The generated-node word and the iteration counter sit on cache lines of their own
//!   (`Line`), away from what every walker reads at every level (the arena's segments, the
//!   options, the stop flag); `iters=N` is claimed in blocks of 64, `CLAIM` (given back when
//!   unused, so exactly `N` still run) and iterations without `iters=` are counted per walker;
//!   the root is not written (The root). The first round found the first two no change, under a
//!   load at which the walkers seldom ran at once; this round could not separate them either
//!   (no window with two free cores after 10:41): they are kept as the lines' layout, not as
//!   a measured gain.
//!
//! **Third round** (batched backups), 2026-11-27 13:26–13:57 UTC, the machine otherwise idle
//! (load average ≈ 1, our runs only). Throughput is the `vs_mcts` bench's `tree N`: 2
//! walkers against 1, interleaved, 80 000 random playouts a search unless said.
//!
//! * **Where the second walker's time went.** `rdtsc` around each part of a walker's
//!   iteration (400 000 playouts, with the first form of the batched backups below;
//!   mega-cycles of one of two walkers, against one walker alone): descent 530 (786 alone:
//!   393 a walker if halved), expansion 40 (40), playout 121 (213), backup 40 (124) — the
//!   descent, reading children lines the other walker had written, even with the backups
//!   batched. The playouts themselves did not slow down.
//! * **Not the atomics.** Plain loads and stores for the reward sum, or no virtual loss at
//!   all, changed the ratio by nothing measurable (1.28–1.41 against 1.26–1.41): the cost is
//!   the lines moving, not the locked instructions. Nor the arena's first touches (segments
//!   from zeroed pages, no change).
//! * **Kept: batched backups.** First with one tally per depth of the walk, published when
//!   the walk left it: 1.41–1.52 (from 1.21–1.26). A count of the publications showed why
//!   not more: 0.65 per iteration were on leaving a node (selection alternates between near
//!   ties), 0.007 on reaching `1 / LAG`. With a tally per block of children, kept when the
//!   walk leaves: **1.51–1.66** (80 000 playouts, three runs of 6 rounds), 1.67 (320 000),
//!   1.30 (20 000: a young tree has few hot nodes). The virtual loss by announced walks costs
//!   3.5 % of a walker's cycles against none on hot nodes (measured with the tally per depth;
//!   no virtual loss there would let the walkers follow one another down).
//! * **Kept: the copy back in position order** (The arena): one walker's search 5 % faster
//!   at 80 000 playouts, both forms alike.
//! * **Where it stands** (14:12–14:38 UTC, commit 8aab90d, idle; BENCHMARKS.md has the
//!   commands): 2 walkers against this form on 1, 20 rounds twice: **1.62–1.67×** (was 1.24×);
//!   against the serial search, the best serial search with the same options: **1.28–1.32×**.
//!   CPU for 400 000 playouts (`scripts/mcts_tree_cpu.sh`, 10 rounds): one walker 1.22× the
//!   serial search's, two walkers 1.10× one walker's (was 1.43×), wall 1.40× faster than the
//!   serial search (was 0.98×). What is left is mostly one walker's own cost over the serial
//!   search (atomics, the snapshot, the arena's indirection: 606 M against 473 M instructions
//!   for 80 000 playouts, callgrind). At equal time, 400 connect-four games at 50 ms a move:
//!   55.5 %, 95 % CI 50.7–60.3 %.
//!
//! **Fourth round** (2026-11-27 16:24–17:17 UTC, a new machine of the same kind: 2 vCPUs of
//! an AMD EPYC, idle but for our runs; its speed drifted by up to ±15 % from one minute to
//! the next, so variants were compared interleaved, in one process where possible). A
//! profile of two walkers (`perf record`, cpu-clock) put 8.6 % of their samples in
//! `adjust`, a third of it on the load of the other walker's announced walk (a line it had
//! just written), and a hash lookup per hot level.
//!
//! * **Kept: the announced walk as positions** (`u32`, 16 depths on one cache line, where
//!   addresses took two) and **the last block found at each depth** (`Walker::recent`),
//!   which spares the hash lookup when the walk has not changed there: two walkers' search
//!   time 5 % less (medians of 20 alternating runs of 4 searches: 0.257 → 0.243 s).
//! * **Kept: the copy back split between the walkers' threads, into the serial arena's own
//!   memory** (The arena): 0.9–4.7 ms (mostly ≈ 2.5) instead of 4.7–5.9 ms for 172 000
//!   nodes, of a 55–70 ms search on two walkers.
//! * **Kept: selection in one pass** (`select_child`, shared by every form: each child read
//!   once; the `k`-th unvisited child from a bit mask among up to 64; the logarithm taken
//!   once, before the pass), without the snapshot
//!   of the children's statistics this form took first (the walker's adjustments, its owed
//!   backups and the announced virtual losses, are added as each child is read). It makes the
//!   same choices as before (the same random draws; `arachne search` prints the same JSON
//!   but for the times, checked on connect four and Othello with four option sets) and
//!   cut **the serial search's time by 8–14 %** (`vs_mcts serial`/`ours`, old and new
//!   binaries alternating, medians of 10 and 6 runs: 0.338 → 0.292 s and 0.230 → 0.211 s),
//!   this form's on two walkers by 2–7 % (0.238 → 0.222 s, 0.245 → 0.240 s). With 400 000
//!   playouts a search (`scripts/mcts_tree_cpu.sh`, 10 rounds, old and new binaries one
//!   after the other) neither changed: serial 0.608 and 0.601 s CPU, two walkers 0.882 and
//!   0.892 s — the larger tree's cache misses dominate there. The speedup against the serial
//!   search does not rise with it: the serial search gained as much or more.
//! * **Measured, not kept: batching every child of a hot node** (not only the children with
//!   `HOT` visits, so that a cold child of the top levels is not written at every pass):
//!   0.969–1.014 against the kept rule, in one process, four runs of 16 rounds — no gain.
//! * **A lock per node** against atomics: see Atomics or a lock per node, above.
//! * **Where it stands** (17:16 UTC, the kept code; BENCHMARKS.md has the commands): 2
//!   walkers against this form on 1, 20 rounds twice: **1.56× and 1.71×** (medians of the
//!   rounds 1.54× and 1.72×); against the serial search: **1.31× and 1.28×** (medians 1.34×
//!   and 1.32×). CPU for 400 000 playouts (`scripts/mcts_tree_cpu.sh`, 10 rounds, 17:10 UTC):
//!   one walker 1.22× the serial search's, two walkers 1.22× one walker's, wall 1.30× faster
//!   than the serial search; root parallelisation, the control, 1.91×. At 80 000 playouts (8
//!   rounds of 3 searches, medians, 16:56 UTC): serial 0.309 s, root-parallel on 2 threads
//!   1.93× faster, this form 0.79× on one walker and 1.30× on two. What is left: one walker
//!   costs 1.2–1.3× the serial search (604 M against 478 M instructions per 80 000
//!   playouts, callgrind: three atomic read-modify-writes a level and the walker's
//!   bookkeeping), and a second walker 1.2× more (the lines the walkers share; the machine's
//!   own share, by the control, 1.04–1.08×). At equal time, 400 connect-four games at 50 ms
//!   a move (16:59–17:09 UTC, the kept code but for the logarithm's place and one `clear`):
//!   219 wins, 4 draws, 177 losses, **55.2 %, 95 % CI 50.4–60.1 %**; tree nodes a second
//!   1.18× the serial player's.
//!
//! **Fifth round** (2026-11-27 22:45–23:15 UTC, the same kind of machine, idle but for our
//! runs; its speed drifted by up to ±20 % from one run to the next, so every figure here is a
//! median of per-round ratios, variants interleaved).
//!
//! * **What the machine itself gives two cores.** The fourth round's control, root
//!   parallelisation (1.91–1.93× the serial search), builds two trees of half the playouts,
//!   and a tree of 40 000 playouts costs 0.88× a tree of 80 000 per playout (16 paired
//!   rounds): it flattered the machine. Two serial searches of 80 000 playouts each, at once
//!   on 2 threads (`vs_mcts ceiling`, 40 rounds), gave **1.58–1.84×** the serial search's
//!   playouts per second (1.46–1.48× in one slow minute, two processes or two threads alike):
//!   this memory-bound work does not get 2× from two of these cores; at 400 000 playouts,
//!   as two processes (`scripts/mcts_tree_cpu.sh`, whose control this now is), 1.72–1.73×.
//!   1.7× needs the tree form within 7 % of that ceiling at its best.
//! * **The parts, in one run** (`vs_mcts ceiling 40`, twice, 23:04 UTC): the tree form on 2
//!   walkers 1.23× and 1.32×; two searches of the tree form on 1 walker at once (its code with
//!   nothing shared) 1.38× and 1.64×; two serial searches at once 1.58× and 1.84×. So the
//!   form's own code costs 1.12–1.15× and what the walkers share 1.12–1.24× more: the tree
//!   form reaches 0.70–0.78 of the machine's ceiling. With a 4-ply alpha-beta at each leaf
//!   (`playout=ab:4`) the descent is a small part of an iteration: 1.60–1.71× against a
//!   ceiling of 1.73×, and 1.76× the serial search (`tree-serial 12`); with `playout=eval`
//!   (the cheapest leaf) 1.15× against 1.98×.
//! * **Kept: the plain selection** where the walker owes the children nothing and no other
//!   walker announced one (every level of one walker; the cold levels of two): the children's
//!   statistics as stored, without the adjustments. One walker's search: −6 % time (30
//!   paired rounds), 603 M → 558 M instructions per 80 000 playouts (callgrind). Two walkers:
//!   no change beyond the noise (40 paired rounds: median 1.004, sums −2 %).
//! * **Measured, not kept** (two walkers, 30 paired rounds each, time against the kept
//!   code): nodes aligned to 32 bytes, so that none straddles two cache lines: 1.011; each
//!   block of children starting a cache line, so that no block shares a line with another
//!   walker's: 1.03; `HOT` 32 and 512: 0.996 and 0.998. False sharing is not where the
//!   walkers lose. No announced walks at all (no virtual loss on hot nodes; a measurement
//!   only): 0.944, sums 0.96 (likely the announcement line, which its walker rewrites at most
//!   iterations, so the other reads it from the other core); kept for the virtual loss it
//!   carries, whose worth in play this round did not measure.
//! * **What a shared line costs.** One cache line going from one core to the other and back
//!   (`vs_mcts pingpong 20`): 78–95 ns (a C program of the same loop: 112 ns). A walker's
//!   iteration takes 1.5–1.8 µs on two walkers, so the 12–24 % that sharing adds is some 4–10
//!   lines moving one way per iteration: the announcement, the arena's allocation word at
//!   an expansion (0.3 a playout), the block of children one walker wrote and the other then
//!   reads, the cold nodes both walkers pass — each a few per cent, none the whole.
//! * **Where it stands** (23:03–23:23 UTC; BENCHMARKS.md has the commands): 2 walkers against
//!   the serial search 1.27× and 1.31× (medians of 20 rounds 1.41×, 1.36×); against this form
//!   on 1 walker 1.53× and 1.60×. At equal time, 400 connect-four games at 50 ms a move, twice:
//!   51.0 % (95 % CI 46.1–55.9 %) and 52.5 % (47.6–57.4 %), tree nodes a second 1.20× the
//!   serial player's; with the two runs before, 1 600 games: 53.6 % (51.1–56.0 %).
//!
//! Budgets are the serial ones, shared: generated nodes and the tree's capacity are reserved
//! before an expansion, so neither is ever exceeded; `iters=N` is claimed 64 iterations (`CLAIM`)
//! at a time and the unused ones given back, so exactly `N` complete unless another limit ends
//! the search first. The deadline and
//! the stop flag are checked before every iteration. With one walker the search is the serial
//! one, step for step (tested: same move, line, counts and rewards). With more, the
//! interleaving of threads is not seeded, so runs do not repeat — the value of a run to the end
//! does (the exact value). The tree is copied into the serial arena at the end to choose the
//! move and its line by the serial rule.
use super::{
    bounds, leaf_reward, reward, select_child, walker_seed, LeafCounts, Mcts, MctsOptions,
    MctsOutcome, MctsStop, MAX_VISITS, NONE,
};
use arachne_core::{Game, Limits, Score, Stats, StopReason};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::*};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

mod arena;
pub use arena::NodeSync;
use arena::{serial, shared, ANode, Arena, BUSY, REFUSED, UNEXPANDED};

/// A value on a cache line of its own: the counters the walkers write, apart from what they
/// only read (the arena's segments, the options, the stop flag).
#[repr(align(64))]
struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Iterations of `iters=N` a walker claims at a time.
const CLAIM: u64 = 64;

/// Visits (as a walker sees them) from which a node is *hot*: with more than one walker, a
/// walker batches its backups to it (module docs, Batched backups).
pub const HOT: u32 = 128;
/// A walker publishes its backups owed to a hot node once they reach `1 / LAG` of the node's
/// visits (at the walker's last publication), so no walker's view of a hot node lags another
/// walker's backups by more than that.
pub const LAG: u32 = 16;
/// Depths of its batched walk a walker announces to the others (module docs, Batched backups):
/// below, virtual losses on hot nodes are not seen.
const ANNOUNCED: usize = 16;

/// What the walkers share.
struct Shared<'a, G: Game> {
    root: &'a G,
    arena: Arena<G::Move>,
    opts: &'a MctsOptions,
    scale: f64,
    limits: &'a Limits,
    /// Most nodes the tree may hold.
    cap: u64,
    /// Nodes of the tree not generated by the search (the root, a kept tree).
    kept: u64,
    /// The root's visits less its children's: a constant once it is expanded (module docs,
    /// The root).
    root_base: u32,
    /// The generated nodes (high 32 bits) and the arena's next free position (low 32): one
    /// word, so that an expansion reserves its budget and its place with one compare-and-swap.
    alloc: Line<AtomicU64>,
    /// Iterations claimed (`iters=N`) or run.
    iterations: Line<AtomicU64>,
    done: AtomicBool,
    stop: OnceLock<MctsStop>,
    /// Each walker's announced batched walk: the positions of the hot nodes it is below, by
    /// depth (0: none), each walker's on lines of its own (module docs, Batched backups).
    walks: Box<[Line<[AtomicU32; ANNOUNCED]>]>,
    /// How nodes are changed.
    sync: NodeSync,
}

impl<G: Game> Shared<'_, G> {
    fn end(&self, why: MctsStop) {
        let _ = self.stop.set(why);
        self.done.store(true, Release);
    }

    /// Claims up to [`CLAIM`] of the `n` iterations of `iters=N`: how many (0: all are).
    fn claim(&self, n: u64) -> u64 {
        let mut cur = self.iterations.load(Relaxed);
        loop {
            if cur >= n {
                return 0;
            }
            let take = CLAIM.min(n - cur);
            match self
                .iterations
                .compare_exchange_weak(cur, cur + take, AcqRel, Relaxed)
            {
                Ok(_) => return take,
                Err(x) => cur = x,
            }
        }
    }

    fn generated(&self) -> u64 {
        self.alloc.load(Acquire) >> 32
    }

    /// Reserves `b` generated nodes and their place in the arena, or ends the search (the
    /// serial search's order: the node budget, then the capacity).
    fn reserve(&self, b: u64) -> Result<u32, MctsStop> {
        let mut cur = self.alloc.load(Relaxed);
        loop {
            let (gen, pos) = (cur >> 32, cur as u32);
            if self.limits.nodes.is_some_and(|n| gen + b > n) {
                self.end(MctsStop::Nodes);
                return Err(MctsStop::Nodes);
            }
            let at = self
                .arena
                .place(pos, b as usize)
                .filter(|_| self.kept + gen + b <= self.cap);
            let Some(at) = at else {
                self.end(MctsStop::Memory);
                return Err(MctsStop::Memory);
            };
            let new = (gen + b) << 32 | (at as u64 + b);
            match self.alloc.compare_exchange_weak(cur, new, AcqRel, Relaxed) {
                Ok(_) => {
                    self.arena.taken(pos, at);
                    return Ok(at);
                }
                Err(x) => cur = x,
            }
        }
    }
}

/// A block of children and its position.
type Block<'s, M> = (u32, &'s [ANode<M>]);

/// What a walker holds on a node of its walk.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mark {
    /// Nothing: the backup is done, or the node is a child valued by `expand=all`.
    Free,
    /// Its virtual loss.
    Held,
    /// A hot node: the backup goes to what the walker owes it, `owed[i]` (module docs,
    /// Batched backups).
    Batched(u32),
}

/// The backups a walker owes a node.
#[derive(Copy, Clone, Default)]
struct Owed {
    n: u32,
    sum: f64,
    /// Published when `n` reaches it: [`LAG`].
    due: u32,
}

/// One walker's own state and counts.
struct Walker<'s, 'a, G: Game> {
    sh: &'s Shared<'a, G>,
    /// The walker's index in `Shared::walks`.
    me: usize,
    rng: Pcg64Mcg,
    moves: Vec<G::Move>,
    /// The walk below the root, each node with what the walker holds on it.
    path: Vec<(&'s ANode<G::Move>, Mark)>,
    /// Whether hot nodes are batched: more than one walker (one walker is the serial search).
    batch: bool,
    /// The backups owed to the children of hot nodes: each block of children the walker
    /// batched one of has a block of `owed`, at `blocks[block address]` (module docs, Batched
    /// backups).
    owed: Vec<Owed>,
    blocks: rustc_hash::FxHashMap<usize, u32>,
    /// The blocks in `owed`, in order.
    order: Vec<&'s [ANode<G::Move>]>,
    /// The last block of `owed` found at each depth, by its children's address: the walk
    /// seldom changes near the root, so this spares most hash lookups.
    recent: Vec<(usize, u32)>,
    /// The position of the node of the walk at each depth, where it is batched.
    hot: [u32; ANNOUNCED],
    /// What this walker last stored in its `Shared::walks` slots.
    announced: [u32; ANNOUNCED],
    /// The children the other walkers' announced walks pass through, at this depth.
    others: Vec<usize>,
    /// Iterations of `iters=N` claimed and not yet run; iterations run without `iters=`
    /// (module docs, Fewer shared writes).
    left: u64,
    ran: u64,
    /// The root's visits and reward sum from this walker's backups (module docs, The root).
    root_visits: u64,
    root_sum: f64,
    stats: Stats,
    counts: LeafCounts,
}

impl<'s, 'a, G: Game> Walker<'s, 'a, G> {
    /// The serial search's loop ([`Mcts::run`]) on the shared tree; at the end, the claimed
    /// iterations not run are given back and the ones run counted.
    fn run(&mut self) {
        let sh = self.sh;
        let why = self.walk();
        self.publish();
        sh.iterations.fetch_add(self.ran, AcqRel);
        sh.iterations.fetch_sub(self.left, AcqRel);
        (self.ran, self.left) = (0, 0);
        if let Some(why) = why {
            sh.end(why);
        }
    }

    /// Iterations until a limit, the solved root or another walker ends the search (`None`
    /// also when every iteration of `iters=N` is claimed).
    fn walk(&mut self) -> Option<MctsStop> {
        let sh = self.sh;
        let top = sh.arena.root();
        while !sh.done.load(Acquire) {
            if sh.opts.solver && top.solved() {
                return Some(MctsStop::Solved);
            }
            if let Some(n) = sh.opts.iterations {
                if self.left == 0 {
                    self.left = sh.claim(n);
                    if self.left == 0 {
                        return None;
                    }
                }
            }
            // Root visits past `MAX_VISITS` end the search at the root's selection; the node
            // budget is checked at each expansion (`Shared::reserve`), as serially.
            let stop = match sh.limits.check(0) {
                Some(StopReason::Nodes) => Some(MctsStop::Nodes),
                Some(StopReason::Time) => Some(MctsStop::Time),
                Some(StopReason::Stopped) => Some(MctsStop::Stopped),
                Some(StopReason::Memory) => Some(MctsStop::Memory),
                None => None,
            };
            match stop.map_or_else(|| self.iterate(), Err) {
                Ok(()) if sh.opts.iterations.is_some() => self.left -= 1,
                Ok(()) => self.ran += 1,
                Err(s) => {
                    self.release();
                    return Some(s);
                }
            }
        }
        None
    }

    /// Removes the walk's virtual losses.
    fn release(&mut self) {
        for (n, mark) in self.path.drain(..) {
            if mark == Mark::Held {
                n.leave(self.sh.sync);
            }
        }
    }

    /// Publishes every owed backup.
    fn publish(&mut self) {
        let mut at = 0;
        for kids in self.order.drain(..) {
            for (c, o) in kids.iter().zip(&self.owed[at..]) {
                if o.n > 0 {
                    c.add(o.n, o.sum, false, self.sh.sync);
                }
            }
            at += kids.len();
        }
        self.owed.clear();
        self.blocks.clear();
        self.recent.clear();
    }

    /// Stores the walk's batched part in the walker's slots, where it changed: the other
    /// walkers count a virtual loss on each of those nodes.
    fn announce(&mut self) {
        if !self.batch {
            return;
        }
        for (d, slot) in self.sh.walks[self.me].iter().enumerate() {
            let a = match self.path.get(d) {
                Some(&(_, Mark::Batched(_))) => self.hot[d],
                _ => 0,
            };
            if self.announced[d] != a {
                slot.store(a, Relaxed);
                self.announced[d] = a;
            }
        }
    }

    /// Where the backups this walker owes `kids` (at position `first`, of a node with `n`
    /// visits, at `depth`) are, if anywhere; and the children the other walkers announced at
    /// this depth, left in `others`.
    #[inline]
    fn adjust(
        &mut self,
        kids: &'s [ANode<G::Move>],
        first: u32,
        n: u32,
        depth: usize,
    ) -> Option<u32> {
        self.others.clear();
        if !self.batch {
            return None;
        }
        // Only a hot node's children can be hot.
        let block = if n >= HOT {
            self.block(kids, depth)
        } else {
            None
        };
        if depth < ANNOUNCED {
            for (w, walk) in self.sh.walks.iter().enumerate() {
                if w != self.me {
                    // Position 0 is the root's, never announced.
                    let i = walk[depth].load(Relaxed).wrapping_sub(first) as usize;
                    if i < kids.len() {
                        self.others.push(i);
                    }
                }
            }
        }
        block
    }

    /// Where the backups owed to `kids`, at `depth` of the walk, are in `owed`, if anywhere.
    #[inline]
    fn block(&mut self, kids: &[ANode<G::Move>], depth: usize) -> Option<u32> {
        let key = kids.as_ptr() as usize;
        match self.recent.get(depth) {
            Some(&(k, b)) if k == key => Some(b),
            _ => {
                let b = self.blocks.get(&key).copied()?;
                self.remember(depth, key, b);
                Some(b)
            }
        }
    }

    fn remember(&mut self, depth: usize, key: usize, b: u32) {
        if self.recent.len() <= depth {
            self.recent.resize(depth + 1, (0, 0));
        }
        self.recent[depth] = (key, b);
    }

    /// One iteration (the serial [`Mcts`]'s `iterate`, with virtual losses).
    fn iterate(&mut self) -> Result<(), MctsStop> {
        let sh = self.sh;
        let top = sh.arena.root();
        let mut v: &'s ANode<G::Move> = top;
        let mut pos = sh.root.clone();
        self.path.clear();
        // The other walkers' announced virtual losses on `v`.
        let mut others_on_v = 0;
        loop {
            let (mut first, mut kids) = sh.arena.kids_at(v);
            if kids.is_empty() {
                self.announce();
                let visits = v.visits();
                if visits > 0 && v.solved() {
                    // A terminal node (or one solved since it was selected): its value again.
                    self.backup(reward(v.lower(), sh.scale), 1);
                    self.propagate(true);
                    // The backup freed every mark: nothing to release.
                    self.path.clear();
                    return Ok(());
                }
                if visits == 0 && !std::ptr::eq(v, top) {
                    let (r, k) = self.first_visit(v, &pos);
                    self.backup(r, k);
                    self.propagate(v.solved());
                    self.path.clear();
                    return Ok(());
                }
                (first, kids) = self.expand(v, &pos)?;
                if sh.opts.expand == super::Expand::All {
                    for c in kids {
                        let child = pos.play(c.mv().expect("a child has a move"));
                        let (r, k) = self.first_visit(c, &child);
                        self.path.push((c, Mark::Free));
                        self.backup(r, k);
                        self.path.pop();
                    }
                    self.propagate(true);
                    self.path.clear();
                    return Ok(());
                }
            }
            let depth = self.path.len();
            // The node's count without this walker's own virtual loss.
            let n = match self.path.last() {
                None => 0,
                Some(&(_, Mark::Batched(o))) => v.busy() + self.owed[o as usize].n + others_on_v,
                Some(_) => v.busy() - 1,
            };
            let block = self.adjust(kids, first, if depth == 0 { HOT } else { n }, depth);
            // A child's statistics as this walker sees them: with its own owed backups and the
            // other walkers' announced virtual losses.
            let owed = block.map(|b| &self.owed[b as usize..b as usize + kids.len()]);
            let others = &self.others;
            let seen = |i: usize| {
                let mut s = kids[i].seen();
                if let Some(o) = owed {
                    s.n += o[i].n;
                    s.sum += o[i].sum;
                }
                s.n += others.iter().filter(|&&o| o == i).count() as u32;
                s
            };
            let n = if depth == 0 {
                let n = (0..kids.len()).fold(sh.root_base, |n, i| n + seen(i).n);
                if n >= MAX_VISITS {
                    return Err(MctsStop::Iterations);
                }
                n
            } else {
                n
            };
            // Where this walker owes nothing and no other walker announced a child, what it
            // sees is what the nodes hold: the plain selection, without the adjustments.
            let plain = owed.is_none() && others.is_empty();
            let i = if plain {
                let s = |i: usize| kids[i].seen();
                select_child(sh.opts, &mut self.rng, 0..kids.len(), n, v.lower(), s)
            } else {
                select_child(sh.opts, &mut self.rng, 0..kids.len(), n, v.lower(), seen)
            };
            let c = &kids[i];
            let seen_n = seen(i).n;
            others_on_v = self.others.iter().filter(|&&o| o == i).count() as u32;
            if self.batch && seen_n >= HOT {
                let key = kids.as_ptr() as usize;
                let b = block.or_else(|| self.block(kids, depth));
                let b = b.unwrap_or_else(|| {
                    let b = self.owed.len() as u32;
                    self.owed
                        .resize(self.owed.len() + kids.len(), Owed::default());
                    self.blocks.insert(key, b);
                    self.remember(depth, key, b);
                    self.order.push(kids);
                    b
                });
                if depth < ANNOUNCED {
                    self.hot[depth] = first + i as u32;
                }
                let o = &mut self.owed[(b as usize) + i];
                if o.n == 0 {
                    o.due = (seen_n / LAG).max(1);
                }
                self.path.push((c, Mark::Batched(b + i as u32)));
            } else {
                c.enter(sh.sync);
                self.path.push((c, Mark::Held));
            }
            pos = pos.play(c.mv().expect("a child has a move"));
            v = c;
        }
    }

    /// Expands `v` (at `pos`) unless another walker did or does: its children.
    fn expand(&mut self, v: &ANode<G::Move>, pos: &G) -> Result<Block<'s, G::Move>, MctsStop> {
        let sh = self.sh;
        if v.first
            .compare_exchange(UNEXPANDED, BUSY, Acquire, Acquire)
            .is_ok()
        {
            pos.moves(&mut self.moves);
            self.stats.movegens += 1;
            let b = self.moves.len();
            let len = u16::try_from(b).expect("mcts par=tree: at most 65 535 moves a position");
            match sh.reserve(b as u64) {
                Err(stop) => {
                    v.first.store(REFUSED, Release);
                    return Err(stop);
                }
                Ok(at) => {
                    for (c, &m) in sh.arena.fresh(at, b).iter().zip(&self.moves) {
                        // SAFETY: the reservation gave this walker the slots; they are
                        // published below.
                        unsafe { c.init(Some(m), 0.0, 0, Score::LOSS, Score::WIN) };
                    }
                    self.stats.interior += 1;
                    v.len.store(len, Relaxed);
                    v.first.store(at, Release);
                }
            }
        }
        // Another walker's expansion: wait for it (it takes one reservation and a few stores).
        let mut spins = 0u32;
        loop {
            match v.first.load(Acquire) {
                BUSY => {
                    spins += 1;
                    if spins < 64 {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
                // Another walker's expansion was refused: the search is ending.
                REFUSED => return Err(MctsStop::Stopped),
                _ => return Ok(sh.arena.kids_at(v)),
            }
        }
    }

    /// The serial `first_visit` on a shared node.
    fn first_visit(&mut self, c: &ANode<G::Move>, pos: &G) -> (f64, u32) {
        pos.moves(&mut self.moves);
        self.stats.movegens += 1;
        if self.moves.is_empty() || pos.is_terminal() {
            let v = pos.evaluate();
            c.tighten(v, v);
            return (reward(v, self.sh.scale), 1);
        }
        let r = leaf_reward(
            pos,
            self.sh.opts.playout,
            self.sh.scale,
            &mut self.rng,
            &mut self.moves,
            &mut self.counts,
        );
        (r, 1)
    }

    /// Adds `k` rewards summing to `r` along the path and to the walker's root tallies,
    /// removing the walker's virtual losses.
    fn backup(&mut self, mut r: f64, k: u32) {
        let kf = k as f64;
        for (n, mark) in self.path.iter_mut().rev() {
            if let Mark::Batched(o) = *mark {
                let o = &mut self.owed[o as usize];
                o.n += k;
                o.sum += kf - r;
                if o.n >= o.due {
                    n.add(o.n, o.sum, false, self.sh.sync);
                    (o.n, o.sum, o.due) = (0, 0.0, (n.visits() / LAG).max(1));
                }
            } else {
                n.add(k, kf - r, *mark == Mark::Held, self.sh.sync);
            }
            *mark = Mark::Free;
            r = kf - r;
        }
        self.root_visits += k as u64;
        self.root_sum += kf - r;
    }

    /// The serial `propagate` on the path just backed up (the root last).
    fn propagate(&self, mut changed: bool) {
        if self.sh.opts.solver {
            let a = &self.sh.arena;
            let top = a.root();
            let path = self.path.iter().map(|p| p.0).rev().chain([top]);
            for (k, v) in path.enumerate() {
                if !changed {
                    break;
                }
                if k == 0 && a.kids(v).is_empty() {
                    continue;
                }
                let (lo, hi) = bounds(a.kids(v).iter().map(|c| (c.lower(), c.upper())));
                changed = v.tighten(lo, hi);
            }
        }
    }
}

/// Searches `root` with `opts.threads` walkers on one fresh tree, within `limits`.
pub fn search<G: Game>(root: &G, opts: &MctsOptions, limits: &Limits) -> MctsOutcome<G::Move> {
    run(&mut Mcts::new(root.clone(), opts.clone()), limits)
}

/// Continues `m`'s search with `m`'s options' `threads` walkers on its tree, within `limits`:
/// the tree is made shared, searched, and copied back into `m`'s arena (so a tree kept between
/// moves, [`Mcts::advance`], is searched on). Walker 0 continues `m`'s random stream; walker
/// `w > 0` is seeded by the seed, `w` and the size of the tree at the start.
pub fn run<G: Game>(m: &mut Mcts<G>, limits: &Limits) -> MctsOutcome<G::Move> {
    run_with(m, limits, NodeSync::default())
}

/// [`run`] with the nodes changed by `sync` (module docs, Atomics or a lock per node).
pub fn run_with<G: Game>(m: &mut Mcts<G>, limits: &Limits, sync: NodeSync) -> MctsOutcome<G::Move> {
    let start = Instant::now();
    let mut probe = Vec::new();
    m.root.moves(&mut probe);
    if probe.is_empty() || m.root.is_terminal() {
        return m.run(limits);
    }
    let kept = m.nodes.len() as u64;
    let cap = m
        .opts
        .max_tree_nodes
        .unwrap_or(usize::MAX)
        .min(NONE as usize - 1);
    let arena = Arena::new(cap);
    let next = shared(&arena, &m.nodes);
    // The root's visits less its children's: its first visit as a leaf of a kept tree, if any.
    let kid_visits: u32 = m.nodes[0].kids().map(|c| m.nodes[c].visits).sum();
    let root_base = m.nodes[0].visits.saturating_sub(kid_visits);
    let sh = Shared {
        root: &m.root,
        arena,
        opts: &m.opts,
        scale: m.scale,
        limits,
        cap: cap as u64,
        kept: kept - m.stats.leaves.min(kept),
        root_base,
        alloc: Line(AtomicU64::new(m.stats.leaves << 32 | next as u64)),
        iterations: Line(AtomicU64::new(m.iterations)),
        done: AtomicBool::new(false),
        stop: OnceLock::new(),
        walks: (0..m.opts.threads.max(1))
            .map(|_| Line(Default::default()))
            .collect(),
        sync,
    };
    let root_sum0 = m.nodes[0].sum;
    let batch = m.opts.threads > 1;
    let totals = Mutex::new((Stats::default(), LeafCounts::default(), 0u64, 0f64));
    let first = Mutex::new(None);
    std::thread::scope(|s| {
        for w in 0..m.opts.threads.max(1) as u64 {
            let (sh, totals, first) = (&sh, &totals, &first);
            let rng = if w == 0 {
                m.rng.clone()
            } else {
                Pcg64Mcg::seed_from_u64(arachne_core::rng::hash2(walker_seed(m.opts.seed, w), kept))
            };
            s.spawn(move || {
                let mut walker = Walker {
                    sh,
                    me: w as usize,
                    rng,
                    moves: Vec::new(),
                    path: Vec::new(),
                    batch,
                    owed: Vec::new(),
                    blocks: Default::default(),
                    order: Vec::new(),
                    recent: Vec::new(),
                    hot: [0; ANNOUNCED],
                    announced: [0; ANNOUNCED],
                    others: Vec::new(),
                    left: 0,
                    ran: 0,
                    root_visits: 0,
                    // Walker 0 adds to the root's sum, in the serial search's order.
                    root_sum: if w == 0 { root_sum0 } else { 0.0 },
                    stats: Stats::default(),
                    counts: LeafCounts::default(),
                };
                walker.run();
                let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                t.0 += walker.stats;
                t.1 += walker.counts;
                // The walkers' root tallies (in the order they finish).
                t.2 += walker.root_visits;
                t.3 += walker.root_sum;
                if w == 0 {
                    *first.lock().unwrap_or_else(|e| e.into_inner()) = Some(walker.rng);
                }
            });
        }
    });
    let (stats, counts, root_visits, root_sum) =
        totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let top = sh.arena.root();
    top.count.fetch_add(root_visits, AcqRel);
    top.sum.store(root_sum.to_bits(), Release);
    // No walker ended the search: every iteration of `iters=N` was claimed and run.
    let stop = sh.stop.get().copied().unwrap_or(MctsStop::Iterations);
    let (generated, iterations) = (sh.generated(), sh.iterations.load(Acquire));
    serial(
        &sh.arena,
        sh.alloc.load(Acquire) as u32,
        &mut m.nodes,
        m.opts.threads as usize,
    );
    if let Some(rng) = first.into_inner().unwrap_or_else(|e| e.into_inner()) {
        m.rng = rng;
    }
    m.stats += stats;
    m.stats.leaves = generated;
    m.iterations = iterations;
    m.counts += counts;
    let mut out = m.outcome(stop, start.elapsed());
    out.bytes_per_node = bytes_per_node::<G::Move>();
    out
}

/// Bytes of one node of the shared tree.
pub fn bytes_per_node<M>() -> usize {
    std::mem::size_of::<ANode<M>>()
}
