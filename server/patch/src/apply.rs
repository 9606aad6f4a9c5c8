//! A file patch applied to a base text the way `git apply` does: hunks in order, each searched
//! for from the line its header states in the text as patched so far (there, then one line
//! further, one line back, two further, …), its base-side lines (context and deleted) matched
//! exactly — modulo a trailing `\r` — with no fuzz on content. A hunk that starts at line 1 or
//! has no trailing context is first tried only at the start / end of the file, as git does.

use crate::model::{FilePatch, Hunk, Op};
use std::borrow::Cow;

/// Where a line of the patched text comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Base line `n` (1-based), unchanged.
    Base(u32),
    /// Written by the patch, before base line `before` (one past the last line at the end);
    /// `replaces`: the first base line of the deleted lines it stands in for, if any.
    Inserted { before: u32, replaces: Option<u32> },
}

/// Where one hunk went, in base line numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The header's `old_start`.
    pub stated: u32,
    /// The base line the hunk's first base-side line matched.
    pub start: u32,
}

impl Placed {
    /// `start - stated`: how far from its stated place the hunk applied.
    pub fn offset(&self) -> i64 {
        i64::from(self.start) - i64::from(self.stated)
    }
}

/// The patched text, line by line, with where each line comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// Lines without their `\n` (a base line keeps a `\r` it had).
    pub lines: Vec<String>,
    pub anchors: Vec<Anchor>,
    /// The text ends with a line break.
    pub final_newline: bool,
    /// One per hunk, in order.
    pub placed: Vec<Placed>,
}

impl Applied {
    /// The hunks' base-side starts, for [`crate::change_lines`].
    pub fn starts(&self) -> Vec<u32> {
        self.placed.iter().map(|p| p.start).collect()
    }

    /// The patched text.
    pub fn text(&self) -> String {
        let mut s = self.lines.join("\n");
        if self.final_newline && !self.lines.is_empty() {
            s.push('\n');
        }
        s
    }

    /// The patched lines standing where base lines `start..=end` stood, joined by `\n`: each
    /// kept base line in the range; each line written in place of deleted lines whose first
    /// is in the range; each line inserted between two base lines of the range, or right after
    /// its last line (a statement appended to a function body belongs to it); never a line
    /// inserted before `start`.
    pub fn slice(&self, start: u32, end: u32) -> String {
        let keep = |a: &Anchor| match *a {
            Anchor::Base(b) => start <= b && b <= end,
            Anchor::Inserted {
                replaces: Some(r), ..
            } => start <= r && r <= end,
            Anchor::Inserted { before, .. } => start < before && before <= end.saturating_add(1),
        };
        let lines: Vec<&str> = (self.lines.iter().zip(&self.anchors))
            .filter(|(_, a)| keep(a))
            .map(|(l, _)| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        lines.join("\n")
    }

    /// "applied with offset +9", or with the hunks that moved when not all did ("applied with
    /// offset -4 (hunks 6-26 of 26)"); `None` when every hunk applied where stated.
    pub fn offset_note(&self) -> Option<String> {
        offset_note(&self.placed)
    }
}

impl readcov_core::stages::AfterText for Applied {
    fn slice(&self, start: u32, end: u32) -> String {
        Applied::slice(self, start, end)
    }
}

/// A hunk found nowhere in the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hunk {hunk} of {of} (`@@ -{stated}`) does not apply: {why}")]
pub struct ApplyError {
    /// 1-based.
    pub hunk: usize,
    pub of: usize,
    pub stated: u32,
    /// The first base-side line that differs at the stated place, as a sentence.
    pub why: String,
}

struct Line<'a> {
    text: Cow<'a, str>,
    anchor: Anchor,
}

fn same(a: &str, b: &str) -> bool {
    a.strip_suffix('\r').unwrap_or(a) == b.strip_suffix('\r').unwrap_or(b)
}

