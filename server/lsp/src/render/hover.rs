//! Hover text: the reads that covered a line, or the nearest reads of an unread gold line.
//! Commands are shown short (`view variables.py view_range=1670–1700`), never as raw JSON, and
//! cut with `…` so a hover stays a few lines tall.

use serde_json::Value;

/// The longest command a hover shows, in characters (the last one then being `…`).
pub const COMMAND_CHARS: usize = 80;

/// A tool command as a person reads it: a JSON object (a `str_replace_editor` call) becomes its
/// `command`, the file name of its `path` and its other fields as `key=value`; anything else is
/// kept. Whitespace runs become one space, backticks quotes (the hover is Markdown code), and
/// the result is cut to [`COMMAND_CHARS`] with `…`.
pub fn short_command(cmd: &str) -> String {
    let long = match serde_json::from_str::<Value>(cmd) {
        Ok(Value::Object(m)) => {
            let mut parts: Vec<String> = Vec::new();
            if let Some(c) = m.get("command").and_then(Value::as_str) {
                parts.push(c.to_string());
            }
            if let Some(p) = m.get("path").and_then(Value::as_str) {
                parts.push(p.rsplit('/').next().unwrap_or(p).to_string());
            }
            for (k, v) in m.iter().filter(|(k, _)| *k != "command" && *k != "path") {
                let value = match v {
                    Value::String(s) => s.clone(),
                    Value::Array(a) if a.len() == 2 && a.iter().all(Value::is_number) => {
                        format!("{}–{}", a[0], a[1])
                    }
                    other => other.to_string(),
                };
                parts.push(format!("{k}={value}"));
            }
            parts.join(" ")
        }
        _ => cmd.to_string(),
    };
    let flat = long
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('`', "'");
    if flat.chars().count() <= COMMAND_CHARS {
        return flat;
    }
    let mut cut: String = flat.chars().take(COMMAND_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// `s` as a Markdown code span that nothing in it can end: run and tool names come from read
/// logs, which an untrusted repository ships. A backtick or a blank line in a name closed the
/// span, and what followed was Markdown: an image the editor fetched from the network, a link.
/// Controls and bidi overrides are shown as escapes and a long name cut
/// ([`readcov_core::shown::shown`]); backticks become quotes.
fn code(s: &str) -> String {
    format!("`{}`", readcov_core::shown::shown(s).replace('`', "'"))
}

/// Hover text for one line: the reads that covered it, or that none did.
pub fn hover_text(reads: &[readcov_core::ReadSpan], disk_line: Option<u32>) -> String {
    let Some(line) = disk_line else {
        return "readcov: this line was added since the file was opened; no read covered it".into();
    };
    if reads.is_empty() {
        return format!("readcov: no read covered this line (line {line} on disk)");
    }
    // The disk line, said as such (as above): after an edit above it the hover of current line
    // 1952 named line 1950 with no word that it is not the line under the cursor.
    let mut s = format!(
        "readcov: {} read(s) covered line {line} on disk\n",
        reads.len()
    );
    for r in reads.iter().take(20) {
        let mut parts = vec![
            format!("run {}", code(&r.run)),
            format!("lines {}–{}", r.start, r.end),
        ];
        match (r.turn, r.step) {
            (Some(t), Some(st)) => parts.push(format!("turn {t}/step {st}")),
            (Some(t), None) => parts.push(format!("turn {t}")),
            (None, Some(st)) => parts.push(format!("step {st}")),
            (None, None) => {}
        }
        if let Some(tool) = &r.tool {
            parts.push(format!("tool {}", code(tool)));
        }
        if r.source != readcov_core::Source::Agent {
            parts.push(r.source.as_str().to_string());
        }
        if let Some(cmd) = &r.command {
            parts.push(code(&short_command(cmd)));
        }
        s.push_str(&format!("\n- {}", parts.join(", ")));
    }
    if reads.len() > 20 {
        s.push_str(&format!("\n- … and {} more", reads.len() - 20));
    }
    s
}

/// The hover's second part on an unread gold line: the reads of the file nearest to it.
pub fn hover_nearest(
    line: u32,
    before: Option<&readcov_core::explain::NearRead>,
    after: Option<&readcov_core::explain::NearRead>,
) -> String {
    let at = |r: &readcov_core::explain::NearRead| {
        let mut parts = vec![format!("lines {}–{}", r.start, r.end)];
        if let Some(t) = r.turn {
            parts.push(format!("turn {t}"));
        }
        if let Some(tool) = &r.tool {
            parts.push(format!("tool {}", code(tool)));
        }
        if let Some(cmd) = &r.command {
            parts.push(code(&short_command(cmd)));
        }
        parts.join(", ")
    };
    let mut s = format!("\n\nGold line {line} was never read. Nearest reads of this file:");
    match before {
        Some(b) => s += &format!("\n- before: {}", at(b)),
        None => s += "\n- before: none",
    }
    match after {
        Some(a) => s += &format!("\n- after: {}", at(a)),
        None => s += "\n- after: none",
    }
    if let (Some(b), Some(a)) = (before, after) {
        s += &format!("\n\nnever read: lines {}–{}", b.end + 1, a.start - 1);
    }
    s
}

#[cfg(test)]
mod tests;
