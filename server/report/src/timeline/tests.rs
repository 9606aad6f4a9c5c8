use super::*;
use readcov_core::{collect_lines, UnknownLengths};

fn read(path: &str, start: u32, end: u32, turn: Option<u32>, step: Option<u32>) -> ReadSpan {
    let mut r = ReadSpan::simple(path, start, end);
    r.turn = turn;
    r.step = step;
    r
}

#[test]
fn cumulative_coverage_counts_each_gold_line_once() {
    let gold = collect_lines([("a.py", 1, 10)], &UnknownLengths);
    let reads = [
        read("a.py", 1, 4, Some(3), None),
        read("a.py", 3, 6, Some(1), None),
        read("b.py", 1, 100, Some(1), None),
        read("a.py", 1, 10, Some(5), None),
        read("a.py", 9, 9, None, None),
    ];
    let refs: Vec<&ReadSpan> = reads.iter().collect();
    let t = timeline(&gold, &refs, &UnknownLengths).expect("has turns");
    assert_eq!(t.key, "turn");
    assert_eq!(t.untimed_reads, 1);
    let got: Vec<(u32, usize, u64, u64)> = t
        .points
        .iter()
        .map(|p| (p.turn, p.reads, p.new_gold_lines, p.covered_lines))
        .collect();
    assert_eq!(got, vec![(1, 2, 4, 4), (3, 1, 2, 6), (5, 1, 4, 10)]);
    assert_eq!(t.points[2].coverage, 1.0);
}

#[test]
fn falls_back_to_step_and_needs_one_of_them() {
    let gold = collect_lines([("a.py", 1, 2)], &UnknownLengths);
    let stepped = [read("a.py", 1, 1, None, Some(7))];
    let refs: Vec<&ReadSpan> = stepped.iter().collect();
    let t = timeline(&gold, &refs, &UnknownLengths).expect("has steps");
    assert_eq!(
        (t.key, t.points[0].turn, t.points[0].coverage),
        ("step", 7, 0.5)
    );
    let plain = [read("a.py", 1, 1, None, None)];
    let refs: Vec<&ReadSpan> = plain.iter().collect();
    assert_eq!(timeline(&gold, &refs, &UnknownLengths), None);
}

#[test]
fn reads_past_the_end_of_a_file_are_clipped() {
    let lengths: BTreeMap<String, u32> = [("a.py".to_string(), 5)].into_iter().collect();
    let gold = collect_lines([("a.py", 1, 10)], &lengths);
    let reads = [read("a.py", 1, 50, Some(0), None)];
    let refs: Vec<&ReadSpan> = reads.iter().collect();
    let t = timeline(&gold, &refs, &lengths).expect("has turns");
    assert_eq!((t.points[0].covered_lines, t.points[0].coverage), (5, 1.0));
}
