//! Cost models for the simulator: what a node and a message cost in virtual time.
//!
//! Presets (`--cost NAME[:key=value,...]`):
//!
//! * `unit[:rho=R,leaf=1,interior=0,latency=0,jitter=J]` — the model of seed 000 §7
//!   (Theorems 2 and 3): a bottom position costs 1, an interior node 0, and a *batch* — a master
//!   sending assignments to its slaves and receiving their replies — costs `rho` (default 1).
//!   A message costs `rho/2` at its sender and a multicast (one assignment to each slave of a
//!   batch) costs `rho/2` once, so "assignments out, replies back" is exactly `rho`.
//! * `arachne[:...]` — the LSI-11 network of §5: about 100 unpruned nodes per second per
//!   processor (a node, interior or bottom, costs 0.01 s) and about 70 inter-machine messages
//!   per second (a message costs 1/70 s at its sender, every destination counted).
//!
//! Every key can be overridden: `leaf`, `interior`, `message` (per message, at the sender),
//! `rho` (unit only: `message = rho/2`), `latency` (fixed delivery delay), `jitter` (maximum
//! extra random delay, drawn per message from the latency seed; default when a latency seed is
//! given and no jitter: twice a message plus a node), `multicast` (0/1).
use std::fmt;

/// A bad `--cost` spec. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CostError(pub String);

/// What things cost in virtual time.
#[derive(Clone, Debug, PartialEq)]
pub struct CostModel {
    /// Preset name.
    pub name: &'static str,
    /// A bottom position (static evaluation).
    pub leaf: f64,
    /// An interior node (move generation).
    pub interior: f64,
    /// A message, charged to its sender.
    pub message: f64,
    /// A multicast (the same kind of message to several slaves at once) costs one message.
    pub multicast: bool,
    /// Fixed delivery delay.
    pub latency: f64,
    /// Maximum extra random delay, uniform in `[0, jitter)` per message (used only with a nonzero
    /// latency seed; default: twice a message plus a node).
    pub jitter: f64,
    /// Name of the time unit, for reports.
    pub unit: &'static str,
}

impl CostModel {
    /// `unit` with `rho`.
    pub fn unit(rho: f64) -> CostModel {
        CostModel {
            name: "unit",
            leaf: 1.0,
            interior: 0.0,
            message: rho / 2.0,
            multicast: true,
            latency: 0.0,
            jitter: 2.0 * (rho / 2.0 + 1.0),
            unit: "units",
        }
    }

    /// The Arachne network of seed 000 §5.
    pub fn arachne() -> CostModel {
        CostModel {
            name: "arachne",
            leaf: 0.01,
            interior: 0.01,
            message: 1.0 / 70.0,
            multicast: false,
            latency: 0.0,
            jitter: 2.0 * (1.0 / 70.0 + 0.01),
            unit: "s",
        }
    }

    /// Virtual time of a serial search that visited `interior` interior nodes and `leaves`
    /// bottom positions.
    pub fn serial_time(&self, interior: u64, leaves: u64) -> f64 {
        interior as f64 * self.interior + leaves as f64 * self.leaf
    }

    /// The smallest delay between sending a message and its delivery (the simulator's
    /// lookahead). Always positive for a valid model.
    pub fn min_delay(&self) -> f64 {
        self.message + self.latency
    }

    /// Checks the model: costs finite and non-negative, messages take positive time.
    pub fn validate(&self) -> Result<(), CostError> {
        for (k, v) in [
            ("leaf", self.leaf),
            ("interior", self.interior),
            ("message", self.message),
            ("latency", self.latency),
            ("jitter", self.jitter),
        ] {
            if !(0.0..=1e12).contains(&v) {
                // `{v:e}` for large values: `1e308` is not echoed as 309 digits.
                let shown = if v.is_finite() && v.abs() >= 1e6 {
                    format!("{v:e}")
                } else {
                    format!("{v}")
                };
                return Err(CostError(format!(
                    "cost model: {k}={shown} must be a number in 0..=1e12"
                )));
            }
        }
        if self.leaf + self.interior <= 0.0 {
            return Err(CostError(
                "cost model: leaf and interior are both 0: searching would take no time (give either a positive cost)".into(),
            ));
        }
        if self.min_delay() <= 0.0 {
            return Err(CostError(
                "cost model: a message must take positive time (message + latency > 0)".into(),
            ));
        }
        Ok(())
    }

    /// Parses `NAME[:key=value,...]`; `None` is `unit`.
    pub fn parse(spec: Option<&str>) -> Result<CostModel, CostError> {
        let spec = spec.unwrap_or("unit").trim();
        let parsed = arachne_core::parse::Spec::parse(spec, "cost model").map_err(CostError)?;
        let mut m = match parsed.name.to_ascii_lowercase().as_str() {
            "unit" => CostModel::unit(1.0),
            "arachne" => CostModel::arachne(),
            other => {
                return Err(CostError(format!(
                    "unknown cost model `{other}` (known: unit, arachne)"
                )))
            }
        };
        let mut jitter_given = false;
        for (k, v) in &parsed.pairs {
            let k = k.as_str();
            let x: f64 = v
                .parse()
                .map_err(|_| CostError(format!("cost model: {k}=`{v}` is not a number")))?;
            match k {
                "leaf" => m.leaf = x,
                "interior" => m.interior = x,
                "message" => m.message = x,
                "rho" if m.name == "unit" => m.message = x / 2.0,
                "latency" => m.latency = x,
                "jitter" => {
                    m.jitter = x;
                    jitter_given = true
                }
                "multicast" => m.multicast = x != 0.0,
                _ => {
                    return Err(CostError(format!(
                        "cost model `{}`: unknown key `{k}`",
                        m.name
                    )))
                }
            }
        }
        if !jitter_given {
            m.jitter = 2.0 * (m.message + m.leaf.max(m.interior));
        }
        m.validate()?;
        Ok(m)
    }
}

impl fmt::Display for CostModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:leaf={},interior={},message={},latency={},multicast={}",
            self.name, self.leaf, self.interior, self.message, self.latency, self.multicast as u8
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_overrides() {
        let u = CostModel::parse(None).unwrap();
        assert_eq!((u.leaf, u.interior, u.message), (1.0, 0.0, 0.5));
        let u = CostModel::parse(Some("unit:rho=4,interior=1")).unwrap();
        assert_eq!((u.interior, u.message), (1.0, 2.0));
        let a = CostModel::parse(Some("arachne")).unwrap();
        assert!((a.message - 1.0 / 70.0).abs() < 1e-12 && a.leaf == 0.01);
        for bad in [
            "nope",
            "unit:rho=x",
            "unit:foo=1",
            "unit:rho=0",
            "unit:leaf=-1",
            "unit;rho=1",
            "unit:message=1,message=2",
            "unit:leaf=0,interior=0",
            "unit:latency=1e308",
        ] {
            let e = CostModel::parse(Some(bad)).unwrap_err();
            assert!(!e.0.contains('\n'), "{bad}");
            assert!(e.0.len() < 200, "{bad}: {e}");
        }
        let e = CostModel::parse(Some("unit:message=1,message=2")).unwrap_err();
        assert!(e.0.contains("`message` given twice"), "{e}");
        let e = CostModel::parse(Some("unit:latency=1e308")).unwrap_err();
        assert!(e.0.contains("latency=1e308"), "{e}");
    }
}
