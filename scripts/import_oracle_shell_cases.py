"""Hand-made logs for scripts/import_oracle_shell.py (`--cases`): small OpenHands, mini-swe-agent
and SWE-agent trajectories over a made-up repository, each command's output produced by running
the real command (bash, GNU sed/grep/head/tail) in the repository, then cut or altered the way
docs/importers.md says the tools do. The rows are compared by the oracle as for the real logs;
the summary's per-reason counts are compared with the reason docs/importers.md gives each action
(written beside it here), with and without the workspace.

Edges: sed ranges with regex addresses (`/re1/,/re2/p`, `/re/p`, `N,/re/p`, `/re/,$p`, after
`cat F |`, a range reopening, an unclosed range), numeric sed (several `-e`, `;`, `a,$p`, `a p`),
grep -n with context on one file and on several (a file name holding `-12-`), head/tail forms
(`-n N`, `-N`, `--lines=N`, `-n +K`), pipes (`cat F | head`, `| tail`, `| grep -n`, `sed -n | grep
-n`, `grep -n | grep -v`, a position-hiding `| wc`; session 27: stages composed in any order,
`head -100 F | tail -20` with and without the length, `sed -n | head/tail/sed -n`, `tail -5 F | grep
-n`, `cat -n F | sed -n`, `nl F | head`, numbered output through `sort`, `awk`, `cut`, a second
`grep -n`, `cat A B | head`; session 28: `more F` and its banner, whole and cut, `more F | head`,
`more +N F`, `more DIR`, `cat -s`, `cat -b`), `&&`/`;`/newlines, here-documents whose body
holds read commands, `cd` persistence (OpenHands and SWE-agent keep it, mini-swe-agent starts each
command in /testbed), the truncation markers of each format, a read that failed (`cat: …: No such
file or directory`), a numbered line whose text is not the file's, paths outside the repository;
session 31: GNU sed's `$`, `first~step`, `a,~N` and awk programs choosing lines by NR, whole and
numbered, alone and in pipes (SESSION31; the exec check wants them credited exactly as printed);
session 32: `$,X` and `first~step,X` ranges, a count after `+`/`~` left out (SESSION32, exact too); session 34: grep
without -n placed by text, duplicates, context groups, several files, filters, the forms left as they were (SESSION34,
exact too).
"""
import json
import os
import shutil
import subprocess
import tempfile

