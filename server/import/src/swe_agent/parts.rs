//! A classic SWE-agent action of several lines (`cd x` then `open Y.java 60`; `create A` then
//! `create B`): the interface's commands in it, each `edit` with its body, and the runs of shell
//! lines between them. The commands are bash functions run one after the other in one shell, so
//! their outputs follow one another in the observation, and every window a command prints starts
//! with its `[File: … (N lines total)]` header: that is where the observation is cut
//! ([`super::windows`]).

use memchr::memmem::Finder;
use std::sync::OnceLock;

/// The interface's own commands (everything else is a shell command).
const TOOLS: [&str; 11] = [
    "open",
    "goto",
    "scroll_up",
    "scroll_down",
    "search_file",
    "search_dir",
    "find_file",
    "create",
    "edit",
    "submit",
    "exit_forfeit",
];

/// One command of an action, or a run of shell lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Part {
    Shell(String),
    Tool(String),
}

/// The first word of a command line.
pub(super) fn verb(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// Whether the interface command prints a file window (its output starts with a header).
pub(super) fn shows_window(command: &str) -> bool {
    matches!(
        verb(command),
        "open" | "goto" | "scroll_up" | "scroll_down" | "create" | "edit"
    )
}

/// The delimiter of a here-document a shell line opens (`cat > f <<'EOF'`), if any.
fn heredoc(line: &str) -> Option<String> {
    let at = line.find("<<")?;
    let rest = &line[at + 2..];
    if rest.starts_with('<') {
        return None;
    }
    let word = rest.trim_start_matches('-').split_whitespace().next()?;
    let delim = word.trim_matches(|c| c == '\'' || c == '"');
    (!delim.is_empty()).then(|| delim.to_string())
}

/// The parts of `action`, in order. An `edit`'s body runs to `end_of_edit`, a here-document's to
/// its delimiter: a line inside either is never a command.
pub(super) fn split(action: &str) -> Vec<Part> {
    split_with(action, false)
}

/// [`split`], each `edit` body walked line by line when `by_lines` (the definition, which the
/// test holds the searching way to).
fn split_with(action: &str, by_lines: bool) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut shell: Vec<&str> = Vec::new();
    let mut lines = action.lines();
    // `str::lines` takes a `\r` off before a newline: an action holding one goes line by line.
    let has_cr = by_lines || memchr::memchr(b'\r', action.as_bytes()).is_some();
    while let Some(line) = lines.next() {
        if let Some((before, command)) = tool_after_and(line) {
            // `mkdir -p d && create d/F.java`: the shell, then the command, as two parts.
            shell.push(before);
            parts.push(Part::Shell(shell.join("\n")));
            shell.clear();
            parts.push(Part::Tool(command.to_string()));
            continue;
        }
        if !TOOLS.contains(&verb(line)) {
            shell.push(line);
            if let Some(delim) = heredoc(line) {
                for body in lines.by_ref() {
                    shell.push(body);
                    if body.trim() == delim {
                        break;
                    }
                }
            }
            continue;
        }
        if shell.iter().any(|l| !l.trim().is_empty()) {
            parts.push(Part::Shell(shell.join("\n")));
        }
        shell.clear();
        let mut command = line.to_string();
        if verb(line) == "edit" && !has_cr {
            // The command runs to the end of its `end_of_edit` line (or of the action, less a
            // last newline): one piece of the action, found by searching, not line by line.
            let start = line.as_ptr() as usize - action.as_ptr() as usize;
            let body = start + line.len();
            let (end, next) = match end_of_edit_line(&action[body..]) {
                Some((_, e)) => (body + e, (body + e + 1).min(action.len())),
                None => (
                    action.len() - usize::from(action.ends_with('\n')),
                    action.len(),
                ),
            };
            command = action[start..end.max(body)].to_string();
            lines = action[next..].lines();
        } else if verb(line) == "edit" {
            for body in lines.by_ref() {
                command.push('\n');
                command.push_str(body);
                if body.trim() == "end_of_edit" {
                    break;
                }
            }
        }
        parts.push(Part::Tool(command));
    }
    if shell.iter().any(|l| !l.trim().is_empty()) {
        parts.push(Part::Shell(shell.join("\n")));
    }
    parts
}

/// A shell line ending in `&& <command>` of the interface (`mkdir -p d && create d/F.java`; the
/// interface's commands are bash functions, so the shell runs it when the first part succeeds):
/// the shell before the last `&&` outside quotes, and the command, when that command is one line
/// (no `edit`, whose body follows) with no `&&`, `||`, `;` or `|` of its own outside quotes.
fn tool_after_and(line: &str) -> Option<(&str, &str)> {
    if TOOLS.contains(&verb(line)) {
        return None;
    }
    let (mut quote, mut last) = (None, None);
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match (quote, c) {
            (None, b'\'' | b'"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, b'&') if b.get(i + 1) == Some(&b'&') && i > 0 && b[i - 1] != b'&' => {
                last = Some(i)
            }
            _ => {}
        }
    }
    let at = last?;
    let (before, command) = (line[..at].trim_end(), line[at + 2..].trim());
    let plain = !command.contains(['&', '|', ';', '\'', '"', '`', '$', '<', '>']);
    let one = TOOLS.contains(&verb(command)) && verb(command) != "edit";
    (one && plain && !before.is_empty()).then_some((before, command))
}

/// The text an `edit` writes: each line after the action's first, up to the first line that is
/// `end_of_edit` (trimmed), each followed by a newline ([`edit_text_by_lines`]). Without a `\r`
/// in the action that text is a piece of it, found by searching for the marker rather than
/// walking every line of the body (the walk was 2% of a chat import's instructions).
pub(super) fn edit_text(action: &str) -> String {
    if memchr::memchr(b'\r', action.as_bytes()).is_some() {
        return edit_text_by_lines(action);
    }
    let Some(nl) = memchr::memchr(b'\n', action.as_bytes()) else {
        return String::new();
    };
    let rest = &action[nl + 1..];
    if let Some((start, _)) = end_of_edit_line(rest) {
        // The body ends at that line's start: empty, or ending in a newline.
        return rest[..start].to_string();
    }
    let mut text = rest.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The start and end (before its newline) of the first line of `text` that is `end_of_edit`
/// once trimmed (such a line holds the word, so only the lines holding it are looked at).
fn end_of_edit_line(text: &str) -> Option<(usize, usize)> {
    static MARK: OnceLock<Finder<'static>> = OnceLock::new();
    let mark = MARK.get_or_init(|| Finder::new("end_of_edit"));
    mark.find_iter(text.as_bytes()).find_map(|at| {
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        (text[start..end].trim() == "end_of_edit").then_some((start, end))
    })
}

/// [`edit_text`] line by line (the definition; the way when the action holds a `\r`, which
/// `str::lines` takes off before a newline).
pub(super) fn edit_text_by_lines(action: &str) -> String {
    let mut text = String::new();
    for l in action
        .lines()
        .skip(1)
        .take_while(|l| l.trim() != "end_of_edit")
    {
        text.push_str(l);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests;
