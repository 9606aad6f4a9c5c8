#!/usr/bin/env bash
# The Neovim screen capture of docs/editors.md, dark and light: a real Neovim 0.11.4 in a tmux pane
# (truecolour) running capture/scene_{task,whatif,diff}.lua (their common set-up in scene_common.lua) against the real `readcov lsp` (pylint-dev__pylint-4604;
# the editor fixture with a what-if read and an agent edit),
# `tmux capture-pane -e` → ANSI → HTML (ansi2html.py) → PNG (headless chromium), trimmed.
# Usage: bash tests/editors/nvim/capture/capture.sh [OUT_DIR]   (default docs/img/editors)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/../../lib.sh"
OUT="${1:-$REPO/docs/img/editors}"
NVIM="${NVIM:-$REPO/.venv-nvim/bin/nvim}"
[ -x "$NVIM" ] || die "Neovim not found at $NVIM: run scripts/test.d/40-nvim.sh once (it installs it)"
apt_install tmux chromium imagemagick
build_server
isolate_home
TASK=pylint-dev__pylint-4604
REAL="$REPO/tests/data/real"
mkdir -p "$OUT"

# workspace SCENE DIR: the files a scene opens.
workspace() {
  case "$1" in
    task | diff)
      cp -r "$REAL/sources/$TASK/." "$2/"
      mkdir -p "$2/runs" && cp "$REAL/openhands/$TASK.json" "$2/runs/" && cp "$REAL/gold.jsonl" "$2/swebench.jsonl"
      printf 'gold = ["swebench.jsonl"]\nreads = ["runs/%s.json"]\ntask = "%s"\n' "$TASK" "$TASK" >"$2/readcov.toml"
      ;;
    whatif)
      cp -r "$REPO/tests/editors/fixture/." "$2/"
      echo '{"task": "fixture-1", "run": "run-a", "path": "src/auth.py", "start": 20, "end": 21, "turn": 5, "kind": "edit"}' \
        >>"$2/reads.jsonl"
      echo '{"task": "fixture-1", "run": "run-a", "path": "src/auth.py", "start": 6, "end": 7, "turn": 2}' >>"$2/reads.jsonl"
      ;;
  esac
}

# scene → terminal size (columns rows) and output name
declare -A SIZE=([task]="132 40" [whatif]="112 30" [diff]="132 30")
declare -A NAME=([task]=nvim [whatif]=nvim-whatif [diff]=nvim-diff)

for SCENE in task whatif diff; do
for BG in dark light; do
  WS="$(mktemp -d)"
  workspace "$SCENE" "$WS"
  READY="$WS/.ready"
  SESSION="readcov-capture-$$-$SCENE-$BG"
  read -r COLS ROWS <<<"${SIZE[$SCENE]}"
  tmux -L "$SESSION" -f /dev/null new-session -d -s cap -x "$COLS" -y "$ROWS" \
    "cd '$WS' && env READCOV_REPO='$REPO' READCOV_CAPTURE='$HERE' READCOV_WS='$WS' READCOV_BIN='$READCOV_BIN' READCOV_BG=$BG READCOV_READY='$READY' \
     COLORTERM=truecolor '$NVIM' --clean -u '$HERE/scene_$SCENE.lua'"
  for _ in $(seq 1 400); do [ -s "$READY" ] && break; sleep 0.1; done
  [ "$(cat "$READY" 2>/dev/null)" = ok ] || { tmux -L "$SESSION" kill-server; die "the $SCENE scene never got ready ($BG)"; }
  tmux -L "$SESSION" capture-pane -t cap -e -p -N >"$WS/screen.ansi"
  tmux -L "$SESSION" kill-server
  if [ "$BG" = dark ]; then FG="#e0e2ea" BGC="#14161b"; else FG="#14161b" BGC="#e0e2ea"; fi
  python3 "$HERE/ansi2html.py" "$WS/screen.ansi" "$WS/screen.html" "$FG" "$BGC"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,760 \
    --screenshot="$WS/screen.png" "file://$WS/screen.html" >/dev/null 2>&1
  convert "$WS/screen.png" -trim +repage -bordercolor "$BGC" -border 10 "$OUT/${NAME[$SCENE]}-$BG.png"
  echo "wrote $OUT/${NAME[$SCENE]}-$BG.png"
  rm -rf "$WS"
done
done
