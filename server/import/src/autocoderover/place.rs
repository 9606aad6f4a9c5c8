//! Where AutoCodeRover's code blocks and edits sit in a file whose text readcov knows: its
//! outputs show no line numbers, so the lines are found by their text (never a guess: a block
//! that fits at several places is *ambiguous output*, one found nowhere *shown text differs from
//! file*).

use crate::display::{line_no, normalize};
use crate::summary::Reason;

/// The current lines (1-based) a block shows. A method, a whole class or a `search_code` region
/// is a run of contiguous lines, found where it occurs; a class signature (`search_class`: the
/// class line, then each method's decorators and `def` lines and each class-level assignment,
/// comment lines left out) is not: when no run fits, the block is placed as that signature,
/// each line at its first occurrence after the line before it, from a first line that must
/// leave one placement.
pub(crate) fn place(file: &[String], shown: &[&str]) -> Result<Vec<u32>, Reason> {
    if shown.is_empty() {
        return Err(Reason::NothingShown);
    }
    let keys: Vec<String> = shown.iter().map(|s| normalize(s)).collect();
    let runs: Vec<usize> = (0..(file.len() + 1).saturating_sub(keys.len()))
        .filter(|&p| keys.iter().enumerate().all(|(t, k)| file[p + t] == *k))
        .collect();
    match runs.as_slice() {
        [p] => return Ok((0..keys.len()).map(|t| line_no(p + t)).collect()),
        [_, _, ..] => return Err(Reason::AmbiguousOutput),
        [] => {}
    }
    let mut found: Vec<Vec<u32>> = Vec::new();
    for start in (0..file.len()).filter(|&p| file[p] == keys[0]) {
        let mut lines = vec![line_no(start)];
        let mut at = start + 1;
        for k in &keys[1..] {
            match (at..file.len()).find(|&i| file[i] == *k) {
                Some(i) => {
                    lines.push(line_no(i));
                    at = i + 1;
                }
                None => break,
            }
        }
        if lines.len() == keys.len() {
            found.push(lines);
        }
    }
    match found.len() {
        0 => Err(Reason::TextMismatch),
        1 => Ok(found.remove(0)),
        _ => Err(Reason::AmbiguousOutput),
    }
}

/// The lines an edit replaces, as `apply_edit` finds them: the first run of lines whose texts,
/// stripped of blanks at both ends, are those of the original text (`None`: no such run).
pub(crate) fn edit_region(file: &[String], original: &str) -> Option<(u32, u32)> {
    let before: Vec<&str> = original.split('\n').map(str::trim).collect();
    let n = before.len();
    (0..(file.len() + 1).saturating_sub(n))
        .find(|&p| (0..n).all(|t| file[p + t].trim() == before[t]))
        .map(|p| (line_no(p), line_no(p + n - 1)))
}

/// The text `apply_edit` writes in place of the region (its first guess, the one it keeps when
/// the file then lints): the patched lines indented by the column at which the original's first
/// line sits in the file's first line of the region, or, when the original's first line is
/// indented more, unindented by the difference.
pub(crate) fn edit_text(first_line: &str, original: &str, patched: &str) -> String {
    let first = original.split('\n').next().unwrap_or("");
    let lines = patched.split('\n');
    let mut out = String::new();
    if let Some(col) = first_line.find(first) {
        for l in lines {
            out.push_str(&" ".repeat(col));
            out.push_str(l);
            out.push('\n');
        }
    } else {
        let cut = first.find(first_line.trim_end()).unwrap_or(0);
        for l in lines {
            out.push_str(l.get(cut..).unwrap_or(""));
            out.push('\n');
        }
    }
    out
}
