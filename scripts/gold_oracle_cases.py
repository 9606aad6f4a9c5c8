#!/usr/bin/env python3
"""Writes the gold oracle's hand-made and seeded-random cases: DIR/ws/<task>/… (base files) and
DIR/rows.jsonl (SWE-bench rows), for `gold_oracle.py READCOV swebench DIR/rows.jsonl
--workspaces DIR/ws` (and without the workspaces: the stated lines).

usage: gold_oracle_cases.py DIR [--seed S] [--random N]

Hand-made: hunks with no context, a header without counts, `\\ No newline at end of file`, CRLF,
/dev/null sides, a file renamed and changed, a rename alone, binary patches, adjacent and
overlapping hunks, lines past the file's end, an empty patch, several files, a deleted `--` line,
insertions at the top and the end, a `+` before a `-`, leading comments (Python, Java, Rust, C),
a class over --max-unit, bytes that are not UTF-8, a file the workspace lacks, no grammar.
Random (scripts/gold_oracle_random.py): difflib diffs of seeded edits, some applied with offsets or
to a stale file; consensus reads and labels."""
import json
import os
import random
import sys

from gold_oracle_random import consensus_cases, random_cases

PY = """import os
# helper comment
# second line of it


def top(a, b):
    \"\"\"Doc.\"\"\"
    return a + b

x = 1
y = 2


class Small:
    # leading of m
    @property
    def m(self):
        return 1

        # trailing of m, deeper
    def n(self):
        z = 3
        return z


def last():
    return 0
"""

JAVA = """package com.x;

import java.util.List;

/**
 * Foo's doc.
 */
public class Foo {
    private int a;

    /** The bar. */
    @Override
    public int bar() {
        return a;
    }

    // plain comment
    int baz() {
        return 2;
    }
}
"""

# Block comments holding `/*`: Jackson's section banner right above a method, a Javadoc naming
# `/**` paths, a comment opened after a statement (session 34: the opener is the block's first line).
JAVA_BLOCKS = """class Blocks {
    int y; /* about y
    */
    int f() {
        return 1;
    }

    /*
    /**********************************************************
    /* Public API
    /**********************************************************
     */
    public int g() {
        return 2;
    }

    /**
     * Matches /* and /** paths.
     */
    public int h() {
        return 3;
    }
}
"""

RUST = """use std::fmt;

/// Point's doc.
#[derive(Debug)]
struct Point {
    x: i32,
}

impl Point {
    /// New.
    #[inline]
    fn new() -> Self {
        Point { x: 0 }
    }
}
"""

C = """#include <stdio.h>
#define N 3
/* adds
   two */
int add(int a, int b) {
    return a + b;
}
// main
int main(void) {
    return add(1, 2);
}
"""


def hdr(old, new=None):
    new = new or old
    return f"diff --git a/{old} b/{new}\n--- a/{old}\n+++ b/{new}\n"


