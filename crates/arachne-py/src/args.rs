//! Keyword arguments as typed requests: `search`'s as an [`arachne::SearchRequest`], `nbp`'s
//! as an [`NbpRequest`], `experiment`'s as the experiments' [`Options`]. Each keyword maps to
//! one field; `None` means "not given". A keyword the function does not take, a value of the
//! wrong type and a number out of range are refused with a `ValueError` of one line naming the
//! keyword (the ranges are the command line's: `depth=0` is refused as `--depth 0` is).
use arachne::SearchRequest;
use arachne_analysis::request::{Method, NbpRequest};
use arachne_analysis::TreeModel;
use arachne_experiments::rbfm_othello::Matching;
use arachne_experiments::scale::parse_depths;
use arachne_experiments::{Options, Progress, Scale};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

/// The keyword arguments of `search`, each a field of [`SearchRequest`].
pub const SEARCH_OPTIONS: &[&str] = &[
    "depth",
    "procs",
    "threads",
    "backend",
    "cost",
    "nodes",
    "time_ms",
    "ordering",
    "preorder",
    "quiescence",
    "check_extension",
    "null_move",
    "hash",
    "memory",
    "latency_seed",
];

/// The keyword arguments of `nbp` besides `exact`, `trials` and `seed`.
const NBP_OPTIONS: &[&str] = &["range", "model", "force"];

/// The keyword arguments of `experiment` besides `quick`, `out` and `seed`: the sizes of
/// [`Scale`].
const EXPERIMENT_OPTIONS: &[&str] = &[
    "trees",
    "depths",
    "openings",
    "branching",
    "matching",
    "scale",
    "engine",
];

fn bad(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}

/// `v` as the user wrote it, shortened.
fn shown(v: &Bound<'_, PyAny>) -> String {
    let r = v
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    arachne_core::parse::clip(&r, 40)
}

/// Refuses the keywords of `options` that are not in `known`, naming them all.
fn refuse_unknown(what: &str, options: &Bound<'_, PyDict>, known: &[&str]) -> PyResult<()> {
    let mut unknown = Vec::new();
    for key in options.keys() {
        let key: String = key.extract()?;
        if !known.contains(&key.as_str()) {
            unknown.push(format!("`{}`", arachne_core::parse::clip(&key, 40)));
        }
    }
    if unknown.is_empty() {
        return Ok(());
    }
    let s = if unknown.len() == 1 { "" } else { "s" };
    Err(bad(format!(
        "{what}: unknown keyword argument{s} {} (known: {})",
        unknown.join(", "),
        known.join(", ")
    )))
}

/// `v` as an integer in `lo..=hi` (a `bool` is not one).
fn int(key: &str, v: &Bound<'_, PyAny>, lo: u64, hi: u64) -> PyResult<u64> {
    let not_int = || bad(format!("{key}={}: expected an integer", shown(v)));
    // Below `lo` with no upper bound: "at least"; else the whole range.
    let range = |too_large: bool| {
        bad(if hi == u64::MAX && !too_large {
            format!("{key}={}: must be at least {lo}", shown(v))
        } else {
            format!("{key}={}: must be in {lo}..={hi}", shown(v))
        })
    };
    let negative = || {
        bad(format!(
            "{key}={}: negative numbers are not allowed",
            shown(v)
        ))
    };
    if v.is_instance_of::<PyBool>() {
        return Err(not_int());
    }
    let x = match (v.extract::<i64>(), v.extract::<u64>()) {
        (Ok(i), _) if i < 0 => return Err(negative()),
        (Ok(i), _) => i as u64,
        (Err(_), Ok(u)) => u,
        (Err(_), Err(_)) => {
            // Past 64 bits, or not an integer at all.
            if v.call_method0("__index__").is_err() {
                return Err(not_int());
            }
            return Err(if v.lt(0)? { negative() } else { range(true) });
        }
    };
    if (lo..=hi).contains(&x) {
        Ok(x)
    } else {
        Err(range(x > hi))
    }
}

