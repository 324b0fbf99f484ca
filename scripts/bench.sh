#!/usr/bin/env bash
# The benchmark behind docs/benchmarks.md: cold start to the first tools/list reply, and a tool round trip.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root"
[ -f target/recordings/large_20x10000.db ] || scripts/make-recordings.sh --large >&2
exec python3 scripts/bench.py "$@"
