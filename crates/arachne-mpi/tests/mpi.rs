//! (This crate's tests, not `arachne-parallel`'s: only this crate links MPI, with its feature.)
//!
//! `--backend mpi` returns exactly what `sim` returns (and alpha-beta's value), for every
//! algorithm, on random trees and on chess and checkers bench positions, on 2, 3 and 4 ranks,
//! with each rank's processes on its one MPI thread and on threads of their own (`threads`:
//! 2 ranks × 2 threads in CI).
//!
//! The test runs itself under `mpirun`: the parent test starts
//! `mpirun -n R <this test binary> --exact child` with `ARACHNE_MPI_CHILD=1`; every rank then
//! runs the same sequence of searches (one MPI session, a communicator per search), and rank 0
//! compares each result with the simulator's. Ranks: `ARACHNE_MPI_RANKS` (default `2,3,4`);
//! launcher: `ARACHNE_MPIRUN` (default `mpirun`, run with `--oversubscribe --allow-run-as-root`).
#![cfg(feature = "mpi")]
use arachne_core::Stats;
use arachne_core::{Game, Limits, StopReason, Window};
use arachne_games::{
    checkers, chess::bench, Branching, Chess, EdgeValues, IidParams, IidTree, IncrementalParams,
    IncrementalTree, Order, OrderedParams, OrderedTree,
};
use arachne_parallel::{search, search_limited, search_traced, Backend, ParAlgo, WORKER};
use arachne_runtime::exec::{execute, ExecError};
use arachne_runtime::{CostModel, Env, Mailbox, Pid, Process, SimConfig, Stopping, HOST};
use arachne_search::{Algorithm, SearchOptions};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ALGOS: &[&str] = &[
    "tree-split",
    "tree-split:q=2",
    "tree-split:f=2,q=2",
    "tree-split:master=1",
    "tree-split:raise=general",
    "tree-split:raise=last",
    "tree-split:q=2,master=1,preorder=1",
    "tree-split:grand=1",
    "tree-split:grand=1,q=2,preorder=1",
    "palphabeta-par",
    "palphabeta-par:f=2,q=2",
    "pbound",
    "pbound:f=2",
    "baudet",
    "knm",
    "knm:fifo=0,seed=3",
    "knm:deepening=1,preorder=1",
    "type-guided",
    "type-guided:f=2,levels=2",
    "type-guided:guess=0,master=1,preorder=1",
];

/// Debugging aid: `ARACHNE_MPI_VERBOSE=1` names each search on standard error as it starts.
fn trace(what: &str, spec: &str) {
    if std::env::var_os("ARACHNE_MPI_VERBOSE").is_some() {
        eprintln!("start: {what} {spec}");
    }
}

/// One search on MPI and on sim; rank 0 asserts they agree with each other and with
/// alpha-beta. Returns true on rank 0.
fn check<G: Game>(root: &G, depth: u32, spec: &str, what: &str) -> bool {
    check_on(root, depth, spec, what, None)
}

/// [`check`] with each rank's processes on threads: 2 threads a rank for the 4 processes, 4
/// for a processor tree of the spec's own (its 7 processes on 2 ranks).
fn check_threaded<G: Game>(root: &G, depth: u32, spec: &str, what: &str) -> bool {
    check_on(
        root,
        depth,
        spec,
        &format!("{what} (threads)"),
        Some(threads_for(spec)),
    )
}

/// Whether `spec` fixes its own processor tree (no `--procs`).
fn own_tree(spec: &str) -> bool {
    spec.contains("f=") && (spec.contains("q=") || spec.contains("levels="))
}

/// Threads a rank for `spec` in [`check_threaded`].
fn threads_for(spec: &str) -> u32 {
    if own_tree(spec) {
        4
    } else {
        2
    }
}

/// MPI ranks with `threads` threads each (`None`: the ranks' own threads only).
fn mpi_backend(threads: Option<u32>) -> Backend {
    Backend::Mpi {
        poll_every: 16,
        threads,
    }
}

