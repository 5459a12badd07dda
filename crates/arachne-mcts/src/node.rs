//! The serial tree's node ([`Node`]) and the rules every form of [`super`] shares: rewards,
//! leaf values (`leaf_reward`), selection (`select_child`) and the solver's bounds (`bounds`).
use super::{Expand, MctsOptions, Playout};
use arachne_core::{Game, Limits, Score};
use arachne_search::{Algorithm, SearchOptions};
use rand::Rng;
use rand_pcg::Pcg64Mcg;

/// "No child yet".
pub(crate) const NONE: u32 = u32::MAX;

/// A tree node (module docs, Memory).
#[derive(Clone, Debug)]
pub struct Node<M> {
    /// Sum of the rewards for the side that moved into this node.
    pub sum: f64,
    /// Visits (iterations through this node, one per valued child with `expand=all`).
    pub visits: u32,
    /// First child's index, [`u32::MAX`] before the expansion.
    pub first: u32,
    /// Number of children.
    pub len: u32,
    /// Lower bound of the exact value, node-relative (side to move here).
    pub lower: Score,
    /// Upper bound.
    pub upper: Score,
    /// The move into this node (`None` at the root).
    pub mv: Option<M>,
}

impl<M> Node<M> {
    pub(crate) fn new(mv: Option<M>) -> Self {
        Node {
            sum: 0.0,
            visits: 0,
            first: NONE,
            len: 0,
            lower: Score::LOSS,
            upper: Score::WIN,
            mv,
        }
    }
    /// The exact value is known.
    #[inline]
    pub fn solved(&self) -> bool {
        self.lower == self.upper
    }
    /// Mean reward for the side that moved into this node (½ before any visit).
    #[inline]
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.sum / self.visits as f64
        }
    }
    pub(crate) fn seen(&self) -> Seen {
        Seen {
            n: self.visits,
            sum: self.sum,
            lower: self.lower,
            upper: self.upper,
        }
    }
    pub(crate) fn kids(&self) -> std::ops::Range<usize> {
        if self.first == NONE {
            0..0
        } else {
            self.first as usize..(self.first + self.len) as usize
        }
    }
}

/// A node's value seen from its parent: negated, decisive values one ply further.
#[inline]
pub fn up(s: Score) -> Score {
    -s.to_root_relative(1)
}

/// The reward in `[0, 1]` of value `v` for the side to move (module docs, Rewards).
pub fn reward(v: Score, scale: f64) -> f64 {
    if v.is_decisive() {
        if v.0 > 0 {
            1.0
        } else {
            0.0
        }
    } else {
        1.0 / (1.0 + (-(v.0 as f64) / scale).exp())
    }
}

/// The inverse of [`reward`]'s logistic, clamped to the heuristic band.
pub fn value_of(r: f64, scale: f64) -> Score {
    let r = r.clamp(1e-12, 1.0 - 1e-12);
    let v = scale * (r / (1.0 - r)).ln();
    let m = Score::MAX_EVAL as f64;
    Score(v.clamp(-m, m).round() as i32)
}

/// Root visits past which a search stops (the counts are `u32`).
pub(crate) const MAX_VISITS: u32 = u32::MAX - (1 << 20);

/// What leaf valuations cost beside the tree's counts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LeafCounts {
    /// Plies of random playouts.
    pub plies: u64,
    /// Nodes of `ab:D` leaf searches.
    pub leaf_nodes: u64,
}

impl std::ops::AddAssign for LeafCounts {
    fn add_assign(&mut self, o: Self) {
        self.plies += o.plies;
        self.leaf_nodes += o.leaf_nodes;
    }
}

/// The reward of a non-terminal leaf `pos` for its side to move, by `playout` (module docs,
/// Leaf values); `moves` holds `pos`'s moves. Every form values its leaves here.
pub(crate) fn leaf_reward<G: Game>(
    pos: &G,
    playout: Playout,
    scale: f64,
    rng: &mut Pcg64Mcg,
    moves: &mut Vec<G::Move>,
    counts: &mut LeafCounts,
) -> f64 {
    match playout {
        Playout::Eval => reward(pos.evaluate(), scale),
        Playout::AlphaBeta { depth } => {
            let out =
                Algorithm::AlphaBeta.search(pos, &Limits::depth(depth), &SearchOptions::default());
            counts.leaf_nodes += out.stats.nodes();
            reward(out.value, scale)
        }
        Playout::Random { cap } => {
            let mut p = pos.clone();
            let mut plies = 0u32;
            // `moves` holds `pos`'s moves.
            while plies < cap {
                if plies > 0 {
                    p.moves(moves);
                    if moves.is_empty() || p.is_terminal() {
                        break;
                    }
                }
                let m = moves[rng.gen_range(0..moves.len())];
                p = p.play(m);
                plies += 1;
            }
            counts.plies += plies as u64;
            let r = reward(p.evaluate(), scale);
            if plies % 2 == 0 {
                r
            } else {
                1.0 - r
            }
        }
    }
}

