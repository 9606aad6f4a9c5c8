//! One AutoCodeRover task folder, one run: AutoCodeRover writes its conversation again after
//! each round (`conversation_round_N.json`) and before each patch attempt
//! (`debug_agent_write_patch_N.json`), each file the one before it grown, so the folder's files
//! hold the same reads many times. Which file holds the others, and whether one really is a
//! prefix of it (the caller reads the files: this crate does no IO).

use serde_json::Value;

/// A thread file's place in its folder: write-patch threads after every round, then by `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ThreadName {
    pub write_patch: bool,
    pub n: u32,
}

/// The place of `file_name` when it is a name AutoCodeRover gives a thread.
pub fn thread_name(file_name: &str) -> Option<ThreadName> {
    let (write_patch, rest) = match file_name.strip_prefix("debug_agent_write_patch_") {
        Some(r) => (true, r),
        None => (false, file_name.strip_prefix("conversation_round_")?),
    };
    let digits = rest.strip_suffix(".json")?;
    // `N` as Python's f-string writes an int: digits, no sign, no leading zero.
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    let n = digits.parse().ok().filter(|_| plain)?;
    Some(ThreadName { write_patch, n })
}

/// How a thread file stands to the folder's holder.
#[derive(Debug, PartialEq, Eq)]
pub enum Held {
    /// Its messages are the holder's first ones: its reads are the holder's.
    Prefix,
    /// It is not (the reason, for the warning): it is a run of its own.
    Not(String),
}

/// Whether `part` (a thread file of the folder) is a prefix of `holder` (its last thread): the
/// same messages in the same order, each equal as JSON, except the system prompt when the
/// holder is a write-patch thread and the part a round — `agent_write_patch.py` replaces it
/// (`replace_system_prompt`) on a copy of the search conversation. `None`: either file is no
/// JSON array of messages, or the holder no AutoCodeRover thread (then each is imported as it
/// is, and refused with its own error if so).
pub fn held(
    holder: &Value,
    holder_name: ThreadName,
    part: &Value,
    part_name: ThreadName,
) -> Option<Held> {
    if !super::is_thread(holder) {
        return None;
    }
    let (h, p) = (messages(holder)?, messages(part)?);
    if p.len() > h.len() {
        return Some(Held::Not(format!(
            "it has {} message(s), the holder {}",
            p.len(),
            h.len()
        )));
    }
    let new_prompt = holder_name.write_patch && !part_name.write_patch;
    for (i, (a, b)) in p.iter().zip(h).enumerate() {
        let system = i == 0 && a.get("role") == Some(&Value::from("system"));
        if a != b && !(system && new_prompt && b.get("role") == a.get("role")) {
            return Some(Held::Not(format!("message {i} differs")));
        }
    }
    Some(Held::Prefix)
}

/// The messages of a thread: a JSON array of objects with a string `role`.
fn messages(v: &Value) -> Option<&[Value]> {
    let items = v.as_array()?;
    let ok = items
        .iter()
        .all(|m| m.get("role").and_then(Value::as_str).is_some());
    ok.then_some(items.as_slice())
}

#[cfg(test)]
mod tests;
