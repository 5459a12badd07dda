//! Shared-tree parallel RBFM (seed 002 §6, §6.1) — see below.
