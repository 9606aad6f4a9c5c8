//! The crash test: a child process appends 10,000 events to a read log and prints each id once
//! its append is acknowledged (fsynced); we SIGKILL it at seeded random points, restart it (it
//! recovers the log and resumes), and finally check that every acknowledged event is in the log
//! exactly once — and that the log holds nothing else (ids 0..10,000, each once; an event killed
//! after its write but before its `ack` is there too, unacknowledged, never duplicated).
//! Seed: `READLOG_CRASH_SEED` (default fixed), printed on failure.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

const TOTAL: u32 = 10_000;

/// xorshift64*: enough randomness for kill points, reproducible from the seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn sigkill_during_10000_appends_loses_no_acknowledged_event() {
    let seed: u64 = std::env::var("READLOG_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_2026_1129);
    let mut rng = Rng(seed | 1);
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("reads.jsonl");
    let mut acked: Vec<u32> = Vec::new();
    let mut kills = 0;
    let mut restarts = 0;
    loop {
        restarts += 1;
        assert!(restarts < 500, "seed {seed}: the writer never finished");
        let mut child = Command::new(env!("CARGO_BIN_EXE_readlog-stress"))
            .arg(&log)
            .arg(TOTAL.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn readlog-stress");
        let out = BufReader::new(child.stdout.take().unwrap());
        // Kill after a random number of acknowledgements, then a random pause so the signal
        // lands at any phase of the next append (serialise, lock, write, fsync, print).
        let kill_after = 1 + rng.below(1500);
        let pause = Duration::from_micros(rng.below(3000));
        let mut seen = 0;
        let mut killed = false;
        for line in out.lines() {
            let line = line.expect("child stdout");
            let id: u32 = line
                .strip_prefix("ack ")
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("seed {seed}: unexpected output {line:?}"));
            acked.push(id);
            seen += 1;
            if seen == kill_after && !killed {
                std::thread::sleep(pause);
                child.kill().expect("SIGKILL");
                killed = true;
                // keep draining: acknowledgements printed before the kill still count
            }
        }
        let status = child.wait().unwrap();
        if killed && !status.success() {
            kills += 1;
            continue;
        }
        assert!(status.success(), "seed {seed}: writer failed: {status}");
        break;
    }
    let contents = readcov_readlog::read_log(&log).unwrap();
    assert_eq!(contents.torn, None, "seed {seed}");
    let parsed = readcov_core::parse_reads(&contents.complete, "reads.jsonl", None);
    assert!(
        parsed.errors.is_empty(),
        "seed {seed}: {:?}",
        &parsed.errors[..1]
    );
    let mut in_log: BTreeMap<u32, usize> = BTreeMap::new();
    for r in &parsed.items {
        *in_log.entry(r.step.expect("step")).or_default() += 1;
    }
    for id in &acked {
        assert_eq!(
            in_log.get(id),
            Some(&1),
            "seed {seed}: acknowledged event {id}"
        );
    }
    let mut sorted = acked.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        acked.len(),
        "seed {seed}: an id was acknowledged twice"
    );
    // An event written but killed before its `ack` is in the log unacknowledged: at most one
    // per kill (the one in flight).
    let unacked = TOTAL as usize - acked.len();
    assert!(
        unacked <= kills,
        "seed {seed}: {unacked} unacknowledged > {kills} kills"
    );
    assert_eq!(
        in_log.len(),
        TOTAL as usize,
        "seed {seed}: log holds exactly 0..{TOTAL}"
    );
    assert!(
        in_log.values().all(|&n| n == 1),
        "seed {seed}: duplicate in the log"
    );
    assert!(
        kills >= 5,
        "seed {seed}: only {kills} kills — the test did not test"
    );
    eprintln!(
        "crash test: seed {seed}, {kills} SIGKILLs, {TOTAL} events, {} acknowledged, all present once",
        acked.len()
    );
}
