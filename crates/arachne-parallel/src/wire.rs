//! The wire encodings of this crate's messages for the `mpi` backend (see
//! `arachne_runtime::wire`): tree-split's [`Msg`] (also used by baudet, palphabeta-par, pbound
//! and type-guided) and the distributed Key Node Method's [`knm::dist::Msg`]; and type-guided's
//! per-process records ([`Log`]), gathered to rank 0 after a run.
//!
//! One tag byte per variant, then the fields in order; positions and moves are encoded by the
//! game's own [`Wire`] implementation, which for `Pathed<G>` (every game, on `--backend mpi`)
//! is the path of move indices from the root. An EVALUATE of a position `k` plies below the root
//! with job number below 128 takes `1 + 1 + (2 + k) + 1 + 1 + w` bytes, `w` the window (zig-zag
//! varints: 10 bytes for the full window, 2–10 for a narrowed one); UPDATE `2 + w`, VALUE 5–8
//! without a line, and with one of `n` moves the job's position and `2n` bytes more.
//!
//! An algorithm with its own message type adds the same kind of `impl` beside its file and
//! registers it in [`crate::search_in`]'s MPI branch (`wire::register::<TheirMsg<Pathed<G>>>`).
use crate::knm;
use crate::slave::{Line, Msg};
use crate::type_guided::{FarmRec, JobRec, Link, Log, NodeRec};
use arachne_core::{Game, Score, Window};
use arachne_runtime::wire::{put_varint, Reader, Wire, WireError};

const EVALUATE: u8 = 0;
const UPDATE: u8 = 1;
const PROGRESS: u8 = 2;
const VALUE: u8 = 3;

impl<G: Game + Wire> Wire for Msg<G>
where
    G::Move: Wire,
{
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Msg::Evaluate(t) => {
                out.push(EVALUATE);
                t.job.encode(out);
                t.pos.encode(out);
                t.depth.encode(out);
                t.ply.encode(out);
                t.window.encode(out);
            }
            Msg::Update { job, window } => {
                out.push(UPDATE);
                job.encode(out);
                window.encode(out);
            }
            Msg::Progress { job, alpha } => {
                out.push(PROGRESS);
                job.encode(out);
                alpha.encode(out);
            }
            Msg::Value {
                job,
                value,
                line,
                lower,
            } => {
                out.push(VALUE);
                job.encode(out);
                value.encode(out);
                lower.encode(out);
                encode_line(line, out);
            }
        }
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            EVALUATE => Msg::evaluate(
                u32::decode(r)?,
                G::decode(r)?,
                u32::decode(r)?,
                u32::decode(r)?,
                Window::decode(r)?,
            ),
            UPDATE => Msg::Update {
                job: u32::decode(r)?,
                window: Window::decode(r)?,
            },
            PROGRESS => Msg::Progress {
                job: u32::decode(r)?,
                alpha: Score::decode(r)?,
            },
            VALUE => {
                let (job, value, lower) = (u32::decode(r)?, Score::decode(r)?, bool::decode(r)?);
                Msg::Value {
                    job,
                    value,
                    line: decode_line(r)?,
                    lower,
                }
            }
            t => return Err(WireError(format!("unknown message tag {t}"))),
        })
    }
}

/// A VALUE's line: `varint(n)`, then (for `n > 0`) the position it starts from and its `n`
/// moves, each resolved against the position it is played from ([`Reader::decode_at`]).
fn encode_line<G: Game + Wire>(line: &Option<Line<G>>, out: &mut Vec<u8>)
where
    G::Move: Wire,
{
    let Some(l) = line else {
        out.push(0);
        return;
    };
    put_varint(out, l.moves.len() as u64);
    l.from.encode(out);
    for m in &l.moves {
        m.encode(out);
    }
}

