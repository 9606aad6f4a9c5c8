use super::*;
use crate::shell::parse;

fn check(cmd: &str, files: &[&str], target: Option<&str>) {
    let p = parse(cmd);
    let words = &p[0].stages[0].words;
    let got = operands(words, &words[0]);
    let got_files: Vec<&str> = got.files.iter().map(|w| &***w).collect();
    assert_eq!((got_files.as_slice(), got.target), (files, target), "{cmd}");
}

#[test]
fn an_options_value_is_no_operand() {
    check("truncate -s 0 f.py", &["f.py"], None);
    check("truncate -s0 f.py", &["f.py"], None);
    check("truncate --size 0 f.py", &["f.py"], None);
    check("truncate --size=0 f.py g.py", &["f.py", "g.py"], None);
    check("truncate -cs 0 f.py", &["f.py"], None);
    check("truncate -r ref.py f.py", &["f.py"], None);
    check("install -m 644 -o root a.py b.py", &["a.py", "b.py"], None);
    check("cp -S .orig a.py b.py", &["a.py", "b.py"], None);
    check("rm -rf build x.pyc", &["build", "x.pyc"], None);
}

#[test]
fn after_double_dash_every_word_is_an_operand() {
    check("rm -- -x.py y.py", &["-x.py", "y.py"], None);
    check("truncate -s 0 -- -s", &["-s"], None);
}

#[test]
fn a_target_directory_is_said() {
    check("cp -t dst a.py b.py", &["a.py", "b.py"], Some("dst"));
    check("mv --target-directory=dst a.py", &["a.py"], Some("dst"));
    check("mv --target-directory dst a.py", &["a.py"], Some("dst"));
    check("cp -vt dst a.py", &["a.py"], Some("dst"));
    check("cp -tdst a.py", &["a.py"], Some("dst"));
    assert_eq!(into_dir("dst/", "src/a.py"), "dst/a.py");
    assert_eq!(into_dir("dst", "pkg/"), "dst/pkg");
}

/// Through a run: `cp -t backup pkg/a.py` writes `backup/a.py`, not `pkg/a.py`, so a later
/// `cat -n pkg/a.py` reads the base file. Before session 37 the last operand was taken for the
/// written file: `pkg/a.py`'s text was unknown and the read was credited nothing.
#[test]
fn a_copy_into_a_target_directory_leaves_its_source_readable() {
    use crate::paths::Roots;
    use crate::session::{Action, Op, Session};
    use readcov_core::span::EventKind;
    use std::collections::BTreeMap;
    let repo = BTreeMap::from([("pkg/a.py".to_string(), "x = 1\ny = 2\n".to_string())]);
    let bash = |turn: u32, script: &str, output: &str| Action {
        turn,
        step: turn,
        tool: "t".into(),
        command: script.into(),
        op: Op::Bash {
            script: script.into(),
        },
        output: Some(output.into()),
    };
    let reads = |first: &str| {
        let mut roots = Roots::new();
        roots.add("/repo");
        let mut s = Session::new("t", "r", roots, "/repo", &repo);
        s.apply(&bash(1, first, ""));
        s.apply(&bash(
            2,
            "cat -n pkg/a.py",
            "     1\tx = 1\n     2\ty = 2\n",
        ));
        let (rows, ..) = s.finish();
        let rows = rows.into_iter().filter(|r| r.kind != EventKind::Edit);
        rows.map(|r| (r.path, r.start, r.end)).collect::<Vec<_>>()
    };
    let read = vec![("pkg/a.py".to_string(), 1, 2)];
    assert_eq!(reads("cp -t backup pkg/a.py"), read);
    assert_eq!(reads("truncate -s 0 backup.py"), read);
    // a write of the file itself still makes its text unknown
    assert_eq!(reads("truncate -s 0 pkg/a.py"), vec![]);
}
