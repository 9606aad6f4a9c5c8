//! What the Inspect AI version that wrote a log kept of a tool output it cut, rewritten with the
//! display module's markers of the same meaning. `truncate_tool_output`
//! (`inspect_ai/model/_call_tools.py`) replaces an output over `max_tool_output` bytes by a note
//! around `<START_TOOL_OUTPUT>\n{kept}\n<END_TOOL_OUTPUT>`; `kept` is `truncate_string_to_bytes`
//! (`_util/text.py`):
//! - before 0.3.117 (0.3.77: `encoded[:max_bytes].decode(errors="replace")`) the output's first
//!   `max` bytes: all of it is the output's start;
//! - from 0.3.117 ("Tool calling: Do middle truncation when enforcing `max_tool_output`", its
//!   CHANGELOG; `truncate_str` / `truncate_bytes`, read at 0.3.135) the first `max // 2` bytes glued,
//!   with no mark, to the last `max - max // 2`. An ASCII output is cut by characters, which are its
//!   bytes: `kept` is `max` bytes long and its first half is the head, its second the tail (which
//!   starts mid-line). A non-ASCII one is cut in its UTF-8 bytes and decoded with replacement
//!   characters, which moves the seam: it is left to the display module, which credits the first
//!   half only.
//!
//! A log that names no version keeps the display module's reading (the first half only, true of
//! either version).

/// How a version cut a long output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keep {
    /// The first `max` bytes.
    Head,
    /// The first `max // 2` and the last `max - max // 2` bytes.
    HeadAndTail,
}

/// The cut of `inspect_ai` version `v` (`eval.packages.inspect_ai`, `0.3.77.dev10+gab7487cb`).
pub(super) fn keep_of(v: &str) -> Option<Keep> {
    let mut nums = v.split(['.', '+', '-']).map(|p| p.parse::<u32>().ok());
    let (major, minor, patch) = (nums.next()??, nums.next()??, nums.next()??);
    Some(if (major, minor, patch) < (0, 3, 117) {
        Keep::Head
    } else {
        Keep::HeadAndTail
    })
}

const START: &str =
    "was too long to be displayed.\nHere is a truncated version:\n<START_TOOL_OUTPUT>\n";
const END: &str = "\n<END_TOOL_OUTPUT>";

/// `text` as the display module reads what the version showed: the kept start clipped
/// (`<response clipped>`), or head and tail around OpenHands' cut-middle line (both ends
/// mid-line). `None`: not cut, or not one this can place.
pub(super) fn recut(text: &str, keep: Keep) -> Option<String> {
    let s = text.find(START)? + START.len();
    let kept = &text[s..s + text[s..].rfind(END)?];
    match keep {
        // A replacement character is a multibyte character the byte cut split: not the file's.
        Keep::Head => Some(format!(
            "{}<response clipped>",
            kept.trim_end_matches('\u{FFFD}')
        )),
        Keep::HeadAndTail if kept.is_ascii() => {
            let (head, tail) = kept.split_at(kept.len() / 2);
            Some(format!(
                "{head}\n[... Observation truncated due to length ...]\n{tail}"
            ))
        }
        Keep::HeadAndTail => None,
    }
}

#[cfg(test)]
mod tests;
