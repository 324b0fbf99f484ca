#!/usr/bin/env python3
"""Writes demo/shaders/isf/palette.png, the 4x4 image 'Imported Palette.fs' imports: pixel (x, y), y from the top,
is (64x + 16, 64y + 16, 128, 255). Pure standard library (zlib + struct), so it runs anywhere; deterministic."""
import os
import struct
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def main():
    rows = b"".join(b"\x00" + b"".join(bytes((64 * x + 16, 64 * y + 16, 128, 255)) for x in range(4))
                    for y in range(4))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "demo", "shaders", "isf", "palette.png")
    with open(path, "wb") as out:
        out.write(png)
    print("wrote", os.path.normpath(path))


if __name__ == "__main__":
    main()
