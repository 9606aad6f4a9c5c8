//! The read of an awk program that prints each line after its number (`{print NR": "$0}`, see
//! [`crate::bashread::awk`]): read by the numbers shown, like `cat -n`.

use crate::bashread::awk::{shown, Numbered};
use crate::bashread::{stream, Sel};
use crate::session::{Action, Session};
use crate::summary::Reason;

impl Session<'_> {
    /// Shown number `k` is line `k` of the stream `sels` selects (`k` itself when awk reads the
    /// file): the stream must be one run, as for `grep -n` reading a pipe.
    pub(super) fn awk_numbered(
        &mut self,
        a: &Action,
        raw: &str,
        cwd: &str,
        sels: &[Sel],
        awk: &Numbered,
        out: &str,
    ) -> Result<(), Reason> {
        let rel = self.locate(raw, cwd)?;
        let offset = if sels.is_empty() {
            1
        } else {
            let len = self.state(&rel).1.current_len();
            match stream(sels, len).ok_or(Reason::UnknownLength)?.as_slice() {
                [(s, _)] => *s,
                _ => return Err(Reason::AmbiguousOutput),
            }
        };
        self.read_numbered(a, &rel, shown(out, awk), offset)
    }
}
