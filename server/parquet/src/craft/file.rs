//! A whole Parquet file from a schema and column chunks: each chunk's pages, then the footer
//! (`FileMetaData`) in Thrift's compact protocol, written as declared, hostile values included.

use super::thrift::{Writer, BINARY, I32, I64, LIST, STRUCT};
use super::{Chunk, Element};

/// A file with `schema` (root first) and one row group holding `chunks` (one per leaf, in
/// order; the leaves are BYTE_ARRAY strings). `rows` is what the footer declares.
pub fn file(schema: &[Element], rows: i64, chunks: &[Chunk]) -> Vec<u8> {
    let mut out = b"PAR1".to_vec();
    let mut metas = Vec::new();
    for (i, c) in chunks.iter().enumerate() {
        let dict_at = out.len() as i64;
        let mut dict_body = Vec::new();
        for v in &c.dictionary {
            dict_body.extend_from_slice(&(v.len() as u32).to_le_bytes());
            dict_body.extend_from_slice(v);
        }
        let mut w = Writer::default();
        page_header(
            &mut w,
            2,
            dict_body.len() as i32,
            dict_body.len() as i32,
            |w| {
                w.field(7, STRUCT); // dictionary_page_header
                w.field(1, I32);
                w.int(c.dictionary.len() as i64);
                w.field(2, I32);
                w.int(0); // PLAIN
                w.stop();
            },
        );
        out.extend_from_slice(&w.out);
        out.extend_from_slice(&dict_body);
        let data_at = out.len() as i64;
        for p in &c.pages {
            let declared = c.declared_uncompressed.unwrap_or(p.body.len() as i32);
            let mut w = Writer::default();
            page_header(&mut w, 0, declared, p.body.len() as i32, |w| {
                w.field(5, STRUCT); // data_page_header
                w.field(1, I32);
                w.int(i64::from(p.rows));
                w.field(2, I32);
                w.int(i64::from(p.encoding));
                w.field(3, I32);
                w.int(3); // RLE levels
                w.field(4, I32);
                w.int(3);
                w.stop();
            });
            out.extend_from_slice(&w.out);
            out.extend_from_slice(&p.body);
        }
        let len = out.len() as i64 - dict_at;
        metas.push((i, c, dict_at, data_at, len));
    }
    let leaves: Vec<&Element> = schema.iter().skip(1).filter(|e| e.children <= 0).collect();
    let mut w = Writer::default();
    w.field(1, I32);
    w.int(1); // version
    w.field(2, LIST);
    w.list(schema.len(), STRUCT);
    for (i, e) in schema.iter().enumerate() {
        w.begin();
        if e.children <= 0 {
            w.field(1, I32);
            w.int(6); // BYTE_ARRAY
        }
        if i > 0 {
            w.field(3, I32);
            w.int(i64::from(e.repetition));
        }
        w.field(4, BINARY);
        w.binary(e.name.as_bytes());
        if e.children > 0 {
            w.field(5, I32);
            w.int(i64::from(e.children));
        }
        if e.children <= 0 && i > 0 {
            w.field(6, I32);
            w.int(0); // UTF8
        }
        w.stop();
    }
    w.field(3, I64);
    w.int(rows);
    w.field(4, LIST);
    w.list(usize::from(!chunks.is_empty()), STRUCT);
    if !chunks.is_empty() {
        w.begin();
        w.field(1, LIST);
        w.list(metas.len(), STRUCT);
        let mut total = 0;
        for &(i, c, dict_at, data_at, len) in &metas {
            total += len;
            w.begin();
            w.field(2, I64);
            w.int(dict_at); // file_offset
            w.field(3, STRUCT);
            w.field(1, I32);
            w.int(6);
            w.field(2, LIST);
            w.list(2, I32);
            w.int(0);
            w.int(8);
            w.field(3, LIST);
            let name = leaves.get(i).map_or("x", |e| e.name.as_str());
            w.list(1, BINARY);
            w.binary(name.as_bytes());
            w.field(4, I32);
            w.int(i64::from(c.codec));
            w.field(5, I64);
            w.int(i64::from(c.rows()));
            w.field(6, I64);
            w.int(len);
            w.field(7, I64);
            w.int(len);
            w.field(9, I64);
            w.int(data_at);
            w.field(11, I64);
            w.int(dict_at);
            w.stop(); // ColumnMetaData
            w.stop(); // ColumnChunk
        }
        w.field(2, I64);
        w.int(total);
        w.field(3, I64);
        w.int(rows);
        w.stop();
    }
    w.stop();
    out.extend_from_slice(&w.out);
    out.extend_from_slice(&(w.out.len() as u32).to_le_bytes());
    out.extend_from_slice(b"PAR1");
    out
}

pub(super) fn page_header(
    w: &mut Writer,
    kind: i64,
    uncompressed: i32,
    compressed: i32,
    body: impl FnOnce(&mut Writer),
) {
    w.field(1, I32);
    w.int(kind);
    w.field(2, I32);
    w.int(i64::from(uncompressed));
    w.field(3, I32);
    w.int(i64::from(compressed));
    body(w);
    w.stop();
}
