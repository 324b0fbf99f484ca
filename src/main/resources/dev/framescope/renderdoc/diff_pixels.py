"""The pixel half of diff_captures: the final colour target of each capture (the first colour output of the frame's
last action that has one), read at the end of the frame with GetTextureData and decoded by images.py (GL's bottom-up
rows turned top-down), compared texel by texel, and a diff picture of at most MAX_SIDE pixels a side."""
import base64
import math

import renderdoc as rd

import images
from scans import box

# The diff picture's longest side: a larger target is shown shrunk by a whole factor, a block differing where any
# of its pixels does.
MAX_SIDE = 256


def final_target(c):
    """The texture the frame ends by drawing into: the first colour output of the last action that has one."""
    for action, _ in reversed(c.actions):
        for output in action.outputs:
            texture = c.textures.get(int(output))
            if texture is not None:
                return texture
    return None


def described(c, texture):
    if texture is None:
        return None
    return {"texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId),
            "format": texture.format.Name(), "width": texture.width, "height": texture.height}


def raw_texels(c, texture):
    c.controller.SetFrameEvent(max(c.by_event), True)
    return bytes(c.controller.GetTextureData(texture.resourceId, rd.Subresource(0, 0, 0)))


def decoded(c, texture, raw):
    return images.decode(texture.format, raw, texture.width, texture.height, c.driver == "OpenGL").values


def rows_to_check(a, ta, raw_a, raw_b, same_format):
    """Top-down rows that may differ: with one format, only rows whose stored bytes differ (a C-speed compare)."""
    height = ta.height
    if not same_format or len(raw_a) != len(raw_b):
        return range(height)
    stride = len(raw_a) // height
    stored = [r for r in range(height) if raw_a[r * stride:(r + 1) * stride] != raw_b[r * stride:(r + 1) * stride]]
    return sorted(height - 1 - r for r in stored) if a.driver == "OpenGL" else stored


def compare(a, b, limit):
    """(the answer's `pixels`, the diff picture as base64 PNG or None)."""
    ta, tb = final_target(a), final_target(b)
    out = {"target": {"capture": described(a, ta), "other": described(b, tb)}, "compared": False, "reason": None,
           "differing_pixels": 0, "non_finite_mismatches": 0, "max_difference": None, "box": None,
           "preview": [], "image": None}
    if ta is None or tb is None:
        out["reason"] = "no colour target in %s" % ("either capture" if ta is tb else "one capture")
        return out, None
    if (ta.width, ta.height) != (tb.width, tb.height):
        out["reason"] = "the final colour targets differ in size: %dx%d and %dx%d" % (ta.width, ta.height, tb.width,
                                                                                     tb.height)
        return out, None
    raw_a, raw_b = raw_texels(a, ta), raw_texels(b, tb)
    same_format = ta.format.Name() == tb.format.Name()
    out["compared"] = True
    out["method"] = ("GetTextureData at the end of each frame, decoded to RGBA floats; a pixel differs when a "
                     "component differs (NaN equals NaN); max_difference is the largest |a - b| of finite components")
    if not same_format:
        out["reason"] = "formats differ (%s and %s): compared as decoded values" % (ta.format.Name(),
                                                                                    tb.format.Name())
    elif raw_a == raw_b:
        return out, None
    try:
        va, vb = decoded(a, ta, raw_a), decoded(b, tb, raw_b)
    except images.Undecodable as e:
        out.update({"compared": False, "reason": "format %s is not one FrameScope decodes" % e})
        return out, None
    width, height = ta.width, ta.height
    differing, worst, non_finite, largest = [], {}, 0, 0.0
    for p in (y * width + x for y in rows_to_check(a, ta, raw_a, raw_b, same_format) for x in range(width)):
        pa, pb = va[4 * p:4 * p + 4], vb[4 * p:4 * p + 4]
        if pa == pb:
            continue
        diff, odd = 0.0, False
        for x, y in zip(pa, pb):
            if x == y or (x != x and y != y):
                continue
            if math.isfinite(x) and math.isfinite(y):
                diff = max(diff, abs(x - y))
            else:
                odd = True
        if diff == 0.0 and not odd:
            continue
        differing.append(p)
        worst[p] = math.inf if odd else diff
        non_finite += odd
        largest = max(largest, diff)
    out.update({"differing_pixels": len(differing), "non_finite_mismatches": non_finite,
                "max_difference": largest if differing else None, "box": box(differing, width),
                "preview": [{"x": p % width, "y": p // width, "capture": shown(va[4 * p:4 * p + 4]),
                             "other": shown(vb[4 * p:4 * p + 4])} for p in differing[:min(limit, 4)]]})
    if not differing:
        return out, None
    png, scale = picture(width, height, va, worst, largest)
    out["image"] = {"width": -(-width // scale), "height": -(-height // scale), "scale": scale,
                    "legend": "differing pixels red (brighter = larger difference), NaN/Inf against a number "
                              "magenta, equal pixels the capture's in dim grey"}
    return out, base64.b64encode(png).decode("ascii")


def shown(values):
    return [v if math.isfinite(v) else ("NaN" if v != v else "+Inf" if v > 0 else "-Inf") for v in values]


def picture(width, height, values, worst, largest):
    """PNG: each block of scale×scale pixels red or magenta where one differs, else the capture's in dim grey."""
    scale = max(1, -(-max(width, height) // MAX_SIDE))
    w, h = -(-width // scale), -(-height // scale)
    blocks = {}
    for p, d in worst.items():
        key = (p // width // scale) * w + (p % width) // scale
        blocks[key] = max(blocks.get(key, 0.0), d)
    rows = []
    for y in range(h):
        row = bytearray(4 * w)
        for x in range(w):
            d = blocks.get(y * w + x)
            if d is None:
                p = (y * scale) * width + x * scale
                rgb = [max(0.0, min(1.0, v)) if v == v else 0.0 for v in values[4 * p:4 * p + 3]]
                grey = int((0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2]) * 90)
                row[4 * x:4 * x + 4] = bytes((grey, grey, grey, 255))
            elif math.isinf(d):
                row[4 * x:4 * x + 4] = bytes((255, 0, 255, 255))
            else:
                row[4 * x:4 * x + 4] = bytes((int(110 + 145 * (d / largest if largest else 1.0)), 0, 0, 255))
        rows.append(row)
    return images.png_bytes(w, h, rows), scale
