//! `edit a:b` without a workspace, over lines views showed: checked by hand.

use super::super::{EditOp, FileState};

fn lines(start: u32, end: u32, text: &str) -> EditOp {
    EditOp::Lines {
        start,
        end,
        text: text.into(),
    }
}

/// A 10-line file of unknown text whose lines 3–7 a window showed as `l3`…`l7`.
fn shown_3_to_7() -> FileState {
    let mut f = FileState::new(None);
    f.note_len(10);
    for n in 3..=7 {
        f.note_shown(n, &format!("l{n}"));
    }
    f
}

#[test]
fn only_the_changed_lines_of_shown_text_are_edited() {
    let mut f = shown_3_to_7();
    // 4–7 rewritten, 4 and 7 as they were: only 5–6 changed; 4 and 7 keep their base line.
    assert_eq!(f.apply(&lines(4, 7, "l4\nnew\nl7\n")), Some(vec![5, 6]));
    assert_eq!(f.map(&[4, 5, 6]).unwrap().base, vec![4, 7]);
    // A `\r` a view showed is the line break's, not the text's.
    let mut f = shown_3_to_7();
    f.note_shown(3, "l3\r");
    assert_eq!(f.apply(&lines(3, 4, "l3\nx\n")), Some(vec![4]));
}

#[test]
fn lines_not_all_shown_or_shown_before_a_write_count_whole() {
    // Line 8 was never shown: the region is unknown, 7–8 as today.
    let mut f = shown_3_to_7();
    assert_eq!(f.apply(&lines(7, 8, "l7\nx\n")), Some(vec![7, 8]));
    // Shown before another write of the file: stale, so 3–4 count whole, even where the
    // text would still match.
    let mut f = shown_3_to_7();
    assert_eq!(f.apply(&lines(9, 9, "x\n")), Some(vec![9]));
    assert_eq!(f.apply(&lines(3, 4, "l3\ny\n")), Some(vec![3, 4]));
    // ... and a write readcov could not follow (a script) makes them stale too.
    let mut f = shown_3_to_7();
    f.note_lost(|| "a script".into());
    assert_eq!(f.apply(&lines(3, 4, "l3\ny\n")), Some(vec![3, 4]));
}

#[test]
fn with_the_base_text_the_view_is_not_needed() {
    let mut f = FileState::new(Some(b"a\nb\nc\n"));
    // A view disagreeing with the base (a stale log) changes nothing: the base text decides.
    f.note_shown(2, "other");
    assert_eq!(f.apply(&lines(1, 3, "a\nB\nc\n")), Some(vec![2]));
}

/// A script's write (readcov knows only that the script names the file: it is lost to the change,
/// not to the reads) clears what views showed before it, but a window after it shows the file as
/// it is: an `edit a:b` of those lines keeps the ones equal at its ends. Auto-code-rover's
/// SWE-agent run of django-14580 (its `swe-agent-results`): a script wrote
/// `app/migrations/0001_initial.py`, `open` showed its 21 lines, `edit 3:3` kept line 3 and added
/// one after it. Before session 40 every line a..b counted as changed once a script had named the
/// file, so the window after the edit did not read base line 3.
#[test]
fn lines_shown_after_a_scripts_write_are_the_files_text() {
    let mut f = FileState::new(None);
    f.note_lost(|| "written by the script of `python simulate_makemigrations.py`".into());
    f.note_len(21);
    for n in 1..=21 {
        f.note_shown(n, &format!("l{n}"));
    }
    // A pure insertion after the kept line 3: its row is line 3, as before.
    assert_eq!(f.apply(&lines(3, 3, "l3\nnew\n")), Some(vec![3]));
    let m = f.map(&(1..=22).collect::<Vec<_>>()).unwrap();
    assert_eq!(m.base, (1..=21).collect::<Vec<_>>());
    assert_eq!(m.agent_written, 1);
}