# session 31: GNU sed's `$`, `first~step`, `a,~N` and awk choosing lines by NR (docs: the `sed -n`
# and awk rows); the exec check wants exactly the lines the real tools print credited (EXACT)
SESSION31 = [
    ("sed -n '$p' pkg/util.py", None, "file length unknown"),
    ("sed -n '2~5p' pkg/util.py", None, None),
    ("sed -n '0~4p' pkg/util.py", None, None),
    ("sed -n '3~0p' pkg/util.py", None, None),
    ("sed -n '1p;$p' pkg/util.py", None, "file length unknown"),
    ("sed -n '2~3p;4,6p' pkg/util.py", None, None),
    ("sed -n '2~3p;4,6p' pkg/util.py | head -3", None, "file length unknown"),
    ("sed -n '5,~4p' pkg/util.py", None, None),
    ("sed -n '8,~4p' pkg/util.py", None, None),
    ("sed -n '19,~4p;2p' pkg/util.py", None, None),
    ("cat pkg/util.py | sed -n '$p'", None, "file length unknown"),
    ("ls pkg && sed -n '0~4p' pkg/util.py", None, "file length unknown"),
    ("head -5 pkg/util.py | sed -n '$p'", None, "file length unknown"),
    ("sed -n '0~0p' pkg/util.py", "unknown command", "unknown command"),
    ("awk 'NR==5' pkg/util.py", None, None),
    ("awk 'NR>=3 && NR<=6' pkg/util.py", None, None),
    ("awk 'NR>3 && NR<6 {print}' pkg/util.py", None, None),
    ("awk 'NR>=18' pkg/util.py", None, None),
    ("awk 'NR<=2 { print $0 }' pkg/util.py", None, None),
    ("awk 'NR>=3,NR<=6' pkg/util.py", None, None),
    ("awk 'NR==3,NR==6' pkg/util.py", None, None),
    ("awk 'NR==16,NR==3' pkg/util.py", None, None),
    ("awk '{print NR\": \"$0}' pkg/util.py", None, None),
    ("awk '{printf \"%d: %s\\n\", NR, $0}' pkg/mod.py", None, None),
    ("awk 'NR>=3 && NR<=6 {print NR\": \"$0}' pkg/util.py", None, None),
    ("awk 'NR<=3 {printf \"%4d  %s\\n\", NR, $0}' pkg/util.py", None, None),
    ("awk '{print NR, $0}' pkg/nonl.py", None, None),
    ("cat pkg/util.py | awk 'NR>=5' | head -3", None, None),
    ("awk 'NR>=5' pkg/util.py | head -2", None, None),
    ("sed -n '10,20p' pkg/util.py | awk '{print NR\": \"$0}'", None, None),
    ("grep -n 'util 1' pkg/util.py | awk 'NR<=2'", None, None),
    ("awk -F: 'NR==5' pkg/util.py", "unknown command", "unknown command"),
    ("awk '{print $1}' pkg/util.py", "unknown command", "unknown command"),
    ("awk 'NR%2==0' pkg/util.py", "unknown command", "unknown command"),
    ("awk 'NR==2' pkg/nope.py", "tool error", "tool error"),
    # a plain echo beside a read: its line is taken off (docs "What counts as a read"); another
    # printing command keeps the output's count from the read (docs "Limits")
    ("echo start && head -n 50 pkg/util.py", None, None),
    ("echo '== util ==' && sed -n '1,50p' pkg/util.py && echo done", None, None),
    ("echo start && awk 'NR>=15' pkg/util.py", None, None),
    ("ls pkg && cat pkg/util.py", None, "file length unknown"),
    ("echo $HOME && cat pkg/util.py", None, "file length unknown"),
]
# session 32: GNU sed's `$,X` (the last line alone) and `first~step,X` (a range from each line of
# the sequence not in one) on files of 20, 42, 3 (no final newline) and 2 lines (docs: `sed -n`)
SESSION32 = [
    ("sed -n '$,5p' pkg/util.py", None, "file length unknown"),
    ("sed -n '$,+2p' pkg/mod.py", None, "file length unknown"),
    ("sed -n '$,~4p' pkg/nonl.py", None, "file length unknown"),
    ("sed -n '$,0p' pkg/mod.py", None, "file length unknown"),
    ("head -5 pkg/util.py | sed -n '$,3p'", None, "file length unknown"),
    ("sed -n '0~4,5p' pkg/util.py", None, None),
    ("sed -n '0~4,5p' pkg/mod.py", None, None),
    ("sed -n '2~3,+1p' pkg/util.py", None, None),
    ("sed -n '1~5,~4p' pkg/mod.py", None, None),
    ("sed -n '0~3,~2p' pkg/mod.py", None, None),
    ("sed -n '2~3,$p' pkg/util.py", None, None),
    ("sed -n '2~7,10p;1p' pkg/util.py", None, None),
    ("sed -n '3~0,6p' pkg/mod.py", None, None),
    ("sed -n '2~4,~0p' pkg/util.py", None, None),
    ("sed -n '2~3,0p' pkg/mod.py", None, None),
    ("sed -n '1~2,+1p' pkg/nonl.py", None, None),
    ("sed -n '1~2,+0p' pkg/blank_end.py", None, None),
    ("sed -n '5~3,~3p;$,2p' pkg/mod.py", None, "file length unknown"),
    ("sed -n '0~4,5p' pkg/util.py | head -3", None, "file length unknown"),
    ("sed -n '0~0,5p' pkg/util.py", "unknown command", "unknown command"),
    # a count after `+` or `~` left out (0) or after blanks
    ("sed -n '$,~p' pkg/util.py", None, "file length unknown"),
    ("sed -n '$,+p' pkg/nonl.py", None, "file length unknown"),
    ("sed -n '5,~p' pkg/util.py", None, None),
    ("sed -n '5,+p' pkg/mod.py", None, None),
    ("sed -n '0~4,+p' pkg/util.py", None, None),
    ("sed -n '0~4,~p' pkg/mod.py", None, None),
    ("sed -n '2~p;7,+ 2p' pkg/util.py", None, None),
    ("sed -n '0 ~ 3,~ 4p' pkg/mod.py", None, None),
    ("sed -n '1~2,+p' pkg/blank_end.py", None, None),
    ("sed -n '0~p' pkg/util.py", "unknown command", "unknown command"),
    ("sed -n '5,p' pkg/util.py", "unknown command", "unknown command"),
]
# session 34: grep without -n placed by text (docs: the `grep` / `rg` without `-n` row; pkg/dup.py has two equal
# bodies); the exec check wants exactly the lines grep printed credited
NLN = "output without line numbers"
SESSION34 = [
    ("grep 'k = 1' pkg/dup.py", None, NLN),
    ("grep -A1 'k = 1' pkg/dup.py", None, NLN),
    ("grep -A1 'k = 1' pkg/dup.py | tail -2", "ambiguous output", NLN),
    ("grep -C1 'y = 0' pkg/dup.py", None, NLN),
    ("grep -r 'k = 1' pkg", None, NLN),
    ("grep -r -B1 'k = 1' pkg", None, NLN),
    ("grep 'k = 1' pkg/dup.py | head -1", None, NLN),
    ("grep -v k pkg/dup.py", None, NLN),
    ("grep -iw 'UTIL 2' pkg/util.py", None, NLN),
    ("grep util pkg/util.py | grep -v 'util 1'", None, NLN),
    ("grep 'util 1' pkg/util.py pkg/dup.py", None, NLN),
    ("grep -r x pkg/dup.py", None, NLN),
    ("grep three pkg/crlf.py", None, NLN),
    ("grep nomatch pkg/dup.py", "no lines shown", NLN),
    ("grep -m1 util pkg/util.py", NLN, NLN),
    ("ls pkg && grep 'k = 1' pkg/dup.py", NLN, NLN),
    ("grep -A1 'k = 1' pkg/dup.py | grep -v ret", NLN, NLN),
    ("grep -h 'k = 1' pkg/dup.py pkg/util.py", NLN, NLN),
]
# session 35: a grep without -n as a later stage, placed among the lines the earlier stages printed
SESSION35 = [
    ("cat pkg/dup.py | grep 'k = 1'", None, NLN),
    ("sed -n '4,7p' pkg/dup.py | grep 'k = 1'", None, NLN),
    ("head -3 pkg/dup.py | grep -A1 'k = 1'", None, NLN),
    ("sed -n '2,7p' pkg/dup.py | grep -A1 'k = 1'", None, NLN),
    ("cat pkg/dup.py | grep 'k = 1' | head -1", None, NLN),
    ("tail -4 pkg/dup.py | grep -v k", None, NLN),
    ("sed -n '/y = 0/,$p' pkg/dup.py | grep 'k = 1'", None, NLN),
    ("cat pkg/util.py | grep util | grep -v 'util 1'", None, NLN),
    ("cat pkg/dup.py | grep -B1 ret | tail -2", "ambiguous output", NLN),
    ("head -3 pkg/dup.py | grep 'k = 1' | grep -v x", None, NLN),
    ("cat pkg/dup.py | grep -H 'k = 1'", NLN, NLN),
    ("more pkg/dup.py | grep 'k = 1'", NLN, NLN),
    ("cat pkg/dup.py | grep 'k = 1' | cut -c1-5", NLN, NLN),
]
# (a folder's greps aside: the exec check's completeness knows only the files a command names)
EXACT = {c for c, a, b in SESSION31 + SESSION32 if a is None} | {
    c for c, a, b in SESSION34 + SESSION35 if a is None and not c.endswith(" pkg")}

FILES = {
    "pkg/mod.py": "".join(
        [f"# line {i}\n" for i in range(1, 6)]
        + ["def alpha():\n", "\tvalue = 1\n", "    return value\n", "\n", "# filler\n"]
        + ["def beta():\n", "    x = 2\n", "    return x\n"]
        + [f"# more {i}\n" for i in range(14, 41)]
        + ["def gamma():\n", "    pass\n"]),
    "pkg/util.py": "".join(f"util {i}\n" for i in range(1, 21)),
    "logs/session-2026-01-16T11-01-ops.json": "".join(
        f'{{"n": {i}, "k": "{"hit" if i in (5, 17) else "x"}"}}\n' for i in range(1, 31)),
    "pkg/nonl.py": "a = 1\nb = 2\nc = 3",
    "pkg/blank_end.py": "x = 1\n\n",
    "pkg/crlf.py": "one\r\ntwo\r\nthree: 3:\r\n",
    "pkg/dup.py": "x = 0\n    k = 1\n    ret k\n\ny = 0\n    k = 1\n    ret k\n",
}

