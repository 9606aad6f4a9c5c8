"""OpenHands' `str_replace_editor` as the structured-call formats use it, for scripts/import_oracle_tools.py:
OpenHands V1 `FileEditorAction`, Inspect `text_editor` and the ATIF `editor` kind (docs/importers.md: "read as
OpenHands' `str_replace_editor`"). A `view` is read by the shell oracle's editor model
(import_oracle_shell_tools.Tools.editor, imported through import_oracle_tools_shell's ShellRun: the `cat -n`
lines shown, `view_range`, a clipped view, the extra numbered line after a final newline); its rows then go
through the tools oracle's per-file state (`lib.Run.read`: unaligned, agent-written, the replay). Edits are the
tools oracle's (docs "Edits and line mapping"): `create` writes the file, `str_replace` is a replacement,
`insert` a pure insertion after `insert_line`, and without a workspace any edit of a base file is *unaligned
after edit*.

A view of a file the replay changed (and one the format cut) is read by `cut_view` here (the editor model
knows only base text). `undo_edit` brings back the copy before the file's last replayed edit (without a
workspace it is one more edit of an unaligned file). Left out, counted: an `undo_edit` with no replayed edit
to undo, a clipped view of a file the replay changed, the editor model's own refusals (`editor model: …`).
"""
import re

import import_oracle_tools_lib as lib
import import_oracle_tools_shell as sh
from import_oracle_shell_tools import Left

LISTING = "Here's the files and directories up to 2 levels deep in"


def editor(run, turn, step, tool, args, output, roots, cwd=None):
    cmd, path = args.get("command"), args.get("path")
    if not isinstance(path, str) or not path or cmd not in ("view", "create", "str_replace", "insert", "undo_edit"):
        return run.reason(lib.MALFORMED)
    rp = lib.repo_path(path, cwd, roots)
    if output.lstrip().startswith("ERROR"):
        return run.reason(lib.TOOL_ERROR)  # docs: the edit was not applied, nothing was shown
    if cmd != "view":
        if rp is None:
            return run.reason(lib.OUTSIDE)
        if cmd == "undo_edit":
            return undo(run, turn, step, tool, rp, output) if run.replay else run.edited(rp, turn=turn, step=step)
        hist = history(run, rp)
        before = snapshot(run, rp)
        n, new = args.get("insert_line"), args.get("new_str")
        if cmd == "insert" and run.replay and isinstance(n, int) and isinstance(new, str) and n >= 0:
            # docs "Edit rows": a pure insertion gives the base line it follows (OpenHands inserts
            # `new_str.split('\n')` after line `insert_line`)
            run.edit(turn, step, tool, rp, ("hunks", [(n + 1, ["+" + x for x in new.split("\n")])]))
        elif cmd == "create":
            run.edit(turn, step, tool, rp, ("create", args.get("file_text") or ""))
        elif cmd == "str_replace":
            run.edit(turn, step, tool, rp, ("replace", args.get("old_str") or "", args.get("new_str") or ""))
        else:
            run.edited(rp, turn=turn, step=step)
        if run.replay and run.state.get(rp) != "unaligned":
            hist.append(before)  # replayed: undo_edit goes back to the copy before it
        return
    ws = run.replay.root if run.replay else None
    is_dir = ws is not None and rp not in (None, "") and sh.E.Workspace(ws).isdir(rp)
    is_file = ws is not None and rp not in (None, "") and sh.E.Workspace(ws).lines(rp) is not None
    if is_dir or (output.startswith(LISTING) and not is_file):
        return run.reason("directory view")  # docs: the listing header, or a directory in the workspace
    if rp is None:
        return run.reason(lib.OUTSIDE)
    shown = lib.displayed(output)
    if sh.replayed(run, rp) and "<response clipped>" in output:
        return run.leave(step, "editor: clipped view of a file the structured tools edited, with a workspace")
    if shown.cut or sh.replayed(run, rp):
        # cut by the format (Inspect's `max_tool_output`: its head and tail), or of a file the replay
        # changed (its current lines, checked against the replayed text, then mapped to base lines)
        return run.read(turn, step, tool, rp, lambda *_: cut_view(run, rp, args, shown))
    m = sh.model(run, roots)
    try:
        _, rows = m.editor(dict(args, command="view", path="/testbed/" + rp), output)
    except Left as e:
        return run.leave(step, f"editor model: {e}")
    run.read(turn, step, tool, rp, lambda *_: [(s, e) for p, s, e in rows if p == rp])


