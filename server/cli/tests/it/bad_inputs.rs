//! The bad-input catalogue (`tests/bad_inputs/cases.toml`), run against the real binary: each case
//! must exit as stated, report exactly the stated located errors (file, line, field), and still
//! score the valid rest (summary counts and JSON totals). Nothing may crash, hang or echo a huge
//! line back, and no case may change an input file (every input is compared after the run).

use readcov_parquet::craft;
use regex::Regex;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Deserialize)]
struct Manifest {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    about: String,
    /// `score` (default: gold + reads) or `explore` (bench + preds).
    command: Option<String>,
    reads: Option<String>,
    gold: Option<String>,
    bench: Option<String>,
    preds: Option<String>,
    /// The one input of `import` (a trajectory), `gold` (a diff, given to --from-diff) or
    /// `merge` (a partial).
    input: Option<String>,
    /// Extra arguments after the input. `$INPUT`, `$GOLD`, `$READS`, `$BENCH`, `$PREDS` in one
    /// become that input's path (`-o $INPUT`: an output onto the input), `$DIR` the folder the
    /// inputs are in.
    #[serde(default)]
    args: Vec<String>,
    /// What each input's file name starts with (before `ROLE.jsonl`): a name holding a line
    /// break or an escape code, which every message must show escaped; with `/`, folders too.
    name_prefix: Option<String>,
    /// `import`/`gold`: JSONL rows expected on stdout.
    rows: Option<usize>,
    errors: Vec<String>,
    exit: i32,
    workspace: bool,
    valid_gold: Option<usize>,
    valid_reads: Option<usize>,
    valid_bench: Option<usize>,
    valid_preds: Option<usize>,
    gold_lines: Option<u64>,
    read_lines: Option<u64>,
    covered_lines: Option<u64>,
    stderr: Option<String>,
    /// Text stderr must not hold (a raw line break of a path, an input's content echoed).
    #[serde(default)]
    stderr_lacks: Vec<String>,
}

const MAX_STDERR: usize = 64 * 1024;
const TIMEOUT: Duration = Duration::from_secs(60);

fn catalogue() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/bad_inputs")
}

/// The `--workspace` tree: a 30-line source file, symlinks out (file and directory) and in, a FIFO.
fn make_workspace(root: &Path) -> PathBuf {
    let outside = root.join("outside");
    let ws = root.join("ws");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.py"), "s1\ns2\ns3\n").unwrap();
    let app: String = (1..=30).map(|i| format!("line {i}\n")).collect();
    std::fs::write(ws.join("src/app.py"), app).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.py"), ws.join("src/leak.py")).unwrap();
    std::os::unix::fs::symlink(&outside, ws.join("lib")).unwrap();
    std::os::unix::fs::symlink("app.py", ws.join("src/alias.py")).unwrap();
    mkfifo(&ws.join("src/pipe.py"));
    ws
}

fn mkfifo(p: &Path) {
    let ok = Command::new("mkfifo")
        .arg(p)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "mkfifo {} failed: install coreutils", p.display());
}

const V1: &str = r#"{"task":"t","path":"src/app.py","start":10,"end":12}"#;
const V2: &str = r#"{"task":"t","path":"src/app.py","start":18,"end":19}"#;
const TEN_MB: usize = 10 * 1024 * 1024;

