//! `sed -i` replayed as the edit it is (session 36): a script readcov can run exactly as GNU sed
//! does (see [`script`] and [`regex`] for the forms) is run on the file's replayed text, and the
//! lines it changed become an edit like any other; any other `sed -i` leaves the file's text
//! unknown, as every `sed -i` did before session 36.

use crate::shell::Pipeline;
use std::borrow::Cow;

mod exec;
mod regex;
mod script;

pub(crate) use exec::Output;

/// A `sed -i` readcov replays: its script and the files it edits, in order (a file given twice
/// is edited twice).
#[derive(Debug)]
pub(crate) struct SedInPlace<'a> {
    cmds: Vec<script::Cmd>,
    /// The file operands as [`crate::shell`] left them (a glob is expanded by the caller:
    /// [`super::glob`]).
    pub files: Vec<Cow<'a, str>>,
    /// `-i.bak`: each file's text before the edit is written to the file's name plus this.
    pub suffix: Option<String>,
}

/// What a pipeline is to the `sed -i` replay.
#[derive(Debug)]
pub(crate) enum InPlace<'a> {
    /// No `sed -i` (or not one alone in its pipeline).
    Not,
    /// A `sed -i` readcov does not replay: the files it writes become unknown, as before.
    Refused,
    Replay(SedInPlace<'a>),
}

impl SedInPlace<'_> {
    /// What the script makes of one file's lines (`eol`: the text ends with a line break).
    pub(crate) fn run(&self, lines: &[&str], eol: bool) -> Result<Output, ()> {
        exec::run(&self.cmds, lines, eol)
    }
}

/// The `sed -i` of a pipeline of one command. `raw` is the whole command line the pipeline is
/// part of: a word bash would expand (`$x`, `$(…)`, a backtick, `$'…'`) is not seen as bash sees
/// it once quotes are removed, so a command holding one is refused.
pub(crate) fn in_place<'a>(p: &Pipeline<'a>, raw: &str) -> InPlace<'a> {
    let [stage] = p.stages.as_slice() else {
        return InPlace::Not;
    };
    if stage.words.first().map(|w| &**w) != Some("sed") {
        return InPlace::Not;
    }
    match args(&stage.words) {
        None => InPlace::Not,
        Some(Err(())) => InPlace::Refused,
        Some(Ok(_)) if expands(raw) => InPlace::Refused,
        Some(Ok(_)) if stage.writes.iter().any(|w| !w.starts_with("/dev/")) => InPlace::Refused,
        Some(Ok(s)) => InPlace::Replay(s),
    }
}

/// A sed command's words as GNU sed's options read them.
struct Opts<'w, 'a> {
    scripts: Vec<String>,
    /// The file operands (the script taken out when no `-e` gave one).
    files: Vec<&'w Cow<'a, str>>,
    ere: bool,
    /// `Some` for `-i`: the backup suffix (empty: none).
    suffix: Option<String>,
    /// An option readcov does not follow, or a script missing.
    bad: bool,
    /// `-f`: the script is in a file, so the first operand is a file too.
    script_file: bool,
}

/// GNU sed's options. Options may follow the files (getopt permutes them) until `--`; `-i` takes
/// the rest of its word as the backup suffix (`-ie` is suffix `e`).
fn options<'w, 'a>(words: &'w [Cow<'a, str>]) -> Opts<'w, 'a> {
    let mut o = Opts {
        scripts: Vec::new(),
        files: Vec::new(),
        ere: false,
        suffix: None,
        bad: false,
        script_file: false,
    };
    let mut done = false;
    let mut i = 1;
    while i < words.len() {
        let word = &words[i];
        let w = &**word;
        i += 1;
        if done || w == "-" || !w.starts_with('-') {
            o.files.push(word);
            continue;
        }
        if w == "--" {
            done = true;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match name {
                "in-place" => o.suffix = Some(val.unwrap_or("").to_string()),
                "expression" | "file" => {
                    let v = val.or_else(|| {
                        i += 1;
                        words.get(i - 1).map(|v| &**v)
                    });
                    match v {
                        Some(s) if name == "expression" => o.scripts.push(s.to_string()),
                        Some(_) => (o.bad, o.script_file) = (true, true),
                        None => o.bad = true,
                    }
                }
                "regexp-extended" => o.ere = true,
                "separate" => {}
                // `--posix`, `--null-data`, `--quiet`, `--line-length`, an abbreviation, …
                _ => o.bad = true,
            }
            continue;
        }
        let cluster: Vec<char> = w[1..].chars().collect();
        for (j, c) in cluster.iter().enumerate() {
            let rest: String = cluster[j + 1..].iter().collect();
            match c {
                'E' | 'r' => o.ere = true,
                's' => {}
                'i' => {
                    o.suffix = Some(rest);
                    break;
                }
                // `-e S`, `-eS`; `-f F` and `-l N` take a value too, and are not followed.
                'e' | 'f' | 'l' => {
                    let v = if rest.is_empty() {
                        i += 1;
                        words.get(i - 1).map(|v| v.to_string())
                    } else {
                        Some(rest)
                    };
                    match v {
                        Some(s) if *c == 'e' => o.scripts.push(s),
                        Some(_) if *c == 'f' => (o.bad, o.script_file) = (true, true),
                        _ => o.bad = true,
                    }
                    break;
                }
                // `-n` (no automatic print), `-z`, `-u`, …
                _ => {
                    o.bad = true;
                    break;
                }
            }
        }
    }
    if o.scripts.is_empty() && !o.script_file {
        if o.files.is_empty() {
            o.bad = true;
        } else {
            o.scripts.push(o.files.remove(0).to_string());
        }
    }
    o
}

