use super::*;

#[test]
fn a_name_is_its_text_and_names_share_one_copy() {
    let mut names = Names::default();
    let a = names.get("src/a.py");
    let b = names.take("src/a.py".to_string());
    assert!(Arc::ptr_eq(&a.0, &b.0), "the same text is one allocation");
    assert!(!Arc::ptr_eq(&a.0, &names.get("src/b.py").0));
    assert_eq!(a, "src/a.py");
    assert_eq!("src/a.py".to_string(), a);
    assert_eq!(format!("{a} {a:?}"), "src/a.py \"src/a.py\"");
    let mut sorted = vec![names.get("b"), names.get("a")];
    sorted.sort();
    assert_eq!(sorted, ["a", "b"]);
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, "\"src/a.py\"");
    let back: Name = serde_json::from_str(r#""src\/a.py""#).unwrap();
    assert_eq!(back, a);
}

#[test]
fn pruning_forgets_only_the_texts_no_one_else_holds() {
    let mut names = Names::default();
    let kept = names.get("kept");
    let gone = names.get("gone");
    assert_eq!(names.len(), 2);
    drop(gone);
    names.prune();
    assert_eq!(names.len(), 1);
    assert!(
        Name::ptr_eq(&kept, &names.get("kept")),
        "a held text stays shared"
    );
    drop(kept);
    names.prune();
    assert!(names.is_empty());
}