fn check_on<G: Game>(root: &G, depth: u32, spec: &str, what: &str, threads: Option<u32>) -> bool {
    // Debugging aid: `ARACHNE_MPI_ONLY=SPEC` runs only that algorithm.
    if std::env::var("ARACHNE_MPI_ONLY").is_ok_and(|o| o != spec) {
        return false;
    }
    trace(what, spec);
    let algo: ParAlgo = spec.parse().unwrap();
    let procs = if own_tree(spec) { None } else { Some(4) };
    let mpi = search(&algo, root, depth, procs, &mpi_backend(threads));
    let out = match mpi {
        Err(e) if e.0 == WORKER => return false,
        r => r.unwrap_or_else(|e| panic!("{what} {spec}: {e}")),
    };
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    let want = search(&algo, root, depth, procs, &sim).unwrap();
    let ab = Algorithm::AlphaBeta
        .search(root, &Limits::depth(depth), &SearchOptions::default())
        .value;
    assert_eq!(out.procs, want.procs, "{what} {spec}");
    if out.exact && want.exact {
        assert_eq!(out.value, want.value, "{what} {spec}: mpi vs sim");
        assert_eq!(out.value, ab, "{what} {spec}: mpi vs alpha-beta");
    } else {
        // raise=last: a lower bound when the root's last search fails low (timing decides).
        assert!(
            out.value <= ab,
            "{what} {spec}: a lower bound above the value"
        );
    }
    assert_eq!(
        out.best_move.is_some(),
        want.best_move.is_some(),
        "{what} {spec}"
    );
    if let Some(m) = out.best_move {
        let v = -Algorithm::AlphaBeta
            .search(
                &root.play(m),
                &Limits::depth(depth - 1),
                &SearchOptions::default(),
            )
            .value;
        assert_eq!(v, ab, "{what} {spec}: best move is not best");
    }
    true
}

/// The null move on MPI: the slaves' serial searches prune as the serial engine's does. On
/// WAC 24 at depth 3 every search that honours the null move agrees (100, not 800 without
/// it: `tests/suite/engine_options.rs`), and in a king-and-pawns ending, where no pass is
/// allowed, the value is the plain one.
fn check_null_move(spec: &str, threads: Option<u32>) -> bool {
    if std::env::var("ARACHNE_MPI_ONLY").is_ok_and(|o| o != spec) {
        return false;
    }
    trace("null move", spec);
    let mpi = mpi_backend(threads);
    let algo: ParAlgo = spec.parse().unwrap();
    let algo = algo.with_null_move(true, &mpi).unwrap();
    let opts = SearchOptions {
        null_move: true,
        ..SearchOptions::default()
    };
    let serial = |pos: &Chess, depth: u32, o: &SearchOptions| {
        Algorithm::FAlphaBeta
            .search(pos, &Limits::depth(depth), o)
            .value
    };
    let wac24 = &bench::wac()[23].position;
    let ending = Chess::from_fen("8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50").unwrap();
    let mut counted = false;
    for (pos, depth, want, what) in [
        (wac24, 3, serial(wac24, 3, &opts), "wac 24"),
        (
            &ending,
            5,
            serial(&ending, 5, &SearchOptions::default()),
            "the ending",
        ),
    ] {
        // A worker rank takes part in every search, as rank 0 does: it goes on to the next.
        let procs = if threads.is_some() { 4 } else { 3 };
        let out = match search(&algo, pos, depth, Some(procs), &mpi) {
            Err(e) if e.0 == WORKER => continue,
            r => r.unwrap_or_else(|e| panic!("{spec} on {what}: {e}")),
        };
        assert_eq!(out.value, want, "{spec} with the null move on {what}");
        counted = true;
    }
    counted
}

/// type-guided's records are gathered to rank 0: one log per process, and the nodes its jobs
/// record add up to the search's node count (as on sim).
fn check_trace<G: Game>(root: &G, depth: u32, spec: &str, what: &str) -> bool {
    trace(what, spec);
    let ParAlgo::TypeGuided(o) = spec.parse().unwrap() else {
        unreachable!()
    };
    let procs = if spec.contains("levels=") {
        None
    } else {
        Some(4)
    };
    let traced = |backend: &Backend| search_traced(&o, root, depth, Window::FULL, procs, backend);
    let (out, trace) = match traced(&Backend::mpi(16)) {
        Err(e) if e.0 == WORKER => return false,
        r => r.unwrap_or_else(|e| panic!("{what} {spec}: {e}")),
    };
    let (sim, sim_trace) = traced(&Backend::Sim(SimConfig::new(CostModel::arachne()))).unwrap();
    for (o, t, b) in [(&out, &trace, "mpi"), (&sim, &sim_trace, "sim")] {
        assert_eq!(t.logs.len(), o.procs, "{what} {spec} {b}");
        assert_eq!(
            t.all_stats.total_nodes,
            o.stats.nodes(),
            "{what} {spec} {b}"
        );
        assert_eq!(
            t.last_stats.total_nodes,
            o.last_iteration.unwrap().nodes(),
            "{what} {spec} {b}"
        );
        assert!(t.logs[0].nodes.len() >= depth as usize, "{what} {spec} {b}");
        assert!(
            t.logs[1..].iter().all(|l| !l.jobs.is_empty()),
            "{what} {spec} {b}: every process got work"
        );
    }
    assert_eq!(out.value, sim.value, "{what} {spec}");
    true
}

