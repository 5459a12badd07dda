//! Parsing an algorithm with its options, `name:key=value,…` (the one-line catalogue of every
//! option is [`NAMES`]): an unknown name or option, or a bad value, is one line naming it.
use crate::algo::{BatchOptions, NAMES};
use crate::subsearch::Worker;
use crate::tree_split::{AlphaRaise, TreeSplitOptions};
use crate::{baudet, err, knm, type_guided, ParAlgo, ParError, TypeGuidedOptions};
use std::str::FromStr;
impl FromStr for ParAlgo {
    type Err = ParError;
    fn from_str(s: &str) -> Result<Self, ParError> {
        let mut spec = arachne_core::parse::Spec::parse(s, "algorithm").map_err(ParError)?;
        let name = spec.name.to_ascii_lowercase();
        let mut take = |k: &str| spec.take(k);
        fn num<T: FromStr>(name: &str, k: &str, v: Option<String>) -> Result<Option<T>, ParError> {
            v.map(|v| {
                v.parse::<T>().map_err(|_| {
                    // A number too large for its field is out of range, not "not a number".
                    let digits = v.strip_prefix(['-', '+']).unwrap_or(&v);
                    let what = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                        "is out of range"
                    } else {
                        "is not a valid number"
                    };
                    ParError(format!("{name}: {k}=`{v}` {what}"))
                })
            })
            .transpose()
        }
        let flag = |k: &str, v: Option<String>| -> Result<bool, ParError> {
            match v.as_deref() {
                None | Some("0") | Some("false") => Ok(false),
                Some("1") | Some("true") => Ok(true),
                Some(o) => err(format!("{name}: {k}=`{o}` must be 0 or 1")),
            }
        };
        // A flag whose default is `def` when not given.
        let flag_or = |k: &str, v: Option<String>, def: bool| -> Result<bool, ParError> {
            match v {
                None => Ok(def),
                v => flag(k, v),
            }
        };
        let worker = match take("worker").as_deref() {
            None | Some("engine") => Worker::Engine,
            Some("stepper") => Worker::Stepper,
            Some(o) => return err(format!("{name}: worker=`{o}` must be engine or stepper")),
        };
        let algo = match name.as_str() {
            "tree-split" | "treesplit" | "tree-splitting" => {
                let raise = match take("raise").as_deref() {
                    None | Some("none") => AlphaRaise::None,
                    Some("last") => AlphaRaise::Last,
                    Some("general") => AlphaRaise::General,
                    Some(o) => {
                        return err(format!(
                            "tree-split: raise=`{o}` must be none, last or general"
                        ))
                    }
                };
                {
                    // Defaults: `master=1` and `preorder=1` (see the crate docs); `grand=1`
                    // turns the default `master` off (they do not combine).
                    let grand = flag("grand", take("grand"))?;
                    let o = TreeSplitOptions {
                        f: num(&name, "f", take("f"))?,
                        q: num(&name, "q", take("q"))?,
                        raise,
                        master_searches: flag_or("master", take("master"), !grand)?,
                        grand,
                        preorder: flag_or("preorder", take("preorder"), true)?,
                        quiescence: flag("quiescence", take("quiescence"))?,
                        pv_split: take("pv").map(|v| flag("pv", Some(v))).transpose()?,
                        iterate: take("id").map(|v| flag("id", Some(v))).transpose()?,
                        step: num(&name, "step", take("step"))?,
                        ..Default::default()
                    };
                    if o.step == Some(0) {
                        return err("tree-split: step=0: the iterations deepen at least 1 ply");
                    }
                    if o.step.is_some() && o.iterate == Some(false) {
                        return err(
                            "tree-split: step=K is id=1's step; it cannot be given with id=0",
                        );
                    }
                    if o.pv_split == Some(true) && (o.grand || o.raise != AlphaRaise::None) {
                        return err("tree-split: pv=1 cannot be combined with grand=1 or raise");
                    }
                    if o.grand && (o.master_searches || o.raise != AlphaRaise::None) {
                        return err(
                            "tree-split: grand=1 cannot be combined with master=1 or raise",
                        );
                    }
                    ParAlgo::TreeSplit(o)
                }
            }
            "baudet" => {
                let width = num(&name, "width", take("width"))?;
                // Windows narrower than one value, or wider than the range of values, are
                // nonsense (and j·width must not overflow for thousands of windows).
                if width.is_some_and(|w: i64| !(1..=1 << 32).contains(&w)) {
                    return err("baudet: width must be in 1..=4294967296");
                }
                ParAlgo::Baudet(baudet::BaudetOptions {
                    center: num(&name, "center", take("center"))?,
                    width,
                    preorder: flag("preorder", take("preorder"))?,
                    quiescence: flag("quiescence", take("quiescence"))?,
                    ..Default::default()
                })
            }
            "palphabeta-par" | "pbound" => {
                let o = BatchOptions {
                    f: num(&name, "f", take("f"))?,
                    q: num(&name, "q", take("q"))?,
                    preorder: flag("preorder", take("preorder"))?,
                    quiescence: flag("quiescence", take("quiescence"))?,
                    ..Default::default()
                };
                if name == "pbound" {
                    ParAlgo::PBound(o)
                } else {
                    ParAlgo::PAlphaBetaPar(o)
                }
            }
            "knm" | "key-node" => {
                let d = knm::KnmOptions::default();
                let on = |k: &str, v: Option<String>, def: bool| -> Result<bool, ParError> {
                    match v.as_deref() {
                        None => Ok(def),
                        Some("0") | Some("false") => Ok(false),
                        Some("1") | Some("true") => Ok(true),
                        Some(o) => err(format!("knm: {k}=`{o}` must be 0 or 1")),
                    }
                };
                let model = match take("model").as_deref() {
                    None | Some("dist") | Some("distributed") => knm::Model::Dist,
                    Some("pooled") => knm::Model::Pooled,
                    Some(o) => return err(format!("knm: model=`{o}` must be dist or pooled")),
                };
                let o = knm::KnmOptions {
                    fifo: on("fifo", take("fifo"), d.fifo)?,
                    suppress: on("suppress", take("suppress"), d.suppress)?,
                    deepening: on("deepening", take("deepening"), d.deepening)?,
                    preorder: on("preorder", take("preorder"), d.preorder)?,
                    quiescence: on("quiescence", take("quiescence"), d.quiescence)?,
                    model,
                    seed: num(&name, "seed", take("seed"))?.unwrap_or(d.seed),
                    grain: num(&name, "grain", take("grain"))?,
                    ..d
                };
                o.check().map_err(ParError)?;
                ParAlgo::Knm(o)
            }
            "type-guided" | "typeguided" => {
                let (f, fanouts) = match take("f") {
                    Some(v) if v.contains('/') => {
                        let mut fs = [0u32; type_guided::MAX_LEVELS];
                        let parts: Vec<&str> = v.split('/').collect();
                        if parts.len() > fs.len() {
                            return err(format!(
                                "type-guided: f=`{v}` has more than {} levels",
                                fs.len()
                            ));
                        }
                        for (k, p) in parts.iter().enumerate() {
                            match p.trim().parse::<u32>() {
                                Ok(x) if x >= 1 => fs[k] = x,
                                _ => {
                                    return err(format!(
                                        "type-guided: f=`{v}` must be fan-outs ≥ 1 separated by /"
                                    ))
                                }
                            }
                        }
                        (None, Some(fs))
                    }
                    v => (num(&name, "f", v)?, None),
                };
                let o = TypeGuidedOptions {
                    f,
                    fanouts,
                    levels: num(&name, "levels", take("levels"))?,
                    preorder: flag_or("preorder", take("preorder"), true)?,
                    guess: flag_or("guess", take("guess"), true)?,
                    master_searches: flag_or("master", take("master"), true)?,
                    serial: num(&name, "serial", take("serial"))?,
                    step: num(&name, "step", take("step"))?,
                    quiescence: flag("quiescence", take("quiescence"))?,
                    check_extension: false,
                    null_move: false,
                    worker: Worker::Engine,
                };
                if o.f == Some(0) {
                    return err("type-guided: f must be at least 1");
                }
                if o.step == Some(0) {
                    return err("type-guided: step must be at least 1");
                }
                ParAlgo::TypeGuided(o)
            }
            other => {
                return err(format!(
                    "unknown parallel algorithm `{other}` (known: {})",
                    NAMES.join(", ")
                ))
            }
        };
        if let Some(k) = spec.leftover() {
            return err(format!("{name}: unknown option `{k}`"));
        }
        algo.with_worker(worker)
    }
}
