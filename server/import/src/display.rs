//! What an observation displayed: the lines of a tool result as the agent saw them, with the
//! tool's own truncation taken out. Every importer credits lines through this module, so that no
//! tool call is credited with more lines than its observation displayed.
//!
//! Truncations recognised (each written by the tool, never by the agent):
//! - a cut middle: OpenHands `[... Observation truncated due to length ...]`, mini-swe-agent
//!   `<output_head>`/`<elided_chars>`/`<output_tail>`, Claude Code `... [N lines truncated] ...`,
//!   Codex `…N chars truncated…` / `…N tokens truncated…` (inside a line, or on a line of its own),
//!   older Codex `[... omitted N of M lines ...]` / `[... output truncated to fit N bytes ...]`;
//!   Codex's `Total output lines: N` header before a cut output is no line of it (N, like the M of
//!   `omitted N of M`, is kept as [`Displayed::total`]);
//! - a clipped end: `<response clipped>` (OpenHands and SWE-agent editors), Claude Code
//!   `<persisted-output>` (only the `Preview` is shown);
//! - a clipped end: Inspect AI `<START_TOOL_OUTPUT>` … `<END_TOOL_OUTPUT>` (only the head);
//! - nothing shown: SWE-agent `The output of your last command was too long.`
//!
//! Text normalisation for comparing shown lines with a file lives beside it, in `display/lines.rs`
//! ([`same_text`]).
//!
//! Every output of a run passes through here, so this is import's hottest code: the lines borrow
//! the output, and the markers are found by one `memmem` scan each (the three cut-middle markers
//! all contain `truncated`, so their slower searches run only when that word is there).

use memchr::memmem::Finder;
use regex::Regex;
use std::sync::OnceLock;

/// How a tool cut its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Shown whole.
    None,
    /// The middle was cut out: `head` is the start of the output, `tail` its end.
    Middle,
    /// Only the start was shown (`head`).
    End,
}

/// The lines an observation displayed (borrowed from the output).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Displayed<'a> {
    /// Lines from the start of the output, in order.
    pub head: Vec<&'a str>,
    /// Lines up to the end of the output (only with [`Cut::Middle`]).
    pub tail: Vec<&'a str>,
    pub cut: Cut,
    /// The last head line was cut short by the truncation (only its start is shown).
    pub head_partial: bool,
    /// The first tail line starts in the middle of a line.
    pub tail_partial: bool,
    /// How many lines the whole output had, when the tool says so (Codex `Total output lines: N`
    /// before a cut output, older Codex `[... omitted K of N lines ...]`): where a cut's tail sits.
    pub total: Option<u64>,
}

/// Clips the rest of the output (the text before it on its line is shown).
const CLIP: &str = "<response clipped";
/// On a line of its own between a head and a tail.
const MIDDLE_LINE: &str = "[... Observation truncated due to length ...]";
/// SWE-agent replaces a too long output with advice: no line of it was shown.
const NOTHING: &str = "The output of your last command was too long.";
const PERSISTED: &str = "<persisted-output>";
/// In every cut-middle marker but mini-swe-agent's tags.
const TRUNCATED: &str = "truncated";

/// The marker searches, built once.
struct Finders {
    clip: Finder<'static>,
    middle: Finder<'static>,
    nothing: Finder<'static>,
    persisted: Finder<'static>,
    truncated: Finder<'static>,
    /// In older codex-rs's line-cut marker (`[... omitted N of M lines ...]`).
    omitted: Finder<'static>,
    inspect: Finder<'static>,
    head: Tag,
    tail: Tag,
    output: Tag,
}

/// A mini-swe-agent section's opening line (`<tag>\n`) and closing tag (`</tag>`).
struct Tag {
    open: Finder<'static>,
    close: Finder<'static>,
}

impl Tag {
    fn new(open: &'static str, close: &'static str) -> Tag {
        Tag {
            open: Finder::new(open),
            close: Finder::new(close),
        }
    }
}

fn finders() -> &'static Finders {
    static F: OnceLock<Finders> = OnceLock::new();
    F.get_or_init(|| Finders {
        clip: Finder::new(CLIP),
        middle: Finder::new(MIDDLE_LINE),
        nothing: Finder::new(NOTHING),
        persisted: Finder::new(PERSISTED),
        truncated: Finder::new(TRUNCATED),
        omitted: Finder::new("[... omitted "),
        inspect: Finder::new(tools::INSPECT_OPEN),
        head: Tag::new("<output_head>\n", "</output_head>"),
        tail: Tag::new("<output_tail>\n", "</output_tail>"),
        output: Tag::new("<output>\n", "</output>"),
    })
}

