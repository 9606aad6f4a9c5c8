//! `readcov-json-floor FILES...`: reads each file and parses it into a `serde_json::Value`,
//! nothing else — the floor `readcov import` is compared against in bench/import_bench.py.
//! Each value goes through `black_box` so the parse cannot be optimised away; nothing walks it
//! afterwards (that would be extra work on the floor's side and flatter the comparison).

use anyhow::{Context, Result};

fn main() -> Result<()> {
    let (mut files, mut bytes) = (0u64, 0u64);
    for path in std::env::args_os().skip(1) {
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
