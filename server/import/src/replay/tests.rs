//! Replay cases, checked by hand against the line numbers an editor would show.

use super::*;
use apply::joined;

fn file(n: u32) -> FileState {
    let text: String = (1..=n).map(|i| format!("line{i}\n")).collect();
    FileState::new(Some(text.as_bytes()))
}

fn map(f: &FileState, lines: &[u32]) -> (Vec<u32>, usize) {
    let m = f.map(lines).expect("aligned");
    (m.base, m.agent_written)
}

#[test]
fn untouched_file_is_identity() {
    let f = file(5);
    assert_eq!(
        map(&f, &[1, 5, 6]),
        (vec![1, 5], 0),
        "line 6 is past the end"
    );
    assert_eq!(f.text_at(2), Some("line2"));
}

#[test]
fn str_replace_adds_lines_and_keeps_context() {
    let mut f = file(6);
    // line3 becomes three lines: "line3" kept (common prefix), two new ones.
    let touched = f.apply(&EditOp::StrReplace {
        old: "line3".into(),
        new: "line3\nnew a\nnew b".into(),
    });
    assert_eq!(
        touched,
        Some(vec![3]),
        "pure insertion anchors to the base line before it"
    );
    // current: 1,2,3,(a),(b),4,5,6 → current 6 is base 4, current 8 is base 6.
    assert_eq!(map(&f, &[1, 2, 3, 4, 5, 6, 8]), (vec![1, 2, 3, 4, 6], 2));
    assert_eq!(f.text_at(4), Some("new a"));
}

#[test]
fn str_replace_changing_a_line_touches_it() {
    let mut f = file(4);
    let touched = f.apply(&EditOp::StrReplace {
        old: "ne2\nline3".into(),
        new: "NE2".into(),
    });
    assert_eq!(touched, Some(vec![2, 3]));
    // current: line1, liNE2 (new), line4
    assert_eq!(map(&f, &[1, 2, 3]), (vec![1, 4], 1));
}

#[test]
fn str_replace_not_found_makes_file_dirty() {
    let mut f = file(3);
    assert_eq!(
        f.apply(&EditOp::StrReplace {
            old: "zzz".into(),
            new: "y".into()
        }),
        None
    );
    assert!(f.map(&[1]).is_none());
}

#[test]
fn insert_and_undo() {
    let mut f = file(3);
    assert!(f
        .apply(&EditOp::Insert {
            after: 0,
            text: "top\n".into()
        })
        .is_some());
    assert_eq!(map(&f, &[1, 2, 4]), (vec![1, 3], 1));
    assert_eq!(
        f.apply(&EditOp::Undo),
        Some(vec![]),
        "undoing an insertion touches no base line"
    );
    assert_eq!(map(&f, &[1, 2, 3]), (vec![1, 2, 3], 0));
    assert!(f
        .apply(&EditOp::StrReplace {
            old: "line2".into(),
            new: "X".into()
        })
        .is_some());
    assert_eq!(f.apply(&EditOp::Undo), Some(vec![2]));
}

#[test]
fn swe_agent_lines_edit_needs_only_a_length() {
    let mut f = FileState::new(None);
    assert_eq!(
        f.apply(&EditOp::Lines {
            start: 2,
            end: 2,
            text: "x\n".into()
        }),
        None,
        "no length: dirty"
    );
    let mut f = FileState::new(None);
    f.note_len(10);
    // Replace lines 4..=6 with two lines: base 7.. shift up by one.
    assert_eq!(
        f.apply(&EditOp::Lines {
            start: 4,
            end: 6,
            text: "a\nb\n".into()
        }),
        Some(vec![4, 5, 6])
    );
    assert_eq!(map(&f, &[3, 4, 5, 6, 9]), (vec![3, 7, 10], 2));
    assert_eq!(f.current_len(), Some(9));
}

#[test]
fn hunks_replay() {
    let mut f = file(6);
    let hunk = vec![
        " line2".to_string(),
        "-line3".into(),
        "+x".into(),
        "+y".into(),
        " line4".into(),
    ];
    assert_eq!(f.apply(&EditOp::Hunks(vec![(2, hunk)])), Some(vec![3]));
    assert_eq!(map(&f, &[2, 3, 4, 5, 7]), (vec![2, 4, 6], 2));
}

#[test]
fn create_is_all_agent_lines_and_opaque_is_dirty() {
    let mut f = FileState::new(None);
    assert!(f
        .apply(&EditOp::Create {
            text: "a\nb\n".into()
        })
        .is_some());
    assert_eq!(map(&f, &[1, 2]), (vec![], 2));
    let mut g = file(3);
    assert_eq!(
        g.apply(&EditOp::Opaque(crate::replay::UNFOLLOWED_WRITE)),
        None
    );
    assert!(g.is_dirty());
}