/// `--nodes` and `--time-ms` on MPI: every rank stops, rank 0 reports the partial result,
/// and the next search (on every rank) is unaffected.
fn check_limits(spec: &str, threads: Option<u32>) -> bool {
    if std::env::var("ARACHNE_MPI_ONLY").is_ok_and(|o| o != spec) {
        return false;
    }
    trace("limited", spec);
    let algo: ParAlgo = spec.parse().unwrap();
    let big = IncrementalTree::new(IncrementalParams {
        b: 10,
        d: 13,
        seed: 1,
        branching: Branching::Uniform,
        values: EdgeValues::Int { lo: -50, hi: 50 },
    });
    let mpi = mpi_backend(threads);
    let budget = 20_000;
    let mut rank0 = false;
    for reason in [StopReason::Nodes, StopReason::Time] {
        // (Made just before its search: the deadline counts from here.)
        let limits = match reason {
            StopReason::Nodes => Limits::default().with_nodes(budget),
            _ => Limits::default().with_time(Duration::from_millis(200)),
        };
        match search_limited(&algo, &big, 13, Window::FULL, Some(4), &mpi, &limits) {
            Err(e) if e.0 == WORKER => {}
            r => {
                let out = r.unwrap_or_else(|e| panic!("{spec} limited: {e}"));
                assert_eq!(out.stopped, Some(reason), "{spec}");
                assert!(out.best_move.is_none() && out.pv.is_empty(), "{spec}");
                assert!(out.stats.nodes() > 0, "{spec} {reason:?}: {:?}", out.stats);
                if reason == StopReason::Nodes {
                    assert!(out.stats.nodes() >= budget, "{spec}: {:?}", out.stats);
                }
                rank0 = true;
            }
        }
    }
    rank0
}

/// Process 0 sends process 1 a note when the host asks; process 1, started by the host,
/// waits for it in its long work ([`Process::run`]), polling its mailbox and publishing one
/// node per poll. If the rank loop stepped it instead ([`Process::work`]), it would answer 0.
/// (The note may also reach process 1 before its long work starts, with the host's message in
/// the same delivery: it is then kept, and answered as soon as the long work runs.)
enum LongWork {
    Sender {
        send: bool,
    },
    Runner {
        waiting: bool,
        note: Option<u32>,
        polls: u64,
    },
}

impl LongWork {
    fn runner() -> Self {
        LongWork::Runner {
            waiting: false,
            note: None,
            polls: 0,
        }
    }
}

impl Process for LongWork {
    type Msg = u32;
    fn on_message(&mut self, from: Pid, msg: u32, env: &mut Env<'_, u32>) {
        match self {
            LongWork::Sender { send: true } => env.send(1, msg + 7),
            LongWork::Sender { .. } => {}
            LongWork::Runner { waiting, note, .. } => {
                if from == HOST {
                    *waiting = true;
                } else {
                    *note = Some(msg);
                }
            }
        }
    }
    fn busy(&self) -> bool {
        matches!(self, LongWork::Runner { waiting: true, .. })
    }
    fn work(&mut self, env: &mut Env<'_, u32>, _until: f64, _max_steps: u64) {
        if let LongWork::Runner { waiting, .. } = self {
            *waiting = false;
            env.send(HOST, 0);
        }
    }
    fn run(&mut self, env: &mut Env<'_, u32>, mailbox: &mut dyn Mailbox<u32>) -> bool {
        let LongWork::Runner {
            waiting,
            note,
            polls,
        } = self
        else {
            return false;
        };
        loop {
            if let Some(k) = note.take() {
                *waiting = false;
                env.send(HOST, 1000 + k);
                return true;
            }
            *polls += 1;
            match mailbox.poll(env, *polls) {
                Err(Stopping) => return true,
                Ok(Some((0, k))) => *note = Some(k),
                Ok(_) => std::thread::sleep(Duration::from_micros(20)),
            }
        }
    }
    fn stats(&self) -> Stats {
        match self {
            LongWork::Runner { polls, .. } => Stats {
                interior: *polls,
                ..Stats::default()
            },
            LongWork::Sender { .. } => Stats::default(),
        }
    }
}

