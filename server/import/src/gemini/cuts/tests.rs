use super::*;

#[test]
fn context_and_cuts() {
    let read = "a\nb\n\n\n--- Newly Discovered Project Context ---\nUse tabs.\n--- End Project Context ---";
    assert_eq!(without_context(read), "a\nb\n");
    assert_eq!(without_context("a\nb\n"), "a\nb\n");
    let cut = shell_cut("l1\nl\n\n... [12,345 characters omitted] ...\n\n9\nl10\n");
    assert_eq!(
        cut,
        "l1\nl\n[... Observation truncated due to length ...]\n9\nl10\n"
    );
    let cut = shell_cut("l1\nl2\n... [CONTENT TRUNCATED] ...\nl9\nl10");
    assert_eq!(cut, "l1\nl2\n\n... [1 lines truncated] ...\nl9\nl10");
    assert_eq!(shell_cut("a\n... [x] ...\n"), "a\n... [x] ...\n");
}