OH_ROOT = "/workspace/org__repo__1.0"
SWE_ROOT = "/org__repo"

# (command run in the repository, reason with workspace, reason without; None = a read)
# session 40 (docs "`&&`, `;`, `||`, newlines"): a pipeline after `&&` whose predecessor the output shows
# failing never ran (a `cd` to a missing folder, a read's error, a command bash did not find, a diff printing
# differences), a failed `cd` stays where it was; the last read shows the `rm` behind a failed diff never ran
SESSION40 = [
    ("cd missing && head -n 3 pkg/util.py", "unknown command", "unknown command"),
    ("cd missing; head -n 3 pkg/util.py", None, None),
    ("cat pkg/none.py && head -n 3 pkg/util.py", "tool error", "tool error"),
    ("nosuchtool x && head -n 3 pkg/util.py", "unknown command", "unknown command"),
    ("diff pkg/util.py pkg/mod.py && head -n 3 pkg/util.py", "unknown command", "unknown command"),
    ("diff pkg/util.py pkg/util.py && head -n 3 pkg/util.py", None, None),
    ("diff -q pkg/util.py pkg/mod.py && rm pkg/util.py", "unknown command", "unknown command"),
    ("head -n 2 pkg/util.py", None, None),
]

SHELL = [
    ("sed -n '/def alpha/,/return/p' pkg/mod.py", None, "range needs the workspace"),
    ("sed -n '/^def /p' pkg/mod.py", None, "range needs the workspace"),
    ("sed -n '12,/return/p' pkg/mod.py", None, "range needs the workspace"),
    ("sed -n '/def gamma/,$p' pkg/mod.py", None, "range needs the workspace"),
    ("cat pkg/mod.py | sed -n '/def beta/,/x = 2/p'", None, "range needs the workspace"),
    ("sed -n '/def /,/value\\|x = 2/p' pkg/mod.py", None, "range needs the workspace"),
    ("sed -n '/def gamma/,/nomatch/p' pkg/mod.py", None, "range needs the workspace"),
    ("sed -n -e '2,3p' -e '7p' pkg/mod.py", None, None),
    ("sed -n '2,4p;9p' pkg/util.py", None, None),
    # GNU sed: file order, a line once per range that selects it (docs: several ranges)
    ("sed -n '10,12p;1,3p' pkg/util.py | head -2", None, None),
    # no terminal: less/more copy the pipe (docs "pipes")
    ("grep -n 'util 1' pkg/util.py | less", None, None),
    ("grep -n 'util 1' pkg/util.py | more", None, None),
    ("sed -n '2,4p' pkg/util.py | less", None, None),
    ("cat pkg/util.py | more", None, None),
    ("sed -n '1,5p;3,8p' pkg/util.py", None, None),
    ("sed -n '12,14p;1,2p' pkg/util.py | sed -n '2,3p'", None, None),
    # session 29: from a known line to the end, the output's n lines are K..K+n-1 (docs "What counts as displayed")
    ("sed -n '15,$p' pkg/util.py", None, None),
    ("sed -n '6 p' pkg/util.py", None, None),
    ("grep -n -A 2 -B 1 'return' pkg/mod.py", None, None),
    ("grep -n -C1 hit logs/session-2026-01-16T11-01-ops.json pkg/util.py", None, None),
    ("grep -rn -A1 hit logs", None, None),
    ("grep -n 'util 1' pkg/util.py | grep -v 'util 12'", None, None),
    ("grep 'util 1' pkg/util.py", None, "output without line numbers"),
    ("grep -n nomatch pkg/util.py", "no lines shown", "no lines shown"),
    ("head -n 4 pkg/util.py", None, None),
    ("head -3 pkg/util.py", None, None),
    ("head --lines=2 pkg/mod.py", None, None),
    ("tail -n 3 pkg/util.py", None, "file length unknown"),
    ("tail -2 pkg/mod.py", None, "file length unknown"),
    ("tail -n +18 pkg/util.py", None, None),
    ("cat pkg/util.py | head -5", None, None),
    ("cat pkg/util.py | tail -4", None, "file length unknown"),
    ("cat pkg/mod.py | grep -n -A 1 'def beta'", None, None),
    ("sed -n '10,20p' pkg/util.py | grep -n 'util 1'", None, None),
    ("cat pkg/util.py | wc -l", "output without line numbers", "output without line numbers"),
    ("cat pkg/nonl.py", None, None),
    ("cat -n pkg/util.py", None, None),
    ("cat pkg/missing.py", "tool error", "tool error"),
    ("cat /tmp/outside.py", "tool error", "tool error"),
    ("cat /tmp/outside.py 2>/dev/null; true", "path outside repo", "path outside repo"),
    ("echo start && head -n 2 pkg/util.py", None, None),
    ("sed -n '9,4p' pkg/util.py", None, None),
    ("sed -n '2,4p;5,6p' pkg/util.py", None, None),
    ("sed -n '1,5p;3,8p' pkg/util.py", None, None),
    ("grep -n util pkg/util.py | tail -3", None, None),
    ("sed -n '3,5p' pkg/nonl.py", None, None),
    ("tail -n 2 pkg/nonl.py", None, "file length unknown"),
    ("nl pkg/util.py", None, None),
    ("head -n 3 pkg/nope.py", "tool error", "tool error"),
    ("sed -n '1,2p' pkg/nope.py", "tool error", "tool error"),
    ("grep -n three pkg/crlf.py pkg/util.py", None, None),
    ("grep -n -m 2 util pkg/util.py", None, None),
    ("cd pkg; head -n 2 util.py", None, None),
    ("cd pkg && cd .. && head -n 2 pkg/mod.py", None, None),
    ("ls pkg\nhead -n 1 pkg/util.py", None, None),
    ("head -n 2 pkg/util.py && head -n 3 pkg/mod.py", None, None),
    ("grep -n util pkg/util.py; grep -n def pkg/mod.py", "ambiguous output", "ambiguous output"),
    ("head -n 3 pkg/util.py && sed -n '1,5p' pkg/nonl.py", None, None),
    ("cat <<EOF > /tmp/y.txt\nhead -n 5 pkg/util.py\nEOF\ncat -n pkg/blank_end.py", None, None),
    # pipes (docs/importers.md "pipes" row), session 27
    ("cat -n pkg/mod.py | sed -n '5,9p'", None, None),
    ("cat -n pkg/mod.py | tail -n +38", None, None),
    ("nl pkg/mod.py | head -12", None, None),
    ("head -30 pkg/mod.py | tail -5", None, "file length unknown"),
    ("head -100 pkg/util.py | tail -20", None, "file length unknown"),
    ("head -12 pkg/mod.py | head -3", None, None),
    ("sed -n '5,30p' pkg/mod.py | head -3", None, None),
    ("tail -n +10 pkg/util.py | head -3", None, None),
    ("tail -n +10 pkg/util.py | tail -3", None, "file length unknown"),
    ("sed -n '5,30p' pkg/mod.py | tail -3", None, "file length unknown"),
    ("sed -n '2,3p;8,9p' pkg/util.py | tail -3", None, "file length unknown"),
    ("sed -n '5,30p' pkg/mod.py | sed -n '2,3p'", None, None),
    ("cat pkg/mod.py | sed -n '5,30p' | head -3", None, None),
    ("cat pkg/util.py | head -50", None, None),
    ("grep -n '#' pkg/mod.py | head -3", None, None),
    ("grep -n util pkg/util.py | sed -n '2,4p'", None, None),
    # session 35: placed among the lines `cat` printed (before, with a workspace too: output without line numbers)
    ("cat pkg/util.py | grep 'util 1'", None, "output without line numbers"),
    ("grep -n util pkg/util.py | sort", None, None),
    ("sed -n '10,20p' pkg/mod.py | grep -n -A 1 'def beta'", None, None),
    ("head -20 pkg/mod.py | grep -n return", None, None),
    ("tail -5 pkg/util.py | grep -n util", None, "file length unknown"),
    ("grep -n util pkg/util.py | awk '{print $1}'", "output without line numbers", "output without line numbers"),
    ("grep -n util pkg/util.py | cut -c1-3", "output without line numbers", "output without line numbers"),
    ("grep -n util pkg/util.py | grep -n 'util 1'", "no lines shown", "no lines shown"),
    ("cat -n pkg/util.py | grep -n 'util 1'", "no lines shown", "no lines shown"),
    ("cat pkg/util.py pkg/nonl.py | head", "ambiguous output", "ambiguous output"),
    # session 28: util-linux `more` to a pipe opens with a banner (docs: the `more` row); `cat -s`
    # squeezes blank lines, `cat -b` numbers non-blank lines only
    ("more pkg/util.py", None, None),
    ("more -d pkg/mod.py", None, None),
    ("more pkg/util.py | head -5", "output without line numbers", "output without line numbers"),
    ("more +5 pkg/util.py", "ambiguous output", "ambiguous output"),
    ("more pkg", "tool error", "tool error"),
    ("cat -s pkg/mod.py", "output without line numbers", "output without line numbers"),
    ("cat -b pkg/mod.py", None, None),
    ("cat -bn pkg/mod.py", None, None),
    ("cat > /tmp/x.sh << 'EOF'\ncat pkg/util.py\nsed -n '1,3p' pkg/mod.py\nEOF\nls pkg", "unknown command",
     "unknown command"),
    # session 29: a read from a known line to the end without the length (docs "What counts as
    # displayed"); another command printing beside a read (docs "What counts as a read"); a read
    # into a file; `head -v`/`tail -v`; bat and batcat (docs: the cat/…/bat row)
    ("tail -n +15 pkg/util.py | grep -n 'util 1'", None, None),
    ("cat pkg/util.py | tail -n +19", None, None),
    ("sed -n '2,3p;18,$p' pkg/util.py", None, None),
    # session 31: a plain echo's line is taken off (docs "What counts as a read")
    ("echo start && cat pkg/util.py", None, None),
    ("echo start; tail -n +19 pkg/util.py", None, None),
    ("cat pkg/util.py && echo done", None, None),
    ("true && cat pkg/nonl.py", None, None),
    ("cat pkg/mod.py > /dev/null; sed -n '2,3p' pkg/util.py", None, None),
    ("head -v -n 3 pkg/util.py", None, None),
    ("tail -v -n 2 pkg/util.py", None, "file length unknown"),
    ("tail -v -n +19 pkg/util.py", None, None),
    ("head -v -q -n 2 pkg/mod.py", None, None),
    ("cat pkg/util.py | head -v -n 3", "output without line numbers", "output without line numbers"),
    ("bat pkg/util.py", None, None),
    ("batcat pkg/nonl.py", None, None),
    ("bat -n pkg/util.py", None, None),
    ("bat -p pkg/mod.py", None, None),
    ("bat --style=numbers,grid pkg/util.py", None, None),
    ("bat -r 3:5 pkg/util.py", None, None),
    ("bat --line-range 17: pkg/util.py", None, None),
    ("batcat --line-range=:2 pkg/mod.py", None, None),
    ("bat -r 4 pkg/util.py", None, None),
    ("bat -r 2:+2 pkg/util.py", None, None),
    ("bat pkg/util.py pkg/nonl.py", "unknown command", "unknown command"),
    ("bat pkg/nope.py", "tool error", "tool error"),
    ("bat -r 3:5 pkg/util.py | head -2", None, None),
    # session 29: forms run for real for the exec check (GNU `a,+N`: docs, the sed row)
    ("sed -n '3,+2p' pkg/util.py", None, None),
    ("sed -n 5,7p pkg/util.py", None, None),
    ("head -n -17 pkg/util.py", "unknown command", "unknown command"),
    ("head -c 20 pkg/util.py", "unknown command", "unknown command"),
    ("tail -n +0 pkg/nonl.py", None, None),
    ("less -N pkg/nonl.py", None, None),
    ("more -5 pkg/nonl.py", None, None),
    ("nl -ba pkg/mod.py | tail -n +40", None, None),
    ("cat pkg/util.py | nl | sed -n '3,5p'", "output without line numbers", "output without line numbers"),
    ("head -n 3 pkg/util.py | cat -n", "output without line numbers", "output without line numbers"),
    ("grep -n -w 'util 2' pkg/util.py", None, None),
    ("grep -c util pkg/util.py", "output without line numbers", "output without line numbers"),
    ("tail -q -n 2 pkg/util.py", None, "file length unknown"),
    ("cat -- pkg/nonl.py", None, None),
    ("head -n3 pkg/util.py", None, None),
    ("sed -n -e 4p pkg/util.py", None, None),
    ("sed -n '4p;4p' pkg/util.py", None, None),
    # session 29: `-h` drops the path only (docs, the `grep -h` row): one file reads as `grep -n`
    ("grep -hn 'util 1' pkg/util.py", None, None),
    ("grep -n -h -A 1 'def beta' pkg/mod.py", None, None),
    ("grep --no-filename -n three pkg/crlf.py", None, None),
    ("grep -Hhn 'util 2' pkg/util.py", None, None),
    ("cat pkg/util.py | grep -hn 'util 3'", None, None),
    ("grep -hn three pkg/crlf.py pkg/util.py", "ambiguous output", "ambiguous output"),
    ("grep -rhn 'def ' pkg/", "ambiguous output", "ambiguous output"),
    ("grep -hHn three pkg/crlf.py pkg/util.py", None, None),
    *[(c, a, b) for c, a, b in SESSION31],
    *SESSION32,
    *SESSION34,
    *SESSION35,
    *SESSION40,
]


