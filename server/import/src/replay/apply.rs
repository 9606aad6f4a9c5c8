//! Applying one edit to a version of a file: the text of each kind of [`EditOp`] found and
//! spliced in, keeping each surviving line's base origin, with the base lines it removed or changed.

use super::{push_lines, search, EditOp, Line, Version};
use std::borrow::Cow;

/// Replaces `old[start..end]` (0-based, exclusive) with `new_lines`, keeping the origin of lines
/// equal at the start and end of the region; returns the base lines removed or changed. `shown`:
/// the region's old text as a view showed it, for a version whose text is unknown.
pub(super) fn splice(
    v: &mut Version,
    arena: &str,
    start: usize,
    end: usize,
    new_lines: Vec<Line>,
    shown: Option<&[Line]>,
) -> Vec<u32> {
    let end = end.min(v.origin.len());
    let start = start.min(end);
    let same = |a: &Line, b: &Line| arena[a.start..a.end] == arena[b.start..b.end];
    let old_text: Option<&[Line]> = match &v.text {
        Some(t) => Some(&t[start..end]),
        None => shown.filter(|s| s.len() == end - start),
    };
    let old_origin: Vec<Option<u32>> = v.origin[start..end].to_vec();
    let mut new_origin = vec![None; new_lines.len()];
    // Lines kept equal at the start of the region.
    let mut p = 0;
    if let Some(old) = old_text {
        while p < old.len() && p < new_lines.len() && same(&old[p], &new_lines[p]) {
            new_origin[p] = old_origin[p];
            p += 1;
        }
        let mut s = 0;
        while s < old.len() - p
            && s < new_lines.len() - p
            && same(&old[old.len() - 1 - s], &new_lines[new_lines.len() - 1 - s])
        {
            new_origin[new_lines.len() - 1 - s] = old_origin[old.len() - 1 - s];
            s += 1;
        }
    }
    let kept: Vec<u32> = new_origin.iter().flatten().copied().collect();
    let mut touched: Vec<u32> = old_origin
        .iter()
        .flatten()
        .copied()
        .filter(|b| !kept.contains(b))
        .collect();
    if touched.is_empty() {
        // A pure insertion touches no base line: anchor it to the base line just before the
        // first inserted line. With no line inserted (only lines the agent wrote removed), where
        // they were: after the lines kept equal at the region's start (before, the base line
        // before the whole region, up to the length of that kept run away).
        let first_new = new_origin.iter().position(Option::is_none).unwrap_or(p);
        let before = v.origin[..start].iter().chain(&new_origin[..first_new]);
        touched.extend(before.rev().flatten().next().copied());
    }
    v.origin.splice(start..end, new_origin);
    if let Some(t) = &mut v.text {
        t.splice(start..end, new_lines);
    }
    touched
}

/// The current text, its lines joined by `\n` (a `str_replace` matches across lines). Lines
/// that follow one another in the arena, a `\n` apart (a base file's, and each edit's own), are
/// one slice of it: a file's text not yet edited (without `\r`) is the arena's own bytes, and
/// an edited one is copied a run of lines at a time (profiled: a copy per line was a third of
/// replaying the real runs' edits).
pub(super) fn joined<'a>(lines: &[Line], arena: &'a str) -> Cow<'a, str> {
    let b = arena.as_bytes();
    let follows = |a: &Line, next: &Line| next.start == a.end + 1 && b.get(a.end) == Some(&b'\n');
    let runs = || {
        let mut rest = lines;
        std::iter::from_fn(move || {
            let first = rest.first()?;
            let n = 1 + rest
                .windows(2)
                .take_while(|w| follows(&w[0], &w[1]))
                .count();
            let run = first.start..rest[n - 1].end;
            rest = &rest[n..];
            Some(run)
        })
    };
    let mut all = runs();
    match (all.next(), all.next()) {
        (None, _) => return Cow::Borrowed(""),
        (Some(one), None) => return Cow::Borrowed(&arena[one]),
        _ => {}
    }
    let len = lines.iter().map(|l| l.end - l.start + 1).sum::<usize>();
    let mut out = String::with_capacity(len);
    for (i, run) in runs().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&arena[run]);
    }
    Cow::Owned(out)
}