def hand_made():
    """[(task, {path: text or bytes}, patch)]"""
    big = "class Big:\n" + "".join(f"    v{i} = {i}\n" for i in range(250)) + "\n\ndef after():\n    pass\n"
    py = {"m.py": PY}
    pyl = PY.split("\n")
    cases = [
        ("nocontext", py, hdr("m.py") + "@@ -8 +8 @@\n-    return a + b\n+    return a - b\n"),
        ("nocontext-insert", py, hdr("m.py") + "@@ -10,0 +11,2 @@\n+w = 0\n+v = 1\n"),
        ("nocontext-delete", py, hdr("m.py") + "@@ -10,2 +9,0 @@\n-x = 1\n-y = 2\n"),
        ("nocounts", py, hdr("m.py") + "@@ -11 +11 @@\n-y = 2\n+y = 3\n"),
        ("noeol", {"e.py": "def f():\n    return 1"},
         hdr("e.py") + "@@ -1,2 +1,2 @@\n def f():\n-    return 1\n\\ No newline at end of file\n+    return 2\n\\ No newline at end of file\n"),
        ("noeol-append", {"e.py": "def f():\n    return 1"},
         hdr("e.py") + "@@ -1,2 +1,3 @@\n def f():\n-    return 1\n\\ No newline at end of file\n+    return 1\n+# end\n"),
        ("crlf", {"c.py": PY.replace("\n", "\r\n")},
         (hdr("c.py") + "@@ -7,3 +7,4 @@\n     \"\"\"Doc.\"\"\"\n     return a + b\n+    pass\n \n").replace("\n", "\r\n")),
        ("crlf-lf-patch", {"c.py": PY.replace("\n", "\r\n")},
         hdr("c.py") + "@@ -10,2 +10,2 @@\n-x = 1\n+x = 5\n y = 2\n"),
        ("newfile", py, "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1,2 @@\n+a = 1\n+b = 2\n"),
        ("deleted", {"d.py": "a = 1\nb = 2\nc = 3\n"},
         "diff --git a/d.py b/d.py\ndeleted file mode 100644\n--- a/d.py\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-a = 1\n-b = 2\n-c = 3\n"),
        ("rename-change", py, "diff --git a/m.py b/n/m2.py\nsimilarity index 90%\nrename from m.py\nrename to n/m2.py\n"
         "--- a/m.py\n+++ b/n/m2.py\n@@ -26,2 +26,2 @@\n def last():\n-    return 0\n+    return 9\n"),
        ("rename-only", py, "diff --git a/m.py b/m3.py\nsimilarity index 100%\nrename from m.py\nrename to m3.py\n"),
        ("binary", {**py, "i.png": b"\x89PNG\r\n\x1a\n\x00\x01"},
         "diff --git a/i.png b/i.png\nindex 1234567..89abcde 100644\nBinary files a/i.png and b/i.png differ\n"
         + hdr("m.py") + "@@ -11 +11 @@\n-y = 2\n+y = 3\n"),
        ("binary-literal", {**py, "i.png": b"\x89PNG\r\n\x1a\n\x00\x01"},
         "diff --git a/i.png b/i.png\nindex 1234567..89abcde 100644\nGIT binary patch\nliteral 3\nKcmZ?wVqgFO00aO5\n\n"
         "literal 3\nKcmZ?wVqgFO00aO5\n\n" + hdr("m.py") + "@@ -11 +11 @@\n-y = 2\n+y = 3\n"),
        ("binary-deleted", {**py, "i.png": b"\x89PNG\r\n\x1a\n\x00\x01"},
         "diff --git a/i.png b/i.png\ndeleted file mode 100644\nindex 1234567..0000000\nBinary files a/i.png and /dev/null differ\n"),
        ("adjacent", py, hdr("m.py") + "@@ -6,3 +6,3 @@\n-def top(a, b):\n+def top(a, c):\n     \"\"\"Doc.\"\"\"\n     return a + b\n"
         "@@ -9,3 +9,3 @@\n \n-x = 1\n+x = 2\n y = 2\n"),
        ("overlapping", py, hdr("m.py") + "@@ -8,3 +8,3 @@\n-    return a + b\n+    return a\n \n x = 1\n"
         "@@ -9,3 +9,3 @@\n \n-x = 1\n+x = 7\n y = 2\n"),
        ("past-end", py, hdr("m.py") + "@@ -40,3 +40,3 @@\n a\n-b\n+c\n d\n"),
        ("past-end-insert", py, hdr("m.py") + "@@ -27,1 +27,2 @@\n     return 0\n+# more\n"),
        ("empty", py, ""),
        ("several", {**py, "Foo.java": JAVA, "lib.rs": RUST, "a.c": C, "notes.txt": "a\nb\nc\n"},
         hdr("m.py") + "@@ -18,2 +18,2 @@\n     def m(self):\n-        return 1\n+        return 2\n"
         + hdr("Foo.java") + "@@ -13,3 +13,3 @@\n     public int bar() {\n-        return a;\n+        return a + 1;\n     }\n"
         + "@@ -19,2 +19,2 @@\n     int baz() {\n-        return 2;\n+        return 3;\n"
         + hdr("lib.rs") + "@@ -12,3 +12,3 @@\n     fn new() -> Self {\n-        Point { x: 0 }\n+        Point { x: 1 }\n     }\n"
         + "@@ -6,1 +6,1 @@\n-    x: i32,\n+    x: i64,\n"
         + hdr("a.c") + "@@ -5,2 +5,2 @@\n int add(int a, int b) {\n-    return a + b;\n+    return a - b;\n"
         + "@@ -10 +10 @@\n-    return add(1, 2);\n+    return add(2, 2);\n"
         + hdr("notes.txt") + "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"),
        ("dashdash", {"s.sql": "a\n-- comment\nb\n"}, hdr("s.sql") + "@@ -1,3 +1,2 @@\n a\n--- comment\n b\n"),
        ("top-insert", py, hdr("m.py") + "@@ -1,2 +1,3 @@\n+import sys\n import os\n # helper comment\n"),
        ("end-insert", py, hdr("m.py") + "@@ -26,2 +26,4 @@\n def last():\n     return 0\n+\n+z = 1\n"),
        ("plus-before-minus", py, hdr("m.py") + "@@ -9,3 +9,3 @@\n \n+x = 0\n-x = 1\n y = 2\n"),
        ("big-class", {"b.py": big}, hdr("b.py") + "@@ -100,3 +100,3 @@\n     v98 = 98\n-    v99 = 99\n+    v99 = 0\n     v100 = 100\n"),
        ("window-edges", py, hdr("m.py") + "@@ -1,2 +1,2 @@\n-import os\n+import sys\n # helper comment\n"),
        ("not-utf8", {"u.py": b"def f():\n    s = '\xff\xfe'\n    return s\n"},
         hdr("u.py") + "@@ -2,2 +2,2 @@\n     s = '\ufffd\ufffd'\n-    return s\n+    return s * 2\n"),
        ("missing-file", py, hdr("gone.py") + "@@ -1,3 +1,3 @@\n a\n-b\n+c\n d\n"),
        ("offset", {"m.py": "# pad\n# pad\n\n" + PY}, hdr("m.py") + "@@ -8 +8 @@\n-    return a + b\n+    return a - b\n"),
        ("plain-diff", py, "--- m.py\t2020-01-01\n+++ m.py\t2020-01-02\n@@ -11 +11 @@\n-y = 2\n+y = 4\n"),
        ("space-path", {"my file.py": PY}, "diff --git a/my file.py b/my file.py\n--- a/my file.py\t\n+++ b/my file.py\t\n"
         "@@ -11 +11 @@\n-y = 2\n+y = 3\n"),
        ("quoted-path", {"\u00e9 t.py": PY}, 'diff --git "a/\\303\\251 t.py" "b/\\303\\251 t.py"\n'
         '--- "a/\\303\\251 t.py"\n+++ "b/\\303\\251 t.py"\n@@ -11 +11 @@\n-y = 2\n+y = 3\n'),
        ("space-rename", {"old name.py": PY}, "diff --git a/old name.py b/new name.py\nsimilarity index 90%\n"
         "rename from old name.py\nrename to new name.py\n--- a/old name.py\t\n+++ b/new name.py\t\n"
         "@@ -11 +11 @@\n-y = 2\n+y = 3\n"),
        ("test-names", py, "".join(hdr(n) + "@@ -2 +2 @@\n-b\n+B\n" for n in (
            "test_auth.java", "conftest.py", "web/foo.spec.ts", "x.test.js", "FooTests.cs", "__tests__/a.js",
            "testing/x.py", "pkg/my_test.go", "attest.py", "contest.py", "tests.py", "src/FooTest.java",
            "a/tests/b.py", "test/x.c", "Testing/y.py", "my_tests.py", "foo_test.py.bak"))),
        (7, py, hdr("m.py") + "@@ -11 +11 @@\n-y = 2\n+y = 3\n"),
        ("block-comments", {"Blocks.java": JAVA_BLOCKS},
         hdr("Blocks.java") + "@@ -5 +5 @@\n-        return 1;\n+        return 4;\n"
         + "@@ -14 +14 @@\n-        return 2;\n+        return 5;\n"
         + "@@ -21 +21 @@\n-        return 3;\n+        return 6;\n"),
        ("leading-comment-class", py, hdr("m.py") + "@@ -17,2 +17,3 @@\n     @property\n+    # new\n     def m(self):\n"),
    ]
    assert pyl[7] == "    return a + b"
    return cases


