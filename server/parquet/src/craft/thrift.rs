//! The Thrift compact protocol, as much of it as Parquet's footer and page headers need: a
//! [`Writer`] of field headers, integers, binaries and lists.

pub(super) const I32: u8 = 5;
pub(super) const I64: u8 = 6;
pub(super) const BINARY: u8 = 8;
pub(super) const LIST: u8 = 9;
pub(super) const STRUCT: u8 = 12;

pub(super) fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A compact-protocol writer: field ids are written as deltas from the last id of the struct
/// being written (`begin` opens a struct, `stop` closes it).
#[derive(Default)]
pub(super) struct Writer {
    pub(super) out: Vec<u8>,
    last: Vec<i16>,
    current: i16,
}

impl Writer {
    pub(super) fn field(&mut self, id: i16, kind: u8) {
        let delta = id - self.current;
        if (1..=15).contains(&delta) {
            self.out.push(((delta as u8) << 4) | kind);
        } else {
            self.out.push(kind);
            self.int(i64::from(id));
        }
        self.current = id;
        if kind == STRUCT {
            self.begin_after_field();
        }
    }
    pub(super) fn begin_after_field(&mut self) {
        self.last.push(self.current);
        self.current = 0;
    }
    /// A struct as a list element.
    pub(super) fn begin(&mut self) {
        self.begin_after_field();
    }
    pub(super) fn stop(&mut self) {
        self.out.push(0);
        self.current = self.last.pop().unwrap_or(0);
    }
    pub(super) fn int(&mut self, v: i64) {
        varint(&mut self.out, ((v << 1) ^ (v >> 63)) as u64);
    }
    pub(super) fn binary(&mut self, b: &[u8]) {
        varint(&mut self.out, b.len() as u64);
        self.out.extend_from_slice(b);
    }
    pub(super) fn list(&mut self, n: usize, elem: u8) {
        if n < 15 {
            self.out.push(((n as u8) << 4) | elem);
        } else {
            self.out.push(0xf0 | elem);
            varint(&mut self.out, n as u64);
        }
    }
}
