//! Unified diffs (git or plain `diff -u`) into a [`Patch`]. Never fails: a hunk header that
//! cannot be read, a hunk before any file header, or a header whose counts disagree with the
//! hunk's lines is a located error, and the rest is still read.

use crate::model::{FilePatch, Hunk, HunkLine, Op, Patch};
use readcov_core::formats::InputError;

/// A patch and the problems found reading it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParsedPatch {
    pub patch: Patch,
    pub errors: Vec<InputError>,
}

/// `a/x` → `x`, `/dev/null` → `None`; a tab-separated timestamp is dropped (git ends a name
/// holding a space with a tab, so a space never ends one), and a git-quoted name
/// (`"a/\303\251.py"`) is unquoted.
fn strip_prefix_path(p: &str) -> Option<String> {
    match quoted(p) {
        Some((name, _)) => drop_ab(&name),
        None => drop_ab(p.split('\t').next().unwrap_or(p).trim()),
    }
}

/// `a/x` or `b/x` → `x`; `/dev/null` → `None`.
fn drop_ab(p: &str) -> Option<String> {
    if p == "/dev/null" {
        return None;
    }
    let p = p
        .strip_prefix("a/")
        .or_else(|| p.strip_prefix("b/"))
        .unwrap_or(p);
    Some(p.to_string())
}

