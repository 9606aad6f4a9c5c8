use super::*;

#[test]
fn aligns_columns() {
    let mut t = Table::new(&["task", "cov"], &[0]);
    t.row(vec!["a".into(), "0.25".into()]);
    t.row(vec!["longer".into(), "1.00".into()]);
    assert_eq!(
        t.render(),
        "task     cov\n------  ----\na       0.25\nlonger  1.00\n"
    );
}

#[test]
fn quotes_csv() {
    assert_eq!(csv_field("a,b"), "\"a,b\"");
    assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(csv_field("plain"), "plain");
}
