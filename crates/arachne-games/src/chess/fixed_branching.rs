//! A chess position searched with the branching factor fixed at N, as seed 001 §6 (Fuller,
//! Gaschnig and Gillogly, 1973) searched Spassky–Fischer 1972 game 21: at every node the legal
//! moves are shuffled by a hash of the position's Zobrist key, the seed and N, and the first N
//! kept (all of them when there are fewer). The same position always gets the same moves, so
//! the tree is fixed. `arachne experiment fuller` measures its Figures 6.2 and 6.3 on it.
use super::Chess;
use arachne_core::rng::{hash2, mix64};
use arachne_core::{Game, Score};

/// A chess position searched with the branching factor fixed at `n` (seeded random subset of
/// the legal moves). Every other hook is the chess position's (quiescence moves: its captures
/// among the kept moves; `parse_move` finds only kept moves).
#[derive(Clone, Debug)]
pub struct FixedBranching {
    /// The position.
    pub pos: Chess,
    /// Moves kept per node.
    pub n: u32,
    /// Seed of the move choice.
    pub seed: u64,
}

impl FixedBranching {
    fn key(&self) -> u64 {
        self.pos.hash().unwrap_or(0)
    }
}

impl Game for FixedBranching {
    type Move = <Chess as Game>::Move;

    fn moves(&self, out: &mut Vec<Self::Move>) {
        self.pos.moves(out);
        let n = self.n as usize;
        if out.len() > n {
            // Partial Fisher–Yates with a stream from the position's key.
            let mut h = hash2(hash2(self.key(), self.seed), self.n as u64);
            for i in 0..n {
                h = mix64(h.wrapping_add(i as u64));
                let j = i + (h % (out.len() - i) as u64) as usize;
                out.swap(i, j);
            }
            out.truncate(n);
        }
    }

    fn play(&self, mv: Self::Move) -> Self {
        FixedBranching {
            pos: self.pos.play(mv),
            ..*self
        }
    }

    fn evaluate(&self) -> Score {
        self.pos.evaluate()
    }

    fn successor_values(&self) -> impl Fn(Self::Move) -> Score + '_ {
        self.pos.successor_values()
    }

    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }

    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    fn null_move(&self) -> Option<Self> {
        Some(FixedBranching {
            pos: self.pos.null_move()?,
            ..*self
        })
    }

    fn hash(&self) -> Option<u64> {
        self.pos.hash()
    }

    /// The chess position's captures among the moves kept here.
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        self.pos.noisy_moves(out);
        if out.is_empty() {
            return;
        }
        let mut kept = Vec::new();
        self.moves(&mut kept);
        out.retain(|m| kept.contains(m));
    }

    fn order_hint(&self, mv: Self::Move) -> i32 {
        self.pos.order_hint(mv)
    }

    fn history_index(&self, mv: Self::Move) -> Option<usize> {
        self.pos.history_index(mv)
    }

    const HISTORY_SIZE: usize = <Chess as Game>::HISTORY_SIZE;
    const TRANSPOSITIONS: bool = <Chess as Game>::TRANSPOSITIONS;

    fn move_name(&self, mv: Self::Move) -> String {
        self.pos.move_name(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::bench;

    #[test]
    fn keeps_min_n_legal_moves_the_same_each_time() {
        let positions = bench::spassky_fischer();
        for (k, pos) in positions.iter().enumerate().step_by(5) {
            let mut legal = Vec::new();
            pos.moves(&mut legal);
            for n in 1..=12u32 {
                let fb = FixedBranching {
                    pos: pos.clone(),
                    n,
                    seed: 7,
                };
                let (mut a, mut b) = (Vec::new(), Vec::new());
                fb.moves(&mut a);
                fb.clone().moves(&mut b);
                assert_eq!(a, b, "position {k}, n = {n}: not deterministic");
                assert_eq!(
                    a.len(),
                    legal.len().min(n as usize),
                    "position {k}, n = {n}"
                );
                assert!(
                    a.iter().all(|m| legal.contains(m)),
                    "position {k}: an illegal move"
                );
                let mut sorted = a.clone();
                sorted.sort_by_key(|m| format!("{m:?}"));
                sorted.dedup();
                assert_eq!(
                    sorted.len(),
                    a.len(),
                    "position {k}, n = {n}: a repeated move"
                );
                let mut noisy = Vec::new();
                fb.noisy_moves(&mut noisy);
                assert!(
                    noisy.iter().all(|m| a.contains(m)),
                    "position {k}: a capture not kept"
                );
                let child = fb.play(a[0]);
                assert_eq!((child.n, child.seed), (n, 7));
            }
        }
    }

    #[test]
    fn the_seed_chooses_the_moves() {
        let positions = bench::spassky_fischer();
        let kept = |seed: u64| -> Vec<Vec<<Chess as Game>::Move>> {
            positions
                .iter()
                .map(|p| {
                    let mut out = Vec::new();
                    FixedBranching {
                        pos: p.clone(),
                        n: 2,
                        seed,
                    }
                    .moves(&mut out);
                    out
                })
                .collect()
        };
        assert_eq!(kept(1), kept(1));
        assert_ne!(kept(1), kept(2));
    }
}
