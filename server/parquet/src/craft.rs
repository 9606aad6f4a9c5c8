//! Hand-made Parquet files for tests and fuzzing (test-only, though compiled in every build): any schema (5,000 nested
//! groups, inconsistent children counts) and dictionary-encoded byte-array columns whose pages
//! declare what the caller says — the hostile shapes no well-behaved writer would produce, made
//! without the `parquet` crate's writer (which would refuse or overflow on them itself). Also the
//! fuzz target's input mapping (`from_bytes`) and invariants (`check_rows`).

use crate::{ParquetLimits, ParquetRowsError, Rows};

mod file;
mod thrift;
pub use file::file;
use thrift::varint;

/// One schema element, in depth-first order: a group (`children > 0`) or a leaf column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    /// Children that follow (groups); 0 for a leaf.
    pub children: i32,
    /// 0 required, 1 optional, 2 repeated (ignored on the root).
    pub repetition: i32,
}

impl Element {
    pub fn group(name: &str, children: i32) -> Element {
        Element {
            name: name.to_string(),
            children,
            repetition: 0,
        }
    }
    pub fn leaf(name: &str) -> Element {
        Element {
            name: name.to_string(),
            children: 0,
            repetition: 0,
        }
    }
}

/// One column chunk: a PLAIN dictionary page of `dictionary`, then data pages of
/// RLE_DICTIONARY indices ([`Page`]). `declared_uncompressed` overrides every data page's
/// uncompressed size and `codec` the chunk's compression (a page declaring a gigabyte need not
/// hold one: the shape check reads headers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub dictionary: Vec<Vec<u8>>,
    pub pages: Vec<Page>,
    pub codec: i32,
    pub declared_uncompressed: Option<i32>,
}

/// A data page: its value count and its body (the indices, bit width byte first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub rows: u32,
    pub body: Vec<u8>,
    /// The page's encoding (8 RLE_DICTIONARY; 0 PLAIN, 6 DELTA_LENGTH_BYTE_ARRAY, …).
    pub encoding: i32,
}

impl Page {
    /// `rows` indices, all 0 (the dictionary's first entry): one RLE run, a few bytes.
    pub fn zeros(rows: u32) -> Page {
        let mut body = vec![1u8];
        varint(&mut body, u64::from(rows) << 1);
        body.push(0);
        Page {
            rows,
            body,
            encoding: 8,
        }
    }

    /// `groups × 8` indices bit-packed at `bit_width` bits (a width past 32 is malformed: the
    /// `parquet` crate's bit reader asserts on it, a panic mid-file).
    pub fn bit_packed(bit_width: u8, groups: u32) -> Page {
        let mut body = vec![bit_width];
        varint(&mut body, (u64::from(groups) << 1) | 1);
        body.resize(body.len() + groups as usize * usize::from(bit_width), 0);
        Page {
            rows: groups * 8,
            body,
            encoding: 8,
        }
    }
}

impl Page {
    /// A PLAIN page announcing `rows` values and holding none: the `parquet` crate asserts
    /// (`size <= src.len()`) on it, a panic mid-file.
    pub fn plain_cut_short(rows: u32) -> Page {
        Page {
            rows,
            body: Vec::new(),
            encoding: 0,
        }
    }
}

impl Chunk {
    /// A chunk whose every row is `value`.
    pub fn repeating(value: &[u8], rows: u32) -> Chunk {
        Chunk {
            dictionary: vec![value.to_vec()],
            pages: vec![Page::zeros(rows)],
            codec: 0,
            declared_uncompressed: None,
        }
    }

    fn rows(&self) -> u32 {
        self.pages.iter().map(|p| p.rows).sum()
    }
}

/// Small limits for fuzzing (a big file is then a limit, not a slow input).
pub const FUZZ_LIMITS: ParquetLimits = ParquetLimits {
    max_rows: 5_000,
    max_bytes: 1 << 20,
};

/// A file from fuzz bytes: a schema (children counts from the bytes: leaves, chains that nest
/// deep, groups, and lies near `i32::MAX`), declared rows, and per leaf (up to 8) a dictionary
/// column with extra pages of fuzzed counts, bodies and encodings, sometimes a codec and a
/// declared size.
pub fn from_bytes(data: &[u8]) -> Vec<u8> {
    let mut it = data.iter().copied();
    let mut next = move || it.next().unwrap_or(0);
    // Schema: root, then elements whose children counts come from the bytes; a high bit makes
    // a count huge (a lie the shape check must catch), a run of ones nests deep.
    let n = usize::from(next()) * 40 + usize::from(next());
    let mut schema = vec![Element::group("schema", i32::from(next() % 8).max(1))];
    for i in 0..n {
        let b = next();
        let children = match b >> 6 {
            0 => 0,
            1 => 1,
            2 => i32::from(b & 7),
            _ => i32::MAX - i32::from(b & 7),
        };
        schema.push(Element {
            name: format!("c{i}"),
            children,
            repetition: i32::from(next() % 3),
        });
    }
    let rows = i64::from(next()) * 300 - 5;
    let leaves = schema
        .iter()
        .skip(1)
        .filter(|e| e.children == 0)
        .count()
        .min(8);
    let chunks = (0..leaves)
        .map(|_| {
            let value_len = usize::from(next() % 64);
            let mut c = Chunk::repeating(&vec![b'v'; value_len], u32::from(next()) * 40);
            for _ in 0..next() % 3 {
                let body: Vec<u8> = (0..next() % 24).map(|_| next()).collect();
                c.pages.push(Page {
                    rows: u32::from(next()) * 20,
                    body,
                    encoding: i32::from(next() % 12),
                });
            }
            if next() % 5 == 0 {
                c.codec = i32::from(next() % 8);
                c.declared_uncompressed = Some(i32::from(next()) << 16);
            }
            c
        })
        .collect::<Vec<_>>();
    file(&schema, rows, &chunks)
}

