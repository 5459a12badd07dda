//! A probe for game wrappers: does a wrapper forward **every** hook of [`Game`]?
//!
//! A wrapper (a `Game` that holds another game's position: `Pathed`, `Counting`,
//! `Evaluated`, …) that forgets to forward a hook with a default body (`in_check`,
//! `null_move`, `successor_values`, …) compiles and runs: the trait's default then switches the
//! feature off without a word (no check extension, no null move, no quiescence). This module
//! makes that a test failure:
//!
//! * [`Probe`] is a game whose every hook records that it was called ([`calls`]) and returns a
//!   distinctive value that the trait's default would not return (e.g. `in_check` is true,
//!   `successor_values` gives `777 + move`, which is *not* `play(mv).evaluate()`, so a wrapper
//!   falling back to the default body is caught even when it calls `play` and `evaluate`).
//! * [`HOOKS`] lists every item of the trait by name, and [`check_forwarding`] has one check
//!   per name: it calls the hook through the wrapper, asserts the probe was reached and the
//!   distinctive value came back. A name without a check is an error.
//! * [`trait_items`] reads the trait's items from the source of `game.rs` (embedded at compile
//!   time), and this crate's test `hooks_list_every_item_of_the_trait` asserts it equals
//!   [`HOOKS`]. So adding a hook to the trait fails that test until the hook is added to
//!   [`HOOKS`], which fails [`check_forwarding`] until it has a check, which fails every
//!   wrapper's test until the wrapper forwards it.
//! * The test `every_generic_wrapper_is_probed` (`crates/arachne-experiments/tests/wrappers.rs`,
//!   a crate that sees every wrapper) finds every `impl<…> Game for W<…>` in the workspace's
//!   sources and requires that file to call `check_forwarding` on `W`, so a new wrapper cannot
//!   skip the probe either.
//!
//! The probe breaks the trait's contract on purpose (`successor_values` disagrees with `play`
//! then `evaluate`; `is_terminal` is true at a position with moves): it is for these checks
//! only, never for a search.
use crate::{Game, Score};
use std::cell::RefCell;

thread_local! {
    static CALLS: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

fn record(hook: &'static str) {
    CALLS.with(|c| c.borrow_mut().push(hook));
}

/// The hooks of [`Probe`] called on this thread since the last [`reset`], in order.
pub fn calls() -> Vec<&'static str> {
    CALLS.with(|c| c.borrow().clone())
}

/// Forgets the calls recorded on this thread.
pub fn reset() {
    CALLS.with(|c| c.borrow_mut().clear());
}

/// Every item of the [`Game`] trait except the associated type `Move`, by name: the required
/// and the provided methods and the associated constants. Kept equal to the trait by the test
/// `hooks_list_every_item_of_the_trait` (see the module docs).
pub const HOOKS: &[&str] = &[
    "moves",
    "play",
    "evaluate",
    "successor_values",
    "is_terminal",
    "in_check",
    "null_move",
    "hash",
    "noisy_moves",
    "order_hint",
    "history_index",
    "HISTORY_SIZE",
    "TRANSPOSITIONS",
    "move_name",
    "parse_move",
];

/// The source of the trait, embedded so that [`trait_items`] sees the trait this crate was
/// built with.
const GAME_RS: &str = include_str!("game.rs");

/// The names of the items (`fn` and `const`) declared in the body of `pub trait Game` in
/// `game.rs`, in order.
pub fn trait_items() -> Vec<String> {
    let start = GAME_RS.find("pub trait Game").expect("the trait");
    let body = &GAME_RS[start..];
    let end = body.find("\n}\n").expect("the end of the trait");
    let mut out = Vec::new();
    for line in body[..end].lines().skip(1) {
        let l = line.trim_start();
        // Items of the trait are indented once; nested lines (bodies) more.
        let indent = line.len() - l.len();
        if indent != 4 {
            continue;
        }
        let rest = if let Some(r) = l.strip_prefix("fn ") {
            r
        } else if let Some(r) = l.strip_prefix("const ") {
            r
        } else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        out.push(name);
    }
    out
}

