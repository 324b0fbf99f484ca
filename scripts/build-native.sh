#!/usr/bin/env bash
# Builds the native effect renderer (src/main/native/effect_pass.c with the other .c files there: a headless Vulkan
# program that draws one fragment shader and captures it with RenderDoc) into target/native/effect_pass. Idempotent:
# it rebuilds only when a source is newer than the program. Needs gcc, libvulkan-dev, glslang-tools and RenderDoc's
# header (librenderdoc-dev), all installed by scripts/setup.sh; a missing one fails with the apt command. Maven runs
# it before packaging (pom.xml, execution native-effect-pass) and ships the program in the JAR.
#   scripts/build-native.sh   prints the program's path
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
src=src/main/native
out=target/native
program=$out/effect_pass
if [ ! -x "$program" ] || [ -n "$(find "$src" "${BASH_SOURCE[0]}" -newer "$program" -print -quit)" ]; then
  missing=()
  command -v gcc >/dev/null 2>&1 || missing+=(gcc)
  command -v glslangValidator >/dev/null 2>&1 || missing+=(glslang-tools)
  [ -f /usr/include/vulkan/vulkan.h ] || missing+=(libvulkan-dev)
  [ -f /usr/include/renderdoc_app.h ] || missing+=(librenderdoc-dev)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "build-native: cannot build $program: missing ${missing[*]}; install them with" \
      "sudo apt-get install -y ${missing[*]} (or run scripts/setup.sh), or build the JAR without the native" \
      "effect renderer with mvn -Dnative.skip=true" >&2
    exit 1
  fi
  mkdir -p "$out"
  # the vertex shader as a C array of SPIR-V words, so the program is one file with nothing to find at run time
  glslangValidator -V --quiet --vn fullscreen_vert -o "$out/fullscreen.vert.h" "$src/fullscreen.vert" >&2
  gcc -O2 -Wall -Werror -I "$out" -o "$program.tmp" "$src"/*.c -ldl -lvulkan
  mv "$program.tmp" "$program"
fi
echo "$root/$program"
