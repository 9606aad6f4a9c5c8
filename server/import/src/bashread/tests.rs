//! Read plans of real command shapes from the shipped trajectories.

use super::*;
use crate::shell::parse;

fn plan_of(cmd: &str) -> Plan {
    let p = parse(cmd);
    assert_eq!(p.len(), 1, "{cmd}");
    plan(&p[0])
}

fn window(path: &str, sels: Vec<Sel>) -> Plan {
    Plan::Window {
        path: path.into(),
        sels,
        banner: None,
    }
}

#[test]
fn plans() {
    assert_eq!(
        plan_of("cat ./astropy/modeling/separable.py"),
        window("./astropy/modeling/separable.py", vec![])
    );
    assert_eq!(
        plan_of("cat a.py | head -100"),
        window("a.py", vec![Sel::Head(100)])
    );
    assert_eq!(
        plan_of("head -n 30 a.py"),
        window("a.py", vec![Sel::Head(30)])
    );
    assert_eq!(
        plan_of("tail -n +5 a.py"),
        window("a.py", vec![Sel::From(5)])
    );
    assert_eq!(
        plan_of("cat a.py | tail -200"),
        window("a.py", vec![Sel::Tail(200)])
    );
    assert_eq!(
        plan_of("sed -n '339,380p' f.py"),
        window("f.py", vec![Sel::Ranges(vec![(339, Some(380))])])
    );
    assert_eq!(
        plan_of("sed -n -e '1,3p' -e '10p' f.py"),
        window(
            "f.py",
            vec![Sel::Ranges(vec![(1, Some(3)), (10, Some(10))])]
        )
    );
    assert_eq!(
        plan_of("sed -n '5,$p;7 p' f.py"),
        window("f.py", vec![Sel::Ranges(vec![(5, None), (7, Some(7))])])
    );
    assert_eq!(
        plan_of("cat f.py | grep -n \"_cstack\" -A 30"),
        Plan::Numbered {
            path: "f.py".into(),
            sels: vec![],
            style: Style::Grep
        }
    );
    assert_eq!(
        plan_of("grep -n \"__init__\" src/flask/blueprints.py"),
        Plan::Numbered {
            path: "src/flask/blueprints.py".into(),
            sels: vec![],
            style: Style::Grep
        }
    );
    assert_eq!(plan_of("grep -rn x pylint/checkers/"), Plan::GrepMulti);
    assert_eq!(plan_of("grep -n x a.py b.py"), Plan::GrepMulti);
    // Without `-n`: placed by text (session 34; before, *output without line numbers*).
    let text = |files: &[&str], recursive: bool, context: bool| {
        Plan::GrepText(greptext::GrepText {
            files: files.iter().map(|f| f.to_string()).collect(),
            recursive,
            with_filename: None,
            context,
            start_cut: false,
            end: greptext::End::Whole,
            input: None,
        })
    };
    assert_eq!(
        plan_of("grep -r \"type:\" pylint/checkers/variables.py"),
        text(&["pylint/checkers/variables.py"], true, false)
    );
    assert_eq!(
        plan_of("grep -A 20 \"def visit\" f.py"),
        text(&["f.py"], false, true)
    );
    assert_eq!(
        plan_of("grep -m 1 x f.py"),
        Plan::NoRead(Reason::NoLineNumbers)
    );
    let Plan::GrepText(g) = plan_of("grep x f.py | head -3 | tail -2") else {
        panic!("a grep through head and tail");
    };
    assert_eq!((g.start_cut, g.end), (true, greptext::End::Maybe));
    // A later stage: the grep of what `head` printed of f.py (session 35; before, nothing).
    let Plan::GrepText(g) = plan_of("head -50 f.py | grep foo | head -1") else {
        panic!("a grep of a stream");
    };
    let input = Some(("f.py".to_string(), vec![Sel::Head(50)]));
    assert_eq!((g.input, g.end), (input, greptext::End::HeadOf(1)));
    assert_eq!(
        plan_of("cat f.py | grep -H foo"),
        Plan::NoRead(Reason::NoLineNumbers)
    );
    assert_eq!(
        plan_of("cat f.py | wc -l"),
        Plan::NoRead(Reason::NoLineNumbers)
    );
    assert_eq!(
        plan_of("python3 x.py"),
        Plan::NoRead(Reason::UnknownCommand)
    );
    assert_eq!(
        plan_of("grep -ln x f.py"),
        Plan::NoRead(Reason::NoLineNumbers)
    );
    assert_eq!(
        plan_of("cat -n f.py | sed -n '10,20p'"),
        Plan::Numbered {
            path: "f.py".into(),
            sels: vec![],
            style: Style::CatN
        }
    );
}