/// What selection reads of a child: `n` its visits plus the virtual losses on it (each a
/// visit of reward 0: [`super::tree`]), `sum` its reward sum, its bounds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Seen {
    pub n: u32,
    pub sum: f64,
    pub lower: Score,
    pub upper: Score,
}

/// The child of a node to descend into, among `kids` (module docs: unvisited children first in
/// random order with `expand=one`, then UCB1 over the children that are not settled); `parent_n`
/// the node's visits, `parent_lower` its lower bound. Every form selects here, in one pass that
/// reads each child once (`seen`: in the tree form, a few atomic loads and the walker's own
/// adjustments, which the compiler cannot merge between passes); a second pass only for the
/// `k`-th unvisited child among more than 64.
#[inline(always)]
pub(crate) fn select_child(
    opts: &MctsOptions,
    rng: &mut Pcg64Mcg,
    kids: std::ops::Range<usize>,
    parent_n: u32,
    parent_lower: Score,
    seen: impl Fn(usize) -> Seen,
) -> usize {
    let one = opts.expand == Expand::One;
    // The unvisited children (`expand=one`): how many, and which among the first 64.
    let (mut fresh, mut mask) = (0usize, 0u64);
    // Wasted when an unvisited child is chosen, but cheaper than a test at every child.
    let ln_n = (parent_n.max(1) as f64).ln();
    let mut best: Option<(f64, usize)> = None;
    let ucb = |c: usize, s: Seen, best: &mut Option<(f64, usize)>| {
        // A child that cannot change the node's value: solved, or no better than its lower
        // bound.
        if opts.solver && (s.lower == s.upper || up(s.lower) <= parent_lower) {
            return;
        }
        let u = if s.n == 0 {
            f64::INFINITY
        } else {
            s.sum / s.n as f64 + opts.c * (ln_n / s.n as f64).sqrt()
        };
        if best.is_none_or(|(b, _)| u > b) {
            *best = Some((u, c));
        }
    };
    for c in kids.clone() {
        let s = seen(c);
        if one && s.n == 0 {
            mask |= 1u64.checked_shl((c - kids.start) as u32).unwrap_or(0);
            fresh += 1;
        } else if fresh == 0 {
            ucb(c, s, &mut best);
        }
    }
    if fresh > 0 {
        let k = rng.gen_range(0..fresh);
        if kids.len() <= 64 {
            for _ in 0..k {
                mask &= mask - 1;
            }
            return kids.start + mask.trailing_zeros() as usize;
        }
        if let Some(c) = kids.clone().filter(|&c| seen(c).n == 0).nth(k) {
            return c;
        }
        // Another walker visited one meanwhile (the tree form): UCB1 after all.
        best = None;
        for c in kids.clone() {
            ucb(c, seen(c), &mut best);
        }
    }
    // Every child settled means the node is solved, which the descent never enters; the first
    // child keeps the walk well defined all the same.
    best.map_or(kids.start, |b| b.1)
}

/// The seed of walker (thread, tree or helper) `w` of a parallel form: walker 0 has the
/// search's own seed, so one walker repeats the serial search; the others a hash of both.
pub(crate) fn walker_seed(seed: u64, w: u64) -> u64 {
    if w == 0 {
        seed
    } else {
        arachne_core::rng::hash2(seed, w)
    }
}

/// A node's bounds from its children's (module docs, Solver).
pub(crate) fn bounds(kids: impl Iterator<Item = (Score, Score)>) -> (Score, Score) {
    let (mut lo, mut hi) = (-Score::INF, -Score::INF);
    for (lower, upper) in kids {
        lo = lo.max(up(upper));
        hi = hi.max(up(lower));
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_are_documented_values() {
        assert_eq!(reward(Score::win_in(5), 100.0), 1.0);
        assert_eq!(reward(Score::loss_in(2), 100.0), 0.0);
        assert_eq!(reward(Score::DRAW, 100.0), 0.5);
        assert!((reward(Score(100), 100.0) - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-12);
        assert_eq!(value_of(reward(Score(250), 100.0), 100.0), Score(250));
        assert_eq!(up(Score::loss_in(0)), Score::win_in(1));
        assert_eq!(up(Score::win_in(2)), Score::loss_in(3));
        assert_eq!(up(Score(-7)), Score(7));
    }

    #[test]
    fn nodes_are_compact() {
        assert!(std::mem::size_of::<Node<u8>>() <= 32);
        assert!(std::mem::size_of::<Node<u32>>() <= 40);
    }
}
