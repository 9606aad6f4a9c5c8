//! The gold line: [`scan_gold`] takes the usual line whole or declines it.

use super::keys::{line_no, BASE, END, ORIGIN, PATH, REQUIREMENT, START, TASK, TIER};
use super::scanner::{scan_object, Val};
use crate::span::Tier;

/// A gold line as written, strings borrowed: what [`scan_gold`] takes.
#[derive(Debug, PartialEq)]
pub(crate) struct RawGold<'a> {
    pub task: Option<&'a str>,
    pub path: &'a str,
    pub start: u32,
    pub end: u32,
    pub tier: Tier,
    pub requirement: Option<&'a str>,
}

/// The usual gold line (task, path, start, end, tier, requirement; plain strings, a non-empty
/// string task, unsigned integers, `null` for an absent optional; `origin` and `base` skipped),
/// or `None` for the checked path to take, which also words every error. Ranges are not judged
/// here.
pub(crate) fn scan_gold(line: &str) -> Option<RawGold<'_>> {
    let mut raw = RawGold {
        task: None,
        path: "",
        start: 0,
        end: 0,
        tier: Tier::Core,
        requirement: None,
    };
    let seen = scan_object(line, |key, v| {
        Some(match (key, v) {
            (PATH, Val::Str(s)) => {
                raw.path = s;
                0
            }
            (START, v) => {
                raw.start = line_no(v)?;
                1
            }
            (END, v) => {
                raw.end = line_no(v)?;
                2
            }
            (TASK, Val::Str(s)) if !s.is_empty() => {
                raw.task = Some(s);
                3
            }
            (TASK, Val::Null) => 3,
            (TIER, Val::Null | Val::Str("core")) => 4,
            (TIER, Val::Str("optional")) => {
                raw.tier = Tier::Optional;
                4
            }
            (REQUIREMENT, Val::Str(s)) => {
                raw.requirement = Some(s);
                5
            }
            (REQUIREMENT, Val::Null) => 5,
            // What `readcov gold` writes beside the span, which the span parsers do not keep (the
            // checked path takes any JSON there): where the lines came from, and the base file
            // (a side pass reads it, `base::parse_row_bases`). Every line `readcov gold` writes
            // has an `origin`: declining it sent all of them to the checked path.
            (ORIGIN | BASE, _) => 6 + u16::from(key == BASE),
            _ => return None,
        })
    })?;
    (seen & 0b111 == 0b111).then_some(raw)
}
