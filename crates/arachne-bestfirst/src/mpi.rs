//! Master–slave RBFM ([`crate::master`]) on `--backend mpi` (cargo feature `mpi`; the rest of
//! this module is always built, so its encoding is tested without MPI).
//!
//! ## Why the registration lives here
//! The MPI runtime is `arachne-runtime`'s; the message-passing alpha-beta algorithms register
//! their encodings in `arachne_parallel::mpi_backend`. This crate does not depend on
//! `arachne-parallel` (both sit on `arachne-runtime`, and the CLI dispatches to each), so
//! master–slave RBFM registers its own message type here, with the same
//! `arachne_runtime::wire::register`, and [`crate::master::search`] sends
//! `crate::master::Backend::Mpi` here.
//!
//! ## Moves on the wire: [`Indexed<G>`]
//! The master sends a slave the **path of moves** to a leaf and the slave answers with the
//! leaf's **moves** and their static values; the master stores those moves in its tree. A move
//! below the root cannot be rebuilt from `arachne_runtime::Pathed`'s encoding by a receiver that
//! does not hold its position (the master holds moves, not positions), so this algorithm runs
//! on another wrapper: [`Indexed<G>`], whose move is its **generation index** ([`IMove`]). An
//! index means the same move on every rank, so:
//! * `Expand { leaf, path }` is `tag varint(leaf) varint(plies) varint(index)…` — a byte per
//!   ply below 128 moves;
//! * `Children { leaf, kids, hints }` is `tag varint(leaf) varint(d)` then per child
//!   `varint(index) zigzag(value) terminal` — 3–6 bytes per child — then `varint(h)` and `h`
//!   bytes, the children's move counts (`h` is 0, or `d` when the table has `s = 0` cells by
//!   `d`);
//! * the master's tree stores 4-byte moves, and the root's best move and principal line are
//!   turned back into the game's moves at the end.
//!
//! An [`Indexed<G>`] position generates its moves once (cached, shared by its clones), so a
//! slave's expansion costs what it costs on `G`: one move generation and one `play` per child.
//! A slave **decodes** a path by replaying it from the root every rank holds (one move
//! generation and one `play` per ply; an index beyond a position's moves is an error, never a
//! panic), then replays it again in its handler — twice the path's cost per job, a small part
//! of an expansion in chess (35 children played and evaluated) at the depths RBFM reaches.
//! The master decodes a child's index without its position: a corrupt index is caught when
//! that child is sent out as part of a path.
//!
//! Every hook of [`Game`] is forwarded to the wrapped game (tested with
//! [`arachne_core::probe`]); a null move gives an `Indexed` null position with its own move
//! indices.
//!
//! Every rank runs the same command; process 0 (the master, on rank 0) holds the tree, so rank
//! 0 builds the outcome; worker ranks return [`WORKER`]. The statistics of every process are
//! gathered to rank 0 by the runtime.
use crate::heuristics::{Job, LeafWork};
use crate::master::{Evaluator, Msg};
use arachne_core::{Game, Score};
use arachne_runtime::wire::{put_varint, Reader, Wire, WireError};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

/// A move of [`Indexed<G>`]: its index in the generation order of [`Game::moves`] (typed by
/// the game, so that each game's messages have their own wire encoding).
pub struct IMove<G>(pub u32, PhantomData<fn() -> G>);

impl<G> IMove<G> {
    /// Index `i`.
    pub fn new(i: u32) -> Self {
        IMove(i, PhantomData)
    }
}
impl<G> Clone for IMove<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G> Copy for IMove<G> {}
impl<G> PartialEq for IMove<G> {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<G> Eq for IMove<G> {}
impl<G> Hash for IMove<G> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h)
    }
}
impl<G> fmt::Debug for IMove<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A position of `G` whose moves are their generation indices (see the module docs).
#[derive(Clone)]
pub struct Indexed<G: Game> {
    pos: G,
    moves: Arc<OnceLock<Vec<G::Move>>>,
}

