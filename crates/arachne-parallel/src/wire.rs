//! The wire encoding of [`Msg`] for the `mpi` backend (see `arachne_runtime::wire`).
//!
//! One tag byte per variant, then the fields in order; positions and moves are encoded by the
//! game's own [`Wire`] implementation, which for `Pathed<G>` (every game, on `--backend mpi`)
//! is the path of move indices from the root. An EVALUATE of a position `k` plies below the root
//! with job number below 128 takes `1 + 1 + (2 + k) + 1 + 1 + w` bytes, `w` the window (zig-zag
//! varints: 10 bytes for the full window, 2–10 for a narrowed one); UPDATE `2 + w`, VALUE 5–8.
//!
//! An algorithm with its own message type adds the same kind of `impl` beside its file and
//! registers it in [`crate::search_in`]'s MPI branch (`wire::register::<TheirMsg<Pathed<G>>>`).
use crate::slave::Msg;
use arachne_core::{Game, Score, Window};
use arachne_runtime::wire::{Reader, Wire, WireError};

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
            Msg::Evaluate {
                job,
                pos,
                depth,
                ply,
                window,
            } => {
                out.push(EVALUATE);
                job.encode(out);
                pos.encode(out);
                depth.encode(out);
                ply.encode(out);
                window.encode(out);
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
                best,
                lower,
            } => {
                out.push(VALUE);
                job.encode(out);
                value.encode(out);
                best.encode(out);
                lower.encode(out);
            }
        }
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            EVALUATE => Msg::Evaluate {
                job: u32::decode(r)?,
                pos: G::decode(r)?,
                depth: u32::decode(r)?,
                ply: u32::decode(r)?,
                window: Window::decode(r)?,
            },
            UPDATE => Msg::Update {
                job: u32::decode(r)?,
                window: Window::decode(r)?,
            },
            PROGRESS => Msg::Progress {
                job: u32::decode(r)?,
                alpha: Score::decode(r)?,
            },
            VALUE => Msg::Value {
                job: u32::decode(r)?,
                value: Score::decode(r)?,
                best: Option::<G::Move>::decode(r)?,
                lower: bool::decode(r)?,
            },
            t => return Err(WireError(format!("unknown message tag {t}"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_games::Checkers;
    use arachne_runtime::wire::{from_bytes, to_bytes};
    use arachne_runtime::Pathed;

    fn same<G: Game>(a: &Msg<Pathed<G>>, b: &Msg<Pathed<G>>) -> bool {
        match (a, b) {
            (
                Msg::Evaluate {
                    job,
                    pos,
                    depth,
                    ply,
                    window,
                },
                Msg::Evaluate {
                    job: j2,
                    pos: p2,
                    depth: d2,
                    ply: y2,
                    window: w2,
                },
            ) => {
                job == j2
                    && pos.path() == p2.path()
                    && pos.inner().hash() == p2.inner().hash()
                    && (depth, ply, window) == (d2, y2, w2)
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
                    best,
                    lower,
                },
                Msg::Value {
                    job: j,
                    value: v,
                    best: b,
                    lower: l,
                },
            ) => (job, value, best, lower) == (j, v, b, l),
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
            Msg::Evaluate {
                job: 7,
                pos: grandchild.clone(),
                depth: 6,
                ply: 2,
                window: Window::FULL,
            },
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
                best: None,
                lower: true,
            },
        ];
        for m in &msgs {
            let back: Msg<Pathed<Checkers>> = from_bytes(&to_bytes(m), Some(&root)).unwrap();
            assert!(same(m, &back), "{m:?} came back as {back:?}");
        }
        // tag, job, plies, path length, 2 path bytes, depth, ply, full window (2 × 5 bytes).
        assert_eq!(to_bytes(&msgs[0]).len(), 1 + 1 + 1 + 1 + 2 + 1 + 1 + 10);
        // A root move travels; a move below the root is left out of a VALUE.
        root.moves(&mut ms);
        let v = Msg::Value {
            job: 1,
            value: Score(3),
            best: Some(ms[4]),
            lower: false,
        };
        let back: Msg<Pathed<Checkers>> = from_bytes(&to_bytes(&v), Some(&root)).unwrap();
        assert!(same(&v, &back));
        assert!(from_bytes::<Msg<Pathed<Checkers>>>(&[9], Some(&root)).is_err());
        assert!(
            from_bytes::<Msg<Pathed<Checkers>>>(&to_bytes(&msgs[0])[..5], Some(&root)).is_err()
        );
    }
}
