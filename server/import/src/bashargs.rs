//! Argument parsing for the commands the bash reader knows: `head`/`tail` counts, `sed -n`
//! scripts, `grep`/`rg` flags, and the files a pipeline writes (`>`, `sed -i`, `cp`, `mv`, `tee`).

use crate::shell::Pipeline;
use std::borrow::Cow;

/// Files a pipeline writes (`None` path: it may write anything, e.g. `git checkout`, `patch`).
pub fn writes(p: &Pipeline<'_>) -> Vec<Option<String>> {
    let mut out = Vec::new();
    for s in &p.stages {
        out.extend(
            s.writes
                .iter()
                .filter(|w| !w.starts_with("/dev/"))
                .map(|w| Some(w.to_string())),
        );
        let Some(cmd) = s.words.first() else { continue };
        let args: Vec<&str> = s.words[1..]
            .iter()
            .map(|a| &**a)
            .filter(|a| !a.starts_with('-'))
            .collect();
        match &**cmd {
            "sed"
                if s.words
                    .iter()
                    .any(|w| w.starts_with("-i") || w == "--in-place") =>
            {
                // The last operand(s) after the script are files.
                out.extend(args.iter().skip(1).map(|a| Some(a.to_string())));
            }
            "cp" | "mv" | "install" => {
                if let Some(dst) = args.last() {
                    out.push(Some(dst.to_string()));
                }
                if cmd == "mv" {
                    out.extend(args.iter().rev().skip(1).map(|a| Some(a.to_string())));
                }
            }
            "tee" | "rm" | "truncate" => out.extend(args.iter().map(|a| Some(a.to_string()))),
            "patch" => out.push(None),
            "git"
                if matches!(
                    args.first().copied(),
                    Some("apply" | "checkout" | "stash" | "reset" | "restore")
                ) =>
            {
                out.push(None)
            }
            _ => {}
        }
    }
    out
}

/// Reads the flags of `head`/`tail`: `-n N`, `-N`, `-nN`, `--lines=N`, `-n +K` (tail).
pub(crate) fn count_arg<'w>(
    words: &'w [Cow<'_, str>],
) -> Option<(Option<u32>, bool, Vec<&'w str>)> {
    let mut n = None;
    let mut plus = false;
    let mut files = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        let val = if w == "-n" || w == "--lines" {
            i += 1;
            words.get(i).map(|v| &**v)
        } else if let Some(v) = w.strip_prefix("--lines=") {
            Some(v)
        } else if let Some(v) = w.strip_prefix("-n") {
            Some(v)
        } else if w.len() > 1 && w.starts_with('-') && w[1..].chars().all(|c| c.is_ascii_digit()) {
            Some(&w[1..])
        } else if w.starts_with('-') && w.len() > 1 {
            if matches!(&**w, "-q" | "-v" | "--quiet" | "--silent") {
                i += 1;
                continue;
            }
            return None;
        } else {
            files.push(&**w);
            None
        };
        if let Some(v) = val {
            plus = v.starts_with('+');
            n = Some(v.trim_start_matches('+').parse().ok()?);
        }
        i += 1;
    }
    Some((n, plus, files))
}

/// Line ranges of a `sed -n` script; a `None` end is `$`.
type SedRanges = Vec<(u32, Option<u32>)>;

/// The scripts and files of a `sed -n` command (`None`: not a quiet sed, or an unknown flag).
pub(crate) fn sed_quiet<'w>(words: &'w [Cow<'_, str>]) -> Option<(Vec<&'w str>, Vec<&'w str>)> {
    let mut quiet = false;
    let mut scripts = Vec::new();
    let mut files = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        match &**w {
            "-n" | "--quiet" | "--silent" => quiet = true,
            "-e" => {
                i += 1;
                scripts.push(&**words.get(i)?);
            }
            _ if w.starts_with('-') => return None,
            _ if scripts.is_empty() => scripts.push(&**w),
            _ => files.push(&**w),
        }
        i += 1;
    }
    (quiet && !scripts.is_empty()).then_some((scripts, files))
}

/// `sed -n` scripts: `a,bp`, `a p`, `ap`, `a,$p`, several joined by `;` or given with `-e`.
pub(crate) fn sed_ranges<'w>(words: &'w [Cow<'_, str>]) -> Option<(SedRanges, Vec<&'w str>)> {
    let (scripts, files) = sed_quiet(words)?;
    let mut ranges = Vec::new();
    for part in scripts.iter().flat_map(|s| s.split(';')) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let body = part.strip_suffix('p')?.trim();
        let (a, b) = match body.split_once(',') {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (body, None),
        };
        let a: u32 = a.parse().ok()?;
        // GNU sed: an end line at or before the start matches the start line alone
        // (`sed -n '9,4p'` prints line 9).
        let b = match b {
            None => Some(a),
            Some("$") => None,
            Some(b) => Some(b.parse::<u32>().ok()?.max(a)),
        };
        ranges.push((a.max(1), b));
    }
    Some((ranges, files))
}

/// Options of grep/rg that take a value (so the value is not the pattern or a file).
const GREP_VALUE_OPTS: [&str; 12] = [
    "-A",
    "-B",
    "-C",
    "-e",
    "-f",
    "-m",
    "-g",
    "-t",
    "--include",
    "--exclude",
    "--glob",
    "--type",
];

pub(crate) struct Grep<'w> {
    pub numbered: bool,
    pub multi: bool,
    pub lists_only: bool,
    pub files: Vec<&'w str>,
}

pub(crate) fn grep_args<'w>(words: &'w [Cow<'_, str>]) -> Grep<'w> {
    let rg = words[0] == "rg";
    let mut g = Grep {
        numbered: false,
        multi: rg,
        lists_only: false,
        files: Vec::new(),
    };
    let mut pattern_given = false;
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        if GREP_VALUE_OPTS.contains(&&**w) {
            pattern_given |= w == "-e" || w == "-f";
            i += 2;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            match long {
                "line-number" => g.numbered = true,
                "recursive" => g.multi = true,
                "with-filename" => g.multi = true,
                "files-with-matches"
                | "count"
                | "quiet"
                | "files-without-match"
                | "no-filename" => g.lists_only = true,
                _ => {}
            }
        } else if w.starts_with('-') && w.len() > 1 {
            // Combined short flags: -rn, -nA5, -inE …; a digit run is a value of A/B/C.
            for c in w[1..].chars().take_while(|c| c.is_ascii_alphabetic()) {
                match c {
                    'n' => g.numbered = true,
                    'r' | 'R' | 'H' => g.multi = true,
                    'l' | 'L' | 'c' | 'q' | 'h' | 'o' => g.lists_only = true,
                    'A' | 'B' | 'C' | 'e' | 'f' | 'm' if w.len() == 2 => i += 1,
                    _ => {}
                }
            }
        } else if !pattern_given {
            pattern_given = true;
        } else {
            g.files.push(&**w);
        }
        i += 1;
    }
    g
}
