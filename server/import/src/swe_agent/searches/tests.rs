//! Search outputs cut at their closing lines.

use super::*;

fn tools(cmds: &[&str]) -> Vec<Part> {
    cmds.iter().map(|c| Part::Tool((*c).to_string())).collect()
}

#[test]
fn each_search_gets_its_own_output() {
    let obs = "Found 1 matches for \"a\" in /r/F.java:\nLine 3:a\nEnd of matches for \"a\" in /r/F.java\nNo matches found for \"b\" in /r/F.java\n";
    let got = outputs(&tools(&["search_file \"a\"", "search_dir \"b\""]), obs).unwrap();
    assert_eq!(
        got,
        vec![
            "Found 1 matches for \"a\" in /r/F.java:\nLine 3:a\nEnd of matches for \"a\" in /r/F.java\n",
            "No matches found for \"b\" in /r/F.java\n",
        ]
    );
    // A closing line short (an error printed instead), a text after the last one, another
    // command among them, or a lone search: not cut.
    let usage = "Usage: search_file <search_term> [<file>]\nError: File name X not found.\nNo matches found for \"b\" in /r/F.java\n";
    assert_eq!(
        outputs(&tools(&["search_file a X", "search_file b"]), usage),
        None
    );
    assert_eq!(
        outputs(
            &tools(&["search_file a", "search_file b"]),
            &format!("{obs}x\n")
        ),
        None
    );
    assert_eq!(
        outputs(&tools(&["search_file a", "find_file b"]), obs),
        None
    );
    assert_eq!(outputs(&tools(&["search_file a"]), obs), None);
}
