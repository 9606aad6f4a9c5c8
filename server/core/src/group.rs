//! Grouping reads rows by (task, run) without a string comparison tree per row: rows of one run
//! usually sit together in a file, so a row whose key equals the previous row's joins that group
//! at once; other rows go through a hash map. Groups come out sorted by key, rows in file order.
//! (A `BTreeMap<(&str, &str), _>` entry per row cost ~16 string comparisons each: profiled as
//! the largest single item of `readcov score` on the SWE-Explore-scale corpus.)

use crate::span::ReadSpan;
use std::collections::HashMap;

pub type Key<'a> = (&'a str, &'a str);

/// Groups `rows` by (task, run); `keep` picks which rows are stored, but every key seen gets a
/// group (a run whose rows were all filtered out still exists).
pub fn by_task_run<'a>(
    rows: impl IntoIterator<Item = &'a ReadSpan>,
    keep: impl Fn(&ReadSpan) -> bool,
) -> Vec<(Key<'a>, Vec<&'a ReadSpan>)> {
    let mut groups: Vec<(Key<'a>, Vec<&'a ReadSpan>)> = Vec::new();
    let mut index: HashMap<Key<'a>, usize> = HashMap::new();
    let mut last: Option<usize> = None;
    for r in rows {
        let key = (r.task.as_str(), r.run.as_str());
        let g = match last.filter(|&i| groups[i].0 == key) {
            Some(i) => i,
            None => *index.entry(key).or_insert_with(|| {
                groups.push((key, Vec::new()));
                groups.len() - 1
            }),
        };
        last = Some(g);
        if keep(r) {
            groups[g].1.push(r);
        }
    }
    groups.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    groups
}

#[cfg(test)]
mod tests;
