use super::*;

fn words(src: &str) -> Vec<Vec<Vec<String>>> {
    parse(src)
        .into_iter()
        .map(|p| {
            p.stages
                .into_iter()
                .map(|s| s.words.into_iter().map(Cow::into_owned).collect())
                .collect()
        })
        .collect()
}

fn w(v: &[&[&str]]) -> Vec<Vec<String>> {
    v.iter()
        .map(|s| s.iter().map(|x| x.to_string()).collect())
        .collect()
}

#[test]
fn splits_and_quotes() {
    assert_eq!(
        words("cd /testbed && cat a.py | head -50; sed -n '1,5p' \"b c.py\" || echo 'x;y'"),
        vec![
            w(&[&["cd", "/testbed"]]),
            w(&[&["cat", "a.py"], &["head", "-50"]]),
            w(&[&["sed", "-n", "1,5p", "b c.py"]]),
            w(&[&["echo", "x;y"]]),
        ]
    );
    assert_eq!(
        words(r#"grep -n "a\"b" f\ g.py"#),
        vec![w(&[&["grep", "-n", "a\"b", "f g.py"]])]
    );
}

#[test]
fn heredoc_bodies_and_redirects() {
    let p = parse(
        "cd /testbed && cat > fix.py << 'EOF'\ncat secret.py\nEOF\npython fix.py > out.txt 2>&1",
    );
    assert_eq!(p.len(), 3);
    assert_eq!(p[1].stages[0].words, vec!["cat"]);
    assert_eq!(p[1].stages[0].writes, vec!["fix.py"]);
    assert_eq!(p[1].stages[0].heredoc.as_deref(), Some("cat secret.py\n"));
    assert!(p[1].stages[0].appends.is_empty());
    assert_eq!(p[2].stages[0].words, vec!["python", "fix.py"]);
    assert_eq!(p[2].stages[0].writes, vec!["out.txt"]);
}

#[test]
fn comments_substitutions_and_unbalanced_quotes() {
    assert_eq!(words("ls # cat x.py"), vec![w(&[&["ls"]])]);
    assert_eq!(
        words("echo $(cat a | wc -l)"),
        vec![w(&[&["echo", "$(cat a | wc -l)"]])]
    );
    assert_eq!(
        words("cat 'unterminated"),
        vec![w(&[&["cat", "unterminated"]])]
    );
    assert_eq!(words(""), Vec::<Vec<Vec<String>>>::new());
}

/// The pipelines as the `char`-vector reader gave them (owned strings).
fn owned(p: Vec<Pipeline<'_>>) -> Vec<old::Pipeline> {
    let own = |v: Vec<Cow<str>>| v.into_iter().map(Cow::into_owned).collect();
    p.into_iter()
        .map(|p| old::Pipeline {
            stages: p
                .stages
                .into_iter()
                .map(|s| old::Stage {
                    words: own(s.words),
                    writes: own(s.writes),
                    appends: own(s.appends),
                    heredoc: s.heredoc.map(Cow::into_owned),
                    stdin: s.stdin.map(Cow::into_owned),
                })
                .collect(),
        })
        .collect()
}

#[test]
fn plain_words_and_bodies_are_borrowed() {
    let src = "cat > a.py << EOF\nx = 1\nEOF\nsed -n '1,5p' b.py | head";
    let p = parse(src);
    let s = &p[0].stages[0];
    assert!(matches!(s.words[0], Cow::Borrowed("cat")));
    assert!(matches!(s.writes[0], Cow::Borrowed("a.py")));
    assert!(matches!(s.heredoc, Some(Cow::Borrowed("x = 1\n"))));
    assert!(
        matches!(p[1].stages[0].words[2], Cow::Owned(_)),
        "quotes removed"
    );
    // Without a final line break the body still ends in one (as bash gives it).
    let p = parse("cat << EOF\nx");
    assert_eq!(p[0].stages[0].heredoc.as_deref(), Some("x\n"));
    let p = parse("cat <<- EOF\n\tx\n\tEOF\nls");
    assert_eq!(p[0].stages[0].heredoc.as_deref(), Some("x\n"));
    assert_eq!(p.len(), 2);
}

#[test]
fn escapes_keep_whole_characters() {
    let cases = [
        ("echo \\é\\\nb", vec!["echo", "éb"]),
        ("echo \"a\\é\\\"\"", vec!["echo", "a\\é\""]),
        ("echo 'unterminated é", vec!["echo", "unterminated é"]),
        ("echo $(a 'b c')d", vec!["echo", "$(a b c)d"]),
    ];
    for (src, want) in cases {
        assert_eq!(words(src), vec![w(&[&want])], "{src:?}");
        assert_eq!(owned(parse(src)), old::parse(src), "{src:?}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// The borrowing reader gives what the `char`-vector one gave, on commands made of the
    /// pieces that steer it (quotes, escapes, operators, here-documents, comments, `$(`).
    #[test]
    fn borrowing_reader_agrees_with_the_char_reader(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            " ", "\t", "\n", "'", "\"", "\\", "\\\n", "$(", ")", "`", "#", ";", "&", "|",
            "&&", "||", ";;", ">", ">>", "2>", "2>&1", "&>", "<", "<<", "<<-", "<<<", "-",
            "EOF", "'EOF'", "cat", "sed", "-n", "1,5p", "a.py", "é", "日本", "\r", "x", "=",
        ]), 0..30),
    ) {
        let src: String = parts.concat();
        proptest::prop_assert_eq!(owned(parse(&src)), old::parse(&src));
    }
}