impl<G: Game> Indexed<G> {
    /// Wraps `pos`.
    pub fn new(pos: G) -> Self {
        Indexed {
            pos,
            moves: Arc::new(OnceLock::new()),
        }
    }

    /// The wrapped position.
    pub fn inner(&self) -> &G {
        &self.pos
    }

    fn generated(&self) -> &[G::Move] {
        self.moves.get_or_init(|| {
            let mut v = Vec::new();
            self.pos.moves(&mut v);
            v
        })
    }

    /// The game's move for index `m`, if the position has that many moves.
    pub fn real(&self, m: IMove<G>) -> Option<G::Move> {
        self.generated().get(m.0 as usize).copied()
    }

    /// The index of the game's move `mv`.
    fn index_of(&self, mv: G::Move) -> Option<IMove<G>> {
        self.generated()
            .iter()
            .position(|&m| m == mv)
            .map(|i| IMove::new(i as u32))
    }

    /// Plays index `m`, or `None` when the position has no such move.
    pub fn try_play(&self, m: IMove<G>) -> Option<Self> {
        self.real(m).map(|mv| Indexed::new(self.pos.play(mv)))
    }

    /// The game's moves along a line of indices from this position (stops at a bad index).
    pub fn real_line(&self, line: &[IMove<G>]) -> Vec<G::Move> {
        let mut pos = self.clone();
        let mut out = Vec::with_capacity(line.len());
        for &m in line {
            let (Some(mv), Some(next)) = (pos.real(m), pos.try_play(m)) else {
                break;
            };
            out.push(mv);
            pos = next;
        }
        out
    }
}

impl<G: Game> Game for Indexed<G> {
    type Move = IMove<G>;

    fn moves(&self, out: &mut Vec<IMove<G>>) {
        out.clear();
        out.extend((0..self.generated().len() as u32).map(IMove::new));
    }

    fn play(&self, m: IMove<G>) -> Self {
        self.try_play(m)
            .expect("a move index generated by this position")
    }

    fn evaluate(&self) -> Score {
        self.pos.evaluate()
    }

    fn successor_values(&self) -> impl Fn(IMove<G>) -> Score + '_ {
        let f = self.pos.successor_values();
        move |m: IMove<G>| {
            f(self
                .real(m)
                .expect("a move index generated by this position"))
        }
    }

    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }

    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// The wrapped game's null move, indexed afresh (a null-move position is searched, never
    /// sent: jobs are paths of real moves from the root).
    fn null_move(&self) -> Option<Self> {
        self.pos.null_move().map(Indexed::new)
    }

    fn hash(&self) -> Option<u64> {
        self.pos.hash()
    }

    fn noisy_moves(&self, out: &mut Vec<IMove<G>>) {
        let mut noisy = Vec::new();
        self.pos.noisy_moves(&mut noisy);
        out.clear();
        out.extend(noisy.into_iter().filter_map(|mv| self.index_of(mv)));
    }

    fn order_hint(&self, m: IMove<G>) -> i32 {
        self.real(m).map_or(0, |mv| self.pos.order_hint(mv))
    }

    fn history_index(&self, m: IMove<G>) -> Option<usize> {
        self.pos.history_index(self.real(m)?)
    }

    const HISTORY_SIZE: usize = G::HISTORY_SIZE;

    fn move_name(&self, m: IMove<G>) -> String {
        self.real(m)
            .map_or_else(|| format!("#{}", m.0), |mv| self.pos.move_name(mv))
    }

    fn parse_move(&self, name: &str) -> Option<IMove<G>> {
        self.index_of(self.pos.parse_move(name)?)
    }
}

const START: u8 = 0;
const EXPAND: u8 = 1;
const CHILDREN: u8 = 2;
const SEARCH: u8 = 3;
const SEARCHED: u8 = 4;
const RESOLVE: u8 = 5;
const RESOLVED: u8 = 6;

