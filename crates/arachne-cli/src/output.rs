//! Printing: a request's [`Report`] (its JSON object or its text, and its notes on stderr),
//! and JSON on stdout (or to [`crate::api::run_json`]'s caller).
pub use arachne::report::{mnps, thousands};
use arachne::Report;

/// Prints one JSON object on stdout (or hands it to [`crate::api::run_json`]'s caller).
pub fn print_json(v: &serde_json::Value) {
    if crate::host::collect(v) {
        return;
    }
    println!("{}", serde_json::to_string(v).expect("JSON serialisation"));
}

/// Prints `r`: its JSON object (`json`), or its text and then its notes on stderr.
pub fn emit(r: Report, json: bool) {
    if r.silent {
        return;
    }
    if json {
        print_json(&r.json);
        return;
    }
    print!("{}", r.text);
    for n in &r.notes {
        eprintln!("{n}");
    }
}
