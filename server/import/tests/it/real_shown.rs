//! Session 33's hand check of the shipped real logs against what the model was shown: each
//! action's recorded observation matched line by line against the base file in `sources/`
//! (docs/importers.md, "Checked by hand on the shipped real logs"). The cases here are the ones
//! where readcov credited a line the observation did not show.

use crate::common;
use common::{edits, reads, run};

/// A clipped OpenHands view whose last numbered line shows only blanks of the line (the clip fell
/// inside its indentation): that line is not read. Before session 33 it was.
#[test]
fn a_view_clipped_inside_a_lines_indentation_ends_before_it() {
    let imp = run("openhands/psf__requests-1766.json");
    // `   473\t     <response clipped>`: 5 of the 8 blanks of `        class DummyAuth(…)`.
    reads(&imp, 15, &[("test_requests.py", 1, 472)]);
    let imp = run("openhands/psf__requests-1921.json");
    // `   538\t      <response clipped>`: 6 of the 8 blanks of `        p_release = …`.
    reads(&imp, 29, &[("requests/utils.py", 1, 537)]);
    // The clip inside the text of line 393 still reads it (its start was shown).
    let imp = run("openhands/pallets__flask-5014.json");
    reads(&imp, 3, &[("src/flask/blueprints.py", 1, 393)]);
}

/// A mini-swe-agent output cut by characters whose head ends in blanks of a line shows nothing
/// of that line. The tail's first line, cut at its start, shows its end and is still read.
#[test]
fn a_cut_mini_swe_agent_output_credits_no_line_it_left_only_blanks_of() {
    let imp = run("../formats/mini-swe-agent-v1/astropy__astropy-14182.traj.json");
    let f = "astropy/io/ascii/fixedwidth.py";
    // `cat` of 490 lines: head 1–136 then 11 blanks of 137; the tail opens with the end of 317,
    // `     # Bar delimiter in header only`.
    reads(&imp, 4, &[(f, 1, 136), (f, 317, 490)]);
    let c = "astropy/io/ascii/core.py";
    // Head to 153 (`        # self.csvfile is defined then write the output.  In`, a part);
    // tail from 1738 (`+ default_header_length`, its end).
    reads(&imp, 8, &[(c, 1, 153), (c, 1738, 1854)]);
}

/// astropy-14182's mini-swe-agent run rewrites `astropy/io/ascii/rst.py` whole with `cat > … <<
/// 'EOF'` (steps 37, 57, 78). The lines equal at the start and end of each rewrite are still the
/// base's: the later reads showed them unchanged (matched by text against the base file), and
/// before session 33 readcov read none of them (every line was the agent's) and wrote no edit row.
#[test]
fn a_whole_file_rewrite_keeps_the_base_lines_it_left_as_they_were() {
    let imp = run("mini-swe-agent/astropy__astropy-14182.traj.json");
    let r = "astropy/io/ascii/rst.py";
    // Step 37 replaced `__init__` (base 60–61) with 10 lines; 1–59 and `write` (62–66) stay.
    edits(&imp, 37, &[(r, 60, 61)]);
    // `grep -n "def write"` printed `71:    def write(self, lines):`, base 63.
    reads(&imp, 52, &[(r, 63, 63)]);
    // `sed -n '71,78p'` printed current 71–74: base 63–66.
    reads(&imp, 53, &[(r, 63, 66)]);
    // Step 57 rewrote `write`'s middle line (base 65) into five lines.
    edits(&imp, 57, &[(r, 65, 65)]);
    // `cat` showed 78 lines: base 1–59, the agent's `__init__`, base 62–64, the agent's lines for
    // 65, base 66.
    reads(&imp, 77, &[(r, 1, 59), (r, 62, 64), (r, 66, 66)]);
    // Step 78 rewrote only lines the agent wrote: placed after base 59, the last base line kept
    // before them.
    edits(&imp, 78, &[(r, 59, 59)]);
}

/// The largest class the hand check left (23 of its 44): `grep` without `-n`, whose lines the model
/// saw but readcov credited none of before session 34 (*output without line numbers*). With the
/// workspace they are placed by their text (docs/importers.md, the `grep` / `rg` without `-n` row);
/// each expectation is GNU grep 3.8's `-n` run of the same command on `sources/`.
#[test]
fn grep_without_line_numbers_is_placed_by_its_text() {
    let imp = run("openhands/pylint-dev__pylint-4604.json");
    let v = "pylint/checkers/variables.py";
    // `grep -A 20 "def _store_type_annotation_names"`: one group, 1845–1865. OpenHands stripped
    // the output, so its first line shows `def _store…` without the line's indentation.
    reads(&imp, 42, &[(v, 1845, 1865)]);
    // `grep -A 20 "def visit_import"`: `visit_importfrom` (1192) matches too, so the groups touch
    // and grep printed one run, 1174–1212.
    reads(&imp, 11, &[(v, 1174, 1212)]);
    // `grep -B 5 -A 5 "type_comment"`: two groups between `--`.
    reads(&imp, 31, &[(v, 849, 861), (v, 1244, 1254)]);
    // `grep -r "is_type_annotation_import" pylint/checkers/`: `path:` lines, and grep's
    // `grep: …/variables.cpython-39.pyc: binary file matches`, no line of a file.
    reads(
        &imp,
        16,
        &[(v, 2033, 2033), (v, 2047, 2047), (v, 2070, 2070)],
    );
    // `grep -r "type:" pylint/checkers/variables.py`: one file, no path before its lines.
    reads(
        &imp,
        8,
        &[
            (v, 685, 685),
            (v, 1331, 1331),
            (v, 1509, 1509),
            (v, 1816, 1816),
        ],
    );
    // mini-swe-agent (no strip): `grep -A5 -B5 "fill_values\[" core.py | head -30`, whose `head`
    // cut the last group inside its context (917 shown, 918–920 not).
    let imp = run("mini-swe-agent/astropy__astropy-14365.traj.json");
    let c = "astropy/io/ascii/core.py";
    reads(&imp, 44, &[(c, 870, 880), (c, 900, 917)]);
}
