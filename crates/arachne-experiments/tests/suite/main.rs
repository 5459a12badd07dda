//! The experiments' own logic: the report's verdicts and rendering, the scales and their
//! options, the schedule of `reproduce`, the models behind Fuller's and Fishburn's tables, and
//! the Othello players of Shoham–Toledo's Experiment 4 — through the crate's public API.
mod fishburn_theory;
mod fuller_model;
mod rbfm_othello;
mod report;
mod reproduce;
mod scale;