fn put_path<G: Game>(out: &mut Vec<u8>, path: &[IMove<G>]) {
    put_varint(out, path.len() as u64);
    for m in path {
        put_varint(out, m.0 as u64);
    }
}

/// A path replayed from the root every rank holds (every index must name a move): the path
/// and the position at its end.
fn get_path<G: Game>(r: &mut Reader<'_>) -> Result<(Vec<IMove<G>>, Indexed<G>), WireError> {
    let n = r.varint()?;
    if n > r.rest().len() as u64 {
        return Err(WireError(format!("a path of {n} plies in a short message")));
    }
    let mut pos = r.root::<Indexed<G>>()?.clone();
    let mut path = Vec::with_capacity(n as usize);
    for ply in 0..n {
        let m = IMove::new(u32::decode(r)?);
        pos = pos.try_play(m).ok_or_else(|| {
            WireError(format!(
                "path index {} at ply {ply} but the position has {} moves",
                m.0,
                pos.generated().len()
            ))
        })?;
        path.push(m);
    }
    Ok((path, pos))
}

fn put_kids<G: Game>(out: &mut Vec<u8>, kids: &[(IMove<G>, Score, bool)]) {
    put_varint(out, kids.len() as u64);
    for (m, v, terminal) in kids {
        put_varint(out, m.0 as u64);
        v.encode(out);
        terminal.encode(out);
    }
}

type Kids<G> = Vec<(IMove<G>, Score, bool)>;

fn get_kids<G: Game>(r: &mut Reader<'_>) -> Result<Kids<G>, WireError> {
    let d = r.varint()?;
    if d > r.rest().len() as u64 {
        return Err(WireError(format!("{d} children in a short message")));
    }
    (0..d)
        .map(|_| {
            Ok((
                IMove::new(u32::decode(r)?),
                Score::decode(r)?,
                bool::decode(r)?,
            ))
        })
        .collect()
}

/// A child's move counts: none, or one byte per child.
fn get_hints(r: &mut Reader<'_>, d: usize) -> Result<Vec<u8>, WireError> {
    let n = r.varint()?;
    if n != 0 && n != d as u64 {
        return Err(WireError(format!("{n} move counts for {d} children")));
    }
    (0..n).map(|_| r.byte()).collect()
}

fn put_job(out: &mut Vec<u8>, job: Job) {
    out.push(match job {
        Job::Full => 0,
        Job::Partial => 1,
        Job::Down {
            partial_child: false,
        } => 2,
        Job::Down {
            partial_child: true,
        } => 3,
    });
}

fn get_job(r: &mut Reader<'_>) -> Result<Job, WireError> {
    Ok(match r.byte()? {
        0 => Job::Full,
        1 => Job::Partial,
        2 => Job::Down {
            partial_child: false,
        },
        3 => Job::Down {
            partial_child: true,
        },
        t => return Err(WireError(format!("unknown rbfm job {t}"))),
    })
}

/// `kids`, partial, then (heuristic 2) a flag and the best child's work (one level deep).
fn put_work<G: Game>(out: &mut Vec<u8>, w: &LeafWork<IMove<G>>) {
    put_kids(out, &w.kids);
    w.partial.encode(out);
    match &w.child {
        Some(c) => {
            true.encode(out);
            put_work(out, c);
        }
        None => false.encode(out),
    }
}

fn get_work<G: Game>(r: &mut Reader<'_>, depth: u32) -> Result<LeafWork<IMove<G>>, WireError> {
    let kids = get_kids(r)?;
    let partial = bool::decode(r)?;
    let child = if bool::decode(r)? {
        if depth > 0 {
            return Err(WireError("nested rbfm work deeper than one ply".into()));
        }
        Some(Box::new(get_work(r, depth + 1)?))
    } else {
        None
    };
    Ok(LeafWork {
        kids,
        partial,
        child,
    })
}

