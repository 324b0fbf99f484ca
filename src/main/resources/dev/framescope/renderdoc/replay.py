"""The bridge's methods on RenderDoc 1.24's replay API. Every function runs on the bridge's main thread (RenderDoc's
replay objects may only be used from the thread that opened them). Resource ids are plain integers in JSON
(int(ResourceId); 1.24 cannot build a ResourceId from an int, so they are mapped back through a dict). Lists come
back as {count, preview, truncated}. Pixel coordinates are top-left origin, as RenderDoc addresses pixels.
"""
import collections
import math
import os
import struct

import renderdoc as rd

SCHEMA_VERSION = 1
MAX_OPEN = 2


class BridgeError(Exception):
    def __init__(self, code, message, **context):
        super().__init__(message)
        self.code = code
        self.message = message
        self.context = context

    def as_dict(self):
        return {"code": self.code, "message": self.message, "context": self.context}


def bounded(items, limit):
    items = list(items)
    return {"count": len(items), "preview": items[:limit], "truncated": len(items) > limit}


class Capture:
    """One open capture: the file, its replay controller, and indexes built once."""

    def __init__(self, path):
        self.path = path
        self.mtime = os.stat(path).st_mtime_ns
        self.file = rd.OpenCaptureFile()
        result = self.file.OpenFile(path, "", None)
        if not result.OK():
            code = result.code.name if hasattr(result.code, "name") else str(result.code)
            self.file.Shutdown()
            raise BridgeError("INVALID_ARGUMENT", "RenderDoc cannot read %s: %s (%s)" % (path, result.Message(), code),
                              capture=path, result_code=code)
        if self.file.LocalReplaySupport() != rd.ReplaySupport.Supported:
            driver = self.file.DriverName()
            self.file.Shutdown()
            raise BridgeError("ENGINE_UNAVAILABLE", "this machine cannot replay %s captures" % driver, capture=path,
                              driver=driver)
        result, self.controller = self.file.OpenCapture(rd.ReplayOptions(), None)
        if not result.OK():
            self.file.Shutdown()
            raise BridgeError("ENGINE_FAILED", "replay of %s failed: %s" % (path, result.Message()), capture=path)
        self.structured = self.controller.GetStructuredFile()
        self.resources = {int(r.resourceId): r for r in self.controller.GetResources()}
        self.textures = {int(t.resourceId): t for t in self.controller.GetTextures()}
        self.actions = []  # (action, marker path) in event order, markers excluded
        self.by_event = {}
        self._index(self.controller.GetRootActions(), [])

    def _index(self, actions, path):
        for action in actions:
            name = action.GetName(self.structured)
            if action.flags & rd.ActionFlags.PushMarker:
                self._index(action.children, path + [name])
                continue
            self.actions.append((action, path))
            self.by_event[action.eventId] = (action, path)
            if action.children:
                self._index(action.children, path + [name])

    def name_of(self, resource_id):
        r = self.resources.get(int(resource_id))
        return r.name if r else None

    def texture(self, selector):
        """A texture by integer id or by name."""
        for rid, t in self.textures.items():
            if str(selector) == str(rid) or self.name_of(rid) == selector:
                return t
        raise BridgeError("NOT_FOUND", "no texture %r in this capture" % (selector,), parameter="texture",
                          known=[self.name_of(rid) or rid for rid in self.textures][:40])

    def close(self):
        self.controller.Shutdown()
        self.file.Shutdown()


OPEN = collections.OrderedDict()


def capture(params):
    path = params.get("capture")
    if not path:
        raise BridgeError("INVALID_ARGUMENT", "capture is required", parameter="capture")
    path = os.path.abspath(path)
    if not os.path.isfile(path):
        raise BridgeError("NOT_FOUND", "no capture file at %s" % path, parameter="capture", capture=path)
    entry = OPEN.get(path)
    if entry and entry.mtime != os.stat(path).st_mtime_ns:
        entry.close()
        del OPEN[path]
        entry = None
    if entry is None:
        entry = Capture(path)
        OPEN[path] = entry
        while len(OPEN) > MAX_OPEN:
            OPEN.popitem(last=False)[1].close()
    OPEN.move_to_end(path)
    return entry


def close_all():
    while OPEN:
        OPEN.popitem()[1].close()


FLAG_NAMES = [n for n in dir(rd.ActionFlags) if not n.startswith("_") and n not in ("NoFlags",)
              and isinstance(getattr(rd.ActionFlags, n), type(rd.ActionFlags.Drawcall))]


