//! The README's promises, checked against the built binary.
//!
//! **Every command of the README runs.** Every line of a ```` ```sh ````, ```` ```bash ```` or
//! ```` ```console ```` block of `README.md` that starts with `arachne ` (after an optional
//! `$ ` prompt; a line ending in `\` continues on the next) is run with the built binary, in a
//! fresh temporary directory (so `--out DIR` writes there), with no standard input, and must
//! exit with status 0 within its time budget ([`BUDGET`]). The convention for a command too
//! slow for a test: end its line with a comment that starts with `long` (`arachne reproduce
//! --scale report …   # long: about 30 min`); it is skipped, and listed as skipped. Lines that need
//! what a test machine may lack — MPI (`mpirun`, `srun`), Python (`pip`), Stockfish
//! (`--engine`), cargo itself — do not start with `arachne ` or are skipped by
//! [`NEEDS_ELSEWHERE`]. The commands run in release in under a minute in all (about 40 s on
//! a loaded 2-core machine).
//!
//! **The README's field lists are the JSON's.** The section "`--json` fields" of the README
//! lists, per family of searchers, every field of `arachne search --json`; each family's
//! commands here must print exactly fields of its list, and between them every field of it.
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Most time one README command may take.
const BUDGET: Duration = Duration::from_secs(30);

/// Arguments that need something a test machine may not have (Stockfish, MPI, a file of the
/// reader's own): such a command is skipped.
const NEEDS_ELSEWHERE: &[&str] = &["--engine", "--backend mpi", "my.epd"];

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    std::fs::read_to_string(&path).expect("README.md")
}

/// The README's command lines (continuations joined) from its shell blocks, each with
/// whether it is marked long.
fn commands(readme: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut pending = String::new();
    for line in readme.lines() {
        let t = line.trim();
        if let Some(lang) = t.strip_prefix("```") {
            in_block = !in_block && matches!(lang.trim(), "sh" | "bash" | "console");
            pending.clear();
            continue;
        }
        if !in_block {
            continue;
        }
        let t = t.strip_prefix("$ ").unwrap_or(t);
        if let Some(head) = t.strip_suffix('\\') {
            pending.push_str(head.trim_end());
            pending.push(' ');
            continue;
        }
        let full = format!("{pending}{t}");
        pending.clear();
        if !full.starts_with("arachne ") && full != "arachne" {
            continue;
        }
        let (cmd, comment) = split_comment(&full);
        out.push((
            cmd.trim().to_string(),
            comment.trim_start().starts_with("long"),
        ));
    }
    out
}

/// `cmd   # comment` → (`cmd`, `comment`); a `#` inside quotes is not a comment.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if prev.is_whitespace() => return (&line[..i], &line[i + 1..]),
            _ => {}
        }
        prev = c;
    }
    (line, "")
}

/// Splits a command line into words as a shell would (quotes removed).
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote = None;
    let mut any = false;
    for c in cmd.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (_, c) => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

#[test]
fn the_readme_is_parsed_as_a_shell_would() {
    assert_eq!(
        words("arachne search --game 'checkers:pos=W:W21 x' -a b"),
        [
            "arachne",
            "search",
            "--game",
            "checkers:pos=W:W21 x",
            "-a",
            "b"
        ]
    );
    assert_eq!(
        split_comment("arachne x 'a#b'   # long: hours"),
        ("arachne x 'a#b'   ", " long: hours")
    );
    let md = "```sh\n$ arachne a \\\n    --b c   # long\narachne d\ncargo run\n```\n```\narachne e\n```\n";
    assert_eq!(
        commands(md),
        [
            ("arachne a --b c".to_string(), true),
            ("arachne d".to_string(), false)
        ]
    );
}

