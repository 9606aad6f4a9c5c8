//! String bodies for the hand scanner: where the first byte that ends plain text is, and JSON's
//! escapes decoded. Why decode here: `readcov import` writes each row's shell command, and most
//! commands hold quotes (481 of the real data's 518 rows); declining every escape sent those
//! lines to serde's typed visitor, and on to the checked `Value` path. Whatever is decoded here
//! serde decodes alike (`scan/tests.rs` compares them); anything odd (an unknown escape, a bad or
//! unpaired `\u` surrogate, a control byte) is declined for serde to judge and word.

use std::cell::RefCell;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that is `"`, `\\` or below 0x20 (the lowest one exact; carries
/// may mark bytes after it).
#[inline]
pub(super) fn stops(x: u64) -> u64 {
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    zero(x ^ (ONES * u64::from(b'"')))
        | zero(x ^ (ONES * u64::from(b'\\')))
        | (x.wrapping_sub(ONES * 0x20) & !x & HIGHS)
}

/// Where the first `"`, `\\` or control byte is in `bytes` (`None`: there is none). Eight bytes
/// at a time (each test sets the high bit of the bytes that match; the lowest set bit is always
/// exact, carries only reach bytes after it). Byte by byte, with a string compare per candidate,
/// this loop was the scanner's hottest (profiled).
#[inline]
pub(super) fn stop_at(bytes: &[u8]) -> Option<usize> {
    let stop = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let hits = stops(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        if hits != 0 {
            return Some(at + (hits.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    Some(at + chunks.remainder().iter().position(|&b| stop(b))?)
}

/// The length of a string body with no escapes and no control bytes (up to its closing quote);
/// `None` for an escape, a control byte or no end.
#[inline]
pub(super) fn plain_len(bytes: &[u8]) -> Option<usize> {
    let n = stop_at(bytes)?;
    (bytes[n] == b'"').then_some(n)
}

/// A string body (`bytes` from just past its opening quote) whose first stop byte, at `first`,
/// is a backslash: its text decoded, and the offset just past the closing quote. `None` for what
/// serde must judge: an escape JSON does not have, a `\u` without four hex digits, a surrogate
/// not in a high-low pair, a control byte, no closing quote, or text that is not UTF-8.
pub(super) fn decode(bytes: &[u8], first: usize) -> Option<(String, usize)> {
    SCRATCH.with_borrow_mut(|out| {
        out.clear();
        let end = decode_into(bytes, first, out)?;
        Some((std::str::from_utf8(out).ok()?.to_owned(), end))
    })
}

thread_local! {
    /// One buffer to decode into, reused; the text is then copied out at its exact size. A
    /// `Vec` per string, grown as it went, kept up to twice the text's size (+43 MB peak memory
    /// on the real data's 1.6M escaped commands), and grew by reallocating.
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// [`decode`] into `out`; the offset just past the closing quote.
fn decode_into(bytes: &[u8], first: usize, out: &mut Vec<u8>) -> Option<usize> {
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    loop {
        // `bytes[i]` is a stop byte.
        match bytes[i] {
            b'"' => break,
            b'\\' => {
                let c = match *bytes.get(i + 1)? {
                    b'"' => b'"',
                    b'\\' => b'\\',
                    b'/' => b'/',
                    b'b' => 0x08,
                    b'f' => 0x0c,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'u' => {
                        let (ch, len) = unicode(&bytes[i + 2..])?;
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        i += 2 + len;
                        i += stop_after(bytes, i, out)?;
                        continue;
                    }
                    _ => return None,
                };
                out.push(c);
                i += 2;
                i += stop_after(bytes, i, out)?;
            }
            _ => return None, // a control byte
        }
    }
    Some(i + 1)
}

/// Copies the plain bytes from `i` up to the next stop byte into `out`; how many there were.
#[inline]
fn stop_after(bytes: &[u8], i: usize, out: &mut Vec<u8>) -> Option<usize> {
    let n = stop_at(bytes.get(i..)?)?;
    out.extend_from_slice(&bytes[i..i + n]);
    Some(n)
}

/// The character of a `\u` escape (`b` just past the `u`) and the bytes it took after the `u`:
/// four hex digits, or ten for a surrogate pair (`D800`–`DBFF`, then `\u` and `DC00`–`DFFF`).
fn unicode(b: &[u8]) -> Option<(char, usize)> {
    let hi = hex4(b)?;
    match hi {
        0xD800..=0xDBFF => {
            if b.get(4..6)? != b"\\u" {
                return None;
            }
            let lo = hex4(&b[6..])?;
            if !(0xDC00..=0xDFFF).contains(&lo) {
                return None;
            }
            let c = 0x10000 + ((u32::from(hi) - 0xD800) << 10) + (u32::from(lo) - 0xDC00);
            Some((char::from_u32(c)?, 10))
        }
        0xDC00..=0xDFFF => None,
        _ => Some((char::from_u32(u32::from(hi))?, 4)),
    }
}

/// Four hex digits (either case) as a number.
fn hex4(b: &[u8]) -> Option<u16> {
    let digits = b.get(..4)?;
    let mut n = 0u16;
    for &d in digits {
        let v = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return None,
        };
        n = n << 4 | u16::from(v);
    }
    Some(n)
}

#[cfg(test)]
mod tests;