/// `v` as `True` or `False`.
fn flag(key: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !v.is_instance_of::<PyBool>() {
        return Err(bad(format!("{key}={}: expected True or False", shown(v))));
    }
    v.extract()
}

/// `v` as a string.
fn text(key: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    if !v.is_instance_of::<PyString>() {
        return Err(bad(format!("{key}={}: expected a string", shown(v))));
    }
    v.extract()
}

/// The keyword arguments given (not `None`), with their names.
fn given<'py>(options: Option<&Bound<'py, PyDict>>) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
    let mut out = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            if !v.is_none() {
                out.push((k.extract()?, v));
            }
        }
    }
    Ok(out)
}

/// The request `search(game, algo, **options)` makes. `backend="sim"` is the default and
/// leaves the field unset (as the command line without `--backend`; the report's `backend`
/// is then `None`); `False` leaves a flag unset.
pub fn request(
    game: &str,
    algo: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<SearchRequest> {
    let mut req = SearchRequest::new(game, algo);
    if let Some(o) = options {
        refuse_unknown("search", o, SEARCH_OPTIONS)?;
    }
    for (key, v) in given(options)? {
        let k = key.as_str();
        let v = &v;
        match k {
            "depth" => req.depth = Some(int(k, v, 1, arachne::MAX_SEARCH_DEPTH.into())? as u32),
            "procs" => req.procs = Some(int(k, v, 1, arachne::MAX_PROCS.into())? as u32),
            "threads" => req.threads = Some(int(k, v, 1, arachne::MAX_THREADS.into())? as u32),
            "backend" => {
                let b = text(k, v)?;
                req.backend = (b != "sim").then_some(b);
            }
            "cost" => req.cost = Some(text(k, v)?),
            "nodes" => req.nodes = Some(int(k, v, 1, u64::MAX)?),
            "time_ms" => req.time_ms = Some(int(k, v, 0, u64::MAX)?),
            "ordering" => req.ordering = flag(k, v)?,
            "preorder" => req.preorder = flag(k, v)?,
            "quiescence" => req.quiescence = flag(k, v)?,
            "check_extension" => req.check_extension = flag(k, v)?,
            "null_move" => req.null_move = flag(k, v)?,
            "hash" => req.hash = Some(int(k, v, 0, arachne_core::tt::MAX_MIB as u64)? as usize),
            "memory" => req.memory = Some(int(k, v, 1, arachne::MAX_MEMORY_MIB)?),
            "latency_seed" => req.latency_seed = int(k, v, 0, u64::MAX)?,
            _ => unreachable!("refused above: {k}"),
        }
    }
    Ok(req)
}

/// The request `nbp(n, d, exact, trials=, seed=, **options)` makes: the exact fraction, or
/// Monte Carlo (no progress display) on the tree model `model` (`"iid"`, the default, with
/// `range` equally likely bottom values or continuous ones; `"incremental"`). `range` and
/// `model` are refused with `exact`, which is for the continuous i.i.d. model only.
pub fn nbp_request(
    n: &Bound<'_, PyAny>,
    d: &Bound<'_, PyAny>,
    exact: bool,
    trials: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<NbpRequest> {
    let n = int("n", n, 0, u32::MAX.into())? as u32;
    let d = int("d", d, 0, u32::MAX.into())? as u32;
    let trials = int("trials", trials, 0, u64::MAX)?;
    let seed = int("seed", seed, 0, u64::MAX)?;
    if let Some(o) = options {
        refuse_unknown("nbp", o, NBP_OPTIONS)?;
    }
    let (mut range, mut model, mut force) = (None, None, false);
    for (key, v) in given(options)? {
        let k = key.as_str();
        match k {
            "range" => range = Some(int(k, &v, 0, u32::MAX.into())? as u32),
            "model" => model = Some(text(k, &v)?),
            "force" => force = flag(k, &v)?,
            _ => unreachable!("refused above: {k}"),
        }
    }
    let model = match model.as_deref() {
        None | Some("iid") => TreeModel::Iid { range },
        Some("incremental") if range.is_some() => {
            return Err(bad("range= applies to model=\"iid\" only"))
        }
        Some("incremental") => TreeModel::Incremental,
        Some(other) => {
            return Err(bad(format!(
                "model=\"{}\": expected \"iid\" or \"incremental\"",
                arachne_core::parse::clip(other, 40)
            )))
        }
    };
    let method = if exact {
        if model != (TreeModel::Iid { range: None }) {
            return Err(bad(
                "exact=True is for the continuous i.i.d. model only (drop range= / model=, or give exact=False)",
            ));
        }
        Method::Exact
    } else {
        Method::MonteCarlo {
            model,
            trials,
            seed,
            progress: false,
        }
    };
    Ok(NbpRequest {
        n,
        d,
        method,
        force,
    })
}

/// `depths=`: `"A-B"`, one depth, or a pair `(A, B)`.
fn depths(v: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    let wrong = |e: String| bad(format!("depths={}: {e}", shown(v)));
    if v.is_instance_of::<PyString>() {
        return parse_depths(&v.extract::<String>()?).map_err(wrong);
    }
    if let Ok((a, b)) = v.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>() {
        let bound = u32::MAX.into();
        return Ok((
            int("depths", &a, 0, bound)? as u32,
            int("depths", &b, 0, bound)? as u32,
        ));
    }
    let x = int("depths", v, 0, u32::MAX.into())? as u32;
    Ok((x, x))
}

/// `branching=`: one branching factor or a sequence of them.
fn branching(v: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    let one = |x: &Bound<'_, PyAny>| int("branching", x, 0, u32::MAX.into()).map(|b| b as u32);
    if v.is_instance_of::<PyString>() || v.is_instance_of::<PyBool>() {
        return Err(bad(format!(
            "branching={}: expected an integer or a list of integers",
            shown(v)
        )));
    }
    if let Ok(items) = v.try_iter() {
        return items.map(|x| one(&x?)).collect();
    }
    Ok(vec![one(v)?])
}

/// The options `experiment(name, quick, out, seed=, **sizes)` makes (no progress display;
/// `seed=None` is the command line's default, 1).
pub fn experiment_options(
    quick: bool,
    out: std::path::PathBuf,
    seed: &Bound<'_, PyAny>,
    sizes: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let seed = if seed.is_none() {
        1
    } else {
        int("seed", seed, 0, u64::MAX)?
    };
    if let Some(o) = sizes {
        refuse_unknown("experiment", o, EXPERIMENT_OPTIONS)?;
    }
    let mut scale = Scale::default();
    for (key, v) in given(sizes)? {
        let k = key.as_str();
        let v = &v;
        match k {
            "trees" => scale.trees = Some(int(k, v, 0, u32::MAX.into())? as u32),
            "depths" => scale.depths = Some(depths(v)?),
            "openings" => scale.openings = Some(int(k, v, 0, u32::MAX.into())? as usize),
            "branching" => scale.branching = Some(branching(v)?),
            "matching" => {
                let m = text(k, v)?;
                scale.matching = Some(
                    Matching::parse(&m).map_err(|e| bad(format!("matching={}: {e}", shown(v))))?,
                );
            }
            "scale" => match text(k, v)?.as_str() {
                "full" => {}
                "paper" => scale.paper = true,
                _ => {
                    return Err(bad(format!(
                        "scale={}: expected \"full\" or \"paper\"",
                        shown(v)
                    )))
                }
            },
            "engine" => {
                scale.engine = Some(
                    v.extract()
                        .map_err(|_| bad(format!("engine={}: expected a path", shown(v))))?,
                )
            }
            _ => unreachable!("refused above: {k}"),
        }
    }
    Ok(Options {
        quick,
        out,
        seed,
        progress: Progress::hidden(),
        scale,
    })
}
