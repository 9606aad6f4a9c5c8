use super::*;
use std::borrow::Cow;

fn at_t(traj: &[Step]) -> Vec<Option<u32>> {
    lengths(traj, "/t")
}

fn step<'a>(action: &'a str, obs: &'a str) -> Step<'a> {
    Step {
        action: Some(Cow::Borrowed(action)),
        observation: Some(Cow::Borrowed(obs)),
    }
}

const VIEW_3_4: &str = "str_replace_editor view /t/a.py  --view_range 3 4";
const SHOWS_3_4: &str =
    "Here's the result of running `cat -n` on /t/a.py:\n     3\tc\n     4\t\n\n";
const SAYS_4: &str = "Invalid `view_range`: [9, 10]. Its first element `9` should be within the range of lines of the file: [1, 4]\n";

#[test]
fn the_editors_words_tell_the_count() {
    assert_eq!(said_count(SAYS_4), Some(4));
    assert_eq!(
        said_count("Invalid `view_range`: [1, 700]. Its second element `700` should be smaller than the number of lines in the file: `591`\n"),
        Some(591)
    );
    assert_eq!(
        said_count("Invalid `insert_line` parameter: 900. It should be within the range of lines of the file: [0, 12]\n"),
        Some(12)
    );
    assert_eq!(
        said_count("Invalid `view_range`. It should be a list of two integers.\n"),
        None
    );
    assert_eq!(whole_view_count(SHOWS_3_4), Some(4));
}

/// moto-5862's steps 7 and 8 (and 9 and 10) in small: the count said, then a view ending on it.
#[test]
fn a_view_ending_on_the_empty_line_past_the_count_shows_one_line_less() {
    let bad = "str_replace_editor view /t/a.py  --view_range 9 10";
    assert_eq!(
        at_t(&[step(bad, SAYS_4), step(VIEW_3_4, SHOWS_3_4)]),
        [None, Some(3)]
    );
    // Said after the view, with nothing between: the same file.
    assert_eq!(
        at_t(&[step(VIEW_3_4, SHOWS_3_4), step(bad, SAYS_4)]),
        [Some(3), None]
    );
    // A whole-file view says the count too.
    let whole = "Here's the result of running `cat -n` on /t/a.py:\n     1\ta\n     2\t\n     3\tc\n     4\t\n\n";
    assert_eq!(
        at_t(&[
            step("str_replace_editor view /t/a.py", whole),
            step(VIEW_3_4, SHOWS_3_4)
        ]),
        [Some(3), Some(3)]
    );
}

#[test]
fn not_told_when_a_write_or_another_file_comes_between_or_the_line_has_text() {
    let bad = "str_replace_editor view /t/a.py  --view_range 9 10";
    let shell = step("python x.py", "ok\n");
    let edit = step(
        "str_replace_editor str_replace /t/a.py --old_str 'a' --new_str 'b'",
        "The file /t/a.py has been edited.\n",
    );
    assert_eq!(
        at_t(&[step(bad, SAYS_4), shell, step(VIEW_3_4, SHOWS_3_4)])[2],
        None
    );
    assert_eq!(
        at_t(&[step(bad, SAYS_4), edit, step(VIEW_3_4, SHOWS_3_4)])[2],
        None
    );
    // A view of another file between is no write.
    let other = step(
        "str_replace_editor view /t/b.py",
        "Here's the result of running `cat -n` on /t/b.py:\n     1\tz\n\n",
    );
    assert_eq!(
        at_t(&[step(bad, SAYS_4), other, step(VIEW_3_4, SHOWS_3_4)])[2],
        Some(3)
    );
    // The count of another file.
    let says_b = step("str_replace_editor view /t/b.py  --view_range 9 10", SAYS_4);
    assert_eq!(at_t(&[says_b, step(VIEW_3_4, SHOWS_3_4)])[1], None);
    // Line 4 with text: the last line of a file with no final line break.
    let text4 = "Here's the result of running `cat -n` on /t/a.py:\n     3\tc\n     4\td\n\n";
    assert_eq!(at_t(&[step(bad, SAYS_4), step(VIEW_3_4, text4)])[1], None);
    // An empty line short of the count is a blank line of the file.
    let says_5 = SAYS_4.replace("[1, 4]", "[1, 5]");
    assert_eq!(
        at_t(&[step(bad, &says_5), step(VIEW_3_4, SHOWS_3_4)])[1],
        None
    );
}

/// Session 38: `wc -l` or `cat -n` of the file earlier in the run tells the count (moto-5862's
/// step 8 in small, had it run `wc -l` instead of the failed view: `590 …/models.py`, then
/// `--view_range 550 591` showing `591` empty). Before session 38 only the editor's own words did,
/// and line 591 was credited.
#[test]
fn an_earlier_wc_l_or_cat_n_tells_the_count() {
    let wc = step("wc -l /t/a.py", "3 /t/a.py\n");
    assert_eq!(at_t(&[wc, step(VIEW_3_4, SHOWS_3_4)]), [None, Some(3)]);
    let wc_rel = step("wc -l a.py", "3 a.py\n");
    assert_eq!(at_t(&[wc_rel, step(VIEW_3_4, SHOWS_3_4)])[1], Some(3));
    let cat = step("cat -n a.py", "     1\ta\n     2\t\n     3\tc\n");
    assert_eq!(at_t(&[cat, step(VIEW_3_4, SHOWS_3_4)])[1], Some(3));
    // After the view it tells nothing of it (it ran later), nor with a command between, nor
    // after a `cd` (the relative name is then not the repository's).
    let wc = || step("wc -l /t/a.py", "3 /t/a.py\n");
    assert_eq!(at_t(&[step(VIEW_3_4, SHOWS_3_4), wc()])[0], None);
    let shell = step("python x.py", "ok\n");
    assert_eq!(at_t(&[wc(), shell, step(VIEW_3_4, SHOWS_3_4)])[2], None);
    let cd = step("cd sub", "");
    let wc_rel = step("wc -l a.py", "3 a.py\n");
    assert_eq!(at_t(&[cd, wc_rel, step(VIEW_3_4, SHOWS_3_4)])[2], None);
    // A file of 4 lines with no final break (`wc -l` says 3, the editor numbers 4): line 4 has
    // text, and is read.
    let text4 = "Here's the result of running `cat -n` on /t/a.py:\n     3\tc\n     4\td\n\n";
    assert_eq!(at_t(&[wc(), step(VIEW_3_4, text4)])[1], None);
}
