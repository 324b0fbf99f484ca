"""FrameScope's own image encoding: texels from GetTextureData (safe on every driver) decoded to RGBA, then written
as an 8-bit PNG or an uncompressed float EXR. RenderDoc's SaveTexture goes through its texture-display pipeline,
which segfaults on lavapipe 22.3 for float, depth and swapchain sources; this path never touches it."""
import math
import struct
import zlib

import renderdoc as rd


class Undecodable(Exception):
    """A texel format this decoder does not know (block-compressed, YUV, small packed formats)."""


class Image:
    """Decoded texels: `values` RGBA interleaved, top-down rows; `integer` when they are raw integers (UInt/SInt)
    rather than normalised or float values."""

    def __init__(self, width, height, values, integer):
        self.width = width
        self.height = height
        self.values = values
        self.integer = integer


UNPACK = {(1, False): "B", (1, True): "b", (2, False): "H", (2, True): "h", (4, False): "I", (4, True): "i"}


def fmt_name(fmt):
    return fmt.Name()


def rgba8_png(fmt, data, width, height, bottom_up):
    """The PNG of a 4-component 8-bit normalised texture straight from its bytes (the common case: swapchain images,
    colour targets, textures) at C speed, or None for any other format."""
    if not (fmt.type == rd.ResourceFormatType.Regular and fmt.compCount == 4 and fmt.compByteWidth == 1
            and fmt.compType in (rd.CompType.UNorm, rd.CompType.UNormSRGB) and len(data) >= 4 * width * height):
        return None
    texels = bytearray(data[:4 * width * height])
    if fmt.BGRAOrder():
        texels[0::4], texels[2::4] = texels[2::4], texels[0::4]
    row = 4 * width
    rows = [texels[y * row:(y + 1) * row] for y in range(height)]
    return png_bytes(width, height, rows[::-1] if bottom_up else rows)


def decode(fmt, data, width, height, bottom_up):
    """RGBA floats of one subresource's bytes (rows bottom-up on GL are turned top-down here)."""
    texels = width * height
    kind = fmt.type
    if kind == rd.ResourceFormatType.Regular:
        rgba, integer = regular(fmt, data, texels)
    elif kind in PACKED:
        rgba, integer = PACKED[kind](fmt, data, texels)
    else:
        raise Undecodable(fmt_name(fmt))
    if fmt.BGRAOrder():
        rgba[0], rgba[2] = rgba[2], rgba[0]
    values = [0.0] * (4 * texels)
    for channel in range(4):
        values[channel::4] = rgba[channel]
    if bottom_up:
        row = 4 * width
        values = [v for y in range(height - 1, -1, -1) for v in values[y * row:(y + 1) * row]]
    return Image(width, height, values, integer)


def regular(fmt, data, texels):
    """Formats whose components are all the same width: 8/16/32-bit integers, normalised, half and float."""
    count, width, comp = fmt.compCount, fmt.compByteWidth, fmt.compType
    if count < 1 or count > 4 or width not in (1, 2, 4):
        raise Undecodable(fmt_name(fmt))
    n = texels * count
    if len(data) < n * width:
        raise Undecodable("%s (%d bytes for %d texels)" % (fmt_name(fmt), len(data), texels))
    signed = comp in (rd.CompType.SNorm, rd.CompType.SInt, rd.CompType.SScaled)
    if comp == rd.CompType.Float or (comp == rd.CompType.Depth and width == 4):
        if width == 1:
            raise Undecodable(fmt_name(fmt))
        raw = list(struct.unpack_from("<%d%s" % (n, "f" if width == 4 else "e"), data))
    else:
        raw = list(struct.unpack_from("<%d%s" % (n, UNPACK[(width, signed)]), data))
    integer = comp in (rd.CompType.UInt, rd.CompType.SInt, rd.CompType.UScaled, rd.CompType.SScaled)
    if comp in (rd.CompType.UNorm, rd.CompType.UNormSRGB) or (comp == rd.CompType.Depth and width != 4):
        top = float((1 << (8 * width)) - 1)
        raw = [v / top for v in raw]
    elif comp == rd.CompType.SNorm:
        top = float((1 << (8 * width - 1)) - 1)
        raw = [max(-1.0, v / top) for v in raw]
    channels = [raw[c::count] for c in range(count)]
    return fill(channels, texels), integer


def fill(channels, texels):
    """Missing components as a sampler reads them: green and blue 0, alpha 1."""
    channels = list(channels)
    while len(channels) < 3:
        channels.append([0.0] * texels)
    if len(channels) < 4:
        channels.append([1.0] * texels)
    return channels


def words(fmt, data, texels, size=4):
    if len(data) < texels * size:
        raise Undecodable("%s (%d bytes for %d texels)" % (fmt_name(fmt), len(data), texels))
    return struct.unpack_from("<%d%s" % (texels, "I" if size == 4 else "Q"), data)


def r10g10b10a2(fmt, data, texels):
    w = words(fmt, data, texels)
    integer = fmt.compType == rd.CompType.UInt
    scale = (1.0, 1.0) if integer else (1023.0, 3.0)
    return [[(v >> shift & 0x3FF) / scale[0] for v in w] for shift in (0, 10, 20)] + \
        [[(v >> 30) / scale[1] for v in w]], integer