def flag_names(flags):
    return [n for n in FLAG_NAMES if int(getattr(rd.ActionFlags, n)) and flags & getattr(rd.ActionFlags, n)
            and bin(int(getattr(rd.ActionFlags, n))).count("1") == 1]


def action_json(c, action, path):
    return {"event_id": action.eventId, "action_id": action.actionId, "name": action.GetName(c.structured),
            "flags": flag_names(action.flags), "marker_path": "/".join(path),
            "num_indices": action.numIndices, "num_instances": action.numInstances,
            "outputs": [int(o) for o in action.outputs if int(o) != 0],
            "depth_out": int(action.depthOut) or None}


# ---------------------------------------------------------------------------------------------------- methods

def ping(params):
    return {"renderdoc": rd.GetVersionString(), "open_captures": list(OPEN.keys())}


def open_capture(params):
    c = capture(params)
    props = c.controller.GetAPIProperties()
    info = c.controller.GetFrameInfo()
    counters = c.controller.EnumerateCounters()
    draws = [a for a, _ in c.actions if a.flags & rd.ActionFlags.Drawcall]
    api = props.pipelineType.name if hasattr(props.pipelineType, "name") else str(props.pipelineType)
    return {
        "schema_version": SCHEMA_VERSION, "capture": c.path, "driver": c.file.DriverName(), "api": api,
        "renderdoc": rd.GetVersionString(), "degraded": bool(props.degraded),
        "frame": {"number": info.frameNumber, "compressed_bytes": info.compressedFileSize,
                  "uncompressed_bytes": info.uncompressedFileSize},
        "actions": len(c.actions), "draws": len(draws), "textures": len(c.textures), "resources": len(c.resources),
        "capabilities": {
            "pixel_history": bool(props.pixelHistory) or api == "OpenGL",
            "pixel_history_note": None if props.pixelHistory else
            ("OpenGL pixel history in 1.24 is RenderDoc's unfinished path: events and pre/post values are right, "
             "shader output reads zero" if api == "OpenGL" else "not supported by this API"),
            "shader_debugging": bool(props.shaderDebugging),
            "counters": len(counters),
            "safe_texture_save": api == "OpenGL",
        },
    }


def iterate_actions(params):
    c = capture(params)
    marker = params.get("marker_filter") or ""
    name_filter = (params.get("name_filter") or "").lower()
    draws_only = bool(params.get("draws_only"))
    rows = []
    for action, path in c.actions:
        if draws_only and not action.flags & (rd.ActionFlags.Drawcall | rd.ActionFlags.Dispatch):
            continue
        joined = "/".join(path)
        if marker and marker not in joined:
            continue
        if name_filter and name_filter not in action.GetName(c.structured).lower():
            continue
        rows.append(action_json(c, action, path))
    offset = int(params.get("offset") or 0)
    limit = int(params.get("limit") or 100)
    page = rows[offset:offset + limit]
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "count": len(rows), "offset": offset,
            "preview": page, "truncated": offset + len(page) < len(rows)}


# Byte tables for a C-speed scan of float32 data: a value is NaN or Inf exactly when its exponent bits are all
# ones, i.e. (high byte & 0x7f) == 0x7f and (next byte & 0x80) == 0x80 (little-endian).
HIGH = bytes(1 if b & 0x7F == 0x7F else 0 for b in range(256))
NEXT = bytes(1 if b & 0x80 else 0 for b in range(256))


def is_float32(texture):
    return texture.format.compType == rd.CompType.Float and texture.format.compByteWidth == 4


def read_texture(c, texture):
    """The first mip's bytes, its channel count, and whether rows are bottom-up (GL) or top-down."""
    data = c.controller.GetTextureData(texture.resourceId, rd.Subresource(0, 0, 0))
    return data, texture.format.compCount, c.file.DriverName() == "OpenGL"


def pixel_index(value_index, channels, width, height, bottom_up):
    p = value_index // channels
    x, row = p % width, p // width
    return (height - 1 - row if bottom_up else row) * width + x


