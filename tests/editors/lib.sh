# Shared helpers for the editor suites in scripts/test.d/ (sourced, not run). Every helper either
# gets the tool in place or stops the suite with a message naming what to install.
# Tools are cached under $READCOV_TOOLS (default: <repo>/.tools) so CI and reruns skip reinstalls.

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
READCOV_TOOLS="${READCOV_TOOLS:-$REPO/.tools}"
mkdir -p "$READCOV_TOOLS"

die() {
  echo "FAIL ($(basename "$0")): $*" >&2
  exit 1
}

need() { # need CMD "what to install"
  command -v "$1" >/dev/null 2>&1 || die "\`$1\` not found: $2"
}

# apt_install PKG... — installs the Debian packages that are missing. As root it runs apt-get; otherwise
# only through a sudo that exists and needs no password. Anything else stops the suite with the exact
# command to run as root (never a bare `sudo` that may be absent or prompt; see issue 29).
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local howto="run \`apt-get install -y ${missing[*]}\` as root"
  command -v apt-get >/dev/null 2>&1 || die "missing Debian packages ${missing[*]} and no apt-get here: install them by hand"
  local as=()
  if [ "$(id -u)" -ne 0 ]; then
    { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; } ||
      die "missing Debian packages ${missing[*]}, not root and no passwordless sudo: $howto"
    as=(sudo -n)
  fi
  echo "installing Debian packages: ${missing[*]}"
  local apt=("${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600)
  if ! "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    { "${apt[@]}" update -qq && "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } ||
      die "could not install Debian packages ${missing[*]}: $howto"
  fi
}

# build_server — builds target/debug/readcov and checks it speaks LSP; exports READCOV_BIN.
build_server() {
  need cargo "install the Rust toolchain (https://rustup.rs)"
  (cd "$REPO" && cargo build -q -p readcov) || die "cargo build -p readcov failed"
  export READCOV_BIN="${READCOV_BIN:-$REPO/target/debug/readcov}"
  "$READCOV_BIN" lsp --help >/dev/null 2>&1 ||
    die "$READCOV_BIN has no working \`lsp\` subcommand: the language server (branch lsp) is required for this suite"
}

# isolate_home — keeps editors from writing into the real $HOME (logs, state, caches).
isolate_home() {
  # cargo/rustup still need the real toolchain locations.
  export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
  EDITOR_HOME="$(mktemp -d "${TMPDIR:-/tmp}/readcov-editor-home.XXXXXX")"
  export HOME="$EDITOR_HOME" XDG_CONFIG_HOME="$EDITOR_HOME/.config" XDG_DATA_HOME="$EDITOR_HOME/.local/share" \
    XDG_STATE_HOME="$EDITOR_HOME/.local/state" XDG_CACHE_HOME="$EDITOR_HOME/.cache"
}
