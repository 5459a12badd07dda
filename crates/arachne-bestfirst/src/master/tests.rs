//! Tests of master–slave RBFM (seed 002 §6.1): a slave's replay of its jobs' paths, and a
//! corrupt job answered with a fault that ends the master's search.
use super::*;
use arachne_core::rng::hash2;
use arachne_games::{Checkers, Chess};
use arachne_runtime::{CostModel, Path, PathError};

fn slave<G: Game>(root: &G) -> SlaveState<G> {
    slave_state(root, None, false, &BfOptions::new(Kind::Rbfm))
}

/// Random paths sharing prefixes, as a master's jobs do.
fn paths<G: Game>(root: &G, n: usize, seed: u64) -> Vec<Path> {
    let mut draws = 0u64;
    let mut below = |n: u64| {
        draws += 1;
        hash2(seed, draws) % n
    };
    let mut out: Vec<Path> = Vec::new();
    let mut moves = Vec::new();
    for k in 0..n {
        // Start from a prefix of an earlier path, then walk at random.
        let mut path = Path::ROOT;
        if let Some(prev) = out.get(k.saturating_sub(1 + below(3) as usize)) {
            let keep = below(prev.plies() as u64 + 1) as usize;
            for i in prev.indices().take(keep) {
                path.push(i);
            }
        }
        let mut pos = path.replay(root).unwrap();
        for _ in 0..below(8) {
            pos.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let i = below(moves.len() as u64) as u32;
            pos = pos.play(moves[i as usize]);
            path.push(i);
        }
        out.push(path);
    }
    out
}

fn replays_like_the_path<G: Game>(root: &G, seed: u64) {
    let mut s = slave(root);
    for p in paths(root, 300, seed) {
        let a = s.replay(&p).unwrap();
        let b = p.replay(root).unwrap();
        assert_eq!(a.hash(), b.hash());
        assert_eq!(a.evaluate(), b.evaluate());
    }
}

#[test]
fn a_slave_replays_each_job_from_the_prefix_it_shares_with_the_last() {
    replays_like_the_path(&Chess::default(), 1);
    replays_like_the_path(&Checkers::default(), 2);
}

#[test]
fn a_bad_index_is_a_fault_never_a_panic() {
    let root = Checkers::default();
    let mut s = slave(&root);
    let good = Path::ROOT.with(2).with(1);
    let bad = good.with(60);
    assert!(matches!(
        s.replay(&bad),
        Err(PathError::NoSuchMove {
            ply: 2,
            index: 60,
            ..
        })
    ));
    // The slave is still consistent after the error.
    assert_eq!(
        s.replay(&good).unwrap().hash(),
        good.replay(&root).unwrap().hash()
    );
    // As a job, the answer is a fault...
    let cost = CostModel::unit(1.0);
    let mut env = Env::new(1, &cost);
    let answer = s.on_job(Msg::Expand { leaf: 5, path: bad }, &mut env);
    assert!(
        matches!(&answer, Some(Msg::Fault { error }) if error.contains("path index 60 at ply 2")),
        "{answer:?}"
    );
    let answer = s.on_job(
        Msg::Resolve {
            node: 5,
            path: good,
            kids: vec![0, 99],
        },
        &mut env,
    );
    assert!(
        matches!(&answer, Some(Msg::Fault { error }) if error.contains("child index 99")),
        "{answer:?}"
    );
    // ...and the master ends the search with it.
    let cfg = MasterConfig::new(BfOptions::new(Kind::Rbfm), 2);
    let mut procs = processes(&root, &cfg);
    let RbfmProc::Master(m) = &mut procs[0] else {
        unreachable!()
    };
    let mut env = Env::new(0, &cost);
    m.dispatch(&mut env);
    m.reply(
        1,
        Msg::Fault {
            error: "broken".into(),
        },
        &mut env,
    );
    assert_eq!(m.fault.as_deref(), Some("broken"));
    assert!(m.done);
}
