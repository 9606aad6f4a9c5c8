//! Several `search_file` / `search_dir` commands in one action (`search_file "a"` then
//! `search_file "b"`): the commands run one after the other, and each closes its output with a
//! line of its own — `End of matches for "…" in …` after its matches, or `No matches found for
//! "…" in …` alone — so the observation is cut after each such line, one output per command.

use super::parts::{verb, Part};

/// The outputs of `parts`, when every part is a `search_file` or `search_dir` and `obs` holds
/// exactly one closing line per part, in order (the last output keeps what follows its closing
/// line only when that is blank); else `None` (a usage error, a `More than 100 files matched`
/// answer: outputs that cannot be told apart).
pub(super) fn outputs<'o>(parts: &[Part], obs: &'o str) -> Option<Vec<&'o str>> {
    let all_searches = parts
        .iter()
        .all(|p| matches!(p, Part::Tool(t) if matches!(verb(t), "search_file" | "search_dir")));
    if parts.len() < 2 || !all_searches {
        return None;
    }
    let mut out = Vec::with_capacity(parts.len());
    let mut start = 0;
    let mut at = 0;
    for line in obs.split_inclusive('\n') {
        at += line.len();
        if line.starts_with("End of matches for \"") || line.starts_with("No matches found for \"")
        {
            out.push(&obs[start..at]);
            start = at;
        }
    }
    (out.len() == parts.len() && obs[start..].trim().is_empty()).then_some(out)
}

#[cfg(test)]
mod tests;
