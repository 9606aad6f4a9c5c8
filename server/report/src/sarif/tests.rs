use super::*;

#[test]
fn encodes_uri_paths() {
    assert_eq!(uri_path("src/a b/ü.py"), "src/a%20b/%C3%BC.py");
    assert_eq!(uri_path("a-b_c.d~/x"), "a-b_c.d~/x");
    assert_eq!(artifact("/abs/x y.py")["uri"], "file:///abs/x%20y.py");
    assert_eq!(artifact("rel.py")["uriBaseId"], SRCROOT);
}
