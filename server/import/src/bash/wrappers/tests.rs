//! The wrapper words taken off before a command, as bash 5.2 runs them.

use super::{is_assignment, wrapper_len};

#[test]
fn wrappers_and_their_options_are_taken_off() {
    let cases: &[(&str, usize)] = &[
        ("sudo mv a.py.new a.py", 1),
        ("sudo -u postgres psql -c x", 3),
        ("sudo -E cat -n a.py", 2),
        ("PYTHONPATH=. DJANGO_SETTINGS_MODULE=t python x.py", 2),
        ("env -i A=1 B=2 cat a.py", 4),
        ("env -u X tee a.py", 3),
        ("timeout 4s python3 t.py", 2),
        ("timeout -s KILL 10 cat a.py", 4),
        ("timeout --preserve-status 1.5m cat a.py", 3),
        ("nohup python t.py", 1),
        ("time -p cat a.py", 2),
        ("command cat a.py", 1),
        ("sudo -- rm a.py", 2),
        ("A=1 sudo env B=2 nohup rm a.py", 5),
        // Not wrappers: a command, `command -v` (prints a path, runs nothing), `timeout` with
        // no duration, an `=` not after a name.
        ("cat a.py", 0),
        ("command -v python", 0),
        ("timeout cat a.py", 0),
        ("1A=2 cat a.py", 0),
        ("--x=1 cat a.py", 0),
    ];
    for (cmd, n) in cases {
        let words: Vec<&str> = cmd.split(' ').collect();
        assert_eq!(wrapper_len(&words), *n, "{cmd}");
    }
    assert!(is_assignment("_A1="));
    assert!(!is_assignment("a.py"));
}
