//! The windows of a classic SWE-agent observation: each window-printing command's output starts
//! with its `[File: … (N lines total)]` header, a refused `edit` prints two windows that are one
//! output, and `create` of an existing file prints an error line before the window it opens.

/// The file a window shows: `[File: /repo/x.java (233 lines total)]`.
pub(super) fn window_file(obs: &str) -> Option<String> {
    let s = obs.find("[File: ")? + "[File: ".len();
    let line = &obs[s..obs[s..].find('\n').map_or(obs.len(), |i| s + i)];
    let e = line.rfind(" (")?;
    Some(line[..e].to_string())
}

/// Byte ranges of the windows an observation shows: a `[File: … lines total)]` header line, then
/// the `(k more lines above)`, `N:text` and `(k more lines below)` lines that follow it (and the
/// `File updated.` note of an edit).
fn windows(obs: &str) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    for line in obs.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let text = line.trim_end_matches(['\n', '\r']);
        if text.starts_with("[File: ") && text.ends_with(" lines total)]") {
            out.push((start, at));
        } else if let Some(last) = out.last_mut().filter(|w| w.1 == start) {
            // The note `edit` prints under its window is the edit's, not the next command's.
            if in_window(text) || text.starts_with("File updated. Please review") {
                last.1 = at;
            }
        }
    }
    out
}

/// The output an `edit` the linter refused prints: from `Your proposed edit has introduced new
/// syntax error(s)` to the end of `Your changes have NOT been applied` and the advice lines under
/// it. It holds two windows (the edit as it would have looked, then the file as it is), both the
/// edit's: byte ranges of each such output that has its closing line.
fn refusals(obs: &str) -> Vec<(usize, usize)> {
    const OPEN: &str = "Your proposed edit has introduced new syntax error";
    const CLOSE: &str = "Your changes have NOT been applied";
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(&obs.as_bytes()[from..], OPEN.as_bytes()) {
        let start = obs[..from + at].rfind('\n').map_or(0, |i| i + 1);
        let Some(close) = memchr::memmem::find(&obs.as_bytes()[from + at..], CLOSE.as_bytes())
        else {
            break;
        };
        let mut end = line_end(obs, from + at + close);
        // SWE-agent's advice under the closing line is the edit's too.
        while ["You either need to", "DO NOT re-run"]
            .iter()
            .any(|a| obs[end..].starts_with(a))
        {
            end = line_end(obs, end);
        }
        out.push((start, end));
        from = end;
    }
    out
}

/// The end of the line `at` is in, past its newline.
fn line_end(obs: &str, at: usize) -> usize {
    obs[at..].find('\n').map_or(obs.len(), |i| at + i + 1)
}

/// The outputs of the window-printing commands, in order: each window, except that the two
/// windows of a refused edit make one output (the whole refusal, flagged `true`).
pub(super) fn outputs(obs: &str) -> Vec<(usize, usize, bool)> {
    let refused = refusals(obs);
    let mut out: Vec<(usize, usize, bool)> = Vec::new();
    for (start, end) in windows(obs) {
        match refused.iter().find(|r| r.0 <= start && start < r.1) {
            Some(&(s, _)) if out.last().is_some_and(|o| o.0 == s) => {}
            Some(&(s, e)) => out.push((s, e, true)),
            None => out.push((start, end, false)),
        }
    }
    out
}

/// A line of a window body: `12:text` or `(k more lines above|below)`.
fn in_window(text: &str) -> bool {
    let numbered = text
        .split_once(':')
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let more = text
        .strip_prefix('(')
        .is_some_and(|r| r.ends_with(" more lines above)") || r.ends_with(" more lines below)"));
    numbered || more
}

/// Whether `line` is the error `create` prints before it opens a file that already exists.
fn is_exists_error(line: &str) -> bool {
    let line = line.trim_end_matches('\r');
    line.starts_with("Error: File '") && line.ends_with("' already exists.")
}

/// Whether `obs` says `create` found the file already there (and opened it instead).
pub(super) fn exists_error(obs: &str) -> bool {
    obs.lines().any(is_exists_error)
}

/// Where the window at `start` begins once the line before it is taken in when it is the error
/// `create` prints before opening a file that already exists.
pub(super) fn with_exists_error(obs: &str, start: usize) -> usize {
    let before = obs[..start].trim_end_matches(['\n', '\r']);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    if is_exists_error(&before[line_start..]) {
        line_start
    } else {
        start
    }
}

#[cfg(test)]
mod tests;
