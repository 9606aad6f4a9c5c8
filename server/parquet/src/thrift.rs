//! A small reader of Thrift's compact protocol (the encoding of Parquet footers and page headers),
//! enough to check a file's shape before the `parquet` crate decodes it. Every length is checked
//! against the bytes left, and nesting is capped, so no input can make it allocate or recurse
//! without bound (the very things it guards the crate against).

/// Why a Thrift value could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThriftError(pub &'static str);

pub type Result<T> = std::result::Result<T, ThriftError>;

/// Nesting deeper than this is refused (the `parquet` crate skips to 64 levels too).
const MAX_NESTING: usize = 64;

/// Compact-protocol type codes (field headers and list elements).
pub mod ty {
    pub const STOP: u8 = 0;
    pub const TRUE: u8 = 1;
    pub const FALSE: u8 = 2;
    pub const BYTE: u8 = 3;
    pub const I16: u8 = 4;
    pub const I32: u8 = 5;
    pub const I64: u8 = 6;
    pub const DOUBLE: u8 = 7;
    pub const BINARY: u8 = 8;
    pub const LIST: u8 = 9;
    pub const SET: u8 = 10;
    pub const MAP: u8 = 11;
    pub const STRUCT: u8 = 12;
    pub const UUID: u8 = 13;
}

/// A cursor over compact-protocol bytes.
pub struct Reader<'a> {
    buf: &'a [u8],
    pub pos: usize,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Reader<'a> {
        Reader { buf, pos: 0 }
    }

    fn left(&self) -> usize {
        self.buf.len() - self.pos
    }

    pub fn byte(&mut self) -> Result<u8> {
        let b = *self.buf.get(self.pos).ok_or(ThriftError("cut short"))?;
        self.pos += 1;
        Ok(b)
    }

    fn skip_bytes(&mut self, n: u64) -> Result<()> {
        if n > self.left() as u64 {
            return Err(ThriftError("a length runs past the end"));
        }
        self.pos += n as usize;
        Ok(())
    }

    /// An unsigned LEB128 varint (at most 10 bytes).
    pub fn varint(&mut self) -> Result<u64> {
        let mut v = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f).checked_shl(shift).unwrap_or(0);
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(ThriftError("a varint longer than 10 bytes"))
    }

    /// A zigzag-encoded i16/i32/i64.
    pub fn int(&mut self) -> Result<i64> {
        let v = self.varint()?;
        Ok((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    /// A binary or string value, borrowed.
    pub fn binary(&mut self) -> Result<&'a [u8]> {
        let n = self.varint()?;
        let start = self.pos;
        self.skip_bytes(n)?;
        Ok(&self.buf[start..self.pos])
    }

    /// The next field header of a struct: `(field id, type)`, or `None` at its end.
    pub fn field(&mut self, last_id: i16) -> Result<Option<(i16, u8)>> {
        let b = self.byte()?;
        let kind = b & 0x0f;
        if kind == ty::STOP {
            return Ok(None);
        }
        let delta = i16::from(b >> 4);
        let id = if delta == 0 {
            i16::try_from(self.int()?).map_err(|_| ThriftError("a field id out of range"))?
        } else {
            last_id.wrapping_add(delta)
        };
        Ok(Some((id, kind)))
    }

    /// A list (or set) header: `(element count, element type)`; the count is at most the bytes
    /// left (every element takes at least one byte, booleans included).
    pub fn list(&mut self) -> Result<(u64, u8)> {
        let b = self.byte()?;
        let size = match b >> 4 {
            15 => self.varint()?,
            n => u64::from(n),
        };
        let elem = b & 0x0f;
        if size > self.left() as u64 {
            return Err(ThriftError("a list longer than the bytes left"));
        }
        Ok((size, elem))
    }

    /// Skips a value of type `kind` (a field's or a list element's).
    pub fn skip(&mut self, kind: u8, in_list: bool) -> Result<()> {
        self.skip_nested(kind, in_list, 0)
    }

    fn skip_nested(&mut self, kind: u8, in_list: bool, depth: usize) -> Result<()> {
        if depth > MAX_NESTING {
            return Err(ThriftError("nested too deep"));
        }
        match kind {
            // A boolean field's value is in its header; a list element takes a byte.
            ty::TRUE | ty::FALSE if in_list => self.byte().map(drop),
            ty::TRUE | ty::FALSE => Ok(()),
            ty::BYTE => self.byte().map(drop),
            ty::I16 | ty::I32 | ty::I64 => self.varint().map(drop),
            ty::DOUBLE => self.skip_bytes(8),
            ty::UUID => self.skip_bytes(16),
            ty::BINARY => self.binary().map(drop),
            ty::LIST | ty::SET => {
                let (n, elem) = self.list()?;
                for _ in 0..n {
                    self.skip_nested(elem, true, depth + 1)?;
                }
                Ok(())
            }
            ty::MAP => {
                let n = self.varint()?;
                if n == 0 {
                    return Ok(());
                }
                if n > self.left() as u64 {
                    return Err(ThriftError("a map longer than the bytes left"));
                }
                let kv = self.byte()?;
                for _ in 0..n {
                    self.skip_nested(kv >> 4, true, depth + 1)?;
                    self.skip_nested(kv & 0x0f, true, depth + 1)?;
                }
                Ok(())
            }
            ty::STRUCT => {
                let mut last = 0;
                while let Some((id, k)) = self.field(last)? {
                    self.skip_nested(k, false, depth + 1)?;
                    last = id;
                }
                Ok(())
            }
            _ => Err(ThriftError("an unknown type code")),
        }
    }

    /// Reads a struct field by field: `each(reader, id, type)` consumes the fields it wants (and
    /// returns true) or leaves them to be skipped (false).
    pub fn each_field(
        &mut self,
        mut each: impl FnMut(&mut Reader<'a>, i16, u8) -> Result<bool>,
    ) -> Result<()> {
        let mut last = 0;
        while let Some((id, kind)) = self.field(last)? {
            if !each(self, id, kind)? {
                self.skip(kind, false)?;
            }
            last = id;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
