use super::*;

fn check(roots: &[&str], raw: &str, cwd: &str, expected: Result<&str, Reason>) {
    let mut r = Roots::new();
    for x in roots {
        r.add(x);
    }
    assert_eq!(
        r.resolve(raw, cwd).as_deref().map_err(|e| *e),
        expected,
        "{raw} in {cwd}"
    );
}

#[test]
fn strips_container_prefixes() {
    let ws = "/workspace/pallets__flask__2.3";
    check(
        &[ws],
        "/workspace/pallets__flask__2.3/src/flask/app.py",
        "/",
        Ok("src/flask/app.py"),
    );
    check(&[ws], "src/flask/app.py", ws, Ok("src/flask/app.py"));
    check(&[ws], "./src/../src/a.py", ws, Ok("src/a.py"));
    check(
        &[],
        "/testbed/astropy/io/ascii/rst.py",
        "/",
        Ok("astropy/io/ascii/rst.py"),
    );
    check(&[], "astropy/x.py", "/testbed", Ok("astropy/x.py"));
    check(
        &[],
        "/workspace/psf__requests__2.0/requests/models.py",
        "/",
        Ok("requests/models.py"),
    );
    check(&[ws], "/tmp/repro.py", ws, Err(Reason::OutsideRepo));
    check(&[ws], "../other/x.py", ws, Err(Reason::OutsideRepo));
    check(&[ws], "classes.dot", "/workspace", Err(Reason::OutsideRepo));
    check(
        &["/fasterxml__jackson-core"],
        "/fasterxml__jackson-core/src/A.java",
        "/",
        Ok("src/A.java"),
    );
    check(&[ws], "", ws, Err(Reason::Malformed));
    check(&[ws], "~/x.py", ws, Err(Reason::OutsideRepo));
    check(
        &[ws],
        "/workspace/pallets__flask__2.3",
        "/",
        Err(Reason::OutsideRepo),
    );
}

#[test]
fn under_agrees_with_normalize_path_on_edges() {
    let cases = [
        ("/testbed/a.py", "/testbed"),
        ("/testbed", "/testbed"),
        ("/testbedx/a.py", "/testbed"),
        ("/a /b", "/a "),
        ("/a /b", "/a"),
        ("/w/x y/z ", "/w"),
        ("/w/a", "/w/a/b"),
    ];
    for (abs, root) in cases {
        assert_eq!(
            under(abs, root),
            normalize_path(abs, Some(root)).ok(),
            "{abs} {root}"
        );
    }
}

proptest::proptest! {
    /// `under` is `normalize_path(abs, Some(root))` for every root `Roots::add` keeps and
    /// every path `resolve_in` normalises.
    #[test]
    fn under_agrees_with_normalize_path(
        raw in "(/(a|a |\\.|\\.\\.| |_|a\\\\a)){1,5}",
        root in "(/(a|a |\\.| |_)){1,3}",
    ) {
        let mut roots = Roots::default();
        roots.add(&root);
        if let (Ok(abs), Some(root)) = (normalize_path(&raw, None), roots.roots.first()) {
            if abs.starts_with('/') {
                proptest::prop_assert_eq!(
                    under(&abs, root),
                    normalize_path(&abs, Some(root)).ok()
                );
            }
        }
    }
}
