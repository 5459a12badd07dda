//! # arachne-measure
//!
//! Measurement tools, one example each, run by hand when a figure of BENCHMARKS.md or
//! `docs/benchmarks-history.md` is measured again (`cargo run --release -p arachne-measure
//! --example NAME -- ARGS`; each example's docs give its arguments):
//!
//! | example | measures |
//! |---|---|
//! | `table2_alphabeta` | the alpha-beta half of `rbfm-chess`'s Table 2 alone |
//! | `rbfm_costs` | serial RBFM's tree operations against the paper's unit of evaluation (the lock model's constants) |
//! | `pathed_overhead` | the cost of positions that carry their path (`--backend mpi`) |
//! | `timing`, `bounds` | the exact methods of Fuller–Gaschnig–Gillogly's analysis: their time, and guaranteed bounds |
//!
//! They are not part of the product and not built by its tests (`lab/` is outside the
//! workspace's default members); `cargo clippy --workspace --all-targets` keeps them compiling.
//! `arachne speedup` and `arachne bench` are the product's measuring commands.
