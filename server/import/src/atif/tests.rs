use super::*;

#[test]
fn raw_windows() {
    assert_eq!(number_raw("a\nb", 1), "     1\u{2192}a\n     2\u{2192}b\n");
    let more = "x\ny\n\n[854 more lines in file. Use offset=101 to continue.]";
    assert_eq!(number_raw(more, 99), "    99\u{2192}x\n   100\u{2192}y\n");
    let cut = "x\nyy[... 35320 more characters truncated]";
    assert_eq!(
        number_raw(cut, 5),
        "     5\u{2192}x\n     6\u{2192}yy<response clipped>\n"
    );
    assert_eq!(number_raw("", 1), "");
}

#[test]
fn the_data_file_names_known_kinds_and_arguments() {
    let agents = tools()["agents"].as_object().expect("agents");
    assert!(agents.len() >= 6);
    for (agent, table) in agents {
        for (tool, e) in table.as_object().expect("table") {
            let kind = e["kind"].as_str().unwrap_or("");
            let known = ["read", "editor", "edit", "write", "bash", "other", "quiet"];
            assert!(known.contains(&kind), "{agent}.{tool}: kind {kind}");
            let needs: &[&str] = match kind {
                "read" => &["path", "output"],
                "edit" => &["path", "old", "new"],
                "write" => &["path", "content"],
                "bash" => &["command"],
                _ => &[],
            };
            for k in needs {
                assert!(e[*k].is_string(), "{agent}.{tool}: {k}");
            }
        }
    }
    assert_eq!(
        entry("openclaw", "read").and_then(|e| e["output"].as_str()),
        Some("raw")
    );
    // An agent the file does not list: its tools are looked up everywhere.
    assert_eq!(
        entry("someone", "Read").and_then(|e| e["path"].as_str()),
        Some("file_path")
    );
    assert!(
        entry("openclaw", "Read").is_none(),
        "a listed agent uses its own table only"
    );
}