#[test]
fn writes_detected() {
    let w = |c: &str| -> Vec<Option<String>> {
        let p = parse(c);
        let w = p.iter().flat_map(writes);
        w.map(|w| w.map(|w| w.into_owned())).collect()
    };
    assert_eq!(w("sed -i 's/a/b/g' x.py"), vec![Some("x.py".to_string())]);
    // GNU sed's options (session 36): a second `-e` script is no file (before, `2d` was taken for
    // one), `-Ei` is `-i` (before, not seen), `-i.bak`'s operands, `-f`'s script file is read.
    let x = vec![Some("x.py".to_string())];
    assert_eq!(w("sed -i -e 's/a/b/' -e '2d' x.py"), x);
    assert_eq!(w("sed -Ei 's/(a)/b/' x.py"), x);
    assert_eq!(w("sed -i.bak 's/a/b/' x.py"), x);
    assert_eq!(w("sed -i -f fix.sed x.py"), x);
    assert_eq!(w("sed -n '1,5p' x.py"), vec![]);
    assert_eq!(
        w("cat > fix.py << 'EOF'\nbody\nEOF"),
        vec![Some("fix.py".to_string())]
    );
    assert_eq!(
        w("cp a.py a.py.backup"),
        vec![Some("a.py.backup".to_string())]
    );
    // An option's value is no file, `-t DIR` the folder written into (session 37).
    assert_eq!(w("truncate -s 0 x.py"), x);
    assert_eq!(w("cp -t dst a/x.py"), vec![Some("dst/x.py".to_string())]);
    assert_eq!(
        w("mv -t dst x.py"),
        vec![Some("dst/x.py".to_string()), Some("x.py".to_string())]
    );
    assert_eq!(w("python x.py > /dev/null"), Vec::<Option<String>>::new());
    assert_eq!(w("git checkout -- a.py"), vec![None]);
}

#[test]
fn evaluate_selections() {
    assert_eq!(evaluate(&[], Some(7)), Some(vec![(1, 7)]));
    assert_eq!(evaluate(&[], None), None);
    assert_eq!(evaluate(&[Sel::Head(50)], None), Some(vec![(1, 50)]));
    assert_eq!(evaluate(&[Sel::Head(50)], Some(20)), Some(vec![(1, 20)]));
    assert_eq!(
        evaluate(&[Sel::Tail(200)], Some(500)),
        Some(vec![(301, 500)])
    );
    assert_eq!(evaluate(&[Sel::Tail(200)], None), None);
    assert_eq!(evaluate(&[Sel::From(5)], Some(9)), Some(vec![(5, 9)]));
    assert_eq!(
        evaluate(&[Sel::Ranges(vec![(339, Some(380))])], None),
        Some(vec![(339, 380)])
    );
    assert_eq!(
        evaluate(&[Sel::Ranges(vec![(339, Some(380))])], Some(350)),
        Some(vec![(339, 350)])
    );
    assert_eq!(
        evaluate(&[Sel::Head(100), Sel::Ranges(vec![(10, Some(20))])], None),
        Some(vec![(10, 20)])
    );
    assert_eq!(evaluate(&[Sel::Ranges(vec![(5, None)])], None), None);
}

