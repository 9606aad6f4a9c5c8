#!/usr/bin/env bash
# readcov's IR measures agree with ir_measures (pytrec_eval-terrier backend, i.e. trec_eval) on the
# same run and qrels, and the qrels round trip holds: gold → `readcov gold --format qrels` →
# an external scorer gives readcov's numbers. On the shipped real data (tests/data/real, 15 tasks)
# with the stand-in retriever of docs/retrievers.md, at file, unit and line level, per query and
# averaged (tests/retrieval/agree.py); and the same on BEIR-style gold (qrels through a corpus,
# tests/fixtures/beir). The tools come from PyPI at pinned versions into .venv-ir-measures; if
# they cannot be installed the suite FAILS, naming the pip command.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO="$PWD"
die() { echo "48-ir-measures: FAIL: $*" >&2; exit 1; }
command -v python3 >/dev/null || die "python3 not found: apt-get install -y python3 python3-venv"

# --no-deps, numpy named: pytrec-eval-terrier declares scipy but imports only numpy (neither
# package nor its extension names scipy), and scipy was 143 MB of the venv's 242 (issue 36's
# disk goal). ir-measures needs nothing else; an import it lacked would fail the check below.
DEPS=(ir-measures==0.4.3 pytrec-eval-terrier==0.5.11 numpy)
VENV="$REPO/.venv-ir-measures"
if ! "$VENV/bin/python" -c 'import ir_measures, pytrec_eval' 2>/dev/null; then
  python3 -m venv "$VENV" || die "python3 -m venv $VENV failed: apt-get install -y python3-venv"
  "$VENV/bin/pip" install -q --no-deps "${DEPS[@]}" ||
    die "could not install the scorer: $VENV/bin/pip install --no-deps ${DEPS[*]}"
fi
"$VENV/bin/python" -c 'import ir_measures, pytrec_eval' ||
  die "ir_measures/pytrec_eval do not import in $VENV (re-run: $VENV/bin/pip install --no-deps ${DEPS[*]})"

cargo build --quiet --bin readcov
bin="$REPO/target/debug/readcov"
data=tests/data/real
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
ks=1,3,5,10,100

# One input: gold → qrels at each level, reads → the ranked documents of each level as a run,
# and readcov's own rows; then ir_measures on the two files must give the rows' numbers.
# GOLD_FROM: how `readcov gold` builds the gold (default: the real data's patches); GOLD: the
# same gold as `score --gold` takes it.
GOLD_FROM=(--from-swebench "$data/gold.jsonl")
GOLD="$data/gold.jsonl"
agree() {
  local name="$1" reads="$2"
  mkdir -p "$out/$name"
  for level in file unit line; do
    "$bin" gold "${GOLD_FROM[@]}" --workspaces "$data/sources" \
      --format qrels --level "$level" -o "$out/$name/qrels.$level" 2>/dev/null
    "$bin" score --gold "$GOLD" --reads "$reads" --workspaces "$data/sources" \
      --at-k 1 --trec-run "$level" >"$out/$name/run.$level" 2>/dev/null
    test -s "$out/$name/qrels.$level" || die "empty qrels at $level level"
    test -s "$out/$name/run.$level" || die "empty run at $level level ($name)"
  done
  "$bin" score --gold "$GOLD" --reads "$reads" --workspaces "$data/sources" \
    --at-k "$ks" --format jsonl >"$out/$name/rows.jsonl" 2>/dev/null
  echo "-- $name: readcov vs ir_measures"
  "$VENV/bin/python" tests/retrieval/agree.py "$out/$name/rows.jsonl" "$out/$name" "$ks" file unit line ||
    die "readcov's measures differ from ir_measures' ($name)"
}

"$bin" import --format chunks --workspaces "$data/sources" tests/fixtures/retriever/chunks.jsonl \
  -o "$out/chunks.jsonl" 2>/dev/null
agree chunks "$out/chunks.jsonl"
# The same retriever as a TREC run with span docids, auto-detected: the same reads, the same
# numbers; and given directly as --reads (imported on the fly).
"$bin" import --workspaces "$data/sources" tests/fixtures/retriever/run.trec -o "$out/trec.jsonl" 2>"$out/trec.err"
grep -q "imported 15 run(s) from 1 file(s), 142 action(s): 142 read row(s)" "$out/trec.err" ||
  { cat "$out/trec.err" >&2; die "the TREC run did not import as 142 chunks"; }
agree trec "$out/trec.jsonl"
agree trec-direct tests/fixtures/retriever/run.trec
for f in rows.jsonl run.file run.unit run.line; do
  diff <(sed 's/standin/chunks/g' "$out/trec/$f") "$out/chunks/$f" >/dev/null ||
    die "the TREC run and the chunks file give different $f"
done
# BEIR-style inputs (tests/fixtures/beir): gold from its qrels through its corpus, the run over
# corpus ids imported with --corpus; the rows must agree with ir_measures on readcov's qrels of
# that gold, and the run must import as the span-docid run above.
"$bin" gold --from-beir tests/fixtures/beir -o "$out/beir-gold.jsonl" 2>"$out/beir-gold.err"
grep -q "gold: 30 span(s) over 15 task(s)" "$out/beir-gold.err" ||
  { cat "$out/beir-gold.err" >&2; die "the BEIR qrels did not give 30 gold spans"; }
"$bin" import --corpus tests/fixtures/beir --workspaces "$data/sources" tests/fixtures/beir/run.trec \
  -o "$out/beir-reads.jsonl" 2>/dev/null
cmp -s "$out/beir-reads.jsonl" "$out/trec.jsonl" || die "the run over corpus ids imports differently"
GOLD_FROM=(--from-beir tests/fixtures/beir)
GOLD="$out/beir-gold.jsonl"
agree beir "$out/beir-reads.jsonl"
echo "ir_measures agreement ok"