/// Applies `fp` to `base` (a deleted file's hunks too: the result is then empty).
pub fn apply(fp: &FilePatch, base: &str) -> Result<Applied, ApplyError> {
    let body = base.strip_suffix('\n').unwrap_or(base);
    // A new file (an empty base) ends with a break unless the patch says otherwise.
    let mut final_newline = base.is_empty() || base.ends_with('\n');
    let mut img: Vec<Line> = if base.is_empty() {
        Vec::new()
    } else {
        (body.split('\n').enumerate())
            .map(|(i, t)| Line {
                text: Cow::Borrowed(t),
                anchor: Anchor::Base(i as u32 + 1),
            })
            .collect()
    };
    let end = img.len() as u32 + 1;
    let mut placed = Vec::with_capacity(fp.hunks.len());
    for (i, h) in fp.hunks.iter().enumerate() {
        let pre: Vec<&str> = h.preimage().collect();
        let pos = (h.new_start.saturating_sub(1) as usize).min(img.len());
        let at = if pre.is_empty() {
            Some(pos)
        } else {
            let begin = h.old_start <= 1;
            let end = h.trailing_context() == 0;
            find(&img, &pre, pos, begin, end).or_else(|| {
                (begin || end)
                    .then(|| find(&img, &pre, pos, false, false))
                    .flatten()
            })
        };
        let Some(at) = at else {
            return Err(ApplyError {
                hunk: i + 1,
                of: fp.hunks.len(),
                stated: h.old_start,
                why: mismatch(&img, &pre, pos),
            });
        };
        let start = match img.get(at).map(|l| l.anchor) {
            _ if pre.is_empty() => h.old_start,
            Some(Anchor::Base(b)) => b,
            // The hunk begins on a line an earlier hunk wrote: its base place is its stated
            // one moved as far as the text around it moved.
            _ => shifted(h, at),
        };
        placed.push(Placed {
            stated: h.old_start,
            start,
        });
        let reaches_end = at + pre.len() == img.len();
        splice(&mut img, at, pre.len(), h, end);
        if reaches_end && h.new_no_newline {
            final_newline = false;
        } else if reaches_end && h.old_no_newline {
            final_newline = true;
        }
    }
    let (lines, anchors) = img
        .into_iter()
        .map(|l| (l.text.into_owned(), l.anchor))
        .unzip();
    Ok(Applied {
        lines,
        anchors,
        final_newline,
        placed,
    })
}

fn shifted(h: &Hunk, at: usize) -> u32 {
    let delta = at as i64 + 1 - i64::from(h.new_start);
    (i64::from(h.old_start) + delta).clamp(1, i64::from(u32::MAX)) as u32
}

/// Whether `pre` matches `img` at `p` (and, when asked, at the start / end of the text).
fn fits(img: &[Line], pre: &[&str], p: usize, begin: bool, end: bool) -> bool {
    p + pre.len() <= img.len()
        && (!begin || p == 0)
        && (!end || p + pre.len() == img.len())
        && (img[p..].iter().zip(pre)).all(|(l, want)| same(&l.text, want))
}

/// The nearest place to `pos` where `pre` matches: `pos`, `pos+1`, `pos-1`, `pos+2`, …
fn find(img: &[Line], pre: &[&str], pos: usize, begin: bool, end: bool) -> Option<usize> {
    if fits(img, pre, pos, begin, end) {
        return Some(pos);
    }
    // Held to the start or the end, a hunk has one place it can fit: looking at every other
    // line (which `fits` refuses) cost the whole file per hunk, and each hunk without trailing
    // context is first looked for at the end (20,000 such hunks on a 100,000-line file: 100 s).
    let only = match (begin, end) {
        (true, _) => Some(0),
        (false, true) => img.len().checked_sub(pre.len()),
        (false, false) => None,
    };
    if begin || end {
        return only.filter(|&p| fits(img, pre, p, begin, end));
    }
    for i in 1..=img.len() {
        let (fwd, back) = (pos + i, pos.checked_sub(i));
        if fwd <= img.len() && fits(img, pre, fwd, begin, end) {
            return Some(fwd);
        }
        if let Some(b) = back.filter(|&b| fits(img, pre, b, begin, end)) {
            return Some(b);
        }
        if fwd > img.len() && back.is_none() {
            break;
        }
    }
    None
}

