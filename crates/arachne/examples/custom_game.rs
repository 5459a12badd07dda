//! A game of your own, searched by a serial search, ABDADA on two threads and tree-splitting
//! on 16 simulated processors, all through one `&mut dyn Searcher`.
//!
//! Run: `cargo run --release -p arachne --example custom_game`
use arachne::{Game, Limits, Score, Searcher};

/// Nim: heaps of stones; a move takes one or more stones from one heap; whoever cannot move
/// has lost.
#[derive(Clone, Debug)]
struct Nim(Vec<u8>);

impl Game for Nim {
    /// (heap, stones taken)
    type Move = (u8, u8);

    fn moves(&self, out: &mut Vec<(u8, u8)>) {
        out.clear();
        for (heap, &stones) in self.0.iter().enumerate() {
            out.extend((1..=stones).map(|take| (heap as u8, take)));
        }
    }

    fn play(&self, (heap, take): (u8, u8)) -> Nim {
        let mut next = self.0.clone();
        next[heap as usize] -= take;
        Nim(next)
    }

    fn evaluate(&self) -> Score {
        // Called at the end (no stones: the side to move has lost) or at the horizon.
        if self.0.iter().all(|&s| s == 0) {
            Score::LOSS
        } else {
            Score::DRAW
        }
    }

    fn move_name(&self, (heap, take): (u8, u8)) -> String {
        format!("{take}@{heap}")
    }
}

fn main() -> Result<(), arachne::RunError> {
    let root = Nim(vec![3, 4, 5]);
    let depth = 12; // every stone taken: the game's end
    let mut searchers: Vec<(&str, Box<dyn Searcher<Nim>>)> = vec![
        ("alphabeta, serial", arachne::search("alphabeta").build()?),
        (
            "abdada, 2 threads",
            arachne::search("abdada").threads(2).build()?,
        ),
        (
            "tree-split, 16 simulated processors",
            arachne::search("tree-split").procs(16).build()?,
        ),
    ];
    let mut values = Vec::new();
    for (name, searcher) in &mut searchers {
        let s: &mut dyn Searcher<Nim> = searcher.as_mut();
        let out = s.search(&root, &Limits::depth(depth))?;
        let best = out.best_move.map(|m| root.move_name(m));
        println!(
            "{name:<36} value {:>11}  best move {}  nodes {}",
            out.value.to_string(),
            best.as_deref().unwrap_or("-"),
            out.stats.nodes()
        );
        values.push(out.value);
    }
    assert!(
        values.windows(2).all(|w| w[0] == w[1]),
        "the searches disagree"
    );
    println!("all three agree: the side to move wins (3 xor 4 xor 5 = 2, not 0).");
    Ok(())
}
