//! Outputs through the real binary (issue 35, items 11 and 12): a file is replaced whole or not
//! at all (a full disk left a truncated file where the previous one was), no output may be an
//! input (`import a.json -o a.json` replaced its input), `-` is standard output everywhere it is
//! honoured (`report --html -` wrote a file named `-`) and refused where stdout is taken, and an
//! import that wrote no rows says so and exits 2.

use crate::common::{real_data, stderr, stdout};
use std::path::Path;
use std::process::{Command, Output};

fn readcov(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run readcov")
}

/// A folder with a real OpenHands trajectory (`run.json`, 20 reads) and gold for it.
fn folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    let real = real_data();
    std::fs::copy(
        real.join("openhands/psf__requests-1724.json"),
        d.path().join("run.json"),
    )
    .unwrap();
    std::fs::copy(real.join("gold.jsonl"), d.path().join("gold.jsonl")).unwrap();
    d
}

#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let d = folder();
    let before = std::fs::read(d.path().join("run.json")).unwrap();
    for out in ["run.json", "./run.json"] {
        let o = readcov(d.path(), &["import", "run.json", "-o", out]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!("-o {out}: this is also an input (run.json)")),
            "{}",
            stderr(&o)
        );
        assert_eq!(std::fs::read(d.path().join("run.json")).unwrap(), before);
    }
    // The other commands with outputs.
    let gold_in = ["gold", "--from-swebench", "gold.jsonl", "-o", "gold.jsonl"];
    let report_in = [
        "report",
        "--gold",
        "gold.jsonl",
        "--reads",
        "run.json",
        "--html",
        "gold.jsonl",
    ];
    let partial_in = [
        "score",
        "--gold",
        "gold.jsonl",
        "--reads",
        "run.json",
        "--emit-partial",
        "run.json",
    ];
    for args in [&gold_in[..], &report_in, &partial_in] {
        let gold = std::fs::read(d.path().join("gold.jsonl")).unwrap();
        let o = readcov(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("this is also an input"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_eq!(std::fs::read(d.path().join("gold.jsonl")).unwrap(), gold);
        assert_eq!(std::fs::read(d.path().join("run.json")).unwrap(), before);
    }
}

#[test]
fn a_write_that_fails_half_way_leaves_the_previous_file() {
    // A 1 KiB file-size limit (RLIMIT_FSIZE, as a full disk: the write fails part-way; SIGXFSZ
    // ignored so it is an error, not a kill). The previous output must survive whole, and no
    // temp file stays behind.
    let d = folder();
    let readcov_bin = env!("CARGO_BIN_EXE_readcov");
    for args in [
        "import run.json -o out.jsonl",
        "gold --from-swebench gold.jsonl -o out.jsonl",
        "report --gold gold.jsonl --reads run.json --html out.jsonl",
    ] {
        std::fs::write(d.path().join("out.jsonl"), "previous\n").unwrap();
        let o = Command::new("bash")
            .current_dir(d.path())
            .arg("-c")
            .arg(format!(
                "trap '' XFSZ; ulimit -f 1; exec {readcov_bin} {args}"
            ))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("out.jsonl: cannot write"),
            "{args}: {}",
            stderr(&o)
        );
        assert_eq!(
            std::fs::read_to_string(d.path().join("out.jsonl")).unwrap(),
            "previous\n",
            "{args}"
        );
        let left: Vec<String> = std::fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect();
        assert!(left.is_empty(), "{args}: {left:?}");
        // Without the limit the same command replaces the file.
        let o = readcov(d.path(), &args.split(' ').collect::<Vec<_>>());
        assert_eq!(o.status.code(), Some(0), "{args}: {}", stderr(&o));
        assert_ne!(
            std::fs::read_to_string(d.path().join("out.jsonl")).unwrap(),
            "previous\n"
        );
    }
}

