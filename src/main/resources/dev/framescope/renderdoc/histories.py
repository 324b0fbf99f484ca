"""One pixel's history as pixel_history and analyze_nan_inf's single-pixel mode report it: RenderDoc's PixelHistory
at a pixel and sample, each modification with its event, values and why it failed. Two rules keep it honest:
where RenderDoc 1.24 does not measure a value (on OpenGL, shaderOut stays all zero and primitiveID 0) the answer
says null, not 0; and a modification that left the colour as it was is counted, not listed, unless asked for."""
import math
import struct

import renderdoc as rd

from methods import required
from replay_core import BridgeError, show


ORIGINS = ("top_left", "bottom_left")
FAILURES = ("backfaceCulled", "depthTestFailed", "stencilTestFailed", "scissorClipped", "shaderDiscarded",
            "depthClipped", "viewClipped", "sampleMasked", "depthBoundsFailed", "predicationSkipped")
GL_NOTE = ("RenderDoc 1.24's OpenGL pixel history does not measure the shader's output or the primitive (it leaves "
           "them zero), so they are null here; events and before/after values are measured")


def pixel_of(texture, params):
    """(x, y top-left, origin) from x, y read in params['origin']; errors name the parameter and its range."""
    origin = required(params, "origin")
    if origin not in ORIGINS:
        raise BridgeError("INVALID_ARGUMENT", "origin must be one of %s" % list(ORIGINS), parameter="origin")
    x, y = int(params["x"]), int(params["y"])
    if not (0 <= x < texture.width and 0 <= y < texture.height):
        raise BridgeError("INVALID_ARGUMENT", "pixel (%d, %d) is outside the %dx%d texture" % (
            x, y, texture.width, texture.height), parameter="x, y",
            valid_range=[[0, texture.width - 1], [0, texture.height - 1]])
    return x, (y if origin == "top_left" else texture.height - 1 - y), origin


def sample_of(texture, params):
    sample = int(required(params, "sample"))
    samples = max(1, texture.msSamp)
    if not 0 <= sample < samples:
        raise BridgeError("INVALID_ARGUMENT", "sample %d: the texture has %d sample(s)" % (sample, samples),
                          parameter="sample", valid_range=[0, samples - 1])
    return sample


def shader_out_measured(c):
    return c.driver != "OpenGL"


def reader(texture):
    """How to read the target's value out of a ModificationValue: the depth for depth formats, else the colour's
    components (as many as the format has)."""
    if texture.format.compType == rd.CompType.Depth:
        return lambda value: [value.depth]
    channels = max(1, texture.format.compCount)
    return lambda value: list(value.col.floatValue)[:channels]


def key(values):
    """Bit-exact, so NaN equals NaN: a NaN pixel drawn NaN again did not change."""
    return struct.pack("<%df" % len(values), *values)


def history(c, texture, x, y, sample, event):
    """[(modification, value changed?)] up to `event` (replay is left at `event`)."""
    c.controller.SetFrameEvent(event, True)
    mods = c.controller.PixelHistory(texture.resourceId, x, y, rd.Subresource(0, 0, sample), rd.CompType.Typeless)
    read = reader(texture)
    return [(m, key(read(m.preMod)) != key(read(m.postMod))) for m in mods]


def row(c, texture, m, changed):
    """One modification as JSON, with null where RenderDoc 1.24 leaves a value unmeasured."""
    measured = shader_out_measured(c)
    read = reader(texture)
    action, path = c.by_event.get(m.eventId, (None, []))
    return {"event_id": m.eventId, "marker_path": "/".join(path),
            "name": action.GetName(c.structured) if action else None,
            "primitive": m.primitiveID if measured else None, "passed": bool(m.Passed()), "changed": changed,
            "pre": [show(v) for v in read(m.preMod)],
            "shader_out": [show(v) for v in read(m.shaderOut)] if measured else None,
            "post": [show(v) for v in read(m.postMod)],
            "failed": [n for n in FAILURES if getattr(m, n, False)]}


def non_finite(values):
    return values is not None and any(isinstance(v, str) or math.isnan(v) or math.isinf(v) for v in values)
