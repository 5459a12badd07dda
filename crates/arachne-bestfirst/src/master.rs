//! Master–slave parallel RBFM (seed 002 §6.1) — see below.
