//! `sed -i` replayed as the edit it is (session 36), on the real logs: the lines each command
//! changed (checked against GNU sed by `scripts/import_oracle_shell_sedi.py`) are edit rows, and
//! later reads are placed on the replayed text. Before session 36 each file's text became
//! unknown: no edit rows, and every later numbered read or grep of it read nothing.

use crate::common;
use common::{edits, reads, run};

const FH: &str = "astropy/units/quantity_helper/function_helpers.py";

#[test]
fn astropy_14182_mini_swe_agent_sed_substitutions() {
    let imp = run("mini-swe-agent/astropy__astropy-14182.traj.json");
    // Step 40, `sed -i 's/np\.product/np\.prod/g'`: base line 79 (`np.prod, np.product, …`);
    // step 43's `np\.cumproduct` changes the same line again, a line the agent wrote by then.
    edits(&imp, 40, &[(FH, 79, 79)]);
    edits(&imp, 43, &[]);
    // Step 44, `grep -n "np\." … | head -20` of the replayed text: line 79 is the agent's now.
    reads(&imp, 44, &[(FH, 55, 55), (FH, 65, 78), (FH, 80, 83)]);
    // Step 64 rewrites `np.core.fromnumeric` at shapes.py 265 and 276; step 65's
    // `grep -r "np\.core\."` then shows function_helpers.py's four lines and none of shapes.py.
    let s = "astropy/utils/shapes.py";
    edits(&imp, 64, &[(s, 265, 265), (s, 276, 276)]);
    reads(
        &imp,
        65,
        &[(FH, 55, 55), (FH, 394, 394), (FH, 396, 396), (FH, 399, 399)],
    );
    // Step 68 (`np.trapz` → `np.lib.scimath.trapz`) changes line 87, which step 73 changes again
    // (a line the agent wrote: no base line); step 92's `np.msort` is at 88.
    edits(&imp, 68, &[(FH, 87, 87)]);
    edits(&imp, 73, &[]);
    edits(&imp, 92, &[(FH, 88, 88)]);
    // The change written back has both files whole (before: both lost to `sed -i`).
    let replayed = imp.changes[0].replayed.as_ref().expect("a workspace");
    let lost: Vec<_> = replayed.partial.iter().map(|l| l.path.as_deref()).collect();
    assert!(
        !lost.contains(&Some(FH)) && !lost.contains(&Some(s)),
        "{lost:?}"
    );
    assert!(
        replayed.patch.contains("-    np.prod, np.product, np.cumprod, np.cumproduct,\n+    np.prod, np.prod, np.cumprod, np.cumprod,"),
        "{}",
        replayed.patch
    );
}

#[test]
fn mini_swe_agent_v1_seds_of_12907_and_14365() {
    let imp = run("../formats/mini-swe-agent-v1/astropy__astropy-12907.traj.json");
    edits(&imp, 6, &[("astropy/modeling/separable.py", 245, 245)]);
    // Two `sed -i` joined by `&& \`: `_line_type_re` at 71, `if v == "NO":` at 309.
    let imp = run("../formats/mini-swe-agent-v1/astropy__astropy-14365.traj.json");
    let q = "astropy/io/ascii/qdp.py";
    edits(&imp, 10, &[(q, 71, 71), (q, 309, 309)]);
}
