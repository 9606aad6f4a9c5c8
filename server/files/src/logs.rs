//! What `readcov import` reads for each argument: a log file as it is, an OpenHands V1
//! conversation folder (or its `base_state.json`) as one JSONL stream (base state first, then
//! `events/event-*.json` in name order), and after a Claude Code transcript `<s>.jsonl` its
//! subagents `<s>/subagents/agent-*.jsonl` (Claude Code 2.1's layout), unless listed already;
//! of an AutoCodeRover task folder's threads, the one that holds the others ([`acr_folder`]).

pub mod acr_folder;

use crate::{read_input, FileError};
use std::path::{Path, PathBuf};

/// The arguments with each transcript's subagent files after it.
pub fn expand(args: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for a in args {
        push(&mut out, a.clone());
        for sub in subagents(a) {
            push(&mut out, sub);
        }
    }
    out
}

/// The subagent transcripts of a Claude Code session `a`: `<stem>/subagents/agent-*.jsonl`, and
/// `agent-*.jsonl` in a sibling `subagents/` folder or beside it (2.0.x) when they name the same
/// `sessionId`.
fn subagents(a: &Path) -> Vec<PathBuf> {
    let name = a.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let (Some(stem), true) = (a.file_stem(), name.ends_with(".jsonl")) else {
        return Vec::new();
    };
    // Only a regular file is opened here: a FIFO or a device would be consumed (or block) before
    // the import reads it.
    if name.starts_with("agent-") || !a.is_file() {
        return Vec::new();
    }
    let mut out = sorted_files(
        &a.with_file_name(stem).join("subagents"),
        "agent-",
        ".jsonl",
    );
    let Some(id) = session_id(a) else {
        return out;
    };
    let near = [a.with_file_name("subagents"), a.with_file_name("")];
    for f in near
        .iter()
        .flat_map(|d| sorted_files(d, "agent-", ".jsonl"))
    {
        if session_id(&f).as_deref() == Some(id.as_str()) && !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

/// The first `sessionId` in the first lines of a Claude Code transcript.
fn session_id(p: &Path) -> Option<String> {
    use std::io::BufRead;
    // The checked open: the file may have become a FIFO since `is_file` looked (a plain open
    // would wait for a writer; found by the docs audit, session 20).
    let (f, _) = crate::open_input(p).ok()?;
    std::io::BufReader::new(f)
        .lines()
        .take(20)
        .map_while(Result::ok)
        .find_map(|l| {
            // Any `.jsonl` argument is asked: a dataset's rows (tens of KB each) were parsed
            // for nothing (14 M instructions per file).
            if !may_hold_session_id(&l) {
                return None;
            }
            let v: serde_json::Value = serde_json::from_str(&l).ok()?;
            v.get("sessionId")?.as_str().map(str::to_string)
        })
}

/// Whether a line can hold the key `sessionId`: JSON spells it as such, or with some of its
/// letters escaped, and an ASCII letter's only escape is `\u00XX` (the short escapes are for
/// quotes, slashes and control characters). Without either, parsing the line finds no such key.
fn may_hold_session_id(line: &str) -> bool {
    let has = |needle: &[u8]| memchr::memmem::find(line.as_bytes(), needle).is_some();
    has(b"sessionId") || has(b"\\u00")
}

fn push(out: &mut Vec<PathBuf>, p: PathBuf) {
    if !out.contains(&p) {
        out.push(p);
    }
}

/// Files in `dir` named `prefix…suffix`, sorted by name (none when `dir` is not a folder).
fn sorted_files(dir: &Path, prefix: &str, suffix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix) && n.ends_with(suffix))
        })
        .collect();
    v.sort();
    v
}

/// Whether `dir` is an OpenHands V1 conversation folder (one log: `base_state.json` and its
/// `events/`), which the import reads whole rather than as the files in it.
pub fn is_conversation(dir: &Path) -> bool {
    dir.join("base_state.json").is_file()
}

/// The bytes of one argument (a V1 conversation folder assembled into JSONL).
pub fn read(p: &Path) -> Result<Vec<u8>, FileError> {
    let folder = if p.is_dir() {
        Some(p.to_path_buf())
    } else if p.file_name().is_some_and(|n| n == "base_state.json") {
        p.parent().map(Path::to_path_buf)
    } else {
        None
    };
    match folder {
        Some(dir) if is_conversation(&dir) => conversation(&dir),
        Some(dir) => Err(FileError::new(
            &dir,
            "not a regular file (a folder with no file to import, and not an OpenHands V1 \
             conversation: no base_state.json)",
        )),
        None => read_input(p),
    }
}

/// One line per JSON file: the base state, then the events in file-name (= event index) order.
fn conversation(dir: &Path) -> Result<Vec<u8>, FileError> {
    let mut out = Vec::new();
    let base = dir.join("base_state.json");
    let mut files = vec![base];
    files.extend(sorted_files(&dir.join("events"), "event-", ".json"));
    for f in files {
        let bytes = read_input(&f)?;
        // Compact each file to one line so the stream stays JSONL; a broken file stays one bad line.
        match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(v) => out.extend(
                serde_json::to_vec(&v)
                    .map_err(|e| FileError::new(&f, format!("re-encoding an event: {e}")))?,
            ),
            Err(_) => out.extend(bytes.iter().map(|&b| if b == b'\n' { b' ' } else { b })),
        }
        out.push(b'\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
