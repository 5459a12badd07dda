//! Shared output helpers: JSON on stdout, human-readable numbers.

/// Prints one JSON object on stdout (or hands it to [`crate::api::run_json`]'s caller).
pub fn print_json(v: &serde_json::Value) {
    if crate::api::collect(v) {
        return;
    }
    println!("{}", serde_json::to_string(v).expect("JSON serialisation"));
}

/// `12345678` → `12,345,678`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Nodes per second, formatted as millions.
pub fn mnps(nodes: u64, secs: f64) -> String {
    if secs <= 0.0 {
        "-".to_string()
    } else {
        format!("{:.2}", nodes as f64 / secs / 1e6)
    }
}