PYTEST = """import pytest


class TestX:
    # leading
    def test_a(self):
        assert 1

    def test_b(self):
        assert 2


def test_sympify():
    assert 3
"""

DJANGO = """from django.test import TestCase


class Cls(TestCase):
    def test_y(self):
        self.assertTrue(True)
"""

JTEST = """package com.x;

public class FooTest {
    /** Bar. */
    @Test
    public void testBar() {
        assertTrue(true);
    }

    static class Inner {
        @Test
        void testBar() {
        }
    }
}
"""


def test_cases():
    """[(task, {path: text}, row)] for the test tier: a test patch and every id shape."""
    files = {"tests/test_m.py": PYTEST, "app/tests.py": DJANGO, "src/test/java/com/x/FooTest.java": JTEST,
             "core/src/test/java/com/x/FooTest.java": JTEST, "sympy/core/tests/test_s.py": PYTEST}
    tp = hdr("tests/test_m.py") + "@@ -8,3 +8,4 @@\n \n     def test_b(self):\n         assert 2\n+        assert 4\n"
    tp2 = hdr("sympy/core/tests/test_s.py") + "@@ -12,2 +12,2 @@\n def test_sympify():\n-    assert 3\n+    assert 5\n"
    ids = ["tests/test_m.py::TestX::test_a[1-2]", "tests/test_m.py::test_sympify", "com.x.FooTest#testBar",
           "com.x.FooTest#testBar()", "testBar(com.x.FooTest)", "testBar[0](com.x.FooTest)", "com.x.FooTest > testBar",
           "com.x.FooTest$Inner#testBar", "core:com.x.FooTest", "test_y (app.tests.Cls)", "test_y (app.tests.Cls.test_y)",
           "app.tests.Cls.test_y", "com.x.FooTest.testBar", "test_sympify", "tests/test_m.py::TestX::test_new",
           "no such id !!", "other:com.y.Missing"]
    out = [("tier-all", files, {"test_patch": tp + tp2, "FAIL_TO_PASS": ids})]
    for k, i in enumerate(ids):
        out.append((f"tier-id{k}", files, {"FAIL_TO_PASS": json.dumps([i]), "test_patch": tp2}))
    out.append(("tier-patch-only", files, {"patch": hdr("app/tests.py") + "@@ -5 +5 @@\n-        self.assertTrue(True)\n+        pass\n",
                                           "test_patch": tp}))
    out.append(("tier-nows", None, {"FAIL_TO_PASS": ["tests/test_m.py::TestX::test_a"]}))
    return out


