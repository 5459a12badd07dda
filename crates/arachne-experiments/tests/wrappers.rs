//! Every game wrapper forwards every hook of `arachne_core::Game`.
//!
//! How this stays true when the trait or the wrappers change (see `arachne_core::probe`):
//! * a hook added to the trait fails `arachne-core`'s `hooks_list_every_item_of_the_trait`
//!   until it is listed in `probe::HOOKS`, and `probe::check_forwarding` refuses a listed hook
//!   it has no check for;
//! * `each_wrapper_forwards_every_hook` below runs `check_forwarding` through every wrapper: a
//!   wrapper that leaves a hook to the trait's default body fails it (the probe's hooks return
//!   values the defaults never do);
//! * `every_generic_wrapper_is_probed` finds every `impl<…> Game for W<…>` in the workspace's
//!   sources and fails unless this file calls `check_forwarding` on `W`.
use arachne_bestfirst::compare::Counting;
use arachne_core::probe::{check_forwarding, Probe};
use arachne_core::RootMoves;
use arachne_parallel::smp::work_span::Evaluated;
use arachne_runtime::Pathed;
use std::path::Path;

#[test]
fn each_wrapper_forwards_every_hook() {
    let p = Probe::default;
    check_forwarding(|| Pathed::root(p())).unwrap();
    check_forwarding(|| Counting(p())).unwrap();
    check_forwarding(|| Evaluated(p())).unwrap();
    // Wrappers of wrappers too (MPI runs Pathed positions of any game).
    check_forwarding(|| Pathed::root(Counting(p()))).unwrap();
    check_forwarding(|| Evaluated(Pathed::root(p()))).unwrap();
    // `go searchmoves`: below its root a `RootMoves` is the game itself. (The root has its own
    // table key by design, so its `hash` is not the game's; its other hooks are tested in
    // `arachne-core`'s `root_moves` tests.)
    check_forwarding(|| RootMoves::unrestricted(p())).unwrap();
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_generic_wrapper_is_probed() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    for c in std::fs::read_dir(crates).unwrap() {
        let src = c.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let this = include_str!("wrappers.rs");
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for line in text.lines() {
            let l = line.trim_start();
            // A generic impl of the trait: a wrapper around another game.
            let Some(rest) = l.strip_prefix("impl<") else {
                continue;
            };
            let Some(i) = rest.find("> Game for ") else {
                continue;
            };
            let name: String = rest[i + "> Game for ".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            assert!(
                this.contains(&format!("check_forwarding(|| {name}")),
                "{}: wrapper `{name}` is not probed in {}",
                f.display(),
                file!()
            );
            found.push(name);
        }
    }
    // The search itself works: it finds the wrappers known when this was written.
    for w in ["Counting", "Evaluated", "Pathed"] {
        assert!(found.iter().any(|f| f == w), "{w} not found: {found:?}");
    }
}
