//! Which pipelines of a command ran, from what its output shows (session 40): bash runs a
//! pipeline after `&&` only when the one before succeeded (after `||` only when it failed), and
//! an output can show a pipeline failing: bash's own line (`bash: cd: d: No such file or
//! directory`, `sh: 1: javac: not found`), the pipeline's program naming one of its operands with
//! an error (`cat: f: No such file or directory`, `mv: cannot stat 'a': …`), or `diff` printing
//! differences (it then exits 1). Anything else counts as success: a pipeline whose failure the
//! output does not show is taken to have run (docs/importers.md, "`&&`, `;`, `||`, newlines").

use crate::shell::{Joined, Pipeline, Stage};

/// Whether each pipeline of `ps` ran, and for a `cd` that ran and failed its error line (the
/// folder did not change, the line is in the output). When the output records an exit code of 0
/// but the last pipelines would have failed as read here, the reading is wrong somewhere: every
/// pipeline is taken to have run, as before session 40.
pub(super) fn ran<'o>(ps: &[Pipeline<'_>], out: &'o str) -> Vec<Ran<'o>> {
    let mut failed = false;
    let mut ran = Vec::with_capacity(ps.len());
    for (i, p) in ps.iter().enumerate() {
        let runs = match p.joined {
            Joined::Always => true,
            Joined::And => !failed,
            // Its success is never read: after `||` it may have run.
            Joined::Or => true,
        };
        if !runs {
            ran.push(Ran::No);
            continue;
        }
        let quiet_before = ps[..i]
            .iter()
            .zip(&ran)
            .all(|(q, r)| matches!(r, Ran::No) || super::seen::quiet(q));
        let cd = cd_error(p, out);
        failed = cd.is_some() || shows_failure(p, out, quiet_before);
        ran.push(cd.map_or(Ran::Yes, Ran::FailedCd));
    }
    if failed && exit_code(out) == Some(0) {
        return vec![Ran::Yes; ps.len()];
    }
    ran
}

/// Whether a pipeline ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ran<'o> {
    Yes,
    /// Skipped: after `&&` when the pipeline before failed.
    No,
    /// A `cd` that failed, printing this line.
    FailedCd(&'o str),
}

/// Errors naming a file a program was given.
const FILE_ERRORS: [&str; 7] = [
    "No such file or directory",
    "No such file or directory (os error 2)",
    "Not a directory",
    "Is a directory",
    "Permission denied",
    "File exists",
    "Directory not empty",
];

/// The line of `out` saying that pipeline `p`, a lone `cd DIR`, failed: bash's `cd: DIR: No such
/// file or directory` (`Not a directory`, `Permission denied`), dash's `cd: can't cd to DIR`.
fn cd_error<'o>(p: &Pipeline<'_>, out: &'o str) -> Option<&'o str> {
    let [st] = p.stages.as_slice() else {
        return None;
    };
    let [cd, dir] = st.words.as_slice() else {
        return None;
    };
    if cd != "cd" {
        return None;
    }
    out.lines().find(|l| {
        shell_says(l).is_some_and(|rest| {
            rest.strip_prefix("cd: ").is_some_and(|r| {
                r.strip_prefix(&**dir)
                    .and_then(|e| e.strip_prefix(": "))
                    .is_some_and(|e| FILE_ERRORS.contains(&e))
                    || r.strip_prefix("can't cd to ") == Some(&**dir)
            })
        })
    })
}

/// Whether `out` shows pipeline `p` (other than a `cd`) failing. Its status is its last stage's
/// (no `pipefail` in an agent's shell): bash did not find that command, or that program printed an
/// error naming one of its operands, or it is `diff` and its differences open the output (only
/// silent pipelines ran before it: `quiet_before`).
fn shows_failure(p: &Pipeline<'_>, out: &str, quiet_before: bool) -> bool {
    let Some(last) = p.stages.last() else {
        return false;
    };
    let Some(cmd) = last.words.first() else {
        return false;
    };
    not_run(cmd, out) || names_operand(last, out) || (quiet_before && differs(last, out))
}

/// bash's (or dash's) line saying it could not run `cmd`: `bash: x: command not found`, `sh: 1: x:
/// not found`, and for a path `bash: ./x: No such file or directory` (or `Permission denied`).
fn not_run(cmd: &str, out: &str) -> bool {
    out.lines().any(|l| {
        shell_says(l)
            .and_then(|rest| rest.strip_prefix(cmd))
            .and_then(|e| e.strip_prefix(": "))
            .is_some_and(|e| {
                e == "command not found"
                    || e == "not found"
                    || (cmd.contains('/') && FILE_ERRORS.contains(&e))
            })
    })
}

/// A line of bash's or sh's own (`bash: …`, `/bin/bash: line 7: …`, `sh: 1: …`): what follows
/// the shell's prefix.
fn shell_says(line: &str) -> Option<&str> {
    let l = line.trim_end();
    let rest = [
        "/bin/bash: ",
        "/usr/bin/bash: ",
        "bash: ",
        "/bin/sh: ",
        "sh: ",
    ]
    .iter()
    .find_map(|p| l.strip_prefix(p))?;
    // bash's `line N: `, dash's `N: `.
    Some(
        rest.strip_prefix("line ")
            .and_then(after_number)
            .or_else(|| after_number(rest))
            .unwrap_or(rest),
    )
}