/// On MPI a busy process runs its long work through `Process::run`: its mailbox delivers the
/// message it waits for and sends its answer; its published node count trips `--nodes`,
/// which unwinds it (every rank stops). True on rank 0.
fn check_long_work() -> bool {
    trace("long work", "execute");
    arachne_runtime::wire::register::<u32>(None);
    arachne_runtime::mpi::register_process::<LongWork>();
    let mpi = Backend::mpi(1);
    let procs = |send| vec![LongWork::Sender { send }, LongWork::runner()];
    let start = vec![(1, 0), (0, 5)];
    let (run, _) = execute(procs(true), start.clone(), &mpi, &Limits::default(), |_| {
        true
    });
    if run.error == Some(ExecError::Worker) {
        let (run, _) = execute(
            procs(false),
            start,
            &mpi,
            &Limits::default().with_nodes(500),
            |_| true,
        );
        assert!(
            matches!(run.error, Some(ExecError::Worker)),
            "{:?}",
            run.error
        );
        return false;
    }
    assert_eq!(run.error, None);
    assert_eq!(run.host.iter().map(|h| h.1).collect::<Vec<_>>(), [1012]);
    // Nothing to wait for: only the node budget ends the long work.
    let (run, _) = execute(
        procs(false),
        start,
        &mpi,
        &Limits::default().with_nodes(500),
        |_| true,
    );
    assert_eq!(run.error, None);
    assert_eq!(run.stopped, Some(StopReason::Nodes));
    assert!(run.host.is_empty());
    assert!(run.stats.interior >= 500, "{:?}", run.stats);
    true
}

/// More processes than the ranks' threads hold is refused on every rank (a worker's answer is
/// [`WORKER`]) before anything runs; the searches after it run.
fn check_too_many_procs() -> bool {
    let world = arachne_runtime::mpi::init().unwrap();
    let algo: ParAlgo = "tree-split".parse().unwrap();
    let most = world.size as u32 * 2;
    let e = search(
        &algo,
        &Chess::default(),
        3,
        Some(most + 1),
        &mpi_backend(Some(2)),
    )
    .expect_err("refused on every rank");
    if e.0 == WORKER {
        return false;
    }
    assert!(
        e.0.contains(&format!("at most {most} processes")),
        "{}",
        e.0
    );
    world.rank == 0
}

