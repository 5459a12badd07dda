//! One rank's share of an MPI run (module docs, Mapping): its processes (process `p` on rank
//! `p mod R`), their inbox, the host's messages on rank 0, and where what a process sends goes.
use super::frame::{decode_header, encode_msg};
use super::net::Net;
use super::{MpiError, World, TAG_HOST, TAG_MSG};
use crate::process::{Env, Outgoing, Pid, Process, HOST};
use crate::wire::{Codec, WireError};
use crate::CostModel;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Instant;

/// One rank's share of the run.
pub(super) struct Rank<'c, P: Process> {
    pub(super) world: World,
    /// Process `p` if it lives on this rank (while it is not out running its long work).
    pub(super) procs: Vec<Option<P>>,
    pub(super) envs: Vec<Option<Env<'c, P::Msg>>>,
    /// Busy seconds per process.
    pub(super) busy: Vec<f64>,
    /// Messages for this rank's processes: `(from, to, message)`.
    pub(super) inbox: VecDeque<(Pid, Pid, P::Msg)>,
    /// Rank 0: the host's messages with their arrival times.
    pub(super) host: Vec<(f64, P::Msg)>,
    codec: Rc<Codec<P::Msg>>,
}

impl<'c, P: Process> Rank<'c, P> {
    /// The processes of `procs` that live on this rank, with their environments.
    pub(super) fn new(
        world: World,
        procs: Vec<P>,
        cost: &'c CostModel,
        codec: Rc<Codec<P::Msg>>,
    ) -> Self {
        let n = procs.len();
        let size = world.size as u64;
        let mine = |p: usize| (p as u64 % size) as i32 == world.rank;
        let procs: Vec<Option<P>> = procs
            .into_iter()
            .enumerate()
            .map(|(i, p)| mine(i).then_some(p))
            .collect();
        let envs = (0..n)
            .map(|i| mine(i).then(|| Env::new(i as Pid, cost)))
            .collect();
        Rank {
            world,
            procs,
            envs,
            busy: vec![0.0; n],
            inbox: VecDeque::new(),
            host: Vec::new(),
            codec,
        }
    }

    /// The rank process `p` lives on.
    pub(super) fn owner(&self, p: Pid) -> i32 {
        (p as u64 % self.world.size as u64) as i32
    }

    /// Routes what process `me` sent (`out`): local processes' inbox, the host, or the
    /// network.
    pub(super) fn route(
        &mut self,
        me: Pid,
        out: Vec<Outgoing<P::Msg>>,
        net: &mut Net<'_>,
        start: Instant,
    ) -> Result<(), MpiError> {
        for o in out {
            if o.to == HOST {
                if self.world.rank == 0 {
                    self.host.push((start.elapsed().as_secs_f64(), o.msg));
                } else {
                    net.isend(0, TAG_HOST, encode_msg(&self.codec, me, None, &o.msg));
                }
            } else if o.to as usize >= self.procs.len() {
                return Err(MpiError::BadPid(o.to));
            } else if self.owner(o.to) == self.world.rank {
                self.inbox.push_back((me, o.to, o.msg));
            } else {
                let b = encode_msg(&self.codec, me, Some(o.to), &o.msg);
                net.isend(self.owner(o.to), TAG_MSG, b);
            }
        }
        Ok(())
    }

    /// A message rank `from` sent: `(sender, receiver, message)`, the receiver [`HOST`] for a
    /// message to the host (`with_to` false). A frame that does not decode, or names a
    /// process that is not on this rank, is [`MpiError::Decode`].
    pub(super) fn decode(
        &self,
        from: i32,
        data: &[u8],
        with_to: bool,
    ) -> Result<(Pid, Pid, P::Msg), MpiError> {
        let fault = |err| MpiError::Decode {
            rank: self.world.rank,
            from,
            err,
        };
        let (src, to, rest) = decode_header(data, with_to).map_err(fault)?;
        let to = to.unwrap_or(HOST);
        if with_to && (to as usize >= self.procs.len() || self.owner(to) != self.world.rank) {
            return Err(fault(WireError(format!(
                "message for process {to}, not on this rank"
            ))));
        }
        let msg = (self.codec.decode)(rest, self.codec.root.as_deref()).map_err(fault)?;
        Ok((src, to, msg))
    }
}