fn lines_of(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    let t = text.strip_suffix('\n').unwrap_or(text);
    // Line breaks found by `memchr`'s vector search and counted first, so the vector is
    // allocated once (profiled: `split('\n')` searched each short line on its own).
    let breaks = || memchr::memchr_iter(b'\n', t.as_bytes());
    let mut lines = Vec::with_capacity(breaks().count() + 1);
    let mut start = 0;
    for end in breaks().chain(std::iter::once(t.len())) {
        let l = &t[start..end];
        lines.push(l.strip_suffix('\r').unwrap_or(l));
        start = end + 1;
    }
    lines
}

fn whole(text: &str) -> Displayed<'_> {
    Displayed {
        head: lines_of(text),
        tail: Vec::new(),
        cut: Cut::None,
        head_partial: false,
        tail_partial: false,
        total: None,
    }
}

/// A head and a tail around a cut; a head that does not end at a line break ends mid-line.
fn middle<'a>(
    head: &'a str,
    tail: &'a str,
    tail_partial: bool,
    total: Option<u64>,
) -> Displayed<'a> {
    blank_cut_lines_dropped(Displayed {
        head_partial: !head.is_empty() && !head.ends_with('\n'),
        head: lines_of(head),
        tail: lines_of(tail),
        cut: Cut::Middle,
        tail_partial: tail_partial && !tail.is_empty(),
        total,
    })
}

/// A line the cut left only blanks of (the head's last line cut after its indentation, a tail
/// opening on the line break that ended the line before it) showed none of its text: it is no
/// displayed line, as a numbered line cut right after its number is none. Before session 33 it was
/// one, so a read credited it: `tests/data/formats/mini-swe-agent-v1` astropy-14182's `cat
/// astropy/io/ascii/fixedwidth.py` credited 137, whose 11 leading blanks ended the head, and 317,
/// the tail's empty first line.
fn blank_cut_lines_dropped(mut d: Displayed<'_>) -> Displayed<'_> {
    if d.head_partial && d.head.last().is_some_and(|l| l.trim().is_empty()) {
        d.head.pop();
        d.head_partial = false;
    }
    if d.tail_partial && d.tail.first().is_some_and(|l| l.trim().is_empty()) {
        d.tail.remove(0);
        d.tail_partial = false;
    }
    d
}

fn clipped(head: &str) -> Displayed<'_> {
    blank_cut_lines_dropped(Displayed {
        head_partial: !head.is_empty() && !head.ends_with('\n'),
        head: lines_of(head),
        tail: Vec::new(),
        cut: Cut::End,
        tail_partial: false,
        total: None,
    })
}

/// `<tag>\n…</tag>` sections of a mini-swe-agent observation. The template writes
/// `<output>\n{{ output -}}\n</output>` (no newline added at the end) but
/// `<output_head>\n{{ head }}\n</output_head>` (one added): `added` strips it. Every
/// mini-swe-agent output is searched for its tags, so by prebuilt finders (profiled: `str::find`'s
/// two-way search, a tag at a time, was a third of [`parts`] on the real runs).
fn section<'a>(out: &'a str, tag: &Tag, added: bool) -> Option<&'a str> {
    let s = tag.open.find(out.as_bytes())? + tag.open.needle().len();
    let e = s + tag.close.find(&out.as_bytes()[s..])?;
    let body = &out[s..e];
    Some(if added {
        body.strip_suffix('\n').unwrap_or(body)
    } else {
        body
    })
}

fn inline_marker() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"…\d+ (?:chars|tokens) truncated…").expect("static regex"))
}

/// Older codex-rs exec-output cut (`truncate_formatted_exec_output`): a marker line between a
/// blank line of the tool's and nothing, `\n[... omitted N of M lines ...]\n\n` (or, when only bytes
/// were over, `[... output truncated to fit N bytes ...]`).
fn codex_lines_marker() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"\n\[\.\.\. (?:omitted \d+ of (\d+) lines|output truncated to fit \d+ bytes) \.\.\.\]\n\n",
        )
        .expect("static regex")
    })
}

