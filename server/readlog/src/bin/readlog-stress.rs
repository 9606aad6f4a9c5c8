//! Crash-test helper (see `tests/crash.rs`): `readlog-stress LOG TOTAL` opens and recovers LOG,
//! resumes after the highest event id already in it, and appends events up to TOTAL, printing
//! `ack ID` on stdout after each append returns (that is, after fsync). The parent kills it at
//! random points; what it printed is what was acknowledged.
//!
//! `readlog-stress LOG TOTAL WRITER PAD` is the concurrent-writer mode (`tests/concurrent.rs`):
//! no resume, events 0..TOTAL tagged `run: WRITER`, each padded with PAD bytes so records are
//! larger than a pipe buffer and would tear if writes were not serialised.

use readcov_readlog::{read_log, ReadLog};
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(total)) = (args.next(), args.next()) else {
        return Err("usage: readlog-stress LOG TOTAL".into());
    };
    let total: u32 = total.parse()?;
    if let (Some(writer), Some(pad)) = (args.next(), args.next()) {
        return concurrent(&path, total, &writer, pad.parse()?);
    }
    let (log, recovery) = ReadLog::open(&path)?;
    if let Some(t) = &recovery.torn {
        eprintln!("recovered a torn line {}: {:?}", t.line, t.action);
    }
    let contents = read_log(log.path())?;
    let mut next = 0;
    for line in contents
        .complete
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
    {
        let v: serde_json::Value = serde_json::from_slice(line)?;
        let id = v["step"].as_u64().ok_or("a log line without a step")?;
        next = next.max(id + 1);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for id in u32::try_from(next)?..total {
        log.append_json(&serde_json::json!({
            "task": "crash",
            "run": "r",
            "path": "src/crash.py",
            "start": id + 1,
            "end": id + 1,
            "step": id,
            "source": "agent",
        }))?;
        writeln!(out, "ack {id}")?;
        out.flush()?;
    }
    Ok(())
}

fn concurrent(
    path: &str,
    total: u32,
    writer: &str,
    pad: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let (log, _) = ReadLog::open(path)?;
    let padding = "x".repeat(pad);
    for id in 0..total {
        log.append_json(&serde_json::json!({
            "task": "concurrent",
            "run": writer,
            "path": "src/c.py",
            "start": id + 1,
            "end": id + 1,
            "step": id,
            "command": padding,
        }))?;
    }
    Ok(())
}
