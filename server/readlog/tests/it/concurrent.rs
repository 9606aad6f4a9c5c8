//! Two servers on one workspace: two writer processes append large records (bigger than a pipe
//! buffer) to one log at once; every record must come out whole, none lost.

use std::collections::BTreeSet;
use std::process::Command;

#[test]
fn two_processes_appending_at_once_interleave_only_whole_records() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("reads.jsonl");
    const EACH: u32 = 300;
    const PAD: usize = 70_000;
    let writers: Vec<_> = ["w1", "w2"]
        .iter()
        .map(|w| {
            Command::new(env!("CARGO_BIN_EXE_readlog-stress"))
                .args([
                    log.to_str().unwrap(),
                    &EACH.to_string(),
                    w,
                    &PAD.to_string(),
                ])
                .spawn()
                .expect("spawn writer")
        })
        .collect();
    for mut w in writers {
        assert!(w.wait().unwrap().success());
    }
    let bytes = std::fs::read(&log).unwrap();
    assert!(bytes.ends_with(b"\n"));
    let parsed = readcov_core::parse_reads(&bytes, "reads.jsonl", None);
    assert!(
        parsed.errors.is_empty(),
        "torn or interleaved: {:?}",
        parsed.errors.first()
    );
    let seen: BTreeSet<(String, u32)> = parsed
        .items
        .iter()
        .map(|r| (r.run.clone(), r.step.unwrap()))
        .collect();
    assert_eq!(parsed.items.len(), 2 * EACH as usize);
    assert_eq!(seen.len(), 2 * EACH as usize, "a record is duplicated");
    assert!(parsed
        .items
        .iter()
        .all(|r| r.command.as_ref().map(String::len) == Some(PAD)));
}
