//! What a classic SWE-agent observation showed, as readcov reads outputs (a final line break ends
//! the last line): the line break 0.6 and 0.7 took off each output given back, and nothing of an
//! output of blank characters only (the model was sent the no-output template instead).

use super::Step;
use std::borrow::Cow;

/// The no-output template of every classic config (`next_step_no_output_template`), which a chat
/// row carries where the output had no character but blanks.
const NO_OUTPUT: &str = "Your command ran successfully and did not produce any output.";

/// Whether the model was sent none of `obs`: SWE-agent (0.x and 1.x alike) sends the no-output
/// template instead of an observation whose `strip()` is empty.
fn nothing(obs: &str) -> bool {
    let t = obs.trim();
    t.is_empty() || t == NO_OUTPUT
}

/// Whether the log's outputs lost their last line break. SWE-agent 0.6 and 0.7 (and the
/// Multi-SWE-bench fork of 0.6) store `"\n".join(decoded.splitlines())` of the shell's output
/// (`read_with_timeout_experimental`, the default `end-marker` reader since 0a4a9387, June 2024;
/// in 0.7 `read_with_timeout` too), which drops exactly the final line break; 0.1–0.5 stored
/// `buffer.decode()` whole. The log does not say which ran, its outputs do: a command's output
/// ends with a line break, so a log that kept them has most observations ending with one, and a
/// log that dropped it has one only where the output's last line was blank. An observation that
/// was not an output is not counted: a `submit`'s (the patch), and one the model was not sent.
pub(super) fn lost_last_break(steps: &[Step]) -> bool {
    let (mut kept, mut lost) = (0usize, 0usize);
    for s in steps {
        let Some(obs) = s.observation.as_deref() else {
            continue;
        };
        let submit = s
            .action
            .as_deref()
            .is_some_and(|a| a.lines().any(|l| l.trim() == "submit"));
        if submit || nothing(obs) {
            continue;
        }
        if obs.ends_with('\n') {
            kept += 1;
        } else {
            lost += 1;
        }
    }
    lost > kept
}

/// What the model was shown of `obs`: nothing when it was sent the no-output template; else, in
/// a log that lost each output's last line break (`lost`), the observation with it given back
/// where its last line is blank (`a⏎` stored for `a⏎⏎`: `a` and a blank line, the blank line
/// shown before the prompt); an observation ending in no line break reads the same either way.
pub(super) fn shown(obs: Cow<'_, str>, lost: bool) -> Cow<'_, str> {
    if nothing(&obs) {
        return Cow::Borrowed("");
    }
    if lost && obs.ends_with('\n') {
        let mut out = obs.into_owned();
        out.push('\n');
        return Cow::Owned(out);
    }
    obs
}
