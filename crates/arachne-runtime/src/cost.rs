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
//! * `measured[:...]` — this machine's figures, in seconds: what a node of the processors'
//!   serial search and a message of the threads runtime cost here, measured before the run
//!   (`arachne_parallel::calibrate`; `arachne search --cost measured`). [`CostModel::parse`]
//!   cannot measure (it has no game): it refuses `measured`, and the caller that can measures
//!   and applies the overrides with [`CostModel::parse_measured`].
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

    /// This machine's figures (`measured`): a node, interior or bottom, costs `node` seconds, a
    /// message `message` seconds at its sender and `latency` more until it is delivered.
    pub fn measured(node: f64, message: f64, latency: f64) -> CostModel {
        CostModel {
            name: "measured",
            leaf: node,
            interior: node,
            message,
            multicast: false,
            latency,
            jitter: 2.0 * (message + node),
            unit: "s",
        }
    }

    /// True when `spec` names the `measured` model (`measured` or `measured:…`), which the
    /// caller must measure and pass to [`CostModel::parse_measured`].
    pub fn is_measured(spec: Option<&str>) -> bool {
        spec.is_some_and(|s| {
            let name = s.trim().split(':').next().unwrap_or("");
            name.trim().eq_ignore_ascii_case("measured")
        })
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

    /// Parses `NAME[:key=value,...]`; `None` is `unit`. `measured` is refused here (see the
    /// module docs).
    pub fn parse(spec: Option<&str>) -> Result<CostModel, CostError> {
        Self::parse_inner(spec, None)
    }

    /// Parses `measured[:key=value,...]` with `base`, the figures measured on this machine;
    /// the keys override them as in [`CostModel::parse`].
    pub fn parse_measured(spec: &str, base: CostModel) -> Result<CostModel, CostError> {
        Self::parse_inner(Some(spec), Some(base))
    }

    fn parse_inner(
        spec: Option<&str>,
        measured: Option<CostModel>,
    ) -> Result<CostModel, CostError> {
        let spec = spec.unwrap_or("unit").trim();
        let parsed = arachne_core::parse::Spec::parse(spec, "cost model").map_err(CostError)?;
        let mut m = match (parsed.name.to_ascii_lowercase().as_str(), measured) {
            ("unit", _) => CostModel::unit(1.0),
            ("arachne", _) => CostModel::arachne(),
            ("measured", Some(base)) => base,
            ("measured", None) => {
                return Err(CostError(
                    "cost model `measured` (this machine's costs, measured on the game before the search) is taken by the alpha-beta message-passing searches (tree-split, type-guided, knm, baudet, palphabeta-par, pbound), not by this one".into(),
                ))
            }
            (other, _) => {
                return Err(CostError(format!(
                    "unknown cost model `{other}` (known: unit, arachne, measured)"
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
        if self.name == "measured" {
            // Seconds: nanoseconds and microseconds read better in scientific notation.
            return write!(
                f,
                "{}:leaf={:.3e},interior={:.3e},message={:.3e},latency={:.3e},multicast={}",
                self.name,
                self.leaf,
                self.interior,
                self.message,
                self.latency,
                self.multicast as u8
            );
        }
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
    fn measured_needs_its_figures() {
        let e = CostModel::parse(Some("measured")).unwrap_err();
        assert!(e.0.contains("measured"), "{e}");
        assert!(CostModel::is_measured(Some(" Measured:latency=0")));
        assert!(!CostModel::is_measured(Some("arachne")) && !CostModel::is_measured(None));
        let base = CostModel::measured(5e-8, 2e-7, 4e-6);
        let m = CostModel::parse_measured("measured", base.clone()).unwrap();
        assert_eq!(m, base);
        assert_eq!((m.leaf, m.interior, m.unit), (5e-8, 5e-8, "s"));
        let m = CostModel::parse_measured("measured:latency=0,message=1e-6", base).unwrap();
        assert_eq!((m.leaf, m.message, m.latency), (5e-8, 1e-6, 0.0));
        assert!(CostModel::parse_measured("measured:foo=1", m).is_err());
    }

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
