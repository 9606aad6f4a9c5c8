//! A Parquet file's shape, read from its footer and page headers without decoding a value:
//! the schema (depth, columns), the rows it declares, the bytes its pages decompress to and the
//! values they hold. [`check`] compares the shape with [`ParquetLimits`] before the `parquet`
//! crate decodes anything: its schema conversion recurses once per nesting level (5,000 nested
//! groups overflowed the stack: an abort, not an error), and a dictionary page or a zstd page
//! can expand a few kilobytes into gigabytes.

use crate::thrift::{ty, Reader, ThriftError};
use crate::{Limit, ParquetLimits, ParquetRowsError};

/// Schema nesting deeper than this is refused (ContextBench's lists of structs are 4 deep).
pub const MAX_DEPTH: u64 = 64;
/// Leaf columns beyond this are refused (each gets its own column reader and buffers).
pub const MAX_COLUMNS: u64 = 1_000;
/// Schema elements (groups and columns) beyond this are refused.
pub const MAX_SCHEMA_ELEMENTS: u64 = 10_000;
/// Values (one per repetition/definition level) allowed per byte of `max_bytes`: a value
/// decodes to at least a few bytes of JSON (`null,`), and one row's values are all held at once.
pub const BYTES_PER_VALUE: u64 = 16;

/// What the footer and the page headers declare.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Shape {
    pub rows: u64,
    pub depth: u64,
    pub columns: u64,
    pub elements: u64,
    /// Sum of every page's uncompressed size.
    pub page_bytes: u64,
    /// Sum of every data page's value count.
    pub values: u64,
}

fn file_err(what: impl std::fmt::Display) -> ParquetRowsError {
    ParquetRowsError::File(what.to_string())
}

fn thrift(at: &str) -> impl Fn(ThriftError) -> ParquetRowsError + '_ {
    move |e| file_err(format!("{at}: {}", e.0))
}

/// Refuses a file whose shape is past the limits, or whose footer or page headers cannot be
/// read, before anything is decoded.
pub fn check(bytes: &[u8], limits: &ParquetLimits) -> Result<Shape, ParquetRowsError> {
    let shape = read_shape(bytes, limits)?;
    let over = |what, found: u64, max: u64| {
        (found > max).then_some(ParquetRowsError::Limit {
            row: 0,
            what,
            found,
            max,
        })
    };
    let max_values = limits.max_bytes / BYTES_PER_VALUE;
    let first = over(Limit::Rows, shape.rows, limits.max_rows)
        .or_else(|| over(Limit::Bytes, shape.page_bytes, limits.max_bytes))
        .or_else(|| over(Limit::Values, shape.values, max_values));
    match first {
        Some(e) => Err(e),
        None => Ok(shape),
    }
}

/// The footer's schema, rows and column chunks, then each chunk's page headers.
fn read_shape(bytes: &[u8], limits: &ParquetLimits) -> Result<Shape, ParquetRowsError> {
    let n = bytes.len();
    if n < 12 {
        return Err(file_err("too short for a footer"));
    }
    let len = u32::from_le_bytes(bytes[n - 8..n - 4].try_into().expect("4 bytes")) as usize;
    let start = (n - 8)
        .checked_sub(len)
        .filter(|&s| s >= 4)
        .ok_or_else(|| file_err(format!("the footer length {len} is past the file's start")))?;
    let mut r = Reader::new(&bytes[start..n - 8]);
    let mut shape = Shape::default();
    let mut chunks: Vec<(i64, i64)> = Vec::new();
    let (mut file_rows, mut group_rows) = (0i64, 0u64);
    r.each_field(|r, id, kind| match (id, kind) {
        (2, ty::LIST) => {
            schema(r, &mut shape)?;
            Ok(true)
        }
        (3, ty::I64) => {
            file_rows = r.int()?;
            Ok(true)
        }
        (4, ty::LIST) => {
            let (groups, _) = r.list()?;
            for _ in 0..groups {
                group_rows = group_rows.saturating_add(row_group(r, &mut chunks)?);
            }
            Ok(true)
        }
        _ => Ok(false),
    })
    .map_err(thrift("footer"))?;
    if shape.elements > MAX_SCHEMA_ELEMENTS {
        return Err(limit(
            Limit::SchemaElements,
            shape.elements,
            MAX_SCHEMA_ELEMENTS,
        ));
    }
    if shape.depth > MAX_DEPTH {
        return Err(limit(Limit::Depth, shape.depth, MAX_DEPTH));
    }
    if shape.columns > MAX_COLUMNS {
        return Err(limit(Limit::Columns, shape.columns, MAX_COLUMNS));
    }
    shape.rows = u64::try_from(file_rows).unwrap_or(0).max(group_rows);
    for (i, &(start, len)) in chunks.iter().enumerate() {
        pages(bytes, i, start, len, &mut shape, limits)?;
    }
    Ok(shape)
}

fn limit(what: Limit, found: u64, max: u64) -> ParquetRowsError {
    ParquetRowsError::Limit {
        row: 0,
        what,
        found,
        max,
    }
}

