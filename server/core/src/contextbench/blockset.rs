//! A set of blocks (file, kind, start byte, end byte) kept per file, each file's blocks a sorted
//! list without repeats. It answers what the scoring asks of a set of blocks — how many, how many
//! in common, the union — with the answers of a `BTreeSet<Block>` (test `blockset::tests`), at a
//! fraction of its cost: a `BTreeSet<Block>` compared the file's name (an `Rc<str>`, by content)
//! at every step of every insert and lookup, ~9% of a real-size `contextbench` run's
//! instructions (docs/performance.md, session 39).

use super::source::Block;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A block of one file: start, end, kind. Ordered by the bytes first: two blocks rarely share
/// both, so the kind's text is seldom compared.
type Span = (i64, i64, &'static str);

/// Blocks per file, each list sorted and without repeats.
#[derive(Clone, Debug, Default)]
pub struct BlockSet {
    files: BTreeMap<Rc<str>, Vec<Span>>,
    len: usize,
}

impl BlockSet {
    /// The number of distinct blocks.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds blocks of `file` (any order, repeats allowed).
    pub fn add_file(&mut self, file: Rc<str>, mut spans: Vec<Span>) {
        if spans.is_empty() {
            return;
        }
        spans.sort_unstable();
        spans.dedup();
        self.merge_file(file, spans);
    }

    /// Adds every block of `other`.
    pub fn extend(&mut self, other: &BlockSet) {
        for (file, spans) in &other.files {
            self.merge_file(file.clone(), spans.clone());
        }
    }

    /// Adds a sorted list without repeats to `file`'s.
    fn merge_file(&mut self, file: Rc<str>, spans: Vec<Span>) {
        let n = spans.len();
        match self.files.get_mut(&file) {
            None => {
                self.len += n;
                self.files.insert(file, spans);
            }
            Some(cur) => {
                let before = cur.len();
                *cur = union(cur, &spans);
                self.len += cur.len() - before;
            }
        }
    }

    /// How many blocks both sets hold.
    pub fn common(&self, other: &BlockSet) -> usize {
        let (small, big) = if self.files.len() <= other.files.len() {
            (self, other)
        } else {
            (other, self)
        };
        small
            .files
            .iter()
            .filter_map(|(f, a)| big.files.get(f).map(|b| common(a, b)))
            .sum()
    }

    /// Every block, in `BTreeSet<Block>`'s order (for tests and callers that need the blocks).
    pub fn to_blocks(&self) -> Vec<Block> {
        let mut out: Vec<Block> = (self.files.iter())
            .flat_map(|(f, v)| v.iter().map(|&(s, e, k)| (f.clone(), k, s, e)))
            .collect();
        out.sort();
        out
    }
}

/// The union of two sorted lists without repeats.
fn union(a: &[Span], b: &[Span]) -> Vec<Span> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// How many items two sorted lists without repeats share.
fn common(a: &[Span], b: &[Span]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests;
