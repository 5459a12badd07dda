//! Positions that know their path from the root, so that any [`Game`] can travel between
//! machines without serialization code.
//!
//! [`Pathed<G>`] wraps a position of `G` with the **generation-order indices** of the moves that
//! led to it from the root (the order of [`Game::moves`]). A message-passing algorithm runs on
//! `Pathed<G>` unchanged — it is a `Game` — and its messages encode a position as that path
//! ([`Wire`]). Every rank builds the same root from the same command line, so the receiver
//! rebuilds the position by replaying the path: one move generation and one `play` per ply.
//!
//! ## The path, its cost and its limits
//! [`Path`] is the one path type of every message-passing algorithm: `Pathed<G>` carries one,
//! and master–slave RBFM (`arachne_bestfirst::master`) sends one per job, its slaves replaying
//! it on the game itself ([`Path::replay`], an error on a bad index, never a panic).
//! * Indices are LEB128 varints: an index below 128 takes one byte (every move in checkers,
//!   Othello, connect four, tic-tac-toe and synthetic trees with branching up to 128; chess
//!   positions with more than 128 moves use two bytes for the later moves).
//! * The path is stored inline, [`INLINE`] bytes (36 plies at one byte each), so `play` copies
//!   it with the position and allocates nothing. A deeper path moves to the heap and then costs
//!   one allocation per `play` — correct at any depth, slower. There is no depth limit: the
//!   wire form is `varint(plies) varint(bytes) bytes`.
//! * `moves` generates the wrapped game's moves into a per-thread scratch buffer, then tags them
//!   with their indices (no allocation per call).
//! * Decoding costs one move generation per ply of the path on the receiver.
//! * Measured cost of the wrapper on a serial stepper search (`cargo run --release -p
//!   arachne-measure --example pathed_overhead`, shared machine): 1.2–1.3× the time in chess,
//!   1.7–2.4× on `incremental:b=10,d=11` where a node costs only ~50 ns. The wrapped position
//!   is about 40 bytes larger, copied at every `play`; that copy is the price of sending any
//!   position of any game at any moment without serialization code.
//!
//! ## Hooks
//! Every hook of [`Game`] is forwarded to the wrapped game (the test
//! `pathed_forwards_every_hook` checks it with [`arachne_core::probe`]). Two need more than a
//! call:
//! * `null_move` returns a wrapped position whose path records the pass as [`NULL_INDEX`], so
//!   a null-move position is a position like any other: it has a path, travels on the wire and
//!   is replayed by the wrapped game's `null_move` (an error if that game refuses there).
//! * `successor_values` wraps the wrapped game's function, applied to the wrapped move.
//!
//! ## Moves
//! A move ([`PMove`]) carries the wrapped move, its generation index and the ply of the position
//! it is played from. On the wire a move is its ply and its index, resolved against the
//! decoding context: the root every rank holds, or the position a line is played from
//! ([`Reader::decode_at`]). Algorithms send positions, not moves, except the principal line
//! of a job in a VALUE, which travels with the job's position and is replayed from it move by
//! move. A bare move whose ply is not its context's is undecodable (an error, never a wrong
//! move); in an `Option` (decoded against the root) a move below the root travels as `None`.
use crate::wire::{put_varint, Reader, Wire, WireError};
use arachne_core::{Game, Score};
use std::any::Any;
use std::cell::RefCell;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Bytes of path stored inline.
pub const INLINE: usize = 36;

/// The path index of a null move ([`Game::null_move`]): the largest index, which no move list
/// reaches. A path through a null move replays it as the wrapped game's `null_move`.
pub const NULL_INDEX: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Bytes {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Vec<u8>),
}

/// A path of move indices from the root: what every message-passing algorithm sends for a
/// position (module docs). Index `i` at a ply is the `i`-th move of [`Game::moves`] there;
/// [`NULL_INDEX`] a null move. Stored as LEB128 varints, [`INLINE`] bytes inline (no allocation
/// while it fits); on the wire `varint(plies) varint(bytes) bytes`.
///
/// [`Path::replay`] rebuilds the position on any rank that holds the root; an index beyond a
/// position's moves is a [`PathError`], never a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    bytes: Bytes,
    plies: u32,
}