fn line_marker() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?m)^\.\.\. ?\[\d+ lines? truncated\] ?\.\.\.\r?$").expect("static regex")
    })
}

/// The lines `output` displayed.
pub fn displayed(output: &str) -> Displayed<'_> {
    let p = parts(output);
    match p.cut {
        Cut::None => whole(p.head),
        Cut::Middle => middle(p.head, p.tail, p.tail_partial, p.total),
        Cut::End => clipped(p.head),
    }
}

/// Whether the tool cut `output` ([`displayed`]`(output).is_cut()` without splitting its lines).
pub fn is_cut(output: &str) -> bool {
    parts(output).cut != Cut::None
}

/// What `output` displayed, before its lines are split: the head's text (and the tail's, with
/// [`Cut::Middle`]).
struct Parts<'a> {
    head: &'a str,
    tail: &'a str,
    cut: Cut,
    tail_partial: bool,
    total: Option<u64>,
}

fn parts(output: &str) -> Parts<'_> {
    let f = finders();
    // Codex's `Total output lines: N` header: not output, and N places a cut output's tail.
    if let Some((n, rest)) = tools::codex_total(output) {
        let mut p = parts(rest);
        if p.cut != Cut::None {
            p.total = p.total.or(Some(n));
            return p;
        }
    }
    // mini-swe-agent's template opens with the return code; only then are its tags chrome.
    // 2.2.x writes `<exception>{{output.exception_info}}</exception>` first when the command
    // failed to run (a timeout: `config/benchmarks/swebench.yaml`, `observation_template`).
    if let Some(output) = tools::mini_observation(output) {
        // The tail is looked for only when there is a head (most outputs are shown whole).
        let head = section(output, &f.head, true);
        if let Some((h, t)) = head.and_then(|h| Some((h, section(output, &f.tail, true)?))) {
            // mini-swe-agent cuts by characters: the tail starts mid-line.
            return cut_middle(h, t, true);
        }
        if let Some(body) = section(output, &f.output, false) {
            return parts(body);
        }
    }
    if let Some(body) = tools::mini_v1_timeout(output) {
        return parts(body);
    }
    let bytes = output.as_bytes();
    if f.inspect.find(bytes).is_some() {
        if let Some(head) = tools::inspect_truncated(output) {
            return cut_end(head);
        }
    }
    if let Some(i) = f.persisted.find(bytes) {
        let rest = &output[i..];
        let preview = rest
            .find("Preview (first ")
            .and_then(|p| rest[p..].find('\n').map(|n| p + n + 1))
            .map_or("", |s| &rest[s..]);
        let end = preview.find("</persisted-output>").unwrap_or(preview.len());
        let body = preview[..end].trim_end_matches('\n');
        // The preview is cut by bytes and marked with a closing `...` line.
        let body = body.strip_suffix("\n...").unwrap_or(body);
        return cut_end(body);
    }
    if f.nothing.find(bytes).is_some() {
        return cut_end("");
    }
    if f.truncated.find(bytes).is_some() {
        if let Some(i) = f.middle.find(bytes) {
            let head = output[..i].strip_suffix('\n').unwrap_or(&output[..i]);
            let after = &output[i + MIDDLE_LINE.len()..];
            let tail = after.strip_prefix('\n').unwrap_or(after);
            // OpenHands keeps `half` characters on each side: both ends are cut mid-line.
            return cut_middle(head, tail, true);
        }
        if let Some(m) = line_marker().find(output) {
            // Claude Code (2.0.76, 2.1.7: `${head}\n\n... [${n} lines truncated] ...`) keeps the
            // output's first characters and nothing after the marker: the blank line before it is
            // the tool's, and the head's last line may end mid-line.
            let before = &output[..m.start()];
            let head = before.strip_suffix("\n\n").unwrap_or(before);
            let tail = &output[m.end()..];
            let tail = tail.strip_prefix('\n').unwrap_or(tail);
            if tail.trim().is_empty() {
                return cut_end(head);
            }
            return cut_middle(head, tail, false);
        }
        if let Some(m) = inline_marker().find(output) {
            let (head, after) = (&output[..m.start()], &output[m.end()..]);
            // Older codex-rs `truncate_middle` cut at line breaks and put the marker on a line of
            // its own (`{head}…N tokens truncated…\n{tail}`): its line break is not a line, and
            // the tail starts a whole line. Codex 0.125 cuts mid-line on both sides.
            if (head.is_empty() || head.ends_with('\n')) && after.starts_with('\n') {
                return cut_middle(head, &after[1..], false);
            }
            return cut_middle(head, after, true);
        }
    }
    if f.omitted.find(bytes).is_some() || f.truncated.find(bytes).is_some() {
        if let Some(c) = codex_lines_marker().captures(output) {
            let m = c.get(0).expect("whole match");
            // codex-rs `truncate_formatted_exec_output` (`core/src/truncate.rs`, autumn 2025):
            // `{head}\n[... omitted N of M lines ...]\n\n{tail}`, the head the first lines cut to
            // half the byte budget (it ends mid-line when cut: no line break before the marker's),
            // the tail the last bytes of the last lines that fit in the rest. The budget was 10 KiB
            // (2 KiB for the freeform tool) and the result never exceeds it: only a text that fills
            // a budget (up to a character's 3 bytes short of it) may have had its tail cut
            // mid-line; then the tail's first line is taken as a part (a numbered one is dropped).
            let fills = |budget: usize| (budget - 3..=budget).contains(&output.len());
            let tail_partial = fills(2 * 1024) || output.len() + 3 >= 10 * 1024;
            let mut p = cut_middle(&output[..m.start()], &output[m.end()..], tail_partial);
            // `total_lines` of the source: `text.lines().count()` of the whole output.
            p.total = c.get(1).and_then(|n| n.as_str().parse().ok());
            return p;
        }
    }
    if let Some(i) = f.clip.find(bytes) {
        return cut_end(&output[..i]);
    }
    Parts {
        head: output,
        tail: "",
        cut: Cut::None,
        tail_partial: false,
        total: None,
    }
}

