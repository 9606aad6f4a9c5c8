//! Keys as packed integers ([`key_code`]) and the conversions from a scanned value to a
//! field's type.

use super::scanner::Val;
use crate::row::Id;
use std::borrow::Cow;

pub(super) const fn is_requirement(k: &[u8]) -> bool {
    let want = b"requirement";
    let mut i = 0;
    while i < want.len() {
        if k[i] != want[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// 8 bytes of `b` from `at`, little-endian; `None` past the end.
#[inline]
pub(super) fn word(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

/// A key of up to 8 bytes as one integer (little-endian, zero-padded), so a key is matched in
/// one comparison instead of a string compare per candidate; `requirement` is [`REQUIREMENT`],
/// other longer keys are 0 (as the empty key: neither is known).
pub(crate) const fn key_code(k: &[u8]) -> u64 {
    if k.len() > 8 {
        return if k.len() == 11 && is_requirement(k) {
            REQUIREMENT
        } else {
            0
        };
    }
    let mut code = 0u64;
    let mut i = 0;
    while i < k.len() {
        code |= (k[i] as u64) << (8 * i);
        i += 1;
    }
    code
}

pub(super) const PATH: u64 = key_code(b"path");
pub(super) const START: u64 = key_code(b"start");
pub(super) const END: u64 = key_code(b"end");
pub(super) const TASK: u64 = key_code(b"task");
pub(super) const RUN: u64 = key_code(b"run");
pub(super) const TURN: u64 = key_code(b"turn");
pub(super) const STEP: u64 = key_code(b"step");
pub(super) const TOOL: u64 = key_code(b"tool");
pub(super) const COMMAND: u64 = key_code(b"command");
pub(super) const SOURCE: u64 = key_code(b"source");
pub(super) const KIND: u64 = key_code(b"kind");
pub(super) const TIER: u64 = key_code(b"tier");
pub(super) const BASE: u64 = key_code(b"base");
pub(super) const ORIGIN: u64 = key_code(b"origin");
/// The one known key longer than 8 bytes gets a code no packed key has: eight 0xFF bytes are
/// not UTF-8, so no key of 8 bytes or less packs to it.
pub(super) const REQUIREMENT: u64 = u64::MAX;

pub(super) fn line_no(v: Val) -> Option<u32> {
    match v {
        Val::Int(n) => u32::try_from(n).ok(),
        _ => None,
    }
}

pub(super) fn opt_count(v: Val) -> Option<Option<u32>> {
    match v {
        Val::Null => Some(None),
        Val::Int(n) => u32::try_from(n).ok().map(Some),
        _ => None,
    }
}

pub(super) fn opt_str(v: Val) -> Option<Option<Cow<str>>> {
    match v {
        Val::Null => Some(None),
        v => v.text().map(Some),
    }
}

/// Ids given as numbers are left to serde (they are rare, and it renders them).
pub(super) fn opt_id(v: Val) -> Option<Option<Id>> {
    match v {
        Val::Null => Some(None),
        v => v.text().filter(|s| !s.is_empty()).map(|s| Some(Id(s))),
    }
}