impl Default for Path {
    fn default() -> Self {
        Path::ROOT
    }
}

/// A path that does not lead anywhere from the root it is replayed from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// An index beyond the position's moves.
    #[error("path index {index} at ply {ply} but the position has {moves} moves")]
    NoSuchMove {
        /// Plies from the root.
        ply: u32,
        /// The index.
        index: u64,
        /// The position's moves.
        moves: usize,
    },
    /// A null move where the game allows none.
    #[error("a null move at ply {0} where the game allows none")]
    NoNullMove(u32),
    /// The bytes are not a path of the announced length.
    #[error("a path of {found} plies announced as {announced}")]
    Length {
        /// Plies announced.
        announced: u32,
        /// Plies in the bytes.
        found: u32,
    },
}

impl From<PathError> for WireError {
    fn from(e: PathError) -> Self {
        WireError(e.to_string())
    }
}

impl Path {
    /// The empty path: the root.
    pub const ROOT: Path = Path {
        bytes: Bytes::Inline {
            len: 0,
            bytes: [0; INLINE],
        },
        plies: 0,
    };

    /// The path's bytes (varint move indices).
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Inline { len, bytes } => &bytes[..*len as usize],
            Bytes::Heap(v) => v,
        }
    }

    /// Plies from the root.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The move indices, from the root.
    pub fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        let mut r = Reader::new(self.bytes());
        std::iter::from_fn(move || (!r.is_empty()).then(|| r.varint().expect("own path") as u32))
    }

    /// This path and then index `idx`.
    #[inline]
    pub fn with(&self, idx: u32) -> Path {
        // The common case: a one-byte index with room inline.
        if let Bytes::Inline { len, bytes } = &self.bytes {
            let l = *len as usize;
            if idx < 0x80 && l < INLINE {
                let mut b = *bytes;
                b[l] = idx as u8;
                return Path {
                    bytes: Bytes::Inline {
                        len: len + 1,
                        bytes: b,
                    },
                    plies: self.plies + 1,
                };
            }
        }
        let mut p = self.clone();
        p.push(idx);
        p
    }

    /// Appends index `idx`.
    pub fn push(&mut self, idx: u32) {
        let mut tmp = [0u8; 5];
        let mut n = 0;
        let mut v = idx;
        while v >= 0x80 {
            tmp[n] = (v as u8) | 0x80;
            v >>= 7;
            n += 1;
        }
        tmp[n] = v as u8;
        n += 1;
        self.plies += 1;
        match &mut self.bytes {
            Bytes::Inline { len, bytes } if *len as usize + n <= INLINE => {
                let l = *len as usize;
                bytes[l..l + n].copy_from_slice(&tmp[..n]);
                *len = (l + n) as u8;
            }
            Bytes::Inline { len, bytes } => {
                let mut v = Vec::with_capacity(*len as usize + n + 16);
                v.extend_from_slice(&bytes[..*len as usize]);
                v.extend_from_slice(&tmp[..n]);
                self.bytes = Bytes::Heap(v);
            }
            Bytes::Heap(v) => v.extend_from_slice(&tmp[..n]),
        }
    }

    /// Empties the path (back to the root), keeping any heap buffer.
    pub fn clear(&mut self) {
        self.plies = 0;
        match &mut self.bytes {
            Bytes::Inline { len, .. } => *len = 0,
            Bytes::Heap(v) => v.clear(),
        }
    }

    /// The position at the end of the path from `root` (one move generation and one `play`
    /// per ply); an error, never a panic, on an index the position does not have.
    pub fn replay<G: Game>(&self, root: &G) -> Result<G, PathError> {
        self.replay_with(root, &mut Vec::new())
    }

    /// [`Path::replay`] generating moves into `moves` (a reused buffer).
    pub fn replay_with<G: Game>(&self, root: &G, moves: &mut Vec<G::Move>) -> Result<G, PathError> {
        let mut pos = root.clone();
        for (ply, i) in self.indices().enumerate() {
            pos = play_index(&pos, ply as u32, i, moves)?;
        }
        Ok(pos)
    }
}

