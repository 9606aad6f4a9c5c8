//! Stored reads: every field comes back as it went in, equal texts are one allocation, and
//! texts no read holds are let go.

use super::*;
use readcov_core::Names;

fn full(task: &str, run: &str, path: &str) -> ReadSpan {
    ReadSpan {
        task: task.into(),
        run: run.into(),
        path: path.into(),
        start: 3,
        end: 9,
        turn: Some(2),
        step: Some(7),
        tool: Some("view".into()),
        source: Source::Retriever,
        command: Some("sed -n 3,9p a.py".into()),
        kind: EventKind::Edit,
        rank: Some(4),
        score: Some(0.5),
    }
}

#[test]
fn a_stored_read_gives_back_every_field() {
    let mut names = Names::default();
    let read = full("t", "r", "a.py");
    let stored = StoredRead::new(&mut names, read.clone(), 11, Some("abc"));
    assert_eq!(stored.to_span(), read);
    assert_eq!(stored.origin, 11);
    assert_eq!(stored.base.as_deref(), Some("abc"));
    let scoring = stored.scoring_span();
    assert_eq!((scoring.tool, scoring.command), (None, None));
    assert_eq!(
        ReadSpan {
            tool: read.tool.clone(),
            command: read.command.clone(),
            ..scoring
        },
        read
    );
    let plain = ReadSpan::simple("b.py", 1, 2);
    assert_eq!(
        StoredRead::new(&mut names, plain.clone(), 0, None).to_span(),
        plain
    );
}

#[test]
fn equal_texts_are_shared_and_different_ones_are_not() {
    let mut names = Names::default();
    // Two tasks and two runs over one path: the path and the tool are shared, the rest apart.
    let a = StoredRead::new(&mut names, full("t1", "r1", "a.py"), 0, None);
    let b = StoredRead::new(&mut names, full("t2", "r1", "a.py"), 0, None);
    let c = StoredRead::new(&mut names, full("t1", "r2", "a.py"), 0, None);
    assert!(Name::ptr_eq(&a.path, &b.path) && Name::ptr_eq(&a.path, &c.path));
    assert!(Name::ptr_eq(&a.run, &b.run));
    assert!(Name::ptr_eq(&a.task, &c.task));
    assert_eq!((&*b.task, &*c.run), ("t2", "r2"));
    assert!(Name::ptr_eq(
        a.tool.as_ref().unwrap(),
        c.tool.as_ref().unwrap()
    ));
    // t1 t2 r1 r2 a.py view, the command
    assert_eq!(names.len(), 7);
}

#[test]
fn pruning_lets_go_only_of_texts_no_read_holds() {
    let mut names = Names::default();
    let keep = StoredRead::new(&mut names, full("t1", "r1", "a.py"), 0, None);
    let gone = StoredRead::new(&mut names, full("t2", "r2", "a.py"), 0, None);
    drop(gone);
    names.prune();
    // t2 and r2 went; t1, r1, a.py, view and the command stay.
    assert_eq!(names.len(), 5);
    let again = StoredRead::new(&mut names, full("t1", "r1", "a.py"), 0, None);
    assert!(Name::ptr_eq(&keep.task, &again.task));
    assert_eq!(names.len(), 5);
    drop((keep, again));
    names.prune();
    assert!(names.is_empty());
}

/// What a stored read costs besides its shared texts (docs/performance.md gives it per read).
#[test]
fn a_stored_read_is_160_bytes() {
    assert_eq!(std::mem::size_of::<StoredRead>(), 160);
}