/// The master–slave messages of a search on [`Indexed<G>`] (see the module docs). `Done` goes
/// to the host on rank 0 and never travels (it encodes as a tag that does not decode).
impl<G: Game> Wire for Msg<IMove<G>> {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Msg::Start => out.push(START),
            Msg::Expand { leaf, path } => {
                out.push(EXPAND);
                put_varint(out, *leaf as u64);
                put_path(out, path);
            }
            Msg::Children { leaf, kids, hints } => {
                out.push(CHILDREN);
                put_varint(out, *leaf as u64);
                put_kids(out, kids);
                put_varint(out, hints.len() as u64);
                out.extend_from_slice(hints);
            }
            Msg::Search { leaf, path, job } => {
                out.push(SEARCH);
                put_varint(out, *leaf as u64);
                put_path(out, path);
                put_job(out, *job);
            }
            Msg::Searched { leaf, work } => {
                out.push(SEARCHED);
                put_varint(out, *leaf as u64);
                put_work(out, work);
            }
            Msg::Resolve { node, path, kids } => {
                out.push(RESOLVE);
                put_varint(out, *node as u64);
                put_path(out, path);
                put_path(out, kids);
            }
            Msg::Resolved { node, values } => {
                out.push(RESOLVED);
                put_varint(out, *node as u64);
                put_varint(out, values.len() as u64);
                for v in values {
                    v.encode(out);
                }
            }
            Msg::Done(_) => out.push(u8::MAX),
        }
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            START => Msg::Start,
            EXPAND => {
                let leaf = u32::decode(r)?;
                let (path, _) = get_path(r)?;
                Msg::Expand { leaf, path }
            }
            CHILDREN => {
                let leaf = u32::decode(r)?;
                let kids = get_kids(r)?;
                let hints = get_hints(r, kids.len())?;
                Msg::Children { leaf, kids, hints }
            }
            SEARCH => {
                let leaf = u32::decode(r)?;
                let (path, _) = get_path(r)?;
                let job = get_job(r)?;
                Msg::Search { leaf, path, job }
            }
            SEARCHED => {
                let leaf = u32::decode(r)?;
                let work = get_work(r, 0)?;
                Msg::Searched { leaf, work }
            }
            RESOLVE => {
                let node = u32::decode(r)?;
                let (path, pos) = get_path(r)?;
                let k = r.varint()?;
                if k > r.rest().len() as u64 {
                    return Err(WireError(format!("{k} children in a short message")));
                }
                let kids = (0..k)
                    .map(|_| {
                        let m = IMove::new(u32::decode(r)?);
                        pos.real(m).map(|_| m).ok_or_else(|| {
                            WireError(format!(
                                "child index {} of {} moves",
                                m.0,
                                pos.generated().len()
                            ))
                        })
                    })
                    .collect::<Result<_, WireError>>()?;
                Msg::Resolve { node, path, kids }
            }
            RESOLVED => {
                let node = u32::decode(r)?;
                let k = r.varint()?;
                if k > r.rest().len() as u64 {
                    return Err(WireError(format!("{k} values in a short message")));
                }
                let values = (0..k).map(|_| Score::decode(r)).collect::<Result<_, _>>()?;
                Msg::Resolved { node, values }
            }
            t => return Err(WireError(format!("unknown rbfm message tag {t}"))),
        })
    }
}

pub use arachne_runtime::exec::{NO_MPI, WORKER};

/// Master–slave RBFM on the MPI ranks: every rank calls this with the same arguments; rank 0
/// gets the outcome (moves of `G`), a worker rank [`WORKER`].
pub fn search<G: Game>(
    root: &G,
    cfg: &crate::master::MasterConfig,
) -> Result<crate::master::ParOutcome<G::Move>, String> {
    let mpi = crate::master::Backend::Mpi { poll_every: 1 };
    search_with(root, cfg, &mpi, None)
}

