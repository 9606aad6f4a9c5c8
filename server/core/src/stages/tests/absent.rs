//! A file the workspace lacks, changed by the gold patch and by the run: it is at the base (a
//! patch changes it, it does not create it) but its text is not at hand, so it is one `<file>`
//! unit known by its path — the same unit for the gold and for the run, wherever in it each
//! changed. Found by scripts/diagnose_oracle.py's definitions: before, the unit ended at the
//! last line each change named, so a run that changed the file beyond the gold's last line
//! "changed 1 of 2 gold change units; not `<file>` (c.toml:1-2)" — false.

use super::*;

#[test]
fn a_file_the_workspace_lacks_is_one_unit_for_the_gold_and_the_run() {
    let gold = change(vec![
        ("a.py", file(&[(10, 11)], Some(vec![(5, 14, "x = 2")]))),
        ("c.toml", file(&[(2, 2)], None)),
    ]);
    let run = change(vec![
        ("a.py", file(&[(10, 10)], Some(vec![(5, 14, "x = 2")]))),
        ("c.toml", file(&[(2, 2), (10, 10)], None)),
    ]);
    let c = Case {
        gold: Some(gold),
        run: Some(run),
        ..case()
    };
    // Both changed units are gold change units; c.toml's text after either change is unknown.
    let s = check(
        c,
        Verdict::Unknown,
        "search and read passed; a changed unit's text after the gold patch or the run's change is unknown (a patch that does not apply to the base file, or a file the workspace lacks)",
    );
    let e = &s.stages.edit;
    assert_eq!((e.recall, e.precision), (Some(1.0), Some(1.0)));
    assert_eq!(e.changed_units, Some(2));
    let gcu = e.gold_change_units.as_ref().unwrap();
    assert!(gcu.iter().all(|u| u.changed), "{gcu:?}");
    // The unit is shown as the gold's change names it: lines 1 to its last changed line.
    let toml = gcu.iter().find(|u| u.unit.path == "c.toml").unwrap();
    assert_eq!(
        (toml.unit.name.as_str(), toml.unit.start, toml.unit.end),
        ("<file>", 1, 2)
    );
}

#[test]
fn a_file_the_workspace_lacks_changed_by_the_run_alone_is_one_unit_outside_the_gold() {
    let run = change(vec![
        ("a.py", file(&[(10, 10)], Some(vec![(5, 14, "x = 2")]))),
        ("c.toml", file(&[(2, 2), (10, 10)], None)),
    ]);
    let c = Case {
        run: Some(run),
        ..case()
    };
    let s = check(
        c,
        Verdict::None,
        "opened every gold file, read every gold unit at or above 50%, changed every gold change unit as the gold did",
    );
    let e = &s.stages.edit;
    assert_eq!(
        (e.recall, e.precision, e.changed_units),
        (Some(1.0), Some(0.5), Some(2))
    );
    assert_eq!(e.lines_outside_gold_files, Some(2));
}
