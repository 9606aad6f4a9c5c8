//! SWE-agent 1.x `.traj` files (`replay_config` present): the observation each step keeps is
//! whole, the model was sent it cut; classic 0.x logs (also covered by tests/data/real): the
//! output's last line break 0.6–0.7 dropped.

use super::*;
use serde_json::json;

/// Before, every line of an observation longer than `max_observation_length` was credited,
/// though SWE-agent sent the model only its first characters (`<response clipped>`), or, with a
/// template that shows none of it (`config/bash_only.yaml`), nothing.
#[test]
fn one_x_observation_longer_than_the_limit_credits_what_was_sent() {
    let file: String = (1..=60).map(|i| format!("line{i:02}\n")).collect();
    let traj = |tpl: &str| {
        let rc = json!({"agent": {"templates": {"max_observation_length": 100,
            "next_step_truncated_observation_template": tpl}}});
        json!({"replay_config": rc.to_string(), "info": {},
            "trajectory": [{"action": "cat a.py", "observation": file}]})
        .to_string()
    };
    let shown = synthetic(
        &traj("Observation: {{observation[:max_observation_length]}}<response clipped>"),
        &[("a.py", &file)],
    );
    // 100 characters: `line01` … `line14` and `li`.
    reads(&shown, 0, &[("a.py", 1, 15)]);
    let advice = synthetic(
        &traj("<warning>\nThe output of your last command was too long.\n</warning>"),
        &[("a.py", &file)],
    );
    reads(&advice, 0, &[]);
    // Within the limit: shown whole.
    let whole = synthetic(
        &traj("{{observation[:max_observation_length]}}").replace(
            "\"max_observation_length\\\":100",
            "\"max_observation_length\\\":1000",
        ),
        &[("a.py", &file)],
    );
    reads(&whole, 0, &[("a.py", 1, 60)]);
}

/// A 30-line `f.py` whose lines 20 and 21 are blank, and a classic `.traj` of `open f.py`, `ls` and
/// `sed -n '10,20p' f.py` as SWE-agent stored them: `lost` — 0.6–0.7, each output without its
/// last line break; else 0.1–0.5, whole.
fn classic(lost: bool, sed_out: &str) -> (String, String) {
    let file: String = (1..=30)
        .map(|i| {
            if i == 20 || i == 21 {
                "\n".to_string()
            } else {
                format!("l{i}\n")
            }
        })
        .collect();
    let end = if lost { "" } else { "\n" };
    let window: String = (1..=30)
        .map(|i| match i {
            20 | 21 => format!("{i}:\n"),
            _ => format!("{i}:l{i}\n"),
        })
        .collect();
    let window = format!(
        "[File: /r/f.py (30 lines total)]\n{}{end}",
        window.trim_end()
    );
    let traj = json!({"environment": "swe_main", "info": {}, "trajectory": [
        {"action": "open f.py\n", "observation": window},
        {"action": "ls\n", "observation": format!("f.py\nsetup.py{end}")},
        {"action": "sed -n '10,20p' f.py\n", "observation": sed_out},
        {"action": "submit\n", "observation": "diff --git a/f.py b/f.py\n"},
    ]});
    (traj.to_string(), file)
}

/// SWE-agent 0.6–0.7 stored `"\n".join(output.splitlines())`: `sed -n '10,20p'` whose line 20 is
/// blank is stored ending `l19⏎`, and the model saw `l19⏎⏎(Open file: …)`, lines 10–20. Before
/// session 33 readcov read the final line break as the end of `l19` and credited 10–19.
#[test]
fn classic_output_whose_last_line_is_blank_credits_it() {
    let stored: String = (10..=19).map(|i| format!("l{i}\n")).collect();
    let (traj, file) = classic(true, &stored);
    reads(
        &synthetic(&traj, &[("f.py", &file)]),
        2,
        &[("f.py", 10, 20)],
    );
    reads(&synthetic(&traj, &[]), 2, &[("f.py", 10, 20)]);
    // An older log (0.1–0.5 kept each output whole: its observations end with a line break)
    // stores the same output `l19⏎⏎`, read as stored; the text `l19⏎` there is lines 10–19.
    let (traj, file) = classic(false, &format!("{stored}\n"));
    reads(
        &synthetic(&traj, &[("f.py", &file)]),
        2,
        &[("f.py", 10, 20)],
    );
    let (traj, _) = classic(false, &stored);
    reads(&synthetic(&traj, &[]), 2, &[("f.py", 10, 19)]);
    // 1.x (SWE-ReX kept the output whole, or `strip()`ped it): as stored.
    let one_x = json!({"replay_config": "{}", "info": {"swe_agent_version": "1.1.0"},
        "trajectory": [{"action": "sed -n '10,20p' f.py", "observation": stored},
                       {"action": "ls", "observation": "f.py"},
                       {"action": "ls", "observation": "f.py"}]});
    reads(&synthetic(&one_x.to_string(), &[]), 0, &[("f.py", 10, 19)]);
}

