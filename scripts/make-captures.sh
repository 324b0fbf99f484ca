#!/usr/bin/env bash
# Builds the capture fixtures from their C sources (GL 3.3 core through EGL; Vulkan offscreen on lavapipe) and
# captures one frame of each with RenderDoc 1.24's in-application API, headless (no X server, no swapchain); then frame 5
# of Debian's unmodified vkcube, a third-party program with a swapchain, under Xvfb through RenderDoc's target control
# (scripts/capture-frame.py), so the tools are also checked on a frame no FrameScope author drew. Writes demo/captures/<name>.rdc and
# demo/captures/ground-truth.json (each program's known defects from src/<name>.truth.json, plus the capture's
# SHA-256, so tests know the truth belongs to the committed file). Captures are not byte-identical between runs
# (RenderDoc stores timestamps); the defects and their marker paths are. The GL scene is also taken two other ways,
# for diff_captures: gl_defects_glfw through a GLFW window on Xvfb (GLX instead of an EGL pbuffer, every draw the
# same), gl_defects_fixed, the same EGL program with its NaN quad's division guarded, and gl_defects_tuned, the same
# program with two draws changed in state only (additive blending on one, fewer vertices on another), and
# gl_defects_swap, the GLFW program drawing the scene with a swap after each frame, one frame of it taken through
# target control (it ends at glXSwapBuffers instead of the in-application End of Capture).
# Names make only those captures (the others, and the tests keyed on their SHA-256, stay as they are).
# vk_lighting is a second Vulkan program written apart from vk_defects (a depth pre-pass, indexed lit draws, a
# spotlight dividing 0 by 0), for the shader debugger on a frame its fixtures were not written for.
#   scripts/make-captures.sh [gl_defects|gl_defects_glfw|gl_defects_fixed|gl_defects_tuned|gl_defects_swap|gl_scene|
#     gl_markers|gl_message_flood|vk_defects|vk_lighting|vkcube ...]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

packages=(gcc librenderdoc-dev librenderdoc renderdoccmd python3-renderdoc libegl-dev libopengl-dev libgl-dev
  libglfw3-dev libgl1-mesa-dri libegl1 mesa-vulkan-drivers libvulkan-dev glslang-tools vulkan-validationlayers vulkan-tools
  xvfb xauth)
. scripts/lib/packages.sh
mapfile -t missing < <(missing_packages "${packages[@]}")
install_packages make-captures "${missing[@]}"

build=target/captures-build
mkdir -p "$build" demo/captures
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(gl_defects gl_defects_glfw gl_defects_fixed gl_defects_tuned gl_defects_swap gl_scene
  gl_markers gl_message_flood vk_defects vk_lighting vkcube)
want() { [[ " ${wanted[*]} " == *" $1 "* ]]; }

gcc -O1 -Wall -Werror -o "$build/gl_defects" demo/captures/src/gl_defects.c -lEGL -lOpenGL -ldl -lm
gcc -O1 -Wall -Werror -DUSE_GLFW -o "$build/gl_defects_glfw" demo/captures/src/gl_defects.c -lglfw -lGL -ldl -lm
gcc -O1 -Wall -Werror -o "$build/gl_scene" demo/captures/src/gl_scene.c -lEGL -lOpenGL -ldl -lm
gcc -O1 -Wall -Werror -o "$build/gl_markers" demo/captures/src/gl_markers.c -lEGL -lOpenGL -ldl -lm
gcc -O1 -Wall -Werror -o "$build/gl_message_flood" demo/captures/src/gl_message_flood.c -lEGL -lOpenGL -ldl -lm
gcc -O1 -Wall -Werror -o "$build/vk_defects" demo/captures/src/vk_defects.c -lvulkan -ldl -lm
gcc -O1 -Wall -Werror -o "$build/vk_lighting" demo/captures/src/vk_lighting.c -lvulkan -ldl
for shader in demo/captures/src/vk/fixture.vert demo/captures/src/vk/fixture.frag \
  demo/captures/src/vk_lighting/lit.frag; do
  # -g keeps the GLSL source in the SPIR-V, so RenderDoc shows it and can debug it line by line
  glslangValidator -V -g -o "$build/$(basename "$shader").spv" "$shader" >/dev/null