/// Replays `op` on `v`; `shown` is the old text of an `edit a:b`'s lines as views showed them
/// (see [`super::FileState::note_shown`]), used when `v` has no text.
pub(super) fn replay(
    mut v: Version,
    op: &EditOp,
    arena: &mut String,
    shown: Option<&[Line]>,
) -> Option<(Version, Vec<u32>)> {
    let touched = match op {
        EditOp::StrReplace { old, new } => {
            let joined = joined(v.text.as_ref()?, arena);
            // A file ending in a line break keeps that break outside its lines, so an old text
            // taking it too (Gemini CLI's `replace` of a whole file as `write_file` wrote it)
            // matches there too: the text before the break is replaced, and the new text says
            // whether one follows. Found inside the lines as well, it is two matches.
            let at_end = (old.strip_suffix('\n')).filter(|body| v.eol && joined.ends_with(body));
            if at_end.is_some() && search::contains(joined.as_bytes(), old.as_bytes()) {
                return None;
            }
            let (old, new, eol) = match at_end {
                Some(body) => (
                    body,
                    new.strip_suffix('\n').unwrap_or(new),
                    new.ends_with('\n'),
                ),
                None => (old.as_str(), new.as_str(), v.eol),
            };
            // The only match, not overlapping another (as `str::match_indices` counts them).
            let at = match at_end {
                Some(_) => joined.len() - old.len(),
                None => search::only_match(joined.as_bytes(), old.as_bytes())?,
            };
            let newlines = |t: &str| memchr::memchr_iter(b'\n', t.as_bytes()).count();
            let start = newlines(&joined[..at]);
            let end = start + newlines(old) + 1;
            let line_start = memchr::memrchr(b'\n', &joined.as_bytes()[..at]).map_or(0, |i| i + 1);
            let after = at + old.len();
            let line_end = memchr::memchr(b'\n', &joined.as_bytes()[after..])
                .map_or(joined.len(), |i| after + i);
            // The lines the match touched, as the replacement leaves them (split on `\n` only:
            // a `\r` of the new text stays in its line).
            // The text may be the arena's own: its two pieces are copied out before it grows.
            let (head, tail) = (
                joined[line_start..at].to_string(),
                joined[after..line_end].to_string(),
            );
            drop(joined);
            v.eol = eol;
            let from = arena.len();
            arena.push_str(&head);
            arena.push_str(new);
            arena.push_str(&tail);
            let mut lines = Vec::new();
            let mut s = from;
            for e in memchr::memchr_iter(b'\n', &arena.as_bytes()[from..]) {
                lines.push(Line {
                    start: s,
                    end: from + e,
                });
                s = from + e + 1;
            }
            lines.push(Line {
                start: s,
                end: arena.len(),
            });
            splice(&mut v, arena, start, end, lines, None)
        }
        EditOp::Insert { after, text } => {
            let at = usize::try_from(*after).ok()?;
            if at > v.origin.len() {
                return None;
            }
            let lines = push_lines(arena, text);
            splice(&mut v, arena, at, at, lines, None)
        }
        EditOp::Lines { start, end, text } => {
            // The tool keeps `lines[..start-1]`, the new text, then `lines[end..]` of a bash array:
            // a start or end past the last line stops at it, so `edit 101:101` on 100 lines
            // appends. An end more than one line before the start repeats lines: not replayed.
            let len = v.origin.len();
            let s = usize::try_from(*start).ok()?.checked_sub(1)?.min(len);
            let e = usize::try_from(*end).ok()?.min(len);
            if e < s {
                return None;
            }
            let lines = push_lines(arena, text);
            splice(&mut v, arena, s, e, lines, shown)
        }
        EditOp::Hunks(hunks) => super::hunks::apply(&mut v, arena, hunks)?,
        EditOp::Create { .. } | EditOp::Undo | EditOp::Opaque(_) => return None,
    };
    Some((v, touched))
}
