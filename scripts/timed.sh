# Sourced by scripts/test and .ci/run: `timed NAME CMD...` runs CMD, then prints one `-- time:`
# line with its wall time and the user and system CPU of CMD and every process it waited for
# (bash's `time`; a daemon left running past the phase is not counted), and keeps the line in
# TIMES for `print_times`. CPU is the figure to compare on a loaded machine (docs/testing.md).
TIMES=()
timed() {
  local name="$1" TIMEFORMAT="%R %U %S" LC_NUMERIC=C t rc=0 line wall user sys
  shift
  { t="$( { time "$@" 1>&3 2>&4; } 2>&1 )" || rc=$?; } 3>&1 4>&2
  read -r wall user sys <<<"$t"
  line="$(printf '%-30s %7.1f s wall %7.1f s user %6.1f s sys' "$name" "$wall" "$user" "$sys")"
  [ "$rc" = 0 ] || line+=" (failed: exit $rc)"
  echo "-- time: $line"
  TIMES+=("$line")
  return "$rc"
}
print_times() {
  echo "-- times (wall, user and system CPU):"
  printf '   %s\n' "${TIMES[@]}"
}
