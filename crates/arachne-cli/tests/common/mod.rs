//! Helpers shared by the CLI integration tests: run the built `arachne` binary.
#![allow(dead_code)]
use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs `arachne ARGS…`.
pub fn arachne(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arachne"))
        .args(args)
        .output()
        .expect("run arachne")
}

/// Runs `arachne ARGS…`, which must succeed, and parses its one JSON object.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = arachne(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Asserts that `arachne ARGS…` is rejected as bad input: exit status 2, exactly one line on
/// stderr, no panic, nothing on stdout.
pub fn assert_usage_error(args: &[&str]) {
    let out = arachne(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// Starts `exe ARGS…` with `input` written to its standard input, which is then closed;
/// standard output and error are piped.
pub fn spawn_with_input(exe: &str, args: &[&str], input: &str) -> Child {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start arachne");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child
}