#[test]
fn every_readme_command_runs() {
    let cmds = commands(&readme());
    assert!(cmds.len() > 40, "only {} commands found", cmds.len());
    let dir = std::env::temp_dir().join(format!("arachne-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    let t0 = Instant::now();
    for (cmd, long) in &cmds {
        if *long || NEEDS_ELSEWHERE.iter().any(|n| cmd.contains(n)) {
            skipped.push(cmd.clone());
            continue;
        }
        let w = words(cmd);
        let t = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_arachne"))
            .args(&w[1..])
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run arachne");
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break Some(s);
            }
            if t.elapsed() > BUDGET {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let secs = t.elapsed().as_secs_f64();
        eprintln!("{secs:6.2} s  {cmd}");
        match status {
            Some(s) if s.success() => {}
            Some(s) => {
                let mut err = String::new();
                if let Some(mut e) = child.stderr.take() {
                    let _ = std::io::Read::read_to_string(&mut e, &mut err);
                }
                failures.push(format!("{cmd}: exit {:?}: {}", s.code(), err.trim()));
            }
            None => failures.push(format!(
                "{cmd}: over its budget of {} s (mark it `# long` in the README)",
                BUDGET.as_secs()
            )),
        }
    }
    eprintln!(
        "{} commands in {:.1} s; skipped (long or needing MPI, Stockfish): {skipped:#?}",
        cmds.len() - skipped.len(),
        t0.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The fields the README's "`--json` fields" section lists for `family` (the bullet starting
/// with `- **family**`): every word in backticks that looks like a field name.
fn readme_fields(family: &str) -> BTreeSet<String> {
    let md = readme();
    let section = md
        .split("#### `--json` fields")
        .nth(1)
        .expect("a section \"#### `--json` fields\" in the README");
    let head = format!("- **{family}**");
    let mut bullet = String::new();
    let mut on = false;
    for line in section.lines() {
        if line.starts_with("- ") || line.starts_with('#') || line.trim().is_empty() {
            if on {
                break;
            }
            on = line.starts_with(&head);
        }
        if on {
            bullet.push_str(line);
            bullet.push(' ');
        }
    }
    assert!(
        !bullet.is_empty(),
        "no bullet {head} in the README's field list"
    );
    bullet
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .map(str::to_string)
        .collect()
}

fn json_keys(args: &[&str]) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_arachne"))
        .args(args)
        .output()
        .expect("run arachne");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    v.as_object().expect("an object").keys().cloned().collect()
}

/// Each family's JSON fields are the README's list: each command's are in it, and between
/// them the commands print all of it except `except` (fields of a backend a test machine may
/// not have).
fn fields_match(family: &str, runs: &[&[&str]], except: &[&str]) {
    let listed = readme_fields(family);
    let mut seen = BTreeSet::new();
    for args in runs {
        let keys = json_keys(args);
        let unlisted: Vec<_> = keys.difference(&listed).collect();
        assert!(
            unlisted.is_empty(),
            "{family}: {args:?} prints fields the README does not list: {unlisted:?}"
        );
        seen.extend(keys);
    }
    let missing: Vec<_> = listed
        .difference(&seen)
        .filter(|k| !except.contains(&k.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "{family}: the README lists fields no command printed: {missing:?}"
    );
}

#[test]
fn the_readme_lists_the_json_fields_of_every_family() {
    fields_match(
        "serial",
        &[
            &[
                "search",
                "-g",
                "connect4",
                "-a",
                "alphabeta",
                "--depth",
                "4",
                "--json",
            ],
            &[
                "search",
                "-g",
                "iid:n=3,d=5,seed=1",
                "-a",
                "aspiration",
                "--json",
            ],
        ],
        &[],
    );
    fields_match(
        "shared-memory",
        &[
            &[
                "search",
                "-g",
                "connect4",
                "-a",
                "ybwc",
                "--threads",
                "2",
                "--depth",
                "5",
                "--json",
            ],
            &[
                "search",
                "-g",
                "incremental:b=4,d=5,seed=1",
                "-a",
                "abdada",
                "--threads",
                "2",
                "--json",
            ],
        ],
        &[],
    );
    fields_match(
        "message-passing",
        &[
            &[
                "search",
                "-g",
                "incremental:b=6,d=5,seed=1",
                "-a",
                "tree-split",
                "--procs",
                "64",
                "--json",
            ],
            &[
                "search",
                "-g",
                "incremental:b=6,d=5,seed=1",
                "-a",
                "type-guided",
                "--procs",
                "5",
                "--json",
            ],
            &[
                "search",
                "-g",
                "iid:n=3,d=5,seed=1",
                "-a",
                "tree-split",
                "--procs",
                "2",
                "--backend",
                "threads",
                "--json",
            ],
            &[
                "search",
                "-g",
                "incremental:b=4,d=5,seed=1",
                "-a",
                "baudet",
                "--procs",
                "3",
                "--nodes",
                "50",
                "--json",
            ],
            &[
                "search",
                "-g",
                "connect4",
                "-a",
                "tree-split",
                "--procs",
                "3",
                "--nodes",
                "20000",
                "--json",
            ],
        ],
        &[
            "ranks",
            "threads_per_rank",
            "remote_messages",
            "remote_bytes",
            "speedup_note",
        ],
    );
    fields_match(
        "best-first",
        &[
            &[
                "search",
                "-g",
                "incremental:b=3,d=6,seed=2",
                "-a",
                "rbfm",
                "--json",
            ],
            &[
                "search",
                "-g",
                "incremental:b=3,d=6,seed=2",
                "-a",
                "rbfm:threads=2",
                "--json",
            ],
            &[
                "search",
                "-g",
                "incremental:b=3,d=6,seed=2",
                "-a",
                "rbfm",
                "--procs",
                "4",
                "--json",
            ],
        ],
        &["speedup_note"],
    );
    fields_match(
        "monte-carlo",
        &[
            &[
                "search",
                "-g",
                "incremental:b=3,d=4,seed=2",
                "-a",
                "mcts:iters=300",
                "--json",
            ],
            &[
                "search",
                "-g",
                "connect4",
                "-a",
                "mcts:iters=300,par=root",
                "--procs",
                "2",
                "--json",
            ],
        ],
        &[],
    );
}
