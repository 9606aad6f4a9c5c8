use super::*;

fn check(input: &str, expected: &str) {
    assert_eq!(shown(input), expected, "{input:?}");
}

#[test]
fn controls_are_escaped_and_plain_text_borrowed() {
    check("src/app.py", "src/app.py");
    check("naïve/日本.py", "naïve/日本.py");
    check("a\nSF:/etc/passwd", "a\\nSF:/etc/passwd");
    check("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");
    check("a\rb\tc\x7f\u{9b}", "a\\rb\\tc\\x7f\\x9b");
    check("evil\u{202e}yp.exe", "evil\\u{202e}yp.exe");
    check("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}");
    assert!(matches!(shown("plain"), Cow::Borrowed(_)));
}

#[test]
fn long_names_are_cut_to_their_ends() {
    let long = format!(
        "{}{}{}",
        "a".repeat(300),
        "m".repeat(1_000_000),
        "z".repeat(300)
    );
    let s = shown(&long);
    assert!(s.len() < MAX_SHOWN + 100, "{}", s.len());
    assert!(s.starts_with(&"a".repeat(200)), "{s}");
    assert!(s.ends_with(&"z".repeat(200)), "{s}");
    assert!(
        s.contains(&format!("…[{} bytes not shown]…", long.len() - 400)),
        "{s}"
    );
    let exact = "é".repeat(MAX_SHOWN);
    assert_eq!(shown(&exact), exact);
    let one_more = "é".repeat(MAX_SHOWN + 1);
    assert!(shown(&one_more).contains("…[2 bytes not shown]…"));
}

/// A note quoting two 300-byte paths is shown whole; two 700-byte ones are each cut to their
/// ends as names are; six are cut shorter, to one length that fits the line; every word of the
/// message stays whole in all three.
#[test]
fn a_message_cuts_the_names_it_quotes_never_its_words() {
    let path = |c: &str, n: usize| format!("/{}/{}/traj.json", "d".repeat(n - 82), c.repeat(70));
    let words = [
        "note:",
        "an agent trajectory, not reads JSONL: imported on the fly",
        "(4 read row(s), 3 edit row(s)), as `readcov import",
        "-o reads.jsonl` writes them",
    ];
    let note = |a: &str, b: &str| {
        format!(
            "{} {a}: {} {} {b} {}",
            words[0], words[1], words[2], words[3]
        )
    };
    let (a, b) = (path("a", 300), path("b", 300));
    assert_eq!((a.len(), b.len()), (300, 300));
    let whole = note(&a, &b);
    assert!(whole.len() > MAX_SHOWN);
    assert!(
        matches!(shown(&whole), Cow::Borrowed(_)),
        "{}",
        shown(&whole)
    );

    let (a, b) = (path("a", 700), path("b", 700));
    let long = note(&a, &b);
    let s = shown(&long);
    for w in words {
        assert!(s.contains(w), "{w:?} lost from {s}");
    }
    // Each path keeps its first and last 200 characters (its file name; the colon after the
    // first is part of its word).
    assert!(
        s.contains(&format!("note: {}…[301 bytes not shown]…", &a[..200])),
        "{s}"
    );
    assert!(s.contains(&format!("…{}: an agent", &a[501..])), "{s}");
    assert!(
        s.contains(&format!("import {}…[300 bytes not shown]…", &b[..200])),
        "{s}"
    );
    assert!(
        s.contains(&format!("…{} -o reads.jsonl`", &b[500..])),
        "{s}"
    );

    let six = [0, 1, 2]
        .map(|_| note(&path("e", 300), &path("f", 300)))
        .join(" ");
    let s = shown(&six);
    assert_eq!(s.matches("note: /ddd").count(), 3, "{s}");
    assert_eq!(s.matches(" bytes not shown]…").count(), 6, "{s}");
    assert_eq!(s.matches(words[1]).count(), 3, "{s}");
    let marks = s.matches('…').count() / 2 * "…[000 bytes not shown]…".chars().count();
    let kept = s.chars().count() - marks;
    assert!((MAX_LINE - 6..=MAX_LINE).contains(&kept), "{kept}: {s}");
}

/// A long text of short words (a 1 MB path with spaces, a message of 500 words) cannot keep
/// its words: it is cut to its two ends as one name, never shown whole.
#[test]
fn a_text_whose_words_cannot_fit_is_cut_to_its_ends() {
    let spaced = "ab ".repeat(1 << 19);
    let s = shown(&spaced);
    assert!(s.chars().count() < MAX_SHOWN + 40, "{}", s.len());
    assert!(s.contains(&format!("…[{} bytes not shown]…", spaced.len() - MAX_SHOWN)));
    // Many long words: each at KEEP would still not fit.
    let many = vec!["x".repeat(KEEP + 1); MAX_LINE / KEEP + 1].join(" ");
    assert_eq!(shown(&many).matches("bytes not shown").count(), 1);
    // A line break in a name is escaped, then counted as the two characters shown.
    let name = format!("{}\n{}", "p".repeat(250), "q".repeat(250));
    let line = format!("error: {name}: cannot open");
    let s = shown(&line);
    assert!(
        s.starts_with("error: ppp") && s.ends_with("qqq: cannot open"),
        "{s}"
    );
    assert!(!s.contains('\n'), "{s}");
}