done
# vk_lighting's vertex shader without -g: a shader with no source, debugged by its disassembly alone
glslangValidator -V -o "$build/lit.vert.spv" demo/captures/src/vk_lighting/lit.vert >/dev/null

capture() { # name, then the command that draws the frame (it prints the capture's path)
  local name=$1
  shift
  want "$name" || return 0
  rm -f "$build/$name"_capture*.rdc
  local written
  if [ "$name" = gl_defects_glfw ]; then # a real window: GLX on a virtual X server
    written=$(timeout 120 xvfb-run -a -s "-screen 0 640x480x24" env LD_PRELOAD=librenderdoc.so "$1" "$build/$name" \
      | tail -n 1)
  else
    written=$(timeout 120 env -u DISPLAY EGL_PLATFORM=surfaceless LD_PRELOAD=librenderdoc.so \
      ENABLE_VULKAN_RENDERDOC_CAPTURE=1 "$1" "$build/$name" "${@:2}" | tail -n 1)
  fi
  [ -f "$written" ] || { echo "make-captures: $name wrote no capture" >&2; exit 1; }
  cp "$written" "demo/captures/$name.rdc"
  echo "make-captures: demo/captures/$name.rdc ($(stat -c %s "$written") bytes)" >&2
}
capture gl_defects "$build/gl_defects"
capture gl_defects_glfw "$build/gl_defects_glfw"
capture gl_defects_fixed "$build/gl_defects" fixed
capture gl_defects_tuned "$build/gl_defects" tuned
capture gl_scene "$build/gl_scene"
capture gl_markers "$build/gl_markers"
capture gl_message_flood "$build/gl_message_flood"
capture vk_defects "$build/vk_defects" "$build"
capture vk_lighting "$build/vk_lighting" "$build"

capture_frame() { # name, frame number, X screen, then the program and its arguments: one frame by target control
  local name=$1 frame=$2 screen=$3
  shift 3
  want "$name" || return 0
  rm -f "$build/$name"_frame*.rdc
  local written
  written=$(timeout 120 xvfb-run -a -s "-screen 0 $screen" /usr/bin/python3 scripts/capture-frame.py "$frame" \
    "$root/$build/$name" "$@" | tail -n 1)
  [ -f "$written" ] || { echo "make-captures: $name wrote no capture" >&2; exit 1; }
  cp "$written" "demo/captures/$name.rdc"
  echo "make-captures: demo/captures/$name.rdc ($(stat -c %s "$written") bytes)" >&2
}
# the GL scene as a game draws it, a swap after each frame, and one frame of it taken from swap to swap
capture_frame gl_defects_swap 100 640x480x24 "$root/$build/gl_defects_glfw" "$root/$build/gl_defects_swap" swap
capture_frame vkcube 5 1280x1024x24 /usr/bin/vkcube --c 40 # xvfb-run's default screen

/usr/bin/python3 - <<'PY'
import hashlib, json, os
import renderdoc as rd
manifest = {"generated_by": "scripts/make-captures.sh", "renderdoc": rd.GetVersionString(), "captures": {}}
for truth in sorted(f for f in os.listdir("demo/captures/src") if f.endswith(".truth.json")):
    name = truth[:-len(".truth.json")]
    rdc = os.path.join("demo/captures", name + ".rdc")
    with open(os.path.join("demo/captures/src", truth)) as f:
        entry = json.load(f)
    with open(rdc, "rb") as f:
        data = f.read()
    entry.update({"file": name + ".rdc", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    manifest["captures"][name] = entry
with open("demo/captures/ground-truth.json", "w") as f:
    json.dump(manifest, f, indent=2)
    f.write("\n")
print("make-captures: demo/captures/ground-truth.json")
PY
