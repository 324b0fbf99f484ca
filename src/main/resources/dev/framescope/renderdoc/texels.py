"""A rectangular region of a texture as get_texture returns it: the texels (as numbers, or as base64 of the raw
little-endian bytes) and per-channel statistics. The bounds keep the answer inside the tool's 64 KiB output budget:
numbers cost up to ~15 characters a component, base64 4 characters per 3 bytes."""
import base64
import json
import math
import struct

from methods import required
from replay_core import BridgeError
from scans import is_float32, read_texture
from shader_values import shortest_float32


MAX_PIXELS = 4096
MAX_VALUES = 4096  # components in encoding "values": 32×32 RGBA
MAX_VALUES_JSON = 48_000  # bytes of the rows in encoding "values", checked after rendering them
MAX_RAW_BYTES = 32_768  # texel bytes in encoding "base64": 43,692 characters; RGBA32F 2048 pixels, RGBA8 4096
ENCODINGS = ("values", "base64")


def region_of(texture, params):
    """(x0, y0, width, height) asked for, clipped to the texture; errors name the parameter and its range."""
    x0, y0 = int(required(params, "x")), int(required(params, "y"))
    w, h = int(required(params, "width")), int(required(params, "height"))
    for name, value, size in (("x", x0, texture.width), ("y", y0, texture.height)):
        if value >= size:
            raise BridgeError("INVALID_ARGUMENT", "%s %d is outside the texture (%dx%d)" % (
                name, value, texture.width, texture.height), parameter=name, valid_range=[0, size - 1])
    w, h = min(w, texture.width - x0), min(h, texture.height - y0)
    if w * h > MAX_PIXELS:
        raise BridgeError("INVALID_ARGUMENT", "region %dx%d has more than %d pixels" % (w, h, MAX_PIXELS),
                          parameter="width*height", valid_range=[1, MAX_PIXELS])
    return x0, y0, w, h


def region_bytes(c, texture, x0, y0, w, h):
    """The region's raw texels, rows top to bottom (GL stores them bottom-up)."""
    data, channels, bottom_up = read_texture(c, texture)
    texel = channels * texture.format.compByteWidth
    rows = []
    for y in range(y0, y0 + h):
        r = texture.height - 1 - y if bottom_up else y
        start = (r * texture.width + x0) * texel
        rows.append(bytes(data[start:start + w * texel]))
    return b"".join(rows), channels


def components(texture, raw, channels):
    """The region's components as Python floats: 32-bit floats as stored, 8-bit UNORM as value / 255."""
    if is_float32(texture):
        return list(struct.unpack("<%df" % (len(raw) // 4), raw))
    return [b / 255.0 for b in raw]


def statistics(values, channels):
    """Per channel: min, max and mean of the finite values, and how many are NaN and how many ±Inf."""
    out = []
    for ch in range(channels):
        column = values[ch::channels]
        finite = [v for v in column if math.isfinite(v)]
        out.append({"min": shortest_float32(min(finite)) if finite else None,
                    "max": shortest_float32(max(finite)) if finite else None,
                    "mean": sum(finite) / len(finite) if finite else None,
                    "nan": sum(1 for v in column if math.isnan(v)),
                    "inf": sum(1 for v in column if math.isinf(v))})
    return out


def encode(texture, raw, channels, w, h, encoding):
    """The texels in the encoding asked for, or an error that says which bound the region is over."""
    if encoding == "base64":
        if len(raw) > MAX_RAW_BYTES:
            texel = channels * texture.format.compByteWidth
            raise BridgeError("INVALID_ARGUMENT", "region %dx%d of %s is %d bytes; encoding base64 returns at most %d "
                              "bytes (%d pixels of this format): split the region" % (
                                  w, h, texture.format.Name(), len(raw), MAX_RAW_BYTES, MAX_RAW_BYTES // texel),
                              parameter="width*height", valid_range=[1, MAX_RAW_BYTES // texel])
        return {"data": {"base64": base64.b64encode(raw).decode("ascii"), "bytes": len(raw),
                         "layout": "rows top to bottom, texels left to right, %d components of %d byte(s) each, "
                                   "little-endian, as the format stores them" % (channels,
                                                                                 texture.format.compByteWidth)}}
    if w * h * channels > MAX_VALUES:
        raise BridgeError("INVALID_ARGUMENT", "region %dx%d has %d components; encoding values returns at most %d "
                          "(%d pixels of this format): use encoding base64 or a smaller region" % (
                              w, h, w * h * channels, MAX_VALUES, MAX_VALUES // channels),
                          parameter="width*height", valid_range=[1, MAX_VALUES // channels])
    values = components(texture, raw, channels)
    shown = [shortest_float32(v) for v in values]
    rows = [[shown[(r * w + x) * channels:(r * w + x + 1) * channels] for x in range(w)] for r in range(h)]
    size = len(json.dumps(rows, separators=(",", ":")))
    if size > MAX_VALUES_JSON:
        raise BridgeError("INVALID_ARGUMENT", "the values of region %dx%d take %d bytes as numbers, over %d: use "
                          "encoding base64 or a smaller region" % (w, h, size, MAX_VALUES_JSON),
                          parameter="encoding")
    return {"rows": rows}
