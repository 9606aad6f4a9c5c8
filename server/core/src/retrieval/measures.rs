//! IR measures of one ranked list against binary relevance, named and defined as ir_measures
//! names them and trec_eval (its pytrec_eval backend) computes them: `P@k`, `R@k`, `nDCG@k`,
//! `Success@k`, `RR` and `AP`. Ranks in, measures out; no IO.
//!
//! A ranking is given as runs of consecutive documents that are all relevant or all not
//! ([`Judged`]), so a level where every line is a document (a 400-line chunk is 400 documents)
//! costs one entry per run, not per line. Definitions (R = relevant documents in the qrels,
//! positions 1-based, rel_i = 1 when the document at position i is relevant):
//!
//! - `P@k` = |relevant in the first k| / k (k, not the number retrieved: trec_eval's `P_k`)
//! - `R@k` = |relevant in the first k| / R (`recall_k`)
//! - `Success@k` = 1 when a relevant document is in the first k (`success_k`)
//! - `RR` = 1 / position of the first relevant document, 0 when none is retrieved (`recip_rank`)
//! - `AP` = (1/R) Σ over relevant positions i of |relevant in the first i| / i (`map`)
//! - `nDCG@k` = Σ_{i≤k} rel_i / log2(i+1) ÷ Σ_{i≤min(R,k)} 1 / log2(i+1) (`ndcg_cut_k`, gain 1)
//!
//! A query with no relevant document has no measures (`None`): trec_eval leaves it out too.

use std::collections::BTreeMap;

/// `len` consecutive ranked documents, all relevant or all not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub len: u64,
    pub relevant: bool,
}

/// Measures by their ir_measures name (`R@5`, `nDCG@10`, `RR`, …).
pub type Measures = BTreeMap<String, f64>;

/// The measures with a cutoff, in the order they are listed (each is named `NAME@k`).
pub const AT_K: [&str; 4] = ["R", "P", "nDCG", "Success"];
/// The measures without a cutoff.
pub const WHOLE: [&str; 2] = ["RR", "AP"];

/// Every measure name for `ks`, in a fixed order: per k the cutoff measures, then `RR`, `AP`.
pub fn names(ks: &[u32]) -> Vec<String> {
    let mut out: Vec<String> = ks
        .iter()
        .flat_map(|k| AT_K.iter().map(move |m| format!("{m}@{k}")))
        .collect();
    out.extend(WHOLE.iter().map(|m| m.to_string()));
    out
}

/// The measures of `ranking` (best first) against `relevant_total` relevant documents, for
/// each k of `ks`. `None` when nothing is relevant (the query is not scored at this level).
pub fn measures(ranking: &[Judged], relevant_total: u64, ks: &[u32]) -> Option<Measures> {
    if relevant_total == 0 {
        return None;
    }
    let r = relevant_total as f64;
    let mut out = Measures::new();
    for &k in ks {
        let hits = relevant_within(ranking, u64::from(k));
        out.insert(format!("R@{k}"), hits as f64 / r);
        out.insert(format!("P@{k}"), hits as f64 / f64::from(k));
        out.insert(
            format!("nDCG@{k}"),
            ndcg(ranking, relevant_total, u64::from(k)),
        );
        out.insert(format!("Success@{k}"), if hits > 0 { 1.0 } else { 0.0 });
    }
    let (mut first, mut ap_sum, mut seen, mut pos) = (None, 0.0, 0u64, 0u64);
    for j in ranking {
        if j.relevant {
            first.get_or_insert(pos + 1);
            // Summed position by position, in rank order, as trec_eval sums it.
            for i in 1..=j.len {
                ap_sum += (seen + i) as f64 / (pos + i) as f64;
            }
            seen += j.len;
        }
        pos += j.len;
    }
    out.insert("RR".into(), first.map_or(0.0, |p| 1.0 / p as f64));
    out.insert("AP".into(), ap_sum / r);
    Some(out)
}

/// Relevant documents among the first `k` positions.
fn relevant_within(ranking: &[Judged], k: u64) -> u64 {
    let (mut pos, mut hits) = (0u64, 0u64);
    for j in ranking {
        if pos >= k {
            break;
        }
        let take = j.len.min(k - pos);
        if j.relevant {
            hits += take;
        }
        pos += take;
    }
    hits
}

/// trec_eval's `ndcg_cut_k` with gain 1: DCG summed in rank order over the first k positions,
/// divided by the ideal DCG (the min(R, k) relevant documents first).
fn ndcg(ranking: &[Judged], relevant_total: u64, k: u64) -> f64 {
    let discount = |i: u64| 1.0 / ((i + 1) as f64).log2();
    let (mut dcg, mut pos) = (0.0, 0u64);
    for j in ranking {
        if pos >= k {
            break;
        }
        let take = j.len.min(k - pos);
        if j.relevant {
            for i in pos + 1..=pos + take {
                dcg += discount(i);
            }
        }
        pos += take;
    }
    let ideal: f64 = (1..=relevant_total.min(k)).map(discount).sum();
    dcg / ideal
}

/// The mean of each measure over the queries that have it (`None` when none has).
pub fn mean<'a>(rows: impl IntoIterator<Item = Option<&'a Measures>>) -> Option<Measures> {
    let mut sums: BTreeMap<&str, (f64, u64)> = BTreeMap::new();
    for m in rows.into_iter().flatten() {
        for (name, v) in m {
            let e = sums.entry(name.as_str()).or_default();
            e.0 += v;
            e.1 += 1;
        }
    }
    if sums.is_empty() {
        return None;
    }
    Some(
        sums.into_iter()
            .map(|(name, (sum, n))| (name.to_string(), sum / n as f64))
            .collect(),
    )
}

/// Documents with a rank each (ties allowed, a document possibly several times), ordered as a
/// ranked list: each document once at its best rank, by rank, ties in the documents' own order
/// (reading order for paths and lines). Callers write this order out with distinct scores, so
/// a TREC tool sees the same list whatever its own tie-breaking.
pub fn best_ranks<D: Ord>(docs: impl IntoIterator<Item = (D, u32)>) -> Vec<(D, u32)> {
    let mut best: BTreeMap<D, u32> = BTreeMap::new();
    for (d, r) in docs {
        best.entry(d).and_modify(|b| *b = (*b).min(r)).or_insert(r);
    }
    let mut out: Vec<(D, u32)> = best.into_iter().collect();
    // Stable: equal ranks keep the map's (document) order.
    out.sort_by_key(|(_, r)| *r);
    out
}

#[cfg(test)]
mod tests;