#[test]
fn dash_is_standard_output_or_refused_never_a_file_named_dash() {
    let d = folder();
    let o = readcov(
        d.path(),
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "run.json",
            "--html",
            "-",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("<!doctype html>") || stdout(&o).starts_with("<!DOCTYPE html>"),
        "{}",
        &stdout(&o)[..100.min(stdout(&o).len())]
    );
    assert!(
        stderr(&o).contains("report: "),
        "the summary moves to stderr: {}",
        stderr(&o)
    );
    assert!(!d.path().join("-").exists(), "no file named `-`");
    for (args, want) in [
        (
            &[
                "report",
                "--gold",
                "gold.jsonl",
                "--reads",
                "run.json",
                "--html",
                "-",
                "--sarif",
                "-",
            ][..],
            "--sarif -: standard output already carries --html",
        ),
        (
            &[
                "score",
                "--gold",
                "gold.jsonl",
                "--reads",
                "run.json",
                "--emit-partial",
                "-",
            ][..],
            "--emit-partial -: standard output already carries the command's own output",
        ),
        (
            &["import", "run.json", "--emit-outcomes", "-"][..],
            "--emit-outcomes -: standard output already carries the command's own output",
        ),
    ] {
        let o = readcov(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
        assert!(!d.path().join("-").exists());
    }
}

#[test]
fn an_import_that_writes_no_rows_exits_2_and_keeps_the_old_output() {
    let d = folder();
    // A real trajectory imported against a workspace without its files: every read is dropped.
    std::fs::create_dir(d.path().join("empty")).unwrap();
    std::fs::write(d.path().join("out.jsonl"), "previous\n").unwrap();
    let o = readcov(
        d.path(),
        &[
            "import",
            "run.json",
            "--workspace",
            "empty",
            "-o",
            "out.jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "error: no read or edit rows imported from 1 file(s); out.jsonl left as it was"
        ),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("out.jsonl")).unwrap(),
        "previous\n"
    );
    // Control: with no workspace the same log gives rows, exit 0.
    let o = readcov(d.path(), &["import", "run.json", "-o", "out.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(d.path().join("out.jsonl"))
            .unwrap()
            .lines()
            .count()
            > 5
    );
}

/// Every command that writes an output file, with `OUT` where the output goes.
fn writers(fixtures: &Path) -> Vec<Vec<String>> {
    let f = |n: &str| fixtures.join(n).to_str().unwrap().to_string();
    let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let report = ["report", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
    let score = ["score", "--gold", "gold.jsonl", "--reads", "reads.jsonl"];
    let (bench, preds, lengths) = (
        f("explore/bench.jsonl"),
        f("explore/preds.jsonl"),
        f("explore/lengths.json"),
    );
    let runs = f("sheet/runs.jsonl");
    vec![
        s(&["import", "run.json", "-o", "OUT"]),
        s(&[
            "import",
            "run.json",
            "-o",
            "rows.jsonl",
            "--emit-outcomes",
            "OUT",
        ]),
        s(&[
            "import",
            "run.json",
            "-o",
            "rows.jsonl",
            "--emit-patches",
            "OUT",
        ]),
        s(&["gold", "--from-swebench", "gold.jsonl", "-o", "OUT"]),
        s(&[&report[..], &["--html", "OUT"]].concat()),
        s(&[&report[..], &["--lcov", "OUT"]].concat()),
        s(&[&report[..], &["--sarif", "OUT"]].concat()),
        s(&[&score[..], &["--emit-partial", "OUT"]].concat()),
        s(&[
            "explore",
            "--bench",
            &bench,
            "--preds",
            &preds,
            "--file-lengths",
            &lengths,
            "--emit-partial",
            "OUT",
        ]),
        s(&["sheet", "--runs", &runs, "--emit-partial", "OUT"]),
    ]
}

/// An output that is no regular file is written in place, by every command that writes one:
/// renaming a temp file over `-o /dev/null` or a FIFO replaces the device or the pipe with a plain
/// file (it replaced this machine's /dev/null twice).
#[test]
fn every_output_into_dev_null_or_a_fifo_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let d = folder();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let fifo = d.path().join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success(), "mkfifo failed");
    let o = readcov(d.path(), &["import", "run.json", "-o", "reads.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let is_char_device = |p: &str| {
        std::fs::symlink_metadata(p)
            .unwrap()
            .file_type()
            .is_char_device()
    };
    for args in writers(&fixtures) {
        let with = |out: &'static str| -> Vec<&str> {
            args.iter()
                .map(|a| if a == "OUT" { out } else { a.as_str() })
                .collect()
        };
        let o = readcov(d.path(), &with("/dev/null"));
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(is_char_device("/dev/null"), "{args:?} replaced /dev/null");

        let reader = FifoReader::open(&fifo);
        let o = readcov(d.path(), &with("out.fifo"));
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        let got = reader.finish();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(kind.is_fifo(), "{args:?} replaced the FIFO: {kind:?}");
        let emits_nothing = args.contains(&"--emit-outcomes".to_string())
            || args.contains(&"--emit-patches".to_string());
        assert!(
            emits_nothing || !got.is_empty(),
            "{args:?}: nothing came through the FIFO"
        );
        let left: Vec<String> = std::fs::read_dir(d.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect();
        assert!(left.is_empty(), "{args:?}: {left:?}");
    }
    // `demo --write DIR` into a folder whose gold.jsonl is a FIFO.
    let demo = d.path().join("demo");
    std::fs::create_dir(&demo).unwrap();
    let gold_fifo = demo.join("gold.jsonl");
    assert!(Command::new("mkfifo")
        .arg(&gold_fifo)
        .status()
        .unwrap()
        .success());
    let reader = FifoReader::open(&gold_fifo);
    let o = readcov(d.path(), &["demo", "--write", "demo"]);
    let got = String::from_utf8(reader.finish()).unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let kind = std::fs::symlink_metadata(&gold_fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "demo replaced the FIFO: {kind:?}");
    assert!(got.contains("\"path\""), "{got}");
    assert!(is_char_device("/dev/null"));
}

/// Reads a FIFO while a command writes into it, and never hangs: the read end is opened
/// non-blocking before the command runs (so a command that replaced the FIFO instead of writing
/// into it leaves an empty result, not a reader waiting forever), and reading ends at the first
/// end-of-file after the command has exited.
struct FifoReader {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: std::thread::JoinHandle<Vec<u8>>,
}

impl FifoReader {
    fn open(fifo: &Path) -> FifoReader {
        use std::io::Read;
        use std::os::unix::fs::OpenOptionsExt;
        use std::sync::atomic::Ordering;
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(fifo)
            .unwrap();
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let exited = done.clone();
        let thread = std::thread::spawn(move || {
            let (mut got, mut buf) = (Vec::new(), [0u8; 1 << 16]);
            loop {
                // Read before checking: the flag set means the writer is gone, so an empty
                // read after it is the true end.
                let finished = exited.load(Ordering::SeqCst);
                match file.read(&mut buf) {
                    Ok(0) if finished => return got,
                    Ok(n) if n > 0 => got.extend_from_slice(&buf[..n]),
                    Ok(_) => std::thread::sleep(std::time::Duration::from_millis(5)),
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        std::thread::sleep(std::time::Duration::from_millis(5))
                    }
                    Err(e) => panic!("reading the FIFO: {e}"),
                }
            }
        });
        FifoReader { done, thread }
    }

    /// What came through, once the command has exited.
    fn finish(self) -> Vec<u8> {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.thread.join().unwrap()
    }
}