/// What must hold whatever the file: within the limits, one whole JSON object per row, nothing
/// read when the file is refused, every row before the error read when it stopped part-way.
pub fn check_rows(r: &Rows, limits: &ParquetLimits) {
    assert!(r.rows as u64 <= limits.max_rows, "{} rows", r.rows);
    assert!(
        r.jsonl.len() as u64 <= limits.max_bytes,
        "{} bytes",
        r.jsonl.len()
    );
    let lines: Vec<&[u8]> = r.jsonl.split(|&b| b == b'\n').collect();
    assert_eq!(lines.len(), r.rows + 1, "one line per row");
    assert_eq!(lines.last(), Some(&&b""[..]), "whole lines");
    for l in &lines[..r.rows] {
        let v: serde_json::Value = serde_json::from_slice(l).expect("a row is JSON");
        assert!(v.is_object(), "a row is an object");
    }
    match &r.error {
        Some(ParquetRowsError::File(_)) => assert_eq!(r.rows, 0),
        Some(e @ ParquetRowsError::Limit { row: 0, .. }) => assert_eq!(r.rows, 0, "{e}"),
        Some(e) => assert_eq!(e.row(), r.rows + 1, "{e}"),
        None => {}
    }
}

/// A schema of `depth` groups nested one in another around one leaf, no rows.
pub fn nested(depth: usize) -> Vec<u8> {
    let mut schema = vec![Element::group("schema", 1)];
    schema.extend((0..depth).map(|i| Element::group(&format!("g{i}"), 1)));
    schema.push(Element::leaf("x"));
    file(&schema, 0, &[])
}

/// One required string column `column` whose `rows` rows all hold `value`: a few hundred bytes
/// of file, `rows × value` of JSON once decoded.
pub fn repeating(column: &str, value: &[u8], rows: u32) -> Vec<u8> {
    let schema = [Element::group("schema", 1), Element::leaf(column)];
    file(&schema, i64::from(rows), &[Chunk::repeating(value, rows)])
}

/// String columns `(name, value)`, `rows` rows each holding every column's value; `bad` (a
/// malformed page) is appended to the last column after them, and as many valid values to the
/// others.
pub fn columns(columns: &[(&str, &[u8])], rows: u32, bad: Option<Page>) -> Vec<u8> {
    let mut schema = vec![Element::group("schema", columns.len() as i32)];
    schema.extend(columns.iter().map(|(name, _)| Element::leaf(name)));
    let extra = bad.as_ref().map_or(0, |p| p.rows);
    let mut chunks: Vec<Chunk> = columns
        .iter()
        .map(|(_, value)| Chunk::repeating(value, rows))
        .collect();
    if let Some(p) = bad {
        let n = chunks.len();
        for c in &mut chunks[..n - 1] {
            c.pages.push(Page::zeros(extra));
        }
        chunks[n - 1].pages.push(p);
    }
    file(&schema, i64::from(rows + extra), &chunks)
}

/// A well-formed file of one required string column `column`, one row group per element of
/// `groups` (its rows' values), written by the `parquet` crate's own writer: the shape of a
/// dataset file cut into row groups, for `import --shard`'s split by row group.
pub fn row_groups(column: &str, groups: &[Vec<String>]) -> Vec<u8> {
    use parquet::data_type::{ByteArray, ByteArrayType};
    use parquet::file::properties::WriterProperties;
    use parquet::file::writer::SerializedFileWriter;
    use std::sync::Arc;
    let message = format!("message schema {{ REQUIRED BYTE_ARRAY {column} (UTF8); }}");
    let schema = Arc::new(parquet::schema::parser::parse_message_type(&message).expect("schema"));
    let props = Arc::new(WriterProperties::builder().build());
    let mut w = SerializedFileWriter::new(Vec::new(), schema, props).expect("writer");
    for values in groups {
        let mut rg = w.next_row_group().expect("row group");
        while let Some(mut col) = rg.next_column().expect("column") {
            let data: Vec<ByteArray> = values.iter().map(|v| ByteArray::from(v.as_str())).collect();
            col.typed::<ByteArrayType>()
                .write_batch(&data, None, None)
                .expect("values");
            col.close().expect("column closes");
        }
        rg.close().expect("row group closes");
    }
    w.into_inner().expect("file")
}
