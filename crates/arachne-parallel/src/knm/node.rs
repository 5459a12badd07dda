//! A node record of the Key Node Method and its two handlers, Figs. 3-4 and 3-5 of seed 003
//! (Lindstrom), shared by both machine models ([`super::dist`], [`super::pooled`]). The
//! method and the choices where the paper leaves details open are in the module docs of
//! [`crate::knm`].
use super::{Down, KnmStats, Out, Up, FULL};
use arachne_core::{Game, Score};

/// A descendant entry of a node record (Fig. 3-2's `desc` element, plus §5.2/§5.3 fields).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Desc<M> {
    /// The move leading to it.
    pub mv: M,
    /// Value it last reported, negated to this node's side (`−∞` until it reports).
    pub value: Score,
    /// "Valid to" it last reported.
    pub valid_to: u32,
    /// Whether that report was computed as a first-descendant key node.
    pub exact: bool,
    /// Latest serial number received from it.
    pub seq: u32,
    /// The pooled model's record index of the descendant (`u32::MAX` until created).
    pub child: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Report {
    value: Score,
    valid_to: u32,
    exact: bool,
}

const NOTHING: Report = Report {
    value: Score(-Score::INF.0),
    valid_to: 0,
    exact: false,
};

/// What the handlers need to know about the run.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Rules {
    /// §5.1.
    pub suppress: bool,
    /// Track §5.3 validity (deepening, or the distributed form's finality test).
    pub track: bool,
    /// Rank descendants by static value at expansion.
    pub preorder: bool,
    /// Search depth of the whole search (a node at ply `depth` is a bottom position).
    pub depth: u32,
    /// Bottom positions valued by the quiescence search.
    pub quiescence: bool,
    /// Nodes with `1..=grain` plies left are answered by a serial search ([`super::grain`]).
    pub grain: u32,
}

/// A game-tree node record (Fig. 3-2). `A` is how the model names the parent.
#[derive(Clone, Debug)]
pub(crate) struct Node<G: Game, A> {
    /// The position.
    pub pos: G,
    /// The parent.
    pub parent: A,
    /// This node's slot in its parent's descendant list.
    pub slot: u32,
    /// Distance from the root.
    pub ply: u32,
    /// §5.3 "search to" (levels, this node included).
    pub search_to: u32,
    /// Currently key.
    pub amkey: bool,
    /// Currently its parent's rank-1 descendant.
    pub amfirst: bool,
    /// Answered as a terminal (static value sent).
    pub evaluated: bool,
    /// Descendants generated and told their status.
    pub expanded: bool,
    /// A grain node whose serial search was asked for ([`Out::Search`]); its value comes with
    /// [`Node::answer`].
    pub searched: bool,
    /// A true bottom position (no moves, game over, or the search's horizon).
    pub terminal: bool,
    looked: bool,
    /// Descendants in static order (generation order, or static-value order with `preorder`).
    pub desc: Vec<Desc<G::Move>>,
    /// Rank-1 descendant (index into `desc`).
    pub rank1: u32,
    /// Rank-2 descendant (`rank1` when there is only one).
    pub rank2: u32,
    stat: Score,
    sent: Report,
    seq_out: u32,
    parent_seq: u32,
}

impl<G: Game, A> Node<G, A> {
    /// A fresh record (Fig. 3-2's initial values: not key, not first, not visited).
    pub(crate) fn new(pos: G, parent: A, slot: u32, ply: u32) -> Self {
        Node {
            pos,
            parent,
            slot,
            ply,
            search_to: 0,
            amkey: false,
            amfirst: false,
            evaluated: false,
            expanded: false,
            searched: false,
            terminal: false,
            looked: false,
            desc: Vec::new(),
            rank1: 0,
            rank2: 0,
            stat: Score(0),
            sent: NOTHING,
            seq_out: 0,
            parent_seq: 0,
        }
    }

    /// The node's current provisional value (`None` before it has one).
    pub(crate) fn value(&self) -> Option<Score> {
        let v = if self.expanded {
            self.desc[self.rank1 as usize].value
        } else if self.evaluated {
            self.stat
        } else {
            return None;
        };
        (v != NOTHING.value).then_some(v)
    }

