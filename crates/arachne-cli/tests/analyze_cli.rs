//! `arachne analyze nbp` and `arachne experiment` through the built binary.
mod common;

use common::{assert_usage_error, json};

#[test]
fn exact_json_has_the_fraction() {
    let v = json(&[
        "analyze",
        "nbp",
        "--branching",
        "2",
        "--depth",
        "2",
        "--exact",
        "--json",
    ]);
    assert_eq!(v["exact"], "11/3");
    assert!((v["mean"].as_f64().unwrap() - 11.0 / 3.0).abs() < 1e-12);
}

#[test]
fn monte_carlo_json_has_mean_sd_ci() {
    let v = json(&[
        "analyze", "nbp", "-n", "3", "-d", "3", "--trials", "300", "--seed", "5", "--json",
    ]);
    let (mean, ci) = (v["mean"].as_f64().unwrap(), v["ci95"].as_f64().unwrap());
    assert!(v["sd"].as_f64().unwrap() > 0.0);
    // exact: 57879389791/2974571600 ≈ 19.458; generous band (4 standard errors)
    assert!((mean - 19.458059).abs() < 2.1 * ci, "mean {mean} ± {ci}");
    let again = json(&[
        "analyze", "nbp", "-n", "3", "-d", "3", "--trials", "300", "--seed", "5", "--json",
    ]);
    assert_eq!(v["mean"], again["mean"]);
}

#[test]
fn bad_parameters_exit_2_with_one_line() {
    for args in [
        &["analyze", "nbp", "--branching", "0", "--depth", "3"][..],
        &[
            "analyze",
            "nbp",
            "--branching",
            "3",
            "--depth",
            "0",
            "--exact",
        ],
        &[
            "analyze",
            "nbp",
            "--branching",
            "10",
            "--depth",
            "7",
            "--exact",
        ],
        &["analyze", "nbp", "--branching", "36", "--depth", "2"],
        &[
            "analyze",
            "nbp",
            "--branching",
            "3",
            "--depth",
            "3",
            "--trials",
            "0",
        ],
        &["analyze", "nbp", "--branching", "3"],
        &["analyze", "frobnicate"],
    ] {
        assert_usage_error(args);
    }
}

#[test]
fn experiment_fuller_quick_writes_its_report() {
    let dir = std::env::temp_dir().join(format!("arachne-fuller-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let v = json(&[
        "experiment",
        "fuller",
        "--quick",
        "--out",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["name"], "fuller");
    assert!(v["rows"].as_array().unwrap().len() > 20);
    assert!(v["data"]["exact_points"].as_u64().unwrap() > 20);
    for f in [
        "fuller.md",
        "fuller.html",
        "table_5_1.csv",
        "figure_5_1.svg",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
