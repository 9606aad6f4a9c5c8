use super::*;

#[test]
fn escapes_markup() {
    assert_eq!(
        esc(r#"<a href="x">&'</a>"#),
        "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
    );
    assert_eq!(num(None, None), "–");
    assert_eq!(num(Some(0.255), None), "0.26");
    assert_eq!(num(Some(0.4996), Some(0.5)), "0.499");
    assert_eq!(pct(0.5, None), "50%");
    assert_eq!(pct(0.9996, None), "99.9%");
}
