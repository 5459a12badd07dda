//! The crate's integration tests, one module per subject, in one test binary: one link and
//! one set of generic instantiations for all of them (separate binaries cost CI minutes).
//! Run one subject with `cargo test --release -p arachne-search --test suite -- <module>::`.
#[macro_use]
mod common;
mod chess_search;
mod engine_options;
mod exact_values;
mod limits;
mod real_games;
mod theory;
