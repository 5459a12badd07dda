//! The arguments of UCI's `go` and the engine's time management (see the module docs of
//! [`super`]).
use super::MAX_DEPTH;
use std::time::Duration;

/// The arguments of `go`.
#[derive(Default, Debug)]
pub(super) struct GoParams {
    pub(super) depth: Option<u32>,
    pub(super) nodes: Option<u64>,
    pub(super) movetime: Option<u64>,
    pub(super) wtime: Option<u64>,
    pub(super) btime: Option<u64>,
    pub(super) winc: Option<u64>,
    pub(super) binc: Option<u64>,
    pub(super) movestogo: Option<u64>,
    pub(super) infinite: bool,
    pub(super) ponder: bool,
    /// `searchmoves`: the root moves to search (names, checked against the position later).
    pub(super) searchmoves: Vec<String>,
}

/// The keywords of `go`.
const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

impl GoParams {
    /// Parses the arguments of `go`; the error (one phrase) names the malformed argument.
    /// Unknown tokens are skipped.
    pub(super) fn parse(args: &[&str]) -> Result<Self, String> {
        let mut g = GoParams::default();
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            // The value of `key`: a number, negative read as 0, too large read as the largest.
            let num = || -> Result<u64, String> {
                let Some(v) = args.get(i + 1).copied() else {
                    return Err(format!("`{key}` needs a number"));
                };
                let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!(
                        "{key} `{}` is not a number",
                        arachne_core::parse::clip(v, 30)
                    ));
                }
                Ok(if v.starts_with('-') {
                    0
                } else {
                    digits.parse::<u64>().unwrap_or(u64::MAX)
                })
            };
            let plies = |d: u64, what: &str| -> Result<u32, String> {
                if d > MAX_DEPTH as u64 {
                    Err(format!(
                        "{what} is beyond the deepest search, {MAX_DEPTH} plies"
                    ))
                } else {
                    Ok((d as u32).max(1))
                }
            };
            let mut took = true;
            match key {
                "depth" => {
                    let d = num()?;
                    g.depth = Some(plies(
                        d,
                        &format!("depth {}", arachne_core::parse::clip(args[i + 1], 30)),
                    )?)
                }
                "mate" => {
                    let m = num()?;
                    g.depth = Some(plies(
                        m.saturating_mul(2),
                        &format!("mate {m} ({} plies)", m.saturating_mul(2)),
                    )?)
                }
                "nodes" => g.nodes = Some(num()?),
                "movetime" => g.movetime = Some(num()?),
                "wtime" => g.wtime = Some(num()?),
                "btime" => g.btime = Some(num()?),
                "winc" => g.winc = Some(num()?),
                "binc" => g.binc = Some(num()?),
                "movestogo" => g.movestogo = Some(num()?),
                "infinite" => {
                    g.infinite = true;
                    took = false;
                }
                "ponder" => {
                    g.ponder = true;
                    took = false;
                }
                "searchmoves" => {
                    let moves: Vec<String> = args[i + 1..]
                        .iter()
                        .take_while(|t| !GO_KEYWORDS.contains(t))
                        .map(|t| t.to_string())
                        .collect();
                    if moves.is_empty() {
                        return Err("`searchmoves` needs at least one move".into());
                    }
                    i += moves.len();
                    g.searchmoves.extend(moves);
                    took = false;
                }
                _ => took = false, // unknown tokens are skipped
            }
            i += if took { 2 } else { 1 };
        }
        if g.depth.is_none()
            && g.nodes.is_none()
            && g.movetime.is_none()
            && g.wtime.is_none()
            && g.btime.is_none()
        {
            g.infinite = true; // a bare `go` searches until `stop`
        }
        Ok(g)
    }

    /// Time for this move: `movetime`, or a share of the clock (see the module docs), with
    /// `overhead` ms kept back for the GUI's lag.
    pub(super) fn time_budget(&self, white: bool, overhead: u64) -> Option<Duration> {
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms.saturating_sub(overhead).max(1)));
        }
        // A GUI that sends only the other side's clock gets that clock used for ours.
        let (left, inc) = if white {
            (self.wtime.or(self.btime)?, self.winc.unwrap_or(0))
        } else {
            (self.btime.or(self.wtime)?, self.binc.unwrap_or(0))
        };
        let togo = self.movestogo.unwrap_or(30).clamp(1, 100);
        let usable = left.saturating_sub(overhead);
        let share = usable / togo + inc * 3 / 4;
        Some(Duration::from_millis(share.min(usable * 4 / 5).max(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters() {
        let ms = Duration::from_millis;
        let g = GoParams::parse(&["wtime", "60000", "btime", "1000", "winc", "1000"]).unwrap();
        assert_eq!(g.time_budget(true, 50), Some(ms(59950 / 30 + 750)));
        assert_eq!(g.time_budget(false, 50), Some(ms(950 / 30)));
        // 950 ms usable with a 1 s increment: 31 + 750, capped at 4/5 of 950.
        let inc = GoParams::parse(&["wtime", "1000", "winc", "1000"]).unwrap();
        assert_eq!(inc.time_budget(true, 50), Some(ms(760)));
        assert!(!g.infinite);
        let w = GoParams::parse(&["wtime", "3000"]).unwrap();
        assert_eq!(w.time_budget(false, 50), Some(ms(2950 / 30)));
        // One move to the time control: most of the clock, never all of it (this
        // used to think 59.95 s and leave 50 ms).
        let last =
            GoParams::parse(&["wtime", "60000", "btime", "60000", "movestogo", "1"]).unwrap();
        assert_eq!(last.time_budget(true, 50), Some(ms(59950 * 4 / 5)));
        assert_eq!(last.time_budget(true, 1000), Some(ms(59000 * 4 / 5)));
        // Less than the overhead left: the least possible.
        let flag = GoParams::parse(&["wtime", "30", "btime", "30"]).unwrap();
        assert_eq!(flag.time_budget(true, 50), Some(ms(1)));
        let mt = GoParams::parse(&["movetime", "1000"]).unwrap();
        assert_eq!(mt.time_budget(true, 50), Some(ms(950)));
        assert!(GoParams::parse(&[]).unwrap().infinite);
        assert_eq!(GoParams::parse(&["depth", "3"]).unwrap().depth, Some(3));
        assert_eq!(
            GoParams::parse(&["movetime", "-5"]).unwrap().movetime,
            Some(0)
        );
        // Malformed or endless requests are refused, not searched forever.
        for bad in [
            &["depth", "x"][..],
            &["depth"],
            &["depth", "abc"],
            &["depth", "99999999999999999999"],
            &["depth", "65"],
            &["mate", "40"],
            &["nodes", "1e6"],
            &["searchmoves", "depth", "3"],
        ] {
            let e = GoParams::parse(bad).unwrap_err();
            assert!(e.contains(bad[0]), "{bad:?}: {e}");
        }
        assert_eq!(
            GoParams::parse(&["nodes", "99999999999999999999"])
                .unwrap()
                .nodes,
            Some(u64::MAX)
        );
        let g = GoParams::parse(&["searchmoves", "e2e4", "d2d4", "depth", "3"]).unwrap();
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(g.depth, Some(3));
        assert!(!g.infinite);
    }
}
