//! A sed script, for the commands readcov replays exactly: `s/RE/REPL/FLAGS`, `d` and `p`, each
//! with an optional address (`N`, `$`, `/RE/`, `\cREc`, `/RE/I`) or range (`A,N`, `A,$`, `A,/RE/`,
//! `A,+N`, `A,~N`, `0,/RE/`) and `!`, separated by `;` or line breaks. Anything else (`{}`, `y`,
//! `a`/`i`/`c`, `n`/`N`, `w`, comments, flags `e`/`w`/`M`, case conversion in a replacement) is
//! refused as a whole (`Err`): the file's text then stays unknown, as before session 36.

use super::regex::{Rc, Re};

#[derive(Debug)]
pub(crate) enum A1 {
    Line(u32),
    Last,
    Re(Re),
    /// `0,/RE/`: the range is open before the first line.
    Zero,
}

#[derive(Debug)]
pub(crate) enum A2 {
    Line(u32),
    Last,
    Re(Re),
    Plus(u32),
    Mult(u32),
}

#[derive(Debug)]
pub(crate) enum Piece {
    Text(String),
    Whole,
    Group(usize),
}

#[derive(Debug)]
pub(crate) struct Subst {
    pub re: Re,
    pub repl: Vec<Piece>,
    pub global: bool,
    /// Replace from this match on (1: the first).
    pub nth: u32,
    pub print: bool,
}

#[derive(Debug)]
pub(crate) enum Kind {
    Subst(Subst),
    Delete,
    Print,
}

#[derive(Debug)]
pub(crate) struct Cmd {
    pub a1: Option<A1>,
    pub a2: Option<A2>,
    pub negate: bool,
    pub kind: Kind,
}

struct P {
    c: Vec<char>,
    i: usize,
    ere: bool,
}

/// The commands of the scripts (`-e` scripts are lines of one script, as GNU sed joins them).
pub(crate) fn parse(scripts: &[String], ere: bool) -> Result<Vec<Cmd>, ()> {
    let mut p = P {
        c: scripts.join("\n").chars().collect(),
        i: 0,
        ere,
    };
    let mut cmds = Vec::new();
    loop {
        p.skip(|c| c == ' ' || c == '\t' || c == ';' || c == '\n');
        if p.i >= p.c.len() {
            break;
        }
        cmds.push(p.command()?);
        p.skip(|c| c == ' ' || c == '\t');
        match p.peek() {
            None | Some(';' | '\n') => {}
            _ => return Err(()),
        }
    }
    if cmds.is_empty() {
        return Err(());
    }
    Ok(cmds)
}

impl P {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    fn skip(&mut self, f: impl Fn(char) -> bool) {
        while self.peek().is_some_and(&f) {
            self.i += 1;
        }
    }

    fn number(&mut self) -> Result<u32, ()> {
        let start = self.i;
        self.skip(|c| c.is_ascii_digit());
        let s: String = self.c[start..self.i].iter().collect();
        s.parse().map_err(|_| ())
    }

    fn command(&mut self) -> Result<Cmd, ()> {
        let a1 = self.addr1()?;
        let mut a2 = None;
        if a1.is_some() && self.peek() == Some(',') {
            self.i += 1;
            a2 = Some(self.addr2()?);
        }
        match (&a1, &a2) {
            (Some(A1::Zero), Some(A2::Re(_))) => {}
            (Some(A1::Zero), _) => return Err(()),
            _ => {}
        }
        self.skip(|c| c == ' ' || c == '\t');
        let negate = self.peek() == Some('!');
        if negate {
            self.i += 1;
            self.skip(|c| c == ' ' || c == '\t');
        }
        let kind = match self.peek() {
            Some('d') => {
                self.i += 1;
                Kind::Delete
            }
            Some('p') => {
                self.i += 1;
                Kind::Print
            }
            Some('s') => {
                self.i += 1;
                Kind::Subst(self.subst()?)
            }
            _ => return Err(()),
        };
        Ok(Cmd {
            a1,
            a2,
            negate,
            kind,
        })
    }

