//! The lines a patch deletes, in old-file numbering, per file: ContextBench's edit-location
//! prediction.
//!
//! Compat reproduces the reference reader: a hunk ends at a line starting with `@@`, `diff ` or
//! `---` (so a deleted line whose text starts with `--` ends it), a line that is not `-`, `+`
//! or ` ` (an empty context line whose space an editor trimmed, `\ No newline at end of file`)
//! does not advance the old line number, the file is taken from `+++ b/<path>` only (a deletion's
//! `+++ /dev/null` keeps the previous file) and lines are split on `\n` alone. Clean counts the
//! hunk's lines from its header, reads an empty line as context, skips `\` lines, takes a
//! deleted file's path from `--- a/<path>` and drops a `\r` before the line break.

use super::ivs::{per_file, PerFile};
use super::Mode;

/// Deleted line ranges per file, merged.
pub fn deleted_lines(patch: &str, mode: Mode) -> PerFile {
    let ranges = match mode {
        Mode::Compat => compat(patch),
        Mode::Clean => clean(patch),
    };
    per_file(ranges.iter().map(|(f, s, e)| (f.as_str(), (*s, *e))))
}

/// `@@ -a[,b] +c[,d] @@`: (a, b, c, d), counts defaulting to 1.
fn hunk_header(line: &str) -> Option<(i64, i64, i64, i64)> {
    let rest = line.strip_prefix("@@")?;
    let rest = rest.trim_start();
    if rest.len() == line.len() - 2 {
        return None; // `\s+` needs at least one space
    }
    let rest = rest.strip_prefix('-')?;
    let (old, rest) = numbers(rest)?;
    let trimmed = rest.trim_start();
    if trimmed.len() == rest.len() {
        return None;
    }
    let rest = trimmed.strip_prefix('+')?;
    let (new, rest) = numbers(rest)?;
    let trimmed = rest.trim_start();
    if trimmed.len() == rest.len() || !trimmed.starts_with("@@") {
        return None;
    }
    Some((old.0, old.1, new.0, new.1))
}

/// `N` or `N,M` at the start of `s`.
fn numbers(s: &str) -> Option<((i64, i64), &str)> {
    let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n = digits(s);
    let a = s[..n].parse().ok()?;
    let rest = &s[n..];
    if let Some(r) = rest.strip_prefix(',') {
        let m = digits(r);
        if let Ok(b) = r[..m].parse() {
            return Some(((a, b), &r[m..]));
        }
    }
    Some(((a, 1), rest))
}

fn plus_b_path(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("+++")?;
    let t = rest.trim_start();
    if t.len() == rest.len() {
        return None;
    }
    t.strip_prefix("b/").filter(|p| !p.is_empty())
}

fn compat(patch: &str) -> Vec<(String, i64, i64)> {
    let lines: Vec<&str> = patch.split('\n').collect();
    let mut out = Vec::new();
    let mut current: Option<&str> = None;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("+++") {
            if let Some(p) = plus_b_path(line) {
                current = Some(p);
            }
            continue;
        }
        let (Some(file), true) = (current, line.starts_with("@@")) else {
            continue;
        };
        let Some((old_start, ..)) = hunk_header(line) else {
            continue;
        };
        let mut old = old_start;
        let mut open: Option<i64> = None;
        for l in &lines[i + 1..] {
            if l.starts_with("@@") || l.starts_with("diff ") || l.starts_with("---") {
                break;
            }
            if l.starts_with('-') {
                open.get_or_insert(old);
                old += 1;
            } else if l.starts_with(' ') {
                if let Some(s) = open.take() {
                    out.push((file.to_string(), s, old - 1));
                }
                old += 1;
            }
        }
        if let Some(s) = open {
            out.push((file.to_string(), s, old - 1));
        }
    }
    out
}

fn clean(patch: &str) -> Vec<(String, i64, i64)> {
    let lines: Vec<&str> = patch.lines().collect();
    let mut out = Vec::new();
    let (mut old_path, mut current): (Option<String>, Option<String>) = (None, None);
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if let Some(rest) = line.strip_prefix("--- ") {
            old_path = Some(header_path(rest, "a/"));
            continue;
        }
        if let Some(rest) = line.strip_prefix("+++ ") {
            let p = rest.split('\t').next().unwrap_or("").trim_end();
            current = if p == "/dev/null" {
                old_path.clone()
            } else {
                Some(header_path(rest, "b/"))
            };
            continue;
        }
        let (Some(file), Some((old_start, old_len, _, new_len))) = (&current, hunk_header(line))
        else {
            continue;
        };
        let (mut old, mut old_left, mut new_left) = (old_start, old_len, new_len);
        let mut open: Option<i64> = None;
        while (old_left > 0 || new_left > 0) && i < lines.len() {
            let l = lines[i];
            match l.as_bytes().first() {
                Some(b'-') if old_left > 0 => {
                    open.get_or_insert(old);
                    old += 1;
                    old_left -= 1;
                }
                Some(b'+') if new_left > 0 => new_left -= 1,
                Some(b'\\') => {}
                None | Some(b' ') => {
                    if let Some(s) = open.take() {
                        out.push((file.clone(), s, old - 1));
                    }
                    old += 1;
                    old_left -= 1;
                    new_left -= 1;
                }
                _ => break,
            }
            i += 1;
        }
        if let Some(s) = open {
            out.push((file.clone(), s, old - 1));
        }
    }
    out
}

/// A `---`/`+++` header's path: the tab-separated timestamp dropped, the `a/`/`b/` prefix too.
fn header_path(rest: &str, prefix: &str) -> String {
    let p = rest.split('\t').next().unwrap_or("").trim_end();
    p.strip_prefix(prefix).unwrap_or(p).to_string()
}
