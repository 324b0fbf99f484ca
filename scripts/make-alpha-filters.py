#!/usr/bin/env python3
"""Writes demo/shaders/isf-alpha/: ISF filters that change only the alpha of their input (issue 33 point 5), and
ground-truth.json with what test_effect's passthrough check must measure for each at 64x64 over the opaque test
card: per channel similarity = 1 - mean |delta| / 255 (red, green and blue 1: they copy the input) and whether each
channel moved. The passthrough check moves every input off its default as docs/shaders.md says (a ranged float at
its maximum goes to mid-range, one at its minimum too); the figures here follow from those values.

  Set Alpha     alpha = the input `opacity` (default 1, range 0..1: moved to 0.5)
  Alpha Mask    a disc of radius `radius` (default 1, range 0..1: moved to 0.5) keeps alpha, outside it 0
  Feather Crop  a crop of `crop` (default 0, range 0..0.5: moved to 0.25) from each side, alpha feathered over 0.1
  Invert Alpha  alpha = 1 - alpha: over an opaque input the whole frame is transparent

Deterministic; run from anywhere: python3 scripts/make-alpha-filters.py
"""
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "demo", "shaders", "isf-alpha")
SIZE = 64
FEATHER = 0.1

FILTERS = {
    "Set Alpha": {
        "description": "Filter: the input's colour with alpha set to `opacity`.",
        "inputs": [{"NAME": "opacity", "TYPE": "float", "DEFAULT": 1.0, "MIN": 0.0, "MAX": 1.0}],
        "body": "\tvec4 color = IMG_THIS_PIXEL(inputImage);\n\tgl_FragColor = vec4(color.rgb, opacity);\n",
        "moved": {"opacity": 0.5},
    },
    "Alpha Mask": {
        "description": "Filter: a round mask; alpha outside the disc of `radius` (of the half width) is 0.",
        "inputs": [{"NAME": "radius", "TYPE": "float", "DEFAULT": 1.0, "MIN": 0.0, "MAX": 1.0}],
        "body": "\tvec4 color = IMG_THIS_PIXEL(inputImage);\n"
                "\tvec2 p = isf_FragNormCoord * 2.0 - 1.0;\n"
                "\tgl_FragColor = vec4(color.rgb, length(p) <= radius ? color.a : 0.0);\n",
        "moved": {"radius": 0.5},
    },
    "Feather Crop": {
        "description": "Filter: crops `crop` of the frame from each side, alpha feathered over 0.1 inside the edge.",
        "inputs": [{"NAME": "crop", "TYPE": "float", "DEFAULT": 0.0, "MIN": 0.0, "MAX": 0.5}],
        "body": "\tvec4 color = IMG_THIS_PIXEL(inputImage);\n"
                "\tvec2 d = min(isf_FragNormCoord, 1.0 - isf_FragNormCoord) - crop;\n"
                "\tfloat edge = clamp(min(d.x, d.y) / %.1f, 0.0, 1.0);\n"
                "\tgl_FragColor = vec4(color.rgb, color.a * edge);\n" % FEATHER,
        "moved": {"crop": 0.25},
    },
    "Invert Alpha": {
        "description": "Filter: inverts the input's alpha; an opaque input becomes fully transparent.",
        "inputs": [],
        "body": "\tvec4 color = IMG_THIS_PIXEL(inputImage);\n\tgl_FragColor = vec4(color.rgb, 1.0 - color.a);\n",
        "moved": {},
    },
}


def byte(v):
    return round(255 * min(1.0, max(0.0, v)))


def alpha(name, u, v, moved):
    """The output alpha (0..1) at normalised pixel centre (u, v) over the opaque card."""
    if name == "Set Alpha":
        return moved["opacity"]
    if name == "Alpha Mask":
        return 1.0 if ((2 * u - 1) ** 2 + (2 * v - 1) ** 2) ** 0.5 <= moved["radius"] else 0.0
    if name == "Feather Crop":
        d = min(min(u, 1 - u), min(v, 1 - v)) - moved["crop"]
        return min(1.0, max(0.0, d / FEATHER))
    return 0.0


def source(name, spec):
    header = {"ISFVSN": "2", "DESCRIPTION": spec["description"], "CREDIT": "FrameScope demo (issue 33)",
              "CATEGORIES": ["Utility"], "INPUTS": [{"NAME": "inputImage", "TYPE": "image"}] + spec["inputs"]}
    return "/*" + json.dumps(header, indent="\t") + "*/\n\nvoid main() {\n" + spec["body"] + "}\n"


def main():
    os.makedirs(ROOT, exist_ok=True)
    truth = {"about": "test_effect check passthrough at %d×%d over the opaque test card: per channel similarity "
             "1 - mean |delta| / 255, alpha's computed here from each filter's formula (±1/255 per pixel for "
             "rounding); made by scripts/make-alpha-filters.py." % (SIZE, SIZE), "width": SIZE, "height": SIZE,
             "effects": {}}
    for name, spec in FILTERS.items():
        with open(os.path.join(ROOT, name + ".fs"), "w") as out:
            out.write(source(name, spec))
        total = 0
        moved_pixels = 0
        for y in range(SIZE):
            for x in range(SIZE):
                delta = 255 - byte(alpha(name, (x + 0.5) / SIZE, (y + 0.5) / SIZE, spec["moved"]))
                total += delta
                moved_pixels += delta > 0
        truth["effects"][name] = {"uniforms": spec["moved"], "similarity_rgb": 1.0,
                                  "alpha_similarity": round(1 - total / (255 * SIZE * SIZE), 6),
                                  "alpha_moved_pixels": moved_pixels, "moved_channels": ["a"], "passthrough": False}
    with open(os.path.join(ROOT, "ground-truth.json"), "w") as out:
        json.dump(truth, out, indent=2, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
