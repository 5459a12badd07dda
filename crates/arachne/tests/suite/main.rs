//! The facade's tests, one binary: the dispatch from a request to its family (`run`), the
//! builder and the registry, the reports, and the measuring commands (`speedup`, `bench`,
//! `epd`, the tour), through the crate's public API.
mod bench;
mod epd;
mod facade;
mod registry;
mod report;
mod request;
mod run;
mod speedup;
mod tour;

/// A crate whose library is not built as a unit-test harness (`[lib] test = false` in its
/// `Cargo.toml`: the facade and the experiments, whose test build would compile every game's
/// searchers a second time) has no test in `src/`, where it would never run.
#[test]
fn no_test_is_left_where_it_would_not_run() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, found);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                if text.contains("#[test]") || text.contains("#[cfg(test)]") {
                    found.push(p.display().to_string());
                }
            }
        }
    }
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (mut checked, mut found) = (Vec::new(), Vec::new());
    for e in std::fs::read_dir(&crates).unwrap() {
        let dir = e.unwrap().path();
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
        if manifest.contains("[lib]\ntest = false") {
            checked.push(dir.file_name().unwrap().to_string_lossy().to_string());
            walk(&dir.join("src"), &mut found);
        }
    }
    checked.sort();
    assert_eq!(checked, ["arachne", "arachne-experiments"]);
    assert!(
        found.is_empty(),
        "tests in src/, which `[lib] test = false` never runs: {found:?}"
    );
}