def _ws(root):
    for p, text in FILES.items():
        f = os.path.join(root, p)
        os.makedirs(os.path.dirname(f), exist_ok=True)
        open(f, "w").write(text)


def _run(cmd, cwd):
    import import_oracle_shell_exec as X
    p = subprocess.run(["bash", "-c", cmd], cwd=cwd, capture_output=True, text=True, env=X.env())
    out = p.stdout + p.stderr
    if "/tmp/outside.py 2>" in cmd:
        out = ""
    if cmd == "cat /tmp/outside.py":
        out = "cat: /tmp/outside.py: No such file or directory\n"
    return out.replace(cwd + "/", ""), p.returncode


def openhands_log(ws, extra):
    """fncall_messages with an execute_bash call per SHELL command, plus `extra` [(tool, args,
    result)]."""
    msgs = [{"role": "system", "content": "x"},
            {"role": "user", "content": f"<uploaded_files>\n{OH_ROOT}\n</uploaded_files>\nfix it"}]
    calls = []
    for cmd, *_ in SHELL:
        out, rc = _run(cmd, ws)
        if not out.endswith("\n") and out:
            out += "\n"
        calls.append(("execute_bash", {"command": f"cd {OH_ROOT} && {cmd}"},
                      out + f"[The command completed with exit code {rc}.]\n"
                      f"[Current working directory: {OH_ROOT}]\n[Python interpreter: /usr/bin/python]\n"
                      f"[Command finished with exit code {rc}]"))
    calls += extra
    for i, (tool, args, res) in enumerate(calls):
        msgs.append({"role": "assistant", "content": "", "tool_calls": [
            {"id": f"t{i}", "type": "function", "function": {"name": tool, "arguments": json.dumps(args)}}]})
        if res is not None:
            msgs.append({"role": "tool", "tool_call_id": f"t{i}", "name": tool, "content": res})
    return {"fncall_messages": msgs}


