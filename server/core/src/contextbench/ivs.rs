//! The reference evaluator's interval arithmetic on inclusive `(start, end)` ranges of lines or
//! bytes: ranges are merged when they overlap or touch (`next.start <= last.end + 1`), sizes are
//! counted after merging, per file. Signed, because the reference accepts what it is given.

use std::collections::BTreeMap;

/// An inclusive range of lines or bytes.
pub type Iv = (i64, i64);

/// Ranges per file (file → merged ranges, in order).
pub type PerFile = BTreeMap<String, Vec<Iv>>;

/// Sorts and merges ranges that overlap or touch.
pub fn merge(mut ivs: Vec<Iv>) -> Vec<Iv> {
    ivs.sort_unstable();
    let mut out: Vec<Iv> = Vec::with_capacity(ivs.len());
    for (s, e) in ivs {
        match out.last_mut() {
            Some(last) if s <= last.1.saturating_add(1) => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Total size of merged ranges.
pub fn length(merged: &[Iv]) -> i64 {
    merged.iter().map(|(s, e)| e - s + 1).sum()
}

/// Size of the intersection of two merged range lists.
pub fn intersect_size(a: &[Iv], b: &[Iv]) -> i64 {
    let (mut i, mut j, mut total) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        let (s, e) = (a[i].0.max(b[j].0), a[i].1.min(b[j].1));
        if s <= e {
            total += e - s + 1;
        }
        match a[i].1.cmp(&b[j].1) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    total
}

/// Total size over files.
pub fn total(map: &PerFile) -> i64 {
    map.values().map(|v| length(v)).sum()
}

/// Total intersection over files.
pub fn inter_total(a: &PerFile, b: &PerFile) -> i64 {
    a.iter()
        .filter_map(|(f, x)| b.get(f).map(|y| intersect_size(x, y)))
        .sum()
}

/// Adds `more` to the ranges of `map`, per file, merging.
pub fn union_into(map: &mut PerFile, more: &PerFile) {
    for (f, ivs) in more {
        let cur = map.entry(f.clone()).or_default();
        cur.extend_from_slice(ivs);
        *cur = merge(std::mem::take(cur));
    }
}

/// Groups `(file, range)` pairs into merged ranges per file.
pub fn per_file<'a>(items: impl IntoIterator<Item = (&'a str, Iv)>) -> PerFile {
    let mut map: PerFile = BTreeMap::new();
    for (f, iv) in items {
        // The name copied only for a new file (`entry` takes an owned key: a copy per range).
        match map.get_mut(f) {
            Some(v) => v.push(iv),
            None => {
                map.insert(f.to_string(), vec![iv]);
            }
        }
    }
    for v in map.values_mut() {
        *v = merge(std::mem::take(v));
    }
    map
}

/// The intersection of two merged range lists, as ranges.
pub fn intersect(a: &[Iv], b: &[Iv]) -> Vec<Iv> {
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        let (s, e) = (a[i].0.max(b[j].0), a[i].1.min(b[j].1));
        if s <= e {
            out.push((s, e));
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// Per-file intersection of two maps.
pub fn intersect_map(a: &PerFile, b: &PerFile) -> PerFile {
    a.iter()
        .filter_map(|(f, x)| {
            let v = intersect(x, b.get(f)?);
            (!v.is_empty()).then(|| (f.clone(), v))
        })
        .collect()
}