/// What follows `N: ` at the start of `r`.
fn after_number(r: &str) -> Option<&str> {
    let (n, after) = r.split_once(": ")?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(after)
}

/// Whether the program of `st` printed an error naming one of its words (`cat: f: No such file or
/// directory`, `mv: cannot stat 'a.py': No such file or directory`, `python3: can't open file
/// '/r/x.py': [Errno 2] No such file or directory`): it exits non-zero. Not a grep with `-q` (a
/// match then exits 0 despite an error) nor one with `-s` (its messages are not printed).
fn names_operand(st: &Stage<'_>, out: &str) -> bool {
    let Some((cmd, args)) = st.words.split_first() else {
        return false;
    };
    let prog = cmd.rsplit('/').next().unwrap_or(cmd);
    if matches!(prog, "grep" | "egrep" | "fgrep" | "rg")
        && args.iter().any(|a| {
            a == "--quiet"
                || a == "--silent"
                || (a.starts_with('-') && !a.starts_with("--") && a.contains(['q', 's']))
        })
    {
        return false;
    }
    let operands: Vec<&str> = args
        .iter()
        .map(|a| &**a)
        .filter(|a| !a.is_empty() && !a.starts_with('-'))
        .collect();
    out.lines().any(|l| {
        let l = l.trim_end();
        let Some(rest) = l.strip_prefix(prog).and_then(|r| r.strip_prefix(": ")) else {
            return false;
        };
        FILE_ERRORS.iter().any(|e| rest.ends_with(e)) && operands.iter().any(|o| names(rest, o))
    })
}

/// Whether `text` names the file `word` (`'x.py'`, `x.py:`), or a relative `word` at the end of an
/// absolute path (`'/r/x.py'`, as python names its script).
fn names(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let head = &text[..i];
        let after = text[i + word.len()..].chars().next();
        let start = head
            .char_indices()
            .rev()
            .find(|(_, c)| matches!(c, ' ' | '\'' | '"' | '`' | '‘'))
            .map_or(0, |(j, c)| j + c.len_utf8());
        let whole = start == i;
        let tail = !word.starts_with('/') && head[start..].starts_with('/') && head.ends_with('/');
        (whole || tail) && after.is_none_or(|c| matches!(c, ':' | '\'' | '"' | '’'))
    })
}

/// Whether `st` is a `diff` whose output opens with differences (diff exits 1 when the files
/// differ): a normal hunk header (`75a76,81`), a unified or context one (`--- a` then `+++ b`,
/// `*** a` then `--- b`), `Files a and b differ`, `Only in d: f`, or `diff -r …` per file.
fn differs(st: &Stage<'_>, out: &str) -> bool {
    if st.words.first().map(|w| &**w) != Some("diff") || !st.writes.is_empty() {
        return false;
    }
    // What the tool displayed (without a format's wrapper: mini-swe-agent's `<output>`).
    let shown = crate::display::displayed(out);
    let Some(first) = shown.head.first().map(|l| l.trim_end()) else {
        return false;
    };
    let second = shown.head.get(1).copied().unwrap_or("");
    hunk_header(first)
        || (first.starts_with("--- ") && second.starts_with("+++ "))
        || (first.starts_with("*** ") && second.starts_with("--- "))
        || (first.starts_with("Files ") && first.ends_with(" differ"))
        || (first.starts_with("Binary files ") && first.ends_with(" differ"))
        || first.starts_with("Only in ")
        || first.starts_with("diff -")
}

/// `N[,M]{a,c,d}K[,L]`: a hunk of diff's normal format.
fn hunk_header(l: &str) -> bool {
    let Some(at) = l.find(['a', 'c', 'd']) else {
        return false;
    };
    let range = |r: &str| {
        let mut parts = r.split(',');
        let ok = |p: Option<&str>| {
            p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        let first = ok(parts.next());
        let second = parts.next().is_none_or(|p| ok(Some(p)));
        first && second && parts.next().is_none()
    };
    range(&l[..at]) && range(&l[at + 1..])
}

/// The exit code the format put in the output (OpenHands: `[Command finished with exit code N]`,
/// `[The command completed with exit code N.]`; mini-swe-agent: `<returncode>N</returncode>`).
fn exit_code(out: &str) -> Option<i64> {
    let forms = [
        ("<returncode>", "</returncode>"),
        ("[Command finished with exit code ", "]"),
        ("[The command completed with exit code ", ".]"),
    ];
    out.lines().rev().find_map(|l| {
        let l = l.trim_end();
        forms
            .iter()
            .find_map(|(open, close)| l.strip_prefix(open)?.strip_suffix(close)?.parse().ok())
    })
}

#[cfg(test)]
mod tests;
