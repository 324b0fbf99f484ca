#!/usr/bin/env python3
"""Writes demo/shaders/pass-history/: effects of other formats than Shadertoy whose frame depends on what a pass drew
in earlier frames although no pass reads that texture from an earlier frame (issue 33, review of point 4), and
ground-truth.json with the pixels every frame drawn in full gives, computed here from the runtime's model: every
target has two copies; a GLSL host's pass draws into the current copy and all targets swap at the end of the frame; a
noisemaker pass (ping-pong) draws into the current copy and its target swaps right after it, and every read takes the
latest copy. A discarded pixel, or a blended one, keeps what the copy held.

  isf/Paint Strokes.fs   pass 0 `trail`: a persistent float feedback buffer (+1/64 green a frame); pass 1 `paint`:
                         the column x = FRAMEINDEX % 16 painted white into a persistent buffer, every other pixel
                         discarded; the last pass shows paint's red and trail's green. The copy of `paint` the last
                         frame shows holds every column painted at a frame of the last frame's parity. (An ISF pass
                         reads every buffer of its file, its own too, so `paint` was already drawn every frame.)
  isf/Trail Dots.fs      the same trail; the last pass paints the column (red 1, trail's green) into the output itself
                         and discards every other pixel, which keeps what the output's copy held: each column shows
                         the latest frame of the last frame's parity that painted it (drawn only at the last frame it
                         showed one column).
  isf/Paint Dots.fs      one pass painting the column white into the output, discarding elsewhere: no pass reads an
                         earlier frame at all, and the frame still depends on the earlier ones (drawn once before).
  noisemaker/synth/depositDecay
                         noisemaker ping-pong: `deposit` adds 1/64 red into `_trail` (blend), `diffuse` reads `_trail`
                         and writes half of it back into `_trail`, `show` shows it. Deposit always adds to the copy
                         diffuse does not write, so after F frames show gives F/128. A frame that skipped diffuse
                         also skipped its swap, and deposit added to the other copy every other frame.

Deterministic; run from anywhere: python3 scripts/make-pass-history.py
"""
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "demo", "shaders", "pass-history")
SIZE = 16
TRAIL_STEP = 1 / 64
DEPOSIT = 1 / 64
# (time, frames): frames null = the 60 a second a host draws from time 0 up to the time
CASES = [(0.25, 12), (0.25, 5), (0.25, 1), (0.05, None)]
ROW = 3  # the row sampled, from the top; every row is alike

STROKES = """/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A trail that counts frames (feedback) and a column painted into a persistent buffer each frame, every other pixel discarded: the painted columns accumulate (made by scripts/make-pass-history.py).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Feedback"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "trail", "PERSISTENT": true, "FLOAT": true},
		{"TARGET": "paint", "PERSISTENT": true},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(0.0, IMG_THIS_PIXEL(trail).g + %(step)r, 0.0, 1.0);
	} else if (PASSINDEX == 1) {
		// the column of this frame; every other pixel keeps what the buffer held
		if (floor(gl_FragCoord.x) != mod(float(FRAMEINDEX), %(size)d.0)) discard;
		gl_FragColor = vec4(1.0);
	} else {
		gl_FragColor = vec4(IMG_THIS_PIXEL(paint).r, IMG_THIS_PIXEL(trail).g, 0.0, 1.0);
	}
}
""" % {"step": TRAIL_STEP, "size": SIZE}

TRAIL_DOTS = """/*{
	"ISFVSN": "2",
	"DESCRIPTION": "A trail that counts frames (feedback), and the output painted one column a frame, every other pixel discarded: the painted columns accumulate (made by scripts/make-pass-history.py).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator", "Feedback"],
	"INPUTS": [],
	"PASSES": [
		{"TARGET": "trail", "PERSISTENT": true, "FLOAT": true},
		{}
	]
}*/

void main() {
	if (PASSINDEX == 0) {
		gl_FragColor = vec4(0.0, IMG_THIS_PIXEL(trail).g + %(step)r, 0.0, 1.0);
	} else {
		// the column of this frame; every other pixel keeps what the output held
		if (floor(gl_FragCoord.x) != mod(float(FRAMEINDEX), %(size)d.0)) discard;
		gl_FragColor = vec4(1.0, IMG_THIS_PIXEL(trail).g, 0.0, 1.0);
	}
}
""" % {"step": TRAIL_STEP, "size": SIZE}

DOTS = """/*{
	"ISFVSN": "2",
	"DESCRIPTION": "The output painted one column a frame, every other pixel discarded: the painted columns accumulate although no pass reads an earlier frame (made by scripts/make-pass-history.py).",
	"CREDIT": "FrameScope demo",
	"CATEGORIES": ["Generator"],
	"INPUTS": []
}*/

void main() {
	if (floor(gl_FragCoord.x) != mod(float(FRAMEINDEX), %(size)d.0)) discard;
	gl_FragColor = vec4(1.0);
}
""" % {"size": SIZE}

DEFINITION = """import { Effect } from '../../../src/runtime/effect.js'

// FrameScope's own test effect (made by scripts/make-pass-history.py): noisemaker ping-pong over one shared texture.
// `deposit` adds 1/64 red into `_trail` (additive blend), `diffuse` reads `_trail` and writes half of it into `_trail`,
// `show` shows `_trail`. Each pass swaps `_trail`'s copies after it draws, so deposit always adds to the copy diffuse
// does not write: after F frames show gives red F/128 (12 frames: 0.09375).
export default new Effect({
  name: "Deposit Decay",
  namespace: "synth",
  func: "depositDecay",
  description: "A blended deposit and a decay sharing one ping-pong texture (FrameScope test effect)",
  globals: {},
  textures: {
    _trail: { width: 4, height: 4, format: "rgba16f" },
  },
  passes: [
    { name: "deposit", program: "deposit", blend: true, inputs: {}, outputs: { fragColor: "_trail" } },
    { name: "diffuse", program: "diffuse", inputs: { trailTex: "_trail" }, outputs: { fragColor: "_trail" } },
    { name: "show", program: "show", inputs: { trailTex: "_trail" }, outputs: { fragColor: "outputTex" } },
  ],
})
"""