def oh_truncate(text, keep):
    """OpenHands cuts a long shell output to its first and last `keep` characters."""
    return text[:keep] + "\n[... Observation truncated due to length ...]\n" + text[-keep:]


def catn(ws, path, a=None, b=None):
    lines = open(os.path.join(ws, path)).read().split("\n")
    a = a or 1
    b = len(lines) if b is None or b == -1 else b
    body = "\n".join(f"{n:6}\t{lines[n - 1].expandtabs()}" for n in range(a, b + 1))
    return f"Here's the result of running `cat -n` on {OH_ROOT}/{path}:\n{body}\n"


def openhands_extra(ws):
    long_cmd = "cat pkg/mod.py"
    full, rc = _run(long_cmd, ws)
    grep_full, _ = _run("grep -n '#' pkg/mod.py", ws)
    more_full, _ = _run("more pkg/mod.py", ws)
    mism, _ = _run("grep -n 'return' pkg/mod.py", ws)
    mism = mism.replace("return value", "return other")
    v = lambda **k: dict(command="view", **k)  # noqa: E731
    ed = "str_replace_editor"
    return [
        ("execute_bash", {"command": f"cd {OH_ROOT} && {long_cmd}"}, oh_truncate(full, 60)),
        ("execute_bash", {"command": f"cd {OH_ROOT} && grep -n '#' pkg/mod.py"}, oh_truncate(grep_full, 70)),
        ("execute_bash", {"command": f"cd {OH_ROOT} && more pkg/mod.py"}, oh_truncate(more_full, 70)),
        ("execute_bash", {"command": f"cd {OH_ROOT} && grep -n 'return' pkg/mod.py"},
         mism + f"[Current working directory: {OH_ROOT}]"),
        (ed, v(path=f"{OH_ROOT}/pkg/mod.py", view_range=[6, 13]), catn(ws, "pkg/mod.py", 6, 14)),
        (ed, v(path=f"{OH_ROOT}/pkg/util.py"), catn(ws, "pkg/util.py")),
        (ed, v(path=f"{OH_ROOT}/pkg/util.py", view_range=[15, -1]), catn(ws, "pkg/util.py", 15)),
        (ed, v(path=f"{OH_ROOT}/pkg/mod.py"), catn(ws, "pkg/mod.py")[:400] + "<response clipped><NOTE>…</NOTE>"),
        (ed, v(path=f"{OH_ROOT}/pkg"), f"Here's the files and directories up to 2 levels deep in {OH_ROOT}/pkg, "
                                        "excluding hidden items:\n" + f"{OH_ROOT}/pkg/\n{OH_ROOT}/pkg/mod.py\n"),
        (ed, v(path=f"{OH_ROOT}/pkg/nonl.py"), catn(ws, "pkg/nonl.py")),
        (ed, v(path=f"{OH_ROOT}/pkg/util.py", view_range=[2, 4]),
         catn(ws, "pkg/util.py", 2, 4).replace("util 3", "util three")),
        (ed, v(path=f"{OH_ROOT}/pkg/blank_end.py"), catn(ws, "pkg/blank_end.py")),
        (ed, v(path=f"{OH_ROOT}/pkg/util.py", view_range=[30, 40]),
         "ERROR:\nInvalid `view_range` parameter: [30, 40]. Its first element `30` should be within the range "
         "of lines of the file: [1, 20]."),
        # cd persists: the tool reports the new working directory, a relative read follows it
        ("execute_bash", {"command": "cd /workspace/org__repo__1.0/pkg"},
         "[The command completed with exit code 0.]\n[Current working directory: /workspace/org__repo__1.0/pkg]"),
        ("execute_bash", {"command": "head -n 3 util.py"},
         "util 1\nutil 2\nutil 3\n[Current working directory: /workspace/org__repo__1.0/pkg]"),
        # edits replayed on the workspace text (lines equal at a replaced region's ends keep their
        # origin), later reads mapped back to base lines
        (ed, dict(command="str_replace", path=f"{OH_ROOT}/pkg/util.py", old_str="util 5\nutil 6\n",
                  new_str="util 5\nNEW\nutil 6\n"), f"The file {OH_ROOT}/pkg/util.py has been edited. Here's the "
         "result of running `cat -n` on a snippet of it:\n     5\tutil 5\n     6\tNEW\n     7\tutil 6\n"),
        (ed, v(path=f"{OH_ROOT}/pkg/util.py", view_range=[1, 8]), numbered(U1, 1, 8, "pkg/util.py")),
        (ed, dict(command="insert", path=f"{OH_ROOT}/pkg/util.py", insert_line=0, new_str="TOP"),
         f"The file {OH_ROOT}/pkg/util.py has been edited."),
        ("execute_bash", {"command": f"grep -n 'NEW\\|util 7' {OH_ROOT}/pkg/util.py"},
         "".join(f"{i}:{t}\n" for i, t in enumerate(U2, 1) if t in ("NEW", "util 7"))),
        ("execute_bash", {"command": f"head -n 4 {OH_ROOT}/pkg/util.py"}, "\n".join(U2[:4]) + "\n"),
        (ed, dict(command="undo_edit", path=f"{OH_ROOT}/pkg/util.py"),
         f"Last edit to {OH_ROOT}/pkg/util.py undone successfully. " + numbered(U1 + [""], 1, 22, "pkg/util.py")),
        (ed, dict(command="str_replace", path=f"{OH_ROOT}/pkg/util.py", old_str="nowhere", new_str="x"),
         "ERROR:\nNo replacement was performed, old_str `nowhere` did not appear verbatim in "
         f"{OH_ROOT}/pkg/util.py."),
        (ed, dict(command="create", path=f"{OH_ROOT}/pkg/new2.py", file_text="n1\nn2\n"),
         f"File created successfully at: {OH_ROOT}/pkg/new2.py"),
        (ed, v(path=f"{OH_ROOT}/pkg/new2.py"), numbered(["n1", "n2", ""], 1, 3, "pkg/new2.py")),
        ("execute_bash", {"command": "cat util.py"}, None),
        # session 29: cut reads from a known line to the end, bat, another command printing first
        *[("execute_bash", {"command": f"cd {OH_ROOT} && {c}"}, oh_truncate(_run(c, ws)[0], 60))
          for c in ("tail -n +3 pkg/mod.py", "sed -n '4,$p' pkg/mod.py", "bat pkg/mod.py",
                    "echo hi && cat pkg/mod.py", "cat pkg/mod.py; echo done", "sed -n '0~2p' pkg/mod.py")],
        # session 39 (docs "Edits and line mapping"): `cd -` back to a folder of the command, printed;
        # to an unknown $OLDPWD; its output sent away; a write to a parameter; wrappers
        ("execute_bash", {"command": f"cd {OH_ROOT} && cd pkg && cd /tmp && cd - && cat nonl.py"},
         f"{OH_ROOT}/pkg\n" + _run("cat pkg/nonl.py", ws)[0]),
        ("execute_bash", {"command": "cd - && cat pkg/nonl.py"}, "/somewhere\n" + _run("cat pkg/nonl.py", ws)[0]),
        ("execute_bash", {"command": f"cd {OH_ROOT}/pkg && cd .. && cd - > /dev/null && head -n 2 mod.py"},
         _run("head -n 2 pkg/mod.py", ws)[0]),
        ("execute_bash", {"command": f"cd {OH_ROOT} && python -m pytest > $OUT; rm \"$F\"; head -n 3 pkg/mod.py"},
         _run("head -n 3 pkg/mod.py", ws)[0]),
        ("execute_bash", {"command": f"cd {OH_ROOT} && LC_ALL=C sudo -E timeout 5 cat -n pkg/nonl.py"},
         _run("cat -n pkg/nonl.py", ws)[0]),
        ("execute_bash", {"command": f"cd {OH_ROOT} && sudo cp pkg/mod.py pkg/nonl.py"}, ""),
        ("execute_bash", {"command": f"cd {OH_ROOT} && cat -n pkg/nonl.py"}, _run("cat -n pkg/mod.py", ws)[0]),
    ]


