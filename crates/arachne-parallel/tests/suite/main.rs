//! The crate's integration tests, one module per subject, in one test binary: one link and
//! one set of generic instantiations for all of them (separate binaries cost CI minutes).
//! Run one subject with `cargo test --release -p arachne-parallel --test suite -- <module>::`.
mod baseline;
mod common;
mod engine_options;
mod exact;
mod knm;
mod knm_grain;
mod principal_line;
mod proc_tree;
mod quiescence;
mod real_games;
mod smp;
mod smp_engine_options;
mod span_model;
mod statistics;
mod subsearch;
mod theory;
mod type_guided;
