//! Aider chat histories (`tests/data/formats/aider`): files in the chat read in full at the
//! first request sent with them (`> Tokens: … sent`), SEARCH/REPLACE blocks applied only when
//! aider confirms them (`> Applied edit to F`), a block aider reports as failed
//! (`SearchReplaceNoExactMatch`) not applied.

use super::*;
use readcov_import::Format;

const CALC: &str = "aider/AndrewJacop-Simple-Calulator_.aider.chat.history.md";

#[test]
fn the_calculator_history() {
    let imp = sample(CALC);
    assert_eq!(imp.format, Some(Format::Aider));
    assert_eq!(imp.summary.runs, 1);
    // Eight files were added at aider's prompt in the first message (`> package.json` then
    // `> Add file to the chat? … [Yes]: y`) and read at the request sent again with them; after
    // `/model openai/qwen3:32b` aider lists the chat's nine files (`> Added package.json to the
    // chat.` …), and only EmojiBubble.jsx, which the run itself had created, is new there. After
    // `/reset` the model asked for App.js, EmojiBubble.jsx (deleted by then: aider says `file not
    // found error` and `Dropping … from the chat.`) and styles.css: two more. Eleven whole-file
    // reads, the ten of base files of unknown length without a workspace.
    let whole: Vec<_> = imp
        .outcomes
        .iter()
        .filter(|(_, c, _)| c.ends_with("(in the chat)"))
        .collect();
    assert_eq!(whole.len(), 11, "{whole:?}");
    let bubble = whole
        .iter()
        .filter(|(_, c, _)| c.starts_with("src/components/EmojiBubble.jsx"))
        .count();
    assert_eq!(
        bubble, 1,
        "the file aider dropped unread is no read: {whole:?}"
    );
    assert_eq!(
        whole
            .iter()
            .filter(|(_, _, r)| *r == Some(Reason::UnknownLength))
            .count(),
        10
    );
    // The block aider quoted as failed (`getRandomTopPosition` in EmojiBubble.jsx) is no edit.
    let failed = imp
        .outcomes
        .iter()
        .filter(|(_, c, r)| {
            c.starts_with("src/components/EmojiBubble.jsx") && *r == Some(Reason::ToolError)
        })
        .count();
    assert!(failed >= 1);
    let zen = sample("aider/zen-mcp-server-PR298_.aider.chat.history.md");
    assert_eq!(zen.format, Some(Format::Aider));
    assert_eq!(zen.summary.edit_events, 0);
}

/// The calculator history with a workspace: the files the model asked for in its first message
/// were read there, at the two requests that went out with them (the message sent again after
/// each round of `Add file to the chat?` prompts), not at the `/model` switch sixteen messages
/// later, when aider merely lists the files already in the chat.
#[test]
fn files_added_at_the_prompt_are_read_at_the_next_request() {
    let text = std::fs::read_to_string(formats().join(CALC)).unwrap();
    let asked = [
        "package.json",
        "public/index.html",
        "src/components/Button.jsx",
        "src/components/ButtonsContainer.jsx",
        "src/components/DisplayContainer.jsx",
        "src/index.js",
        "src/App.js",
        "src/styles.css",
    ];
    let files: Vec<(&str, &str)> = asked.iter().map(|p| (*p, "1\n2\n3\n")).collect();
    let imp = import_as(Some(Format::Aider), CALC, &text, &files);
    for (step, p) in asked.iter().enumerate() {
        reads(&imp, step as u32, &[(p, 1, 3)]);
    }
    let turns: Vec<Option<u32>> = imp
        .rows
        .iter()
        .filter(|r| r.kind == EventKind::Read && r.step.is_some_and(|s| s < 8))
        .map(|r| r.turn)
        .collect();
    assert_eq!(turns, [Some(0); 8], "all in the first message");
    // Never read again: they stayed in the chat.
    for p in asked {
        let n = imp
            .rows
            .iter()
            .filter(|r| r.kind == EventKind::Read && r.path == p)
            .count();
        assert_eq!(n, 1, "{p}");
    }
}

/// Only a yes (`y`, `a` for all) adds the file named on the line before the prompt; a file added
/// after a message's last request is read at the next one; a file aider drops right away (it
/// could not read it) is not.
#[test]
fn prompt_answers() {
    let text = "
# aider chat started at 2025-05-04 17:02:36

#### look at the code  

Please add a.py, b.py and c.py.

> Tokens: 1.0k sent, 10 received.  
> a.py  
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: n  
> b.py  
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a  
> c.py  
> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: s  
> d.py  
> Add file to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y  
> /home/u/proj/d.py: file not found error  
> Dropping d.py from the chat.  

#### go on  

Done.

> Tokens: 1.2k sent, 3 received.  
";
    let imp = synthetic(
        text,
        &[
            ("a.py", "x\n"),
            ("b.py", "x\ny\n"),
            ("c.py", "x\n"),
            ("d.py", "x\n"),
        ],
    );
    reads(&imp, 0, &[("b.py", 1, 2)]);
    assert_eq!(imp.summary.read_events, 1);
    let turn: Vec<Option<u32>> = imp.rows.iter().map(|r| r.turn).collect();
    assert_eq!(turn, [Some(1)]);
}

const HISTORY: &str = "
# aider chat started at 2025-05-04 17:02:36

> Aider v0.82.2  

#### /add src/app.py  
> Added src/app.py to the chat  

#### change b and d  

src/app.py
```python
<<<<<<< SEARCH
b
=======
B
>>>>>>> REPLACE
```

```python
src/app.py
<<<<<<< SEARCH
x
=======
X
>>>>>>> REPLACE
```

> Tokens: 1.2k sent, 80 received.  
> Applied edit to src/app.py  
> # 1 SEARCH/REPLACE block failed to match!

## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in src/app.py
<<<<<<< SEARCH
x
=======
X
>>>>>>> REPLACE

#### /drop src/app.py  
> Removed src/app.py from the chat  

#### anything else?  

No.

> Tokens: 1.0k sent, 3 received.  

# aider chat started at 2025-05-05 09:00:00

#### /add src/app.py  
> Added src/app.py to the chat  

#### again  

Ok.

> Tokens: 1.1k sent, 3 received.  
";

#[test]
fn chat_files_edits_and_failures() {
    let imp = synthetic(HISTORY, &[("src/app.py", "a\nb\nc\nd\n")]);
    assert_eq!(imp.format, Some(Format::Aider));
    // The first request sent src/app.py whole: lines 1–4.
    reads(&imp, 0, &[("src/app.py", 1, 4)]);
    // `b` → `B` confirmed by `Applied edit to src/app.py`: base line 2 edited.
    assert_eq!(
        rows(&imp, None, 1, EventKind::Edit),
        own(&[("src/app.py", 2, 2)])
    );
    // The `x` block is the one aider quoted as failed.
    skipped(&imp, 2, Reason::ToolError);
    // Dropped, then a new session re-added it: read again, its base lines only (line 2 is the
    // agent's now).
    reads(&imp, 3, &[("src/app.py", 1, 1), ("src/app.py", 3, 4)]);
    assert_eq!(imp.summary.read_events, 3); // one range, then two
                                            // Without a workspace the length of a chat file is unknown.
    let bare = synthetic(HISTORY, &[]);
    skipped(&bare, 0, Reason::UnknownLength);
}
