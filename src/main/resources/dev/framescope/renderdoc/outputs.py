"""The methods that write files: save_texture and copy_capture, each through a temporary file and a rename,
never through a symbolic link, and FrameScope's own PNG encoder for float targets."""
import math
import os
import secrets
import struct

import renderdoc as rd

from replay_core import BridgeError, SCHEMA_VERSION, capture, event_of
from scans import is_float32, read_texture


def png_bytes(width, height, rgba_rows):
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(row) for row in rgba_rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def refuse_link_or_special(path):
    if os.path.islink(path):
        raise BridgeError("INVALID_ARGUMENT", "%s is a symbolic link to %s; FrameScope does not write through links"
                          % (path, os.path.realpath(path)), parameter="output", link=path,
                          link_target=os.path.realpath(path))
    if os.path.lexists(path) and not os.path.isfile(path):
        raise BridgeError("INVALID_ARGUMENT", "%s is not a regular file" % path, parameter="output", output=path)


def write_new_file(path, data):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def write_output(params, produce):
    """Writes params["output"] through a new temporary file in the same folder (produce(temp) fills it), then moves
    it into place: never through a symbolic link, never onto anything but a regular file, never over an existing
    file unless params["overwrite"], and never half-written. The supervisor already checked the folder is allowed;
    the checks are repeated here, just before the rename, so a link planted meanwhile is refused too."""
    path = params["output"]
    folder, name = os.path.split(path)
    refuse_link_or_special(path)
    if os.path.lexists(path) and not params.get("overwrite"):
        raise BridgeError("INVALID_ARGUMENT", "%s exists; pass overwrite: true to replace it" % path,
                          parameter="overwrite", output=path)
    temp = os.path.join(folder, ".%s.%s.tmp" % (name, secrets.token_hex(8)))
    try:
        produce(temp)
        if os.path.islink(temp) or not os.path.isfile(temp):
            raise BridgeError("ENGINE_FAILED", "nothing was written for %s" % path, output=path)
        refuse_link_or_special(path)
        if params.get("overwrite"):
            os.replace(temp, path)  # replaces a name, never writes through it
        else:
            try:
                os.link(temp, path)  # fails if anything appeared at path meanwhile
            except FileExistsError:
                raise BridgeError("INVALID_ARGUMENT", "%s appeared while writing; pass overwrite: true to replace "
                                  "it" % path, parameter="overwrite", output=path)
            except OSError:
                if os.path.lexists(path):
                    raise
                os.rename(temp, path)  # a file system without hard links
    finally:
        if os.path.lexists(temp):
            os.unlink(temp)


def save_texture(params):
    """PNG of a 32-bit float texture by our own encoder (clamped to 0..1; NaN written as 0 and counted), because
    RenderDoc's PNG path segfaults for float sources on lavapipe 22.3; everything else through SaveTexture."""
    c = capture(params)
    texture = c.texture(params["texture"])
    event = event_of(c, params, required=False) or max(c.by_event)
    path = params["output"]
    kind = params.get("format") or "png"
    c.controller.SetFrameEvent(event, True)
    non_finite_written = 0
    if kind == "png" and is_float32(texture):
        data, channels, bottom_up = read_texture(c, texture)
        values = struct.unpack("<%df" % (len(data) // 4), data)
        rows = []
        for r in range(texture.height):
            y = texture.height - 1 - r if bottom_up else r
            row = bytearray()
            for x in range(texture.width):
                px = values[(y * texture.width + x) * channels:(y * texture.width + x + 1) * channels]
                px = list(px) + [0.0] * (3 - len(px)) + ([1.0] if len(px) < 4 else [])
                for v in px[:4]:
                    if not math.isfinite(v):
                        non_finite_written += 1
                        v = 0.0 if math.isnan(v) else (1.0 if v > 0 else 0.0)
                    row.append(max(0, min(255, int(round(v * 255)))))
            rows.append(row)
        png = png_bytes(texture.width, texture.height, rows)
        write_output(params, lambda temp: write_new_file(temp, png))
        method = "FrameScope encoder from GetTextureData"
    else:
        save = rd.TextureSave()
        save.resourceId = texture.resourceId
        save.destType = {"png": rd.FileType.PNG, "exr": rd.FileType.EXR}[kind]
        save.alpha = rd.AlphaMapping.Preserve

        def save_to(temp):
            result = c.controller.SaveTexture(save, temp)
            if not result.OK():
                raise BridgeError("ENGINE_FAILED", "SaveTexture failed: %s" % result.Message(), output=path)
        write_output(params, save_to)
        method = "RenderDoc SaveTexture"
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": c.rid(texture.resourceId),
            "name": c.name_of(texture.resourceId), "event_id": event, "output": path, "format": kind,
            "bytes": os.path.getsize(path), "method": method, "non_finite_components_written": non_finite_written}


def copy_capture(params):
    c = capture(params)
    write_output(params, c.copy_to)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "output": params["output"],
            "bytes": os.path.getsize(params["output"])}
