//! Messages on the wire: a compact byte encoding for the messages of message-passing
//! algorithms, used by the `mpi` runtime (this module itself needs no MPI and is
//! always built, so its round trips are tested in the default test suite).
//!
//! A message type implements [`Wire`]: `encode` appends bytes, `decode` reads them back or
//! returns a [`WireError`]. Integers are LEB128 varints (signed ones zig-zag encoded), so small
//! numbers — job numbers, depths, plies, move indices — take one byte.
//!
//! **Positions** travel as their path from the root: the generation-order indices of the moves
//! that lead to them ([`crate::pathed`]). Every rank builds the same root from the same
//! command line, so a receiver rebuilds the position by replaying the path; no game needs
//! serialization code. The root is the decoding context: [`Reader::root`].
//!
//! Adding an algorithm whose processes exchange a new message type is one small step:
//! `impl<G: Game> Wire for MyMsg<Pathed<G>>`-style, field by field, writing a tag byte per
//! variant and calling `encode`/`decode` on each field (positions and moves are [`Wire`]
//! already when the game is wrapped in [`Pathed`](crate::pathed::Pathed), and a
//! [`Path`](crate::pathed::Path) is [`Wire`] on its own). The macros [`wire_fields!`](crate::wire_fields) (a
//! struct: its fields in order) and [`wire_enum!`](crate::wire_enum) (an enum: a tag byte, then the variant's
//! fields) write these impls; master–slave RBFM's messages (`arachne_bestfirst::mpi`) are
//! written with them.
use arachne_core::{Score, Window};
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A message that could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("undecodable message: {0}")]
pub struct WireError(pub String);

/// Reads an encoded message. Holds the decoding context: the root position every rank holds.
pub struct Reader<'a> {
    buf: &'a [u8],
    at: usize,
    root: Option<&'a dyn Any>,
}

impl<'a> Reader<'a> {
    /// A reader of `buf` without a root (messages that carry no positions).
    pub fn new(buf: &'a [u8]) -> Self {
        Reader {
            buf,
            at: 0,
            root: None,
        }
    }

    /// A reader of `buf` whose positions are paths from `root`.
    pub fn with_root(buf: &'a [u8], root: &'a dyn Any) -> Self {
        Reader {
            buf,
            at: 0,
            root: Some(root),
        }
    }

    /// The root position, of type `T`.
    pub fn root<T: 'static>(&self) -> Result<&'a T, WireError> {
        self.root
            .and_then(|r| r.downcast_ref::<T>())
            .ok_or_else(|| WireError("no root position of the right type to decode a path".into()))
    }

    /// Decodes a `T` whose positions and moves are relative to `pos` instead of the root (a
    /// move travels as its index among its position's moves, so a line of moves below the root
    /// is decoded move by move from the position it is played from).
    pub fn decode_at<T: Wire>(&mut self, pos: &dyn Any) -> Result<T, WireError> {
        let mut sub = Reader {
            buf: self.buf,
            at: self.at,
            root: Some(pos),
        };
        let v = T::decode(&mut sub)?;
        self.at = sub.at;
        Ok(v)
    }

    /// Next byte.
    pub fn byte(&mut self) -> Result<u8, WireError> {
        let b = *self
            .buf
            .get(self.at)
            .ok_or_else(|| WireError(format!("truncated after {} bytes", self.buf.len())))?;
        self.at += 1;
        Ok(b)
    }

    /// Next `n` bytes.
    pub fn bytes(&mut self, n: usize) -> Result<&'a [u8], WireError> {
        if self.buf.len() - self.at < n {
            return Err(WireError(format!(
                "truncated: {n} bytes wanted at offset {} of {}",
                self.at,
                self.buf.len()
            )));
        }
        let s = &self.buf[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    /// An unsigned varint.
    pub fn varint(&mut self) -> Result<u64, WireError> {
        let mut v: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(WireError("varint longer than 64 bits".into()))
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.buf[self.at..]
    }

    /// True when every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.at == self.buf.len()
    }

