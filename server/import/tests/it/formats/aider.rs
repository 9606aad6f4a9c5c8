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
    // `/model openai/qwen3:32b` re-added nine files (`> Added package.json to the chat.` …); the
    // request after it sent them: nine whole-file reads, of unknown length without a workspace,
    // one of them (EmojiBubble.jsx) a file the run itself had created.
    let whole: Vec<_> = imp
        .outcomes
        .iter()
        .filter(|(_, c, _)| c.ends_with("(in the chat)"))
        .collect();
    assert_eq!(whole.len(), 9, "{whole:?}");
    assert_eq!(
        whole
            .iter()
            .filter(|(_, _, r)| *r == Some(Reason::UnknownLength))
            .count(),
        8
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
