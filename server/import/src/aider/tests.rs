use super::*;

#[test]
fn blocks_with_their_paths() {
    let reply = "Change:\n\n```javascript\nsrc/App.js\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n\nsrc/x.css\n```css\n<<<<<<< SEARCH\n=======\nnew\n>>>>>>> REPLACE\n```\n";
    assert_eq!(
        blocks(reply),
        vec![
            Block {
                path: "src/App.js".into(),
                search: "a\n".into(),
                replace: "b\n".into()
            },
            Block {
                path: "src/x.css".into(),
                search: String::new(),
                replace: "new\n".into()
            },
        ]
    );
}

#[test]
fn sessions_messages_and_aider_lines() {
    let text = "\n# aider chat started at 2025-05-04 17:02:36\n\n> Aider v0.82.2  \n\n#### /add a.py  \n> Added a.py to the chat  \n\n#### fix it  \n#### please  \n\nSure.\n\n> Tokens: 1k sent, 2 received.  \n\n# aider chat started at 2025-05-05 10:00:00\n\n#### hi  \n";
    let ex = parse(text);
    assert_eq!(ex.len(), 3, "{ex:#?}");
    assert!(ex[0].new_session && !ex[1].new_session && ex[2].new_session);
    assert_eq!(ex[0].user, ["/add a.py"]);
    assert_eq!(ex[0].aider, ["Aider v0.82.2", "Added a.py to the chat"]);
    assert_eq!(ex[1].user, ["fix it", "please"]);
    assert_eq!(ex[1].reply.trim(), "Sure.");
    assert!(is_history(text));
    assert!(!is_history("{\"a\": 1}"));
}