    /// §5.3 validity of the current value: (valid to, computed as exact).
    pub(crate) fn validity(&self) -> (u32, bool) {
        if !self.expanded {
            return if self.evaluated {
                // A grain node's serial search reached the bottom of its subtree: valid to its
                // levels (`search_to`, fixed without deepening); a horizon node to 1.
                let to = if self.terminal {
                    FULL
                } else if self.searched {
                    self.search_to
                } else {
                    1
                };
                (to, true)
            } else {
                (0, false)
            };
        }
        let first = self.amkey && self.amfirst;
        let d1 = &self.desc[self.rank1 as usize];
        if !d1.exact {
            return (0, first);
        }
        let m = if first {
            self.desc.iter().map(|d| d.valid_to).min().unwrap_or(0)
        } else {
            d1.valid_to
        };
        let v = match m {
            0 => 0,
            FULL => FULL,
            k => k + 1,
        };
        (v, first)
    }

    fn next_seq(&mut self) -> u32 {
        self.seq_out += 1;
        self.seq_out
    }

    fn is_bottom(&self) -> bool {
        self.terminal || self.search_to <= 1
    }

    /// Sends a down message to descendant `i` with the status Fig. 3-4's `notify descs` gives it.
    fn notify(&mut self, i: u32, out: &mut impl FnMut(Out)) {
        let first = i == self.rank1;
        let d = Down {
            search_to: self.search_to - 1,
            are_key: self.amkey && (self.amfirst || first),
            are_first: first,
            seq: self.next_seq(),
        };
        out(Out::Down(i, d));
    }

    /// Generates the descendants (on the node's first key down message that needs them).
    fn expand(&mut self, rules: &Rules, stats: &mut KnmStats, buf: &mut Vec<G::Move>) {
        self.pos.moves(buf);
        if rules.preorder && buf.len() > 1 {
            arachne_search::stepper::preorder_moves(&self.pos, buf);
        }
        self.desc.clear();
        self.desc.extend(buf.iter().map(|&mv| Desc {
            mv,
            value: NOTHING.value,
            valid_to: 0,
            exact: false,
            seq: 0,
            child: u32::MAX,
        }));
        self.rank1 = 0;
        self.rank2 = if self.desc.len() > 1 { 1 } else { 0 };
        self.expanded = true;
        stats.interior += 1;
        if !self.evaluated {
            stats.visited += 1;
        }
    }

    /// Sends an up message when the node's report changed (and, with §5.1, it is key).
    fn report(&mut self, rules: &Rules, stats: &mut KnmStats, out: &mut impl FnMut(Out)) {
        let Some(value) = self.value() else {
            return;
        };
        let (valid_to, exact) = if rules.track {
            self.validity()
        } else {
            (0, false)
        };
        let r = Report {
            value,
            valid_to,
            exact,
        };
        if r == self.sent {
            return;
        }
        if rules.suppress && !self.amkey {
            stats.suppressed += 1;
            return;
        }
        self.sent = r;
        let seq = self.next_seq();
        out(Out::Up(Up {
            value,
            valid_to,
            exact,
            seq,
        }));
    }

