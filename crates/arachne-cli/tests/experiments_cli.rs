//! `arachne experiment` and `arachne reproduce` as a dispatcher: the list of experiments, bad
//! names, and a quick reproduction (the experiments themselves are tested in
//! `arachne-experiments`).
mod common;
use common::{arachne, assert_usage_error};

#[test]
fn help_lists_every_experiment_with_one_line() {
    let out = arachne(&["experiment", "--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for e in arachne_experiments::EXPERIMENTS {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(e.name))
            .unwrap_or_else(|| panic!("{} not listed:\n{text}", e.name));
        assert!(line.contains(e.about), "{line}");
    }
}

#[test]
fn unknown_or_missing_names_list_the_known_ones() {
    assert_usage_error(&["experiment", "foo"]);
    assert_usage_error(&["experiment"]);
    let err = String::from_utf8_lossy(&arachne(&["experiment", "foo"]).stderr).to_string();
    for name in arachne_experiments::names() {
        assert!(err.contains(name), "{err}");
    }
    assert_usage_error(&["reproduce", "--frobnicate"]);
}
