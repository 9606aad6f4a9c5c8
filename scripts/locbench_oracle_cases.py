"""Hand-made cases for scripts/locbench_oracle.py, each a workspace, gold and predictions handed to
the oracle's check: retriever `docs` with `/__init__` and `.__init__` endings, a file-only document
and repeated documents; LocAgent lists with repeated names, more names than max_k, a gold name at
rank past max_k, an instance missing from the predictions and one the gold lacks; gold with more
names than k (Acc@k with the top k all gold), repeated `file_changes` files, an instance without
gold at a level, `edit_functions` with two functions of one class; Agentless `line: N` in a
method, a top-level function, a nested function, a class body and module code, `variable:`,
`found_related_locs` when the edit locations are empty, a list of samples, a file outside
`found_files`; readcov gold lines in each of those places and in a non-Python file; other ks."""
import os
import tempfile

from oracle_io import write_jsonl

PY = '''import os


def alpha(x):
    def helper():
        return 1
    return helper() + x


class Box:
    size = 3

    def __init__(self):
        self.n = 0

    def open(self):
        return self.size


def omega():
    pass
'''
# alpha 4-7 (helper 5-6), Box 10-18 (size 11, __init__ 13-14, open 16-17), omega 20-21


PREDS = [
    {"instance_id": "t1", "docs": ["m.py/Box/__init__", "m.py/Box.__init__", "m.py/alpha", "m.py",
                                   "m.py/Box/open", "m.py/alpha", "n.py/f", "m.py/omega/"]},
    {"instance_id": "t2", "found_files": ["m.py", "m.py", "x.py", "y.py", "z.py", "w.py", "m.py"],
     "found_modules": ["m.py:Box", "m.py:Box", "m.py:alpha"] + [f"m.py:q{i}" for i in range(9)] + ["m.py:omega"],
     "found_entities": ["m.py:Box.open", "m.py:Box.__init__", "m.py:alpha", "m.py:alpha"]},
    {"instance_id": "t3", "found_files": ["m.py", "notes.txt"],
     "found_edit_locs": {"m.py": ["line: 5\nline: 11\nline: 13\nline: 1\nvariable: size\nclass: Box\nfunction: Box.open"],
                         "other.py": ["function: g"]}},
    {"instance_id": "t4", "found_files": ["m.py"], "found_edit_locs": {},
     "found_related_locs": {"m.py": ["function: omega\nline: 17"]}},
    {"instance_id": "t5", "found_files": ["m.py"],
     "found_edit_locs": [{"m.py": ["line: 20"]}, {"m.py": ["function: alpha"]}]},
    {"instance_id": "t9", "found_files": ["m.py"], "found_modules": [], "found_entities": []},
    {"instance_id": "t4", "found_files": ["n.py", "m.py"], "found_entities": ["m.py:Box.open"]},
]

FILE_CHANGES = [
    {"instance_id": "t1", "file_changes": [
        {"file": "m.py", "changes": {"edited_modules": ["m.py:Box", "m.py:alpha"],
                                     "edited_entities": ["m.py:Box.__init__", "m.py:alpha"]}},
        {"file": "n.py", "changes": {"edited_modules": ["n.py:f"], "edited_entities": ["n.py:f"]}}]},
    {"instance_id": "t2", "file_changes": [
        {"file": "m.py", "changes": {"edited_modules": ["m.py:Box", "m.py:omega"],
                                     "edited_entities": ["m.py:Box.open", "m.py:alpha", "m.py:omega", "m.py:Box.x",
                                                         "m.py:a1", "m.py:a2"]}},
        {"file": "y.py", "changes": {}}]},
    {"instance_id": "t3", "file_changes": [{"file": "m.py", "changes": {"edited_modules": ["m.py:Box"],
                                                                         "edited_entities": []}}]},
    {"instance_id": "t4", "file_changes": [{"file": "m.py", "changes": {"edited_entities": ["m.py:Box.open"]}}]},
    {"instance_id": "t6", "file_changes": [{"file": "q.py", "changes": {"edited_entities": ["q.py:z"]}}]},
]

EDIT_FUNCTIONS = [
    {"instance_id": "t1", "edit_functions": ["m.py:Box.__init__", "m.py:Box.open", "n.py:f"]},
    {"instance_id": "t2", "edit_functions": ["m.py:alpha", "m.py:alpha"]},
    {"instance_id": "t3", "edit_functions": ["m.py:Box.open", "m.py:alpha"]},
    {"instance_id": "t5", "edit_functions": []},
]

READCOV_GOLD = [
    {"task": "t1", "path": "m.py", "start": 5, "end": 5}, {"task": "t1", "path": "m.py", "start": 14, "end": 16},
    {"task": "t1", "path": "notes.txt", "start": 1, "end": 2},
    {"task": "t2", "path": "m.py", "start": 11, "end": 11}, {"task": "t2", "path": "m.py", "start": 1, "end": 1},
    {"task": "t3", "path": "m.py", "start": 20, "end": 21}, {"task": "t3", "path": "m.py", "start": 9, "end": 10},
    {"task": "t4", "path": "m.py", "start": 17, "end": 17, "tier": "optional"},
    {"task": "t4", "path": "m.py", "start": 13, "end": 13},
    {"task": "t5", "path": "gone.py", "start": 1, "end": 1},
]


def run_all(rc, check):
    with tempfile.TemporaryDirectory() as d:
        ws = os.path.join(d, "ws")
        for t in ("t1", "t2", "t3", "t4", "t5", "t6", "t9"):
            os.makedirs(os.path.join(ws, t))
            open(os.path.join(ws, t, "m.py"), "w").write(PY)
            open(os.path.join(ws, t, "notes.txt"), "w").write("a\nb\nc\n")
        preds = write_jsonl(d, "preds.jsonl", PREDS)
        for name, rows in (("file_changes", FILE_CHANGES), ("edit_functions", EDIT_FUNCTIONS),
                           ("readcov gold", READCOV_GOLD)):
            gold = write_jsonl(d, name.replace(" ", "_") + ".jsonl", rows)
            check(rc, gold, preds, f"case {name}", workspaces=ws)
            check(rc, gold, preds, f"case {name}, other ks", workspaces=ws,
                  ks={"file": [2, 7], "module": [1, 3], "function": [1, 2, 4]})
        check(rc, write_jsonl(d, "fc.jsonl", FILE_CHANGES), preds, "case file_changes, no workspace")