def small_float(bits, mantissa_bits):
    """An unsigned 11- or 10-bit float (5-bit exponent) as in R11G11B10."""
    exponent, mantissa = bits >> mantissa_bits, bits & ((1 << mantissa_bits) - 1)
    if exponent == 31:
        return math.nan if mantissa else math.inf
    if exponent == 0:
        return mantissa / (1 << mantissa_bits) * 2.0 ** -14
    return (1 + mantissa / (1 << mantissa_bits)) * 2.0 ** (exponent - 15)


def r11g11b10(fmt, data, texels):
    w = words(fmt, data, texels)
    return fill([[small_float(v & 0x7FF, 6) for v in w], [small_float(v >> 11 & 0x7FF, 6) for v in w],
                 [small_float(v >> 22 & 0x3FF, 5) for v in w]], texels), False


def r9g9b9e5(fmt, data, texels):
    w = words(fmt, data, texels)
    scale = [2.0 ** ((v >> 27) - 15 - 9) for v in w]
    return fill([[(v >> shift & 0x1FF) * s for v, s in zip(w, scale)] for shift in (0, 9, 18)], texels), False


# Depth goes to red and stencil (/255) to green, as RenderDoc's own SaveTexture writes them.

def d24s8(fmt, data, texels):
    """Depth in the low 24 bits, stencil in the high 8."""
    w = words(fmt, data, texels)
    return fill([[(v & 0xFFFFFF) / 16777215.0 for v in w], [(v >> 24) / 255.0 for v in w]], texels), False


def d32s8(fmt, data, texels):
    """A float depth and a stencil byte in 8 bytes per texel."""
    if len(data) < 8 * texels:
        raise Undecodable("%s (%d bytes for %d texels)" % (fmt_name(fmt), len(data), texels))
    pairs = [struct.unpack_from("<fB", data, 8 * i) for i in range(texels)]
    return fill([[d for d, _ in pairs], [s / 255.0 for _, s in pairs]], texels), False


PACKED = {rd.ResourceFormatType.R10G10B10A2: r10g10b10a2, rd.ResourceFormatType.R11G11B10: r11g11b10,
          rd.ResourceFormatType.R9G9B9E5: r9g9b9e5, rd.ResourceFormatType.D24S8: d24s8,
          rd.ResourceFormatType.D32S8: d32s8}


# ------------------------------------------------------------------------------------------------------ PNG

def png_bytes(width, height, rgba_rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in rgba_rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def to_png(image):
    """8-bit RGBA: normalised and float values clamped to 0..1 (NaN written as 0, +Inf as 1, -Inf as 0), integer
    values clamped to 0..255. Returns the PNG and how many NaN/Inf components were written."""
    scale = 1.0 if image.integer else 255.0
    non_finite = 0
    out = bytearray(len(image.values))
    for i, v in enumerate(image.values):
        if v != v or v in (math.inf, -math.inf):
            non_finite += 1
            v = 1.0 if v == math.inf else 0.0
        q = int(v * scale + 0.5)
        out[i] = 0 if q < 0 else 255 if q > 255 else q
    row = 4 * image.width
    return png_bytes(image.width, image.height, [out[y * row:(y + 1) * row] for y in range(image.height)]), non_finite


# ------------------------------------------------------------------------------------------------------ EXR

def exr_attribute(name, kind, value):
    return name.encode() + b"\0" + kind.encode() + b"\0" + struct.pack("<i", len(value)) + value


def to_exr(image):
    """OpenEXR 2, single-part scanline, no compression, 32-bit FLOAT channels A, B, G, R (the values exactly, NaN
    and Inf included; integer formats as their values)."""
    w, h = image.width, image.height
    names = ["A", "B", "G", "R"]  # OpenEXR lists channels alphabetically
    channels = b"".join(n.encode() + b"\0" + struct.pack("<iB3xii", 2, 0, 1, 1) for n in names) + b"\0"
    window = struct.pack("<iiii", 0, 0, w - 1, h - 1)
    header = (b"\x76\x2f\x31\x01" + struct.pack("<i", 2)
              + exr_attribute("channels", "chlist", channels)
              + exr_attribute("compression", "compression", b"\0")
              + exr_attribute("dataWindow", "box2i", window)
              + exr_attribute("displayWindow", "box2i", window)
              + exr_attribute("lineOrder", "lineOrder", b"\0")
              + exr_attribute("pixelAspectRatio", "float", struct.pack("<f", 1.0))
              + exr_attribute("screenWindowCenter", "v2f", struct.pack("<ff", 0.0, 0.0))
              + exr_attribute("screenWindowWidth", "float", struct.pack("<f", 1.0)) + b"\0")
    line_bytes = 4 * len(names) * w
    first = len(header) + 8 * h
    offsets = b"".join(struct.pack("<Q", first + y * (8 + line_bytes)) for y in range(h))
    order = [3, 2, 1, 0]  # A, B, G, R out of RGBA
    lines = []
    for y in range(h):
        row = image.values[4 * w * y:4 * w * (y + 1)]
        pixels = [v for c in order for v in row[c::4]]
        lines.append(struct.pack("<ii", y, line_bytes) + struct.pack("<%df" % len(pixels), *pixels))
    return header + offsets + b"".join(lines)
