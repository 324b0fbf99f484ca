#!/usr/bin/env bash
# Installs what FrameScope needs on Debian, then builds the JAR. Idempotent: it asks apt and npm only for what is
# missing and rebuilds only when a source is newer than the JAR, so it is quiet and quick when everything is there.
#   scripts/setup.sh             packages + npm test client + JAR (with its AppCDS archive) + native renderer
#   scripts/setup.sh --no-build  packages + npm test client only (the test command builds through Maven itself)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=1
[ "${1:-}" = "--no-build" ] && build=0

# Engines FrameScope drives (see `framescope doctor`), the JDK and Maven that build it, Node for the TypeScript
# client test. The list grows as tool groups land.
packages=(
  openjdk-17-jdk-headless maven
  chromium
  glslang-tools spirv-tools
  python3 python3-renderdoc librenderdoc renderdoccmd
  qrenderdoc xvfb xauth
  libgl1-mesa-dri libegl1 mesa-vulkan-drivers
  gcc libvulkan-dev librenderdoc-dev # the native effect renderer (scripts/build-native.sh)
)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)

. scripts/lib/packages.sh
mapfile -t missing < <(missing_packages "${packages[@]}")
# A JDK or Maven installed outside apt (e.g. SDKMAN, Temurin) is fine too.
if command -v javac >/dev/null 2>&1; then
  missing=("${missing[@]/openjdk-17-jdk-headless}")
fi
if command -v mvn >/dev/null 2>&1; then
  missing=("${missing[@]/maven}")
fi
read -r -a missing <<< "${missing[*]}"
install_packages setup "${missing[@]}"

# The official MCP TypeScript SDK 1.x and its v2 client (which speaks the 2026-07-28 era too), the Claude Code CLI
# (`claude mcp add/list` as the README says) and the MCP Inspector CLI, for the end-to-end tests with clients that are
# not ours. Pinned in package-lock.json; no model key is needed. Each is checked by name as well as by the lock's age:
# a copied node_modules can be newer than a lock that added a client.
client=src/test/node
if [ ! -d "$client/node_modules/@modelcontextprotocol/sdk" ] \
    || [ ! -d "$client/node_modules/@modelcontextprotocol/client" ] \
    || [ ! -x "$client/node_modules/.bin/claude" ] || [ ! -x "$client/node_modules/.bin/mcp-inspector" ] \
    || [ "$client/package-lock.json" -nt "$client/node_modules" ]; then
  echo "setup: installing the test clients (TypeScript MCP SDK and client, Claude Code CLI, MCP Inspector CLI)" >&2
  npm ci --prefix "$client" --no-audit --no-fund --loglevel=error >&2
  touch "$client/node_modules"
fi

if [ "$build" = 1 ]; then
  jar=target/framescope.jar
  if [ ! -f "$jar" ] || [ -n "$(find pom.xml src/main scripts/make-cds-archive.sh -newer "$jar" -print -quit)" ]; then
    echo "setup: building $jar" >&2
    mvn -B -q -DskipTests package >&2
  fi
  scripts/build-native.sh >/dev/null
fi