/// Writes the input for `spec` (a file under files/ or an @generator) as `PREFIXROLE.jsonl` in
/// `dir` and returns its path.
fn materialise(spec: &str, role: &str, prefix: &str, dir: &Path, ws: &Path) -> PathBuf {
    let out = dir.join(format!("{prefix}{role}.jsonl"));
    // A prefix may name folders too (a path longer than a file name may be).
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let body: Vec<u8> = match spec {
        "@dir" => {
            std::fs::create_dir(&out).unwrap();
            return out;
        }
        "@fifo" => {
            mkfifo(&out);
            return out;
        }
        "@missing" => return out,
        "@dev-zero" => return PathBuf::from("/dev/zero"),
        "@ten-mb-valid" => format!(
            "{V1}\n{{\"task\":\"t\",\"path\":\"src/app.py\",\"start\":13,\"end\":14,\"command\":\"{}\"}}\n{V2}\n",
            "x".repeat(TEN_MB)
        )
        .into_bytes(),
        "@ten-mb-garbage" => format!("{V1}\n{}\n{V2}\n", "a".repeat(TEN_MB)).into_bytes(),
        "@deep-array" => format!(
            "{V1}\n{{\"task\":\"t\",\"path\":\"src/app.py\",\"start\":13,\"end\":14,\"x\":{}{}}}\n{V2}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        )
        .into_bytes(),
        "@deep-preds" => format!(
            "{{\"instance_id\":\"i1\",\"explorer\":\"e\",\"regions\":[{{\"path\":\"a.py\",\"start\":10,\"end\":14}}]}}\n{}1{}\n",
            "{\"a\":".repeat(100_000),
            "}".repeat(100_000)
        )
        .into_bytes(),
        "@deep-object" => format!(
            "{V1}\n{}1{}\n{V2}\n",
            "{\"a\":".repeat(100_000),
            "}".repeat(100_000)
        )
        .into_bytes(),
        "@parquet-nested" => craft::nested(5_000),
        "@parquet-rows-bomb" => parquet_gold(3_000_000, None),
        "@parquet-page-bomb" => {
            let mut c = craft::Chunk::repeating(b"t", 10);
            (c.codec, c.declared_uncompressed) = (6, Some(1 << 30)); // zstd, 1 GiB
            let schema = [craft::Element::group("schema", 1), craft::Element::leaf("task")];
            craft::file(&schema, 10, &[c])
        }
        "@parquet-lying-schema" => craft::file(
            &[
                craft::Element::group("schema", 1),
                craft::Element::group("g", i32::MAX),
                craft::Element::leaf("x"),
            ],
            0,
            &[],
        ),
        "@parquet-panic" => parquet_gold(1_500, Some(craft::Page::plain_cut_short(524))),
        "@trajectory-one-line" => trajectory_document(false),
        "@trajectory-pretty" => trajectory_document(true),
        "@ten-mb-reads-array" => {
            let row = r#"{"task":"t","run":"r","path":"src/app.py","start":10,"end":12}"#;
            let rows = vec![row; TEN_MB / row.len()];
            format!("[{}]", rows.join(",")).into_bytes()
        }
        other if other.starts_with('@') => panic!("unknown generator {other}"),
        file => {
            let raw = std::fs::read(catalogue().join("files").join(file))
                .unwrap_or_else(|e| panic!("tests/bad_inputs/files/{file}: {e}"));
            replace(&raw, b"$WS", ws.to_string_lossy().as_bytes())
        }
    };
    std::fs::write(&out, body).unwrap();
    out
}

/// A real mini-swe-agent log (tests/data/formats) as one JSON document of task `t`, on one line
/// or pretty-printed: larger than the head kind detection reads (64 KiB), so the whole document
/// decides, parsed once and imported on the fly as reads (issue 35, item 7).
fn trajectory_document(pretty: bool) -> Vec<u8> {
    let log = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/mini-swe-agent-v1/astropy__astropy-12907.traj.json");
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(log).unwrap()).unwrap();
    doc["instance_id"] = "t".into();
    let bytes = match pretty {
        true => serde_json::to_vec_pretty(&doc),
        false => serde_json::to_vec(&doc),
    };
    let bytes = bytes.unwrap();
    assert!(
        bytes.len() > 64 << 10,
        "the document is larger than the detection head"
    );
    bytes
}

/// ContextBench gold rows as Parquet (`rows` rows of task `t`, gold `src/app.py` 10-19, the
/// catalogue's `gold.jsonl`), then `bad`.
fn parquet_gold(rows: u32, bad: Option<craft::Page>) -> Vec<u8> {
    let context = br#"[{"file": "src/app.py", "start_line": 10, "end_line": 19}]"#;
    craft::columns(
        &[("instance_id", b"t"), ("gold_context", context)],
        rows,
        bad,
    )
}

