use super::*;
use crate::shell::parse;

fn script(cmd: &str) -> Option<Script> {
    script_of(&parse(cmd)[0].stages[0])
}

#[test]
fn interpreters_and_what_they_run() {
    assert_eq!(
        script("python fix.py --x"),
        Some(Script::File("fix.py".into()))
    );
    assert_eq!(
        script("python3 -u /t/fix.py"),
        Some(Script::File("/t/fix.py".into()))
    );
    assert_eq!(
        script("python -c 'print(1)'"),
        Some(Script::Inline("print(1)".into()))
    );
    assert_eq!(
        script("python - <<'EOF'\nopen('a','w')\nEOF"),
        Some(Script::Inline("open('a','w')\n".into()))
    );
    assert_eq!(script("python -m pytest tests"), None);
    assert_eq!(script("cat fix.py"), None);
    assert_eq!(script("perl -e 'x'"), Some(Script::Inline("x".into())));
}

#[test]
fn writes_named_by_literals_and_by_names() {
    let code = "import re\nwith open('a/b.py', 'r') as f:\n    s = f.read()\nwith open('a/b.py', 'w') as f:\n    f.write(s)\nout = 'c.py'\nopen(out, mode='a')\nPath(\"d.py\").write_text(s)\nshutil.copy(x, 'e.py')\nopen(dyn(), 'w')\n";
    let w = writes_of(code);
    assert_eq!(w.paths, ["a/b.py", "c.py", "d.py", "e.py"]);
    assert!(!w.unnamed);
    let w = writes_of("with open(path, 'w') as f: pass");
    assert!(w.paths.is_empty() && w.unnamed);
    assert_eq!(writes_of("print(open('x').read())"), Writes::default());
}

/// `writes_of` before the literal gates and the lazy assignments (the property test's oracle).
fn writes_of_every_pattern(code: &str) -> Writes {
    let [open, write_text, moves, assign] = [
        Pattern::Open,
        Pattern::WriteText,
        Pattern::Moves,
        Pattern::Assign,
    ]
    .map(pattern);
    let names: Vec<(String, String)> = (assign.captures_iter(code))
        .map(|c| (c[1].to_string(), c[2].to_string()))
        .collect();
    let mut out = Writes::default();
    for re in [open, write_text, moves] {
        for c in re.captures_iter(code) {
            match (c.get(1), c.get(2)) {
                (Some(p), _) => out.paths.push(p.as_str().to_string()),
                (None, Some(name)) => match names.iter().rev().find(|(n, _)| n == name.as_str()) {
                    Some((_, p)) => out.paths.push(p.clone()),
                    None => out.unnamed = true,
                },
                (None, None) => {}
            }
        }
    }
    out.paths.sort();
    out.paths.dedup();
    out
}

proptest::proptest! {
    #[test]
    fn gated_patterns_agree_with_running_them_all(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            "open(", "Path(", ").write_text(", ".write_bytes(", "shutil.copy(", "shutil.move(",
            "os.rename(", "os.replace(", "x", "out", " = ", "'a.py'", "\"b.py\"", ", ", "'w'",
            "mode='a'", ")", "\n", "  ", "f", "with ", " as f:", "s",
        ]), 0..24),
    ) {
        let code: String = parts.concat();
        proptest::prop_assert_eq!(writes_of(&code), writes_of_every_pattern(&code));
    }
}
