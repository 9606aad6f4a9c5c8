//! Reads rows given as cells (`LeanReads::push_cells`, the Python module's dicts and DataFrame
//! columns) against the same rows as JSONL lines (`LeanReads::parse_piece`): a row the cells
//! path declines goes to the text path as its line, and the table either way scores the same
//! rows with the same errors and counts. Cases by hand, then generated rows.

use proptest::prelude::*;
use readcov_core::{
    parse_gold, parse_reads_checked, read_of_cells, score_lean_named, Cell, Cells, LeanReads,
    NamedRuns, ScoreOptions, UnknownLengths, CELLS, READ_KEYS,
};

type Row = Cells<'static>;

/// What a [`Cell::Object`] stands for in a row's line: a base as `readcov import --workspaces`
/// writes it (the caller, not core, tells which values are such objects).
const OBJECT: &str =
    r#"{"sha256":"9d296c3a0dffffbafd59ef15290a6d4c2061a470f3ad2b00709388d35d1dddc0","lines":621}"#;

const GOLD: &str = r#"{"task":"a","path":"src/x.py","start":1,"end":20}
{"task":"b","path":"z.py","start":2,"end":5}
"#;

/// The row's JSONL line, as a writer of dict rows writes it.
fn line(row: &Row) -> String {
    let mut map = serde_json::Map::new();
    for (k, c) in READ_KEYS.iter().zip(row) {
        let v = match c {
            None => continue,
            Some(Cell::Str(s)) => serde_json::Value::from(*s),
            Some(Cell::Int(n)) => serde_json::Value::from(*n),
            Some(Cell::Null) => serde_json::Value::Null,
            Some(Cell::Object) => serde_json::from_str(OBJECT).unwrap(),
        };
        map.insert((*k).to_string(), v);
    }
    serde_json::Value::Object(map).to_string()
}

fn reject_secret(p: &str) -> Result<(), String> {
    match p.contains("secret") {
        true => Err("resolves outside the workspace".into()),
        false => Ok(()),
    }
}

/// Scored rows, errors, records, table rows, has_edits, and how many rows the cells path took.
type Seen = (serde_json::Value, Vec<String>, usize, usize, bool, usize);

fn seen(mut reads: LeanReads, taken: usize) -> Seen {
    let gold = parse_gold(GOLD.as_bytes(), "g.jsonl", None).items;
    let mut rows = Vec::new();
    let opts = ScoreOptions::default();
    let none = NamedRuns::default();
    score_lean_named(&gold, &mut reads, &none, &UnknownLengths, &opts, |r| {
        rows.push(r.into_owned())
    });
    let errors = reads.errors.iter().map(|e| e.to_string()).collect();
    let n = reads.rows().len();
    let v = serde_json::to_value(rows).unwrap();
    (v, errors, reads.records, n, reads.has_edits, taken)
}

fn by_text(rows: &[Row], ws: Option<&str>) -> Seen {
    let mut reads = LeanReads::default();
    for (i, r) in rows.iter().enumerate() {
        let text = line(r) + "\n";
        reads.parse_piece(text.as_bytes(), i + 1, "<reads>", ws, &reject_secret);
    }
    seen(reads, 0)
}

fn by_cells(rows: &[Row], ws: Option<&str>) -> Seen {
    let mut reads = LeanReads::default();
    let mut taken = 0;
    for (i, r) in rows.iter().enumerate() {
        if reads.push_cells(r, ws, &reject_secret) {
            taken += 1;
            continue;
        }
        let text = line(r) + "\n";
        reads.parse_piece(text.as_bytes(), i + 1, "<reads>", ws, &reject_secret);
    }
    seen(reads, taken)
}

