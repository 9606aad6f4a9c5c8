//! Scripts a command runs (`python fix.py`, `python -c '…'`, `python - <<EOF`, also perl, ruby
//! and node), read for the files they write, so a change made by a script is never silently
//! missing from the change rebuilt by replay. A literal path a script opens for writing (or
//! writes with `Path(…).write_text`, moves or copies onto) is named; a write whose path is not a
//! literal is reported as a write to a file readcov cannot name. A script readcov never saw the
//! text of (one the run did not write) is taken not to write.

use crate::shell::Stage;
use regex::Regex;
use std::sync::OnceLock;

/// The code an interpreter stage runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Script {
    /// Given in the command (`-c`, `-e`, a here-document on stdin).
    Inline(String),
    /// A file (as written in the command, relative to its directory).
    File(String),
}

/// What a script's text writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Writes {
    /// Literal paths opened for writing, moved or copied onto.
    pub paths: Vec<String>,
    /// A write whose path is not a literal.
    pub unnamed: bool,
}

/// The script an interpreter stage runs, if the stage runs one (`python -m pytest` runs none).
pub fn script_of(stage: &Stage<'_>) -> Option<Script> {
    let cmd = stage.words.first()?;
    let name = cmd.rsplit('/').next().unwrap_or(cmd);
    let inline_flag = match name {
        n if n.starts_with("python") => "-c",
        "perl" | "ruby" | "node" => "-e",
        _ => return None,
    };
    let mut args = stage.words[1..].iter();
    while let Some(a) = args.next() {
        match &**a {
            f if f == inline_flag => return args.next().map(|c| Script::Inline(c.to_string())),
            "-m" => return None,
            "-" => {
                return stage
                    .heredoc
                    .as_deref()
                    .map(|h| Script::Inline(h.to_string()))
            }
            f if f.starts_with('-') => {}
            file => return Some(Script::File(file.to_string())),
        }
    }
    stage
        .heredoc
        .as_deref()
        .map(|h| Script::Inline(h.to_string()))
}

/// The patterns [`writes_of`] runs.
#[derive(Clone, Copy)]
enum Pattern {
    Open,
    WriteText,
    Moves,
    Assign,
}

/// Each pattern compiled when first needed (profiled: compiling all four at the first script
/// was 1% of importing the real runs, whose scripts mostly never need the last ones).
fn pattern(p: Pattern) -> &'static Regex {
    static R: [OnceLock<Regex>; 4] = [const { OnceLock::new() }; 4];
    R[p as usize].get_or_init(|| {
        let q = r#"['"]([^'"\n]+)['"]"#;
        let re = match p {
            // open('p', 'w'), open("p", mode="a+"), open(name, 'w') (group 1 or 2)
            Pattern::Open => format!(
                r#"open\(\s*(?:[rbuf]?{q}|([A-Za-z_][A-Za-z0-9_.]*))\s*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]"#
            ),
            // Path('p').write_text(…) / write_bytes, or name.write_text(…)
            Pattern::WriteText => format!(
                r#"(?:Path\(\s*{q}\s*\)|([A-Za-z_][A-Za-z0-9_]*))\.write_(?:text|bytes)\("#
            ),
            // shutil.copy*/move(src, 'dst'), os.rename/replace(src, 'dst')
            Pattern::Moves => format!(
                r#"(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace))\([^,]+,\s*(?:{q}|([A-Za-z_][A-Za-z0-9_]*))"#
            ),
            // name = 'literal' (to resolve `open(name, 'w')`)
            Pattern::Assign => format!(r#"(?m)^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:Path\()?{q}"#),
        };
        Regex::new(&re).expect("regex")
    })
}

/// The files `code` writes, as far as its text says. A pattern runs only on code holding the
/// literal text it cannot match without (most scripts write nothing: the regexes, and above all
/// the assignments', which has no literal to look for, were most of a bash command's cost), and
/// the assignments are collected only when a write names its path by a variable.
pub fn writes_of(code: &str) -> Writes {
    let mut names: Option<Vec<(String, String)>> = None;
    let mut out = Writes::default();
    let needs = [
        code.contains("open("),
        code.contains(".write_"),
        code.contains("shutil.") || code.contains("os.re"),
    ];
    for (p, _) in [Pattern::Open, Pattern::WriteText, Pattern::Moves]
        .into_iter()
        .zip(needs)
        .filter(|(_, n)| *n)
    {
        for c in pattern(p).captures_iter(code) {
            match (c.get(1), c.get(2)) {
                (Some(p), _) => out.paths.push(p.as_str().to_string()),
                (None, Some(name)) => {
                    let names = names.get_or_insert_with(|| {
                        (pattern(Pattern::Assign).captures_iter(code))
                            .map(|c| (c[1].to_string(), c[2].to_string()))
                            .collect()
                    });
                    match names.iter().rev().find(|(n, _)| n == name.as_str()) {
                        Some((_, p)) => out.paths.push(p.clone()),
                        None => out.unnamed = true,
                    }
                }
                (None, None) => {}
            }
        }
    }
    out.paths.sort();
    out.paths.dedup();
    out
}

#[cfg(test)]
mod tests;