/// The schema list: elements in depth-first order, each group saying how many children follow.
/// Depth and leaf count are computed with an explicit stack, and the children counts must add
/// up (the `parquet` crate reserves room for a group's declared children before reading them).
fn schema(r: &mut Reader, shape: &mut Shape) -> crate::thrift::Result<()> {
    let (n, elem) = r.list()?;
    if elem != ty::STRUCT {
        return Err(ThriftError("the schema is not a list of structs"));
    }
    shape.elements = n;
    // Children still expected at each open level, root first.
    let mut open: Vec<u64> = Vec::new();
    for i in 0..n {
        let mut children = 0i64;
        r.each_field(|r, id, kind| match (id, kind) {
            (5, ty::I32) => {
                children = r.int()?;
                Ok(true)
            }
            _ => Ok(false),
        })?;
        if i > 0 {
            match open.last_mut() {
                Some(left) => *left -= 1,
                None => return Err(ThriftError("schema elements after the root's last child")),
            }
        }
        let children = u64::try_from(children).unwrap_or(0);
        if children > n - i - 1 {
            return Err(ThriftError(
                "a group declares more children than elements follow",
            ));
        }
        // The root is at depth 0, its children at 1, and so on.
        shape.depth = shape.depth.max(open.len() as u64);
        if children > 0 {
            open.push(children);
        } else if i > 0 {
            shape.columns += 1;
        }
        while open.last() == Some(&0) {
            open.pop();
        }
    }
    if !open.is_empty() {
        return Err(ThriftError(
            "a group declares more children than the schema has",
        ));
    }
    Ok(())
}

/// One row group: its column chunks' byte ranges (start, length), and its declared rows.
fn row_group(r: &mut Reader, chunks: &mut Vec<(i64, i64)>) -> crate::thrift::Result<u64> {
    let mut rows = 0i64;
    r.each_field(|r, id, kind| match (id, kind) {
        (1, ty::LIST) => {
            let (n, _) = r.list()?;
            for _ in 0..n {
                chunks.push(column_chunk(r)?);
            }
            Ok(true)
        }
        (3, ty::I64) => {
            rows = r.int()?;
            Ok(true)
        }
        _ => Ok(false),
    })?;
    Ok(u64::try_from(rows).unwrap_or(0))
}

/// A column chunk's byte range as the `parquet` crate takes it: from the dictionary page if
/// there is one, else from the first data page, for its total compressed size.
fn column_chunk(r: &mut Reader) -> crate::thrift::Result<(i64, i64)> {
    let (mut data, mut dict, mut len) = (0i64, None, 0i64);
    r.each_field(|r, id, kind| match (id, kind) {
        (3, ty::STRUCT) => {
            r.each_field(|r, id, kind| match (id, kind) {
                (7, ty::I64) => {
                    len = r.int()?;
                    Ok(true)
                }
                (9, ty::I64) => {
                    data = r.int()?;
                    Ok(true)
                }
                (11, ty::I64) => {
                    dict = Some(r.int()?);
                    Ok(true)
                }
                _ => Ok(false),
            })?;
            Ok(true)
        }
        _ => Ok(false),
    })?;
    Ok((dict.unwrap_or(data), len))
}

/// Walks a column chunk's page headers (header, then its compressed bytes, to the chunk's end)
/// adding up uncompressed sizes and data-page values. A range outside the file or a header that
/// does not parse is an error: the crate could not read that chunk either.
fn pages(
    bytes: &[u8],
    index: usize,
    start: i64,
    len: i64,
    shape: &mut Shape,
    limits: &ParquetLimits,
) -> Result<(), ParquetRowsError> {
    let at = format!("column chunk {}", index + 1);
    let range = usize::try_from(start)
        .ok()
        .zip(usize::try_from(len).ok())
        .and_then(|(s, l)| Some(s..s.checked_add(l)?))
        .filter(|r| r.end <= bytes.len())
        .ok_or_else(|| file_err(format!("{at}: its byte range is outside the file")))?;
    let chunk = &bytes[range];
    let mut pos = 0;
    while pos < chunk.len() {
        let mut r = Reader::new(&chunk[pos..]);
        let page = page_header(&mut r).map_err(thrift(&at))?;
        let body = usize::try_from(page.compressed)
            .ok()
            .filter(|&c| c <= chunk.len() - pos - r.pos)
            .ok_or_else(|| file_err(format!("{at}: a page runs past the chunk's end")))?;
        shape.page_bytes = shape
            .page_bytes
            .saturating_add(u64::try_from(page.uncompressed).unwrap_or(u64::MAX));
        shape.values = shape.values.saturating_add(page.values);
        pos += r.pos + body;
        // A bomb is refused at the first page past the limit, not after walking all of it.
        if shape.page_bytes > limits.max_bytes {
            return Ok(());
        }
    }
    Ok(())
}

struct Page {
    uncompressed: i64,
    compressed: i64,
    values: u64,
}

/// A page header: sizes (field 2 and 3) and, for a data page (v1: field 5, v2: field 8), its
/// value count.
fn page_header(r: &mut Reader) -> crate::thrift::Result<Page> {
    let mut page = Page {
        uncompressed: -1,
        compressed: -1,
        values: 0,
    };
    r.each_field(|r, id, kind| match (id, kind) {
        (2, ty::I32) => {
            page.uncompressed = r.int()?;
            Ok(true)
        }
        (3, ty::I32) => {
            page.compressed = r.int()?;
            Ok(true)
        }
        (5 | 8, ty::STRUCT) => {
            r.each_field(|r, id, kind| match (id, kind) {
                (1, ty::I32) => {
                    page.values = u64::try_from(r.int()?).unwrap_or(0);
                    Ok(true)
                }
                _ => Ok(false),
            })?;
            Ok(true)
        }
        _ => Ok(false),
    })?;
    if page.uncompressed < 0 || page.compressed < 0 {
        return Err(ThriftError("a page header without its sizes"));
    }
    Ok(page)
}