fn run_child() {
    let mut checked = 0;
    let mut count = |root_checked: bool| checked += root_checked as u32;
    count(check_long_work());
    count(check_too_many_procs());
    for seed in 1..=8u64 {
        let n = 2 + (seed % 3) as u32;
        let d = 3 + (seed % 3) as u32;
        let iid = IidTree::new(IidParams {
            n,
            d,
            seed,
            range: Some(20),
        });
        let inc = IncrementalTree::new(IncrementalParams {
            b: n + 1,
            d,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -50, hi: 50 },
        });
        for spec in ALGOS {
            count(check(&iid, d, spec, &format!("iid seed {seed}")));
            count(check(&inc, d, spec, &format!("incremental seed {seed}")));
            if seed <= 2 {
                count(check_threaded(&iid, d, spec, &format!("iid seed {seed}")));
                count(check_threaded(
                    &inc,
                    d,
                    spec,
                    &format!("incremental seed {seed}"),
                ));
            }
        }
    }
    let ord = OrderedTree::new(OrderedParams {
        n: 3,
        d: 5,
        order: Order::Worst,
        seed: 1,
    })
    .expect("a valid ordered tree");
    for spec in ALGOS {
        count(check(&ord, 5, spec, "ordered worst"));
    }
    let real = [
        "tree-split",
        "tree-split:preorder=1",
        "palphabeta-par:f=2,q=1",
        "pbound",
        "baudet",
        "knm:preorder=1",
        "type-guided:preorder=1",
    ];
    for (i, rec) in bench::lct2().iter().enumerate().step_by(9) {
        for spec in real {
            count(check(&rec.position, 3, spec, &format!("lct2 #{}", i + 1)));
            count(check_threaded(
                &rec.position,
                3,
                spec,
                &format!("lct2 #{}", i + 1),
            ));
        }
    }
    for spec in real {
        count(check(&Chess::default(), 3, spec, "chess start"));
    }
    for spec in ["tree-split", "baudet", "palphabeta-par", "type-guided"] {
        count(check_null_move(spec, None));
        count(check_null_move(spec, Some(2)));
    }
    for (i, p) in checkers::bench_positions().iter().enumerate().step_by(3) {
        for spec in real {
            count(check(p, 5, spec, &format!("checkers #{i}")));
            count(check_threaded(p, 5, spec, &format!("checkers #{i}")));
        }
    }
    // (knm floods: thousands of messages are in flight when it stops, settled by the runtime;
    // the searches after this one would fail or hang if any were left.)
    for (spec, threads) in [
        ("tree-split", None),
        ("tree-split", Some(2)),
        ("type-guided", None),
        ("type-guided", Some(2)),
        ("knm", None),
        ("knm", Some(2)),
        ("knm:fifo=0,seed=3", None),
    ] {
        count(check_limits(spec, threads));
        // The next search on the same ranks is exact (nothing stale reaches it).
        let after = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 6,
            seed: 9,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -50, hi: 50 },
        });
        count(check(
            &after,
            6,
            "knm",
            &format!("after {spec} {threads:?} limited"),
        ));
    }
    for seed in 1..=3u64 {
        let inc = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 6,
            seed,
            branching: Branching::Uniform,
            values: EdgeValues::Int { lo: -50, hi: 50 },
        });
        for spec in ["type-guided", "type-guided:f=2,levels=2"] {
            count(check_trace(&inc, 6, spec, &format!("trace seed {seed}")));
        }
    }
    arachne_runtime::mpi::finalize();
    if checked > 0 {
        println!("mpi child: checked {checked} searches");
    }
}

/// Ends `mpirun` and its ranks: SIGTERM first (mpirun passes it to the ranks and waits for
/// them; SIGKILL at once would leave the ranks running), SIGKILL after 5 s.
fn stop(c: &mut std::process::Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &c.id().to_string()])
        .status();
    let t = Instant::now();
    while c.try_wait().unwrap().is_none() && t.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = c.kill();
}

/// A session directory of its own for each `mpirun` (`OMPI_MCA_orte_tmpdir_base`): Open MPI
/// 4.1 makes its per-user session directory under the temporary directory with a racy
/// `mkdir`, and two launches at the same moment can fail with "File exists" (seen in CI at 4
/// ranks, tests running side by side).
fn session_dir() -> std::path::PathBuf {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir()
        .join("arachne-mpi")
        .join(format!("{}-{n}", std::process::id()));
    std::fs::create_dir_all(&d).expect("a session directory for mpirun");
    d
}

