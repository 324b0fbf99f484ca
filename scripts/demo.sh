#!/usr/bin/env bash
# The demo command (README): installs what is missing, builds the JAR, and runs `framescope demo`, a scripted run
# of every tool group on the bundled demo data with a readable report.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root" # the demo calls name the bundled data by relative paths (demo/recordings/…)
exec scripts/framescope demo "$@"
