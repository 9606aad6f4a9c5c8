//! The cuts of one tool each that are no marker inside the output but a template around it:
//! mini-swe-agent's observation (2.2.x `<exception>` first; 1.x's timeout) and Inspect AI's
//! `<START_TOOL_OUTPUT>` note. [`super::parts`] asks here; the common markers stay there.

/// Inspect's opening tag, searched by a prebuilt finder before [`inspect_truncated`] runs.
pub(super) const INSPECT_OPEN: &str = "<START_TOOL_OUTPUT>";

/// The observation from its `<returncode>` on, when it is mini-swe-agent's template (after an
/// `<exception>…</exception>` line, if any).
pub(super) fn mini_observation(output: &str) -> Option<&str> {
    let t = output.trim_start();
    let t = match t.strip_prefix("<exception>") {
        Some(rest) => {
            let e = rest.find("</exception>")?;
            rest[e + "</exception>".len()..].trim_start()
        }
        None => t,
    };
    t.starts_with("<returncode>").then_some(t)
}

/// mini-swe-agent 1.x's `timeout_template` (`agents/default.py`, 1.15.0): `The last command
/// <command>…</command> timed out and has been killed.\nThe output of the command was:\n
/// <output>\n{{output}}\n</output>\nPlease try another command …`: the output is what it printed
/// before it was killed, the rest is the template's.
pub(super) fn mini_v1_timeout(output: &str) -> Option<&str> {
    const START: &str =
        "timed out and has been killed.\nThe output of the command was:\n <output>\n";
    const END: &str = "\n</output>\nPlease try another command";
    if !output.starts_with("The last command <command>") {
        return None;
    }
    let s = output.find(START)? + START.len();
    let e = s + output[s..].rfind(END)?;
    Some(&output[s..e])
}

/// Inspect AI's cut (`truncate_tool_output`, `inspect_ai/model/_call_tools.py`): an output over
/// `max_tool_output` bytes (16 KiB by default) is replaced by `The output of your call to {tool}
/// was too long to be displayed.\nHere is a truncated version:\n<START_TOOL_OUTPUT>\n{kept}\n
/// <END_TOOL_OUTPUT>\n`. What `kept` is depends on the version (`_util/text.py`,
/// `truncate_string_to_bytes`): 0.3.77 keeps the first `max` bytes; 0.3.135 the first `max // 2`
/// bytes glued, with no mark, to the last `max - max // 2`. The first half of `kept` is the
/// output's start in both, so only it counts as shown (its last line maybe in part): never more
/// than the tool showed, whichever version wrote the log.
pub(super) fn inspect_truncated(output: &str) -> Option<&str> {
    const START: &str =
        "was too long to be displayed.\nHere is a truncated version:\n<START_TOOL_OUTPUT>\n";
    const END: &str = "\n<END_TOOL_OUTPUT>";
    let s = output.find(START)? + START.len();
    let kept = &output[s..s + output[s..].rfind(END)?];
    let mut half = kept.len() / 2;
    while !kept.is_char_boundary(half) {
        half -= 1;
    }
    Some(&kept[..half])
}

/// Codex's header before an output it cut (`formatted_truncate_text` of codex-rs, 0.125 as its
/// rollouts show; later builds first write `Warning: truncated output (original token count: N)`):
/// `Total output lines: N` and a blank line. `(N, the output after it)`; N is
/// `content.lines().count()` of the whole output.
pub(crate) fn codex_total(output: &str) -> Option<(u64, &str)> {
    let rest = output
        .strip_prefix("Warning: truncated output (original token count: ")
        .and_then(|r| r.split_once(")\n"))
        .map_or(output, |(_, r)| r);
    let r = rest.strip_prefix("Total output lines: ")?;
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    let n = r[..digits].parse().ok()?;
    Some((n, r[digits..].strip_prefix("\n\n")?))
}
