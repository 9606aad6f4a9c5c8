//! A reads row written by hand, byte for byte as serde writes it (`serde_json::to_string` of a
//! `ReadSpan`), straight into the output. Why: serde's string escaping looks every byte up in a
//! table and the derived map writes each row into a `String` of its own; most of a row's texts
//! (its ids, path and tool, many commands) hold nothing to escape and are copied as they are.
//! The property test in `base.rs` holds this writer to serde's.

use readcov_core::span::EventKind;
use readcov_core::ReadSpan;

/// Appends `r` as the JSON object serde writes for it: the fields in their declared order, the
/// `None` ones (and `kind` when it is a read) left out.
pub(super) fn write_span(out: &mut Vec<u8>, r: &ReadSpan) -> serde_json::Result<()> {
    // Every field named, none left to `..`: a field added to `ReadSpan` fails to compile here
    // instead of being left out of the rows this writes.
    let ReadSpan {
        task,
        run,
        path,
        start,
        end,
        turn,
        step,
        tool,
        source,
        command,
        kind,
        rank,
        score,
    } = r;
    out.extend_from_slice(b"{\"task\":");
    string(out, task)?;
    out.extend_from_slice(b",\"run\":");
    string(out, run)?;
    out.extend_from_slice(b",\"path\":");
    string(out, path)?;
    out.extend_from_slice(b",\"start\":");
    serde_json::to_writer(&mut *out, start)?;
    out.extend_from_slice(b",\"end\":");
    serde_json::to_writer(&mut *out, end)?;
    if let Some(turn) = turn {
        out.extend_from_slice(b",\"turn\":");
        serde_json::to_writer(&mut *out, turn)?;
    }
    if let Some(step) = step {
        out.extend_from_slice(b",\"step\":");
        serde_json::to_writer(&mut *out, step)?;
    }
    if let Some(tool) = tool {
        out.extend_from_slice(b",\"tool\":");
        string(out, tool)?;
    }
    out.extend_from_slice(b",\"source\":");
    serde_json::to_writer(&mut *out, source)?;
    if let Some(command) = command {
        out.extend_from_slice(b",\"command\":");
        string(out, command)?;
    }
    if *kind != EventKind::Read {
        out.extend_from_slice(b",\"kind\":");
        serde_json::to_writer(&mut *out, kind)?;
    }
    if let Some(rank) = rank {
        out.extend_from_slice(b",\"rank\":");
        serde_json::to_writer(&mut *out, rank)?;
    }
    if let Some(score) = score {
        out.extend_from_slice(b",\"score\":");
        serde_json::to_writer(&mut *out, score)?;
    }
    out.push(b'}');
    Ok(())
}

/// A JSON string as serde writes it. serde escapes `"`, `\` and the bytes below 0x20, nothing
/// else; a text without them is its own bytes between quotes. The test looks at every byte
/// without stopping at the first hit, so it runs many bytes a step.
fn string(out: &mut Vec<u8>, s: &str) -> serde_json::Result<()> {
    let escapes = s.bytes().fold(false, |any, b| {
        any | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if escapes {
        return serde_json::to_writer(&mut *out, s);
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
    Ok(())
}
