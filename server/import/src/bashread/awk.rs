//! `awk` programs that only choose lines by their number and print them whole or after that
//! number: `awk 'NR==n' f`, `'NR>=a && NR<=b'`, `'NR>a && NR<b'`, `'NR>=a'`, `'NR<=b'`, the range
//! pattern `'NR==a,NR==b'` (any two such conditions), with no action, `{print}` or `{print $0}`;
//! numbered: `{print NR": "$0}`, `{print NR, $0}`, `{printf "%d: %s\n", NR, $0}` (`%5d` too),
//! after such a pattern or none. Any other program, option (`-F`, `-v`) or several files: `None`,
//! read as nothing. Checked by running GNU awk 5.2.1 and mawk 1.3.4, which print these alike
//! (scripts/import_oracle_shell_cases.py): a range pattern starts again on the first line after it
//! ends where its start holds, so `NR>=3,NR<=6` prints from line 3 to the end.

use crate::display::{displayed, Part};
use crate::numbered::Shown;
use std::borrow::Cow;

/// Ranges of NR, in order, each line once (`None` end: to the last record).
pub type Pick = Vec<(u32, Option<u32>)>;

/// What an awk program prints: the records whose number (NR) its pattern picks, whole or
/// numbered. The picked NRs are held once, by the variant (before, a numbered program held a
/// copy of them beside the program's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Awk {
    /// Each picked record as it is.
    Whole(Pick),
    /// Each picked record after its number.
    Numbered(Numbered),
}

/// A line printed as its NR (maybe right-aligned in spaces), `sep`, then the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    pub sep: String,
    /// The NRs the program prints (its pattern's).
    pub pick: Pick,
}

/// The program and files of `awk PROGRAM [FILE…]` (`None`: an option, or a program it does not know).
pub(crate) fn args<'w>(words: &'w [Cow<'_, str>]) -> Option<(Awk, Vec<&'w str>)> {
    let mut rest = words[1..].iter().map(|w| &**w);
    let mut prog = rest.next()?;
    if prog == "--" {
        prog = rest.next()?;
    }
    if prog.starts_with('-') {
        return None;
    }
    let files: Vec<&str> = rest.collect();
    if files.iter().any(|f| f.starts_with('-') || f.contains('=')) {
        // `-` (standard input) or `var=value` assignments between files.
        return None;
    }
    Some((parse(prog)?, files))
}

/// An awk program of one rule (see the module's doc).
pub(crate) fn parse(prog: &str) -> Option<Awk> {
    let prog = prog.trim();
    let (pattern, action) = match prog.find('{') {
        Some(i) => (&prog[..i], Some(prog[i + 1..].strip_suffix('}')?)),
        None => (prog, None),
    };
    let pick: Pick = match pattern.trim() {
        "" if action.is_none() => return None,
        "" => vec![(1, None)],
        p => match p.split_once(',') {
            Some((a, b)) => range(cond(a)?, cond(b)?)?,
            None => cond(p)?.runs(),
        },
    };
    let action = action.map(|a| a.trim().trim_end_matches(';').trim_end());
    Some(match action {
        None | Some("print" | "print $0") => Awk::Whole(pick),
        Some(a) => Awk::Numbered(Numbered {
            sep: numbered_sep(a)?,
            pick,
        }),
    })
}

/// NRs from `lo` to `hi` (`None`: no upper bound); empty when `lo > hi`.
#[derive(Clone, Copy)]
struct Cond {
    lo: u64,
    hi: Option<u64>,
}

impl Cond {
    fn holds(self, n: u64) -> bool {
        self.lo <= n && self.hi.is_none_or(|h| n <= h)
    }

    fn runs(self) -> Pick {
        let hi = self.hi.map(|h| u32::try_from(h).unwrap_or(u32::MAX));
        match (u32::try_from(self.lo), hi) {
            (Ok(lo), Some(h)) if lo <= h => vec![(lo, Some(h))],
            (Ok(lo), None) => vec![(lo, None)],
            _ => Vec::new(),
        }
    }
}