def non_finite(c, texture):
    """Pixel indices (top-left origin) with a NaN, and with an Inf (and no NaN), in any channel."""
    data, channels, bottom_up = read_texture(c, texture)
    flagged = int.from_bytes(data[3::4].translate(HIGH), "little") & int.from_bytes(data[2::4].translate(NEXT),
                                                                                       "little")
    nan, inf = set(), set()
    if not flagged:
        return nan, inf
    marks = flagged.to_bytes(len(data) // 4, "little")
    at = marks.find(1)
    while at >= 0:
        value = struct.unpack_from("<f", data, 4 * at)[0]
        p = pixel_index(at, channels, texture.width, texture.height, bottom_up)
        if math.isnan(value):
            nan.add(p)
            inf.discard(p)
        elif p not in nan:
            inf.add(p)
        at = marks.find(1, at + 1)
    return nan, inf


def pixel_values(c, texture, indices):
    data, channels, bottom_up = read_texture(c, texture)
    out = {}
    for p in indices:
        x, y = p % texture.width, p // texture.width
        row = texture.height - 1 - y if bottom_up else y
        start = (row * texture.width + x) * channels
        out[p] = struct.unpack_from("<%df" % channels, data, 4 * start)
    return out


def box(indices, width):
    if not indices:
        return None
    xs = [i % width for i in indices]
    ys = [i // width for i in indices]
    return [min(xs), min(ys), max(xs) + 1, max(ys) + 1]


def finite(v):
    return None if math.isnan(v) or math.isinf(v) else v


def show(v):
    return "NaN" if math.isnan(v) else ("+Inf" if v > 0 else "-Inf") if math.isinf(v) else v


def analyze_nan_inf(params):
    """Scans float colour targets for NaN/Inf texels after `event_id` (default: the end of the frame), then replays
    the events that write each target, one by one, and names every event after which new NaN/Inf texels appear."""
    c = capture(params)
    limit = int(params.get("max_preview") or 16)
    end_event = int(params.get("event_id") or max(c.by_event))
    if params.get("texture") is not None:
        targets = [c.texture(params["texture"])]
    else:
        targets = [t for t in c.textures.values() if is_float32(t) and t.creationFlags & rd.TextureCategory.ColorTarget]
    report = []
    for texture in targets:
        if not is_float32(texture):
            report.append({"texture": int(texture.resourceId), "name": c.name_of(texture.resourceId),
                           "skipped": "format %s is not 32-bit float" % texture.format.Name()})
            continue
        c.controller.SetFrameEvent(end_event, True)
        nan, inf = non_finite(c, texture)
        samples = sorted(nan | inf)[:limit]
        values = pixel_values(c, texture, samples)
        writers = []
        if nan or inf:
            writes = sorted({u.eventId for u in c.controller.GetUsage(texture.resourceId)
                             if u.usage == rd.ResourceUsage.ColorTarget and u.eventId <= end_event})
            seen_nan, seen_inf = set(), set()
            for event in writes:
                c.controller.SetFrameEvent(event, True)
                now_nan, now_inf = non_finite(c, texture)
                new_nan, new_inf = now_nan - seen_nan, now_inf - seen_inf
                if new_nan or new_inf:
                    action, path = c.by_event.get(event, (None, []))
                    writers.append({"event_id": event, "name": action.GetName(c.structured) if action else None,
                                    "marker_path": "/".join(path), "new_nan_pixels": len(new_nan),
                                    "new_inf_pixels": len(new_inf), "nan_box": box(new_nan, texture.width),
                                    "inf_box": box(new_inf, texture.width)})
                seen_nan, seen_inf = now_nan, now_inf
            c.controller.SetFrameEvent(end_event, True)
        report.append({
            "texture": int(texture.resourceId), "name": c.name_of(texture.resourceId),
            "format": texture.format.Name(), "width": texture.width, "height": texture.height,
            "nan_pixels": len(nan), "inf_pixels": len(inf), "nan_box": box(nan, texture.width),
            "inf_box": box(inf, texture.width),
            "pixels": {"count": len(nan) + len(inf), "preview": [
                {"x": p % texture.width, "y": p // texture.width, "rgba": [show(v) for v in values[p]]}
                for p in samples], "truncated": len(nan) + len(inf) > limit},
            "writers": writers,
        })
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": end_event,
            "method": "GetTextureData after the event; writers found by replaying each event that uses the "
                      "texture as a colour target and diffing its NaN/Inf texels",
            "targets": report}


METHODS = {f.__name__: f for f in (ping, open_capture, iterate_actions, analyze_nan_inf)}


def dispatch(method, params):
    if method == "sleep":  # for the supervisor's tests: a request that takes as long as asked
        import time
        time.sleep(float(params.get("seconds", 1)))
        return {"slept": params.get("seconds", 1)}
    if method == "crash":  # for the supervisor's tests: the process dies as a lavapipe segfault would
        os._exit(139)
    function = METHODS.get(method)
    if function is None:
        raise BridgeError("INVALID_ARGUMENT", "unknown method %r" % method, parameter="method",
                          known=sorted(METHODS))
    return function(params)
