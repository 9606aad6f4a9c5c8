//! The file operands of the commands whose files a pipeline writes (`cp`, `mv`, `install`,
//! `tee`, `rm`, `truncate`): every word after the name that is no option and no option's value,
//! every word after `--`, and the folder of `-t DIR` (GNU coreutils' option syntax).

use std::borrow::Cow;

/// A command's operands and, for `-t`/`--target-directory`, the folder they go into.
pub(crate) struct Operands<'w, 'a> {
    pub files: Vec<&'w Cow<'a, str>>,
    pub target: Option<&'w str>,
}

/// The options of `cmd` that take the next word as their value (short, long), of GNU coreutils.
fn valued(cmd: &str) -> (&'static [u8], &'static [&'static str]) {
    match cmd {
        "truncate" => (b"sr", &["--size", "--reference"]),
        "cp" | "mv" => (b"St", &["--suffix", "--target-directory"]),
        "install" => (
            b"gmoSt",
            &[
                "--group",
                "--mode",
                "--owner",
                "--suffix",
                "--target-directory",
                "--strip-program",
            ],
        ),
        _ => (b"", &[]),
    }
}

/// Reads `words` (the command name first) as `cmd`'s options leave them.
pub(crate) fn operands<'w, 'a>(words: &'w [Cow<'a, str>], cmd: &str) -> Operands<'w, 'a> {
    let (short, long) = valued(cmd);
    let mut out = Operands {
        files: Vec::new(),
        target: None,
    };
    let mut i = 1;
    while i < words.len() {
        let w = &*words[i];
        i += 1;
        if w == "--" {
            out.files.extend(&words[i..]);
            break;
        }
        if let Some(name) = w.strip_prefix("--") {
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (name, None),
            };
            let takes = long.iter().any(|l| l[2..] == *name);
            let value = match (takes, inline) {
                (true, Some(v)) => Some(v),
                (true, None) => {
                    i += 1;
                    words.get(i - 1).map(|v| &**v)
                }
                (false, _) => None,
            };
            if name == "target-directory" {
                out.target = value;
            }
            continue;
        }
        if w.len() > 1 && w.starts_with('-') {
            // A cluster (`-fs 0`, `-s0`): the first valued letter takes the rest of the word,
            // or the next word when it ends the cluster.
            let rest = &w[1..];
            if let Some(at) = rest.bytes().position(|b| short.contains(&b)) {
                let value = match &rest[at + 1..] {
                    "" => {
                        i += 1;
                        words.get(i - 1).map(|v| &**v)
                    }
                    v => Some(v),
                };
                if rest.as_bytes()[at] == b't' {
                    out.target = value;
                }
            }
            continue;
        }
        out.files.push(&words[i - 1]);
    }
    out
}

/// `a`'s path inside folder `dir` (`cp -t dir src/a.py` writes `dir/a.py`).
pub(crate) fn into_dir(dir: &str, a: &str) -> String {
    let name = a.trim_end_matches('/').rsplit('/').next().unwrap_or(a);
    format!("{}/{name}", dir.trim_end_matches('/'))
}

#[cfg(test)]
mod tests;