GLSL = {
    "deposit": """#version 300 es
precision highp float;
out vec4 fragColor;
void main() {
    fragColor = vec4(%r, 0.0, 0.0, 0.0);
}
""" % DEPOSIT,
    "diffuse": """#version 300 es
precision highp float;
uniform sampler2D trailTex;
out vec4 fragColor;
void main() {
    fragColor = texelFetch(trailTex, ivec2(gl_FragCoord.xy), 0) * 0.5;
}
""",
    "show": """#version 300 es
precision highp float;
uniform sampler2D trailTex;
out vec4 fragColor;
void main() {
    fragColor = vec4(texelFetch(trailTex, ivec2(0, 0), 0).r, 0.0, 0.0, 1.0);
}
""",
}

WGSL = {
    "deposit": """@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(%r, 0.0, 0.0, 0.0);
}
""" % DEPOSIT,
    "diffuse": """@group(0) @binding(0) var trailTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(trailTex, vec2<i32>(pos.xy), 0) * 0.5;
}
""",
    "show": """@group(0) @binding(0) var trailTex: texture_2d<f32>;

@fragment
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(textureLoad(trailTex, vec2<i32>(0, 0), 0).r, 0.0, 0.0, 1.0);
}
""",
}


def frame_count(time, frames):
    return frames if frames is not None else int(time * 480 + 1e-6) + 1


def byte(v):
    return round(255 * min(1.0, max(0.0, v)))


def latest_paint(x, frames):
    """The latest frame of the last frame's parity that painted column x (targets swap their copies every frame), or
    None."""
    last = frames - 1
    drawn = [n for n in range(last + 1) if (last - n) % 2 == 0 and n % SIZE == x]
    return drawn[-1] if drawn else None


def isf_cases(column_rgb):
    """Cases of an ISF effect whose pixel in column x is column_rgb(x, frames)."""
    cases = []
    for time, frames in CASES:
        count = frame_count(time, frames)
        cases.append({"time": time, "frames": frames, "frames_drawn": count,
                      "pixels": [{"x": x, "y": ROW, "rgb": column_rgb(x, count)} for x in range(SIZE)]})
    return cases


def strokes(x, frames):
    """Paint Strokes: paint's red (a column painted on the copy shown), the trail's green this frame."""
    return [255 if latest_paint(x, frames) is not None else 0, byte(frames * TRAIL_STEP), 0]


def trail_dots(x, frames):
    """Trail Dots: red 1 and the trail's green as they were at the frame that painted the column last, else zeros."""
    n = latest_paint(x, frames)
    return [0, 0, 0] if n is None else [255, byte((n + 1) * TRAIL_STEP), 0]


def dots(x, frames):
    return [255] * 3 if latest_paint(x, frames) is not None else [0] * 3


def deposit_decay(frames):
    """show's red after `frames` frames, by the ping-pong model: copies, the current one, a swap after each pass."""
    copies, current = [0.0, 0.0], 0
    for _ in range(frames):
        copies[current] += DEPOSIT  # deposit blends into the current copy
        current ^= 1
        copies[current] = 0.5 * copies[current ^ 1]  # diffuse reads the latest, writes the current
        current ^= 1
    return copies[current ^ 1]  # show reads the latest


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as out:
        out.write(text)


def main():
    write(os.path.join(ROOT, "isf", "Paint Strokes.fs"), STROKES)
    write(os.path.join(ROOT, "isf", "Trail Dots.fs"), TRAIL_DOTS)
    write(os.path.join(ROOT, "isf", "Paint Dots.fs"), DOTS)
    effect = os.path.join(ROOT, "noisemaker", "synth", "depositDecay")
    write(os.path.join(effect, "definition.js"), DEFINITION)
    for name, text in GLSL.items():
        write(os.path.join(effect, "glsl", name + ".glsl"), text)
    for name, text in WGSL.items():
        write(os.path.join(effect, "wgsl", name + ".wgsl"), text)
    decay = []
    for time, frames in CASES:
        count = frame_count(time, frames)
        red = deposit_decay(count)
        assert abs(red - count * DEPOSIT / 2) < 1e-12, "the closed form in definition.js"
        decay.append({"time": time, "frames": frames, "frames_drawn": count,
                      "pixels": [{"x": x, "y": y, "rgb": [byte(red), 0, 0]} for x, y in [(0, 0), (SIZE - 1, ROW)]]})
    truth = {"about": "Pixels at %d×%d (y from the top, bytes 0-255) per effects root, effect and case, as every "
             "pass drawn at every frame gives them; made by scripts/make-pass-history.py." % (SIZE, SIZE),
             "width": SIZE, "height": SIZE,
             "roots": {"isf": {"Paint Strokes": isf_cases(strokes), "Trail Dots": isf_cases(trail_dots),
                               "Paint Dots": isf_cases(dots)},
                       "noisemaker": {"synth/depositDecay": decay}}}
    write(os.path.join(ROOT, "ground-truth.json"), json.dumps(truth, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