/// The position after index `i` (a path's step: [`NULL_INDEX`] is the null move) at `pos`,
/// `ply` plies from the root, its moves generated into `moves`.
pub fn play_index<G: Game>(
    pos: &G,
    ply: u32,
    i: u32,
    moves: &mut Vec<G::Move>,
) -> Result<G, PathError> {
    if i == NULL_INDEX {
        return pos.null_move().ok_or(PathError::NoNullMove(ply));
    }
    pos.moves(moves);
    match moves.get(i as usize) {
        Some(&m) => Ok(pos.play(m)),
        None => Err(PathError::NoSuchMove {
            ply,
            index: i as u64,
            moves: moves.len(),
        }),
    }
}

/// A path: `varint(plies) varint(bytes) bytes` (the varints are checked against the plies;
/// the moves only when it is replayed).
impl Wire for Path {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.plies as u64);
        let b = self.bytes();
        put_varint(out, b.len() as u64);
        out.extend_from_slice(b);
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let announced = u32::decode(r)?;
        let n = r.varint()?;
        let n = usize::try_from(n).map_err(|_| WireError("path too long".into()))?;
        let bytes = r.bytes(n)?;
        let mut path = Path::ROOT;
        let mut b = Reader::new(bytes);
        while !b.is_empty() {
            let i = b.varint()?;
            let i = u32::try_from(i).map_err(|_| WireError(format!("path index {i}")))?;
            path.push(i);
        }
        if path.plies != announced {
            return Err(PathError::Length {
                announced,
                found: path.plies,
            }
            .into());
        }
        Ok(path)
    }
}

/// A position of `G` with its path of move indices from the root. See the module docs.
#[derive(Clone, Debug)]
pub struct Pathed<G: Game> {
    pos: G,
    path: Path,
}

impl<G: Game> Pathed<G> {
    /// The root: an empty path.
    pub fn root(pos: G) -> Self {
        Pathed {
            pos,
            path: Path::ROOT,
        }
    }

    /// The wrapped position.
    pub fn inner(&self) -> &G {
        &self.pos
    }

    /// Plies from the root.
    pub fn plies(&self) -> u32 {
        self.path.plies
    }

    /// The path's bytes (varint move indices).
    pub fn path_bytes(&self) -> &[u8] {
        self.path.bytes()
    }

    /// The path as move indices ([`NULL_INDEX`] for a null move).
    pub fn path(&self) -> Vec<u32> {
        self.path.indices().collect()
    }

    /// The path itself.
    pub fn as_path(&self) -> &Path {
        &self.path
    }
}

/// A move of [`Pathed<G>`]: the wrapped move, its generation index, and the ply of the position
/// it is played from.
pub struct PMove<G: Game> {
    /// The wrapped game's move.
    pub mv: G::Move,
    /// Index in the generation order of [`Game::moves`].
    pub idx: u32,
    /// Plies from the root to the position the move is played from.
    pub ply: u32,
}

impl<G: Game> Clone for PMove<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for PMove<G> {}
impl<G: Game> PartialEq for PMove<G> {
    fn eq(&self, o: &Self) -> bool {
        self.mv == o.mv && self.idx == o.idx && self.ply == o.ply
    }
}
impl<G: Game> Eq for PMove<G> {}
impl<G: Game> Hash for PMove<G> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.mv.hash(h);
        self.idx.hash(h);
    }
}
impl<G: Game> fmt::Debug for PMove<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}#{}@{}", self.mv, self.idx, self.ply)
    }
}

impl<G: Game> Game for Pathed<G> {
    type Move = PMove<G>;

    fn moves(&self, out: &mut Vec<PMove<G>>) {
        with_scratch::<G::Move, _>(|inner| {
            self.pos.moves(inner);
            out.clear();
            out.extend(inner.iter().enumerate().map(|(i, &mv)| PMove {
                mv,
                idx: i as u32,
                ply: self.path.plies,
            }));
        })
    }

    #[inline]
    fn play(&self, m: PMove<G>) -> Self {
        Pathed {
            pos: self.pos.play(m.mv),
            path: self.path.with(m.idx),
        }
    }