#[test]
fn sed_range_ending_before_its_start_prints_the_start_line() {
    // GNU sed prints line 9 alone for `9,4p` (an end at or before the start matches the start
    // line only); before, the range was empty and the read credited nothing, though the output
    // showed line 9 (scripts/import_oracle_shell.py's hand-made cases).
    assert_eq!(
        plan_of("sed -n '9,4p' f.py"),
        window("f.py", vec![Sel::Ranges(vec![(9, Some(9))])])
    );
    assert_eq!(
        plan_of("sed -n '3,3p;12,5p' f.py"),
        window(
            "f.py",
            vec![Sel::Ranges(vec![(3, Some(3)), (12, Some(12))])]
        )
    );
}

#[test]
fn selections_compose_in_any_order() {
    // `sed -n '5,30p' f | head -3`: lines 5-7 (before session 27 a range followed by another
    // stage was *file length unknown*, with or without the workspace).
    let sed_head = [Sel::Ranges(vec![(5, Some(30))]), Sel::Head(3)];
    assert_eq!(evaluate(&sed_head, Some(42)), Some(vec![(5, 7)]));
    assert_eq!(evaluate(&sed_head, None), Some(vec![(5, 7)]));
    let sed_tail = [Sel::Ranges(vec![(5, Some(30))]), Sel::Tail(3)];
    assert_eq!(evaluate(&sed_tail, Some(42)), Some(vec![(28, 30)]));
    assert_eq!(evaluate(&sed_tail, Some(20)), Some(vec![(18, 20)]));
    let two = [Sel::Ranges(vec![(2, Some(3)), (8, Some(9))]), Sel::Tail(3)];
    assert_eq!(evaluate(&two, Some(42)), Some(vec![(3, 3), (8, 9)]));
    let sed_sed = [
        Sel::Ranges(vec![(5, Some(30))]),
        Sel::Ranges(vec![(2, Some(3))]),
    ];
    assert_eq!(evaluate(&sed_sed, None), Some(vec![(6, 7)]));
    // `head -100 f | tail -20` needs the length: on a 20-line file it shows lines 1-20 (before,
    // without the length, it read 81-100).
    let head_tail = [Sel::Head(100), Sel::Tail(20)];
    assert_eq!(evaluate(&head_tail, None), None);
    assert_eq!(evaluate(&head_tail, Some(20)), Some(vec![(1, 20)]));
    assert_eq!(evaluate(&head_tail, Some(500)), Some(vec![(81, 100)]));
    // Counted from the start, a bound past the unknown end is trimmed by the output's lines.
    assert_eq!(
        evaluate(&[Sel::From(10), Sel::Head(3)], None),
        Some(vec![(10, 12)])
    );
    assert_eq!(evaluate(&[Sel::From(10), Sel::Tail(3)], None), None);
}

#[test]
fn a_filter_that_rewrites_numbered_lines_hides_them() {
    // `grep -n x f | awk '{print $1}'` shows `12:word`: the lines' text is gone, so nothing is
    // read (before session 27, without a workspace, every matched line was credited).
    for cmd in [
        "grep -n x f.py | awk '{print $1}'",
        // mawk is awk too (before session 31's review it passed for a filter of whole lines).
        "grep -n x f.py | mawk '{print $1}'",
        "grep -n x f.py | cut -c1-3",
        "cat -n f.py | sed 's/a/b/'",
    ] {
        assert_eq!(plan_of(cmd), Plan::NoRead(Reason::NoLineNumbers), "{cmd}");
    }
    // A second numbering shows the output's line numbers, not the file's.
    for cmd in ["grep -n x f.py | grep -n y", "cat -n f.py | grep -n y"] {
        assert_eq!(plan_of(cmd), Plan::NoRead(Reason::NothingShown), "{cmd}");
    }
    // Dropping or reordering whole lines keeps the numbers shown.
    for cmd in [
        "grep -n x f.py | sort",
        "cat -n f.py | sed -n '5,9p'",
        "grep -n x f.py | tail -n +3",
    ] {
        assert!(matches!(plan_of(cmd), Plan::Numbered { .. }), "{cmd}");
    }
}

