//! What a file that is no agent log looks like, when it is one readcov reads elsewhere: the
//! SWE-bench harness's outputs (a report, its test output, its script, a submission's metadata)
//! and a unified diff (the harness's `patch.diff`). `readcov import` names it and where it goes,
//! instead of only listing the formats it is none of.

use readcov_core::stages::{is_report_object, is_report_text, HarnessFile};
use serde_json::Value;

/// `looks like …: give …` for `text`, when it is one of those.
pub fn what_it_is(text: &str) -> Option<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    if first.starts_with("diff ") || first.starts_with("--- ") || first.starts_with("Index: ") {
        return Some(
            "looks like a unified diff: give it as `--gold` if it is the fix; a model's patch \
             (the SWE-bench harness's `patch.diff`) goes to `readcov diagnose --patches` as \
             SWE-bench predictions"
                .into(),
        );
    }
    let report = match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(o)) => is_report_object(&o),
        Ok(_) => false,
        Err(_) => is_report_text(text),
    };
    if report {
        return Some(
            "looks like a SWE-bench harness report: give it as `--outcomes` (resolved per task) \
             or to `readcov diagnose --test-report`"
                .into(),
        );
    }
    let file = HarnessFile::of_text(text)?;
    Some(format!(
        "looks like {}: {}",
        file.looks_like(),
        file.goes_to()
    ))
}

#[cfg(test)]
mod tests;
