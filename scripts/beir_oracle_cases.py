"""Hand-made and seeded-random BEIR-style datasets for scripts/beir_oracle.py: duplicate and
conflicting judgments, overlapping and adjacent spans, scores 0 and below, documents and queries
the corpus lacks, BOMs, CRLF, spaces for tabs, unsorted and blank lines, every corpus record form,
whole-file documents (missing, empty, without a last break), bad records."""
import argparse
import json
import os
import random
import tempfile

HAND = [
    # (name, corpus lines, queries ids or None, qrels text, workspace files {path: text})
    ("overlap-adjacent-dup",
     ['{"_id":"a","path":"x.py","start_line":1,"end_line":5}',
      '{"_id":"b","path":"x.py","start_line":4,"end_line":8}',
      '{"_id":"c","path":"x.py","start_line":9,"end_line":9}',
      '{"_id":"d","metadata":{"path":"y.py","start":3,"end":3}}'],
     ["q1", "q2"],
     "query-id\tcorpus-id\tscore\nq1\ta\t1\nq1\tb\t2\nq1\tc\t1\nq1\ta\t1\nq2\td\t0\nq2\td\t1\n", {}),
    ("conflicting-last-wins",
     ['{"_id":"a","path":"x.py","start_line":1,"end_line":2}',
      '{"_id":"b","path":"x.py","start_line":10,"end_line":12}'],
     None,
     "q1\ta\t1\nq1\ta\t0\nq1\tb\t0\nq1\tb\t3\nq1\tzz\t1\nq1\tzz\t0\n", {}),
    ("bom-crlf-spaces",
     ['\ufeff{"_id":"a","path":"x.py","start_line":2,"end_line":3}',
      '{"_id":"x.py:7-9"}', '{"_id":"x.py#L20-L21","path":"ignored.py"}', '{"_id":"x.py#L30"}'],
     ["q1"],
     "\ufeffquery-id\tcorpus-id\tscore\r\nq1\ta\t1\r\nq1 x.py:7-9 1\r\n\r\nq1\tx.py:7-9\t 1 \r\n"
     "q1\tx.py#L20-L21\t+1\r\nq1\tx.py#L30\t1\t\r\nq1\ta\t1.0\r\n\tq1\ta\t1\r\n", {}),
    ("bad-records",
     ['{"_id":"a","path":"x.py","start_line":0,"end_line":2}',
      '{"_id":"b","path":"x.py","start_line":5,"end_line":2}',
      '{"_id":"c","path":"x.py","start_line":5}',
      '{"_id":"d","path":"x.py","start_line":"1","end_line":"2"}',
      '{"_id":"","path":"x.py"}', '{"path":"x.py"}', 'not json', '{"_id":"e"}',
      '{"_id":7,"path":"z.py","start_line":1,"end_line":1}',
      '{"_id":"f","path":"x.py","start_line":1,"end_line":1}',
      '{"_id":"f","path":"x.py","start_line":40,"end_line":41}',
      '{"_id":"g","path":"x.py","metadata":{"start_line":6,"end_line":6}}'],
     ["q1", 3],
     "q1\ta\t1\nq1\tb\t1\nq1\tc\t1\nq1\td\t1\nq1\t7\t1\nq1\tf\t1\nq1\tg\t1\n3\tf\t1\nq9\tf\t1\nq1\tf\n"
     "q1\t\t1\n\tf\t1\n", {}),
    ("whole-files",
     ['{"_id":"w1","path":"full.py"}', '{"_id":"w2","path":"empty.py"}', '{"_id":"w3","path":"gone.py"}',
      '{"_id":"w4","path":"nobreak.py"}', '{"_id":"w5","path":"crlf.py"}', '{"_id":"s","path":"full.py",'
      '"start_line":2,"end_line":99}'],
     None,
     "query-id\tcorpus-id\tscore\nq1\tw1\t1\nq1\tw2\t1\nq1\tw3\t1\nq1\tw4\t1\nq1\tw5\t1\nq1\ts\t1\nq2\tw1\t1\n",
     {"full.py": "a\nb\nc\n", "empty.py": "", "nobreak.py": "a\nb", "crlf.py": "a\r\nb\r\n\r\n"}),
    ("paths",
     ['{"_id":"a","path":"./y.py","start_line":1,"end_line":2}', '{"_id":"b","path":"z/../w.py","start_line":3,"end_line":3}',
      '{"_id":"c","path":"s\\\\t.py","start_line":1,"end_line":1}', '{"_id":"d","path":"../out.py","start_line":1,"end_line":2}',
      '{"_id":"./u/./v.py:4-5"}', '{"_id":"e","path":"@WS@/abs/in.py","start_line":2,"end_line":3}',
      '{"_id":"f","path":"/elsewhere/x.py","start_line":1,"end_line":1}', '{"_id":"g","path":"@WS@/abs/in.py"}'],
     None, "q1\ta\t1\nq1\tb\t1\nq1\tc\t1\nq1\td\t1\nq1\t./u/./v.py:4-5\t1\nq1\te\t1\nq1\tf\t1\nq1\tf\t0\nq2\tf\t1\n"
     "q1\tg\t1\n",
     {"abs/in.py": "a\nb\nc\nd\n"}),
    ("nothing-relevant",
     ['{"_id":"a","path":"x.py","start_line":1,"end_line":2}'], None, "q1\ta\t0\nq1\ta\t-1\n", {}),
]


