#!/usr/bin/env python3
"""ANSI (tmux capture-pane -e) → a self-contained HTML page, one <pre> of coloured spans.

Usage: ansi2html.py IN.ansi OUT.html FG BG   (FG/BG: the terminal's default colours, #rrggbb)
Handles the SGR codes Neovim emits: reset, bold, italic, underline, reverse, 16/256/RGB colours.
"""
import html
import re
import sys

BASE16 = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
          "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def color256(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    v = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (v, v, v)


def apply(codes, st):
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            st.clear()
        elif c == 1:
            st["bold"] = True
        elif c == 3:
            st["italic"] = True
        elif c in (4, 21):
            st["underline"] = True
        elif c == 7:
            st["reverse"] = True
        elif c == 22:
            st.pop("bold", None)
        elif c == 23:
            st.pop("italic", None)
        elif c == 24:
            st.pop("underline", None)
        elif c == 27:
            st.pop("reverse", None)
        elif 30 <= c <= 37 or 90 <= c <= 97:
            st["fg"] = BASE16[c - 30 if c < 90 else c - 90 + 8]
        elif 40 <= c <= 47 or 100 <= c <= 107:
            st["bg"] = BASE16[c - 40 if c < 100 else c - 100 + 8]
        elif c == 39:
            st.pop("fg", None)
        elif c == 49:
            st.pop("bg", None)
        elif c in (38, 48, 58) and i + 1 < len(codes):
            key = {38: "fg", 48: "bg", 58: None}[c]
            if codes[i + 1] == 5 and i + 2 < len(codes):
                value, i = color256(codes[i + 2]), i + 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                value, i = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5]), i + 4
            else:
                value = None
            if key and value:
                st[key] = value
        i += 1


def style(st, fg, bg):
    f, b = st.get("fg", fg), st.get("bg", bg)
    if st.get("reverse"):
        f, b = b, f
    css = [f"color:{f}", f"background:{b}"]
    if st.get("bold"):
        css.append("font-weight:bold")
    if st.get("italic"):
        css.append("font-style:italic")
    if st.get("underline"):
        css.append("text-decoration:underline")
    return ";".join(css)


def main():
    src, out, fg, bg = sys.argv[1:5]
    text = open(src, encoding="utf-8", errors="replace").read()
    st, parts = {}, []
    for line in text.rstrip("\n").split("\n"):
        pos = 0
        for m in re.finditer(r"\x1b\[([0-9;:]*)m", line):
            if m.start() > pos:
                parts.append(f'<span style="{style(st, fg, bg)}">{html.escape(line[pos:m.start()])}</span>')
            codes = [int(x) if x else 0 for x in re.split("[;:]", m.group(1))] if m.group(1) else [0]
            apply(codes, st)
            pos = m.end()
        parts.append(f'<span style="{style(st, fg, bg)}">{html.escape(line[pos:])}</span>\n')
    page = f"""<!doctype html><meta charset="utf-8"><style>
body{{margin:0;background:{bg}}}
pre{{margin:0;padding:8px;font:14px/17px 'DejaVu Sans Mono',monospace;color:{fg};background:{bg};display:inline-block}}
</style><pre>{''.join(parts)}</pre>"""
    open(out, "w", encoding="utf-8").write(page)


if __name__ == "__main__":
    main()
