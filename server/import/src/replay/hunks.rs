//! [`EditOp::Hunks`](super::EditOp::Hunks) applied: the edit of every format that records its change as a diff of the
//! current copy (Claude Code `structuredPatch`, a Codex `update`'s `unified_diff`, a replayed
//! `sed -i`), and the one place its edit rows are decided.
//!
//! Each change of a hunk (a run of `-`/`+` lines between context lines) touches the base lines
//! of its `-` lines. A change that removes or changes no base line (it only adds lines, or
//! changes or deletes lines the agent wrote) gives the base line before it in the current copy,
//! as a `str_replace` of those lines does ([`super::apply::splice`]); none when no base line is
//! before it (a file the run created). Before session 38 only a hunk with no `-` line at all,
//! after base lines only, gave that line: a Claude Code or Codex edit of a line the agent wrote
//! gave no edit row (session 37 gave one to `sed -i` alone, by a rule of its own).

use super::{Line, Version};

/// Applies `hunks` (old start, lines with ' ', '-', '+') to `v`; the base lines touched, or
/// `None` when a hunk reaches past the end of the copy.
pub(super) fn apply(
    v: &mut Version,
    arena: &mut String,
    hunks: &[(u32, Vec<String>)],
) -> Option<Vec<u32>> {
    let mut touched = Vec::new();
    // From the last hunk up, so each one's start is still in the numbering it was stated in.
    let mut ordered: Vec<&(u32, Vec<String>)> = hunks.iter().collect();
    ordered.sort_by_key(|h| std::cmp::Reverse(h.0));
    for (old_start, lines) in ordered {
        let s = usize::try_from(*old_start).ok()?.saturating_sub(1);
        let old_n = lines.iter().filter(|l| !l.starts_with('+')).count();
        if s + old_n > v.origin.len() {
            return None;
        }
        let mut origin = Vec::new();
        let mut text = Vec::new();
        let mut i = s;
        // The change being read: whether it removed a base line, and the base line before it.
        let mut change: Option<(bool, Option<u32>)> = None;
        for l in lines {
            let kind = l.chars().next();
            if matches!(kind, Some('+' | '-')) {
                change.get_or_insert_with(|| {
                    let before = v.origin[..s].iter().chain(&origin).rev().flatten().next();
                    (false, before.copied())
                });
            } else {
                touched.extend(anchor(change.take()));
            }
            match kind {
                Some('-') => {
                    if let (Some(b), Some((base, _))) = (v.origin[i], change.as_mut()) {
                        touched.push(b);
                        *base = true;
                    }
                    i += 1;
                }
                _ => {
                    let from = arena.len();
                    arena.push_str(l.get(1..).unwrap_or(""));
                    text.push(Line {
                        start: from,
                        end: arena.len(),
                    });
                    if kind == Some('+') {
                        origin.push(None);
                    } else {
                        origin.push(v.origin[i]);
                        i += 1;
                    }
                }
            }
        }
        touched.extend(anchor(change));
        v.origin.splice(s..i, origin);
        if let Some(t) = &mut v.text {
            t.splice(s..i, text);
        }
    }
    touched.sort_unstable();
    touched.dedup();
    Some(touched)
}

/// The row of a change that touched no base line: the base line before it.
fn anchor(change: Option<(bool, Option<u32>)>) -> Option<u32> {
    match change? {
        (false, before) => before,
        (true, _) => None,
    }
}

#[cfg(test)]
mod tests;
