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
mod tests {
    use super::*;
    use crate::formats::parse_reads;
    use std::collections::BTreeMap;

    #[test]
    fn same_groups_as_a_btreemap_in_any_order() {
        let mut text = String::new();
        // Interleaved and repeated keys, runs whose rows are all filtered out, a lone row.
        for i in 0..200u32 {
            let (t, r) = (i % 7, (i / 3) % 4);
            text += &format!(
                "{{\"task\":\"t{t}\",\"run\":\"r{r}\",\"path\":\"p{}.py\",\"start\":{},\"end\":{}}}\n",
                i % 3,
                i + 1,
                i + 2
            );
        }
        let reads = parse_reads(text.as_bytes(), "r.jsonl", None).items;
        let keep = |r: &ReadSpan| !r.start.is_multiple_of(5) && r.task != "t6";
        let got = by_task_run(&reads, keep);
        let mut want: BTreeMap<Key, Vec<&ReadSpan>> = BTreeMap::new();
        for r in &reads {
            let e = want.entry((r.task.as_str(), r.run.as_str())).or_default();
            if keep(r) {
                e.push(r);
            }
        }
        let want: Vec<(Key, Vec<&ReadSpan>)> = want.into_iter().collect();
        assert_eq!(got, want);
        assert!(got.iter().any(|(k, v)| k.0 == "t6" && v.is_empty()));
    }
}
