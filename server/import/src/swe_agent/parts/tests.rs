//! The parts of an action and the windows of an observation, against the line walks they replaced.

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

#[test]
fn windows_and_the_exists_error() {
    let obs = "x\nError: File 'A' already exists.\n[File: /r/A (3 lines total)]\n1:a\n2:b\n(1 more lines below)\nFile updated.\n[File: /r/B (1 lines total)]\n1:\n";
    let w = windows(obs);
    assert_eq!(w.len(), 2);
    assert_eq!(
        &obs[w[0].0..w[0].1],
        "[File: /r/A (3 lines total)]\n1:a\n2:b\n(1 more lines below)\n"
    );
    assert_eq!(&obs[w[1].0..w[1].1], "[File: /r/B (1 lines total)]\n1:\n");
    assert_eq!(
        &obs[with_exists_error(obs, w[0].0)..w[0].0],
        "Error: File 'A' already exists.\n"
    );
    assert_eq!(with_exists_error(obs, w[1].0), w[1].0);
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

/// A refused edit's two windows are one output, flagged, from the error to SWE-agent's advice
/// (the closing lines as the nebius sample's treon run prints them); the windows around it stay.
#[test]
fn a_refusal_is_one_output() {
    let win = "[File: /r/a.py (2 lines total)]\n1:x\n2:y\n";
    let refusal = format!(
        "Your proposed edit has introduced new syntax error(s). Please read this error message \
         carefully and then retry editing the file.\n\nERRORS:\n- E999 IndentationError: \
         unexpected indent\n\nThis is how your edit would have looked if applied\n---\n{win}---\n\n\
         This is the original code before your edit\n---\n{win}---\nYour changes have NOT been \
         applied. Please fix your edit command and try again.\nYou either need to 1) Specify the \
         correct start/end line arguments or 2) Correct your edit code.\nDO NOT re-run the same \
         failed edit command. Running it again will lead to the same error.\n"
    );
    let obs = format!("{win}{refusal}ok\n{win}");
    let (a, r) = (win.len(), win.len() + refusal.len());
    assert_eq!(windows(&obs).len(), 4);
    assert_eq!(
        outputs(&obs),
        vec![(0, a, false), (a, r, true), (r + 3, obs.len(), false)]
    );
    // Without its closing line the refusal is not cut out: its windows stay two.
    let cut = &obs[..obs.find("Your changes").unwrap()];
    assert_eq!(outputs(cut).len(), 3);
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
