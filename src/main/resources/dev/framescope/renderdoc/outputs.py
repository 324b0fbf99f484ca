"""The methods that write files: save_texture and copy_capture, each through a temporary file and a rename,
never through a symbolic link; textures through FrameScope's own encoder (images.py)."""
import os
import secrets

import renderdoc as rd

import images
from methods import bridge_method, required
from replay_core import BridgeError, SCHEMA_VERSION, capture, event_of


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
    if os.path.lexists(path) and not required(params, "overwrite"):
        raise BridgeError("INVALID_ARGUMENT", "%s exists; pass overwrite: true to replace it" % path,
                          parameter="overwrite", output=path)
    temp = os.path.join(folder, ".%s.%s.tmp" % (name, secrets.token_hex(8)))
    try:
        produce(temp)
        if os.path.islink(temp) or not os.path.isfile(temp):
            raise BridgeError("ENGINE_FAILED", "nothing was written for %s" % path, output=path)
        refuse_link_or_special(path)
        if required(params, "overwrite"):
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


# RenderDoc's SaveTexture runs its texture-display pipeline, which segfaults on lavapipe 22.3 (float, depth and
# swapchain sources); FrameScope only falls back to it on these drivers, for formats its own decoder does not know.
SAVE_TEXTURE_SAFE_DRIVERS = ("OpenGL",)

# Formats other than 8-bit RGBA are decoded texel by texel in Python (about 1 µs and 130 bytes a texel): 2048 x 2048
# fits the bridge's time limit and memory; 8-bit RGBA/BGRA goes to PNG from its bytes at any size.
MAX_DECODED_TEXELS = 2048 * 2048


def subresource(texture, params):
    """The mip and array slice asked for, each checked against the texture (a 3D texture's slices are its depth
    slices at that mip)."""
    mip = int(required(params, "mip"))
    if not 0 <= mip < texture.mips:
        raise BridgeError("INVALID_ARGUMENT", "mip %d is out of range: this texture has %d mip level(s), 0..%d"
                          % (mip, texture.mips, texture.mips - 1), parameter="mip", valid_range=[0, texture.mips - 1])
    slices = max(1, texture.depth >> mip) if texture.depth > 1 else texture.arraysize
    slice_index = int(required(params, "slice"))
    if not 0 <= slice_index < slices:
        raise BridgeError("INVALID_ARGUMENT", "slice %d is out of range: this texture has %d slice(s), 0..%d"
                          % (slice_index, slices, slices - 1), parameter="slice", valid_range=[0, slices - 1])
    return mip, slice_index


def texel_bytes(c, texture, mip, slice_index):
    """One subresource's bytes from GetTextureData (safe on every driver)."""
    width, height = max(1, texture.width >> mip), max(1, texture.height >> mip)
    if texture.depth > 1:
        data = c.controller.GetTextureData(texture.resourceId, rd.Subresource(mip, 0, 0))
        per_slice = len(data) // max(1, texture.depth >> mip)
        data = data[slice_index * per_slice:(slice_index + 1) * per_slice]
    else:
        data = c.controller.GetTextureData(texture.resourceId, rd.Subresource(mip, slice_index, 0))
    return data, width, height


def encoded(c, texture, mip, slice_index, kind):
    """(file bytes, NaN/Inf components written) by FrameScope's encoder, or None if the format is not one it
    decodes."""
    data, width, height = texel_bytes(c, texture, mip, slice_index)
    bottom_up = c.driver == "OpenGL"
    if kind == "png":
        png = images.rgba8_png(texture.format, data, width, height, bottom_up)
        if png is not None:
            return png, 0
    if width * height > MAX_DECODED_TEXELS:
        raise BridgeError("OUTPUT_TOO_LARGE", "%s at mip %d is %dx%d; FrameScope's encoder takes at most %d texels "
                          "of %s (they are decoded in Python); save a smaller mip" % (
                              c.name_of(texture.resourceId) or c.rid(texture.resourceId), mip, width, height,
                              MAX_DECODED_TEXELS, texture.format.Name()), parameter="mip",
                          valid_range=[0, texture.mips - 1])
    try:
        image = images.decode(texture.format, data, width, height, bottom_up)
    except images.Undecodable:
        return None
    return images.to_png(image) if kind == "png" else (images.to_exr(image), 0)


@bridge_method
def save_texture(params):
    """PNG or EXR of one subresource, encoded by FrameScope from GetTextureData; RenderDoc's SaveTexture only for
    formats the decoder does not know, and only on drivers where it does not crash."""
    c = capture(params)
    texture = c.texture(params["texture"])
    mip, slice_index = subresource(texture, params)
    event = event_of(c, params, required=False) or max(c.by_event)
    path = params["output"]
    kind = required(params, "format")
    c.controller.SetFrameEvent(event, True)
    non_finite_written = 0
    own = encoded(c, texture, mip, slice_index, kind)
    if own is not None:
        data, non_finite_written = own
        write_output(params, lambda temp: write_new_file(temp, data))
        method = "FrameScope encoder from GetTextureData"
    elif c.replayed_on != "local":
        # RenderDoc's SaveTexture writes its file on the machine that replays
        raise BridgeError("ENGINE_UNAVAILABLE", "FrameScope cannot decode %s textures, and RenderDoc's SaveTexture "
                          "would write on the remote server (%s); open the capture with remote: 'local' to save it"
                          % (texture.format.Name(), c.replayed_on), parameter="texture",
                          format=texture.format.Name(), replayed_on=c.replayed_on)
    elif c.driver in SAVE_TEXTURE_SAFE_DRIVERS:
        save = rd.TextureSave()
        save.resourceId = texture.resourceId
        save.destType = {"png": rd.FileType.PNG, "exr": rd.FileType.EXR}[kind]
        save.alpha = rd.AlphaMapping.Preserve
        save.mip = mip
        save.slice.sliceIndex = slice_index

        def save_to(temp):
            result = c.controller.SaveTexture(save, temp)
            if not result.OK():
                raise BridgeError("ENGINE_FAILED", "SaveTexture failed: %s" % result.Message(), output=path)
        write_output(params, save_to)
        method = "RenderDoc SaveTexture"
    else:
        raise BridgeError("ENGINE_UNAVAILABLE", "FrameScope cannot decode %s textures, and RenderDoc's SaveTexture "
                          "crashes on this %s driver, so it is not tried"
                          % (texture.format.Name(), c.driver), parameter="texture", format=texture.format.Name(),
                          driver=c.driver)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": c.rid(texture.resourceId),
            "name": c.name_of(texture.resourceId), "event_id": event, "mip": mip, "slice": slice_index,
            "width": max(1, texture.width >> mip), "height": max(1, texture.height >> mip),
            "texel_format": texture.format.Name(), "output": path, "format": kind,
            "bytes": os.path.getsize(path), "method": method, "non_finite_components_written": non_finite_written}


def refuse_same_file(capture_path, output):
    """Copying a capture onto itself (by another path, a symbolic or a hard link) would replace it by whatever the
    copy managed to read; the supervisor refuses this too, the bridge checks again in case it is called directly."""
    try:
        same = os.path.exists(output) and os.path.samefile(capture_path, output)
    except OSError:
        same = False
    if same:
        raise BridgeError("INVALID_ARGUMENT", "%s is the capture itself (%s); copy it to another file"
                          % (output, capture_path), parameter="output", capture=capture_path, output=output)


@bridge_method
def copy_capture(params):
    c = capture(params)
    refuse_same_file(c.path, params["output"])
    write_output(params, c.copy_to)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "output": params["output"],
            "bytes": os.path.getsize(params["output"])}
