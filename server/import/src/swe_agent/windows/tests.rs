//! The windows of an observation, a refusal as one output, and `create`'s exists error.

use super::*;

#[test]
fn windows_and_the_exists_error() {
    let obs = "x\nError: File 'A' already exists.\n[File: /r/A (3 lines total)]\n1:a\n2:b\n(1 more lines below)\nFile updated.\n[File: /r/B (1 lines total)]\n1:\n";
    let w = windows(obs);
    assert_eq!(w.len(), 2);
    assert_eq!(
        &obs[w[0].0..w[0].1],
        "[File: /r/A (3 lines total)]\n1:a\n2:b\n(1 more lines below)\n"
    );
    assert_eq!(&obs[w[1].0..w[1].1], "[File: /r/B (1 lines total)]\n1:\n");
    assert_eq!(
        &obs[with_exists_error(obs, w[0].0)..w[0].0],
        "Error: File 'A' already exists.\n"
    );
    assert_eq!(with_exists_error(obs, w[1].0), w[1].0);
}

/// A refused edit's two windows are one output, flagged, from the error to SWE-agent's advice
/// (the closing lines as the nebius sample's treon run prints them); the windows around it stay.
#[test]
fn a_refusal_is_one_output() {
    let win = "[File: /r/a.py (2 lines total)]\n1:x\n2:y\n";
    let refusal = format!(
        "Your proposed edit has introduced new syntax error(s). Please read this error message \
         carefully and then retry editing the file.\n\nERRORS:\n- E999 IndentationError: \
         unexpected indent\n\nThis is how your edit would have looked if applied\n---\n{win}---\n\n\
         This is the original code before your edit\n---\n{win}---\nYour changes have NOT been \
         applied. Please fix your edit command and try again.\nYou either need to 1) Specify the \
         correct start/end line arguments or 2) Correct your edit code.\nDO NOT re-run the same \
         failed edit command. Running it again will lead to the same error.\n"
    );
    let obs = format!("{win}{refusal}ok\n{win}");
    let (a, r) = (win.len(), win.len() + refusal.len());
    assert_eq!(windows(&obs).len(), 4);
    assert_eq!(
        outputs(&obs),
        vec![(0, a, false), (a, r, true), (r + 3, obs.len(), false)]
    );
    // Without its closing line the refusal is not cut out: its windows stay two.
    let cut = &obs[..obs.find("Your changes").unwrap()];
    assert_eq!(outputs(cut).len(), 3);
}