U1 = [f"util {i}" for i in range(1, 6)] + ["NEW"] + [f"util {i}" for i in range(6, 21)]
U2 = ["TOP"] + U1


def numbered(lines, a, b, path):
    body = "\n".join(f"{n:6}\t{lines[n - 1]}" for n in range(a, b + 1))
    return f"Here's the result of running `cat -n` on {OH_ROOT}/{path}:\n{body}\n"


# reasons of openhands_extra's actions (ws, no ws)
# session 28: a cut whole-file read of unknown length credits its head (docs "What counts as displayed")
OH_EXTRA_REASONS = [(None, None), (None, None), (None, None), ("shown text differs from file", None), (None, None),
                    (None, None), (None, None), (None, None), (None, None),
                    ("shown text differs from file", None), (None, None), ("directory view", "directory view"),
                    ("tool error", "tool error"), ("unknown command", "unknown command"), (None, None),
                    (None, "unaligned after edit"), (None, "unaligned after edit"),
                    (None, "unaligned after edit"), (None, "unaligned after edit"),
                    (None, "unaligned after edit"), (None, "unaligned after edit"),
                    ("tool error", "tool error"), (None, None),
                    ("file not in workspace", "only agent-written lines"),
                    ("missing observation", "missing observation"),
                    (None, None), (None, None), (None, None), (None, None), (None, None), (None, None),
                    (None, None), ("ambiguous output", "ambiguous output"), (None, None), (None, None),
                    (None, None), ("unknown command", "unknown command"),
                    ("unaligned after edit", "unaligned after edit")]


