//! The gold JSONL parser: the scanner's fast path first, the checked path for each line it
//! declines; names shared across lines.

use super::{no_check, parse_lines_into, Fields, InputError, Parsed, PathCheck};
use crate::name::{Name, Names};
use crate::path::normalize_path;
use crate::span::{GoldSpan, Tier, DEFAULT_ID};
use std::cell::RefCell;
use std::collections::HashMap;

/// Parses a gold JSONL file.
pub fn parse_gold(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<GoldSpan> {
    parse_gold_checked(bytes, file, workspace, &no_check)
}

/// [`parse_gold`] with a [`PathCheck`] on every accepted path.
pub fn parse_gold_checked(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    check: PathCheck,
) -> Parsed<GoldSpan> {
    parse_gold_impl(bytes, file, workspace, true, check)
}

/// [`parse_gold`] with the scanner's fast path on or off; both must give the same result
/// (tests/formats_cases.rs and the `gold` fuzz target hold them to it).
#[doc(hidden)]
pub fn parse_gold_with(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    fast: bool,
) -> Parsed<GoldSpan> {
    parse_gold_impl(bytes, file, workspace, fast, &no_check)
}

fn parse_gold_impl(
    bytes: &[u8],
    file: &str,
    workspace: Option<&str>,
    fast: bool,
    check: PathCheck,
) -> Parsed<GoldSpan> {
    let mut out = Parsed::default();
    // One shared copy of each task and path for the whole file (the spans were ~150 bytes each
    // with their own strings; issue 35, item 7).
    let names = RefCell::new(GoldNames::default());
    let fast = |t: &str| {
        fast.then(|| fast_gold(t, workspace, check, &mut names.borrow_mut()))
            .flatten()
    };
    parse_lines_into(bytes, 1, file, &mut out, fast, |f| {
        gold_record(f, workspace, check, &mut names.borrow_mut())
    });
    out
}

/// The names of one gold file: tasks and paths interned, and each raw path's normalised and
/// checked form worked out once (`None`: declined, the checked path words why).
#[derive(Default)]
struct GoldNames {
    names: Names,
    paths: HashMap<Box<str>, Option<Name>>,
}

impl GoldNames {
    fn path(&mut self, raw: &str, workspace: Option<&str>, check: PathCheck) -> Option<Name> {
        if let Some(p) = self.paths.get(raw) {
            return p.clone();
        }
        let path = normalize_path(raw, workspace)
            .ok()
            .filter(|p| check(p).is_ok());
        let path = path.map(|p| self.names.take(p));
        self.paths.insert(raw.into(), path.clone());
        path
    }
}

/// The gold span on a usual line, or `None` for the checked path to look at it.
fn fast_gold(
    text: &str,
    workspace: Option<&str>,
    check: PathCheck,
    names: &mut GoldNames,
) -> Option<GoldSpan> {
    let raw = crate::scan::scan_gold(text)?;
    if raw.start < 1 || raw.end < raw.start {
        return None;
    }
    let path = names.path(raw.path, workspace, check)?;
    Some(GoldSpan {
        task: names.names.get(raw.task.unwrap_or(DEFAULT_ID)),
        path,
        start: raw.start,
        end: raw.end,
        tier: raw.tier,
        requirement: raw.requirement.map(|r| names.names.get(r)),
    })
}

/// One gold line on the checked path.
fn gold_record(
    f: &Fields,
    workspace: Option<&str>,
    check: PathCheck,
    names: &mut GoldNames,
) -> Result<GoldSpan, InputError> {
    let (start, end) = f.lines()?;
    let tier = match f.opt_string("tier")? {
        None | Some("core") => Tier::Core,
        Some("optional") => Tier::Optional,
        Some(t) => return Err(f.err("tier", format!("`{t}` is not core or optional"))),
    };
    let names = &mut names.names;
    Ok(GoldSpan {
        task: names.take(f.id("task")?),
        path: names.take(f.checked_path(workspace, check)?),
        start,
        end,
        tier,
        requirement: f.opt_string("requirement")?.map(|r| names.get(r)),
    })
}
