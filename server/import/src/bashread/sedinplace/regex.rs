//! GNU sed's regular expressions (BRE, and ERE with `-E`/`-r`) translated to the `regex` crate,
//! for the forms whose meaning the translation keeps exactly; anything else is refused (`Err`).
//!
//! POSIX matching is leftmost-longest, the crate's leftmost-first: the start of the leftmost
//! match is the same under both, and the longest end from it is found by trying the ends from the
//! line's end down ([`Re::find`]). Group texts (`\1` in a replacement) follow glibc only where no
//! alternation and no quantified group can make them differ (checked by the shell oracle against
//! GNU sed itself), so those are allowed only then ([`Re::refs_exact`]).

mod bracket;

use bracket::{bracket, interval};

/// One character of a sed regex or replacement as the command's text gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rc {
    /// A character as written.
    Ch(char),
    /// A backslash and the character after it.
    Esc(char),
    /// The delimiter escaped (`\/` in `s/a\/b/…/`): always that character itself.
    Lit(char),
}

/// A translated regex.
#[derive(Debug)]
pub(crate) struct Re {
    /// The expression, anchors included: finds the leftmost start.
    find: regex::Regex,
    /// The body alone, matched whole against a part of the text (its longest match).
    exact: regex::Regex,
    anchored_end: bool,
    /// No quantifier and no alternation: every match from a start has one length.
    fixed: bool,
    /// Uses `.`, a bracket, a class or case folding: its meaning on non-ASCII text depends on
    /// the locale the agent's sed ran in, so it is used on ASCII text only.
    locale: bool,
    pub(crate) groups: usize,
    /// Group texts are glibc's (no alternation, no quantified group).
    pub(crate) refs_exact: bool,
}

/// Lines longer than this are not searched for a longest match (a search per end).
const MAX_LINE: usize = 4096;

impl Re {
    pub(crate) fn new(src: &[Rc], ere: bool, icase: bool) -> Result<Re, ()> {
        let t = translate(src, ere)?;
        let flags = if icase { "(?s)(?i)" } else { "(?s)" };
        let find = format!(
            "{flags}{}(?:{}){}",
            if t.start { r"\A" } else { "" },
            t.body,
            if t.end { r"\z" } else { "" }
        );
        let exact = format!(r"{flags}\A(?:{})\z", t.body);
        Ok(Re {
            find: regex::Regex::new(&find).map_err(|_| ())?,
            exact: regex::Regex::new(&exact).map_err(|_| ())?,
            anchored_end: t.end,
            fixed: !t.quant && !t.alt,
            locale: t.locale || icase,
            groups: t.groups,
            refs_exact: !t.alt && !t.quant_group,
        })
    }

    /// Whether the regex matches anywhere in `text` (`Err`: its meaning on this text is unknown).
    pub(crate) fn is_match(&self, text: &str) -> Result<bool, ()> {
        self.usable(text)?;
        Ok(self.find.is_match(text))
    }

    fn usable(&self, text: &str) -> Result<(), ()> {
        if self.locale && !text.is_ascii() {
            return Err(());
        }
        Ok(())
    }

    /// The leftmost-longest match starting at or after `from`: its span and, with `caps`, each
    /// group's span (`None`: did not take part).
    #[allow(clippy::type_complexity)]
    pub(crate) fn find(
        &self,
        text: &str,
        from: usize,
        caps: bool,
    ) -> Result<Option<((usize, usize), Vec<Option<(usize, usize)>>)>, ()> {
        self.usable(text)?;
        let Some(m) = self.find.find_at(text, from) else {
            return Ok(None);
        };
        let s = m.start();
        let mut e = m.end();
        if !self.fixed && e < text.len() && !self.anchored_end {
            if text.len() > MAX_LINE {
                return Err(());
            }
            // The longest: the first end, from the line's end down, the body matches whole.
            let longer = (e + 1..=text.len())
                .rev()
                .filter(|&x| text.is_char_boundary(x))
                .find(|&x| self.exact.is_match(&text[s..x]));
            if let Some(x) = longer {
                e = x;
            }
        }
        let groups = if caps && self.groups > 0 {
            let c = self.exact.captures(&text[s..e]).ok_or(())?;
            (1..=self.groups)
                .map(|i| c.get(i).map(|g| (s + g.start(), s + g.end())))
                .collect()
        } else {
            Vec::new()
        };
        Ok(Some(((s, e), groups)))
    }
}

struct Translated {
    body: String,
    start: bool,
    end: bool,
    quant: bool,
    alt: bool,
    quant_group: bool,
    locale: bool,
    groups: usize,
}

/// What came last, for where a quantifier may go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// The start of the regex, of a group or of an alternative.
    Open,
    Atom,
    Group,
    Quant,
}

fn lit(out: &mut String, c: char) {
    out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
}