/// Reads what [`encode_line`] wrote.
fn decode_line<G: Game + Wire>(r: &mut Reader<'_>) -> Result<Option<Line<G>>, WireError>
where
    G::Move: Wire,
{
    let n = r.varint()?;
    if n == 0 {
        return Ok(None);
    }
    // Every move takes at least two bytes: a length beyond the bytes left is corrupt.
    if n > r.rest().len() as u64 {
        return Err(WireError(format!("a line of {n} moves in a short message")));
    }
    let from = G::decode(r)?;
    let mut moves = Vec::with_capacity(n as usize);
    let mut at = from.clone();
    for _ in 0..n {
        let m: G::Move = r.decode_at(&at)?;
        at = at.play(m);
        moves.push(m);
    }
    Ok(Some(Line { from, moves }))
}

/// The Key Node Method's down message: `varint(search_to)` (FULL is `u32::MAX`, 5 bytes), a
/// flags byte (bit 0 `are_key`, bit 1 `are_first`), `varint(seq)`.
impl Wire for knm::Down {
    fn encode(&self, out: &mut Vec<u8>) {
        self.search_to.encode(out);
        out.push(self.are_key as u8 | (self.are_first as u8) << 1);
        self.seq.encode(out);
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let search_to = u32::decode(r)?;
        let flags = r.byte()?;
        if flags > 3 {
            return Err(WireError(format!("bad knm down flags {flags}")));
        }
        Ok(knm::Down {
            search_to,
            are_key: flags & 1 != 0,
            are_first: flags & 2 != 0,
            seq: u32::decode(r)?,
        })
    }
}

arachne_runtime::wire_fields!(
    /// The Key Node Method's up message: `zigzag(value) varint(valid_to) exact varint(seq)`.
    knm::Up { value, valid_to, exact, seq }
);

const KNM_DOWN: u8 = 0;
const KNM_UP: u8 = 1;
const KNM_FINAL: u8 = 2;
const KNM_FULL: u8 = 3;

/// The distributed Key Node Method's messages ([`knm::dist::Msg`]): a tag byte, then the
/// fields. A node address (owner in the high 32 bits) is a varint, up to 8 bytes for a record
/// index below 2^24 on processor ≥ 1 (the super-root's address, only on the root's first down
/// message, 10). A DOWN to a node `k` plies below the root takes about `1 + 8 + 1 + (2 + k) + 1
/// + 3` bytes, an UP about `1 + 8 + 1 + 6`.
impl<G: Game + Wire> Wire for knm::dist::Msg<G>
where
    G::Move: Wire,
{
    fn encode(&self, out: &mut Vec<u8>) {
        use knm::dist::Msg as K;
        match self {
            K::Down {
                parent,
                slot,
                pos,
                ply,
                d,
            } => {
                out.push(KNM_DOWN);
                parent.encode(out);
                slot.encode(out);
                pos.encode(out);
                ply.encode(out);
                d.encode(out);
            }
            K::Up { to, slot, u } => {
                out.push(KNM_UP);
                to.encode(out);
                slot.encode(out);
                u.encode(out);
            }
            K::Final {
                value,
                best,
                iterations,
            } => {
                out.push(KNM_FINAL);
                value.encode(out);
                best.encode(out);
                iterations.encode(out);
            }
            K::Full { records } => {
                out.push(KNM_FULL);
                records.encode(out);
            }
        }
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        use knm::dist::Msg as K;
        Ok(match r.byte()? {
            KNM_DOWN => K::Down {
                parent: u64::decode(r)?,
                slot: u32::decode(r)?,
                pos: G::decode(r)?,
                ply: u32::decode(r)?,
                d: knm::Down::decode(r)?,
            },
            KNM_UP => K::Up {
                to: u64::decode(r)?,
                slot: u32::decode(r)?,
                u: knm::Up::decode(r)?,
            },
            KNM_FINAL => K::Final {
                value: Score::decode(r)?,
                best: Option::<G::Move>::decode(r)?,
                iterations: u32::decode(r)?,
            },
            KNM_FULL => K::Full {
                records: u64::decode(r)?,
            },
            t => return Err(WireError(format!("unknown knm message tag {t}"))),
        })
    }
}

/// How a type-guided master reached a node: tag 0 root, 1 sequential (record), 2 job.
impl Wire for Link {
    fn encode(&self, out: &mut Vec<u8>) {
        match *self {
            Link::Root => out.push(0),
            Link::Seq(rec) => {
                out.push(1);
                rec.encode(out);
            }
            Link::Job { from, job } => {
                out.push(2);
                from.encode(out);
                job.encode(out);
            }
        }
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            0 => Link::Root,
            1 => Link::Seq(usize::decode(r)?),
            2 => Link::Job {
                from: u32::decode(r)?,
                job: u32::decode(r)?,
            },
            t => return Err(WireError(format!("bad link tag {t}"))),
        })
    }
}

arachne_runtime::wire_fields!(NodeRec {
    iter,
    ply,
    depth,
    predicted,
    found,
    from_table,
    link,
    moves,
    farmed
});

arachne_runtime::wire_fields!(FarmRec {
    iter,
    node,
    child,
    to,
    job,
    in_job,
    found,
    wasted
});

arachne_runtime::wire_fields!(JobRec {
    from,
    job,
    iter,
    own,
    root_rec
});