    /// Fig. 3-4: a down message. `buf` is scratch space for move generation.
    pub(crate) fn on_down(
        &mut self,
        d: Down,
        rules: &Rules,
        stats: &mut KnmStats,
        buf: &mut Vec<G::Move>,
        out: &mut impl FnMut(Out),
    ) {
        stats.messages += 1;
        stats.down += 1;
        if d.seq <= self.parent_seq {
            stats.stale += 1;
            return;
        }
        if self.parent_seq == 0 && !d.are_key {
            stats.first_nonkey += 1;
        }
        self.parent_seq = d.seq;
        // Install the update, saving the old status.
        let (mut key_cur, mut first_cur) = (self.amkey, self.amfirst);
        self.amkey = d.are_key;
        self.amfirst = d.are_first;
        let deeper = d.search_to > self.search_to;
        if deeper {
            self.search_to = d.search_to;
        }
        if !self.looked {
            // First look at the position: is it a bottom position of the game?
            self.looked = true;
            self.terminal = self.pos.is_terminal()
                || {
                    self.pos.moves(buf);
                    buf.is_empty()
                }
                || self.ply >= rules.depth;
        }
        if self.is_bottom() {
            // Terminal case: answer the first down message that makes us key.
            if self.amkey && !self.evaluated {
                self.evaluated = true;
                self.stat = if rules.quiescence {
                    let (v, q) =
                        crate::subsearch::quiescence_leaf::<G>().value(&self.pos, self.ply);
                    stats.qnodes += q;
                    v
                } else {
                    self.pos.evaluate().at_ply(self.ply)
                };
                stats.evaluations += 1;
                stats.visited += 1;
                if self.terminal {
                    stats.terminals += 1;
                }
            }
            self.report(rules, stats, out);
            return;
        }
        if self.search_to - 1 <= rules.grain {
            // A grain node: like a terminal one, but its "static value" is a serial search of
            // its `search_to - 1` plies (module docs of [`super::grain`]).
            if self.amkey && !self.searched {
                self.searched = true;
                out(Out::Search(self.search_to - 1));
            }
            self.report(rules, stats, out);
            return;
        }
        // Non-terminal case.
        let mut fresh = false;
        if !self.expanded {
            if !self.amkey {
                return;
            }
            self.expand(rules, stats, buf);
            // The descendants have been told nothing yet.
            key_cur = false;
            first_cur = false;
            fresh = true;
        }
        let n = self.desc.len() as u32;
        let r1 = self.rank1;
        let mut told1 = false;
        let mut told_rest = false;
        if key_cur != self.amkey {
            self.notify(r1, out);
            told1 = true;
        }
        if (key_cur && first_cur) != (self.amkey && self.amfirst) {
            for i in 0..n {
                if i != r1 {
                    self.notify(i, out);
                }
            }
            told_rest = true;
        }
        if deeper && !fresh && self.amkey {
            // §5.3: propagate the new depth to the key descendants that need it.
            let all = self.amfirst;
            for i in 0..n {
                let is1 = i == r1;
                if (is1 && told1) || (!is1 && (told_rest || !all)) {
                    continue;
                }
                let dd = &self.desc[i as usize];
                if dd.valid_to == FULL && (dd.exact || !is1) {
                    stats.redundant += 1;
                    continue;
                }
                self.notify(i, out);
            }
        }
        self.report(rules, stats, out);
    }

    /// The value of this grain node's serial search ([`Out::Search`]), from its own side to
    /// move; `nodes` are the search's (interior, bottom, quiescence) counts.
    pub(crate) fn answer(
        &mut self,
        value: Score,
        nodes: (u64, u64, u64),
        rules: &Rules,
        stats: &mut KnmStats,
        out: &mut impl FnMut(Out),
    ) {
        debug_assert!(self.searched && !self.evaluated && !self.expanded);
        self.evaluated = true;
        self.stat = value;
        stats.grain_searches += 1;
        stats.grain_interior += nodes.0;
        stats.grain_leaves += nodes.1;
        stats.qnodes += nodes.2;
        stats.visited += 1;
        self.report(rules, stats, out);
    }

    /// Fig. 3-5: an up message from the descendant in `slot`.
    pub(crate) fn on_up(
        &mut self,
        slot: u32,
        u: Up,
        rules: &Rules,
        stats: &mut KnmStats,
        out: &mut impl FnMut(Out),
    ) {
        stats.messages += 1;
        stats.up += 1;
        let e = &mut self.desc[slot as usize];
        if u.seq <= e.seq {
            stats.stale += 1;
            return;
        }
        e.seq = u.seq;
        e.value = -u.value;
        e.valid_to = u.valid_to;
        e.exact = u.exact;
        let old1 = self.rank1;
        self.rerank(slot);
        if self.rank1 != old1 && self.amkey {
            // Inform the two descendants involved of their new ranking.
            self.notify(self.rank1, out);
            self.notify(old1, out);
        }
        self.report(rules, stats, out);
    }