fn replace(hay: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(hay.len());
    let mut i = 0;
    while i < hay.len() {
        if hay[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(hay[i]);
            i += 1;
        }
    }
    out
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs readcov with a deadline: a FIFO or a pathological line must never hang it.
fn run(args: &[&std::ffi::OsStr]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let (so, se) = (dir.path().join("out"), dir.path().join("err"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&so).unwrap())
        .stderr(std::fs::File::create(&se).unwrap())
        .spawn()
        .expect("run readcov");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("readcov hung for {TIMEOUT:?} on {args:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&std::fs::read(so).unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&std::fs::read(se).unwrap()).into_owned(),
    }
}

/// The two inputs of a case's command: (role, flag, spec) each.
fn inputs(case: &Case) -> Vec<(&'static str, &'static str, &str)> {
    fn spec<'a>(case: &'a Case, s: &'a Option<String>, role: &str) -> &'a str {
        s.as_deref()
            .unwrap_or_else(|| panic!("{}: no {role} input", case.name))
    }
    match case.command.as_deref().unwrap_or("score") {
        "score" => vec![
            ("gold", "--gold", spec(case, &case.gold, "gold")),
            ("reads", "--reads", spec(case, &case.reads, "reads")),
        ],
        "explore" => vec![
            ("bench", "--bench", spec(case, &case.bench, "bench")),
            ("preds", "--preds", spec(case, &case.preds, "preds")),
        ],
        "import" => vec![("input", "", spec(case, &case.input, "input"))],
        "gold" => vec![("input", "--from-diff", spec(case, &case.input, "input"))],
        "merge" => vec![("input", "", spec(case, &case.input, "input"))],
        other => panic!("{}: unknown command {other}", case.name),
    }
}

/// Checks one case; returns what went wrong (empty when it passed).
fn check(case: &Case) -> Vec<String> {
    let tmp = tempfile::tempdir().unwrap();
    let ws = make_workspace(tmp.path());
    let command = case.command.as_deref().unwrap_or("score");
    let files: Vec<(&str, &str, PathBuf)> = inputs(case)
        .into_iter()
        .map(|(role, flag, spec)| {
            let prefix = case.name_prefix.as_deref().unwrap_or("");
            let path = materialise(spec, role, prefix, tmp.path(), &ws);
            (role, flag, path)
        })
        .collect();
    // The inputs' bytes before the run (regular files only: a FIFO or /dev/zero is not read
    // here), to prove the run left every one of them as it was.
    let before: Vec<(&Path, Vec<u8>)> = files
        .iter()
        .filter(|(_, _, p)| p.starts_with(tmp.path()) && p.is_file())
        .map(|(_, _, p)| (p.as_path(), std::fs::read(p).unwrap()))
        .collect();
    let scored = matches!(command, "score" | "explore");
    let mut args: Vec<&std::ffi::OsStr> = vec![command.as_ref()];
    if scored {
        args.extend([OsStr::new("--format"), OsStr::new("json")]);
    }
    for (_, flag, path) in &files {
        if !flag.is_empty() {
            args.push(flag.as_ref());
        }
        args.push(path.as_os_str());
    }
    let case_args: Vec<std::ffi::OsString> = case
        .args
        .iter()
        .map(|a| fill_in(a, &files, tmp.path()))
        .collect();
    args.extend(case_args.iter().map(|a| a.as_os_str()));
    if case.workspace {
        args.extend(["--workspace".as_ref(), ws.as_os_str()]);
    }
    let r = run(&args);
    let mut bad = Vec::new();
    if r.code != case.exit {
        bad.push(format!("exit {} (want {})", r.code, case.exit));
    }
    if r.stderr.len() > MAX_STDERR {
        bad.push(format!("stderr is {} bytes", r.stderr.len()));
    }
    if let Some(want) = &case.stderr {
        if !r.stderr.contains(want.as_str()) {
            bad.push(format!("stderr lacks {want:?}"));
        }
    }
    for unwanted in &case.stderr_lacks {
        if r.stderr.contains(unwanted.as_str()) {
            bad.push(format!("stderr holds {unwanted:?}"));
        }
    }
    for (p, bytes) in &before {
        if std::fs::read(p).ok().as_ref() != Some(bytes) {
            bad.push(format!("input {p:?} was changed or removed"));
        }
    }
    let located = Regex::new(r"^error: (.+?):(\d+): (?:field `([^`]*)`: )?").unwrap();
    let mut got: Vec<String> = Vec::new();
    for line in r.stderr.lines() {
        if let Some(c) = located.captures(line) {
            // A path is shown escaped (a line break as `\n`), so compared as shown.
            let named = |p: &Path| {
                let shown = p.display().to_string();
                p == Path::new(&c[1]) || *readcov_core::shown::shown(&shown) == c[1]
            };
            let role = files
                .iter()
                .find(|(_, _, p)| named(p))
                .map_or("other-file", |(role, _, _)| role);
            let field = c
                .get(3)
                .map(|f| format!(":{}", f.as_str()))
                .unwrap_or_default();
            got.push(format!("{role}:{}{field}", &c[2]));
        }
    }
    let want: BTreeSet<&str> = case.errors.iter().map(String::as_str).collect();
    let got_set: BTreeSet<&str> = got.iter().map(String::as_str).collect();
    if got_set != want || got.len() != case.errors.len() {
        bad.push(format!("errors {got:?} (want {:?})", case.errors));
    }
    let summary = Regex::new(
        r"(\d+) input error\(s\) skipped; scored (\d+) (?:gold span|benchmark row)\(s\) and (\d+) (?:read|prediction row)\(s\)",
    )
    .unwrap();
    match summary.captures(&r.stderr) {
        Some(c) => {
            let counts = (c[1].parse().ok(), c[2].parse().ok(), c[3].parse().ok());
            let want = match command {
                "explore" => (Some(case.errors.len()), case.valid_bench, case.valid_preds),
                _ => (Some(case.errors.len()), case.valid_gold, case.valid_reads),
            };
            if counts != want {
                bad.push(format!("summary {counts:?} (want {want:?})"));
            }
        }
        None if scored && case.exit == 0 && !case.errors.is_empty() => {
            bad.push("no summary line".into())
        }
        None => {}
    }
    if let Some(n) = case.rows {
        let rows: Vec<&str> = r.stdout.lines().collect();
        if rows.len() != n {
            bad.push(format!("{} stdout row(s) (want {n})", rows.len()));
        }
        if let Some(l) = rows
            .iter()
            .find(|l| serde_json::from_str::<serde_json::Value>(l).is_err())
        {
            bad.push(format!("stdout row is not JSON: {l}"));
        }
    }
    if let Some(g) = case.gold_lines {
        match serde_json::from_str::<serde_json::Value>(&r.stdout) {
            Ok(doc) => {
                let rl: u64 = doc["rows"]
                    .as_array()
                    .map(|rows| rows.iter().filter_map(|r| r["read_lines"].as_u64()).sum())
                    .unwrap_or(0);
                let totals = (
                    doc["totals"]["gold_lines"].as_u64(),
                    Some(rl),
                    doc["totals"]["covered_lines"].as_u64(),
                );
                let want = (Some(g), case.read_lines, case.covered_lines);
                if totals != want {
                    bad.push(format!(
                        "totals (gold, read, covered) {totals:?} (want {want:?})"
                    ));
                }
            }
            Err(e) => bad.push(format!("stdout is not JSON: {e}")),
        }
    }
    if !bad.is_empty() {
        bad.insert(0, format!("{} ({}):", case.name, case.about));
        bad.push(format!(
            "stderr: {}",
            r.stderr.chars().take(2000).collect::<String>()
        ));
    }
    bad
}

/// A case's argument with `$ROLE` (upper case) replaced by that input's path and `$DIR` by the
/// folder holding the inputs.
fn fill_in(arg: &str, files: &[(&str, &str, PathBuf)], dir: &Path) -> std::ffi::OsString {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let mut out = arg.as_bytes().to_vec();
    for (role, _, path) in files {
        let var = format!("${}", role.to_uppercase());
        out = replace(&out, var.as_bytes(), path.as_os_str().as_bytes());
    }
    out = replace(&out, b"$DIR", dir.as_os_str().as_bytes());
    let unknown = out
        .windows(2)
        .any(|w| w[0] == b'$' && w[1].is_ascii_uppercase());
    assert!(!unknown, "{arg}: unknown $ variable");
    std::ffi::OsString::from_vec(out)
}

#[test]
fn bad_input_catalogue() {
    let text = std::fs::read_to_string(catalogue().join("cases.toml"))
        .expect("tests/bad_inputs/cases.toml is missing");
    let manifest: Manifest = toml::from_str(&text).expect("cases.toml parses");
    let names: BTreeSet<_> = manifest.case.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), manifest.case.len(), "case names are unique");
    assert!(manifest.case.len() >= 30, "the catalogue has ≥30 cases");
    let failures: Vec<String> = manifest.case.iter().flat_map(check).collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