fn translate(src: &[Rc], ere: bool) -> Result<Translated, ()> {
    if src.is_empty() {
        // `s//x/` reuses the last regex: not followed.
        return Err(());
    }
    let mut t = Translated {
        body: String::new(),
        start: false,
        end: false,
        quant: false,
        alt: false,
        quant_group: false,
        locale: false,
        groups: 0,
    };
    let mut body = src;
    if body.first() == Some(&Rc::Ch('^')) {
        t.start = true;
        body = &body[1..];
    }
    if body.last() == Some(&Rc::Ch('$')) {
        t.end = true;
        body = &body[..body.len() - 1];
    }
    let out = &mut t.body;
    let mut last = Last::Open;
    let mut open = 0usize;
    let mut i = 0;
    let quant = |last: Last, t_quant: &mut bool, t_qg: &mut bool| -> Result<(), ()> {
        match last {
            Last::Atom => {}
            Last::Group => *t_qg = true,
            // `a**` and a quantifier after `(` or `|`: glibc's own readings, not followed.
            Last::Quant | Last::Open => return Err(()),
        }
        *t_quant = true;
        Ok(())
    };
    while i < body.len() {
        let c = body[i];
        i += 1;
        match c {
            Rc::Lit(ch) | Rc::Ch(ch) if !ch.is_ascii() => return Err(()),
            Rc::Lit(ch) => {
                lit(out, ch);
                last = Last::Atom;
            }
            Rc::Ch('.') => {
                out.push('.');
                t.locale = true;
                last = Last::Atom;
            }
            Rc::Ch('[') => {
                i = bracket(body, i, out)?;
                t.locale = true;
                last = Last::Atom;
            }
            // A BRE's `*` with nothing before it is a literal star.
            Rc::Ch('*') if !ere && last == Last::Open => {
                lit(out, '*');
                last = Last::Atom;
            }
            Rc::Ch('*') => {
                quant(last, &mut t.quant, &mut t.quant_group)?;
                out.push('*');
                last = Last::Quant;
            }
            Rc::Esc(q @ ('+' | '?')) if !ere => {
                quant(last, &mut t.quant, &mut t.quant_group)?;
                out.push(q);
                last = Last::Quant;
            }
            Rc::Ch(q @ ('+' | '?')) if ere => {
                quant(last, &mut t.quant, &mut t.quant_group)?;
                out.push(q);
                last = Last::Quant;
            }
            Rc::Esc('{') if !ere => {
                quant(last, &mut t.quant, &mut t.quant_group)?;
                i = interval(body, i, out, Rc::Esc('}'))?;
                last = Last::Quant;
            }
            Rc::Ch('{') if ere => {
                quant(last, &mut t.quant, &mut t.quant_group)?;
                i = interval(body, i, out, Rc::Ch('}'))?;
                last = Last::Quant;
            }
            Rc::Esc('(') if !ere => {
                open += 1;
                t.groups += 1;
                out.push('(');
                last = Last::Open;
            }
            Rc::Ch('(') if ere => {
                open += 1;
                t.groups += 1;
                out.push('(');
                last = Last::Open;
            }
            Rc::Esc(')') if !ere => {
                open = open.checked_sub(1).ok_or(())?;
                out.push(')');
                last = Last::Group;
            }
            Rc::Ch(')') if ere => {
                open = open.checked_sub(1).ok_or(())?;
                out.push(')');
                last = Last::Group;
            }
            Rc::Esc('|') if !ere => {
                if last == Last::Open {
                    return Err(());
                }
                t.alt = true;
                out.push('|');
                last = Last::Open;
            }
            Rc::Ch('|') if ere => {
                if last == Last::Open {
                    return Err(());
                }
                t.alt = true;
                out.push('|');
                last = Last::Open;
            }
            // An ERE's `{`/`}` out of place, `^`/`$` inside it, `(`…: glibc's readings vary.
            Rc::Ch('^' | '$' | '}') if ere => return Err(()),
            // In a BRE `^` after `\(` or `\|`, and `$` before `\)` or `\|`, are anchors (GNU).
            Rc::Ch('^') if last == Last::Open => return Err(()),
            Rc::Ch('$') if matches!(body.get(i), None | Some(Rc::Esc(')' | '|'))) => return Err(()),
            Rc::Ch(ch) => {
                lit(out, ch);
                last = Last::Atom;
            }
            Rc::Esc(e) => {
                match e {
                    'n' => out.push_str(r"\n"),
                    't' => out.push_str(r"\t"),
                    'w' => out.push_str("[0-9A-Za-z_]"),
                    'W' => out.push_str("[^0-9A-Za-z_]"),
                    's' => out.push_str(r"[\t\n\x0B\x0C\r ]"),
                    'S' => out.push_str(r"[^\t\n\x0B\x0C\r ]"),
                    // Word and buffer anchors, backreferences, `\cX`, `\dNNN`, `\oNNN`, `\xHH`,
                    // and any other letter or digit: not followed.
                    _ if e.is_ascii_alphanumeric() || !e.is_ascii() || e == '\n' => return Err(()),
                    '<' | '>' | '`' | '\'' => return Err(()),
                    // Left for the branches above: in a BRE these are operators.
                    '(' | ')' | '{' | '}' | '|' | '+' | '?' if !ere => return Err(()),
                    _ => lit(out, e),
                }
                if matches!(e, 'w' | 'W' | 's' | 'S') {
                    t.locale = true;
                }
                last = Last::Atom;
            }
        }
    }
    if open != 0 || (t.alt && (t.start || t.end)) || (t.alt && last == Last::Open) {
        return Err(());
    }
    Ok(t)
}