def mini_log(ws):
    msgs = [{"role": "system", "content": "x"}, {"role": "user", "content": "fix it"}]
    cmds = [(c, a, b) for c, a, b in SHELL]
    full, _ = _run("cat pkg/mod.py", ws)
    grep, _ = _run("grep -n '#' pkg/mod.py", ws)
    for i, (cmd, *_r) in enumerate(cmds):
        out, rc = _run(cmd, ws)
        msgs.append({"role": "assistant", "content": "", "extra": {"actions": [
            {"command": f"cd /testbed && {cmd}", "tool_call_id": f"c{i}"}]}})
        msgs.append({"role": "tool", "tool_call_id": f"c{i}",
                     "content": f"<returncode>{rc}</returncode>\n<output>\n{out}</output>"})
    extra = [
        # the template: head and tail of a long output, cut by characters
        ("cat pkg/mod.py", "<returncode>0</returncode>\n<output_head>\n" + full[:90] + "\n</output_head>\n"
         "<elided_chars>\n99 characters elided\n</elided_chars>\n<output_tail>\n" + full[-80:] +
         "\n</output_tail>"),
        # a window longer than the file, cut: without the length only the head is certain
        ("head -n 3000 pkg/mod.py", "<returncode>0</returncode>\n<output_head>\n" + full[:90] +
         "\n</output_head>\n<elided_chars>\n99 characters elided\n</elided_chars>\n<output_tail>\n" +
         full[-80:] + "\n</output_tail>"),
        ("sed -n '1,3000p' pkg/mod.py", "<returncode>0</returncode>\n<output_head>\n" + full[:90] +
         "\n</output_head>\n<elided_chars>\n99 characters elided\n</elided_chars>\n<output_tail>\n" +
         full[-80:] + "\n</output_tail>"),
        # a numbered output cut: the tail's first line (its number may be cut) is dropped
        ("grep -n '#' pkg/mod.py", "<returncode>0</returncode>\n<output_head>\n" + grep[:75] +
         "\n</output_head>\n<elided_chars>\n99 characters elided\n</elided_chars>\n<output_tail>\n" +
         grep[-45:] + "\n</output_tail>"),
        # each command starts in /testbed: a cd does not carry over
        ("cd pkg", "<returncode>0</returncode>\n<output>\n</output>"),
        ("head -n 2 util.py", "<returncode>0</returncode>\n<output>\nutil 1\nutil 2\n</output>"),
        # 2.2.x: a command that timed out, with what it printed so far (the tags are no output)
        ("cat pkg/util.py", "<exception>An error occurred while executing the command: Command 'cat "
         "pkg/util.py' timed out after 60 seconds</exception>\n<returncode>-1</returncode>\n<output>\n"
         "util 1\nutil 2\n</output>"),
        # 1.x: the timeout template around what the command printed
        ("cat pkg/util.py", "The last command <command>cat pkg/util.py</command> timed out and has been killed.\n"
         "The output of the command was:\n <output>\nutil 1\nutil 2\nutil 3\n\n</output>\nPlease try another "
         "command and make sure to avoid those requiring interactive input."),
    ]
    for j, (cmd, res) in enumerate(extra):
        msgs.append({"role": "assistant", "content": "", "extra": {"actions": [
            {"command": cmd, "tool_call_id": f"e{j}"}]}})
        msgs.append({"role": "tool", "tool_call_id": f"e{j}", "content": res})
    return {"trajectory_format": "mini-swe-agent-1.1", "instance_id": "case-mini", "messages": msgs}


MINI_EXTRA_REASONS = [(None, None), (None, None), ("unknown command", "unknown command"),
                      ("file not in workspace", None), (None, None), (None, None)]


def swe_window(ws, path, first, last):
    lines = open(os.path.join(ws, path)).read().split("\n")
    if lines[-1] == "":
        lines.pop()
    n = len(lines)
    out = [f"[File: {SWE_ROOT}/{path} ({n} lines total)]"]
    if first > 1:
        out.append(f"({first - 1} more lines above)")
    out += [f"{i}:{lines[i - 1]}" for i in range(first, min(last, n) + 1)]
    if last < n:
        out.append(f"({n - last} more lines below)")
    return "\n".join(out)


def win(lines, first, last, path="pkg/util.py"):
    n = len(lines)
    out = [f"[File: {SWE_ROOT}/{path} ({n} lines total)]"]
    if first > 1:
        out.append(f"({first - 1} more lines above)")
    out += [f"{i}:{lines[i - 1]}" for i in range(first, min(last, n) + 1)]
    if last < n:
        out.append(f"({n - last} more lines below)")
    return "\n".join(out)


def swe_stored(cmd, ws):
    """The output of `cmd` as SWE-agent 0.6-0.7 stored it: without its last line break."""
    return "\n".join(_run(cmd, ws)[0].splitlines())


