//! A gold diff of many small hunks on one large file, through the real binary: `readcov gold
//! --from-diff` and the language server (a repository's `readcov.toml` naming the diff as gold)
//! each hashed and split the whole file once per hunk, and looked for every hunk without trailing
//! context at every line of the file first (`readcov_patch::apply`'s `find`): 20,000 hunks on a
//! 100,000-line file took 208 s in a release build. Now each file is hashed once
//! (`readcov_core::base::FileBase`) and a hunk held to the start or end is tried there only.

use crate::common::{spawn_lsp, stderr};
use crate::lsp_client::{Client, WAIT};
use serde_json::json;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Output, Stdio};
use std::time::Duration;

const HUNKS: usize = 2_000;
const LINES: usize = 20_000;

/// The budget both tests hold the work to, in CPU time (user + system, every thread of the
/// process), not wall time: a debug build on a loaded machine waits for a core far longer than
/// it computes (the server's load took 40 s of wall time with eight tests on two busy cores,
/// where it needs a few seconds of CPU), while the old code's minutes were all computing.
const BUDGET: Duration = Duration::from_secs(20);

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
}

/// Runs `readcov` (in the crate's directory) to its end, asserting success: its output and the
/// CPU time it used (`wait4`'s usage of exactly this child, not of the tests running beside it).
// Reaped by `wait4` below, which `Child::wait` cannot replace: it gives no usage.
#[allow(clippy::zombie_processes)]
fn readcov_ok_cpu(args: &[&str]) -> (Output, Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_readcov"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the readcov binary");
    // Drained while it runs: its output is larger than a pipe holds.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            r.read_to_end(&mut v).expect("read the child's output");
            v
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a plain struct of integers, filled in by `wait4`.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: reaps our own child, which `child` never waits for afterwards.
        let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if got == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "wait4: {e}");
    }
    let o = Output {
        status: ExitStatus::from_raw(status),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    (o, timeval(usage.ru_utime) + timeval(usage.ru_stime))
}

/// The CPU time (user + system, all threads) the running process `pid` has used so far.
fn cpu_so_far(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc/PID/stat");
    // The fields after the command name (in parentheses, which may hold spaces) start at the
    // 3rd; utime and stime are the 14th and 15th, in clock ticks.
    let rest = &stat[stat.rfind(')').expect("(comm)") + 2..];
    let ticks: u64 = (rest.split(' ').skip(11).take(2))
        .map(|f| f.parse::<u64>().expect("a tick count"))
        .sum();
    // SAFETY: sysconf reads a constant of the system.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Duration::from_millis(ticks * 1000 / per_second)
}

/// `big.py` (20,000 lines) and `gold.diff`: 2,000 one-line hunks, each replacing one line with
/// no context around it, and a `readcov.toml` naming the diff as gold.
fn workspace(root: &Path) {
    let text: String = (0..LINES)
        .map(|i| format!("x{i} = {i}  # a line long enough to cost something to hash\n"))
        .collect();
    std::fs::write(root.join("big.py"), text).unwrap();
    let mut diff = String::from("diff --git a/big.py b/big.py\n--- a/big.py\n+++ b/big.py\n");
    for k in 0..HUNKS {
        let line = 1 + 10 * k;
        diff.push_str(&format!(
            "@@ -{line},1 +{line},1 @@\n-x{i} = {i}  # a line long enough to cost something to hash\n+y{i} = 0\n",
            i = line - 1
        ));
    }
    std::fs::write(root.join("gold.diff"), diff).unwrap();
    std::fs::write(
        root.join("readcov.toml"),
        "gold = [\"gold.diff\"]\ntask = \"t\"\n",
    )
    .unwrap();
}

#[test]
fn gold_from_a_diff_of_many_hunks_costs_each_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let s = |p: &Path| p.display().to_string();
    let (out, took) = readcov_ok_cpu(&[
        "gold",
        "--from-diff",
        &s(&root.join("gold.diff")),
        "--workspace",
        &s(&root),
        "--task",
        "t",
    ]);
    let rows: Vec<serde_json::Value> = (String::from_utf8_lossy(&out.stdout).lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), HUNKS, "{}", stderr(&out));
    // Every row has the file's base and its own line's text: the cache changes no output.
    let sha = readcov_core::base::sha256_hex(&std::fs::read(root.join("big.py")).unwrap());
    for (k, r) in rows.iter().enumerate() {
        let i = 10 * k;
        assert_eq!(r["start"], i + 1, "{r}");
        assert_eq!(r["base"]["sha256"], sha.as_str(), "{r}");
        assert_eq!(r["base"]["lines"], LINES, "{r}");
        let want = format!("x{i} = {i}  # a line long enough to cost something to hash");
        assert_eq!(r["base"]["first"], want.as_str(), "{r}");
    }
    // Old code: 2,000 hashes of the 1.1 MB file and 2,000 scans of it (minutes in a debug
    // build); now well under a second of CPU.
    assert!(took < BUDGET, "took {took:?} of CPU");
}

#[tokio::test]
async fn the_server_loads_a_gold_diff_of_many_hunks_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.current_dir(&root);
    });
    let client = Client::new(out, input);
    client.initialize(&root, json!({}), json!({})).await;
    // Each request waits at most `lsp_client::WAIT`; the old server spent minutes
    // loading this gold and answered nothing meanwhile.
    let summary = client.request("readcov/summary", json!({})).await;
    let took = cpu_so_far(child.id().expect("the server runs"));
    let gold: u64 = (summary["rows"].as_array().unwrap().iter())
        .map(|r| r["goldLines"].as_u64().unwrap_or(0))
        .max()
        .unwrap_or(0);
    assert_eq!(gold, HUNKS as u64, "{summary}");
    assert!(took < BUDGET, "took {took:?} of CPU");
    client.shutdown().await;
    let _ = tokio::time::timeout(WAIT, child.wait()).await;
}