    /// Re-ranks after descendant `r` reported: ranks 1 and 2 in one linear sweep (§4.1 point 3),
    /// skipped when `r` is neither and stays below rank 2.
    fn rerank(&mut self, r: u32) {
        let n = self.desc.len() as u32;
        if n == 1 {
            return;
        }
        let v = |i: u32| self.desc[i as usize].value;
        let (r1, r2) = (self.rank1, self.rank2);
        if r != r1 && r != r2 && (v(r) < v(r2) || (v(r) == v(r2) && r > r2)) {
            return;
        }
        // Rank 1: the incumbent unless strictly beaten; else the best, earliest among equals.
        let mut best = r1;
        for i in 0..n {
            if i != r1 && v(i) > v(best) {
                best = i;
            }
        }
        let mut second = u32::MAX;
        for i in 0..n {
            if i != best && (second == u32::MAX || v(i) > v(second)) {
                second = i;
            }
        }
        self.rank1 = best;
        self.rank2 = second;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_core::rng::mix64;

    /// A game with `n` moves at the root and nothing below (enough to hold a descendant list).
    #[derive(Clone, Debug)]
    struct Fan(u32);
    impl Game for Fan {
        type Move = u32;
        fn moves(&self, out: &mut Vec<u32>) {
            out.clear();
            out.extend(0..self.0);
        }
        fn play(&self, _: u32) -> Self {
            Fan(0)
        }
        fn evaluate(&self) -> Score {
            Score(0)
        }
        fn move_name(&self, m: u32) -> String {
            m.to_string()
        }
    }

    /// The ranks found by the one-sweep re-ranking (with its skip) are those of the documented
    /// rule, after every report of long random report sequences with many ties.
    #[test]
    fn ranks_one_and_two_follow_the_rule() {
        let rules = Rules {
            suppress: false,
            track: false,
            preorder: false,
            depth: 5,
            quiescence: false,
            grain: 0,
        };
        let mut h = 7u64;
        for n in 1..=6u32 {
            for _trial in 0..200 {
                let mut node: Node<Fan, ()> = Node::new(Fan(n), (), 0, 0);
                let mut st = KnmStats::default();
                let mut buf = Vec::new();
                let down = Down {
                    search_to: 3,
                    are_key: true,
                    are_first: true,
                    seq: 1,
                };
                node.on_down(down, &rules, &mut st, &mut buf, &mut |_| {});
                let mut seqs = vec![0u32; n as usize];
                for _ in 0..30 {
                    h = mix64(h);
                    let r = (h % n as u64) as u32;
                    let val = Score(((h >> 20) % 4) as i32);
                    seqs[r as usize] += 1;
                    let old1 = node.rank1;
                    let mut told = Vec::new();
                    let u = Up {
                        value: val,
                        valid_to: 0,
                        exact: false,
                        seq: seqs[r as usize],
                    };
                    node.on_up(r, u, &rules, &mut st, &mut |o| told.push(o));
                    let v: Vec<Score> = node.desc.iter().map(|d| d.value).collect();
                    let max = *v.iter().max().unwrap();
                    let want1 = if v[old1 as usize] == max {
                        old1
                    } else {
                        v.iter().position(|&x| x == max).unwrap() as u32
                    };
                    assert_eq!(node.rank1, want1, "{v:?}");
                    if n > 1 {
                        let second = (0..n)
                            .filter(|&i| i != want1)
                            .max_by_key(|&i| (v[i as usize], std::cmp::Reverse(i)))
                            .unwrap();
                        assert_eq!(node.rank2, second, "{v:?}");
                    }
                    // A rank change tells exactly the two descendants involved.
                    let downs: Vec<u32> = told
                        .iter()
                        .filter_map(|o| match o {
                            Out::Down(i, _) => Some(*i),
                            _ => None,
                        })
                        .collect();
                    if want1 != old1 {
                        assert_eq!(downs, vec![want1, old1]);
                    } else {
                        assert!(downs.is_empty());
                    }
                }
            }
        }
    }
}