/// A C-quoted name at the start of `s` (git's quoting of names with unusual bytes: `\"`, `\\`,
/// `\t`, `\n`, octal `\303`): the name and the rest after its closing quote.
fn quoted(s: &str) -> Option<(String, &str)> {
    let body = s.strip_prefix('"')?;
    let mut bytes = Vec::new();
    let mut it = body.char_indices();
    while let Some((i, c)) = it.next() {
        match c {
            '"' => return Some((String::from_utf8_lossy(&bytes).into_owned(), &body[i + 1..])),
            '\\' => {
                let (_, e) = it.next()?;
                match e {
                    'n' => bytes.push(b'\n'),
                    't' => bytes.push(b'\t'),
                    '0'..='7' => {
                        let mut v = e.to_digit(8)?;
                        for _ in 0..2 {
                            let (_, d) = it.next()?;
                            v = v * 8 + d.to_digit(8)?;
                        }
                        bytes.push(u8::try_from(v).ok()?);
                    }
                    other => {
                        let mut buf = [0; 4];
                        bytes.extend_from_slice(other.encode_utf8(&mut buf).as_bytes());
                    }
                }
            }
            c => {
                let mut buf = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    None
}

/// The two names of `diff --git a/X b/Y`: quoted names, or — a name may hold spaces — the
/// halves `a/N b/N` of an unchanged name, else a split at ` b/`. (A rename's names come from
/// its `rename from`/`rename to` lines, and `---`/`+++` lines override these.)
fn git_names(rest: &str) -> (Option<String>, Option<String>) {
    if let Some((old, after)) = quoted(rest) {
        return (drop_ab(&old), strip_prefix_path(after.trim_start()));
    }
    let half = rest.len() / 2;
    if rest.len() % 2 == 1 && rest.is_char_boundary(half) && rest.as_bytes()[half] == b' ' {
        let (a, b) = (&rest[..half], &rest[half + 1..]);
        if a.strip_prefix("a/")
            .is_some_and(|x| Some(x) == b.strip_prefix("b/"))
        {
            return (drop_ab(a), drop_ab(b));
        }
    }
    match rest.split_once(" b/") {
        Some((a, b)) if !b.is_empty() => (drop_ab(a), Some(b.to_string())),
        _ => {
            let mut words = rest.split(' ');
            (
                words.next().and_then(strip_prefix_path),
                words.next().and_then(strip_prefix_path),
            )
        }
    }
}

/// `@@ -a,b +c,d @@` → (a, b, c, d); a missing count is 1.
pub fn hunk_header(line: &str) -> Option<(u32, u32, u32, u32)> {
    let rest = line.strip_prefix("@@ -")?;
    let (old, rest) = rest.split_once(' ')?;
    let new = rest.strip_prefix('+')?.split(' ').next()?;
    let nums = |s: &str| -> Option<(u32, u32)> {
        match s.split_once(',') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    let (a, b) = nums(old)?;
    let (c, d) = nums(new)?;
    Some((a, b, c, d))
}

fn file_at(header: usize) -> FilePatch {
    FilePatch {
        header,
        ..FilePatch::default()
    }
}

/// Parses `text`; `file` names the input in errors.
pub fn parse(text: &str, file: &str) -> ParsedPatch {
    // A patch written with CRLF breaks throughout has them taken off; otherwise a `\r` ends
    // the content of a line of a CRLF file, kept so an inserted line is written as it was.
    let crlf = (text.split('\n'))
        .filter(|l| !l.is_empty())
        .all(|l| l.ends_with('\r'));
    let lines: Vec<&str> = (text.split('\n'))
        .map(|l| match crlf {
            true => l.strip_suffix('\r').unwrap_or(l),
            false => l,
        })
        .collect();
    let mut out = ParsedPatch::default();
    let files = &mut out.patch.files;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(rest) = line.strip_prefix("diff --git ") {
            let mut f = file_at(i + 1);
            (f.old_path, f.new_path) = git_names(rest);
            files.push(f);
        } else if line.starts_with("new file mode") {
            if let Some(f) = files.last_mut() {
                f.new_file = true;
            }
        } else if line.starts_with("deleted file mode") {
            if let Some(f) = files.last_mut() {
                f.deleted = true;
            }
        } else if let Some(from) = line.strip_prefix("rename from ") {
            if let Some(f) = files.last_mut() {
                f.old_path = Some(quoted(from).map_or_else(|| from.to_string(), |(n, _)| n));
            }
        } else if let Some(to) = line.strip_prefix("rename to ") {
            if let Some(f) = files.last_mut() {
                f.new_path = Some(quoted(to).map_or_else(|| to.to_string(), |(n, _)| n));
            }
        } else if let Some(old) = line.strip_prefix("--- ") {
            if let Some(new) = lines.get(i + 1).and_then(|n| n.strip_prefix("+++ ")) {
                let (old, new) = (strip_prefix_path(old), strip_prefix_path(new));
                match files.last_mut() {
                    // The `---`/`+++` pair of a `diff --git` header already opened.
                    Some(f) if f.hunks.is_empty() && !line_is_in_hunk(&lines, i) => {
                        f.new_file |= old.is_none();
                        f.deleted |= new.is_none();
                        // `---`/`+++` name a file whole (the `diff --git` line may not: spaces).
                        if old.is_some() {
                            f.old_path = old;
                        }
                        if new.is_some() {
                            f.new_path = new;
                        }
                    }
                    _ => files.push(FilePatch {
                        new_file: old.is_none(),
                        deleted: new.is_none(),
                        old_path: old,
                        new_path: new,
                        ..file_at(i + 1)
                    }),
                }
                i += 2;
                continue;
            }
        } else if line.starts_with("@@ ") {
            i = hunk(&lines, i, files, file, &mut out.errors);
            continue;
        }
        i += 1;
    }
    out
}

/// The hunk whose header is `lines[at]`, added to the last file; returns the index of the first
/// line after it.
fn hunk(
    lines: &[&str],
    at: usize,
    files: &mut [FilePatch],
    file: &str,
    errors: &mut Vec<InputError>,
) -> usize {
    let line = lines[at];
    let Some((old_start, old_len, new_start, new_len)) = hunk_header(line) else {
        errors.push(InputError::new(
            file,
            at + 1,
            None,
            format!("bad hunk header `{line}`"),
        ));
        return at + 1;
    };
    let Some(f) = files.last_mut() else {
        errors.push(InputError::new(
            file,
            at + 1,
            None,
            "hunk before any file header",
        ));
        return at + 1;
    };
    let mut h = Hunk {
        old_start,
        old_len,
        new_start,
        new_len,
        header: at + 1,
        ..Hunk::default()
    };
    let (mut old_left, mut new_left) = (old_len, new_len);
    let mut i = at + 1;
    while i < lines.len() && (old_left > 0 || new_left > 0) {
        let l = lines[i];
        let op = match l.chars().next() {
            Some('-') => {
                old_left = old_left.saturating_sub(1);
                Op::Delete
            }
            Some('+') => {
                new_left = new_left.saturating_sub(1);
                Op::Insert
            }
            Some('\\') => {
                no_newline(&mut h);
                i += 1;
                continue;
            }
            // An empty line is a context line whose leading space an editor trimmed.
            Some(' ') | None => context(&mut old_left, &mut new_left),
            Some('\r') if l == "\r" => context(&mut old_left, &mut new_left),
            _ => break,
        };
        h.lines.push(HunkLine {
            op,
            text: l.get(1..).unwrap_or("").to_string(),
        });
        i += 1;
    }
    // The marker after the hunk's last line (its counts are used up by then).
    if lines.get(i).is_some_and(|l| l.starts_with('\\')) {
        no_newline(&mut h);
        i += 1;
    }
    if let Some(msg) = count_mismatch(lines, i, old_left, new_left) {
        errors.push(InputError::new(
            file,
            at + 1,
            None,
            format!("hunk header `{line}` {msg}"),
        ));
    }
    f.hunks.push(h);
    i
}

/// A context line: one line owed on each side.
fn context(old_left: &mut u32, new_left: &mut u32) -> Op {
    *old_left = old_left.saturating_sub(1);
    *new_left = new_left.saturating_sub(1);
    Op::Context
}

/// `\ No newline at end of file` belongs to the line before it.
fn no_newline(h: &mut Hunk) {
    match h.lines.last().map(|l| l.op) {
        Some(Op::Delete) => h.old_no_newline = true,
        Some(Op::Insert) => h.new_no_newline = true,
        Some(Op::Context) => {
            h.old_no_newline = true;
            h.new_no_newline = true;
        }
        None => {}
    }
}

/// A hunk whose header lies about its length: it ended (at line index `next`) with lines still
/// owed, or more body lines follow the counted ones. Either way what it changes may be wrong, so
/// say so instead of silently dropping or inventing lines.
fn count_mismatch(lines: &[&str], next: usize, old_left: u32, new_left: u32) -> Option<String> {
    if old_left > 0 || new_left > 0 {
        return Some(format!(
            "promises {old_left} old / {new_left} new line(s) more than the hunk has"
        ));
    }
    let l = *lines.get(next)?;
    let header =
        l.starts_with("--- ") && lines.get(next + 1).is_some_and(|n| n.starts_with("+++ "));
    (l.starts_with(['-', '+']) && !header).then(|| {
        format!(
            "counts fewer lines than the hunk has: line {} onwards is not read as part of it",
            next + 1
        )
    })
}

/// `---` inside a hunk is a deleted line starting with `--`, not a header; headers follow a
/// `diff`/`index` line or start the text.
fn line_is_in_hunk(lines: &[&str], i: usize) -> bool {
    i > 0 && lines[i - 1].starts_with(['+', '-', ' '])
}
