#!/usr/bin/env bash
# Builds the native effect renderer (src/main/native/effect_pass.c, a headless Vulkan program that draws one fragment
# shader and captures it with RenderDoc) into target/native/effect_pass. Idempotent: it rebuilds only when a source
# is newer than the program. Needs gcc, libvulkan-dev, glslang-tools and librenderdoc's header (scripts/setup.sh).
#   scripts/build-native.sh   prints the program's path
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
src=src/main/native
out=target/native
program=$out/effect_pass
if [ ! -x "$program" ] || [ -n "$(find "$src" "${BASH_SOURCE[0]}" -newer "$program" -print -quit)" ]; then
  mkdir -p "$out"
  # the vertex shader as a C array of SPIR-V words, so the program is one file with nothing to find at run time
  glslangValidator -V --quiet --vn fullscreen_vert -o "$out/fullscreen.vert.h" "$src/fullscreen.vert" >&2
  gcc -O2 -Wall -Werror -I "$out" -o "$program.tmp" "$src/effect_pass.c" -ldl -lvulkan
  mv "$program.tmp" "$program"
fi
echo "$root/$program"
