//! Bracket expressions (`[a-z]`, `[[:alpha:]]`) and intervals (`\{m,n\}`, `{m,n}`) of a sed regex,
//! spelled for the `regex` crate (split from [`super`] to keep that file small).

use super::Rc;

/// `\{m,n\}` (BRE) or `{m,n}` (ERE) after its opening, up to `close`: the crate's `{m,n}`.
pub(super) fn interval(
    body: &[Rc],
    mut i: usize,
    out: &mut String,
    close: Rc,
) -> Result<usize, ()> {
    let mut text = String::new();
    loop {
        match body.get(i) {
            Some(c) if *c == close => break,
            Some(Rc::Ch(c)) if c.is_ascii_digit() || *c == ',' => text.push(*c),
            _ => return Err(()),
        }
        i += 1;
    }
    let num = |s: &str| s.parse::<u32>().ok().filter(|n| *n <= 255);
    let (m, n) = match text.split_once(',') {
        None => (num(&text).ok_or(())?, Some(num(&text).ok_or(())?)),
        Some((a, "")) => (num(a).ok_or(())?, None),
        Some(("", b)) => (0, Some(num(b).ok_or(())?)),
        Some((a, b)) => (num(a).ok_or(())?, Some(num(b).ok_or(())?)),
    };
    match n {
        Some(n) if n < m => return Err(()),
        Some(n) => out.push_str(&format!("{{{m},{n}}}")),
        None => out.push_str(&format!("{{{m},}}")),
    }
    Ok(i + 1)
}

const CLASSES: [&str; 12] = [
    "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct", "print", "graph",
    "cntrl", "xdigit",
];

/// A bracket expression after its `[`, up to its `]`: the crate's class, every member spelled
/// as a code point (a `[`, `&&` or `--` in it means something else to the crate).
pub(super) fn bracket(body: &[Rc], mut i: usize, out: &mut String) -> Result<usize, ()> {
    let ch = |i: usize| match body.get(i) {
        Some(Rc::Ch(c)) | Some(Rc::Lit(c)) if c.is_ascii() => Ok(*c),
        // A backslash in a bracket is a matter of GNU's escapes: not followed.
        _ => Err(()),
    };
    out.push('[');
    if ch(i)? == '^' {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let c = ch(i)?;
        if c == ']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        if c == '[' {
            match ch(i + 1)? {
                ':' => {
                    let close = (i + 2..body.len())
                        .find(|&j| ch(j) == Ok(':') && ch(j + 1) == Ok(']'))
                        .ok_or(())?;
                    let name: String = (i + 2..close).map(ch).collect::<Result<_, _>>()?;
                    if !CLASSES.contains(&name.as_str()) {
                        return Err(());
                    }
                    out.push_str(&format!("[:{name}:]"));
                    i = close + 2;
                    continue;
                }
                '=' | '.' => return Err(()),
                _ => {}
            }
        }
        // A range `a-z`, unless the `-` is last (`[a-]`).
        if ch(i + 1) == Ok('-') && ch(i + 2).is_ok_and(|e| e != ']') {
            let e = ch(i + 2)?;
            if e < c || e == '[' {
                return Err(());
            }
            out.push_str(&format!("\\x{{{:x}}}-\\x{{{:x}}}", c as u32, e as u32));
            i += 3;
            continue;
        }
        out.push_str(&format!("\\x{{{:x}}}", c as u32));
        i += 1;
    }
}