/// The probe game (module docs). Three moves `0, 1, 2` at every position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Probe {
    /// Plies from the root.
    pub ply: u32,
    /// The position after a null move.
    pub null: bool,
}

/// `evaluate` at a probe position that is not a null-move position: `EVAL + ply`.
pub const EVAL: i32 = 123;
/// `evaluate` after a null move.
pub const NULL_EVAL: i32 = -321;
/// `successor_values`: `SUCC + move` (not `play(mv).evaluate()`).
pub const SUCC: i32 = 777;
/// `hash`.
pub const HASH: u64 = 0x5eed_cafe_f00d;
/// `order_hint`: `HINT + move`.
pub const HINT: i32 = 40;
/// `Probe::HISTORY_SIZE`.
pub const HISTORY: usize = 7;
/// The only noisy move.
pub const NOISY: u8 = 2;
/// A name only the probe's own `parse_move` knows (for move 1).
pub const ALIAS: &str = "alias-of-m1";

impl Game for Probe {
    type Move = u8;

    fn moves(&self, out: &mut Vec<u8>) {
        record("moves");
        out.clear();
        out.extend([0, 1, 2]);
    }

    fn play(&self, _mv: u8) -> Self {
        record("play");
        Probe {
            ply: self.ply + 1,
            null: false,
        }
    }

    fn evaluate(&self) -> Score {
        record("evaluate");
        Score(if self.null {
            NULL_EVAL
        } else {
            EVAL + self.ply as i32
        })
    }

    fn successor_values(&self) -> impl Fn(u8) -> Score + '_ {
        record("successor_values");
        |mv| Score(SUCC + mv as i32)
    }

    fn is_terminal(&self) -> bool {
        record("is_terminal");
        true
    }

    fn in_check(&self) -> bool {
        record("in_check");
        true
    }

    fn null_move(&self) -> Option<Self> {
        record("null_move");
        Some(Probe {
            ply: self.ply + 1,
            null: true,
        })
    }

    fn hash(&self) -> Option<u64> {
        record("hash");
        Some(HASH)
    }

    fn noisy_moves(&self, out: &mut Vec<u8>) {
        record("noisy_moves");
        out.clear();
        out.push(NOISY);
    }

    fn order_hint(&self, mv: u8) -> i32 {
        record("order_hint");
        HINT + mv as i32
    }

    fn history_index(&self, mv: u8) -> Option<usize> {
        record("history_index");
        Some(mv as usize + 1)
    }

    const HISTORY_SIZE: usize = HISTORY;
    // Not the default: a wrapper that does not forward it shows.
    const TRANSPOSITIONS: bool = false;

    fn move_name(&self, mv: u8) -> String {
        record("move_name");
        format!("m{mv}")
    }

    fn parse_move(&self, name: &str) -> Option<u8> {
        record("parse_move");
        match name {
            ALIAS => Some(1),
            _ => None,
        }
    }
}

