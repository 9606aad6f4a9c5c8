"""Units for the gold oracle (scripts/gold_oracle.py), from docs/gold.md `unit`: `readcov units`
output (a separate command with its own tests) as the unit source, each unit's leading comments
(inspect.getcomments' rule), the widening of edit lines (innermost function, else a small
class-like unit, else a window) and qualified names for the test tier's ids."""
import json
import subprocess

FUNCTION_KINDS = {"function", "method", "constructor", "macro"}
# every other kind (class, struct, union, enum, interface, trait, impl, record, type) is class-like
MODULE_KINDS = {"module", "namespace"}


def load_units(rc, full):
    """`readcov units FILE` as its JSON objects, or None (no grammar: it refuses the file)."""
    p = subprocess.run([rc, "units", full], capture_output=True, text=True)
    return [json.loads(x) for x in p.stdout.splitlines()] if p.returncode == 0 else None


def indent(line):
    """Columns of leading whitespace, a tab to the next multiple of 8 (inspect.indentsize)."""
    col = 0
    for ch in line:
        if ch == " ":
            col += 1
        elif ch == "\t":
            col = (col // 8 + 1) * 8
        else:
            break
    return col


def line_comment_marks(path):
    """Line-comment openers of a file's language (Rust's `#[…]` attributes count as well)."""
    ext = path.rsplit(".", 1)[-1].lower()
    if ext in ("py", "pyi", "rb"):
        return ("#",)
    if ext == "rs":
        return ("//", "#[", "#![")
    if ext == "php":
        return ("//", "#")
    return ("//",)


def block_open(lines, end):
    """The 1-based line opening the block comment that ends on line `end`: a comment ends at its
    first `*/`, so it opens on the topmost line starting with `/*` after the last earlier line
    holding `*/` (a `/*` inside it opens nothing: a banner's `/****` rows, a Javadoc naming
    `/**` paths); `end` itself for a one-line `/* … */`. None when there is none."""
    last = lines[end - 1].lstrip()
    if last.startswith("/*") and "*/" in last[2:]:
        return end
    found = None
    for k in range(end - 1, 0, -1):
        if "*/" in lines[k - 1]:
            break
        if lines[k - 1].lstrip().startswith("/*"):
            found = k
    return found


def leading_start(lines, start, path):
    """The unit's first line widened by its leading comments: comment lines (and Rust `#[…]`)
    directly above, no blank line, at the definition's own indentation; a `/* … */` block counts
    from its opening line (at the definition's indentation)."""
    want = indent(lines[start - 1])
    s = start
    while s > 1:
        prev = lines[s - 2]
        st = prev.strip()
        if not st:
            break
        if st.endswith("*/") and not st.startswith("//"):
            k = block_open(lines, s - 1)
            if k is None or indent(lines[k - 1]) != want:
                break
            s = k
            continue
        if st.startswith(line_comment_marks(path)) and indent(prev) == want:
            s -= 1
            continue
        break
    return s
def innermost(units, line, kinds):
    best = None
    for u in units:
        if u["kind"] in kinds and u["start"] <= line <= u["end"]:
            if best is None or (u["depth"], u["start"]) > (best["depth"], best["start"]):
                best = u
    return best


def widen(edit, units, lines, path, max_unit, window):
    """(unit lines, window lines) added around the edit lines (docs/gold.md `unit`)."""
    n = len(lines)
    unit, win = set(), set()
    for ln in sorted(x for x in edit if x <= n):  # a line past the file's end is not widened
        f = innermost(units, ln, FUNCTION_KINDS)
        if f is not None:
            unit.update(range(leading_start(lines, f["start"], path), f["end"] + 1))
            continue
        c = innermost(units, ln, {u["kind"] for u in units} - FUNCTION_KINDS - MODULE_KINDS)
        if c is not None and c["end"] - c["start"] + 1 <= max_unit:
            unit.update(range(leading_start(lines, c["start"], path), c["end"] + 1))
            continue
        win.update(range(max(1, ln - window), min(n, ln + window) + 1))
    unit -= edit
    win -= edit | unit
    return unit, win


def qualified(units):
    """{qualified name: unit}: each unit's name joined to its enclosing units' by `.`."""
    out, chain = {}, []
    for u in sorted(units, key=lambda u: (u["start"], u["depth"])):
        chain = [c for c in chain if c["start"] <= u["start"] and u["end"] <= c["end"] and c["depth"] < u["depth"]]
        chain.append(u)
        out.setdefault(".".join(c["name"] for c in chain), u)
    return out
