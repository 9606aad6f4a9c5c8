//! `readcov-json-floor FILES...`: reads each file and parses it into a `serde_json::Value`,
//! nothing else — the floor `readcov import` is compared against in bench/import_bench.py.
//! `--jsonl FILE...`: each line of each file parsed on its own, read a line at a time (the floor
//! of a dataset of rows, bench/chat_bench.py).
//! Each value goes through `black_box` so the parse cannot be optimised away; nothing walks it
//! afterwards (that would be extra work on the floor's side and flatter the comparison).

use anyhow::{Context, Result};

fn main() -> Result<()> {
    let (mut files, mut bytes) = (0u64, 0u64);
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == "--jsonl") {
        use std::io::BufRead;
        args.remove(0);
        for path in args {
            let f = std::fs::File::open(&path)
                .with_context(|| format!("{}", path.to_string_lossy()))?;
            for line in std::io::BufReader::with_capacity(1 << 20, f).split(b'\n') {
                let line = line?;
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                let v: serde_json::Value = serde_json::from_slice(&line)
                    .with_context(|| format!("{}: a line is not JSON", path.to_string_lossy()))?;
                bytes += line.len() as u64 + 1;
                std::hint::black_box(&v);
            }
            files += 1;
        }
        println!("{files} file(s), {bytes} bytes parsed");
        return Ok(());
    }
    for path in args {
        let data = std::fs::read(&path).with_context(|| format!("{}", path.to_string_lossy()))?;
        let v: serde_json::Value = serde_json::from_slice(&data)
            .with_context(|| format!("{}: not JSON", path.to_string_lossy()))?;
        files += 1;
        bytes += data.len() as u64;
        std::hint::black_box(&v);
    }
    println!("{files} file(s), {bytes} bytes parsed");
    Ok(())
}