#[test]
fn several_sed_ranges_print_in_file_order_once_per_range() {
    // GNU sed 4.9: `seq 12 | sed -n '1,5p;3,8p'` prints 1 2 3 3 4 4 5 5 6 7 8 and
    // `sed -n '10,12p;1,3p'` prints 1 2 3 10 11 12: the script runs on each line in turn.
    let one = |n| (n, n);
    assert_eq!(
        evaluate(&[Sel::Ranges(vec![(1, Some(5)), (3, Some(8))])], Some(20)),
        Some(vec![
            (1, 2),
            one(3),
            one(3),
            one(4),
            one(4),
            one(5),
            one(5),
            (6, 8)
        ])
    );
    assert_eq!(
        evaluate(&[Sel::Ranges(vec![(10, Some(12)), (1, Some(3))])], None),
        Some(vec![(1, 3), (10, 12)])
    );
    // A stage after them takes the lines in that order (before session 27: 10–11).
    assert_eq!(
        evaluate(
            &[
                Sel::Ranges(vec![(10, Some(12)), (1, Some(3))]),
                Sel::Head(2)
            ],
            None
        ),
        Some(vec![(1, 2)])
    );
    // `'8,$p;2,3p'` of a 9-line file: 2–3, then 8–9.
    assert_eq!(
        evaluate(&[Sel::Ranges(vec![(8, None), (2, Some(3))])], Some(9)),
        Some(vec![(2, 3), (8, 9)])
    );
}

#[test]
fn grep_h_drops_the_path_and_is_no_list() {
    // `grep -hn x f` prints `3:x` as `grep -n x f` does (before session 29 `-h` was taken for
    // `-l`: *output without line numbers*).
    let one = Plan::Numbered {
        path: "f.py".into(),
        sels: vec![],
        style: Style::Grep,
    };
    for cmd in [
        "grep -hn x f.py",
        "grep -n -h x f.py",
        "grep --no-filename -n x f.py",
        "grep -Hhn x f.py",
        "grep -rhn x f.py",
        "rg -n -I x f.py",
    ] {
        assert_eq!(plan_of(cmd), one, "{cmd}");
    }
    // Over several files or a directory the `N:` lines name no file: none can be placed.
    for cmd in [
        "grep -hn x a.py b.py",
        "grep -rhn x pkg/",
        "rg -n --no-filename x pkg",
    ] {
        assert_eq!(plan_of(cmd), Plan::NoRead(Reason::AmbiguousOutput), "{cmd}");
    }
    // The last of `-h` / `-H` wins; ripgrep's `-h` is its help.
    assert_eq!(plan_of("grep -hHn x a.py b.py"), Plan::GrepMulti);
    assert_eq!(plan_of("rg -h"), Plan::NoRead(Reason::NoLineNumbers));
    assert!(matches!(
        plan_of("cat f.py | grep -hn x"),
        Plan::Numbered { .. }
    ));
}

#[test]
fn one_sed_parser_with_gnu_seds_separators_and_addresses() {
    // GNU sed 4.9 on `seq 12`: a newline separates commands as `;` does (`'1,3p⏎5p'` prints
    // 1 2 3 5); `0p`, `0,5p` ("invalid usage of line address 0"), `+3p` ("invalid usage of +N
    // or ~N as first address") and `'1⏎,3p'` ("unknown command") are errors. Before session 31 a
    // second parser of numeric ranges, tried first, read them as lines 1–5, 3 and 1–3.
    assert_eq!(
        plan_of("sed -n '1,3p\n5p' f.py"),
        window("f.py", vec![Sel::Ranges(vec![(1, Some(3)), (5, Some(5))])])
    );
    for cmd in [
        "sed -n '0p' f.py",
        "sed -n '0,5p' f.py",
        "sed -n '+3p' f.py",
        "sed -n '1\n,3p' f.py",
    ] {
        assert_eq!(
            plan_of(cmd),
            Plan::NoRead(Reason::UnknownCommand),
            "{cmd:?}"
        );
    }
    // A script of no command prints nothing: an empty selection, as before.
    assert_eq!(
        plan_of("sed -n ';' f.py"),
        window("f.py", vec![Sel::Ranges(vec![])])
    );
}