/// The files a `sed -i` writes (`None`: not an in-place sed), whatever its script: the operands
/// as written (a glob is expanded by the caller).
pub(crate) fn written<'a>(words: &[Cow<'a, str>]) -> Option<Vec<Cow<'a, str>>> {
    let o = options(words);
    o.suffix?;
    Some(o.files.into_iter().cloned().collect())
}

/// The `sed -i` readcov replays (`None`: no `-i`, so not an in-place edit).
fn args<'a>(words: &[Cow<'a, str>]) -> Option<Result<SedInPlace<'a>, ()>> {
    let o = options(words);
    let suffix = o.suffix?;
    // A tilde (HOME: unknown) or a parameter or command expansion in a file name: which file
    // bash passed is unknown (globs are expanded by the caller since session 37, braces since
    // session 38, before which a `{` was refused: [`super::glob`], [`super::brace`]); `-` is
    // stdin; a suffix with `*` or `/` names the backup by a rule of its own.
    let odd = |f: &str| f == "-" || f.is_empty() || f.starts_with('~') || f.contains(['$', '`']);
    if o.bad || o.files.is_empty() || o.files.iter().any(|f| odd(f)) || suffix.contains(['*', '/'])
    {
        return Some(Err(()));
    }
    let Ok(cmds) = script::parse(&o.scripts, o.ere) else {
        return Some(Err(()));
    };
    Some(Ok(SedInPlace {
        cmds,
        files: o.files.into_iter().cloned().collect(),
        suffix: (!suffix.is_empty()).then_some(suffix),
    }))
}

/// Whether bash would expand something in `raw` outside single quotes: `$` before a name, a
/// digit, a special parameter, `{`, `(`, `'` or `"`, or a backtick.
fn expands(raw: &str) -> bool {
    let b = raw.as_bytes();
    let (mut i, mut double) = (0, false);
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'\'' if !double => match memchr::memchr(b'\'', &b[i + 1..]) {
                Some(p) => i += p + 1,
                None => return true,
            },
            b'"' => double = !double,
            b'`' => return true,
            b'$' => {
                let next = b.get(i + 1).copied().unwrap_or(b' ');
                if next.is_ascii_alphanumeric() || b"_{('\"@*#?$!-".contains(&next) {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// The edit as hunks of the file's current text ([`crate::replay::EditOp::Hunks`]): each line
/// the script changed (a line it only adds to keeps its place: `p`, a `\n` after the match).
pub(crate) fn hunks(lines: &[&str], out: &Output) -> Vec<(u32, Vec<String>)> {
    let mut h = Vec::new();
    for (i, (old, group)) in lines.iter().zip(&out.groups).enumerate() {
        if group.len() == 1 && group[0] == *old {
            continue;
        }
        let plus = |g: &[String]| g.iter().map(|l| format!("+{l}")).collect::<Vec<_>>();
        let lines = if group.first().is_some_and(|g| g == old) {
            let mut v = vec![format!(" {old}")];
            v.extend(plus(&group[1..]));
            v
        } else if group.last().is_some_and(|g| g == old) {
            let mut v = plus(&group[..group.len() - 1]);
            v.push(format!(" {old}"));
            v
        } else {
            let mut v = vec![format!("-{old}")];
            v.extend(plus(group));
            v
        };
        h.push((u32::try_from(i + 1).unwrap_or(u32::MAX), lines));
    }
    h
}

#[cfg(test)]
mod tests;