/// The evaluator of `G` on [`Indexed<G>`] positions: the search's best move as its index.
pub fn indexed_evaluator<G: Game>(e: Evaluator<G>) -> Evaluator<Indexed<G>> {
    let search = e.search;
    Evaluator {
        search: Arc::new(move |p: &Indexed<G>, delta: i32| {
            let (v, m) = search(p.inner(), delta);
            (v, m.and_then(|m| p.index_of(m)))
        }),
        meter: e.meter,
    }
}

/// [`search`] with the evaluator for §5.2's heuristics ([`crate::master::search_with`]).
#[cfg(feature = "mpi")]
pub fn search_with<G: Game>(
    root: &G,
    cfg: &crate::master::MasterConfig,
    backend: &crate::master::Backend,
    eval: Option<Evaluator<G>>,
) -> Result<crate::master::ParOutcome<G::Move>, String> {
    use std::rc::Rc;
    arachne_runtime::mpi::init().map_err(|e| format!("MPI: {e}"))?;
    let iroot = Indexed::new(root.clone());
    arachne_runtime::wire::register::<Msg<IMove<G>>>(Some(Rc::new(iroot.clone())));
    let o = crate::master::search_on(&iroot, cfg, backend, eval.map(indexed_evaluator))?;
    let out = o.outcome;
    Ok(crate::master::ParOutcome {
        outcome: crate::engine::BfOutcome {
            value: out.value,
            solved: out.solved,
            best_move: out.best_move.and_then(|m| iroot.real(m)),
            pv: iroot.real_line(&out.pv),
            pv_depth: out.pv_depth,
            stats: out.stats,
            tree_nodes: out.tree_nodes,
            bytes_per_node: out.bytes_per_node,
            elapsed: out.elapsed,
            stop: out.stop,
        },
        messages: o.messages,
        time: o.time,
        serial_time: o.serial_time,
        speedup: o.speedup,
        busy: o.busy,
        trace: o
            .trace
            .into_iter()
            .map(|t| crate::master::TracePoint {
                time: t.time,
                generated: t.generated,
                decision: t.decision.and_then(|m| iroot.real(m)),
            })
            .collect(),
        resolved: o.resolved,
    })
}