/// Runs the child under `mpirun -n ranks`, bounded in time; returns its stdout. Both pipes are
/// drained while it runs (a rank that writes more than a pipe holds would otherwise block), and
/// a run that does not finish is reported with what it wrote.
fn launch(ranks: u32) -> String {
    let mpirun = std::env::var("ARACHNE_MPIRUN").unwrap_or_else(|_| "mpirun".into());
    let exe = std::env::current_exe().unwrap();
    let mut c = Command::new(mpirun)
        .args(["--allow-run-as-root", "--oversubscribe", "-n"])
        .arg(ranks.to_string())
        .arg(exe)
        .args(["--exact", "child", "--nocapture", "--test-threads=1"])
        .env("ARACHNE_MPI_CHILD", "1")
        .env("OMPI_MCA_orte_tmpdir_base", session_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun starts (install openmpi-bin)");
    // (Read on threads, received with a bound: a rank left over by a killed mpirun may hold
    // a pipe open.)
    let drain = |mut r: Box<dyn std::io::Read + Send>| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            let _ = tx.send(String::from_utf8_lossy(&s).into_owned());
        });
        move || {
            rx.recv_timeout(Duration::from_secs(10))
                .unwrap_or_else(|_| "(not readable)".into())
        }
    };
    let out = drain(Box::new(c.stdout.take().unwrap()));
    let err = drain(Box::new(c.stderr.take().unwrap()));
    let t = Instant::now();
    let status = loop {
        if let Some(status) = c.try_wait().unwrap() {
            break Some(status);
        }
        if t.elapsed() > Duration::from_secs(400) {
            stop(&mut c);
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (out, err) = (out(), err());
    match status {
        Some(s) if s.success() => out,
        Some(_) => panic!("mpirun -n {ranks} failed: {out}\n{err}"),
        None => panic!("mpirun -n {ranks} did not finish in 400 s: {out}\n{err}"),
    }
}

#[test]
fn child_or_launcher() {
    if std::env::var_os("ARACHNE_MPI_CHILD").is_some() {
        return;
    }
    let ranks = std::env::var("ARACHNE_MPI_RANKS").unwrap_or_else(|_| "2,3,4".into());
    for r in ranks.split(',') {
        let r: u32 = r
            .trim()
            .parse()
            .expect("ARACHNE_MPI_RANKS: comma-separated numbers");
        let out = launch(r);
        assert!(out.contains("mpi child: checked"), "ranks {r}: {out}");
        eprintln!("{r} ranks: {}", out.trim());
    }
}

#[test]
fn child() {
    if std::env::var_os("ARACHNE_MPI_CHILD").is_some() {
        // A rank that panics exits at once: unwinding would drop MPI's universe, whose
        // `MPI_Finalize` waits for the other ranks, which wait in their next search for it.
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            report(info);
            std::process::exit(101);
        }));
        arachne_mpi::install();
        run_child();
    }
}

/// The registrations are checked before MPI starts: a run of a process type, or of a message
/// type, that was not registered is refused with one line naming the type, on a thread where
/// MPI was never initialized (so no rank sends anything).
#[test]
fn an_unregistered_process_or_message_type_is_refused_at_start() {
    use arachne_runtime::traffic::Traffic;
    if std::env::var_os("ARACHNE_MPI_CHILD").is_some() {
        return;
    }
    arachne_mpi::install();
    let run = || {
        let procs = vec![Traffic::Ping {
            other: 0,
            hops: 1,
            until: None,
        }];
        let (run, procs) = execute(
            procs,
            vec![(0, 0)],
            &Backend::mpi(16),
            &Limits::default(),
            |_| true,
        );
        assert!(procs.is_empty() && run.host.is_empty());
        match run.error {
            Some(ExecError::Mpi(e)) if !e.contains('\n') => e,
            e => panic!("expected a one-line refusal, got {e:?}"),
        }
    };
    let e = run();
    assert!(
        e.contains("processes arachne_runtime::traffic::Traffic"),
        "{e}"
    );
    assert!(e.contains("not registered for MPI"), "{e}");
    arachne_runtime::mpi::register_process::<Traffic>();
    let e = run();
    assert!(e.contains("no registered wire encoding"), "{e}");
    assert!(e.contains("not started"), "{e}");
    assert_eq!(
        arachne_runtime::mpi::world(),
        None,
        "MPI was not initialized"
    );
}

/// A game that was not installed (`arachne_mpi::install_game`) is refused before MPI starts,
/// with one line naming its type.
#[test]
fn a_game_not_installed_is_refused_with_its_name() {
    use arachne_core::RootMoves;
    if std::env::var_os("ARACHNE_MPI_CHILD").is_some() {
        return;
    }
    arachne_mpi::install();
    let root = RootMoves::unrestricted(IidTree::new(IidParams {
        n: 2,
        d: 3,
        seed: 1,
        range: Some(20),
    }));
    let algo: ParAlgo = "tree-split".parse().unwrap();
    let e = search(&algo, &root, 3, Some(2), &Backend::mpi(16))
        .expect_err("RootMoves<IidTree> was not installed");
    assert!(e.0.contains("is not installed for MPI"), "{e}");
    assert!(e.0.contains("RootMoves<"), "{e}");
    assert!(!e.0.contains('\n'), "{e}");
    assert_eq!(arachne_runtime::mpi::world(), None, "MPI was not started");
}
