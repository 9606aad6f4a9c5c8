//! What Gemini CLI adds to a tool's text that is not the file's or the command's: the project
//! context it appends after a read, the warning before a cut file of `read_many_files`, and the
//! marker where it cut a long shell output (`@google/gemini-cli-core` 0.9.0 and 0.35.0, the
//! versions of the shipped samples' dates).

use std::borrow::Cow;

/// `appendJitContext` (`tools/jit-context.js`, 0.35.0): `${llmContent}\n\n--- Newly Discovered
/// Project Context ---\n${context}\n--- End Project Context ---` after a `read_file` (and the
/// same block as the last part of `read_many_files`). The context is GEMINI.md text, not the file.
const JIT: &str = "\n\n--- Newly Discovered Project Context ---\n";

/// The text before Gemini CLI's project-context block (the whole text when it has none).
pub(super) fn without_context(out: &str) -> &str {
    match out.rfind(JIT) {
        Some(i) if out[i..].trim_end().ends_with("--- End Project Context ---") => &out[..i],
        _ => out,
    }
}

/// `read_many_files` puts this before a file it cut to its first lines (`tools/read-many-files.js`,
/// 0.9.0 and 0.35.0), then a blank line, then the file's text from line 1.
pub(super) const CUT_FILE: &str = "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\n";

/// A shell output Gemini CLI cut, with its marker rewritten as the display module's marker of the
/// same meaning (`display.rs` reads every format's outputs, so a Gemini-only marker stays here):
/// - 0.35.0 `formatTruncatedToolOutput` (`utils/fileUtils.js`, over 40,000 characters): the
///   first and last characters, `${head}\n\n... [N characters omitted] ...\n\n${tail}`, both ends
///   mid-line — OpenHands' `[... Observation truncated due to length ...]` means just that;
/// - 0.9.0 `truncateAndSaveToFile` (`core/coreToolScheduler.js`): whole first and last lines,
///   `${head}\n... [CONTENT TRUNCATED] ...\n${tail}` — a tail after Claude Code's line marker.
pub(super) fn shell_cut(body: &str) -> Cow<'_, str> {
    if let Some((i, len)) = chars_omitted(body) {
        let (head, tail) = (&body[..i], &body[i + len..]);
        return Cow::Owned(format!(
            "{head}\n[... Observation truncated due to length ...]\n{tail}"
        ));
    }
    const LINES: &str = "\n... [CONTENT TRUNCATED] ...\n";
    if let Some(i) = body.find(LINES) {
        let (head, tail) = (&body[..i], &body[i + LINES.len()..]);
        return Cow::Owned(format!("{head}\n\n... [1 lines truncated] ...\n{tail}"));
    }
    Cow::Borrowed(body)
}

/// Where `\n\n... [N characters omitted] ...\n\n` is (N written with thousands separators).
fn chars_omitted(body: &str) -> Option<(usize, usize)> {
    let i = body.find("\n\n... [")?;
    let rest = &body[i + "\n\n... [".len()..];
    let n = rest
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b',')
        .count();
    let end = " characters omitted] ...\n\n";
    (n > 0 && rest[n..].starts_with(end)).then(|| (i, "\n\n... [".len() + n + end.len()))
}

#[cfg(test)]
mod tests;
