//! Words before a command that run it unchanged (session 39): assignments (`PYTHONPATH=. python
//! x.py`), `sudo`, `env`, `nohup`, `time`, `timeout DURATION` and `command`. Each prints what the
//! command prints (to a pipe, as an agent's shell has no terminal), and writes what it writes, so
//! the command is read without them. Before session 39 the first word was taken for the command:
//! `sudo mv units.py.new units.py` wrote nothing readcov saw (gsmoon97/swe-agent-eval's OpenHands
//! run of matplotlib-22719, steps 27, 32 and 35), and `sudo cat -n f` read nothing.

use crate::shell::Stage;

/// `st` without the wrapper words before its command (a stage of assignments alone, or of a
/// wrapper with no command after it, is left as it is). A wrapper that `out` says bash did not
/// find (`/bin/bash: line 7: sudo: command not found`, as in a SWE-agent container without sudo)
/// ran nothing: the stage is left as it is, a command readcov does not read, as before session 39.
pub(super) fn strip(st: &mut Stage<'_>, out: &str) {
    let n = wrapper_len(&st.words);
    if n == 0 || n >= st.words.len() {
        return;
    }
    if st.words[..n].iter().any(|w| not_found(w, out)) {
        return;
    }
    st.words.drain(..n);
    st.literal.retain(|(i, _)| *i >= n);
    for (i, _) in &mut st.literal {
        *i -= n;
    }
}

/// Whether `out` holds bash's (or sh's) line saying the command `word` was not found.
fn not_found(word: &str, out: &str) -> bool {
    out.lines().any(|l| {
        let l = l.trim_end();
        [": command not found", ": not found"].iter().any(|end| {
            l.strip_suffix(end)
                .is_some_and(|h| h == word || h.ends_with(&format!(": {word}")))
        })
    })
}

/// How many of `words`' first words are wrappers (with their options and values).
fn wrapper_len<W: AsRef<str>>(words: &[W]) -> usize {
    let w = |i: usize| words.get(i).map(AsRef::as_ref);
    let mut i = 0;
    loop {
        let Some(first) = w(i) else { return i };
        if is_assignment(first) {
            i += 1;
            continue;
        }
        // Options of each wrapper that take the next word as their value.
        let valued: &[&str] = match first {
            "sudo" => &["-u", "-g", "-C", "-D", "-p", "-r", "-t", "-U", "-T"],
            "env" => &["-u", "-C", "-S"],
            "timeout" => &["-s", "-k"],
            "nohup" | "time" => &[],
            // `command -v x` / `-V` print where x is and run nothing.
            "command" if w(i + 1).is_some_and(|o| o.starts_with('-') && o != "-p") => return i,
            "command" => &[],
            _ => return i,
        };
        let wrapper = first;
        i += 1;
        while let Some(o) = w(i) {
            if o == "--" {
                i += 1;
                break;
            }
            if wrapper == "env" && is_assignment(o) {
                i += 1;
            } else if o.starts_with('-') && o.len() > 1 {
                i += if valued.contains(&o) { 2 } else { 1 };
            } else {
                break;
            }
        }
        if wrapper == "timeout" {
            // Its duration (`5`, `4s`, `1.5m`).
            match w(i) {
                Some(d) if d.starts_with(|c: char| c.is_ascii_digit() || c == '.') => i += 1,
                _ => return 0,
            }
        }
    }
}

/// `NAME=value` as bash takes it before a command: a name, then `=`.
pub(super) fn is_assignment(w: &str) -> bool {
    let Some((name, _)) = w.split_once('=') else {
        return false;
    };
    let mut c = name.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

#[cfg(test)]
mod tests;
