//! File lengths as SWE-Explore's runner counts them: `len(path.read_text(errors="ignore")
//! .splitlines())` (`eval_runner.py` `_build_file_line_counts`).
//!
//! That decodes the bytes as UTF-8 (the locale's encoding; UTF-8 on the Linux hosts it runs on),
//! *dropping* every invalid byte (`errors="ignore"`, not a U+FFFD that would be a character of its
//! own), then splits at every line boundary of `str.splitlines()`: `\n`, `\r`, `\r\n` (one),
//! `\v`, `\f`, `\x1c`, `\x1d`, `\x1e`, U+0085, U+2028, U+2029; a last line without one counts.
//! (`read_text`'s universal newlines turn `\r` and `\r\n` into `\n` first, which splitlines
//! counts alike.) readcov's own `\n` rule (git's and patch's line numbers) stays for the clean
//! numbers; this one only serves the compatibility numbers. Fed in pieces, so a file of any size
//! costs constant memory, and a piece may end inside a character or between `\r` and `\n`.

/// A running `splitlines()` count over bytes fed in pieces.
#[derive(Debug, Default)]
pub struct SplitLines {
    breaks: u64,
    /// Text since the last boundary: one more line at the end.
    open: bool,
    /// The last character kept was `\r`: a `\n` right after it ends no further line.
    after_cr: bool,
    /// The start of a UTF-8 sequence cut by the end of the last piece (at most 3 bytes).
    carry: Vec<u8>,
}

impl SplitLines {
    pub fn new() -> SplitLines {
        SplitLines::default()
    }

    /// Counts one more piece of the file.
    pub fn feed(&mut self, bytes: &[u8]) {
        let joined;
        let mut rest: &[u8] = if self.carry.is_empty() {
            bytes
        } else {
            joined = [std::mem::take(&mut self.carry).as_slice(), bytes].concat();
            &joined
        };
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => return self.chars(s),
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    // Checked by from_utf8 just now.
                    self.chars(std::str::from_utf8(good).unwrap_or_default());
                    match e.error_len() {
                        // Invalid bytes are dropped, as errors="ignore" does: they are no
                        // character, so `\r`, invalid, `\n` is still one boundary.
                        Some(n) => rest = &bad[n..],
                        // Cut by the end of the piece: completed (or dropped) by the next.
                        None => {
                            self.carry = bad.to_vec();
                            return;
                        }
                    }
                }
            }
        }
    }

    fn chars(&mut self, s: &str) {
        for c in s.chars() {
            if std::mem::take(&mut self.after_cr) && c == '\n' {
                continue;
            }
            match c {
                '\r' => {
                    self.after_cr = true;
                    self.breaks += 1;
                    self.open = false;
                }
                '\n' | '\x0b' | '\x0c' | '\x1c' | '\x1d' | '\x1e' | '\u{85}' | '\u{2028}'
                | '\u{2029}' => {
                    self.breaks += 1;
                    self.open = false;
                }
                _ => self.open = true,
            }
        }
    }

    /// The line count: boundaries, plus a last line without one. A sequence still cut at the
    /// end of the file is invalid, so dropped.
    pub fn lines(&self) -> u32 {
        u32::try_from(self.breaks + u64::from(self.open)).unwrap_or(u32::MAX)
    }
}

/// `len(bytes.decode("utf-8", errors="ignore").splitlines())`.
pub fn runner_line_count(bytes: &[u8]) -> u32 {
    let mut s = SplitLines::new();
    s.feed(bytes);
    s.lines()
}

#[cfg(test)]
mod tests;
