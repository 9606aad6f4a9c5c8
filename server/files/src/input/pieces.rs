//! A file read a piece at a time, each piece ending at a line break: reads JSONL runs to hundreds
//! of megabytes, and holding the whole file beside its parsed rows was a quarter of `score`'s
//! peak memory.

use crate::{open_input, FileError};
use std::path::Path;

/// Reads `path` a piece at a time, each piece ending at a line break (the last one at the end of
/// the file), and hands `parse` the piece with the 1-based number of its first line; `parse`
/// returns whether to go on. One buffer serves every piece (a line longer than it doubles it),
/// filled by plain reads: `read_to_end` started each piece at 8 KB reads and grew from there.
pub(super) fn for_each_piece(
    path: &Path,
    piece: usize,
    parse: impl FnMut(&[u8], usize) -> bool,
) -> Result<(), FileError> {
    let (mut file, _) = open_input(path)?;
    pieces(&mut file, piece, parse).map_err(|e| FileError::new(path, format!("cannot read: {e}")))
}

/// [`for_each_piece`] over any reader (a file, or JSONL already in memory).
pub(super) fn pieces(
    src: &mut impl std::io::Read,
    piece: usize,
    mut parse: impl FnMut(&[u8], usize) -> bool,
) -> std::io::Result<()> {
    // Zeroed pages from the allocator: untouched until a read writes them.
    let mut buf = vec![0u8; piece.max(1)];
    let (mut kept, mut first_line) = (0, 1);
    loop {
        if kept == buf.len() {
            buf.resize(buf.len() * 2, 0); // one line longer than the buffer: read on
        }
        let got = fill(src, &mut buf[kept..])?;
        let filled = kept + got;
        // Parse up to the last line break (all of it at the end of the file); keep the rest.
        let end = if got == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', &buf[kept..filled]) {
                Some(i) => kept + i + 1,
                None => {
                    kept = filled;
                    continue;
                }
            }
        };
        let go_on = parse(&buf[..end], first_line);
        first_line += memchr::memchr_iter(b'\n', &buf[..end]).count();
        buf.copy_within(end..filled, 0);
        kept = filled - end;
        if got == 0 || !go_on {
            return Ok(());
        }
    }
}

/// Reads until `buf` is full or the file ends; the bytes read (0 only at the end).
fn fill(file: &mut impl std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}