def swe_log(ws):
    util = [f"util {i}" for i in range(1, 21)]
    util2 = util[:2] + ["three"] + util[4:] + ["util new"]
    steps = [
        ("open pkg/mod.py\n", swe_window(ws, "pkg/mod.py", 1, 30)),
        ("goto 40\n", swe_window(ws, "pkg/mod.py", 12, 42)),
        ("scroll_up\n", swe_window(ws, "pkg/mod.py", 1, 20)),
        ('search_file "return"\n', f'Found 2 matches for "return" in {SWE_ROOT}/pkg/mod.py:\nLine 8:    return value\n'
                                   "Line 13:    return x\nEnd of matches for \"return\" in " + f"{SWE_ROOT}/pkg/mod.py"),
        ("cd pkg\n", ""),
        ("sed -n '3,5p' util.py\n", "util 3\nutil 4\nutil 5"),
        ("grep -n 'def ' mod.py\n", "6:def alpha():\n11:def beta():\n41:def gamma():"),
        ("cat util.py | head -n 100\n", "The output of your last command was too long.\nPlease try a different command"),
        ("find_file mod.py\n", 'Found 1 matches for "mod.py" in /org__repo:\n/org__repo/pkg/mod.py'),
        # edits replayed on the window's length: past the end appends, a → b replaces
        ("open util.py\n", swe_window(ws, "pkg/util.py", 1, 20)),
        ("edit 21:21\nutil new\nend_of_edit\n", win(util + ["util new"], 1, 21)),
        ("edit 3:4\nthree\nend_of_edit\n", win(util2, 1, 20)),
        ("goto 12\n", win(util2, 1, 20)),
        ('search_file "util 1"\n', f'Found 3 matches for "util 1" in {SWE_ROOT}/pkg/util.py:\nLine 1:util 1\n'
                                   'Line 9:util 10\nLine 10:util 11\nEnd of matches'),
        # a refusal: nothing written, the original window read
        ("edit 2:2\n  bad(\nend_of_edit\n", "Your proposed edit has introduced new syntax error(s). Please read this "
         "error message carefully and then retry editing the file.\n\nERRORS:\n- E999 SyntaxError\n\nThis is how "
         "your edit would have looked if applied\n" + "-" * 49 + "\n" + win(util2[:1] + ["  bad("] + util2[2:], 1, 5)
         + "\n" + "-" * 49 + "\n\nThis is the original code before your edit\n" + "-" * 49 + "\n"
         + win(util2, 1, 5) + "\n" + "-" * 49 + "\nYour changes have NOT been applied. Please fix your edit command "
         "and try again."),
        ("create new.py\n", f"[File: {SWE_ROOT}/pkg/new.py (1 lines total)]\n1:"),
        ("create util.py\n", f"Error: File '{SWE_ROOT}/pkg/util.py' already exists.\n" + win(util2, 1, 20)),
        # an end more than one line before the start is not replayed: the file is unaligned
        ("edit 9:5\nx\nend_of_edit\n", win(util2[:8] + ["x"] + util2[4:], 1, 30)),
        ("goto 3\n", win(util2[:8] + ["x"] + util2[4:], 1, 30)),
        # session 33: 0.6-0.7 stored `"\n".join(output.splitlines())`; these outputs end on a blank
        # line, so they are stored ending with a line break (the other observations end with none)
        ("sed -n '6,9p' mod.py\n", swe_stored("sed -n '6,9p' pkg/mod.py", ws)),
        ("cat blank_end.py\n", swe_stored("cat pkg/blank_end.py", ws)),
    ]
    traj = [{"action": a, "observation": o, "response": "", "thought": ""} for a, o in steps]
    return {"environment": "swe_main", "trajectory": traj, "history": [], "info": {}}


SWE_REASONS = [(None, None)] * 4 + [("unknown command", "unknown command")] + [(None, None)] * 2 + [
    ("no lines shown", "no lines shown"), ("output without line numbers", "output without line numbers")] + [
    (None, None)] * 9 + [("unaligned after edit", "unaligned after edit")] * 2 + [(None, None)] * 2


def swe1_log(ws):
    """A SWE-agent 1.x .traj (`replay_config`): the whole `cat` output is kept, 300 characters of
    it were sent (the window, 249, whole)."""
    rc = {"agent": {"templates": {"max_observation_length": 300}}}
    full, _ = _run("cat pkg/mod.py", ws)
    traj = [{"action": a, "observation": o} for a, o in [
        ("open pkg/util.py\n", swe_window(ws, "pkg/util.py", 1, 20)), ("cat pkg/mod.py\n", full)]]
    return {"replay_config": json.dumps(rc), "trajectory": traj, "info": {}}


def oh_eval_log():
    """An OpenHands eval-output line whose history keeps a whole `cat` output longer than its
    `max_message_chars` (the model was sent it cut), and one within it."""
    root = "/workspace/o__r__1"
    md = {"exit_code": 0, "working_dir": root, "py_interpreter_path": "", "prefix": "",
          "suffix": "\n[The command completed with exit code 0.]"}
    hist = []
    for i, cmd in enumerate([f"cat {root}/pkg/mod.py", f"head -n 3 {root}/pkg/util.py"]):
        out = FILES["pkg/mod.py"] if i == 0 else "".join(FILES["pkg/util.py"].splitlines(True)[:3])
        hist.append({"id": 2 * i + 1, "source": "agent", "action": "run", "args": {"command": cmd}})
        hist.append({"id": 2 * i + 2, "cause": 2 * i + 1, "source": "agent", "observation": "run",
                     "content": out, "extras": {"command": cmd, "metadata": md}})
    # 126 characters of suffix and status lines (mod.py: 423 characters): the cut keeps 226 of
    # the output before it and 100 after
    return {"instance_id": "case-oheval", "metadata": {"llm_config": {"max_message_chars": 2 * 226}},
            "history": hist}


def run(rc, compare_cases, check_reasons, rows_of=None, problem=None):
    d = tempfile.mkdtemp()
    try:
        wsroot = os.path.join(d, "sources")
        for task in ("case-oh", "case-mini", "case-swe", "case-oheval", "case-swe1"):
            _ws(os.path.join(wsroot, task))
        ws = os.path.join(wsroot, "case-oh")
        logs = os.path.join(d, "logs")
        os.makedirs(logs)
        oh = os.path.join(logs, "case-oh.json")
        json.dump(openhands_log(ws, openhands_extra(ws)), open(oh, "w"))
        mi = os.path.join(logs, "case-mini.traj.json")
        json.dump(mini_log(ws), open(mi, "w"))
        sw = os.path.join(logs, "case-swe.traj")
        json.dump(swe_log(ws), open(sw, "w"))
        ev = os.path.join(logs, "case-oheval.output.jsonl")
        open(ev, "w").write(json.dumps(oh_eval_log()) + "\n")
        s1 = os.path.join(logs, "case-swe1.traj")
        json.dump(swe1_log(ws), open(s1, "w"))
        base = [(a, b) for _, a, b in SHELL]
        want = {oh: base + OH_EXTRA_REASONS, mi: base + MINI_EXTRA_REASONS, sw: SWE_REASONS}
        for ws_root in (wsroot, None):
            compare_cases([oh, mi, sw, ev, s1], ws_root)
            for f, reasons in want.items():
                check_reasons(f, ws_root, [r[0] if ws_root else r[1] for r in reasons])
        if rows_of is not None:
            # session 28: the SHELL commands run for real; mini-swe-agent's step k ran SHELL[k]
            import import_oracle_shell_exec as X
            return X.check(SHELL, FILES, rows_of(mi, wsroot), problem, EXACT)
    finally:
        shutil.rmtree(d)
