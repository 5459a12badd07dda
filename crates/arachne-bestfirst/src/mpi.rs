//! Master–slave RBFM ([`crate::master`]) on `--backend mpi` (the MPI transport the binary
//! installed; the encoding is always built, so it is tested without MPI).
//!
//! ## Why the registration lives here
//! The MPI runtime is `arachne-runtime`'s; the message-passing alpha-beta algorithms register
//! their encodings in `arachne-parallel`'s MPI dispatch. This crate does not depend on
//! `arachne-parallel` (both sit on `arachne-runtime`, and the CLI dispatches to each), so
//! master–slave RBFM registers its own message type here ([`register`]), with the same
//! `arachne_runtime::wire::register`, before [`crate::master::search_with`] starts the run on
//! `Backend::Mpi`; the runtime refuses a run whose messages are not registered before
//! anything is sent (`arachne_runtime::mpi::MpiError::NoCodec`), on every rank alike.
//!
//! ## The messages on the wire
//! The messages are written in the runtime's one style: [`arachne_runtime::wire_enum!`] (a tag
//! byte per variant, then the fields, each by its own `Wire`). They carry no game type: a
//! position is its [`Path`](arachne_runtime::Path) of generation indices from the root (the
//! runtime's one path type), a child its generation index, so the master holds indices and
//! the slaves replay a job's path once on their own copy of the game ([`crate::master`],
//! "Indices in the master, the game in the slaves"). Decoding checks the bytes; whether an
//! index exists is checked where the path is replayed, by the slave (a bad one is answered
//! with `Msg::Fault`, never a panic).
//! * `Expand { leaf, path }`: `tag varint(leaf) varint(plies) varint(bytes) index…` — a byte
//!   per ply below 128 moves;
//! * `Children { leaf, kids, hints }`: `tag varint(leaf) varint(d)`, per child
//!   `varint(index) zigzag(value) terminal` (3–6 bytes), then `varint(h)` and the `h` move
//!   counts (`h` is 0, or `d` when the table has `s = 0` cells by `d`);
//! * `Search`, `Searched`, `Resolve`, `Resolved`, `Fault`, `Done`, `Grow` and `Grown` (a
//!   subtree's expansions: their parents, then each one's children and move counts) likewise.
//!
//! Every rank runs the same command; process 0 (the master, on rank 0) holds the tree, so rank
//! 0 builds the outcome; worker ranks get [`WORKER`]. The statistics of every process are
//! gathered to rank 0 by the runtime.
use crate::engine::BfStop;
use crate::heuristics::{Job, LeafWork};
use crate::master::Msg;
use arachne_runtime::wire::{Reader, Wire, WireError};

pub use arachne_runtime::exec::{NO_MPI, WORKER};

arachne_runtime::wire_enum!(Msg {
    0 => Start,
    1 => Expand { leaf, path },
    2 => Children { leaf, kids, hints },
    3 => Search { leaf, path, job },
    4 => Searched { leaf, work },
    5 => Resolve { node, path, kids },
    6 => Resolved { node, values },
    7 => Fault { error },
    8 => Done { why },
    9 => Grow { leaf, path, mode, seed, steps },
    10 => Grown { leaf, parents, kids, hints },
});

arachne_runtime::wire_enum!(Job {
    0 => Full,
    1 => Partial,
    2 => Down { partial_child },
});

arachne_runtime::wire_enum!(BfStop {
    0 => Solved,
    1 => PvDepth,
    2 => TerminalPv,
    3 => Nodes,
    4 => Memory,
    5 => Abort,
    6 => Time,
    7 => Stopped,
    8 => Blocked,
});

/// A slave's work: `kids partial` and then (heuristic 2) the best child's work as an option.
/// Written out rather than by [`arachne_runtime::wire_fields!`] for one check: the nesting is
/// one level deep at most, so a corrupt message cannot recurse.
impl Wire for LeafWork<u32> {
    fn encode(&self, out: &mut Vec<u8>) {
        self.kids.encode(out);
        self.partial.encode(out);
        match &self.child {
            Some(c) => {
                true.encode(out);
                c.encode(out);
            }
            None => false.encode(out),
        }
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let kids = Vec::decode(r)?;
        let partial = bool::decode(r)?;
        let child = if bool::decode(r)? {
            let c = Self {
                kids: Vec::decode(r)?,
                partial: bool::decode(r)?,
                child: None,
            };
            if bool::decode(r)? {
                return Err(WireError("nested rbfm work deeper than one ply".into()));
            }
            Some(Box::new(c))
        } else {
            None
        };
        Ok(LeafWork {
            kids,
            partial,
            child,
        })
    }
}

