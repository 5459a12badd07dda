//! Where a message-passing search's extra nodes go against the serial search with the same
//! options (issue 42, item 2: "waste by cause").
//!
//! Both searches run on the game wrapped in [`Traced`], which records the position (its hash)
//! of every node the search expands: every call of `moves` (a full-width node) and of
//! `noisy_moves` (a quiescence node), on whichever thread makes it. The multisets of the two
//! searches are then compared position by position:
//!
//! * **outside the serial tree:** expansions of positions the serial search never expanded:
//!   subtrees that the serial search cut off, or never reached because its windows were
//!   narrower (speculative work, and work under a window that arrived late);
//! * **again:** expansions of positions the serial search expanded too, beyond the number of
//!   times it did (re-searches, and the iterations of the parallel search's own deepening
//!   where they repeat more than the serial search's);
//! * **skipped:** expansions the serial search made and the parallel search did not (the
//!   parallel search's windows or table cut deeper there). Parallel − serial = outside +
//!   again − skipped.
//!
//! Each process's expansions are kept apart (one thread per process on `--backend threads`).
//! The recording costs each expansion a hash-map update on its own thread; the counts, not
//! the times, are the point.
//!
//! ```sh
//! cargo run --release -p arachne-measure --example waste -- [DEPTH] [ALGO …]
//! ```
//! Default: depth 8, LCT II #1, #5, #9, `tree-split:master=1` and `type-guided:master=1` at 2
//! processors, `tree-split` and `type-guided` at 3, all four engine options, threads.
use arachne::{Backend, Game, Limits, Score, Searcher};
use arachne_games::chess::{bench, Eval};
use arachne_games::spec::GameInfo;
use arachne_games::Chess;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One thread's expansions: position hash → times expanded.
type Counts = Arc<Mutex<HashMap<u64, u32>>>;

/// Every thread's expansions: one map per thread, registered on the thread's first record.
static THREADS: Mutex<Vec<Counts>> = Mutex::new(Vec::new());

thread_local! {
    static MINE: Counts = {
        let m = Arc::new(Mutex::new(HashMap::new()));
        THREADS.lock().unwrap().push(m.clone());
        m
    };
}

fn record(hash: Option<u64>) {
    if let Some(h) = hash {
        MINE.with(|m| *m.lock().unwrap().entry(h).or_insert(0) += 1);
    }
}

/// The recorded expansions per thread (threads with none left out), and a fresh start.
fn take() -> Vec<HashMap<u64, u32>> {
    let threads = THREADS.lock().unwrap();
    threads
        .iter()
        .map(|m| std::mem::take(&mut *m.lock().unwrap()))
        .filter(|m| !m.is_empty())
        .collect()
}

/// A game whose expansions are recorded; every other hook forwarded.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Traced<G>(G);

impl<G: Game> Game for Traced<G> {
    type Move = G::Move;
    fn moves(&self, out: &mut Vec<G::Move>) {
        record(self.0.hash());
        self.0.moves(out);
    }
    fn play(&self, mv: G::Move) -> Self {
        Traced(self.0.play(mv))
    }
    fn evaluate(&self) -> Score {
        self.0.evaluate()
    }
    fn successor_values(&self) -> impl Fn(G::Move) -> Score + '_ {
        self.0.successor_values()
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn null_move(&self) -> Option<Self> {
        self.0.null_move().map(Traced)
    }
    fn hash(&self) -> Option<u64> {
        self.0.hash()
    }
    fn noisy_moves(&self, out: &mut Vec<G::Move>) {
        record(self.0.hash());
        self.0.noisy_moves(out);
    }
    fn order_hint(&self, mv: G::Move) -> i32 {
        self.0.order_hint(mv)
    }
    fn history_index(&self, mv: G::Move) -> Option<usize> {
        self.0.history_index(mv)
    }
    const HISTORY_SIZE: usize = G::HISTORY_SIZE;
    const TRANSPOSITIONS: bool = G::TRANSPOSITIONS;
    fn move_name(&self, mv: G::Move) -> String {
        self.0.move_name(mv)
    }
    fn parse_move(&self, name: &str) -> Option<G::Move> {
        self.0.parse_move(name)
    }
}

fn chess_info() -> GameInfo {
    GameInfo {
        name: "chess",
        spec: "chess".into(),
        max_depth: None,
        default_depth: 7,
    }
}

