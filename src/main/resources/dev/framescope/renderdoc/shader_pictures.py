"""The before/after picture replace_shader answers with, and the pixel values it compares: a colour target read with
GetTextureData (never RenderDoc's texture display, see images.py), decoded a row at a time by images.decode, sampled
nearest-neighbour down to at most MAX_SIDE pixels a side, 8-bit, NaN and Inf texels painted magenta so a fix shows."""
import math

import images
from replay_core import show
from scans import read_texture

MAX_SIDE = 256
GAP = 4
NON_FINITE = (255, 0, 255)


class Sampled:
    """A target read once: raw bytes and how to decode one row of them."""

    def __init__(self, c, texture):
        self.texture = texture
        self.data, _, self.bottom_up = read_texture(c, texture)
        texels = texture.width * texture.height
        self.texel = len(self.data) // texels if texels else 0
        self.rows = {}

    def row(self, y):
        """RGBA floats of row y (top-left origin), decoded once."""
        if y not in self.rows:
            r = self.texture.height - 1 - y if self.bottom_up else y
            width = self.texture.width
            raw = self.data[r * width * self.texel:(r + 1) * width * self.texel]
            image = images.decode(self.texture.format, raw, width, 1, False)
            self.rows[y] = (image.values, image.integer)
        return self.rows[y]

    def rgba(self, x, y):
        values, _ = self.row(y)
        return values[4 * x:4 * x + 4]


def pixel_rgba(c, texture, points):
    """The RGBA value at each (x, y) after the current event, NaN and Inf spelled out; None where the format is
    not one images.py decodes."""
    if not points:
        return []
    try:
        sampled = Sampled(c, texture)
        return [[show(v) for v in sampled.rgba(x, y)] for x, y in points]
    except images.Undecodable:
        return [None for _ in points]


def picture(c, texture):
    """(width, height, rows of RGB bytes, non-finite texels seen) of the target after the current event, at most
    MAX_SIDE a side; None where the format cannot be decoded."""
    scale = max(1, math.ceil(max(texture.width, texture.height) / MAX_SIDE))
    width, height = texture.width // scale or 1, texture.height // scale or 1
    try:
        sampled = Sampled(c, texture)
        rows, marked = [], 0
        for j in range(height):
            values, integer = sampled.row(j * scale)
            top = 1.0 if integer else 255.0
            row = bytearray(3 * width)
            for i in range(width):
                r, g, b = values[4 * i * scale:4 * i * scale + 3]
                if not all(math.isfinite(v) for v in (r, g, b)):
                    row[3 * i:3 * i + 3] = bytes(NON_FINITE)
                    marked += 1
                    continue
                row[3 * i:3 * i + 3] = bytes(min(255, max(0, int(v * top + 0.5))) for v in (r, g, b))
            rows.append(row)
        return width, height, rows, marked
    except images.Undecodable:
        return None


def side_by_side(before, after):
    """One PNG: before on the left, after on the right, a grey gap between; and what it shows."""
    (w, h, left, marked_before), (_, _, right, marked_after) = before, after
    gap = bytes((128, 128, 128, 255)) * GAP
    rows = []
    for a, b in zip(left, right):
        rows.append(rgba(a) + gap + rgba(b))
    png = images.png_bytes(2 * w + GAP, h, rows)
    return png, {"width": 2 * w + GAP, "height": h, "scaled_width": w, "scaled_height": h,
                 "layout": "before on the left, after on the right, %d grey pixels between; nearest-neighbour "
                           "samples, 8-bit clamped, alpha shown opaque" % GAP,
                 "non_finite_colour": "magenta (255, 0, 255)",
                 "non_finite_pixels_shown": {"before": marked_before, "after": marked_after}}


def rgba(rgb_row):
    out = bytearray(len(rgb_row) // 3 * 4)
    out[0::4], out[1::4], out[2::4] = rgb_row[0::3], rgb_row[1::3], rgb_row[2::3]
    out[3::4] = b"\xff" * (len(rgb_row) // 3)
    return out
