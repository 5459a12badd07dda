//! The crate's integration tests, one module per subject, in one test binary: one link and
//! one set of generic instantiations for all of them (separate binaries cost CI minutes).
//! Run one subject with `cargo test --release -p arachne-bestfirst --test suite -- <module>::`.
mod exact;
mod heuristics;
mod parallel;
mod unexpanded;