/// Replaces the `n` matched lines at `at` with the hunk's patched side.
fn splice<'a>(img: &mut Vec<Line<'a>>, at: usize, n: usize, h: &Hunk, end: u32) {
    let base_after = |img: &[Line], k: usize| -> u32 {
        (img[k..].iter())
            .map(|l| match l.anchor {
                Anchor::Base(b) => b,
                Anchor::Inserted { before, .. } => before,
            })
            .next()
            .unwrap_or(end)
    };
    let mut out: Vec<Line<'a>> = Vec::with_capacity(h.lines.len());
    let mut k = at;
    let mut replaced: Option<u32> = None;
    for l in &h.lines {
        match l.op {
            Op::Context => {
                let kept = std::mem::replace(&mut img[k].text, Cow::Borrowed(""));
                out.push(Line {
                    text: kept,
                    anchor: img[k].anchor,
                });
                k += 1;
                replaced = None;
            }
            Op::Delete => {
                if replaced.is_none() {
                    replaced = Some(base_after(img, k));
                }
                k += 1;
            }
            Op::Insert => out.push(Line {
                text: Cow::Owned(l.text.clone()),
                anchor: Anchor::Inserted {
                    before: base_after(img, k),
                    replaces: replaced,
                },
            }),
        }
    }
    img.splice(at..at + n, out);
}

/// Why a hunk does not apply at its stated place: the first line that differs there.
fn mismatch(img: &[Line], pre: &[&str], pos: usize) -> String {
    for (i, want) in pre.iter().enumerate() {
        match img.get(pos + i) {
            Some(l) if same(&l.text, want) => {}
            Some(l) => {
                return format!(
                    "line {}: the file has `{}`, the patch expects `{}`, and the hunk is found nowhere else",
                    pos + i + 1,
                    clip(&l.text),
                    clip(want)
                )
            }
            None => {
                return format!(
                    "the file has only {} line(s), and the hunk is found nowhere else",
                    img.len()
                )
            }
        }
    }
    "only at the start or end of the file it cannot reach".into()
}

fn clip(s: &str) -> String {
    let t = s.trim();
    match t.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
    }
}

/// The note for hunks that applied away from their stated lines.
pub fn offset_note(placed: &[Placed]) -> Option<String> {
    let moved: Vec<(usize, i64)> = (placed.iter().enumerate())
        .map(|(i, p)| (i + 1, p.offset()))
        .filter(|(_, o)| *o != 0)
        .collect();
    let first = moved.first()?;
    let signed = |o: i64| {
        if o > 0 {
            format!("+{o}")
        } else {
            o.to_string()
        }
    };
    let all_one = moved.iter().all(|(_, o)| *o == first.1);
    if all_one && moved.len() == placed.len() {
        return Some(format!("applied with offset {}", signed(first.1)));
    }
    let of = placed.len();
    if all_one && moved.len() == moved.last()?.0 - first.0 + 1 {
        let hunks = if moved.len() == 1 {
            format!("hunk {}", first.0)
        } else {
            format!("hunks {}-{}", first.0, moved.last()?.0)
        };
        return Some(format!(
            "applied with offset {} ({hunks} of {of})",
            signed(first.1)
        ));
    }
    let each: Vec<String> = (moved.iter())
        .map(|(h, o)| format!("hunk {h} {}", signed(*o)))
        .collect();
    Some(format!(
        "applied with offsets ({} of {of})",
        each.join(", ")
    ))
}