    fn addr1(&mut self) -> Result<Option<A1>, ()> {
        Ok(match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let n = self.number()?;
                // `first~step`: not followed.
                if self.peek() == Some('~') {
                    return Err(());
                }
                Some(if n == 0 { A1::Zero } else { A1::Line(n) })
            }
            Some('$') => {
                self.i += 1;
                Some(A1::Last)
            }
            Some('/' | '\\') => Some(A1::Re(self.addr_re()?)),
            _ => None,
        })
    }

    fn addr2(&mut self) -> Result<A2, ()> {
        Ok(match self.peek() {
            Some(c) if c.is_ascii_digit() => A2::Line(self.number()?),
            Some('$') => {
                self.i += 1;
                A2::Last
            }
            Some('+') => {
                self.i += 1;
                A2::Plus(self.number()?)
            }
            Some('~') => {
                self.i += 1;
                // `A,~0` is GNU's own reading: not followed.
                A2::Mult(self.number().ok().filter(|n| *n > 0).ok_or(())?)
            }
            Some('/' | '\\') => A2::Re(self.addr_re()?),
            _ => return Err(()),
        })
    }

    /// `/RE/` or `\cREc`, then `I` (case folded); `M` is refused.
    fn addr_re(&mut self) -> Result<Re, ()> {
        let delim = match self.peek() {
            Some('\\') => {
                self.i += 1;
                self.peek().ok_or(())?
            }
            Some(c) => c,
            None => return Err(()),
        };
        self.i += 1;
        let src = self.delimited(delim)?;
        let icase = self.peek() == Some('I');
        if icase {
            self.i += 1;
        }
        if self.peek() == Some('M') {
            return Err(());
        }
        Re::new(&src, self.ere, icase)
    }

    /// The characters up to an unescaped `delim` (consumed): `\delim` is the delimiter itself,
    /// `\` and a line break a line break (in a replacement), any other `\c` kept as an escape.
    fn delimited(&mut self, delim: char) -> Result<Vec<Rc>, ()> {
        if delim == '\n' || delim == '\\' || delim.is_ascii_alphanumeric() || !delim.is_ascii() {
            return Err(());
        }
        let mut out = Vec::new();
        loop {
            let c = self.peek().ok_or(())?;
            self.i += 1;
            match c {
                _ if c == delim => return Ok(out),
                '\\' => {
                    let e = self.peek().ok_or(())?;
                    self.i += 1;
                    out.push(if e == delim { Rc::Lit(e) } else { Rc::Esc(e) });
                }
                '\n' => return Err(()),
                _ => out.push(Rc::Ch(c)),
            }
        }
    }

    fn subst(&mut self) -> Result<Subst, ()> {
        let delim = self.peek().ok_or(())?;
        self.i += 1;
        let re_src = self.delimited(delim)?;
        let repl_src = self.delimited(delim)?;
        let (mut global, mut nth, mut print, mut icase) = (false, None, false, false);
        loop {
            match self.peek() {
                Some('g') if !global => global = true,
                Some('p') if !print => print = true,
                Some('I' | 'i') if !icase => icase = true,
                Some(c) if c.is_ascii_digit() && nth.is_none() => {
                    let n = self.number()?;
                    nth = Some(Some(n).filter(|n| *n > 0).ok_or(())?);
                    continue;
                }
                None | Some(' ' | '\t' | ';' | '\n') => break,
                // `e`, `w`, `m`/`M`, a flag twice, `}`, `#`: not followed.
                _ => return Err(()),
            }
            self.i += 1;
        }
        let re = Re::new(&re_src, self.ere, icase)?;
        let repl = replacement(&repl_src, &re)?;
        Ok(Subst {
            re,
            repl,
            global,
            nth: nth.unwrap_or(1),
            print,
        })
    }
}

/// A replacement's pieces: `&` the match, `\1`–`\9` a group, `\n` a line break and GNU's
/// other one-character escapes; case conversion (`\U`, `\l`, …) and `\cX`, `\dNNN`, `\oNNN`,
/// `\xHH` are refused.
fn replacement(src: &[Rc], re: &Re) -> Result<Vec<Piece>, ()> {
    let mut out = Vec::new();
    let mut text = String::new();
    let flush = |text: &mut String, out: &mut Vec<Piece>| {
        if !text.is_empty() {
            out.push(Piece::Text(std::mem::take(text)));
        }
    };
    for c in src {
        match *c {
            Rc::Ch('&') => {
                flush(&mut text, &mut out);
                out.push(Piece::Whole);
            }
            Rc::Ch(c) | Rc::Lit(c) => text.push(c),
            Rc::Esc(d) if d.is_ascii_digit() => {
                flush(&mut text, &mut out);
                let n = d as usize - '0' as usize;
                if n == 0 {
                    out.push(Piece::Whole);
                } else if n <= re.groups && re.refs_exact {
                    out.push(Piece::Group(n));
                } else {
                    return Err(());
                }
            }
            Rc::Esc(e) => text.push(match e {
                'n' | '\n' => '\n',
                't' => '\t',
                'a' => '\x07',
                'f' => '\x0c',
                'v' => '\x0b',
                'r' => '\r',
                _ if e.is_ascii_alphanumeric() || !e.is_ascii() => return Err(()),
                _ => e,
            }),
        }
    }
    flush(&mut text, &mut out);
    Ok(out)
}
