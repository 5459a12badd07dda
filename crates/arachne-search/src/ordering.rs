//! Move ordering, shared by every searcher.
//!
//! Moves are tried in generation order unless an option says otherwise. In priority order:
//!
//! 1. the previous stage's principal move (staged iteration, seed 000 §8.1);
//! 2. the transposition table's move;
//! 3. the game's own hint ([`Game::order_hint`], e.g. MVV/LVA captures) when `hints` is on;
//! 4. killer moves (two per ply) when `killers` is on;
//! 5. history scores when `history` is on;
//! 6. the children's static values (static preordering) when `preorder` is on.
//!
//! Sorting is stable, so ties keep generation order.
use crate::SearchOptions;
use arachne_core::Game;

/// Killer and history tables.
#[derive(Clone, Debug)]
pub struct OrderingState<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i64>,
}

impl<M: Copy + Eq> OrderingState<M> {
    /// Empty tables; `history_size` from [`Game::HISTORY_SIZE`].
    pub fn new(history_size: usize) -> Self {
        OrderingState {
            killers: Vec::new(),
            history: vec![0; history_size],
        }
    }

    /// Empty tables that allocate nothing until the first cutoff is recorded (contexts made
    /// for many small sub-searches, e.g. by the shared-memory parallel searches).
    pub fn empty() -> Self {
        OrderingState {
            killers: Vec::new(),
            history: Vec::new(),
        }
    }

    /// Updates killers and history after `mv` caused a cutoff at `ply` with `depth` plies left.
    pub fn record_cutoff<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        mv: M,
        ply: usize,
        depth: u32,
        opts: &SearchOptions,
    ) {
        if opts.hints && pos.order_hint(mv) > 0 {
            return; // captures are ordered by their hint already
        }
        if opts.killers {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None, None]);
            }
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if opts.history {
            if self.history.len() < G::HISTORY_SIZE {
                self.history.resize(G::HISTORY_SIZE, 0);
            }
            if let Some(i) = pos.history_index(mv) {
                if let Some(h) = self.history.get_mut(i) {
                    *h += (depth as i64) * (depth as i64);
                }
            }
        }
    }
}

const PV_KEY: i64 = i64::MAX;
const TT_KEY: i64 = i64::MAX - 1;
const HINT_BASE: i64 = 1 << 60;
const KILLER_KEY: i64 = 1 << 58;
const HISTORY_SCALE: i64 = 1 << 32;

/// Reorders `moves` in place. `gen_index` receives each move's generation-order index (left
/// empty when the order is unchanged). `tt_move` is a generation-order index. `keys` and
/// `scratch` are reusable buffers.
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn order<G: Game>(
    pos: &G,
    moves: &mut [G::Move],
    gen_index: &mut Vec<u16>,
    keys: &mut Vec<i64>,
    scratch: &mut Vec<G::Move>,
    tt_move: Option<u16>,
    pv_move: Option<G::Move>,
    ply: usize,
    opts: &SearchOptions,
    state: &OrderingState<G::Move>,
) {
    let n = moves.len();
    // Generation-order indices are 16-bit; wider positions are searched in generation order.
    if n >= u16::MAX as usize {
        return;
    }
    let any = opts.preorder || opts.hints || opts.killers || opts.history;
    if !any && tt_move.is_none() && pv_move.is_none() {
        return;
    }
    keys.clear();
    let killers = state.killers.get(ply).copied().unwrap_or([None, None]);
    for (i, &m) in moves.iter().enumerate() {
        let key = if Some(m) == pv_move {
            PV_KEY
        } else if tt_move == Some(i as u16) {
            TT_KEY
        } else {
            let mut k = 0i64;
            if opts.hints {
                let h = pos.order_hint(m) as i64;
                if h > 0 {
                    k += HINT_BASE + h * (1 << 20);
                }
            }
            if opts.killers && k < HINT_BASE {
                if killers[0] == Some(m) {
                    k += KILLER_KEY + 1;
                } else if killers[1] == Some(m) {
                    k += KILLER_KEY;
                }
            }
            if opts.history && k < KILLER_KEY {
                if let Some(h) = pos.history_index(m).and_then(|j| state.history.get(j)) {
                    k += (*h).min(1 << 24) * HISTORY_SCALE / (1 << 24);
                }
            }
            if opts.preorder {
                // The child's static value is from the opponent's side: lower is better for us.
                k += -(pos.play(m).evaluate().0 as i64);
            }
            k
        };
        keys.push(key);
    }
    gen_index.clear();
    gen_index.extend(0..n as u16);
    gen_index.sort_by_key(|&i| std::cmp::Reverse(keys[i as usize]));
    scratch.clear();
    scratch.extend_from_slice(moves);
    for (slot, &gi) in moves.iter_mut().zip(gen_index.iter()) {
        *slot = scratch[gi as usize];
    }
}
