//! The texts of an AutoCodeRover conversation: the search results in a user message (`Result of
//! search_method("x"):` then `Search result 1: <file>F</file> … <code>…</code>`) and the edits of a
//! patch reply (`<file>`, `<original>`, `<patched>` in a fence), as AutoCodeRover writes and parses
//! them (`app/search/search_manage.py`, `app/search/search_utils.py` `SearchResult.to_tagged_str`,
//! `app/api/patch_utils.py` `parse_edits`, of April 2024).

/// One tool output: the call and the text AutoCodeRover answered it with.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Call<'a> {
    /// `search_method("x")`, or `bug locations` for the code AutoCodeRover shows the model of the
    /// locations it named (`Here are the code in buggy locations:`).
    pub call: &'a str,
    pub output: &'a str,
}

/// What one output shows.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Shows<'a> {
    /// `<code>` blocks, each with its file.
    Code(Vec<Snippet<'a>>),
    /// `Could not find …`, `There is no method …`, `The method … does not appear …`.
    NotFound,
    /// Only file or method names: more results than it shows (`They appeared in the following
    /// files:` / `methods:`).
    NamesOnly,
}

/// A `<code>` block: the file's own text, without line numbers.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Snippet<'a> {
    pub file: &'a str,
    pub code: &'a str,
}

pub(crate) const RESULT: &str = "Result of ";
pub(crate) const BUG_LOCATIONS: &str = "Here are the code in buggy locations:";

/// The tool outputs of a user message: each `Result of CALL:` line starts one (a line inside a
/// `<code>` block never does), the bug-location code is one.
pub(crate) fn calls(message: &str) -> Vec<Call<'_>> {
    if let Some(rest) = message.strip_prefix(BUG_LOCATIONS) {
        return vec![Call {
            call: "bug locations",
            output: rest.strip_prefix('\n').unwrap_or(rest),
        }];
    }
    if !message.starts_with(RESULT) {
        return Vec::new();
    }
    // Byte offsets of the lines that open a result, outside code.
    let mut starts = Vec::new();
    let mut in_code = false;
    let mut at = 0;
    for line in message.split_inclusive('\n') {
        if !in_code && line.starts_with(RESULT) && line.trim_end().ends_with("):") {
            starts.push(at);
        }
        // A block opens with ` <code>` on its `Search result` line and closes with `</code>`.
        if let Some(open) = line.rfind("<code>") {
            in_code = !line[open..].contains("</code>");
        } else if line.contains("</code>") {
            in_code = false;
        }
        at += line.len();
    }
    let mut out = Vec::new();
    for (k, &s) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(message.len());
        let part = &message[s..end];
        let (head, body) = part.split_once('\n').unwrap_or((part, ""));
        let call = head[RESULT.len()..].trim_end().trim_end_matches(':');
        out.push(Call { call, output: body });
    }
    out
}

/// What an output shows: its `<code>` blocks, else why none.
pub(crate) fn shows(output: &str) -> Shows<'_> {
    let mut code = Vec::new();
    let mut rest = output;
    while let Some(i) = rest.find("Search result ") {
        rest = &rest[i..];
        let Some(file) = between(rest, "<file>", "</file>") else {
            break;
        };
        // 2024-04: ` <code>` on the result's line; v2 (2024-11): `<code>` on a line of its own.
        let Some(open) = rest.find("<code>") else {
            break;
        };
        let body = &rest[open + "<code>".len()..];
        // The block ends at the `</code>` the next result (or the output's end) follows.
        let close = close_of(body);
        code.push(Snippet {
            file: file.trim(),
            code: &body[..close],
        });
        rest = &body[(close + "</code>".len()).min(body.len())..];
    }
    if !code.is_empty() {
        return Shows::Code(code);
    }
    if output.contains("They appeared in the following") {
        Shows::NamesOnly
    } else {
        Shows::NotFound
    }
}

