#!/usr/bin/env bash
# Writes an AppCDS archive for the FrameScope JAR by replaying one short MCP session over stdio (initialize,
# tools/list, one tool call, then EOF). Later starts that pass -XX:SharedArchiveFile map those classes instead of
# loading them, which roughly halves cold start (docs/benchmarks.md). Called by `mvn package`.
set -euo pipefail
jar=${1:?usage: make-cds-archive.sh JAR ARCHIVE}
archive=${2:?usage: make-cds-archive.sh JAR ARCHIVE}
. "$(dirname "${BASH_SOURCE[0]}")/lib/cds-key.sh"
# The archive records the class path as the training run was given it, and the JVM resolves a relative one against
# the working folder of each later start: an archive trained on `target/framescope.jar` fails to load (a warning, and
# a cold start at half speed) whenever a client starts FrameScope from its own project. Trained on the real path, it
# loads from any folder.
jar=$(readlink -f "$jar")
# Written beside the archive and moved into place, the key last: a start meanwhile finds no matching key and runs
# without the archive rather than mapping a half-written one.
rm -f "$archive.key"
partial="$archive.partial.$$"
trap 'rm -f "$partial"' EXIT
session='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"cds-training","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_server_diagnostics","arguments":{"include_environment":false}}}
{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_server_diagnostics","arguments":{"tool_limit":0}}}'
# Replies arrive before EOF only if we wait for them: feed the session, then hold stdin open briefly.
{ printf '%s\n' "$session"; sleep 2; } | FRAMESCOPE_LOG_LEVEL=warn java -XX:ArchiveClassesAtExit="$partial" \
    -Xlog:disable -Xlog:all=error:stderr -jar "$jar" > /dev/null
[ -s "$partial" ] || { echo "make-cds-archive: no archive written" >&2; exit 1; }
mv -f "$partial" "$archive"
cds_key "$jar" > "$archive.key"
echo "AppCDS archive: $archive ($(du -h "$archive" | cut -f1))" >&2