def main():
    d = sys.argv[1]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    n = int(sys.argv[sys.argv.index("--random") + 1]) if "--random" in sys.argv else 0
    cases = hand_made() + random_cases(random.Random(seed), n)
    consensus_cases(random.Random(seed), d)
    with open(os.path.join(d, "rows.jsonl"), "w", newline="") as rows:
        for task, files, patch in cases:
            for path, text in files.items():
                full = os.path.join(d, "ws", str(task), path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "wb") as f:
                    f.write(text if isinstance(text, bytes) else text.encode())
            rows.write(json.dumps({"instance_id": task, "patch": patch}) + "\n")
    with open(os.path.join(d, "tests_rows.jsonl"), "w") as rows:
        for task, files, row in test_cases():
            for path, text in (files or {}).items():
                full = os.path.join(d, "ws", str(task), path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                open(full, "w").write(text)
            rows.write(json.dumps({"instance_id": task, **row}) + "\n")
    # one task in two rows (SWE-bench results list it per agent) and with a second patch
    with open(os.path.join(d, "rows.jsonl"), "a") as rows:
        for task, _, patch in cases[:2]:
            rows.write(json.dumps({"instance_id": task, "patch": patch}) + "\n")
        rows.write(json.dumps({"instance_id": cases[0][0], "patch": cases[3][2]}) + "\n")
    print(len(cases))


if __name__ == "__main__":
    main()