/// An output of blank characters only was not sent: SWE-agent sends its no-output template
/// instead (`observation.strip() == ""`, 0.x and 1.x). Before session 33 `sed -n '20,21p'` of two
/// blank lines, stored `⏎`, credited line 20.
#[test]
fn classic_blank_output_shows_nothing() {
    let (traj, file) = classic(true, "\n");
    let traj = traj.replace("10,20p", "20,21p");
    reads(&synthetic(&traj, &[]), 2, &[]);
    reads(&synthetic(&traj, &[("f.py", &file)]), 2, &[]);
}

/// Two `search_file` commands in one action print their outputs one after the other, each closed
/// by its `End of matches for "…"` line (the shape of multi-swe-bench/experiments'
/// `20240825_SWE-agent_doubao-pro-128k` `fasterxml__jackson-core-566` step 5: 5 + 39 matches in
/// JsonGenerator.java). Before session 39 the two searches could not be told apart: nothing was
/// credited (*ambiguous output*).
#[test]
fn classic_searches_in_one_action_each_credit_their_matches() {
    let obs = "Found 2 matches for \"writeNumberField\" in /r/G.java:\nLine 12:    void writeNumberField(int v)\nLine 20:    void writeNumberField(long v)\nEnd of matches for \"writeNumberField\" in /r/G.java\nFound 3 matches for \"writeNumber\" in /r/G.java:\nLine 5:    void writeNumber(short v)\nLine 12:    void writeNumberField(int v)\nLine 20:    void writeNumberField(long v)\nEnd of matches for \"writeNumber\" in /r/G.java\n";
    let traj = json!({"environment": "swe_main", "info": {}, "trajectory": [
        {"action": "open G.java\n", "observation": "[File: /r/G.java (30 lines total)]\n1:class G {\n(29 more lines below)\n"},
        {"action": "search_file \"writeNumberField\"\nsearch_file \"writeNumber\"\n", "observation": obs},
        {"action": "search_file \"a\"\nsearch_file \"b\"\n",
         "observation": "Found 1 matches for \"a\" in /r/G.java:\nLine 7:a\n"},
    ]})
    .to_string();
    let imp = synthetic(&traj, &[]);
    // In log order: the first search's matches, then the second's.
    reads(
        &imp,
        1,
        &[
            ("G.java", 12, 12),
            ("G.java", 20, 20),
            ("G.java", 5, 5),
            ("G.java", 12, 12),
            ("G.java", 20, 20),
        ],
    );
    // Closing lines missing: the outputs cannot be told apart, as before.
    reads(&imp, 2, &[]);
}

/// `mkdir -p … && create pom.xml` of a `pom.xml` already there: the shell runs the interface's
/// `create` after `mkdir`, which says the file exists and opens it (the shape of
/// multi-swe-bench/experiments' `20240825_SWE-agent_gpt-4o-2024-05-13`
/// `fasterxml__jackson-databind-4311` step 3, pom.xml 1–100 of 556). Before session 39 the line
/// was one shell command and nothing was credited.
#[test]
fn classic_command_after_and_reads_its_window() {
    let window: String = (1..=3).map(|i| format!("{i}:p{i}\n")).collect();
    let obs = format!(
        "Error: File 'pom.xml' already exists.\n[File: /r/pom.xml (5 lines total)]\n{window}(2 more lines below)\n"
    );
    let traj = json!({"environment": "swe_main", "info": {}, "trajectory": [
        {"action": "mkdir -p src/test/java && create pom.xml\n", "observation": obs},
    ]})
    .to_string();
    let imp = synthetic(&traj, &[]);
    reads(&imp, 0, &[("pom.xml", 1, 3)]);
}

/// The checkout is the directory the instance prompt names (`(Current directory: /org__repo)`),
/// not the first window's first folder. Hand-made after multi-swe-bench/experiments' doubao-pro-128k
/// run of jackson-databind-4050 (`tests/data/formats/handmade/swe-agent-window-outside-checkout`):
/// its first window is `/etc/apt/sources.list`. Before session 40 the root was then `/etc`: that
/// file was read and edited as the repository's `apt/sources.list`, and every window, search and
/// absolute path of the checkout was *path outside repo*.
#[test]
fn a_first_window_outside_the_checkout_does_not_move_the_root() {
    let imp = handmade("swe-agent-window-outside-checkout", "log.traj");
    let java = "src/main/java/com/fasterxml/jackson/databind/ObjectMapper.java";
    skipped(&imp, 1, Reason::OutsideRepo);
    skipped(&imp, 2, Reason::OutsideRepo);
    reads(&imp, 3, &[(java, 1, 12)]);
    reads(&imp, 4, &[(java, 8, 8), (java, 10, 10)]);
    reads(&imp, 5, &[(java, 5, 5)]);
    // Without a workspace no file outside the checkout is named either.
    let log = formats().join("handmade/swe-agent-window-outside-checkout/log.traj");
    let text = std::fs::read_to_string(log).expect("log.traj");
    let bare = import_as(None, "log.traj", &text, &[]);
    assert!(bare.rows.iter().all(|r| r.path == java), "{:?}", bare.rows);
    assert_eq!(bare.rows.len(), 4);
}