/// A row from (key, cell) pairs, each key placed by `LeanReads::cell_slot` (the Python module's
/// rule), which `cell_slots_are_the_read_keys_places` holds to `READ_KEYS`.
fn row(cells: &[(&str, Cell<'static>)]) -> Row {
    let mut r: Row = [None; CELLS];
    for (k, c) in cells {
        let i = LeanReads::cell_slot(k).expect("a known key");
        r[i] = Some(*c);
    }
    r
}

#[test]
fn cell_slots_are_the_read_keys_places() {
    for (i, k) in READ_KEYS.iter().enumerate() {
        assert_eq!(LeanReads::cell_slot(k), Some(i), "{k}");
    }
    // Keys with no cell (a row holding one goes by its text), and near misses of the twelve.
    for k in [
        "", "bases", "rank", "sha256", "Path", "paths", "star", "ends", "task ", "kin", "stepx",
    ] {
        assert_eq!(LeanReads::cell_slot(k), None, "{k:?}");
    }
}

/// Each case: the row and whether the cells path takes it (else the text path decides).
fn check(rows: &[(Row, bool)], ws: Option<&str>) {
    let only: Vec<Row> = rows.iter().map(|(r, _)| *r).collect();
    let (want, got) = (by_text(&only, ws), by_cells(&only, ws));
    assert_eq!(got.0, want.0, "rows differ");
    assert_eq!(got.1, want.1, "errors differ");
    assert_eq!(
        (got.2, got.3, got.4),
        (want.2, want.3, want.4),
        "records, table rows, edits"
    );
    let taken = rows.iter().filter(|(_, t)| *t).count();
    assert_eq!(got.5, taken, "rows taken by cells");
}

#[test]
fn rows_as_cells_score_and_fail_as_their_lines() {
    use Cell::{Int, Null, Str};
    let base = [
        ("task", Str("a")),
        ("run", Str("r1")),
        ("path", Str("src/x.py")),
    ];
    let with = |more: &[(&'static str, Cell<'static>)]| {
        let mut v: Vec<(&str, Cell<'static>)> = base.to_vec();
        v.extend_from_slice(more);
        row(&v)
    };
    let cases = [
        (with(&[("start", Int(1)), ("end", Int(10))]), true),
        (
            with(&[
                ("start", Int(5)),
                ("end", Int(30)),
                ("turn", Int(3)),
                ("step", Null),
            ]),
            true,
        ),
        (
            with(&[
                ("start", Int(2)),
                ("end", Int(2)),
                ("tool", Str("view")),
                ("command", Str("cat \"x\"\n")),
            ]),
            true,
        ),
        (
            with(&[("start", Int(2)), ("end", Int(4)), ("source", Str("human"))]),
            true,
        ),
        (
            with(&[
                ("start", Int(2)),
                ("end", Int(4)),
                ("source", Null),
                ("kind", Null),
            ]),
            true,
        ),
        (
            row(&[
                ("path", Str("./src/../z.py")),
                ("start", Int(1)),
                ("end", Int(3)),
                ("task", Str("b")),
            ]),
            true,
        ),
        (
            row(&[("path", Str("z.py")), ("start", Int(1)), ("end", Int(3))]),
            true,
        ),
        (
            row(&[
                ("path", Str("z.py")),
                ("start", Int(1)),
                ("end", Int(3)),
                ("task", Null),
                ("run", Null),
            ]),
            true,
        ),
        // Declined here, decided by the text path: errors, and the rare valid shapes.
        (with(&[("start", Int(0)), ("end", Int(3))]), false),
        (with(&[("start", Int(9)), ("end", Int(3))]), false),
        (with(&[("start", Int(1)), ("end", Int(1 << 32))]), false),
        (with(&[("start", Int(1))]), false),
        (with(&[("start", Null), ("end", Int(3))]), false),
        (with(&[("start", Str("1")), ("end", Int(3))]), false),
        (
            with(&[("start", Int(1)), ("end", Int(3)), ("source", Str("robot"))]),
            false,
        ),
        (
            with(&[("start", Int(1)), ("end", Int(3)), ("kind", Str("write"))]),
            false,
        ),
        (
            with(&[("start", Int(1)), ("end", Int(3)), ("turn", Str("3"))]),
            false,
        ),
        (
            with(&[("start", Int(1)), ("end", Int(3)), ("tool", Int(3))]),
            false,
        ),
        (
            row(&[
                ("task", Str("")),
                ("path", Str("z.py")),
                ("start", Int(1)),
                ("end", Int(3)),
            ]),
            false,
        ),
        (
            row(&[
                ("task", Int(7)),
                ("run", Int(3)),
                ("path", Str("z.py")),
                ("start", Int(1)),
                ("end", Int(3)),
            ]),
            false,
        ),
        (
            row(&[("path", Str("")), ("start", Int(1)), ("end", Int(3))]),
            false,
        ),
        (
            row(&[("path", Str("..")), ("start", Int(1)), ("end", Int(3))]),
            false,
        ),
        (
            row(&[
                ("path", Str("src/secret.py")),
                ("start", Int(1)),
                ("end", Int(3)),
            ]),
            false,
        ),
        (
            row(&[("path", Int(3)), ("start", Int(1)), ("end", Int(3))]),
            false,
        ),
        (row(&[("start", Int(1)), ("end", Int(3))]), false),
        (row(&[]), false),
        // An edit: taken, and the table says it has edits (the caller then takes whole rows).
        (
            with(&[("start", Int(3)), ("end", Int(4)), ("kind", Str("edit"))]),
            true,
        ),
        // A base, skipped as the text path skips it, whatever JSON it is (the real corpus has
        // an object on every row); an object anywhere else is the text path's to refuse.
        (
            with(&[("start", Int(3)), ("end", Int(4)), ("base", Cell::Object)]),
            true,
        ),
        (
            with(&[
                ("start", Int(3)),
                ("end", Int(4)),
                ("kind", Str("edit")),
                ("base", Cell::Object),
            ]),
            true,
        ),
        (
            with(&[("start", Int(3)), ("end", Int(4)), ("base", Null)]),
            true,
        ),
        (
            with(&[("start", Int(3)), ("end", Int(4)), ("base", Str("x"))]),
            true,
        ),
        (
            with(&[("start", Int(3)), ("end", Int(4)), ("base", Int(1 << 40))]),
            true,
        ),
        (
            with(&[("start", Int(0)), ("end", Int(4)), ("base", Cell::Object)]),
            false,
        ),
        (
            with(&[("start", Int(1)), ("end", Int(4)), ("tool", Cell::Object)]),
            false,
        ),
        (
            row(&[("path", Cell::Object), ("start", Int(1)), ("end", Int(3))]),
            false,
        ),
        (with(&[("start", Cell::Object), ("end", Int(4))]), false),
    ];
    check(&cases, None);
    check(&cases, Some("/ws"));
    for ws in [None, Some("/ws")] {
        for (r, taken) in &cases {
            whole_row_as_its_line(r, ws);
            // What the lean table takes, the general path's cells take too.
            assert_eq!(
                read_of_cells(r, ws, &reject_secret).is_some(),
                *taken,
                "{}",
                line(r)
            );
        }
    }
}

/// `read_of_cells` (whole rows, for reads with edits) against the general path's parse of the
/// row's JSONL line: a row it takes is that line's one read, no error; one it declines is for
/// the text path to take or to word.
fn whole_row_as_its_line(r: &Row, ws: Option<&str>) {
    let text = line(r) + "\n";
    let parsed = parse_reads_checked(text.as_bytes(), "<reads>", ws, &reject_secret);
    if let Some(got) = read_of_cells(r, ws, &reject_secret) {
        assert!(parsed.errors.is_empty(), "{text}: {:?}", parsed.errors);
        assert_eq!(parsed.items, vec![got], "{text}");
    }
}

fn cell() -> impl Strategy<Value = Option<Cell<'static>>> {
    use Cell::{Int, Null, Str};
    let strs = [
        "a",
        "b",
        "r1",
        "",
        "src/x.py",
        "z.py",
        "./z.py",
        "..",
        "/ws/z.py",
        "/abs/q.py",
        "src/secret.py",
        "human",
        "agent",
        "manual",
        "retriever",
        "robot",
        "read",
        "edit",
        "a\"b",
        "tab\there",
        "é",
        "src\\x.py",
    ];
    prop_oneof![
        Just(Some(Null)),
        Just(Some(Cell::Object)),
        prop::sample::select(strs.to_vec()).prop_map(|s| Some(Str(s))),
        prop::sample::select(vec![0u64, 1, 2, 3, 9, 20, u32::MAX as u64, 1 << 32])
            .prop_map(|n| Some(Int(n))),
    ]
}

/// A row: `path`, `start` and `end` usually there, the other keys usually not (so that many
/// rows are valid and taken by the cells path, and the rest fail in every way).
fn gen_row() -> impl Strategy<Value = Row> {
    prop::array::uniform12((cell(), any::<u8>())).prop_map(|cells| {
        let mut r: Row = [None; CELLS];
        for (i, (c, w)) in cells.into_iter().enumerate() {
            let keep = if i < 3 { w < 235 } else { w < 50 };
            r[i] = if keep { c } else { None };
        }
        r
    })
}

proptest! {
    #[test]
    fn generated_rows_as_cells_equal_their_lines(
        rows in prop::collection::vec(gen_row(), 1..12),
        ws in prop::sample::select(vec![None, Some("/ws")]),
    ) {
        let (want, got) = (by_text(&rows, ws), by_cells(&rows, ws));
        prop_assert_eq!(&got.0, &want.0);
        prop_assert_eq!(&got.1, &want.1);
        prop_assert_eq!((got.2, got.3, got.4), (want.2, want.3, want.4));
        for r in &rows {
            whole_row_as_its_line(r, ws);
        }
    }
}