NUM = re.compile(r"^\s*(\d+)\t(.*)$")


def cut_view(run, rp, args, shown):
    """docs "What counts as displayed" and the OpenHands `view` row: a view reads the numbered lines of its
    head (cut: the last maybe in part, its text a prefix) and of its tail (a first line that starts mid-line
    dropped); past `view_range`'s end nothing, and a view to the end (uncut, or cut with a tail, which runs
    to the file's end) drops its final numbered empty line. With a workspace each line is checked against
    the agent's copy (*shown text differs from file*); the replay maps the lines to base lines."""
    tail = shown.tail[1:] if shown.tail_partial else shown.tail
    nums = [(int(m.group(1)), m.group(2), shown.cut and i == len(shown.head) - 1)
            for i, m in enumerate(NUM.match(x) for x in shown.head) if m]
    nums += [(int(m.group(1)), m.group(2), False) for m in (NUM.match(x) for x in tail) if m]
    vr = args.get("view_range")
    end = vr[1] if isinstance(vr, list) and len(vr) == 2 and isinstance(vr[1], int) and vr[1] > 0 else None
    if end is not None:
        nums = [x for x in nums if x[0] <= end]
    elif (shown.tail or not shown.cut) and nums and nums[-1][1] == "" and not nums[-1][2]:
        nums.pop()
    st = run.replay.state(rp) if run.replay else None
    base = st[0] if st else None
    if base is not None:
        for n, t, part in nums:
            have = sh.E.norm(base[n - 1]) if 1 <= n <= len(base) else None
            if have is None or not (have.startswith(sh.E.norm(t)) if part else have == sh.E.norm(t)):
                return "shown text differs from file"
    return lib.spans(n for n, _, _ in nums)


def history(run, rp):
    if not hasattr(run, "editor_history"):
        run.editor_history = {}
    return run.editor_history.setdefault(rp, [])


def snapshot(run, rp):
    """The agent's copy of rp as the replay holds it (None: the base file, not yet read)."""
    f = run.replay.files.get(rp) if run.replay else None
    return (list(f[0]), list(f[1])) if f else None


def undo(run, turn, step, tool, rp, output):
    """docs "Edits and line mapping": `undo_edit` is replayed (the copy before the file's last edit comes
    back); its edit row is the base lines present in one version and not the other; the `cat -n` it prints
    is a read of the file as restored, like a view."""
    hist = history(run, rp)
    if run.state.get(rp) == "unaligned" or not hist:
        return run.leave(step, "editor: `undo_edit` the oracle cannot follow")
    prev = hist.pop()
    cur = run.replay.state(rp)
    if cur is None:
        return run.leave(step, "editor: `undo_edit` of a file neither at the base nor written")
    then = prev[1] if prev else list(range(1, base_len(run, rp) + 1))
    touched = {x for x in cur[1] if x is not None} ^ {x for x in then if x is not None}
    if prev:
        run.replay.files[rp] = prev
    else:
        run.replay.files.pop(rp, None)
    run.edit_events += 1  # docs: an edit event replayed
    if touched:
        run.add(turn, step, tool, rp, lib.spans(touched), kind="edit")
    run.read(turn, step, tool, rp, lambda *_: cut_view(run, rp, {}, lib.displayed(output)))


def base_len(run, rp):
    lines = sh.E.Workspace(run.replay.root).lines(rp)
    return len(lines) if lines is not None else 0
