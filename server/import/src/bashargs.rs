//! Argument parsing for the commands the bash reader knows: `head`/`tail` counts, `sed -n`
//! scripts, `grep`/`rg` flags, and the files a pipeline writes (`>`, `sed -i`, `cp`, `mv`, `tee`).

use crate::shell::Pipeline;
use std::borrow::Cow;

mod grep;
pub(crate) use grep::{grep_args, Opt};

/// Files a pipeline writes (`None` path: it may write anything, e.g. `git checkout`, `patch`),
/// each as the shell left its word (a glob in it is expanded by the caller, session 37).
pub fn writes<'a>(p: &Pipeline<'a>) -> Vec<Option<Cow<'a, str>>> {
    let mut out = Vec::new();
    for s in &p.stages {
        out.extend(
            s.writes
                .iter()
                .filter(|w| !w.starts_with("/dev/"))
                .map(|w| Some(w.clone())),
        );
        let Some(cmd) = s.words.first() else { continue };
        // Operands as the coreutils read them: an option's value is no file (before session 37,
        // `truncate -s 0 f` wrote a file `0` too, `install -m 644` one named `644`).
        let Operands {
            files: args,
            target,
        } = operands(&s.words, cmd);
        if let Some(dir) = target.filter(|_| matches!(&**cmd, "cp" | "mv" | "install")) {
            // `cp -t DIR a b`: each source written as DIR/<its name>; `mv` loses the sources.
            out.extend(args.iter().map(|a| Some(Cow::Owned(into_dir(dir, a)))));
            if cmd == "mv" {
                out.extend(args.iter().map(|a| Some((*a).clone())));
            }
            continue;
        }
        match &**cmd {
            "sed" => {
                // Its file operands, as GNU sed's options leave them (before session 36 every
                // word after the first not starting with `-` was taken for a file, a second
                // `-e` script too; `-Ei` was not seen as `-i`).
                if let Some(files) = crate::bashread::sedinplace::written(&s.words) {
                    out.extend(files.into_iter().map(Some));
                }
            }
            "cp" | "mv" | "install" => {
                if let Some(dst) = args.last() {
                    out.push(Some((*dst).clone()));
                }
                if cmd == "mv" {
                    out.extend(args.iter().rev().skip(1).map(|a| Some((*a).clone())));
                }
            }
            "tee" | "rm" | "truncate" => out.extend(args.iter().map(|a| Some((*a).clone()))),
            "patch" => out.push(None),
            "git"
                if matches!(
                    args.first().map(|a| &***a),
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

mod operands;
use operands::{into_dir, operands, Operands};

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

/// Whether `head`/`tail` print the `==> f <==` header: `-v`, unless a later `-q` (or
/// `--quiet`, `--silent`) turns it off (GNU coreutils: the last one wins).
pub(crate) fn verbose(words: &[Cow<'_, str>]) -> bool {
    words[1..]
        .iter()
        .rev()
        .find(|w| matches!(&***w, "-v" | "-q" | "--quiet" | "--silent"))
        .is_some_and(|w| w == "-v")
}

/// The scripts and files of a `sed -n` command (`None`: not a quiet sed, or an unknown flag); the
/// scripts are read by [`crate::bashread::sedstep::parse`].
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

/// How `cat`'s options print a file (GNU coreutils `cat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CatOpts {
    /// Every line, in place (`-A`, `-E`, `-T`, `-v`, or `-b`, which numbers only non-blank lines).
    Lines,
    /// `-n`: every line numbered by its place (ignored when `-b` is in effect).
    Numbered,
    /// `-s`: runs of blank lines squeezed to one, so a line's place in the output is not its own.
    Squeezed,
}

/// `cat`'s options (the words that start with `-`).
pub(crate) fn cat_opts(opts: &[&str]) -> CatOpts {
    let short = |c: char| {
        opts.iter()
            .any(|o| !o.starts_with("--") && o[1..].contains(c))
    };
    let long = |l: &str| opts.contains(&l);
    if short('s') || long("--squeeze-blank") {
        CatOpts::Squeezed
    } else if (short('n') || long("--number")) && !(short('b') || long("--number-nonblank")) {
        CatOpts::Numbered
    } else {
        CatOpts::Lines
    }
}

/// What `bat FILE` prints with no terminal (0.22.1, checked): the file's plain text, whatever
/// `-n`/`--style`/`--paging` say, narrowed by `-r`/`--line-range` (`a:b`, `a:`, `:b`, `a`,
/// `a:+k`). `Ok((range, file))`, the range `None` for the whole file; `Err` for a form readcov
/// does not place (`--decorations=always`, `--color=always` or `-f` print a grid and numbers,
/// `-d` only changed lines, several ranges or files, an option it does not know).
pub(crate) fn bat_args<'w>(words: &'w [Cow<'_, str>]) -> Result<(BatRange, &'w str), ()> {
    const VALUED: [&str; 16] = [
        "-l",
        "--language",
        "-H",
        "--highlight-line",
        "--style",
        "--theme",
        "--tabs",
        "--wrap",
        "--terminal-width",
        "--paging",
        "--pager",
        "-m",
        "--map-syntax",
        "--file-name",
        "--italic-text",
        "--nonprintable-notation",
    ];
    const FLAGS: [&str; 10] = [
        "-p",
        "-pp",
        "--plain",
        "-P",
        "-n",
        "--number",
        "-A",
        "--show-all",
        "-u",
        "--unbuffered",
    ];
    let (mut range, mut files) = (None, Vec::new());
    let mut i = 1;
    while i < words.len() {
        let w = &*words[i];
        let (name, inline) = match w.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (w, None),
        };
        let mut value = || {
            inline.or_else(|| {
                i += 1;
                words.get(i).map(|v| &**v)
            })
        };
        match name {
            "-r" | "--line-range" => {
                let v = value().ok_or(())?;
                if range.replace(bat_range(v).ok_or(())?).is_some() {
                    return Err(());
                }
            }
            _ if name.starts_with("-r") && !name.starts_with("--") => {
                if range.replace(bat_range(&name[2..]).ok_or(())?).is_some() {
                    return Err(());
                }
            }
            "--color" | "--decorations" => {
                if value().ok_or(())? == "always" {
                    return Err(());
                }
            }
            _ if VALUED.contains(&name) => {
                value().ok_or(())?;
            }
            _ if FLAGS.contains(&name) => {}
            _ if w.starts_with('-') && w.len() > 1 => return Err(()),
            _ => files.push(w),
        }
        i += 1;
    }
    match files.as_slice() {
        [f] => Ok((range, f)),
        _ => Err(()),
    }
}

/// A `bat -r` range: first line and last (`None`: to the end); `None` for the whole file.
pub(crate) type BatRange = Option<(u32, Option<u32>)>;

fn bat_range(v: &str) -> Option<(u32, Option<u32>)> {
    let num = |s: &str| s.parse::<u32>().ok();
    match v.split_once(':') {
        None => num(v).map(|a| (a.max(1), Some(a.max(1)))),
        Some(("", b)) => Some((1, Some(num(b)?))),
        Some((a, "")) => Some((num(a)?.max(1), None)),
        Some((a, b)) => {
            let a = num(a)?.max(1);
            match b.strip_prefix('+') {
                Some(k) => Some((a, Some(a.checked_add(num(k)?)?))),
                None => Some((a, Some(num(b)?))),
            }
        }
    }
}
