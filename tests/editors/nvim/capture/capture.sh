#!/usr/bin/env bash
# The Neovim screen capture of docs/editors.md, dark and light: a real Neovim 0.11.4 in a tmux pane
# (truecolour) running capture/scene.lua against the real `readcov lsp` on pylint-dev__pylint-4604,
# `tmux capture-pane -e` → ANSI → HTML (ansi2html.py) → PNG (headless chromium), trimmed.
# Usage: bash tests/editors/nvim/capture/capture.sh [OUT_DIR]   (default docs/img/editors)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/../../lib.sh"
OUT="${1:-$REPO/docs/img/editors}"
NVIM="${NVIM:-$REPO/.venv-nvim/bin/nvim}"
[ -x "$NVIM" ] || die "Neovim not found at $NVIM: run scripts/test.d/40-nvim.sh once (it installs it)"
apt_install tmux chromium
need convert "apt-get install -y imagemagick"
build_server
isolate_home
TASK=pylint-dev__pylint-4604
REAL="$REPO/tests/data/real"
mkdir -p "$OUT"

for BG in dark light; do
  WS="$(mktemp -d)"
  cp -r "$REAL/sources/$TASK/." "$WS/"
  mkdir -p "$WS/runs" && cp "$REAL/openhands/$TASK.json" "$WS/runs/" && cp "$REAL/gold.jsonl" "$WS/swebench.jsonl"
  printf 'gold = ["swebench.jsonl"]\nreads = ["runs/%s.json"]\ntask = "%s"\n' "$TASK" "$TASK" >"$WS/readcov.toml"
  READY="$WS/.ready"
  SESSION="readcov-capture-$$-$BG"
  tmux -L "$SESSION" -f /dev/null new-session -d -s cap -x 132 -y 40 \
    "cd '$WS' && env READCOV_REPO='$REPO' READCOV_WS='$WS' READCOV_BIN='$READCOV_BIN' READCOV_BG=$BG READCOV_READY='$READY' \
     COLORTERM=truecolor '$NVIM' --clean -u '$HERE/scene.lua'"
  tmux -L "$SESSION" set -g default-terminal tmux-256color >/dev/null
  for _ in $(seq 1 400); do [ -s "$READY" ] && break; sleep 0.1; done
  [ "$(cat "$READY" 2>/dev/null)" = ok ] || { tmux -L "$SESSION" kill-server; die "the scene never got ready ($BG)"; }
  tmux -L "$SESSION" capture-pane -t cap -e -p -N >"$WS/screen.ansi"
  tmux -L "$SESSION" kill-server
  if [ "$BG" = dark ]; then FG="#e0e2ea" BGC="#14161b"; else FG="#14161b" BGC="#e0e2ea"; fi
  python3 "$HERE/ansi2html.py" "$WS/screen.ansi" "$WS/screen.html" "$FG" "$BGC"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,760 \
    --screenshot="$WS/screen.png" "file://$WS/screen.html" >/dev/null 2>&1
  convert "$WS/screen.png" -trim +repage -bordercolor "$BGC" -border 10 "$OUT/nvim-$BG.png"
  echo "wrote $OUT/nvim-$BG.png"
  rm -rf "$WS"
done