fn cut_middle<'a>(head: &'a str, tail: &'a str, tail_partial: bool) -> Parts<'a> {
    Parts {
        head,
        tail,
        cut: Cut::Middle,
        tail_partial,
        total: None,
    }
}

fn cut_end(head: &str) -> Parts<'_> {
    Parts {
        head,
        tail: "",
        cut: Cut::End,
        tail_partial: false,
        total: None,
    }
}

impl<'a> Displayed<'a> {
    /// How many lines were displayed.
    pub fn count(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    /// Whether the tool cut anything out.
    pub fn is_cut(&self) -> bool {
        self.cut != Cut::None
    }

    /// The lines a read credits when its output is `stream` (ranges of file lines, in output
    /// order): the first `head` and the last `tail` of them, never more than were displayed.
    pub fn keep(&self, stream: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let (h, t) = (self.head.len() as u64, self.tail.len() as u64);
        // An empty range (`(1, 0)`: the whole of an empty file) counts no line; `e - s` on it
        // overflowed (a panic in debug builds, a wrap to 2^32 lines in release).
        let total: u64 = (stream.iter())
            .map(|&(s, e)| (u64::from(e) + 1).saturating_sub(u64::from(s)))
            .sum();
        if self.cut == Cut::Middle && h + t < total {
            let mut out = first_lines(stream, h);
            let rev: Vec<(u32, u32)> = stream.iter().rev().copied().collect();
            let mut tail = last(&rev, t);
            tail.reverse();
            out.extend(tail);
            out
        } else {
            first_lines(stream, h + t)
        }
    }

    /// Every displayed line with whether it is whole: a line cut by the truncation is a prefix
    /// (end of the head) or a suffix (start of the tail) of the real line.
    pub fn lines(&self) -> impl Iterator<Item = (&'a str, Part)> + '_ {
        let nh = self.head.len();
        let head = self.head.iter().enumerate().map(move |(i, l)| {
            let part = if i + 1 == nh && self.head_partial {
                Part::Prefix
            } else {
                Part::Whole
            };
            (*l, part)
        });
        let tail = self.tail.iter().enumerate().map(move |(i, l)| {
            let part = if i == 0 && self.tail_partial {
                Part::Suffix
            } else {
                Part::Whole
            };
            (*l, part)
        });
        head.chain(tail)
    }
}

mod lines;
mod tools;
use lines::last;
pub(crate) use lines::line_no;
pub use lines::{first_lines, normalize, same_text, Part};
pub(crate) use tools::codex_total;

#[cfg(test)]
mod tests;
