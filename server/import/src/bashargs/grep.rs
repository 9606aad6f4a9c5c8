//! `grep`/`egrep`/`fgrep`/`rg` command lines, parsed once (session 35): every option as given
//! (each letter of `-rn`, a value skipped wherever it is written), the operands, and what the
//! bash reader needs of them ([`grep_args`]); [`crate::bashread::greptext`] reads the same
//! options against its list of those that keep grep's output shape. Before, each had its own
//! parser of one command line.

use std::borrow::Cow;

/// One option of a grep command line, as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opt<'w> {
    /// A short flag: a letter of `-rn`, a digit of `-5` (GNU grep's context).
    Short(char),
    /// A short option taking a value (`-A 3`, `-A3`, `-e x`): its letter.
    ShortValued(char),
    /// A long option taking no value, as written (`--recursive`, `--color=never`).
    Long(&'w str),
    /// A long option taking a value (`--context=3`, `--include x`): its name.
    LongValued(&'w str),
}

/// Short options taking a value: grep's `-A -B -C -e -f -m`; ripgrep's also `-g -t -T -j`.
fn short_valued(rg: bool, c: char) -> bool {
    "ABCefm".contains(c) || (rg && "gtTj".contains(c))
}

/// Long options taking a value (`--name=value` or `--name value`).
const LONG_VALUED: [&str; 18] = [
    "after-context",
    "before-context",
    "context",
    "regexp",
    "file",
    "include",
    "exclude",
    "exclude-dir",
    "exclude-from",
    "binary-files",
    "directories",
    "devices",
    "glob",
    "iglob",
    "type",
    "type-not",
    "max-depth",
    "threads",
];

/// A grep command line: its options, its pattern and files, and what they make of the output.
pub(crate) struct Grep<'w> {
    /// ripgrep (`rg`): searches folders unasked, its `-h` prints help, its `-I` drops paths.
    pub rg: bool,
    /// Every option, in order.
    pub opts: Vec<Opt<'w>>,
    /// A pattern was given (the first operand, or `-e`/`-f`/`--regexp`/`--file`).
    pub pattern: bool,
    /// An operand `-` (standard input).
    pub stdin: bool,
    /// The last option wants a value the line does not have.
    pub missing_value: bool,
    pub numbered: bool,
    pub multi: bool,
    pub lists_only: bool,
    /// `-o` / `--only-matching`: each output line is a match, not the file's line (numbered with
    /// `-n`, but no line is shown whole).
    pub matched_only: bool,
    /// `-h` / `--no-filename` (ripgrep: `-I`), the last of it and `-H` winning: lines are `N:`
    /// without their file's path, so over several files or a directory none can be placed.
    pub no_filename: bool,
    /// The operands after the pattern.
    pub files: Vec<&'w str>,
}

/// Parses a grep command line (`words[0]` the command).
pub(crate) fn grep_args<'w>(words: &'w [Cow<'_, str>]) -> Grep<'w> {
    let rg = words[0] == "rg";
    let mut g = Grep {
        rg,
        opts: Vec::new(),
        pattern: false,
        stdin: false,
        missing_value: false,
        numbered: false,
        multi: rg,
        lists_only: false,
        matched_only: false,
        no_filename: false,
        files: Vec::new(),
    };
    let mut only_operands = false;
    let mut i = 1;
    while i < words.len() {
        let w: &'w str = &words[i];
        if only_operands || !w.starts_with('-') || w == "-" {
            g.stdin |= w == "-";
            match g.pattern {
                false => g.pattern = true,
                true => g.files.push(w),
            }
        } else if w == "--" {
            only_operands = true;
        } else if let Some(long) = w.strip_prefix("--") {
            match long.split_once('=') {
                Some((name, _)) if LONG_VALUED.contains(&name) => {
                    g.opts.push(Opt::LongValued(name))
                }
                _ if LONG_VALUED.contains(&long) => {
                    // The value is the next word.
                    i += 1;
                    g.missing_value |= i >= words.len();
                    g.opts.push(Opt::LongValued(long));
                }
                _ => g.opts.push(Opt::Long(long)),
            }
        } else {
            for (k, c) in w[1..].char_indices() {
                if short_valued(rg, c) {
                    // The rest of the word is the value, else the next word.
                    if 1 + k + c.len_utf8() == w.len() {
                        i += 1;
                        g.missing_value |= i >= words.len();
                    }
                    g.opts.push(Opt::ShortValued(c));
                    break;
                }
                g.opts.push(Opt::Short(c));
            }
        }
        // `-e x` / `-f file` give the pattern: every operand after is a file.
        g.pattern |= matches!(
            g.opts.last(),
            Some(Opt::ShortValued('e' | 'f') | Opt::LongValued("regexp" | "file"))
        );
        if g.missing_value {
            break;
        }
        i += 1;
    }
    derive(&mut g);
    g
}

/// What the options make of the output, for the bash reader.
fn derive(g: &mut Grep<'_>) {
    // `-H` / `-h`, the last one given (`None`: neither).
    let mut with_filename: Option<bool> = None;
    for o in &g.opts {
        match *o {
            Opt::Long("line-number") | Opt::Short('n') => g.numbered = true,
            Opt::Long("recursive") | Opt::Short('r' | 'R') => g.multi = true,
            Opt::Long("with-filename") | Opt::Short('H') => with_filename = Some(true),
            Opt::Long("no-filename") => with_filename = Some(false),
            Opt::Long("files-with-matches" | "count" | "quiet" | "files-without-match") => {
                g.lists_only = true
            }
            Opt::Long("only-matching") | Opt::Short('o') => g.matched_only = true,
            // grep's `-h` drops the path prefix (before session 29 it was taken for `-l`:
            // `grep -hn x f`, which prints `3:x` as `grep -n` does, read nothing); ripgrep's
            // `-h` prints its help, its `-I` drops the prefix.
            Opt::Short('h') if g.rg => g.lists_only = true,
            Opt::Short('h') => with_filename = Some(false),
            Opt::Short('I') if g.rg => with_filename = Some(false),
            Opt::Short('l' | 'L' | 'c' | 'q') => g.lists_only = true,
            _ => {}
        }
    }
    g.multi |= with_filename == Some(true);
    g.no_filename = with_filename == Some(false);
}

#[cfg(test)]
mod tests;
