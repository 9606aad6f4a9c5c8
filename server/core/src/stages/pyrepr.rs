//! Python literals as `repr()` prints them (`{'resolved': True, 'ids': ['a', "b's"]}`), read into
//! JSON values: the SWE-bench harness forks log their report this way (`run_instance.log`,
//! OpenHands' evaluation logs), not as JSON. Only literals: dicts, lists, tuples, strings
//! (single or double quotes, the escapes `repr` writes), `True`/`False`/`None`, integers and
//! floats. Anything else is an error naming the byte where it stopped.

use serde_json::{Map, Number, Value};

/// How deep containers may nest: a hostile log line of a million `[` must not overflow the stack.
const MAX_DEPTH: usize = 128;

/// Parses one literal filling the whole of `text` (surrounding whitespace allowed).
pub fn parse(text: &str) -> Result<Value, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
    };
    let v = p.value(0)?;
    p.space();
    match p.at == p.s.len() {
        true => Ok(v),
        false => Err(p.fail("text after the literal")),
    }
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn fail(&self, what: &str) -> String {
        format!("not a Python literal at byte {}: {what}", self.at + 1)
    }

    fn space(&mut self) {
        while self.s.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.s.get(self.at).copied()
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.fail("nested too deeply"));
        }
        match self.peek() {
            Some(b'{') => self.dict(depth),
            Some(b'[') => self.seq(b']', depth),
            Some(b'(') => self.seq(b')', depth),
            Some(q @ (b'\'' | b'"')) => self.string(q).map(Value::String),
            Some(_) => self.word(),
            None => Err(self.fail("the text ended")),
        }
    }

    fn dict(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            if self.peek() == Some(b'}') {
                self.at += 1;
                return Ok(Value::Object(map));
            }
            let key_at = self.at;
            let key = match self.value(depth + 1)? {
                Value::String(s) => s,
                Value::Number(n) => n.to_string(),
                _ => {
                    self.at = key_at;
                    return Err(self.fail("a dict key that is no string or number"));
                }
            };
            if self.peek() != Some(b':') {
                return Err(self.fail("expected `:`"));
            }
            self.at += 1;
            let v = self.value(depth + 1)?;
            map.insert(key, v);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {}
                _ => return Err(self.fail("expected `,` or `}`")),
            }
        }
    }

    fn seq(&mut self, close: u8, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            if self.peek() == Some(close) {
                self.at += 1;
                return Ok(Value::Array(items));
            }
            items.push(self.value(depth + 1)?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(c) if c == close => {}
                _ => return Err(self.fail("expected `,` or the list's end")),
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<String, String> {
        self.at += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.at) else {
                return Err(self.fail("a string that never ends"));
            };
            self.at += 1;
            match c {
                _ if c == quote => break,
                b'\\' => self.escape(&mut out)?,
                b'\n' => return Err(self.fail("a line break inside a string")),
                _ => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| self.fail("a string that is no UTF-8"))
    }

    /// One escape after `\`, appended to `out` as UTF-8.
    fn escape(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        let Some(&c) = self.s.get(self.at) else {
            return Err(self.fail("a string that never ends"));
        };
        self.at += 1;
        let simple = match c {
            b'\\' => Some(b'\\'),
            b'\'' => Some(b'\''),
            b'"' => Some(b'"'),
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'0' => Some(0),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            return Ok(());
        }
        let digits = match c {
            b'x' => 2,
            b'u' => 4,
            b'U' => 8,
            _ => {
                self.at -= 1;
                return Err(self.fail("an unknown escape"));
            }
        };
        let hex = self
            .s
            .get(self.at..self.at + digits)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
            .ok_or_else(|| self.fail("a bad `\\x`/`\\u` escape"))?;
        self.at += digits;
        out.extend_from_slice(hex.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    /// `True`, `False`, `None` or a number.
    fn word(&mut self) -> Result<Value, String> {
        let start = self.at;
        while self
            .s
            .get(self.at)
            .is_some_and(|c| c.is_ascii_alphanumeric() || b"+-._".contains(c))
        {
            self.at += 1;
        }
        let word = std::str::from_utf8(&self.s[start..self.at]).unwrap_or("");
        let number = || {
            let plain = word.replace('_', "");
            plain
                .parse::<i64>()
                .ok()
                .map(Number::from)
                .or_else(|| plain.parse::<f64>().ok().and_then(Number::from_f64))
        };
        match word {
            "True" => Ok(Value::Bool(true)),
            "False" => Ok(Value::Bool(false)),
            "None" => Ok(Value::Null),
            _ => match number() {
                Some(n) => Ok(Value::Number(n)),
                None => {
                    self.at = start;
                    Err(self.fail("expected a dict, list, string, number, True, False or None"))
                }
            },
        }
    }
}

#[cfg(test)]
mod tests;
