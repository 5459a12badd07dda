//! Research diagnostics, kept out of the product crates: one-off programs whose
//! findings are written down in docs/benchmarks-history.md, kept so that those findings can be reproduced.
//! Nothing here is a user-facing tool, and no product crate depends on this one.
//!
//! | example | finding (docs/benchmarks-history.md) |
//! | --- | --- |
//! | `othello_decision` | why RBFM loses to BFM at Othello ("othellowhy"; `arachne_experiments::rbfm_othello`'s docs) |
//! | `rbfm_chess_diag` | RBFM with a shallow alpha-beta evaluator on single LCT II positions (the diagnosis of Table 2) |
//! | `rbfm_eval_probe` | the depth-3 value and rank of the `bm` move among the root children of LCT II positions |
//!
//! Run one with `cargo run --release -p arachne-research --example NAME -- ARGS` (each
//! example's docs give its arguments).