def write(d, corpus, queries, qrels, files, per_task=False, tasks=()):
    os.makedirs(os.path.join(d, "qrels"), exist_ok=True)
    ws = os.path.realpath(os.path.join(d, "ws"))
    corpus = [c.replace("@WS@", ws) for c in corpus]
    open(os.path.join(d, "corpus.jsonl"), "w", encoding="utf-8", newline="").write("\n".join(corpus) + "\n")
    if queries is not None:
        open(os.path.join(d, "queries.jsonl"), "w", encoding="utf-8").write(
            "".join(json.dumps({"_id": q, "text": "t"}) + "\n" for q in queries))
    open(os.path.join(d, "qrels", "test.tsv"), "w", encoding="utf-8", newline="").write(qrels)
    roots = [os.path.join(d, "ws", t) for t in tasks] if per_task else [os.path.join(d, "ws")]
    for root in roots:
        os.makedirs(root, exist_ok=True)
        for p, text in files.items():
            full = os.path.join(root, p)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            open(full, "w", encoding="utf-8", newline="").write(text)


def random_case(rng, d, i):
    paths = [f"src/m{k}.py" for k in range(rng.randint(1, 4))] + ["lib/a b.py"] * (rng.random() < 0.1)
    files = {}
    for p in paths:
        n = rng.randint(0, 60)
        body = "".join(f"x{k} = {k}\n" for k in range(n))
        if rng.random() < 0.2 and body:
            body = body[:-1]
        if rng.random() < 0.2:
            body = body.replace("\n", "\r\n")
        if rng.random() < 0.85:
            files[p] = body
    corpus, ids = [], []
    for k in range(rng.randint(1, 25)):
        p = rng.choice(paths + ["other/missing.py"])
        s = rng.randint(0, 50)
        e = s + rng.randint(-2, 15)
        did = f"d{k}" if rng.random() < 0.9 else f"d{rng.randint(0, k)}"
        form = rng.randrange(7)
        if form == 0:
            rec = {"_id": did, "metadata": {"path": p, "start_line": s, "end_line": e}}
        elif form == 1:
            rec = {"_id": did, "path": p, "start": s, "end": e}
        elif form == 2:
            did = f"{p}:{s}-{e}" if rng.random() < 0.7 else f"{p}:{s}"
            rec = {"_id": did}
        elif form == 3:
            did = f"{p}#L{s}-L{e}" if rng.random() < 0.5 else f"{p}#L{s}"
            rec = {"_id": did, "title": ""}
        elif form == 4:
            rec = {"_id": did, "path": p}
        elif form == 5:
            rec = {"_id": did, "path": p, "start_line": s}
        else:
            rec = {"_id": did, "text": "no span"}
        ids.append(rec["_id"])
        corpus.append(json.dumps(rec, ensure_ascii=False))
    tasks = [f"q{k}" for k in range(rng.randint(1, 5))]
    queries = None if rng.random() < 0.3 else [t for t in tasks if rng.random() < 0.9]
    lines = []
    for _ in range(rng.randint(0, 40)):
        t = rng.choice(tasks + ["q-unknown"] * (rng.random() < 0.2))
        doc = rng.choice(ids + ["nope"]) if ids else "nope"
        score = rng.choice([1, 1, 1, 2, 0, 0, -1])
        sep = "\t" if rng.random() < 0.93 else " "
        lines.append(f"{t}{sep}{doc}{sep}{score}")
    if rng.random() < 0.3:
        lines += lines[: rng.randint(0, len(lines))]  # repeated judgments
    rng.shuffle(lines)
    if rng.random() < 0.1:
        lines.insert(rng.randrange(len(lines) + 1), "")
    if rng.random() < 0.7:
        lines.insert(0, "query-id\tcorpus-id\tscore")
    eol = "\r\n" if rng.random() < 0.2 else "\n"
    text = eol.join(lines) + (eol if rng.random() < 0.9 else "")
    if rng.random() < 0.15:
        text = "\ufeff" + text
    per_task = rng.random() < 0.4
    write(d, corpus, queries, text, files, per_task, tasks)
    return per_task


def run_cases(rc, seed, trials, check):
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as root:
        for name, corpus, queries, qrels, files in HAND:
            d = os.path.join(root, name)
            write(d, corpus, queries, qrels, files)
            for ws in ([None, "ws"] if files else [None]):
                a = argparse.Namespace(path=d, corpus=None, split="test", workspace=None, workspaces=None)
                if ws:
                    a.workspace = os.path.join(d, ws)
                check(rc, a, f"{name}{' (workspace)' if ws else ''}")
        # the file forms: a qrels file in its dataset folder, outside one with --corpus (a folder or
        # a file), outside one without --corpus (refused), and a split that is not there
        d = os.path.join(root, HAND[0][0])
        other = os.path.join(root, "loose.tsv")
        open(other, "w").write(open(os.path.join(d, "qrels", "test.tsv")).read())
        for path, corpus, split in [(os.path.join(d, "qrels", "test.tsv"), None, "test"), (other, d, "test"),
                                    (other, os.path.join(d, "corpus.jsonl"), "test"), (other, None, "test"),
                                    (d, None, "dev")]:
            a = argparse.Namespace(path=path, corpus=corpus, split=split, workspace=None, workspaces=None)
            check(rc, a, f"file form {os.path.basename(path)} corpus={corpus and os.path.basename(corpus)} {split}")
        for i in range(trials):
            d = os.path.join(root, f"r{i}")
            per_task = random_case(rng, d, i)
            a = argparse.Namespace(path=d, corpus=None, split="test", workspace=None, workspaces=None)
            if rng.random() < 0.8:
                setattr(a, "workspaces" if per_task else "workspace", os.path.join(d, "ws"))
            check(rc, a, f"random {i} (seed {seed})")