    #[inline]
    fn evaluate(&self) -> Score {
        self.pos.evaluate()
    }

    #[inline]
    fn successor_values(&self) -> impl Fn(PMove<G>) -> Score + '_ {
        let f = self.pos.successor_values();
        move |m: PMove<G>| f(m.mv)
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    fn null_move(&self) -> Option<Self> {
        Some(Pathed {
            pos: self.pos.null_move()?,
            path: self.path.with(NULL_INDEX),
        })
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        self.pos.hash()
    }

    fn noisy_moves(&self, out: &mut Vec<PMove<G>>) {
        let mut noisy = Vec::new();
        self.pos.noisy_moves(&mut noisy);
        out.clear();
        if noisy.is_empty() {
            return;
        }
        let mut all = Vec::new();
        self.pos.moves(&mut all);
        out.extend(noisy.into_iter().filter_map(|mv| {
            all.iter().position(|&m| m == mv).map(|i| PMove {
                mv,
                idx: i as u32,
                ply: self.path.plies,
            })
        }));
    }

    #[inline]
    fn order_hint(&self, m: PMove<G>) -> i32 {
        self.pos.order_hint(m.mv)
    }

    #[inline]
    fn history_index(&self, m: PMove<G>) -> Option<usize> {
        self.pos.history_index(m.mv)
    }

    const HISTORY_SIZE: usize = G::HISTORY_SIZE;
    const TRANSPOSITIONS: bool = G::TRANSPOSITIONS;

    fn move_name(&self, m: PMove<G>) -> String {
        self.pos.move_name(m.mv)
    }

    fn parse_move(&self, name: &str) -> Option<PMove<G>> {
        let mv = self.pos.parse_move(name)?;
        with_scratch::<G::Move, _>(|all| {
            self.pos.moves(all);
            all.iter().position(|&m| m == mv).map(|i| PMove {
                mv,
                idx: i as u32,
                ply: self.path.plies,
            })
        })
    }
}

thread_local! {
    /// One reusable move buffer per move type and thread (a `Pathed` move generation goes
    /// through the wrapped game's buffer; allocating it per call made the stepper 2× slower).
    static SCRATCH: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with the scratch buffer for moves of type `M` (taken out of the pool meanwhile, so
/// a nested call finds another; the box is reused, nothing is allocated once it exists).
fn with_scratch<M: 'static, R>(f: impl FnOnce(&mut Vec<M>) -> R) -> R {
    let mut boxed = SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        match s.iter().position(|b| b.is::<Vec<M>>()) {
            Some(i) => s.swap_remove(i),
            None => Box::new(Vec::<M>::new()),
        }
    });
    let r = f(boxed.downcast_mut::<Vec<M>>().expect("checked"));
    SCRATCH.with(|s| s.borrow_mut().push(boxed));
    r
}

/// A position: its [`Path`], replayed from the root on decoding.
impl<G: Game> Wire for Pathed<G> {
    fn encode(&self, out: &mut Vec<u8>) {
        self.path.encode(out)
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let path = Path::decode(r)?;
        let root = r.root::<Pathed<G>>()?;
        let pos = with_scratch::<G::Move, _>(|m| path.replay_with(root.inner(), m))?;
        Ok(Pathed { pos, path })
    }
}