/// Where the code of a block ends: the `</code>` followed by a blank line, the next result or
/// the end (a `</code>` inside the code is followed by none of them).
fn close_of(body: &str) -> usize {
    let mut from = 0;
    let mut first = None;
    while let Some(i) = body[from..].find("</code>") {
        let at = from + i;
        first.get_or_insert(at);
        let after = body[at + "</code>".len()..].trim_start_matches([' ', '\t']);
        if after.is_empty() || after.starts_with('\n') {
            return at;
        }
        from = at + 1;
    }
    first.unwrap_or(body.len())
}

fn between<'a>(s: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let a = s.find(open)? + open.len();
    let b = s[a..].find(close)?;
    Some(&s[a..a + b])
}

/// The lines of a `<code>` block as the file has them: a snippet ends with its last line's line
/// break; a `search_code` region (`get_code_region_containing_code`) starts at the line break
/// before its first line.
pub(crate) fn code_lines(code: &str) -> Vec<&str> {
    let code = code.strip_prefix('\n').unwrap_or(code);
    let code = code.strip_suffix('\n').unwrap_or(code);
    if code.is_empty() {
        return Vec::new();
    }
    code.split('\n').collect()
}

/// The lines of a v2 block (AutoCodeRover of November 2024 writes `f"{i+1} {line}"` for each line,
/// `get_code_snippets`, `get_code_region_containing_code`): each with its number, when every line
/// is numbered and the numbers run on one by one (`None`: a block of the file's own text).
pub(crate) fn numbered<'a>(lines: &[&'a str]) -> Option<Vec<(u32, &'a str)>> {
    // The snippet's lines end with their line breaks and the block adds one more.
    let lines = match lines {
        [rest @ .., ""] => rest,
        all => all,
    };
    let mut out: Vec<(u32, &str)> = Vec::with_capacity(lines.len());
    for l in lines {
        let (n, text) = l.split_once(' ').unwrap_or((l, ""));
        let n: u32 = n
            .parse()
            .ok()
            .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))?;
        if out.last().is_some_and(|(m, _)| m.checked_add(1) != Some(n)) || n == 0 {
            return None;
        }
        out.push((n, text));
    }
    (!out.is_empty()).then_some(out)
}

/// One edit of a patch reply.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Edit {
    pub file: String,
    pub original: String,
    pub patched: String,
}

/// The edits of a patch reply, as `parse_edits` reads them: in each fenced block (a line
/// starting with ```` ``` ```` opens and closes it), lines that are only `# Rest of the code...`
/// dropped, the `<file>`, `<original>` and `<patched>` texts paired in order; the file name
/// trimmed, the two texts without the line breaks at their ends.
pub(crate) fn edits(reply: &str) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut fence: Option<Vec<&str>> = None;
    for line in reply.split('\n') {
        if line.starts_with("```") {
            match fence.take() {
                Some(lines) => out.extend(in_fence(&lines)),
                None => fence = Some(Vec::new()),
            }
            continue;
        }
        if let Some(f) = fence.as_mut() {
            f.push(line);
        }
    }
    out
}

fn in_fence(lines: &[&str]) -> Vec<Edit> {
    let kept: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.trim() != "# Rest of the code...")
        .collect();
    let content = kept.join("\n");
    let all = |tag: &str| -> Vec<&str> {
        let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
        let mut found = Vec::new();
        let mut rest = content.as_str();
        while let Some(a) = rest.find(&open) {
            let from = &rest[a + open.len()..];
            let Some(b) = from.find(&close) else { break };
            found.push(&from[..b]);
            rest = &from[b + close.len()..];
        }
        found
    };
    let (files, originals, patched) = (all("file"), all("original"), all("patched"));
    files
        .iter()
        .zip(originals)
        .zip(patched)
        .map(|((f, o), p)| Edit {
            file: f.trim().to_string(),
            original: o.trim_matches('\n').to_string(),
            patched: p.trim_matches('\n').to_string(),
        })
        .collect()
}
