# Shared by the scripts in build-scripts/: go to the repository root, and the environment Emscripten needs.
# Sourced, not run.
set -euo pipefail
ASL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ASL_ROOT"
# Debian's emscripten finds its JS dependencies (acorn, …) here.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
say() { printf '\033[1m[%s]\033[0m %s\n' "$(basename "$0")" "$*"; }
