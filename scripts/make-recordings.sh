#!/usr/bin/env bash
# Regenerates the physics fixture recordings and their ground truth in demo/recordings/ with the committed
# simulator (src/test/java/dev/framescope/physics/sim). Deterministic.
#   scripts/make-recordings.sh            the small fixtures (committed)
#   scripts/make-recordings.sh --large    also target/recordings/large_20x10000.db for the benchmark (~1–2 min)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
out=demo/recordings
[ "${1:-}" = "--large" ] && out=target/recordings
mvn -B -q -Dcds.skip=true test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/test-classpath.txt >&2
java -cp "target/classes:target/test-classes:$(cat target/test-classpath.txt)" \
  dev.framescope.physics.sim.FixtureScenes "$out" "$@"