/// A move: `varint(ply) varint(index)`, resolved against the decoding context's position, whose
/// ply it must be. In an `Option`, a move below the root is left out (see the module docs).
impl<G: Game> Wire for PMove<G> {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.ply as u64);
        put_varint(out, self.idx as u64);
    }

    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let ply = r.varint()?;
        let idx = r.varint()?;
        let at = r.root::<Pathed<G>>()?;
        if ply != at.path.plies as u64 {
            return Err(WireError(format!(
                "a move at ply {ply} cannot be resolved from a position at ply {}",
                at.path.plies
            )));
        }
        let mut moves = Vec::new();
        at.moves(&mut moves);
        usize::try_from(idx)
            .ok()
            .and_then(|i| moves.get(i).copied())
            .ok_or_else(|| {
                WireError(format!(
                    "move index {idx} but the position has {} moves",
                    moves.len()
                ))
            })
    }

    fn encode_option(v: &Option<Self>, out: &mut Vec<u8>) {
        match v {
            Some(m) if m.ply == 0 => {
                out.push(1);
                m.encode(out);
            }
            _ => out.push(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{from_bytes, to_bytes};
    use arachne_core::perft;
    use arachne_games::{Chess, IidParams, IidTree};

    fn walk<G: Game>(pos: &Pathed<G>, root: &Pathed<G>, depth: u32, seen: &mut u64) {
        let bytes = to_bytes(pos);
        let back: Pathed<G> = from_bytes(&bytes, Some(root)).expect("decodes");
        assert_eq!(back.path(), pos.path());
        assert_eq!(back.inner().hash(), pos.inner().hash());
        assert_eq!(back.evaluate(), pos.evaluate());
        *seen += 1;
        if depth == 0 {
            return;
        }
        let mut ms = Vec::new();
        pos.moves(&mut ms);
        for m in ms {
            walk(&pos.play(m), root, depth - 1, seen);
        }
    }

    #[test]
    fn every_position_round_trips_through_its_path() {
        let chess = Pathed::root(Chess::default());
        let mut seen = 0;
        walk(&chess, &chess, 3, &mut seen);
        // 1 + 20 + 400 + 8902 positions.
        assert_eq!(seen, 1 + 20 + 400 + perft(chess.inner(), 3));
        let iid = Pathed::root(IidTree::new(IidParams {
            n: 200,
            d: 2,
            seed: 1,
            range: None,
        }));
        let mut seen = 0;
        walk(&iid, &iid, 2, &mut seen);
        assert_eq!(seen, 1 + 200 + 200 * 200);
    }

    #[test]
    fn deep_paths_spill_to_the_heap_and_still_round_trip() {
        let root = Pathed::root(IidTree::new(IidParams {
            n: 300,
            d: 60,
            seed: 7,
            range: None,
        }));
        let mut pos = root.clone();
        let mut ms = Vec::new();
        for k in 0..60u32 {
            pos.moves(&mut ms);
            pos = pos.play(ms[(k as usize * 37) % ms.len()]);
        }
        assert_eq!(pos.plies(), 60);
        assert!(pos.path_bytes().len() > INLINE);
        let back: Pathed<IidTree> = from_bytes(&to_bytes(&pos), Some(&root)).unwrap();
        assert_eq!(back.path(), pos.path());
        assert_eq!(back.inner().hash(), pos.inner().hash());
    }

    #[test]
    fn a_path_replays_on_the_native_game_and_bad_paths_are_errors() {
        let chess = Chess::default();
        let root = Pathed::root(chess.clone());
        let mut ms = Vec::new();
        let mut pos = root.clone();
        for k in [3usize, 17, 0, 5] {
            pos.moves(&mut ms);
            pos = pos.play(ms[k % ms.len()]);
        }
        let path = pos.as_path().clone();
        assert_eq!(path.plies(), 4);
        assert_eq!(path.indices().collect::<Vec<_>>(), pos.path());
        // Replayed on the game itself, not on the wrapper.
        let native: Chess = path.replay(&chess).unwrap();
        assert_eq!(native.hash(), pos.inner().hash());
        // Built index by index, it is the same path, and it travels on its own.
        let mut built = Path::ROOT;
        for i in pos.path() {
            built.push(i);
        }
        assert_eq!(built, path);
        assert_eq!(from_bytes::<Path>(&to_bytes(&path), None), Ok(path.clone()));
        // An index the position does not have, at ply 1.
        let bad = Path::ROOT.with(3).with(60);
        assert_eq!(
            bad.replay(&chess).err(),
            Some(PathError::NoSuchMove {
                ply: 1,
                index: 60,
                moves: 20
            })
        );
        assert!(from_bytes::<Pathed<Chess>>(&to_bytes(&bad), Some(&root)).is_err());
        // A null move where the game has none.
        let iid = IidTree::new(IidParams {
            n: 3,
            d: 3,
            seed: 1,
            range: None,
        });
        assert_eq!(
            Path::ROOT.with(NULL_INDEX).replay(&iid).err(),
            Some(PathError::NoNullMove(0))
        );
        // Deep paths spill to the heap and stay equal to the same path built with `push`.
        let mut deep = Path::ROOT;
        let mut deep2 = Path::ROOT;
        for k in 0..100u32 {
            deep = deep.with(k * 3);
            deep2.push(k * 3);
        }
        assert_eq!(deep, deep2);
        assert_eq!(deep.plies(), 100);
        assert_eq!(
            deep.indices().collect::<Vec<_>>(),
            (0..100).map(|k| k * 3).collect::<Vec<_>>()
        );
        deep.clear();
        assert_eq!(deep.plies(), 0);
        assert_eq!(deep.bytes(), Path::ROOT.bytes());
        // The announced plies must match the bytes.
        assert!(from_bytes::<Path>(&[2, 1, 0], None).is_err());
    }

    #[test]
    fn pathed_forwards_every_hook() {
        arachne_core::probe::check_forwarding(|| {
            Pathed::root(arachne_core::probe::Probe::default())
        })
        .unwrap();
    }

    #[test]
    fn null_move_positions_travel_by_their_path() {
        let root = Pathed::root(Chess::default());
        let mut ms = Vec::new();
        root.moves(&mut ms);
        let child = root.play(ms[0]);
        let null = child.null_move().expect("chess passes out of check");
        assert_eq!(null.plies(), 2);
        assert_eq!(
            null.inner().hash(),
            child.inner().null_move().unwrap().hash()
        );
        let back: Pathed<Chess> = from_bytes(&to_bytes(&null), Some(&root)).unwrap();
        assert_eq!(back.path(), null.path());
        assert_eq!(back.inner().hash(), null.inner().hash());
        // Below it, moves and paths go on as usual.
        null.moves(&mut ms);
        let deeper = null.play(ms[3]);
        let back: Pathed<Chess> = from_bytes(&to_bytes(&deeper), Some(&root)).unwrap();
        assert_eq!(back.inner().hash(), deeper.inner().hash());
        // A game without null moves refuses a path through one.
        let iid = Pathed::root(IidTree::new(IidParams {
            n: 3,
            d: 3,
            seed: 1,
            range: None,
        }));
        let mut bad = Vec::new();
        put_varint(&mut bad, 1);
        let mut path = Vec::new();
        put_varint(&mut path, NULL_INDEX as u64);
        put_varint(&mut bad, path.len() as u64);
        bad.extend_from_slice(&path);
        assert!(from_bytes::<Pathed<IidTree>>(&bad, Some(&iid)).is_err());
    }

    #[test]
    fn bad_paths_and_moves_are_errors() {
        let root = Pathed::root(Chess::default());
        // Index 20 at the root: only 20 moves.
        let bad = [1u8, 1, 20];
        assert!(from_bytes::<Pathed<Chess>>(&bad, Some(&root)).is_err());
        // Wrong ply count.
        assert!(from_bytes::<Pathed<Chess>>(&[2, 1, 0], Some(&root)).is_err());
        // No root.
        assert!(from_bytes::<Pathed<Chess>>(&[0, 0], None).is_err());
        // Root moves travel; moves below the root are dropped from an Option.
        let mut ms = Vec::new();
        root.moves(&mut ms);
        let m = ms[5];
        assert_eq!(
            from_bytes::<PMove<Chess>>(&to_bytes(&m), Some(&root)),
            Ok(m)
        );
        let child = root.play(m);
        child.moves(&mut ms);
        let deep = Some(ms[0]);
        assert_eq!(
            from_bytes::<Option<PMove<Chess>>>(&to_bytes(&deep), Some(&root)),
            Ok(None)
        );
        assert!(from_bytes::<PMove<Chess>>(&to_bytes(&ms[0]), Some(&root)).is_err());
        // ... and resolve against their own position.
        assert_eq!(
            from_bytes::<PMove<Chess>>(&to_bytes(&ms[3]), Some(&child)),
            Ok(ms[3])
        );
    }
}