    /// Checks that every byte has been read (a message with trailing bytes is corrupt).
    pub fn finish(&self) -> Result<(), WireError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(WireError(format!(
                "{} trailing bytes",
                self.buf.len() - self.at
            )))
        }
    }
}

/// Appends an unsigned varint.
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A value with a byte encoding. See the module docs.
pub trait Wire: Sized {
    /// Appends the encoding of `self`.
    fn encode(&self, out: &mut Vec<u8>);
    /// Reads a value back.
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError>;

    /// Encodes an `Option<Self>`; a type may override this to leave out values that cannot
    /// travel (see [`PMove`](crate::pathed::PMove)).
    fn encode_option(v: &Option<Self>, out: &mut Vec<u8>) {
        match v {
            None => out.push(0),
            Some(x) => {
                out.push(1);
                x.encode(out);
            }
        }
    }
    /// Decodes what [`Wire::encode_option`] wrote.
    fn decode_option(r: &mut Reader<'_>) -> Result<Option<Self>, WireError> {
        match r.byte()? {
            0 => Ok(None),
            1 => Ok(Some(Self::decode(r)?)),
            t => Err(WireError(format!("bad option tag {t}"))),
        }
    }
}

/// Encodes `msg` into a fresh buffer.
pub fn to_bytes<T: Wire>(msg: &T) -> Vec<u8> {
    let mut v = Vec::new();
    msg.encode(&mut v);
    v
}

/// Decodes a whole buffer (trailing bytes are an error).
pub fn from_bytes<T: Wire>(buf: &[u8], root: Option<&dyn Any>) -> Result<T, WireError> {
    let mut r = match root {
        Some(root) => Reader::with_root(buf, root),
        None => Reader::new(buf),
    };
    let v = T::decode(&mut r)?;
    r.finish()?;
    Ok(v)
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn encode(&self, out: &mut Vec<u8>) {
                put_varint(out, *self as u64);
            }
            fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
                let v = r.varint()?;
                <$t>::try_from(v).map_err(|_| WireError(format!("{v} out of range for {}", stringify!($t))))
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, usize);

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn encode(&self, out: &mut Vec<u8>) {
                let v = *self as i64;
                put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
            }
            fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
                let z = r.varint()?;
                let v = ((z >> 1) as i64) ^ -((z & 1) as i64);
                <$t>::try_from(v).map_err(|_| WireError(format!("{v} out of range for {}", stringify!($t))))
            }
        }
    )*};
}
signed!(i32, i64);

impl Wire for bool {
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(WireError(format!("bad bool {b}"))),
        }
    }
}

/// UTF-8 text: `varint(bytes) bytes` (an error message).
impl Wire for String {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.len() as u64);
        out.extend_from_slice(self.as_bytes());
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let n = r.varint()?;
        let n = usize::try_from(n).map_err(|_| WireError("text too long".into()))?;
        String::from_utf8(r.bytes(n)?.to_vec()).map_err(|_| WireError("text not UTF-8".into()))
    }
}

impl Wire for f64 {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let b = r.bytes(8)?;
        Ok(f64::from_le_bytes(b.try_into().expect("8 bytes")))
    }
}

impl<T: Wire> Wire for Option<T> {
    fn encode(&self, out: &mut Vec<u8>) {
        T::encode_option(self, out)
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        T::decode_option(r)
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.len() as u64);
        for x in self {
            x.encode(out);
        }
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let n = r.varint()?;
        // Every element takes at least one byte: a length beyond the bytes left is corrupt.
        if n > (r.buf.len() - r.at) as u64 {
            return Err(WireError(format!(
                "vector of {n} elements in a short message"
            )));
        }
        (0..n).map(|_| T::decode(r)).collect()
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
        self.1.encode(out);
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok((A::decode(r)?, B::decode(r)?))
    }
}