/// Starts MPI (once) and registers the messages of master–slave RBFM on this thread; every
/// rank calls it before the run (the runtime refuses a run of unregistered messages).
/// [`NO_MPI`] in a build without MPI.
pub fn register() -> Result<(), String> {
    if !arachne_runtime::mpi::available() {
        return Err(NO_MPI.into());
    }
    arachne_runtime::mpi::init().map_err(|e| format!("MPI: {e}"))?;
    arachne_runtime::wire::register::<Msg>(None);
    Ok(())
}

/// Master–slave RBFM on the MPI ranks: every rank calls this with the same arguments; rank 0
/// gets the outcome, a worker rank [`WORKER`].
pub fn search<G: arachne_core::Game>(
    root: &G,
    cfg: &crate::master::MasterConfig,
) -> Result<crate::master::ParOutcome<G::Move>, String> {
    crate::master::search(root, cfg, &crate::master::Backend::mpi(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::master::Kid;
    use arachne_core::Score;
    use arachne_runtime::wire::{from_bytes, to_bytes};
    use arachne_runtime::Path;

    fn round_trip(msgs: &[Msg]) {
        for m in msgs {
            let b = to_bytes(m);
            let back: Msg = from_bytes(&b, None).unwrap();
            assert_eq!(&back, m);
            assert_eq!(to_bytes(&back), b);
        }
    }

    #[test]
    fn messages_round_trip_and_corrupt_bytes_are_errors() {
        let path = Path::ROOT.with(2).with(1).with(0);
        let kids: Vec<Kid> = (0..7).map(|i| (i, Score(i as i32 - 3), i == 4)).collect();
        let msgs = vec![
            Msg::Start,
            Msg::Expand {
                leaf: 300,
                path: path.clone(),
            },
            Msg::Children {
                leaf: 300,
                kids: kids.clone(),
                hints: vec![],
            },
            Msg::Children {
                leaf: 300,
                hints: vec![7; kids.len()],
                kids,
            },
            Msg::Fault {
                error: "path index 40 at ply 1".into(),
            },
            Msg::Done {
                why: BfStop::PvDepth,
            },
        ];
        round_trip(&msgs);
        // tag, leaf (2 bytes), plies, bytes, 3 indices.
        assert_eq!(to_bytes(&msgs[1]).len(), 1 + 2 + 1 + 1 + 3);
        assert!(from_bytes::<Msg>(&[9], None).is_err());
        let b = to_bytes(&msgs[2]);
        assert!(from_bytes::<Msg>(&b[..b.len() - 1], None).is_err());
        // A path whose plies do not match its bytes.
        assert!(from_bytes::<Msg>(&[1, 5, 2, 1, 0], None).is_err());
    }

    #[test]
    fn grain_messages_round_trip() {
        round_trip(&[
            Msg::Grow {
                leaf: 77,
                path: Path::ROOT.with(3).with(0).with(200),
                mode: 2,
                seed: u64::MAX - 5,
                steps: 8,
            },
            Msg::Grown {
                leaf: 77,
                parents: vec![0, 1, 4],
                kids: vec![
                    vec![(0, Score(5), false), (1, Score(-9), true)],
                    vec![],
                    vec![(2, Score(1_000_000), false)],
                ],
                hints: vec![vec![3, 0], vec![], vec![]],
            },
        ]);
    }

    #[test]
    fn heuristic_messages_round_trip() {
        let path = Path::ROOT.with(2).with(1);
        let kids = vec![
            (1, Score(7), false),
            (0, Score(7), false),
            (2, Score(-3), true),
        ];
        let work = LeafWork {
            kids: kids.clone(),
            partial: true,
            child: Some(Box::new(LeafWork {
                kids,
                partial: false,
                child: None,
            })),
        };
        let msgs = vec![
            Msg::Search {
                leaf: 9,
                path: path.clone(),
                job: Job::Down {
                    partial_child: true,
                },
            },
            Msg::Search {
                leaf: 9,
                path: path.clone(),
                job: Job::Partial,
            },
            Msg::Searched {
                leaf: 9,
                work: work.clone(),
            },
            Msg::Resolve {
                node: 4,
                path,
                kids: vec![0, 3],
            },
            Msg::Resolved {
                node: 4,
                values: vec![Score(1), Score::win_in(3)],
            },
        ];
        round_trip(&msgs);
        // Work nested two levels deep is corrupt.
        let mut deep = work.clone();
        deep.child.as_mut().unwrap().child = Some(Box::new(work));
        let b = to_bytes(&Msg::Searched {
            leaf: 1,
            work: deep,
        });
        let e = from_bytes::<Msg>(&b, None).unwrap_err();
        assert!(e.0.contains("deeper than one ply"), "{e}");
    }
}