/// Checks that the wrapper `make()` builds around a root [`Probe`] (ply 0, not null) forwards
/// every hook in [`HOOKS`]: for each, on a fresh wrapper (so that a wrapper's cache cannot hide
/// a call), calls the hook through it and checks that the probe's hook ran (this thread's
/// [`calls`]) and that its distinctive value came back. `Err` names the first hook that did
/// not, or a hook in [`HOOKS`] this function has no check for.
pub fn check_forwarding<W: Game>(make: impl Fn() -> W) -> Result<(), String> {
    // The wrapper's move whose name is `m{i}`.
    fn named<W: Game>(w: &W, i: u8) -> Result<W::Move, String> {
        let mut moves = Vec::new();
        w.moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| w.move_name(m) == format!("m{i}"))
            .ok_or_else(|| format!("move_name: no wrapped move is named m{i}"))
    }
    for &hook in HOOKS {
        let w = &make();
        // The moves the checks use, found before the calls are recorded (except for `moves`
        // itself, checked on a wrapper that has not generated them yet).
        let ms = if hook == "moves" {
            None
        } else {
            Some([named(w, 0)?, named(w, 1)?, named(w, 2)?])
        };
        let named = |i: u8| -> Result<W::Move, String> {
            ms.map(|ms| ms[i as usize])
                .ok_or_else(|| "no moves".to_string())
        };
        reset();
        let fail = |what: String| Err(format!("{hook}: {what}"));
        let ok = match hook {
            "moves" => {
                let mut ms = Vec::new();
                w.moves(&mut ms);
                if ms.len() != 3 {
                    return fail(format!("{} moves, the probe has 3", ms.len()));
                }
                true
            }
            "play" => {
                let c = w.play(named(0)?);
                let played = calls().contains(&"play");
                if c.evaluate() != Score(EVAL + 1) {
                    return fail("the child is not the probe's".into());
                }
                played
            }
            "evaluate" => {
                if w.evaluate() != Score(EVAL) {
                    return fail(format!("{} is not the probe's {EVAL}", w.evaluate()));
                }
                true
            }
            "successor_values" => {
                let m = named(1)?;
                let v = w.successor_values()(m);
                if v != Score(SUCC + 1) {
                    return fail(format!(
                        "{v} is not the probe's {} (the trait's default body?)",
                        SUCC + 1
                    ));
                }
                true
            }
            "is_terminal" => w.is_terminal(),
            "in_check" => w.in_check(),
            "null_move" => {
                let Some(n) = w.null_move() else {
                    return fail("None".into());
                };
                if n.evaluate() != Score(NULL_EVAL) {
                    return fail("the null position is not the probe's".into());
                }
                true
            }
            "hash" => w.hash() == Some(HASH),
            "noisy_moves" => {
                let mut ms = Vec::new();
                w.noisy_moves(&mut ms);
                let names: Vec<String> = ms.iter().map(|&m| w.move_name(m)).collect();
                if names != [format!("m{NOISY}")] {
                    return fail(format!("{names:?}, the probe's is [m{NOISY}]"));
                }
                true
            }
            "order_hint" => w.order_hint(named(1)?) == HINT + 1,
            "history_index" => w.history_index(named(1)?) == Some(2),
            // A constant: nothing to call; the value must be the probe's.
            "HISTORY_SIZE" => {
                if W::HISTORY_SIZE != HISTORY {
                    return fail(format!("{} is not the probe's {HISTORY}", W::HISTORY_SIZE));
                }
                record("HISTORY_SIZE");
                true
            }
            "TRANSPOSITIONS" => {
                if W::TRANSPOSITIONS {
                    return fail("true, the probe's is false".into());
                }
                record("TRANSPOSITIONS");
                true
            }
            "move_name" => w.move_name(named(2)?) == "m2",
            "parse_move" => match w.parse_move(ALIAS) {
                Some(m) => w.move_name(m) == "m1",
                None => false,
            },
            other => return Err(format!("check_forwarding has no check for hook `{other}`")),
        };
        if !ok {
            return fail("the probe's value did not come back".into());
        }
        if !calls().contains(&hook) {
            return fail("the probe's hook was not called".into());
        }
    }
    reset();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hooks_list_every_item_of_the_trait() {
        let items = trait_items();
        assert!(items.len() >= 14, "{items:?}");
        assert_eq!(
            items,
            HOOKS.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "the Game trait's items changed: update HOOKS and check_forwarding"
        );
    }

    #[test]
    fn the_probe_passes_its_own_check() {
        check_forwarding(Probe::default).unwrap();
    }

    /// A wrapper that forwards only what it must.
    #[derive(Clone)]
    struct Lazy(Probe);
    impl Game for Lazy {
        type Move = u8;
        fn moves(&self, out: &mut Vec<u8>) {
            self.0.moves(out)
        }
        fn play(&self, mv: u8) -> Self {
            Lazy(self.0.play(mv))
        }
        fn evaluate(&self) -> Score {
            self.0.evaluate()
        }
        fn move_name(&self, mv: u8) -> String {
            self.0.move_name(mv)
        }
    }

    #[test]
    fn a_wrapper_that_drops_a_hook_fails() {
        let e = check_forwarding(|| Lazy(Probe::default())).unwrap_err();
        assert!(e.starts_with("successor_values:"), "{e}");
    }
}
