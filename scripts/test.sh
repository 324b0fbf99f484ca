#!/usr/bin/env bash
# The test command (README, .ci/run): installs what is missing, then builds the JAR and runs the unit tests
# (Surefire) and the end-to-end tests against the built JAR with real MCP clients (Failsafe).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
scripts/setup.sh --no-build
mvn -B verify "$@"
