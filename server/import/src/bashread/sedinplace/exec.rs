//! Runs a parsed sed script over one file's lines as GNU sed does with `-i` (each file its own
//! stream: line numbers, `$` and ranges start again per file): what each input line becomes.

use super::script::{Cmd, Kind, Piece, Subst, A1, A2};

/// The lines each input line turned into (none: deleted), and whether the text ends with a line
/// break.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Output {
    pub groups: Vec<Vec<String>>,
    pub eol: bool,
}

#[derive(Clone, Copy)]
enum State {
    Inactive,
    /// In a range, which ends at this line (`None`: at a regex or `$`).
    Active(Option<u32>),
}

/// `Err`: the script's effect on this text is unknown (a regex whose meaning on it depends on the
/// locale, a line too long to search).
pub(crate) fn run(cmds: &[Cmd], lines: &[&str], eol: bool) -> Result<Output, ()> {
    let mut states: Vec<State> = cmds
        .iter()
        .map(|c| match c.a1 {
            Some(A1::Zero) => State::Active(None),
            _ => State::Inactive,
        })
        .collect();
    let mut groups = Vec::with_capacity(lines.len());
    for (idx, line) in lines.iter().enumerate() {
        let n = u32::try_from(idx + 1).map_err(|_| ())?;
        let last = idx + 1 == lines.len();
        let mut ps = line.to_string();
        let mut out: Vec<String> = Vec::new();
        let mut deleted = false;
        for (cmd, state) in cmds.iter().zip(&mut states) {
            if selects(cmd, state, n, last, &ps)? == cmd.negate {
                continue;
            }
            match &cmd.kind {
                Kind::Delete => {
                    deleted = true;
                    break;
                }
                Kind::Print => out.push(ps.clone()),
                Kind::Subst(s) => {
                    if let Some(new) = subst(s, &ps)? {
                        ps = new;
                        if s.print {
                            out.push(ps.clone());
                        }
                    }
                }
            }
        }
        if !deleted {
            out.push(ps);
        }
        // A pattern space holding line breaks (from `\n` in a replacement) is several lines.
        groups.push(
            out.iter()
                .flat_map(|o| o.split('\n').map(str::to_string))
                .collect(),
        );
    }
    // Every output ends with a line break but the last input line's when it had none.
    let eol = eol || groups.last().is_none_or(Vec::is_empty);
    Ok(Output { groups, eol })
}

/// Whether the command's address selects this line (before `!`), moving its range along.
fn selects(cmd: &Cmd, state: &mut State, n: u32, last: bool, ps: &str) -> Result<bool, ()> {
    let one = |a: &A1| -> Result<bool, ()> {
        Ok(match a {
            A1::Line(k) => n == *k,
            A1::Last => last,
            A1::Re(re) => re.is_match(ps)?,
            A1::Zero => false,
        })
    };
    let Some(a1) = &cmd.a1 else {
        return Ok(true);
    };
    let Some(a2) = &cmd.a2 else {
        return one(a1);
    };
    match *state {
        State::Active(end) => {
            match (a2, end) {
                (A2::Re(re), _) => {
                    if re.is_match(ps)? {
                        *state = State::Inactive;
                    }
                }
                (A2::Last, _) => {
                    if last {
                        *state = State::Inactive;
                    }
                }
                (_, Some(end)) => {
                    if n >= end {
                        *state = State::Inactive;
                    }
                    return Ok(n <= end);
                }
                (_, None) => return Err(()),
            }
            Ok(true)
        }
        State::Inactive => {
            if !one(a1)? {
                return Ok(false);
            }
            // A numeric end at or before this line, `+0`, or a multiple this line already is:
            // the range is this line alone.
            let end = match a2 {
                A2::Line(m) if n >= *m => return Ok(true),
                A2::Line(m) => Some(*m),
                A2::Plus(0) => return Ok(true),
                A2::Plus(k) => Some(n.checked_add(*k).ok_or(())?),
                A2::Mult(k) if n.is_multiple_of(*k) => return Ok(true),
                A2::Mult(k) => Some((n / k + 1).checked_mul(*k).ok_or(())?),
                A2::Last if last => return Ok(true),
                A2::Last | A2::Re(_) => None,
            };
            *state = State::Active(end);
            Ok(true)
        }
    }
}

/// The pattern space after `s` (`None`: no replacement made). After a match, an empty match
/// right where it ended is passed over, as GNU sed does (`s/b*/X/g` of `abc` is `XaXcX`).
fn subst(s: &Subst, ps: &str) -> Result<Option<String>, ()> {
    let caps = s.repl.iter().any(|p| matches!(p, Piece::Group(_)));
    let mut out = String::new();
    let (mut pos, mut copied, mut count) = (0usize, 0usize, 0u32);
    let mut prev_end = None;
    let mut changed = false;
    let next = |at: usize| ps[at..].chars().next().map(|c| at + c.len_utf8());
    while let Some(((ms, me), groups)) = s.re.find(ps, pos, caps)? {
        if ms == me && prev_end == Some(ms) {
            match next(ms) {
                Some(p) => pos = p,
                None => break,
            }
            continue;
        }
        count += 1;
        if count >= s.nth {
            out.push_str(&ps[copied..ms]);
            for p in &s.repl {
                match p {
                    Piece::Text(t) => out.push_str(t),
                    Piece::Whole => out.push_str(&ps[ms..me]),
                    Piece::Group(g) => {
                        if let Some(Some((a, b))) = groups.get(g - 1) {
                            out.push_str(&ps[*a..*b]);
                        }
                    }
                }
            }
            copied = me;
            changed = true;
            if !s.global {
                break;
            }
        }
        prev_end = Some(me);
        pos = if ms == me {
            match next(me) {
                Some(p) => p,
                None => break,
            }
        } else {
            me
        };
    }
    if !changed {
        return Ok(None);
    }
    out.push_str(&ps[copied..]);
    Ok(Some(out))
}
