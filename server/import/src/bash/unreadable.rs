//! The error line a reading command prints instead of a file's lines (`cat: f: No such file or
//! directory`): such a read showed no line of the file.

/// The message a reading command prints when it cannot read `path` (GNU and BSD forms: `cat:
/// F: No such file or directory`, `sed: can't read F: …`, `head: cannot open 'F' for reading: …`,
/// `… Is a directory`, `… Permission denied`): a line of the output that starts with the
/// command's name, names the path and ends with the error.
pub(super) fn says_unreadable(out: &str, path: &str) -> bool {
    const READERS: [&str; 15] = [
        "cat", "nl", "less", "more", "bat", "sed", "head", "tail", "grep", "egrep", "fgrep", "rg",
        "awk", "gawk", "mawk",
    ];
    const ERRORS: [&str; 4] = [
        "No such file or directory",
        "No such file or directory (os error 2)",
        "Is a directory",
        "Permission denied",
    ];
    // mawk 1.3.4 on a directory names no path (session 31).
    if out.lines().any(|l| {
        matches!(
            l.trim_end(),
            "awk: read error (Is a directory)" | "mawk: read error (Is a directory)"
        )
    }) {
        return true;
    }
    if path.is_empty() || !out.contains(path) {
        return false;
    }
    out.lines().any(|l| {
        let l = l.trim_end();
        // util-linux `more` prints no error line but `*** d: directory ***` or `******** f: Not a
        // text file ********`; bat `[bat error]: 'f': No such file or directory (os error 2)` or
        // `'d' is a directory.` (before session 28 they passed for the file's lines).
        let starred = l.trim_matches('*').trim();
        if l.starts_with("***")
            && (starred == format!("{path}: directory")
                || starred == format!("{path}: Not a text file"))
        {
            return true;
        }
        if let Some(rest) = l.split_once("[bat error]").map(|(_, r)| r) {
            let quoted = format!("'{path}'");
            return rest.contains(&quoted)
                && (ERRORS.iter().any(|e| rest.ends_with(e)) || rest.ends_with("is a directory."));
        }
        let Some((cmd, rest)) = l.split_once(": ") else {
            return false;
        };
        // mawk: `mawk: cannot open f (No such file or directory)`; gawk on a directory:
        // `gawk: warning: command line argument `d' is a directory: skipped` (session 31).
        let rest_bare = rest.strip_suffix(')').unwrap_or(rest);
        READERS.contains(&cmd)
            && rest.contains(path)
            && (ERRORS.iter().any(|e| rest_bare.ends_with(e))
                || rest.ends_with("is a directory: skipped"))
    })
}
