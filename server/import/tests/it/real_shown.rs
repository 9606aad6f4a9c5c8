//! Session 33's hand check of the shipped real logs against what the model was shown: each
//! action's recorded observation matched line by line against the base file in `sources/`
//! (docs/importers.md, "Checked by hand on the shipped real logs"). The cases here are the ones
//! where readcov credited a line the observation did not show.

use crate::common;
use common::{reads, run};

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
