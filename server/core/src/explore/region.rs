//! A region as an explorer or the benchmark wrote it, before `resolve` turns its bounds into
//! lines: what the JSON fields (`fields`), the text form (`text`) and the rows (`input`) all build.

/// A raw region as written: 1-based inclusive; `end = -1` is the end of the file and a negative
/// `start` counts from the end (both resolved later, see [`super::resolve`](mod@super::resolve)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub path: String,
    pub start: i64,
    pub end: i64,
}

impl Region {
    pub fn new(path: &str, start: i64, end: i64) -> Region {
        Region {
            path: path.to_string(),
            start,
            end,
        }
    }
}
