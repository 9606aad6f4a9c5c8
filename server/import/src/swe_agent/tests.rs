use super::*;

#[test]
fn window_and_search() {
    assert_eq!(
        window_file("[File: /r/a b.java (10 lines total)]\n1:x").as_deref(),
        Some("/r/a b.java")
    );
    let (p, body) = search_file(
        "Found 2 matches for \"x\" in /r/A.java:\nLine 3:  x\nLine 9:x()\nEnd of matches",
    )
    .unwrap();
    assert_eq!(p, "/r/A.java");
    assert_eq!(body, "3:  x\n9:x()\n");
}

/// An edit's text is each body line and a newline, as a `format!` per line made it; its
/// output is the observation, lent.
#[test]
fn edit_text_and_output() {
    let obs = "[File: /r/a.py (3 lines total)]\n1:x\n";
    for (action, text) in [
        ("edit 1:1\na\r\nb\nend_of_edit\nc", "a\nb\n"),
        ("edit 1:2\n  a\n  end_of_edit  \nb", "  a\n"),
        ("edit 1:1\nno end", "no end\n"),
        ("edit 1:1\nend_of_edit", ""),
    ] {
        let (op, out) = op_for(action, obs);
        assert!(matches!(out, Cow::Borrowed(o) if o == obs));
        match op {
            Op::Edit {
                edit: EditOp::Lines { text: t, .. },
                ..
            } => assert_eq!(t, text, "{action:?}"),
            other => panic!("{action:?}: {other:?}"),
        }
    }
}

/// An edit the linter refused writes nothing; the window SWE-agent shows of the file as it is
/// ("This is the original code before your edit") is a read, the window of the edit as it would
/// have looked is not.
#[test]
fn refused_edit_reads_the_original_window() {
    let obs = "Your proposed edit has introduced new syntax error(s).\n\nERRORS:\n- E999 \
               IndentationError: unexpected indent\n\nThis is how your edit would have looked if \
               applied\n---\n[File: /r/a.py (5 lines total)]\n1:  bad\n2:y\n(3 more lines below)\n---\n\n\
               This is the original code before your edit\n---\n[File: /r/a.py (5 lines total)]\n\
               1:x\n2:y\n(3 more lines below)\n---\nYour changes have NOT been applied. Please fix \
               your edit command and try again.\n";
    let (op, out) = op_for("edit 1:1\n  bad\nend_of_edit", obs);
    match op {
        Op::View { path, .. } => assert_eq!(path, "/r/a.py"),
        other => panic!("{other:?}"),
    }
    assert!(out.starts_with("This is the original code"), "{out}");
    assert!(out.contains("1:x\n2:y\n") && !out.contains("bad") && !out.contains("NOT been"));
    // A refusal without that window (a usage error) stays a tool error.
    let (op, _) = op_for(
        "edit 1\nx\nend_of_edit",
        "Usage: edit <start_line>:<end_line>\n",
    );
    assert!(matches!(op, Op::Skip(Reason::ToolError)), "{op:?}");
}

/// SWE-agent 1.x keeps the whole observation in the `.traj`, but sent the model only its first
/// `max_observation_length` characters (or, with a template that shows none, nothing); classic
/// logs (no `replay_config`) were sent whole.
#[test]
fn one_x_observation_cut_as_sent() {
    let obs = "1\n2\n3\n4\n5\n".to_string();
    let doc = |tpl: &str| {
        serde_json::json!({"replay_config": serde_json::json!({"agent": {"templates": {
            "max_observation_length": 5, "next_step_truncated_observation_template": tpl}}}).to_string()})
    };
    let cut = observation_cut(&doc(
        "Observation: {{observation[:max_observation_length]}}<response clipped>",
    ));
    assert_eq!(cut, Some((5, true)));
    assert_eq!(sent(Cow::Borrowed(&obs), cut), "1\n2\n3<response clipped>");
    let advice = observation_cut(&doc(
        "<warning>\nThe output of your last command was too long.\n</warning>",
    ));
    assert_eq!(
        crate::display::displayed(&sent(Cow::Borrowed(&obs), advice)).count(),
        0
    );
    // v1.1.0's `{{observation}}`: the `.traj` already holds the cut text.
    assert_eq!(
        observation_cut(&doc("Observation: {{observation}}<response clipped>")),
        None
    );
    // Within the limit, or a classic log: shown whole, the observation lent.
    assert!(matches!(
        sent(Cow::Borrowed("1\n2\n"), cut),
        Cow::Borrowed(_)
    ));
    assert_eq!(
        observation_cut(&serde_json::json!({"trajectory": []})),
        None
    );
    assert!(matches!(sent(Cow::Borrowed(&obs), None), Cow::Borrowed(_)));
}

/// A log lost its outputs' last line break when most of its observations end without one; a
/// `submit`'s (the patch) and one the model was not sent (blank, or the no-output template a
/// chat row carries) do not count. Only an observation ending with a line break gets one back.
#[test]
fn last_line_break_given_back_where_the_log_lost_it() {
    let step = |a: &'static str, o: &'static str| Step {
        action: Some(Cow::Borrowed(a)),
        observation: Some(Cow::Borrowed(o)),
    };
    let lost = [step("ls", "a"), step("cat f", "x\n"), step("ls", "b")];
    assert!(breaks::lost_last_break(&lost));
    let kept = [step("ls", "a\n"), step("cat f", "x\n"), step("ls", "b")];
    assert!(!breaks::lost_last_break(&kept));
    // Patches, blank outputs and the no-output template are no outputs' ends.
    let submits = [
        step("ls", "a"),
        step("submit", "diff\n"),
        step("cd x\nsubmit", "diff\n"),
        step("rm f", "\n"),
        step(
            "rm f",
            "Your command ran successfully and did not produce any output.\n",
        ),
    ];
    assert!(breaks::lost_last_break(&submits));
    assert!(!breaks::lost_last_break(&[]));
    assert_eq!(breaks::shown(Cow::Borrowed("x\n"), true), "x\n\n");
    assert!(matches!(
        breaks::shown(Cow::Borrowed("x"), true),
        Cow::Borrowed("x")
    ));
    assert!(matches!(
        breaks::shown(Cow::Borrowed("x\n"), false),
        Cow::Borrowed("x\n")
    ));
    for blank in [
        "",
        "\n",
        " \n\n",
        "Your command ran successfully and did not produce any output.",
    ] {
        assert_eq!(breaks::shown(Cow::Borrowed(blank), true), "");
    }
}
