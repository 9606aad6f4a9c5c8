//! The parts of an action, against the line walks they replaced.

use super::*;

#[test]
fn commands_edit_bodies_and_heredocs() {
    let p = split("cd a/b\nopen X.java 60\n");
    assert_eq!(
        p,
        vec![
            Part::Shell("cd a/b".into()),
            Part::Tool("open X.java 60".into())
        ]
    );
    let p = split("edit 3:3\nopen me\nend_of_edit\ncat > f <<'EOF'\ngoto 9\nEOF\ncreate B\n");
    assert_eq!(
        p,
        vec![
            Part::Tool("edit 3:3\nopen me\nend_of_edit".into()),
            Part::Shell("cat > f <<'EOF'\ngoto 9\nEOF".into()),
            Part::Tool("create B".into()),
        ]
    );
    assert_eq!(split("ls\n\n"), vec![Part::Shell("ls\n".into())]);
}

/// The searching `edit_text` gives what the line-by-line definition gives, on every action
/// made of these pieces (markers indented, inside a line, at the end without a newline, `\r`s).
#[test]
fn edit_text_agrees_with_its_lines() {
    let pieces = [
        "edit 1:2",
        "\n",
        "a",
        "end_of_edit",
        "  end_of_edit ",
        "xend_of_edit",
        "\r\n",
        "\r",
        " ",
        "\u{a0}",
    ];
    let mut actions = vec![String::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for a in &actions {
            for p in pieces {
                next.push(format!("{a}{p}"));
            }
        }
        actions.extend(next);
    }
    actions.dedup();
    assert!(actions.len() > 10_000);
    for a in &actions {
        assert_eq!(edit_text(a), edit_text_by_lines(a), "{a:?}");
    }
}

/// `split`'s searched `edit` bodies give the parts its line-by-line walk gives, on every
/// action made of these pieces (commands, markers, here-documents, blank lines, `\r`s).
#[test]
fn split_agrees_with_its_lines() {
    let pieces = [
        "edit 1:2",
        "\n",
        "a",
        "end_of_edit",
        " end_of_edit",
        "open f",
        "cat <<EOF",
        "EOF",
        "\r",
        "ls",
        "xend_of_edit",
    ];
    let mut actions = vec![String::new()];
    for _ in 0..5 {
        let mut next = Vec::new();
        for a in &actions {
            for p in pieces {
                next.push(format!("{a}{p}"));
            }
        }
        actions.extend(next);
    }
    assert!(actions.len() > 100_000);
    let mut edits = 0;
    for a in &actions {
        let parts = split(a);
        edits += parts
            .iter()
            .filter(|p| matches!(p, Part::Tool(t) if t.contains('\n')))
            .count();
        assert_eq!(parts, split_with(a, true), "{a:?}");
    }
    assert!(edits > 1_000, "{edits} edits with bodies");
}

#[test]
fn a_command_after_and_is_a_part_of_its_own() {
    assert_eq!(
        split("mkdir -p src/t && create pom.xml\n"),
        vec![
            Part::Shell("mkdir -p src/t".into()),
            Part::Tool("create pom.xml".into())
        ]
    );
    assert_eq!(
        split("ls\ncd a && open X.java 60"),
        vec![
            Part::Shell("ls\ncd a".into()),
            Part::Tool("open X.java 60".into())
        ]
    );
    // Inside quotes, before an `edit` (its body follows), after a pipe or with a second
    // separator: one shell line, as before.
    for line in [
        "echo 'x && open f'",
        "cd a && edit 1:1",
        "cd a && open f | head",
        "cd a && open f; ls",
        "grep -n x f && goto \"$N\"",
    ] {
        assert_eq!(split(line), vec![Part::Shell(line.into())], "{line}");
    }
}