arachne_runtime::wire_fields!(
    /// A type-guided process's records, gathered to rank 0 after an MPI run.
    Log { nodes, farms, jobs }
);

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_games::Checkers;
    use arachne_runtime::wire::{from_bytes, to_bytes};
    use arachne_runtime::Pathed;

    fn same<G: Game>(a: &Msg<Pathed<G>>, b: &Msg<Pathed<G>>) -> bool {
        match (a, b) {
            (Msg::Evaluate(t), Msg::Evaluate(t2)) => {
                t.job == t2.job
                    && t.pos.path() == t2.pos.path()
                    && t.pos.inner().hash() == t2.pos.inner().hash()
                    && (t.depth, t.ply, t.window) == (t2.depth, t2.ply, t2.window)
            }
            (Msg::Update { job, window }, Msg::Update { job: j, window: w }) => {
                (job, window) == (j, w)
            }
            (Msg::Progress { job, alpha }, Msg::Progress { job: j, alpha: a }) => {
                (job, alpha) == (j, a)
            }
            (
                Msg::Value {
                    job,
                    value,
                    line,
                    lower,
                },
                Msg::Value {
                    job: j,
                    value: v,
                    line: b,
                    lower: l,
                },
            ) => {
                let same_line = match (line, b) {
                    (None, None) => true,
                    (Some(x), Some(y)) => x.from.path() == y.from.path() && x.moves == y.moves,
                    _ => false,
                };
                (job, value, lower) == (j, v, l) && same_line
            }
            _ => false,
        }
    }

    #[test]
    fn every_message_round_trips_and_an_evaluate_is_small() {
        let root = Pathed::root(Checkers::default());
        let mut ms = Vec::new();
        root.moves(&mut ms);
        let child = root.play(ms[2]);
        child.moves(&mut ms);
        let grandchild = child.play(ms[1]);
        let msgs = vec![
            Msg::evaluate(7, grandchild.clone(), 6, 2, Window::FULL),
            Msg::Update {
                job: 7,
                window: Window::new(Score(-12), Score(40)),
            },
            Msg::Progress {
                job: 300,
                alpha: Score(-5),
            },
            Msg::Value {
                job: 1,
                value: Score(17),
                line: None,
                lower: true,
            },
        ];
        for m in &msgs {
            let back: Msg<Pathed<Checkers>> = from_bytes(&to_bytes(m), Some(&root)).unwrap();
            assert!(same(m, &back), "{m:?} came back as {back:?}");
        }
        // tag, job, plies, path length, 2 path bytes, depth, ply, full window (2 × 5 bytes).
        assert_eq!(to_bytes(&msgs[0]).len(), 1 + 1 + 1 + 1 + 2 + 1 + 1 + 10);
        // A line below the root travels with its position, each move resolved from its own.
        let mut line = Vec::new();
        let mut at = grandchild.clone();
        for _ in 0..4 {
            at.moves(&mut ms);
            let m = ms[ms.len() / 2];
            line.push(m);
            at = at.play(m);
        }
        let v = Msg::Value {
            job: 1,
            value: Score(3),
            line: crate::slave::Line::of(Some(&grandchild), &line),
            lower: false,
        };
        // tag, job, value, lower, n, the position (plies, path length, 2 path bytes), 4 moves
        // of 2 bytes (ply, index).
        assert_eq!(to_bytes(&v).len(), 1 + 1 + 1 + 1 + 1 + 4 + 4 * 2);
        let back: Msg<Pathed<Checkers>> = from_bytes(&to_bytes(&v), Some(&root)).unwrap();
        assert!(same(&v, &back));
        assert!(from_bytes::<Msg<Pathed<Checkers>>>(&[9], Some(&root)).is_err());
        assert!(
            from_bytes::<Msg<Pathed<Checkers>>>(&to_bytes(&msgs[0])[..5], Some(&root)).is_err()
        );
    }

    /// Encodes, decodes and encodes again: the same bytes (a decoded position has the same path).
    fn round_trip<M: Wire>(m: &M, root: &dyn std::any::Any) -> Vec<u8> {
        let b = to_bytes(m);
        let back: M = from_bytes(&b, Some(root)).unwrap();
        assert_eq!(to_bytes(&back), b);
        b
    }

    #[test]
    fn knm_messages_round_trip() {
        use crate::knm::dist::{Msg as K, SUPER};
        use crate::knm::{Down, Up, FULL};
        let root = Pathed::root(Checkers::default());
        let mut ms = Vec::new();
        root.moves(&mut ms);
        let child = root.play(ms[1]);
        let msgs: Vec<K<Pathed<Checkers>>> = vec![
            K::Down {
                parent: SUPER,
                slot: 0,
                pos: root.clone(),
                ply: 0,
                d: Down {
                    search_to: FULL,
                    are_key: true,
                    are_first: false,
                    seq: 3,
                },
            },
            K::Down {
                parent: (3 << 32) | 77,
                slot: 1,
                pos: child,
                ply: 1,
                d: Down {
                    search_to: 4,
                    are_key: false,
                    are_first: true,
                    seq: 1 << 20,
                },
            },
            K::Up {
                to: (1 << 32) | 5,
                slot: 9,
                u: Up {
                    value: Score(-Score::INF.0),
                    valid_to: FULL,
                    exact: true,
                    seq: 2,
                },
            },
            K::Final {
                value: Score(-12),
                best: Some(ms[3]),
                iterations: 5,
            },
            K::Full { records: 1 << 40 },
        ];
        for m in &msgs {
            round_trip(m, &root);
        }
        assert!(from_bytes::<K<Pathed<Checkers>>>(&[7], Some(&root)).is_err());
        // Flags other than are_key / are_first are corrupt.
        let mut b = to_bytes(&msgs[1]);
        let flags_at = b.len() - 4;
        b[flags_at] = 9;
        assert!(from_bytes::<K<Pathed<Checkers>>>(&b, Some(&root)).is_err());
    }
}