#[test]
fn hunk_pure_insertion_anchors_to_the_line_before() {
    let mut f = file(4);
    let hunk = vec![
        " line1".to_string(),
        " line2".into(),
        "+x".into(),
        " line3".into(),
    ];
    assert_eq!(f.apply(&EditOp::Hunks(vec![(1, hunk)])), Some(vec![2]));
    assert_eq!(map(&f, &[3, 4]), (vec![3], 1));
}

/// SWE-agent's `edit 101:101` on a 100-line file appends (the tool slices a bash array, so a
/// start past the end stops at it): the file stays aligned, the append anchors to the last base
/// line, and later reads of base lines are still credited.
#[test]
fn swe_agent_edit_past_the_end_appends() {
    let mut f = FileState::new(None);
    f.note_len(100);
    assert_eq!(
        f.apply(&EditOp::Lines {
            start: 101,
            end: 101,
            text: "x\ny\n".into()
        }),
        Some(vec![100])
    );
    assert_eq!(f.current_len(), Some(102));
    assert_eq!(map(&f, &[1, 100, 101, 102]), (vec![1, 100], 2));
    // Far past the end, and an end past the end from inside the file: the same slicing.
    let mut f = file(5);
    assert_eq!(
        f.apply(&EditOp::Lines {
            start: 9,
            end: 12,
            text: "z\n".into()
        }),
        Some(vec![5])
    );
    assert_eq!(f.text_at(6), Some("z"));
    assert_eq!(
        f.apply(&EditOp::Lines {
            start: 5,
            end: 40,
            text: "w\n".into()
        }),
        Some(vec![5])
    );
    assert_eq!(map(&f, &[4, 5]), (vec![4], 1));
    // An end before the start repeats lines in the real tool: not replayed.
    let mut f = file(5);
    let bad = EditOp::Lines {
        start: 4,
        end: 1,
        text: "q\n".into(),
    };
    assert_eq!(f.apply(&bad), None);
    assert!(f.is_dirty());
}

/// The lines joined one at a time, as `joined` did before it took runs of lines at once.
fn joined_line_by_line(lines: &[Line], arena: &str) -> String {
    let parts: Vec<&str> = lines.iter().map(|l| &arena[l.start..l.end]).collect();
    parts.join("\n")
}

proptest::proptest! {
    /// `joined` takes lines that follow one another in the arena as one slice: the text is the
    /// same as joining them one by one, whatever the order, gaps, `\r` and repeats of the lines.
    #[test]
    fn joined_runs_are_the_lines_joined(
        text in "[ab\r\n]{0,40}",
        picks in proptest::collection::vec(0usize..64, 0..24),
        contiguous in proptest::bool::ANY,
    ) {
        let mut arena = text.clone();
        let mut lines = line_spans(&arena, 0, true);
        lines.extend(push_lines(&mut arena, "x\ny\r\n\nz"));
        let chosen: Vec<Line> = if contiguous || lines.is_empty() {
            lines.clone()
        } else {
            picks.iter().map(|i| lines[i % lines.len()]).collect()
        };
        let (runs, one_by_one) = (joined(&chosen, &arena), joined_line_by_line(&chosen, &arena));
        proptest::prop_assert_eq!(runs.as_ref(), one_by_one.as_str());
    }
}

#[test]
fn str_replace_on_text_not_yet_edited_and_after_an_edit() {
    // The first edit matches in the arena's own bytes, the second in a text copied run by run.
    let mut f = FileState::new(Some(b"a\nb\nc\nd\n"));
    let t = f.apply(&EditOp::StrReplace {
        old: "c\nd".into(),
        new: "C\nD\nE".into(),
    });
    assert_eq!(t, Some(vec![3, 4]));
    let t = f.apply(&EditOp::StrReplace {
        old: "b\nC".into(),
        new: "B".into(),
    });
    assert_eq!(t, Some(vec![2]));
    let text: Vec<_> = (1..=4).map(|n| f.text_at(n)).collect();
    assert_eq!(text, [Some("a"), Some("B"), Some("D"), Some("E")]);
}