/// `algo` as a builder: `NAME[:procs=P][,…]` with `procs=`/`threads=` taken out of the spec.
fn builder(spec: &str) -> arachne::Builder {
    let (name, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let mut keep = Vec::new();
    let mut procs = None;
    let mut threads = None;
    for kv in rest.split(',').filter(|s| !s.is_empty()) {
        match kv.split_once('=') {
            Some(("procs", p)) => procs = Some(p.parse().expect("procs=P")),
            Some(("threads", t)) => threads = Some(t.parse().expect("threads=T")),
            _ => keep.push(kv),
        }
    }
    let algo = if keep.is_empty() {
        name.to_string()
    } else {
        format!("{name}:{}", keep.join(","))
    };
    let mut b = arachne::search(&algo)
        .engine_options()
        .game_info(chess_info());
    if let Some(p) = procs {
        b = b.procs(p).backend(Backend::Threads);
    }
    if let Some(t) = threads {
        b = b.threads(t);
    }
    b
}

/// One search's expansions, merged over its threads, and per thread.
struct Run {
    value: Score,
    merged: HashMap<u64, u32>,
    per_thread: Vec<u64>,
}

fn run(spec: &str, root: &Traced<Chess>, depth: u32) -> Run {
    let _ = take();
    let mut s: Box<dyn Searcher<Traced<Chess>>> = builder(spec).build().expect("the search");
    let out = s.search(root, &Limits::depth(depth)).expect("the search");
    let threads = take();
    let mut merged = HashMap::new();
    for m in &threads {
        for (&h, &c) in m {
            *merged.entry(h).or_insert(0) += c;
        }
    }
    Run {
        value: out.value,
        per_thread: threads
            .iter()
            .map(|m| m.values().map(|&c| c as u64).sum())
            .collect(),
        merged,
    }
}

fn total(m: &HashMap<u64, u32>) -> u64 {
    m.values().map(|&c| c as u64).sum()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(8);
    let mut algos: Vec<String> = args.iter().skip(1).cloned().collect();
    if algos.is_empty() {
        algos = [
            "tree-split:procs=2,master=1",
            "type-guided:procs=2,master=1",
            "tree-split:procs=3",
            "type-guided:procs=3",
            "abdada:threads=2",
        ]
        .map(String::from)
        .to_vec();
    }
    println!("depth {depth}, all four engine options; expansions (moves + noisy_moves calls)\n");
    println!("| position | search | value | expansions | against serial | outside the serial tree | again | skipped | per process |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut sums: HashMap<String, [u64; 5]> = HashMap::new();
    for n in [1, 5, 9] {
        let pos = bench::position(&format!("lct2:{n}"))
            .expect("LCT II")
            .with_eval(Eval::Full);
        let root = Traced(pos);
        let serial = run("aspiration", &root, depth);
        let s_total = total(&serial.merged);
        println!(
            "| LCT II #{n} | aspiration | {} | {} | 1 | – | – | – | – |",
            serial.value, s_total
        );
        for spec in &algos {
            let par = run(spec, &root, depth);
            let p_total = total(&par.merged);
            let (mut outside, mut again, mut skipped) = (0u64, 0u64, 0u64);
            for (h, &c) in &par.merged {
                match serial.merged.get(h) {
                    None => outside += c as u64,
                    Some(&s) if c > s => again += (c - s) as u64,
                    Some(_) => {}
                }
            }
            for (h, &s) in &serial.merged {
                let c = par.merged.get(h).copied().unwrap_or(0);
                if s > c {
                    skipped += (s - c) as u64;
                }
            }
            assert_eq!(p_total + skipped, s_total + outside + again);
            let pct = |x: u64| format!("{:+.1} %", 100.0 * x as f64 / s_total as f64);
            println!(
                "| LCT II #{n} | {spec} | {} | {p_total} | {} | {} | {} | {} | {:?} |",
                par.value,
                pct(p_total.max(s_total) - s_total.min(p_total))
                    .replace('+', if p_total >= s_total { "+" } else { "−" }),
                pct(outside),
                pct(again),
                pct(skipped).replace('+', "−"),
                par.per_thread
            );
            let e = sums.entry(spec.clone()).or_insert([0; 5]);
            for (i, x) in [s_total, p_total, outside, again, skipped]
                .into_iter()
                .enumerate()
            {
                e[i] += x;
            }
        }
    }
    println!("\nSums over the three positions, against the serial search's expansions:\n");
    println!("| search | against serial | outside the serial tree | again | skipped |");
    println!("|---|---|---|---|---|");
    for spec in &algos {
        let [s, p, o, a, k] = sums[spec];
        let f = |x: u64| format!("{:.1} %", 100.0 * x as f64 / s as f64);
        println!(
            "| {spec} | {:+.1} % | +{} | +{} | −{} |",
            100.0 * (p as f64 - s as f64) / s as f64,
            f(o),
            f(a),
            f(k)
        );
    }
}