/// Without the feature: [`NO_MPI`].
#[cfg(not(feature = "mpi"))]
pub fn search_with<G: Game>(
    _root: &G,
    _cfg: &crate::master::MasterConfig,
    _backend: &crate::master::Backend,
    _eval: Option<Evaluator<G>>,
) -> Result<crate::master::ParOutcome<G::Move>, String> {
    Err(NO_MPI.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BfOptions, Kind};
    use crate::master::{self, Backend, MasterConfig};
    use arachne_games::{Checkers, Chess};
    use arachne_runtime::wire::{from_bytes, to_bytes};
    use arachne_runtime::{CostModel, SimConfig};

    #[test]
    fn indexed_forwards_every_hook() {
        arachne_core::probe::check_forwarding(|| {
            Indexed::new(arachne_core::probe::Probe::default())
        })
        .unwrap();
    }

    #[test]
    fn indexed_is_the_same_game() {
        // Same perft, same values, move names through the index.
        let chess = Chess::default();
        let ic = Indexed::new(chess.clone());
        assert_eq!(arachne_core::perft(&ic, 3), arachne_core::perft(&chess, 3));
        let mut ms = Vec::new();
        ic.moves(&mut ms);
        let mut real = Vec::new();
        chess.moves(&mut real);
        for (m, r) in ms.iter().zip(&real) {
            assert_eq!(ic.move_name(*m), chess.move_name(*r));
            assert_eq!(ic.play(*m).evaluate(), chess.play(*r).evaluate());
            assert_eq!(ic.parse_move(&chess.move_name(*r)), Some(*m));
        }
        assert_eq!(
            ic.real_line(&[ms[3], IMove::new(0), IMove::new(999)]).len(),
            2
        );
    }

    #[test]
    fn messages_round_trip_and_bad_paths_are_errors() {
        let root = Indexed::new(Checkers::default());
        let path = vec![IMove::new(2), IMove::new(1), IMove::new(0)];
        let leaf = path.iter().fold(root.clone(), |p, &m| p.play(m));
        let mut kids_m = Vec::new();
        leaf.moves(&mut kids_m);
        let kids: Vec<_> = kids_m
            .iter()
            .map(|&m| (m, leaf.play(m).evaluate(), false))
            .collect();
        let msgs = vec![
            Msg::Start,
            Msg::Expand { leaf: 300, path },
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
        ];
        for m in &msgs {
            let b = to_bytes(m);
            let back: Msg<IMove<Checkers>> = from_bytes(&b, Some(&root)).unwrap();
            assert_eq!(to_bytes(&back), b);
        }
        // tag, leaf (2 bytes), plies, 3 indices.
        assert_eq!(to_bytes(&msgs[1]).len(), 1 + 2 + 1 + 3);
        let bad = Msg::<IMove<Checkers>>::Expand {
            leaf: 1,
            path: vec![IMove::new(2), IMove::new(40)],
        };
        let e = from_bytes::<Msg<IMove<Checkers>>>(&to_bytes(&bad), Some(&root)).unwrap_err();
        assert!(e.0.contains("path index 40 at ply 1"), "{e}");
        assert!(from_bytes::<Msg<IMove<Checkers>>>(&[9], Some(&root)).is_err());
        let Msg::Children { kids, .. } = &msgs[3] else {
            unreachable!()
        };
        let short = Msg::Children {
            leaf: 300,
            kids: kids.clone(),
            hints: vec![7],
        };
        let e = from_bytes::<Msg<IMove<Checkers>>>(&to_bytes(&short), Some(&root)).unwrap_err();
        assert!(e.0.contains("1 move counts for"), "{e}");
    }

    #[test]
    fn heuristic_messages_round_trip() {
        use crate::heuristics::{Job, LeafWork};
        let root = Indexed::new(Checkers::default());
        let path: Vec<IMove<Checkers>> = vec![IMove::new(2), IMove::new(1)];
        let kids = vec![
            (IMove::new(1), Score(7), false),
            (IMove::new(0), Score(7), false),
            (IMove::new(2), Score(-3), true),
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
            Msg::Searched { leaf: 9, work },
            Msg::Resolve {
                node: 4,
                path,
                kids: vec![IMove::new(0), IMove::new(3)],
            },
            Msg::Resolved {
                node: 4,
                values: vec![Score(1), Score::win_in(3)],
            },
        ];
        for m in &msgs {
            let b = to_bytes(m);
            let back: Msg<IMove<Checkers>> = from_bytes(&b, Some(&root)).unwrap();
            assert_eq!(to_bytes(&back), b);
        }
        // A child index the node does not have is an error, never a panic.
        let bad = Msg::<IMove<Checkers>>::Resolve {
            node: 1,
            path: vec![IMove::new(2)],
            kids: vec![IMove::new(60)],
        };
        assert!(from_bytes::<Msg<IMove<Checkers>>>(&to_bytes(&bad), Some(&root)).is_err());
    }

    #[test]
    fn master_slave_on_indexed_is_master_slave_on_the_game() {
        // The wrapper changes nothing: same value, expansions and best move on sim.
        let root = Checkers::default();
        let mut cfg = MasterConfig::new(BfOptions::new(Kind::Rbfm), 4);
        cfg.max_nodes = Some(3000);
        cfg.serial_baseline = false;
        let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
        let a = master::search(&root, &cfg, &sim).unwrap();
        let iroot = Indexed::new(root);
        let b = master::search(&iroot, &cfg, &sim).unwrap();
        assert_eq!(a.outcome.value, b.outcome.value);
        assert_eq!(a.outcome.stats, b.outcome.stats);
        assert_eq!(
            a.outcome.best_move,
            b.outcome.best_move.and_then(|m| iroot.real(m))
        );
        assert_eq!(a.outcome.pv, iroot.real_line(&b.outcome.pv));
    }
}
