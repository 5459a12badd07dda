//! The published report (`docs/report/REPORT.md`, made by `arachne reproduce --scale report
//! --out docs/report`) and the quick report must have the same tables and rows, values free:
//! a row added to or dropped from an experiment shows here until the published
//! report is regenerated.
use arachne_experiments::{reproduce, row_set, row_set_diff, Level, Progress, EXPERIMENTS};
use std::path::Path;

#[test]
fn quick_rows_match_the_published_report() {
    // ARACHNE_PUBLISHED_REPORT: another report to check against (a copy with a row dropped
    // shows the check failing).
    let published = std::env::var_os("ARACHNE_PUBLISHED_REPORT").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/report/REPORT.md"),
        std::path::PathBuf::from,
    );
    let Ok(full) = std::fs::read_to_string(&published) else {
        eprintln!(
            "skipped: {} is not committed yet (make it with `arachne reproduce --scale report --out docs/report`)",
            published.display()
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("arachne-published-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let r = reproduce(EXPERIMENTS, Level::Quick, &dir, 1, &Progress::hidden()).unwrap();
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    let quick = std::fs::read_to_string(dir.join("REPORT.md")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let (q, f) = (row_set(&quick), row_set(&full));
    assert!(!f.is_empty(), "no rows found in {}", published.display());
    let (only_quick, only_full) = row_set_diff(&q, &f);
    let show = |v: &[(String, String, String)]| {
        v.iter()
            .map(|(e, fig, qty)| format!("  {e} | {fig} | {qty}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        only_quick.is_empty() && only_full.is_empty(),
        "the quick report's rows differ from the published report's (regenerate docs/report, or make the quick form give the same rows)\nonly in the quick report:\n{}\nonly in the published report:\n{}",
        show(&only_quick),
        show(&only_full)
    );
}
