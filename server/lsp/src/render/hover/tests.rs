use super::*;

fn check(cmd: &str, want: &str) {
    assert_eq!(short_command(cmd), want, "{cmd}");
}

#[test]
fn commands_are_short_and_cut() {
    check(
        r#"{"command": "view", "path": "/workspace/pylint/pylint/checkers/variables.py", "view_range": [1670, 1700]}"#,
        "view variables.py view_range=1670–1700",
    );
    check("grep -n  foo\n  bar.py", "grep -n foo bar.py");
    check("echo `id`", "echo 'id'");
    let long = format!("cat {}", "a".repeat(200));
    let short = short_command(&long);
    assert_eq!(short.chars().count(), COMMAND_CHARS);
    assert!(
        short.ends_with('…') && short.starts_with("cat aaa"),
        "{short}"
    );
    check(
        r#"{"command": "create", "file_text": "x\ny"}"#,
        "create file_text=x y",
    );
    check("[1, 2]", "[1, 2]");
}
