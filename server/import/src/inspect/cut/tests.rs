use super::*;

#[test]
fn versions_and_cuts() {
    assert_eq!(
        keep_of("0.3.77.dev10+gab7487cb.d20250324"),
        Some(Keep::Head)
    );
    assert_eq!(keep_of("0.3.116"), Some(Keep::Head));
    assert_eq!(keep_of("0.3.117"), Some(Keep::HeadAndTail));
    assert_eq!(keep_of("0.4.0"), Some(Keep::HeadAndTail));
    assert_eq!(keep_of("dev"), None);
    let note = |kept: &str| format!("The output of your call to bash {START}{kept}{END}\n");
    assert_eq!(
        recut(&note("l1\nl2\nl3 st"), Keep::Head).as_deref(),
        Some("l1\nl2\nl3 st<response clipped>")
    );
    assert_eq!(
        recut(&note("l1\nl2 l8\nl9\n"), Keep::HeadAndTail).as_deref(),
        Some("l1\nl2 \n[... Observation truncated due to length ...]\nl8\nl9\n")
    );
    assert_eq!(recut(&note("é\nl2 l8\nl9"), Keep::HeadAndTail), None);
    assert_eq!(recut("plain output", Keep::Head), None);
}
