//! Syntax units of an open document (functions, classes, …) from `readcov-units`.
//!
//! Parsing is kept off the `didChange` → diagnostics path: an edit only shifts the known unit
//! lines through it (cheap) and marks them stale; the server re-parses the latest text on a
//! blocking thread shortly after the last edit and refreshes hints and lenses. (Re-parsing a
//! 20,000-line file on every keystroke cost far more than the 5 ms budget.) Files in a language
//! without a grammar have no units; the views then fall back to one unit per gold span.

use crate::view::UnitSpan;
use readcov_units::{lang_for_file, Lang, Unit};

pub struct Units {
    pub lang: Option<Lang>,
    pub spans: Vec<UnitSpan>,
    /// The spans were shifted through edits and await a re-parse.
    pub stale: bool,
    /// Bumped whenever `spans` change (a view computed from older spans is outdated).
    pub epoch: u64,
}

impl Units {
    pub fn new(path: Option<&str>, text: &str) -> Units {
        // By extension, except that a `.h` holding C++ is C++.
        let lang = path.and_then(|p| lang_for_file(p, text));
        let spans = lang.map(|l| parse(l, text)).unwrap_or_default();
        Units {
            lang,
            spans,
            stale: false,
            epoch: 0,
        }
    }

    pub fn has_lang(&self) -> bool {
        self.lang.is_some()
    }

    /// Lines `sl..=el` (0-based) became `sl..=sl+added`: later lines move by the difference.
    pub fn shift(&mut self, sl: u32, el: u32, added: u32) {
        if self.lang.is_none() {
            return;
        }
        let delta = i64::from(added) - i64::from(el - sl);
        let (sl1, el1) = (i64::from(sl) + 1, i64::from(el) + 1); // 1-based
        let mv = |line: u32| {
            let l = i64::from(line);
            let moved = if l > el1 {
                l + delta
            } else if l > sl1 {
                (sl1 + i64::from(added)).min(l)
            } else {
                l
            };
            u32::try_from(moved.max(1)).unwrap_or(1)
        };
        for u in &mut self.spans {
            u.start = mv(u.start);
            u.end = mv(u.end).max(u.start);
        }
        self.stale = true;
        self.epoch += 1;
    }

    /// The spans of a fresh parse of the current text.
    pub fn replace(&mut self, spans: Vec<UnitSpan>) {
        self.spans = spans;
        self.stale = false;
        self.epoch += 1;
    }
}

/// Units of a whole text (a fresh parse), 1-based inclusive lines.
pub fn parse(lang: Lang, text: &str) -> Vec<UnitSpan> {
    readcov_units::units(lang, text)
        .map(|r| to_spans(&r.units))
        .unwrap_or_default()
}

fn to_spans(units: &[Unit]) -> Vec<UnitSpan> {
    units
        .iter()
        .map(|u| UnitSpan {
            kind: u.kind.clone(),
            name: u.name.clone(),
            start: u.start,
            end: u.end,
        })
        .collect()
}