/// `--lcov -` puts the tracefile alone on standard output (the summary goes to stderr), and the
/// summary's last line says so in words ("wrote lcov: -" read like a file named `-`).
#[test]
fn a_report_on_standard_output_says_so() {
    let d = folder();
    let o = readcov(d.path(), &["import", "run.json", "-o", "reads.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = readcov(
        d.path(),
        &[
            "report",
            "--gold",
            "gold.jsonl",
            "--reads",
            "reads.jsonl",
            "--lcov",
            "-",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("TN:"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("wrote lcov: standard output"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("-").exists(), "a file named `-` was written");
}

/// A symbolic link at an output's path is refused by every command that writes a file, naming
/// it: the file it points to (a link planted in a repository, `OUT -> ~/.bashrc`) is left as it
/// was, and so is the link. Before, its target was replaced with readcov's output.
#[test]
fn no_output_is_written_through_a_symbolic_link() {
    let d = folder();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let o = readcov(d.path(), &["import", "run.json", "-o", "reads.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let victim = d.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let link = d.path().join("link.out");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    for args in writers(&fixtures) {
        let args: Vec<String> = (args.iter())
            .map(|a| {
                if a == "OUT" {
                    "link.out".into()
                } else {
                    a.clone()
                }
            })
            .collect();
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = readcov(d.path(), &refs);
        assert_ne!(o.status.code(), Some(0), "{args:?}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("link.out: is a symbolic link"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "precious\n",
            "{args:?}"
        );
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
    }
}

/// The system's stream names are links too (`/dev/stdout -> /proc/self/fd/1`, `/dev/fd/N` from a
/// shell's `>(…)`), named by the user, never planted by a repository: every command that writes
/// a file writes its output there (the link refusal above refused them, exit 2).
#[test]
fn dev_stdout_and_dev_fd_are_written_though_they_are_links() {
    let d = folder();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let o = readcov(d.path(), &["import", "run.json", "-o", "reads.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata("/dev/stdout")
        .unwrap()
        .file_type()
        .is_symlink());
    let with = |args: &[String], out: &str| -> Vec<String> {
        (args.iter())
            .map(|a| if a == "OUT" { out.into() } else { a.clone() })
            .collect()
    };
    let run = |args: &[String]| {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = readcov(d.path(), &refs);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        o
    };
    for args in writers(&fixtures) {
        // The same command into a plain file: what the stream must receive, before or after
        // the command's own standard output (a summary naming the output), if any.
        run(&with(&args, "plain.out"));
        let file = std::fs::read(d.path().join("plain.out")).unwrap();
        for out in ["/dev/stdout", "/dev/fd/1"] {
            let o = run(&with(&args, out));
            assert!(
                o.stdout.starts_with(&file) || o.stdout.ends_with(&file),
                "{args:?} into {out}: {} bytes on standard output, the file has {}",
                o.stdout.len(),
                file.len()
            );
        }
    }
}

/// A link elsewhere under `/dev` is no stream of the process: `/dev/shm` is anyone's to write
/// in, so a link planted there is refused like any other (the first stream exception let every
/// link under `/dev` and `/proc` through).
#[test]
fn a_link_in_dev_shm_is_refused() {
    let shm = Path::new("/dev/shm");
    assert!(
        shm.is_dir(),
        "/dev/shm is missing on this machine: the test cannot run"
    );
    let d = folder();
    let victim = d.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let link = shm.join(format!("readcov-test-{}.out", std::process::id()));
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let o = readcov(
        d.path(),
        &[
            "gold",
            "--from-swebench",
            "gold.jsonl",
            "-o",
            link.to_str().unwrap(),
        ],
    );
    let _ = std::fs::remove_file(&link);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a symbolic link"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
}

/// `demo --write DIR` into a folder of an untrusted repository: a file it names that is a link
/// (`gold.jsonl -> the user's file`), a folder below DIR that is a link out (`base -> elsewhere`),
/// or a file of the user's at one of its names are each refused by name, and nothing is written
/// (before: the link's target replaced, `elsewhere/tokens.py` written, the user's file
/// overwritten). Writing the same files again (a rerun) still works.
#[test]
fn demo_write_refuses_links_and_the_users_files_in_its_folder() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let victim = p.join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let elsewhere = p.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let case = |name: &str, plant: &dyn Fn(&Path), refused: &str| {
        let dir = p.join(name);
        std::fs::create_dir(&dir).unwrap();
        plant(&dir);
        let o = readcov(p, &["demo", "--write", name]);
        assert_ne!(o.status.code(), Some(0), "{name}: {}", stdout(&o));
        assert!(stderr(&o).contains(refused), "{name}: {}", stderr(&o));
        assert!(!stdout(&o).contains("wrote "), "{name}: {}", stdout(&o));
        assert!(
            !dir.join("reads.jsonl").exists() || name == "users",
            "{name}"
        );
    };
    case(
        "linkfile",
        &|dir| std::os::unix::fs::symlink(&victim, dir.join("gold.jsonl")).unwrap(),
        "gold.jsonl: is a symbolic link",
    );
    case(
        "linkdir",
        &|dir| std::os::unix::fs::symlink(&elsewhere, dir.join("base")).unwrap(),
        "base: is a symbolic link",
    );
    case(
        "users",
        &|dir| std::fs::write(dir.join("reads.jsonl"), "my notes\n").unwrap(),
        "reads.jsonl: already exists and is not what readcov writes there",
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    assert_eq!(
        std::fs::read_to_string(p.join("users/reads.jsonl")).unwrap(),
        "my notes\n"
    );
    for _ in 0..2 {
        let o = readcov(p, &["demo", "--write", "fresh"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("wrote fresh/gold.jsonl"),
            "{}",
            stdout(&o)
        );
    }
}
