//! The `--quick` forms of the Shoham–Toledo experiments: they run, write their files and have a
//! row for every table and figure they cover.
use arachne_experiments::{find, run_and_write, Options, Report};

fn run(name: &str) -> Report {
    let dir = std::env::temp_dir().join(format!("arachne-exp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let e = find(name).unwrap_or_else(|| panic!("{name} is registered"));
    let (r, files) = run_and_write(e, &Options::new(true, dir.clone())).unwrap();
    assert!(files.iter().all(|f| f.exists()), "{name}: files written");
    assert!(
        files
            .iter()
            .any(|f| f.extension().is_some_and(|x| x == "svg")),
        "{name}: plots"
    );
    let _ = std::fs::remove_dir_all(&dir);
    r
}

fn has_rows(r: &Report, figures: &[&str]) {
    for f in figures {
        assert!(
            r.rows.iter().any(|row| row.figure.starts_with(f)),
            "{}: no row for {f}",
            r.name
        );
    }
}

#[test]
fn rbfm_decision_quick() {
    let r = run("rbfm-decision");
    has_rows(&r, &["Fig. 5", "Fig. 6", "Fig. 7", "Fig. 8", "§3.2.2"]);
}

#[test]
fn rbfm_games_quick() {
    let r = run("rbfm-games");
    has_rows(
        &r,
        &["Table 1, b = 3", "Table 1, b = 5", "Table 1, rows left out"],
    );
}

#[test]
fn rbfm_othello_quick() {
    let r = run("rbfm-othello");
    has_rows(&r, &["Fig. 9 (left)", "Fig. 9 (right)"]);
}

#[test]
fn rbfm_parallel_quick() {
    let r = run("rbfm-parallel");
    has_rows(&r, &["Fig. 12", "Table 4"]);
}

#[test]
fn othello_has_244_openings() {
    assert_eq!(arachne_experiments::rbfm_othello::openings().len(), 244);
}
