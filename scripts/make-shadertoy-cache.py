#!/usr/bin/env python3
"""Writes demo/shaders/shadertoy-cache/: Shadertoy API exports whose Buffer A caches its work by drawing while
iFrame <= 1 and discarding afterwards, as public exports do (issue 33), and ground-truth.json with the pixels the
Image pass shows, computed here from the same formulas.

Buffer A writes (uv.x, uv.y, 0.25 + 0.5 * iFrame, 1): the cache remembers which frame drew it. Shadertoy swaps a
buffer's two copies every frame, so after iFrame 1 a discarded pixel shows the copy drawn at iFrame (last % 2).
The Image pass draws a disc (radius 0.75 of the half height) shaded 0.2 + 0.8 * the cache, on grey 0.1 (opaque):
with the cache lost (a buffer that was never drawn reads zeros) the disc is flat grey 0.2.

  cache.json        the exports' idiom: `if (iFrame > 1) discard;` opens mainImage
  cache-late.json   the same, the discard after other statements (no idiom to recognise: drawn every frame)
  cache-first.json  `if (iFrame >= 1) discard;`: only the copy of even frames is ever drawn
  cache-columns.json  the idiom `if (iFrame > 4) discard;` and a second discard: each frame up to 4 draws only the
                    columns x % 5 == iFrame, so the copy the last frame reads holds the columns of every frame of its
                    parity up to 4 (one draw of that copy would show one column)
  cache-common.json the same second discard in a Common function the buffer calls after the idiom

Deterministic; run from anywhere: python3 scripts/make-shadertoy-cache.py
"""
import json
import math
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "demo", "shaders", "shadertoy-cache")
SIZE = 64
BUFFER_A = "4dXGR8"
IMAGE = "4dfGRr"
RADIUS = 0.75

IDIOM = """// Buffer A: the cache. Its work is done on the first two frames only (one per copy of the buffer, which
// Shadertoy swaps every frame); afterwards every fragment is discarded and the buffer keeps what it held.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    if (iFrame > 1) discard; // cache
    vec2 uv = fragCoord / iResolution.xy;
    fragColor = vec4(uv, 0.25 + 0.5 * float(iFrame), 1.0);
}
"""

LATE = """// Buffer A: the cache, discarding after some work of the frame (no idiom to recognise).
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    float stamp = 0.25 + 0.5 * float(iFrame);
    if (iFrame >= 2) {
        discard;
    }
    fragColor = vec4(uv, stamp, 1.0);
}
"""

FIRST = """// Buffer A: a cache drawn at iFrame 0 only. Shadertoy swaps the buffer's two copies every frame, and the copy
// of odd frames is never drawn: it stays as made, zeros, so the disc is flat on odd frames.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    if (iFrame >= 1) discard;
    vec2 uv = fragCoord / iResolution.xy;
    fragColor = vec4(uv, 0.25 + 0.5 * float(iFrame), 1.0);
}
"""

COLUMNS = """// Buffer A: the idiom, then a second discard: frame n <= 4 draws only the columns x %% 5 == n, white.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    if (iFrame > %d) discard;
    if (int(fragCoord.x) %% %d != iFrame) discard;
    fragColor = vec4(1.0);
}
""" % (4, 5)

COMMON = """// Common: keeps only the columns x %% 5 == frame (the second discard, out of the buffer's own code).
void keepColumn(vec2 fragCoord, int frame) {
    if (int(fragCoord.x) %% %d != frame) discard;
}
""" % 5

COLUMNS_COMMON = """// Buffer A: the idiom, then the Common tab's keepColumn, which discards every column but x %% 5 == iFrame.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    if (iFrame > %d) discard;
    keepColumn(fragCoord, iFrame);
    fragColor = vec4(1.0);
}
""" % 4

COLUMNS_IMAGE = """// Image: Buffer A as it stands, opaque.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    fragColor = vec4(texture(iChannel0, fragCoord / iResolution.xy).rgb, 1.0);
}
"""

IMAGE_CODE = """// Image: a disc shaded by the cache in Buffer A, on grey.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    if (length(p) > %.2f) {
        fragColor = vec4(vec3(0.1), 1.0);
        return;
    }
    vec4 cache = texture(iChannel0, fragCoord / iResolution.xy);
    fragColor = vec4(vec3(0.2) + 0.8 * cache.rgb, 1.0);
}
""" % RADIUS

# Sample points (x, y), y counted from the top as frames are returned; the last is outside the disc.
POINTS = [(32, 32), (20, 40), (45, 15), (40, 50), (2, 2)]
# (time, frames): the frames drawn end at time; frames null = Shadertoy's 60 a second from iTime 0.
CASES = [(0.0, None), (0.5, None), (0.5, 30), (0.25, 12), (0.25, 2), (0.25, 1)]


