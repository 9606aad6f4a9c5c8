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