impl<A: Wire, B: Wire, C: Wire> Wire for (A, B, C) {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
        self.1.encode(out);
        self.2.encode(out);
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok((A::decode(r)?, B::decode(r)?, C::decode(r)?))
    }
}

impl Wire for Score {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out)
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(Score(i32::decode(r)?))
    }
}

impl Wire for Window {
    fn encode(&self, out: &mut Vec<u8>) {
        self.alpha.encode(out);
        self.beta.encode(out);
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let alpha = Score::decode(r)?;
        let beta = Score::decode(r)?;
        Ok(Window { alpha, beta })
    }
}

/// Node counts: six varints.
impl Wire for arachne_core::Stats {
    fn encode(&self, out: &mut Vec<u8>) {
        for v in [
            self.interior,
            self.leaves,
            self.movegens,
            self.cutoffs,
            self.tt_hits,
            self.qnodes,
        ] {
            put_varint(out, v);
        }
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(arachne_core::Stats {
            interior: r.varint()?,
            leaves: r.varint()?,
            movegens: r.varint()?,
            cutoffs: r.varint()?,
            tt_hits: r.varint()?,
            qnodes: r.varint()?,
        })
    }
}

/// `impl Wire` for a struct encoded as its fields in the order given, each by its own `Wire`
/// (decoded in the same order: a struct expression evaluates its fields in source order).
///
/// ```ignore
/// wire_fields!(Up { value, valid_to, exact, seq });
/// ```
#[macro_export]
macro_rules! wire_fields {
    ($(#[$m:meta])* $t:ty { $($f:ident),* $(,)? }) => {
        $(#[$m])*
        impl $crate::wire::Wire for $t {
            fn encode(&self, out: &mut Vec<u8>) {
                $( $crate::wire::Wire::encode(&self.$f, out); )*
            }
            fn decode(
                r: &mut $crate::wire::Reader<'_>,
            ) -> Result<Self, $crate::wire::WireError> {
                Ok(Self { $( $f: $crate::wire::Wire::decode(r)?, )* })
            }
        }
    };
}

/// `impl Wire` for an enum: a tag byte per variant (given), then the variant's fields in the
/// order given, each by its own `Wire`. A tag no variant has is a [`WireError`] naming the type.
///
/// ```ignore
/// wire_enum!(Msg {
///     0 => Start,
///     1 => Expand { leaf, path },
/// });
/// ```
#[macro_export]
macro_rules! wire_enum {
    ($(#[$m:meta])* $t:ty { $($tag:literal => $v:ident $({ $($f:ident),* $(,)? })?),* $(,)? }) => {
        $(#[$m])*
        impl $crate::wire::Wire for $t {
            fn encode(&self, out: &mut Vec<u8>) {
                match self {
                    $( Self::$v $({ $($f),* })? => {
                        out.push($tag);
                        $($( $crate::wire::Wire::encode($f, out); )*)?
                    } )*
                }
            }
            fn decode(
                r: &mut $crate::wire::Reader<'_>,
            ) -> Result<Self, $crate::wire::WireError> {
                Ok(match r.byte()? {
                    $( $tag => Self::$v $({ $($f: $crate::wire::Wire::decode(r)?),* })?, )*
                    t => {
                        return Err($crate::wire::WireError(format!(
                            "unknown {} tag {t}",
                            stringify!($t)
                        )))
                    }
                })
            }
        }
    };
}

/// Decodes a whole message, given the decoding context.
pub type DecodeFn<M> = fn(&[u8], Option<&dyn Any>) -> Result<M, WireError>;

/// How a runtime encodes and decodes messages of type `M` whose type it only knows as a
/// generic parameter: registered per thread by the code that knows the concrete type (the
/// `search` entry point of `arachne-parallel`), looked up by the `mpi` runtime. Runtime
/// dispatch keeps `Process::Msg` free of a `Wire` bound, so algorithms that have no encoding
/// yet still build; they fail with a clear error on `--backend mpi` only.
pub struct Codec<M> {
    /// Appends the encoding of a message.
    pub encode: fn(&M, &mut Vec<u8>),
    /// Decodes a whole message.
    pub decode: DecodeFn<M>,
    /// The decoding context (the root position), if the messages carry positions.
    pub root: Option<Rc<dyn Any>>,
}

thread_local! {
    static CODECS: RefCell<HashMap<TypeId, Rc<dyn Any>>> = RefCell::new(HashMap::new());
}

/// Registers the encoding of `M` on this thread, with the root positions are decoded against.
pub fn register<M: Wire + 'static>(root: Option<Rc<dyn Any>>) {
    let c: Codec<M> = Codec {
        encode: |m, out| m.encode(out),
        decode: |b, root| from_bytes(b, root),
        root,
    };
    CODECS.with(|m| m.borrow_mut().insert(TypeId::of::<M>(), Rc::new(c)));
}

/// The encoding of `M` registered on this thread.
pub fn codec<M: 'static>() -> Option<Rc<Codec<M>>> {
    let any = CODECS.with(|m| m.borrow().get(&TypeId::of::<M>()).cloned())?;
    any.downcast::<Codec<M>>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_round_trip_at_their_extremes() {
        for v in [0u64, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            assert_eq!(from_bytes::<u64>(&to_bytes(&v), None), Ok(v));
        }
        for v in [0i32, -1, 1, i32::MIN, i32::MAX, -Score::INF.0, Score::INF.0] {
            assert_eq!(from_bytes::<i32>(&to_bytes(&v), None), Ok(v));
        }
        assert_eq!(to_bytes(&5u32).len(), 1);
        assert_eq!(to_bytes(&-3i32).len(), 1);
        let w = Window::FULL;
        assert_eq!(from_bytes::<Window>(&to_bytes(&w), None), Ok(w));
        let t = String::from("é and more");
        assert_eq!(from_bytes::<String>(&to_bytes(&t), None), Ok(t));
        assert!(from_bytes::<String>(&[2, 0xff, 0xfe], None).is_err());
        let v: Vec<Option<(u8, bool)>> = vec![None, Some((7, true))];
        assert_eq!(
            from_bytes::<Vec<Option<(u8, bool)>>>(&to_bytes(&v), None),
            Ok(v)
        );
    }

    #[test]
    fn corrupt_bytes_are_errors_not_panics() {
        assert!(from_bytes::<u32>(&[], None).is_err());
        assert!(from_bytes::<u32>(&[0x80], None).is_err());
        assert!(from_bytes::<u8>(&to_bytes(&300u32), None).is_err());
        assert!(from_bytes::<u32>(&[1, 2], None).is_err()); // trailing byte
        assert!(from_bytes::<bool>(&[2], None).is_err());
        assert!(from_bytes::<Option<u8>>(&[9], None).is_err());
        assert!(from_bytes::<Vec<u64>>(&[100, 1], None).is_err());
        assert!(from_bytes::<u64>(&[0xff; 11], None).is_err());
    }

    #[derive(Debug, PartialEq)]
    enum Demo {
        Unit,
        Pair { a: u32, b: (i32, bool, Score) },
    }
    wire_enum!(Demo {
        0 => Unit,
        7 => Pair { a, b },
    });

    #[test]
    fn enums_are_a_tag_then_their_fields() {
        assert_eq!(to_bytes(&Demo::Unit), vec![0]);
        let p = Demo::Pair {
            a: 300,
            b: (-1, true, Score(2)),
        };
        // tag, varint(300) in two bytes, zigzag(-1), true, zigzag(2).
        assert_eq!(to_bytes(&p), vec![7, 0xac, 0x02, 1, 1, 4]);
        assert_eq!(from_bytes::<Demo>(&to_bytes(&p), None), Ok(p));
        let e = from_bytes::<Demo>(&[3], None).unwrap_err();
        assert!(e.0.contains("unknown Demo tag 3"), "{e}");
        assert!(from_bytes::<Demo>(&[7, 1], None).is_err());
    }
}
