//! The file as the run left it, rebuilt from the replay: each line kept from the base (its own
//! bytes, `\r` included) or written by the agent, for the change written back as a patch; and
//! what made that impossible when the file could not be followed.

use super::FileState;

impl FileState {
    /// Records a write that could not be replayed: the first is the cause the file was lost
    /// to, every later one is counted.
    pub fn note_lost(&mut self, cause: impl FnOnce() -> String) {
        self.shown.clear();
        match self.lost {
            None => self.lost = Some(cause()),
            Some(_) => self.lost_after += 1,
        }
    }

    /// The first write the file was lost to (until a `create` makes it whole again).
    pub fn lost_to(&self) -> Option<&str> {
        self.lost.as_deref()
    }

    /// Why the file's final text is unknown, when it is: its cause and the writes after it.
    pub fn lost(&self) -> Option<String> {
        if !self.dirty && self.lost.is_none() {
            return None;
        }
        let cause = self
            .lost
            .as_deref()
            .unwrap_or("written in a way readcov cannot replay");
        Some(match self.lost_after {
            0 => cause.to_string(),
            n => format!("{cause}; {n} later write(s) not replayed"),
        })
    }

    /// The base file, when the workspace has it.
    pub fn base(&self) -> Option<&str> {
        self.base_raw.map(|n| &self.arena[..n])
    }

    /// The file as the run left it: `Ok(None)` when no edit changed it, `Err` with the reason
    /// when it cannot be known (a write readcov cannot replay, or no base text to edit).
    pub fn final_text(&self) -> Result<Option<String>, String> {
        if let Some(why) = self.lost() {
            return Err(why);
        }
        let Some(v) = &self.current else {
            return Ok(None);
        };
        let Some(text) = &v.text else {
            return Err("edited without its base text (no workspace file)".into());
        };
        let raw: Vec<&str> = match self.base() {
            Some(b) => b.split('\n').collect(),
            None => Vec::new(),
        };
        // A kept line is written as the base has it (a `\r` the replay set aside included).
        let line_of = |origin: &Option<u32>, line: &super::Line| {
            let kept = origin.and_then(|b| raw.get(b as usize - 1).copied());
            kept.unwrap_or(&self.arena[line.start..line.end])
        };
        // Sized first: the text grew by doubling, a reallocation and a copy every few lines.
        let len: usize = v
            .origin
            .iter()
            .zip(text)
            .map(|(o, l)| line_of(o, l).len() + 1)
            .sum();
        let mut out = String::with_capacity(len);
        for (i, (origin, line)) in v.origin.iter().zip(text).enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(line_of(origin, line));
        }
        if v.eol && !text.is_empty() {
            out.push('\n');
        }
        Ok(Some(out))
    }
}
