//! A classic SWE-agent action of several commands ([`super::parts`]): the observation cut into
//! each command's output, each read as when the command is alone.

use super::op_for;
use super::parts::{shows_window, verb, Part};
use super::searches;
use super::windows::{outputs, with_exists_error};
use crate::session::Op;
use crate::summary::Reason;

/// Several commands in one action: each window-printing command gets its window, in order (an
/// edit the linter refused gets its whole refusal, two windows: read as when it is alone); the
/// other parts between two windows share the text between them (one part takes it all; several
/// cannot be told apart, so a shell run then only moves the cwd and a command is not credited,
/// except searches, which each close their output with a line of their own: [`super::searches`]).
/// When the windows do not pair up with the commands that print them (a command that failed
/// prints none; a refusal falls to a command that is no `edit`), no window is credited.
pub(super) fn seq(parts: &[Part], obs: &str) -> Vec<(Op, String)> {
    let windowed = |p: &Part| matches!(p, Part::Tool(t) if shows_window(t));
    let wins = outputs(obs);
    let shell = |s: &String, text: &str| (Op::Bash { script: s.clone() }, text.to_string());
    let commands = parts.iter().filter_map(|p| match p {
        Part::Tool(t) if shows_window(t) => Some(t),
        _ => None,
    });
    let paired = commands.clone().count() == wins.len()
        && commands.zip(&wins).all(|(t, w)| !w.2 || verb(t) == "edit");
    if !paired {
        return parts
            .iter()
            .map(|p| match p {
                Part::Shell(s) => shell(s, ""),
                Part::Tool(_) => (Op::Skip(Reason::AmbiguousOutput), String::new()),
            })
            .collect();
    }
    let mut out = Vec::new();
    let (mut i, mut k, mut cursor) = (0, 0, 0);
    while i < parts.len() {
        if let Part::Tool(t) = &parts[i] {
            if windowed(&parts[i]) {
                let (start, end, _) = wins[k];
                let (op, text) = op_for(t, &obs[with_exists_error(obs, start).max(cursor)..end]);
                out.push((op, text.into_owned()));
                (i, k, cursor) = (i + 1, k + 1, end);
                continue;
            }
        }
        let j = parts[i..]
            .iter()
            .position(windowed)
            .map_or(parts.len(), |n| i + n);
        let gap_end = wins
            .get(k)
            .map_or(obs.len(), |w| with_exists_error(obs, w.0).max(cursor));
        let sole = j - i == 1;
        let gap = if sole { &obs[cursor..gap_end] } else { "" };
        // Searches close their outputs with a line of their own: each gets its output.
        let searched = searches::outputs(&parts[i..j], &obs[cursor..gap_end]);
        for (n, p) in parts[i..j].iter().enumerate() {
            let own = searched.as_ref().map(|s| s[n]);
            out.push(match p {
                Part::Shell(s) => shell(s, gap),
                Part::Tool(t) if sole || own.is_some() => {
                    let (op, text) = op_for(t, own.unwrap_or(gap));
                    (op, text.into_owned())
                }
                Part::Tool(_) => (Op::Skip(Reason::AmbiguousOutput), String::new()),
            });
        }
        (i, cursor) = (j, gap_end);
    }
    out
}
