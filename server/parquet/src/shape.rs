//! A Parquet file's shape, read from its footer and page headers without decoding a value:
//! the schema (depth, columns), the rows it declares, the bytes its pages decompress to and the
//! values they hold. [`read`] takes any `ChunkReader` (bytes, or a file read a window at a
//! time); [`check_file`] and [`check_rows`] compare the shape with [`ParquetLimits`] before the
//! `parquet` crate decodes anything: its schema conversion recurses once per nesting level
//! (5,000 nested groups overflowed the stack: an abort, not an error), and a dictionary page or
//! a zstd page can expand a few kilobytes into gigabytes.

use crate::thrift::{ty, Reader, ThriftError};
use crate::{Limit, ParquetLimits, ParquetRowsError};
use parquet::file::reader::ChunkReader;

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
    /// The largest page, uncompressed (what one decompression allocates).
    pub max_page_bytes: u64,
    /// The most values in one row group (what one row may hold at most).
    pub max_group_values: u64,
}

fn file_err(what: impl std::fmt::Display) -> ParquetRowsError {
    ParquetRowsError::File(what.to_string())
}

fn thrift(at: &str) -> impl Fn(ThriftError) -> ParquetRowsError + '_ {
    move |e| file_err(format!("{at}: {}", e.0))
}

/// Reads the shape of the file `bytes` and checks it against `limits` for the whole file.
pub fn check(bytes: &[u8], limits: &ParquetLimits) -> Result<Shape, ParquetRowsError> {
    let shape = read(&bytes::Bytes::copy_from_slice(bytes))?;
    check_file(&shape, limits)?;
    Ok(shape)
}

fn over(what: Limit, found: u64, max: u64) -> Result<(), ParquetRowsError> {
    match found > max {
        true => Err(limit(what, found, max)),
        false => Ok(()),
    }
}

/// Limits for a file whose rows are all held (collected as JSON lines): its rows, the sum of its
/// pages' decoded sizes and of their values.
pub fn check_file(shape: &Shape, limits: &ParquetLimits) -> Result<(), ParquetRowsError> {
    over(Limit::Rows, shape.rows, limits.max_rows)?;
    over(Limit::Bytes, shape.page_bytes, limits.max_bytes)?;
    over(
        Limit::Values,
        shape.values,
        limits.max_bytes / BYTES_PER_VALUE,
    )
}

/// Limits for a file whose rows are handled one at a time (a dataset streamed by `import`): its
/// rows, and what one page or one row group holds at once.
pub fn check_rows(shape: &Shape, limits: &ParquetLimits) -> Result<(), ParquetRowsError> {
    over(Limit::Rows, shape.rows, limits.max_rows)?;
    over(Limit::Bytes, shape.max_page_bytes, limits.max_bytes)?;
    over(
        Limit::Values,
        shape.max_group_values,
        limits.max_bytes / BYTES_PER_VALUE,
    )
}

/// The bytes `start..start + len` of `r`, or a located error.
fn window<R: ChunkReader>(r: &R, start: u64, len: usize) -> Result<bytes::Bytes, ParquetRowsError> {
    r.get_bytes(start, len)
        .map_err(|e| file_err(format!("cannot read bytes {start}..: {e}")))
}

/// The shape of the file behind `r`: the footer's schema, rows and column chunks, then each
/// chunk's page headers. A footer or page header that does not parse, or a schema past the
/// fixed limits (depth, columns, elements), is an error.
pub fn read<R: ChunkReader>(r: &R) -> Result<Shape, ParquetRowsError> {
    let n = r.len();
    if n < 12 {
        return Err(file_err("too short for a footer"));
    }
    let tail = window(r, n - 8, 8)?;
    let len = u64::from(u32::from_le_bytes(tail[..4].try_into().expect("4 bytes")));
    let start = (n - 8)
        .checked_sub(len)
        .filter(|&s| s >= 4)
        .ok_or_else(|| file_err(format!("the footer length {len} is past the file's start")))?;
    let footer = window(r, start, len as usize)?;
    let mut reader = Reader::new(&footer);
    let mut shape = Shape::default();
    // (row group, start, length) of every column chunk.
    let mut chunks: Vec<(usize, i64, i64)> = Vec::new();
    let (mut file_rows, mut group_rows, mut groups) = (0i64, 0u64, 0usize);
    reader
        .each_field(|r, id, kind| match (id, kind) {
            (2, ty::LIST) => {
                schema(r, &mut shape)?;
                Ok(true)
            }
            (3, ty::I64) => {
                file_rows = r.int()?;
                Ok(true)
            }
            (4, ty::LIST) => {
                let (n, _) = r.list()?;
                for g in 0..n as usize {
                    group_rows = group_rows.saturating_add(row_group(r, g, &mut chunks)?);
                    groups = g + 1;
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
    let mut group_values = vec![0u64; groups];
    for (i, &(group, start, len)) in chunks.iter().enumerate() {
        let values = pages(r, i, start, len, &mut shape)?;
        group_values[group] = group_values[group].saturating_add(values);
    }
    shape.max_group_values = group_values.into_iter().max().unwrap_or(0);
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

/// Row group `group`: its column chunks' byte ranges (start, length), and its declared rows.
fn row_group(
    r: &mut Reader,
    group: usize,
    chunks: &mut Vec<(usize, i64, i64)>,
) -> crate::thrift::Result<u64> {
    let mut rows = 0i64;
    r.each_field(|r, id, kind| match (id, kind) {
        (1, ty::LIST) => {
            let (n, _) = r.list()?;
            for _ in 0..n {
                let (start, len) = column_chunk(r)?;
                chunks.push((group, start, len));
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
/// adding up uncompressed sizes and data-page values; returns the chunk's values. A range
/// outside the file or a header that does not parse is an error: the crate could not read that
/// chunk either. Headers are read a window at a time (64 KiB, doubled while a header runs past
/// it, at most to the chunk's end), so a file is never read whole here.
fn pages<R: ChunkReader>(
    r: &R,
    index: usize,
    start: i64,
    len: i64,
    shape: &mut Shape,
) -> Result<u64, ParquetRowsError> {
    let at = format!("column chunk {}", index + 1);
    let (start, end) = u64::try_from(start)
        .ok()
        .zip(u64::try_from(len).ok())
        .and_then(|(s, l)| Some((s, s.checked_add(l)?)))
        .filter(|&(_, e)| e <= r.len())
        .ok_or_else(|| file_err(format!("{at}: its byte range is outside the file")))?;
    let (mut pos, mut values) = (start, 0u64);
    while pos < end {
        let left = end - pos;
        let mut size = left.min(64 << 10);
        let (header_len, page) = loop {
            let bytes = window(r, pos, size as usize)?;
            let mut reader = Reader::new(&bytes);
            match page_header(&mut reader) {
                Ok(page) => break (reader.pos as u64, page),
                Err(_) if size < left => size = (size * 2).min(left),
                Err(e) => return Err(thrift(&at)(e)),
            }
        };
        let body = u64::try_from(page.compressed)
            .ok()
            .filter(|&c| c <= left - header_len)
            .ok_or_else(|| file_err(format!("{at}: a page runs past the chunk's end")))?;
        let uncompressed = u64::try_from(page.uncompressed).unwrap_or(u64::MAX);
        shape.page_bytes = shape.page_bytes.saturating_add(uncompressed);
        shape.max_page_bytes = shape.max_page_bytes.max(uncompressed);
        shape.values = shape.values.saturating_add(page.values);
        values = values.saturating_add(page.values);
        pos += header_len + body;
    }
    Ok(values)
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
