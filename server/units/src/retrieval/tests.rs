//! The widening what-if for chunks, on hand-placed units.

use super::*;
use crate::Unit;
use readcov_core::Source;

fn unit(name: &str, start: u32, end: u32, depth: u32) -> Unit {
    Unit {
        kind: "function".into(),
        name: name.into(),
        start,
        end,
        depth,
    }
}

fn chunk(path: &str, s: u32, e: u32) -> ReadSpan {
    ReadSpan {
        source: Source::Retriever,
        rank: Some(1),
        ..ReadSpan::simple(path, s, e)
    }
}

/// `f` 3-10, `g` 12-20 in a 30-line `m.py`; gold 14-18 (inside `g`).
fn check(chunks: &[ReadSpan], want: Widening) {
    let gold = [GoldSpan::simple("m.py", 14, 18)];
    let gold: Vec<&GoldSpan> = gold.iter().collect();
    let syntax: BTreeMap<String, FileSyntax> = [
        (
            "m.py".to_string(),
            FileSyntax::Units {
                units: vec![unit("f", 3, 10, 0), unit("g", 12, 20, 0)],
                parse_errors: 0,
            },
        ),
        ("n.txt".to_string(), FileSyntax::Unsupported),
    ]
    .into();
    let lengths: BTreeMap<String, u32> =
        [("m.py".to_string(), 30), ("c.py".to_string(), 50)].into();
    let chunks: Vec<&ReadSpan> = chunks.iter().collect();
    assert_eq!(widen_chunks(&gold, &chunks, &syntax, &lengths, 2), want);
}

#[test]
fn a_chunk_beside_the_gold_widens_into_it_and_chunks_elsewhere_cost_nothing() {
    // 12-13 ±2 → 10-15: gold 14-15 (2 of 5), 4 extra lines; to `g` 12-20: all 5, 7 extra.
    check(
        &[chunk("m.py", 12, 13), chunk("c.py", 40, 45)],
        Widening {
            hit_files: 1,
            coverage_widened_by_lines: Some(0.4),
            extra_lines_by_lines: 4,
            coverage_widened_to_units: Some(1.0),
            extra_lines_units: 7,
            files_without_units: 0,
        },
    );
}

#[test]
fn a_chunk_across_two_units_widens_to_both_and_clips_at_the_end() {
    // 9-13 spans the end of `f` and the start of `g`: widened to 3-20 (18 lines, 13 extra);
    // ±2 → 7-15: gold 14-15 (2 of 5), 4 extra. 28-30 ±2 → 26-30 (the file has 30 lines):
    // 2 extra; no unit there, so no unit cost.
    check(
        &[chunk("m.py", 9, 13), chunk("m.py", 28, 30)],
        Widening {
            hit_files: 1,
            coverage_widened_by_lines: Some(0.4),
            extra_lines_by_lines: 6,
            coverage_widened_to_units: Some(1.0),
            extra_lines_units: 13,
            files_without_units: 0,
        },
    );
}

#[test]
fn no_chunk_in_a_gold_file_is_no_hit_and_no_widening() {
    check(
        &[chunk("c.py", 1, 5)],
        Widening {
            hit_files: 0,
            coverage_widened_by_lines: Some(0.0),
            extra_lines_by_lines: 0,
            coverage_widened_to_units: Some(0.0),
            extra_lines_units: 0,
            files_without_units: 0,
        },
    );
}

#[test]
fn a_file_without_units_widens_by_lines_only() {
    let gold = [GoldSpan::simple("n.txt", 5, 6)];
    let gold: Vec<&GoldSpan> = gold.iter().collect();
    let syntax: BTreeMap<String, FileSyntax> =
        [("n.txt".to_string(), FileSyntax::Unsupported)].into();
    let c = chunk("n.txt", 3, 3);
    let w = widen_chunks(&gold, &[&c], &syntax, &readcov_core::UnknownLengths, 2);
    // 3 ±2 → 1-5: gold line 5 of 5-6.
    assert_eq!(w.coverage_widened_by_lines, Some(0.5));
    assert_eq!((w.extra_lines_by_lines, w.extra_lines_units), (4, 0));
    assert_eq!(w.coverage_widened_to_units, Some(0.0));
    assert_eq!(w.files_without_units, 1);
    let t = widening_totals([&w], 0.5);
    assert_eq!(
        (t.passing_widened_by_lines, t.passing_widened_to_units),
        (1, 0)
    );
    assert_eq!(t.mean_extra_lines_by_lines, Some(4.0));
}

/// Class `A` 1-20 with methods `f` 3-8 and `f` 10-15 (a redefinition), function `g` 22-30.
fn class_units() -> Vec<Unit> {
    vec![
        unit("A", 1, 20, 0),
        unit("f", 3, 8, 1),
        unit("f", 10, 15, 1),
        unit("g", 22, 30, 0),
    ]
}

#[test]
fn unit_ids_are_qualified_and_repeats_numbered() {
    assert_eq!(
        unit_docs::unit_ids(&class_units()),
        ["A", "A.f", "A.f#2", "g"]
    );
}

