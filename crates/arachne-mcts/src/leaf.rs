//! Leaf parallelisation of MCTS on threads (Cazenave & Jouandeau 2007; Chaslot, Winands & van
//! den Herik 2008). Not in the seeds.
//!
//! The serial search ([`Mcts`]) with `T − 1` helper threads: each time a new non-terminal leaf
//! is valued, the helpers each play one random playout from it while the search's own thread
//! plays one, and the `T` rewards are backed up together (the leaf and its ancestors gain `T`
//! visits). A terminal leaf is valued once, exactly. The search's thread keeps the serial
//! random stream; helper `w` has its own (`walker_seed` of the seed, `w` and the size
//! of the tree at the start), and the rewards are added in helper order, so a run repeats
//! exactly at every thread count, and with one thread it is the serial search (tested).
//!
//! Only `playout=random` takes it ([`MctsOptions::check_parallel`]): the evaluation and `ab:D`
//! give one value per leaf, which `T` copies would only repeat.
use super::{leaf_reward, walker_seed, LeafCounts, Mcts, MctsOptions, MctsOutcome};
use arachne_core::{Game, Limits};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::mpsc;

/// The helpers, seen from the search's thread.
pub(crate) struct Pool<G: Game> {
    jobs: Vec<mpsc::Sender<G>>,
    results: mpsc::Receiver<(usize, f64, u64)>,
}

impl<G: Game> Pool<G> {
    /// Gives every helper the leaf `pos`.
    pub(crate) fn start(&self, pos: &G) {
        for j in &self.jobs {
            // A helper only hangs up when the search is over.
            let _ = j.send(pos.clone());
        }
    }

    /// Adds the helpers' rewards to the search's own `r`, in helper order: the sum and the
    /// number of rewards.
    pub(crate) fn finish(&self, r: f64, counts: &mut LeafCounts) -> (f64, u32) {
        let mut rs = vec![0.0; self.jobs.len()];
        for _ in 0..self.jobs.len() {
            let (w, x, plies) = self.results.recv().expect("a helper answers every leaf");
            rs[w] = x;
            counts.plies += plies;
        }
        (rs.iter().fold(r, |a, x| a + x), 1 + self.jobs.len() as u32)
    }
}

/// Searches `root` with `opts.threads` playouts per leaf, within `limits`.
pub fn search<G: Game>(root: &G, opts: &MctsOptions, limits: &Limits) -> MctsOutcome<G::Move> {
    run(&mut Mcts::new(root.clone(), opts.clone()), limits)
}

/// Continues `m`'s search with `m`'s options' `threads` playouts per leaf, within `limits`.
pub fn run<G: Game>(m: &mut Mcts<G>, limits: &Limits) -> MctsOutcome<G::Move> {
    let helpers = m.opts.threads.max(1) as usize - 1;
    if helpers == 0 {
        return m.run(limits);
    }
    let (tx, results) = mpsc::channel();
    let kept = m.nodes.len() as u64;
    std::thread::scope(|s| {
        let mut jobs = Vec::with_capacity(helpers);
        for w in 0..helpers {
            let (job_tx, job_rx) = mpsc::channel::<G>();
            jobs.push(job_tx);
            let tx = tx.clone();
            let seed = arachne_core::rng::hash2(walker_seed(m.opts.seed, w as u64 + 1), kept);
            let (playout, scale) = (m.opts.playout, m.scale);
            s.spawn(move || {
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let mut moves = Vec::new();
                for pos in job_rx {
                    let mut counts = LeafCounts::default();
                    pos.moves(&mut moves);
                    let r = leaf_reward(&pos, playout, scale, &mut rng, &mut moves, &mut counts);
                    if tx.send((w, r, counts.plies)).is_err() {
                        return;
                    }
                }
            });
        }
        m.pool = Some(Pool { jobs, results });
        let out = m.run(limits);
        // Hanging up ends the helpers.
        m.pool = None;
        out
    })
}
