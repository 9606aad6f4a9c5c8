"""The check of shown text against the workspace, for scripts/import_oracle_tools.py (docs/importers.md "What
counts as displayed": text is compared modulo tabs, trailing whitespace and `\\r`; the Gemini CLI `read_file`
row: a line cut at 2,000 characters, `... [truncated]`, is checked as a prefix, the marker never compared)."""
import import_oracle_tools_lib as lib
from import_oracle_shell_eval import norm  # the shell oracle's text comparison, the same doc rule

GEMINI_CUT = "... [truncated]"


def differs(run, path, start, lines):
    """True when, with a workspace, a shown line (line `start` on) is not the agent's copy's."""
    st = run.replay.state(path) if run.replay else None
    if st is None:
        return False
    cur = st[0]
    for k, shown in enumerate(lines):
        n = start + k
        if not 1 <= n <= len(cur):
            return True
        have = norm(cur[n - 1])
        if shown.endswith(GEMINI_CUT) and len(shown[:-len(GEMINI_CUT)].encode("utf-16-le")) >= 4000:
            if not have.startswith(norm(shown[:-len(GEMINI_CUT)])):
                return True
        elif have != norm(shown):
            return True
    return False


SHOWN_DIFFERS = "shown text differs from file"
__all__ = ["differs", "SHOWN_DIFFERS", "lib"]