/// `NR op n`, or two joined by `&&`.
fn cond(t: &str) -> Option<Cond> {
    let mut c = Cond { lo: 1, hi: None };
    for part in t.split("&&") {
        let rest = part.trim().strip_prefix("NR")?.trim_start();
        let (op, n) = ["==", ">=", "<=", ">", "<"]
            .iter()
            .find_map(|op| Some((*op, rest.strip_prefix(op)?.trim())))?;
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u64 = n.parse().ok()?;
        let (lo, hi) = match op {
            "==" => (n, Some(n)),
            ">=" => (n, None),
            ">" => (n + 1, None),
            "<=" => (1, Some(n)),
            _ => (1, Some(n.saturating_sub(1))),
        };
        c.lo = c.lo.max(lo);
        c.hi = match (c.hi, hi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Some(c)
}

/// Most records a range pattern is followed over one by one (beyond, both conditions are fixed).
const MAX_RECORDS: u64 = 1 << 22;

/// The NRs a range pattern `start,end` prints: from a record where `start` holds through the next
/// where `end` holds (the same record when it holds there too), then again from the next `start`.
fn range(start: Cond, end: Cond) -> Option<Pick> {
    // Past the last place either condition changes, each holds always or never.
    let fixed = [
        Some(start.lo),
        start.hi.map(|h| h + 1),
        Some(end.lo),
        end.hi.map(|h| h + 1),
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(1)
    .max(1);
    if fixed > MAX_RECORDS {
        return None;
    }
    let mut lines = Vec::new();
    let mut open = false;
    for n in 1..fixed {
        if open || start.holds(n) {
            lines.push(n);
            open = !end.holds(n) && (open || start.holds(n));
        }
    }
    let mut out: Pick = Vec::new();
    for n in lines {
        let n = n as u32;
        match out.last_mut() {
            Some((_, Some(e))) if *e + 1 == n => *e = n,
            _ => out.push((n, Some(n))),
        }
    }
    // From `fixed` on: every record once a start holds there, or the open range never ends; one
    // record when the open range ends there and no start follows.
    let f = fixed as u32;
    let tail = match (start.holds(fixed), open, end.holds(fixed)) {
        (true, _, _) | (false, true, false) => Some((f, None)),
        (false, true, true) => Some((f, Some(f))),
        (false, false, _) => None,
    };
    if let Some((s, e)) = tail {
        match out.last_mut() {
            Some((_, last)) if *last == Some(s - 1) => *last = e,
            _ => out.push((s, e)),
        }
    }
    Some(out)
}

/// The text between NR and `$0` of a numbered print: `print NR": "$0`, `print NR, $0` (the output
/// separator, a space), `printf "%d: %s\n", NR, $0`. Never empty nor starting with a digit, so
/// where the number ends is plain.
fn numbered_sep(a: &str) -> Option<String> {
    let sep = if let Some(rest) = a.strip_prefix("printf") {
        let rest = rest.trim();
        let rest = match rest.strip_prefix('(') {
            Some(r) => r.strip_suffix(')')?.trim(),
            None => rest,
        };
        let (fmt, rest) = literal(rest)?;
        let args: Vec<&str> = rest.split(',').map(str::trim).collect();
        if args != ["", "NR", "$0"] {
            return None;
        }
        let fmt = fmt.strip_prefix('%')?;
        let fmt = fmt.trim_start_matches(|c: char| c.is_ascii_digit());
        fmt.strip_prefix('d')?.strip_suffix("%s\n")?.to_string()
    } else {
        let rest = a.strip_prefix("print")?.trim_start().strip_prefix("NR")?;
        let rest = rest.trim_start();
        let (sep, rest) = match rest.strip_prefix(',') {
            Some(r) => (" ".to_string(), r.trim_start()),
            None => {
                let (lit, r) = literal(rest)?;
                match r.trim_start().strip_prefix(',') {
                    Some(r) => (format!("{lit} "), r.trim_start()),
                    None => (lit, r.trim_start()),
                }
            }
        };
        if rest != "$0" {
            return None;
        }
        sep
    };
    let plain = !sep.is_empty() && !sep.starts_with(|c: char| c.is_ascii_digit());
    (plain && !sep.contains(['%', '\n'])).then_some(sep)
}

/// A string literal at the start of `t` (escapes `\t`, `\n`, `\\`, `\"`) and what follows it.
fn literal(t: &str) -> Option<(String, &str)> {
    let mut chars = t.strip_prefix('"')?.char_indices();
    let mut s = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((s, &t[i + 2..])),
            '\\' => s.push(match chars.next()?.1 {
                't' => '\t',
                'n' => '\n',
                '\\' => '\\',
                '"' => '"',
                _ => return None,
            }),
            c => s.push(c),
        }
    }
    None
}

/// The numbered lines an output of `fmt` shows, their number as printed (NR), in `fmt.pick`: a
/// line cut off at its start (a cut's tail) is not trusted, one cut at its end is a prefix.
pub(crate) fn shown<'a>(out: &'a str, fmt: &Numbered) -> Vec<Shown<'a>> {
    let d = displayed(out);
    let mut v = Vec::new();
    for (line, part) in d.lines() {
        if part == Part::Suffix {
            continue;
        }
        let t = line.trim_start_matches(' ');
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        let Some(text) = t[digits..].strip_prefix(fmt.sep.as_str()) else {
            continue;
        };
        let Ok(n) = t[..digits].parse::<u32>() else {
            continue;
        };
        let picked = fmt
            .pick
            .iter()
            .any(|(a, b)| *a <= n && b.is_none_or(|b| n <= b));
        if n == 0 || !picked || (part == Part::Prefix && text.is_empty()) {
            continue;
        }
        v.push(Shown {
            line: n,
            text,
            partial: part == Part::Prefix,
        });
    }
    v
}
