//! `read_before_edit_by_run` walks each run from its rows; it must give what ordering the run's
//! events (`order_events`) and walking them (`read_before_edit`) gives, as it did before.

use crate::group::by_task_run;
use crate::metrics::FileLengths;
use crate::sheet::before_edit::{read_before_edit, read_before_edit_by_run, ReadBeforeEdit};
use crate::sheet::events::order_events;
use crate::span::{EventKind, ReadSpan, Source};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// What `read_before_edit_by_run` gave before it walked rows: the events of every run that has
/// an edit, ordered, then walked.
fn by_events(
    rows: &[ReadSpan],
    sources: &BTreeSet<Source>,
    units: &BTreeMap<String, Vec<(u32, u32)>>,
    lengths: &dyn FileLengths,
) -> BTreeMap<(String, String), ReadBeforeEdit> {
    by_task_run(rows, |_| true)
        .into_iter()
        .filter(|(_, rows)| rows.iter().any(|r| r.kind == EventKind::Edit))
        .map(|((t, r), rows)| {
            let events = order_events(&rows, sources);
            (
                (t.to_string(), r.to_string()),
                read_before_edit(&events, units, lengths),
            )
        })
        .collect()
}

fn row() -> impl Strategy<Value = ReadSpan> {
    (
        0..3u8,
        0..3u8,
        0..3u8,
        (1..40u32, 0..12u32),
        (prop::option::of(0..4u32), prop::option::of(0..3u32)),
        prop::bool::weighted(0.3),
        prop::sample::select(vec![Source::Agent, Source::Human, Source::Manual]),
    )
        .prop_map(|(t, r, p, (start, len), (turn, step), edit, source)| {
            let mut row = ReadSpan::simple(&format!("p{p}.py"), start, start + len);
            row.task = format!("t{t}");
            row.run = format!("r{r}");
            row.turn = turn;
            row.step = step;
            row.kind = if edit {
                EventKind::Edit
            } else {
                EventKind::Read
            };
            row.source = source;
            row
        })
}

proptest! {
    #[test]
    fn rows_walked_as_their_events_are(rows in prop::collection::vec(row(), 0..40)) {
        let sources: BTreeSet<Source> = [Source::Agent, Source::Human].into_iter().collect();
        let units: BTreeMap<String, Vec<(u32, u32)>> =
            [("p0.py".to_string(), vec![(1, 20), (5, 9), (30, 45)])].into_iter().collect();
        let lengths: BTreeMap<String, u32> = [("p1.py".to_string(), 25)].into_iter().collect();
        let got = read_before_edit_by_run(&rows, &sources, &units, &lengths);
        prop_assert_eq!(&got, &by_events(&rows, &sources, &units, &lengths));
        let runs_with_edits: BTreeSet<(&str, &str)> = (rows.iter())
            .filter(|r| r.kind == EventKind::Edit)
            .map(|r| (r.task.as_str(), r.run.as_str()))
            .collect();
        prop_assert_eq!(got.len(), runs_with_edits.len());
    }
}

/// With the file's length known, a read past its end reads no line there, also in an edit's
/// region that reaches past the end (an edit there: edits are not clipped). Before session 24 the
/// walk kept reads unclipped and counted line 31 of a 30-line file as read (7 of 12, not 6).
#[test]
fn reads_past_the_end_of_a_file_count_no_line_there() {
    let mut read = ReadSpan::simple("b.py", 25, 35);
    read.turn = Some(0);
    let mut edit = ReadSpan::simple("b.py", 30, 31);
    edit.turn = Some(1);
    edit.kind = EventKind::Edit;
    let rows = vec![read, edit];
    let sources: BTreeSet<Source> = [Source::Agent].into_iter().collect();
    let lengths: BTreeMap<String, u32> = [("b.py".to_string(), 30)].into_iter().collect();
    let units: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
    let got = read_before_edit_by_run(&rows, &sources, &units, &lengths);
    let e = &got[&("default".to_string(), "default".to_string())].per_edit[0];
    // The ±10-line window 20..=31 (clipped to the file, but not before the edit's own end).
    assert_eq!((e.region_start, e.region_end, e.region_lines), (20, 31, 12));
    assert_eq!(e.read_lines, 6);
    assert_eq!(got, by_events(&rows, &sources, &units, &lengths));
}
