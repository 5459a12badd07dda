//! The bytes of each tag of the `mpi` runtime (module docs, Messages on the wire; End):
//! an algorithm message's frame around its [`Wire`] encoding, a rank's statistics after STOP,
//! and STOP's reason. Pure functions, no MPI.
use crate::process::Pid;
use crate::wire::{put_varint, Codec, Reader, Wire, WireError};
use arachne_core::{Stats, StopReason};

/// The frame of a message: `varint(from) varint(to)` (an algorithm message, [`TAG_MSG`]) or
/// `varint(from)` (a message to the host, [`TAG_HOST`]: `to` is `None`), then the message's
/// encoding by `codec`.
///
/// [`TAG_MSG`]: super::TAG_MSG
/// [`TAG_HOST`]: super::TAG_HOST
pub(super) fn encode_msg<M>(codec: &Codec<M>, from: Pid, to: Option<Pid>, msg: &M) -> Vec<u8> {
    let mut b = Vec::with_capacity(16);
    put_varint(&mut b, from as u64);
    if let Some(to) = to {
        put_varint(&mut b, to as u64);
    }
    (codec.encode)(msg, &mut b);
    b
}

/// The header of a frame ([`encode_msg`]): the sender, the receiver if `with_to`, and the
/// message's bytes.
pub(super) fn decode_header(
    data: &[u8],
    with_to: bool,
) -> Result<(Pid, Option<Pid>, &[u8]), WireError> {
    let mut r = Reader::new(data);
    let from = r.varint()? as Pid;
    let to = if with_to {
        Some(r.varint()? as Pid)
    } else {
        None
    };
    Ok((from, to, r.rest()))
}

/// STOP's payload byte for a limit (0: the answer arrived; `STOP_FAULT`: a fault).
pub(super) fn stop_code(r: StopReason) -> u8 {
    match r {
        StopReason::Nodes => 1,
        StopReason::Time => 2,
        StopReason::Stopped => 3,
        StopReason::Memory => 4,
    }
}

/// The limit of a STOP payload byte ([`stop_code`]); `None` for any other byte.
pub(super) fn stop_reason(c: u8) -> Option<StopReason> {
    match c {
        1 => Some(StopReason::Nodes),
        2 => Some(StopReason::Time),
        3 => Some(StopReason::Stopped),
        4 => Some(StopReason::Memory),
        _ => None,
    }
}

/// One process's row of a rank's statistics: its pid, node counts, messages sent, busy and
/// wall seconds.
pub(super) type StatRow = (Pid, Stats, u64, f64, f64);

/// A worker's statistics after STOP: `varint(remote messages) varint(remote bytes)`, then one
/// row per process ([`StatRow`]).
pub(super) fn encode_stats(remote: (u64, u64), rows: &[StatRow]) -> Vec<u8> {
    let mut out = Vec::new();
    put_varint(&mut out, remote.0);
    put_varint(&mut out, remote.1);
    for (p, s, sent, busy, wall) in rows {
        put_varint(&mut out, *p as u64);
        for v in [
            s.interior, s.leaves, s.movegens, s.cutoffs, s.tt_hits, s.qnodes, *sent,
        ] {
            put_varint(&mut out, v);
        }
        busy.encode(&mut out);
        wall.encode(&mut out);
    }
    out
}

/// The statistics [`encode_stats`] wrote: remote messages, remote bytes, rows.
pub(super) fn decode_stats(buf: &[u8]) -> Result<(u64, u64, Vec<StatRow>), WireError> {
    let mut r = Reader::new(buf);
    let remote = (r.varint()?, r.varint()?);
    let mut rows = Vec::new();
    while !r.is_empty() {
        let p = u32::decode(&mut r)?;
        let mut v = [0u64; 7];
        for x in &mut v {
            *x = r.varint()?;
        }
        let s = Stats {
            interior: v[0],
            leaves: v[1],
            movegens: v[2],
            cutoffs: v[3],
            tt_hits: v[4],
            qnodes: v[5],
        };
        rows.push((p, s, v[6], f64::decode(&mut r)?, f64::decode(&mut r)?));
    }
    Ok((remote.0, remote.1, rows))
}

#[cfg(test)]
mod tests {
    use super::super::STOP_FAULT;
    use super::*;
    use crate::wire::register;

    #[test]
    fn a_frame_carries_sender_receiver_and_message() {
        register::<u32>(None);
        let c = crate::wire::codec::<u32>().expect("registered");
        for (from, to, msg) in [
            (0, Some(1), 7u32),
            (crate::HOST, Some(300), 0),
            (5, None, 1 << 20),
        ] {
            let b = encode_msg(&c, from, to, &msg);
            let (f, t, rest) = decode_header(&b, to.is_some()).unwrap();
            assert_eq!((f, t), (from, to));
            assert_eq!((c.decode)(rest, None), Ok(msg));
        }
        // A truncated header is an error, not a panic.
        assert!(decode_header(&[0x80], false).is_err());
        assert!(decode_header(&[3], true).is_err());
        assert!(decode_header(&[], false).is_err());
    }

    #[test]
    fn every_limit_survives_stop_and_no_other_byte_is_one() {
        for r in [
            StopReason::Nodes,
            StopReason::Time,
            StopReason::Stopped,
            StopReason::Memory,
        ] {
            assert_ne!(stop_code(r), 0);
            assert_ne!(stop_code(r), STOP_FAULT);
            assert_eq!(stop_reason(stop_code(r)), Some(r));
        }
        assert_eq!(stop_reason(0), None);
        assert_eq!(stop_reason(STOP_FAULT), None);
    }

    #[test]
    fn statistics_round_trip_and_a_truncated_report_is_an_error() {
        let s = |k: u64| Stats {
            interior: k,
            leaves: 2 * k + 1,
            movegens: u64::MAX - k,
            cutoffs: 3,
            tt_hits: 0,
            qnodes: k << 40,
        };
        let rows: Vec<StatRow> = vec![(1, s(9), 12, 0.25, 1.5), (5, s(0), 0, 0.0, 2.0)];
        let b = encode_stats((40, 1234), &rows);
        assert_eq!(decode_stats(&b), Ok((40, 1234, rows)));
        assert_eq!(decode_stats(&encode_stats((0, 0), &[])), Ok((0, 0, vec![])));
        // Only the cuts between rows decode: to the rows before them.
        let whole: Vec<usize> = (0..b.len())
            .filter_map(|cut| decode_stats(&b[..cut]).ok())
            .map(|(_, _, got)| got.len())
            .collect();
        assert_eq!(whole, [0, 1]);
    }
}