#[test]
fn units_ranked_by_their_best_chunk_and_judged_by_gold_lines() {
    use readcov_core::retrieval::docs::Entry;
    let syntax: BTreeMap<String, FileSyntax> = [(
        "m.py".to_string(),
        FileSyntax::Units {
            units: class_units(),
            parse_errors: 0,
        },
    )]
    .into();
    let units = unit_docs::file_units(&syntax);
    // Gold on line 12 (the second `f`) and 2 (A's own line, outside its methods).
    let gold = readcov_core::collect_lines(
        [("m.py", 12, 12), ("m.py", 2, 2)],
        &readcov_core::UnknownLengths,
    );
    let mut c1 = chunk("m.py", 7, 11); // touches A.f, A (its own line 9) and A.f#2
    c1.rank = Some(2);
    let c2 = chunk("m.py", 25, 26); // g, rank 1
    let mut c3 = chunk("m.py", 9, 9); // A again, at a worse rank: A keeps rank 2
    c3.rank = Some(3);
    let cs = [&c1, &c2, &c3];
    let (entries, relevant) =
        unit_docs::unit_entries(&cs, &gold, &units, &readcov_core::UnknownLengths).unwrap();
    let d = |id: &str, r| Entry::Doc {
        id: id.into(),
        relevant: r,
    };
    assert_eq!(
        entries,
        // Rank 1: g; rank 2 in reading order: A, A.f, A.f#2.
        [
            d("m.py:g", false),
            d("m.py:A", true),
            d("m.py:A.f", false),
            d("m.py:A.f#2", true)
        ]
    );
    assert_eq!(relevant, 2);
    // A gold file without units: unit relevance cannot be judged.
    let other = readcov_core::collect_lines([("x.py", 1, 1)], &readcov_core::UnknownLengths);
    assert_eq!(
        unit_docs::unit_entries(&cs, &other, &units, &readcov_core::UnknownLengths),
        None
    );
}

#[test]
fn a_chunk_past_the_end_of_a_gold_file_is_no_hit() {
    // m.py has 30 lines: a chunk at 35-40 holds none of them (file hit 0 in the engine too).
    check(
        &[chunk("m.py", 35, 40)],
        Widening {
            hit_files: 0,
            coverage_widened_by_lines: Some(0.0),
            extra_lines_by_lines: 0,
            coverage_widened_to_units: Some(0.0),
            extra_lines_units: 0,
            files_without_units: 0,
        },
    );
}

#[test]
fn a_no_run_row_has_no_what_if_and_stays_out_of_the_means() {
    // Task `a` has gold and a chunk; task `b` has gold no run read: a `no run` row.
    let gold = [
        GoldSpan {
            task: "a".into(),
            ..GoldSpan::simple("m.py", 1, 2)
        },
        GoldSpan {
            task: "b".into(),
            ..GoldSpan::simple("m.py", 1, 2)
        },
    ];
    let reads = [ReadSpan {
        task: "a".into(),
        ..chunk("m.py", 1, 2)
    }];
    let opts = readcov_core::ScoreOptions::default();
    let rows = at_k_rows(
        &gold,
        &reads,
        &readcov_core::NamedRuns::default(),
        &readcov_core::UnknownLengths,
        &opts,
        &BTreeMap::new(),
        10,
        &[1],
    );
    let b = rows.iter().find(|r| r.task == "b").expect("no run row");
    assert_eq!(b.line_coverage, None);
    assert_eq!(b.widening.coverage_widened_by_lines, None);
    assert_eq!(b.widening.coverage_widened_to_units, None);
    let t = widening_totals(rows.iter().map(|r| &r.widening), 0.5);
    assert_eq!(t.mean_coverage_widened_by_lines, Some(1.0));
    // 1-2 ±10 → 1-12 (no lengths): 10 extra lines, over the one scored row.
    assert_eq!(t.mean_extra_lines_by_lines, Some(10.0));
}

/// A run a label or a run record names that retrieved nothing is a row at every k with nothing
/// retrieved: coverage, file hit and both what-if coverages 0 (in the points' means), no chunk
/// fit, every IR measure 0 at the levels with relevant documents (trec_eval -c's 0). Before
/// session 34 it had no row, and the what-if mean below was 1.0 over the one retrieving run.
#[test]
fn a_named_run_that_retrieved_nothing_is_a_row_with_nothing_retrieved() {
    let gold = [GoldSpan::simple("m.py", 1, 2)];
    let reads = [chunk("m.py", 1, 2)];
    let named = readcov_core::NamedRuns::new([(gold[0].task.to_string(), "idle".to_string())]);
    let opts = readcov_core::ScoreOptions::default();
    let rows = at_k_rows(
        &gold,
        &reads,
        &named,
        &readcov_core::UnknownLengths,
        &opts,
        &BTreeMap::new(),
        10,
        &[1, 3],
    );
    let idle: Vec<&AtKRow> = rows.iter().filter(|r| r.run == "idle").collect();
    assert_eq!(idle.iter().map(|r| r.k).collect::<Vec<_>>(), [1, 3]);
    for r in idle {
        assert_eq!(
            (r.status, r.line_coverage, r.file_hit, r.passes_threshold),
            (
                readcov_core::metrics::Status::Scored,
                Some(0.0),
                Some(0.0),
                Some(false)
            )
        );
        assert_eq!((r.chunks, r.read_lines, r.widening.hit_files), (0, 0, 0));
        assert_eq!(r.widening.coverage_widened_by_lines, Some(0.0));
        assert_eq!(r.widening.coverage_widened_to_units, Some(0.0));
        assert_eq!((r.chunk_precision, r.chunk_iou), (None, None));
        for level in [&r.measures.file, &r.measures.line] {
            let m = level.as_ref().expect("relevant documents: judged");
            assert!(m.values().all(|&v| v == 0.0), "{m:?}");
        }
    }
    let at_one = rows.iter().filter(|r| r.k == 1).map(|r| &r.widening);
    let t = widening_totals(at_one, 0.5);
    assert_eq!(t.mean_coverage_widened_by_lines, Some(0.5));
    assert_eq!(t.passing_widened_by_lines, 1);
}