/// An old text that ends with the file's final line break: the break is kept outside the
/// lines, so it matched nowhere — Gemini CLI's `replace` of a whole file (as `write_file`
/// wrote it, the sample in tests/data/formats/gemini-cli) was "not replayed" and every later
/// edit of the file with it.
#[test]
fn str_replace_may_take_the_files_final_line_break() {
    let mut f = FileState::new(Some(b"a\nb\nc\n"));
    let t = f.apply(&EditOp::StrReplace {
        old: "b\nc\n".into(),
        new: "B\nc\nd\n".into(),
    });
    assert_eq!(
        t,
        Some(vec![2, 3]),
        "b and c changed (c is not the last line now)"
    );
    assert_eq!(f.final_text(), Ok(Some("a\nB\nc\nd\n".into())));
    // The whole file, then a later edit of the replaced text.
    let t = f.apply(&EditOp::StrReplace {
        old: "a\nB\nc\nd\n".into(),
        new: "x\ny\n".into(),
    });
    assert_eq!(t, Some(vec![1]), "line 1 the only base line left");
    assert!(f
        .apply(&EditOp::StrReplace {
            old: "y".into(),
            new: "z".into(),
        })
        .is_some());
    assert_eq!(f.final_text(), Ok(Some("x\nz\n".into())));
    // A new text without the break leaves the file without one.
    let mut g = FileState::new(Some(b"a\nb\n"));
    assert!(g
        .apply(&EditOp::StrReplace {
            old: "b\n".into(),
            new: "B".into(),
        })
        .is_some());
    assert_eq!(g.final_text(), Ok(Some("a\nB".into())));
}

/// The final break gives the old text no second chance: a text found inside the lines as well
/// is two matches (not replayed, as `str_replace` refuses it), and a file without a final break
/// has none to take.
#[test]
fn the_final_line_break_is_matched_only_where_it_is() {
    let mut f = FileState::new(Some(b"b\nb\n"));
    assert_eq!(
        f.apply(&EditOp::StrReplace {
            old: "b\n".into(),
            new: "c\n".into(),
        }),
        None
    );
    let mut g = FileState::new(Some(b"a\nb"));
    assert_eq!(
        g.apply(&EditOp::StrReplace {
            old: "b\n".into(),
            new: "c\n".into(),
        }),
        None
    );
}

/// Removing only lines the agent wrote, in a replacement that keeps base lines equal at its
/// start, touches the base line they followed, not the one before the whole replaced region
/// (pytest-10051's run: `def clear` … `self.handler.reset()` kept, the agent's five lines after
/// it removed — the row said 440, the blank line before `def clear`, not 443).
#[test]
fn removing_agent_lines_anchors_where_they_were() {
    let mut f = file(6);
    let add = f.apply(&EditOp::StrReplace {
        old: "line2\nline3".into(),
        new: "line2\nline3\nnew a\nnew b".into(),
    });
    assert_eq!(add, Some(vec![3]));
    let remove = f.apply(&EditOp::StrReplace {
        old: "line2\nline3\nnew a\nnew b".into(),
        new: "line2\nline3".into(),
    });
    assert_eq!(
        remove,
        Some(vec![3]),
        "the agent's lines followed base line 3"
    );
    assert_eq!(map(&f, &[1, 2, 3, 4]), (vec![1, 2, 3, 4], 0));
}

/// A write of the whole text over a file whose text is known (`cat > F << 'EOF'` of a base file,
/// Claude Code `Write` of an existing file) replaces that text: lines equal at its start and end
/// keep their base origin, as in a `str_replace`, and the base lines it removed or changed are
/// touched. Before session 33 every line was the agent's and nothing was touched.
#[test]
fn an_overwrite_keeps_the_lines_equal_at_its_start_and_end() {
    let mut f = file(6);
    let text = "line1\nline2\nNEW\nline5\nline6\n";
    assert_eq!(
        f.apply(&EditOp::Create { text: text.into() }),
        Some(vec![3, 4])
    );
    assert_eq!(map(&f, &[1, 2, 3, 4, 5]), (vec![1, 2, 5, 6], 1));
    // Over a file with no known text (no workspace, or a write lost it): all the agent's, as before.
    let mut g = FileState::new(None);
    g.note_len(3);
    assert_eq!(
        g.apply(&EditOp::Create { text: "a\n".into() }),
        Some(vec![])
    );
    assert_eq!(map(&g, &[1]), (vec![], 1));
    // A file the run created (no base origin anywhere): rewriting it touches no base line.
    let mut h = FileState::new(None);
    h.apply(&EditOp::Create {
        text: "a\nb\n".into(),
    });
    assert_eq!(
        h.apply(&EditOp::Create {
            text: "a\nc\n".into()
        }),
        Some(vec![])
    );
    assert_eq!(map(&h, &[1, 2]), (vec![], 2));
}