def export(name, buffer_code, draws_until, image_code=IMAGE_CODE, common=None):
    sampler = {"filter": "linear", "wrap": "clamp", "vflip": "true", "srgb": "false", "internal": "byte"}
    return {"Shader": {
        "ver": "0.1",
        "info": {"id": "local", "name": name, "username": "framescope", "description": "A disc shaded by a "
                 "Buffer A that caches its work: drawn while iFrame <= %d, discarded after (issue 33)" % draws_until,
                 "tags": ["demo", "cache"]},
        "renderpass": [
            {"inputs": [], "outputs": [{"id": BUFFER_A, "channel": 0}], "code": buffer_code, "name": "Buffer A",
             "description": "", "type": "buffer"},
            {"inputs": [{"id": BUFFER_A, "filepath": "/media/previz/buffer00.png", "type": "buffer", "channel": 0,
                         "sampler": sampler, "published": 1}],
             "outputs": [{"id": IMAGE, "channel": 0}], "code": image_code, "name": "Image", "description": "",
             "type": "image"},
        ] + ([] if common is None else [{"inputs": [], "outputs": [], "code": common, "name": "Common",
                                         "description": "", "type": "common"}])}}


def last_frame(time, frames):
    return frames - 1 if frames is not None else int(math.floor(time * 480 + 1e-6))


def expected(x, y, stamp_frame):
    """RGB bytes of pixel (x, y), y from the top, when the cache was drawn at iFrame stamp_frame (None: never)."""
    fx, fy = x + 0.5, SIZE - 1 - y + 0.5
    px, py = (2 * fx - SIZE) / SIZE, (2 * fy - SIZE) / SIZE
    if math.hypot(px, py) > RADIUS:
        return [round(255 * 0.1)] * 3
    cache = [0.0, 0.0, 0.0] if stamp_frame is None else [fx / SIZE, fy / SIZE, 0.25 + 0.5 * stamp_frame]
    return [round(255 * min(1.0, 0.2 + 0.8 * c)) for c in cache]


# Columns effects: frame n <= COLUMN_FRAMES draws the columns x % COLUMN_MOD == n; sampled along one row.
COLUMN_FRAMES = 4
COLUMN_MOD = 5
COLUMN_POINTS = [(x, 10) for x in range(10)]


def column_rgb(x, last):
    """RGB bytes of column x at the last frame: white when a frame of the last frame's parity up to 4 drew it."""
    drawn = [n for n in range(min(last, COLUMN_FRAMES) + 1) if (last - n) % 2 == 0]
    return [255] * 3 if x % COLUMN_MOD in drawn else [0] * 3


def stamp(last, draws_until):
    """The iFrame that drew the copy the last frame reads (same parity, at most draws_until), or None."""
    frame = min(last, draws_until)
    frame -= (last - frame) % 2
    return frame if frame >= 0 else None


def main():
    os.makedirs(ROOT, exist_ok=True)
    effects = {"cache": (IDIOM, 1), "cache-late": (LATE, 1), "cache-first": (FIRST, 0)}
    truth = {"about": "Pixels of the Image pass at %d×%d on WebGL2 (y from the top, bytes 0-255), per effect and "
             "case; made by scripts/make-shadertoy-cache.py. The cache lost (the old answer) shows the disc flat: "
             "%s." % (SIZE, SIZE, [round(255 * 0.2)] * 3), "width": SIZE, "height": SIZE, "effects": {}}
    for name, (code, draws_until) in effects.items():
        with open(os.path.join(ROOT, name + ".json"), "w") as out:
            json.dump(export(name, code, draws_until), out, indent=2)
            out.write("\n")
        cases = []
        for time, frames in CASES:
            last = last_frame(time, frames)
            drawn_at = stamp(last, draws_until)
            cases.append({"time": time, "frames": frames, "last_iframe": last, "cache_drawn_at_iframe": drawn_at,
                          "pixels": [{"x": x, "y": y, "rgb": expected(x, y, drawn_at)} for x, y in POINTS]})
        truth["effects"][name] = {"draws_while_iframe_at_most": draws_until, "cases": cases}
    columns = {"cache-columns": (COLUMNS, None), "cache-common": (COLUMNS_COMMON, COMMON)}
    for name, (code, common) in columns.items():
        with open(os.path.join(ROOT, name + ".json"), "w") as out:
            json.dump(export(name, code, COLUMN_FRAMES, COLUMNS_IMAGE, common), out, indent=2)
            out.write("\n")
        cases = []
        for time, frames in CASES:
            last = last_frame(time, frames)
            cases.append({"time": time, "frames": frames, "last_iframe": last,
                          "pixels": [{"x": x, "y": y, "rgb": column_rgb(x, last)} for x, y in COLUMN_POINTS]})
        truth["effects"][name] = {"draws_while_iframe_at_most": COLUMN_FRAMES, "columns_mod": COLUMN_MOD,
                                  "cases": cases}
    with open(os.path.join(ROOT, "ground-truth.json"), "w") as out:
        json.dump(truth, out, indent=2, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
