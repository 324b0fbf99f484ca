"""The bridge's methods on RenderDoc 1.24's replay API. Every function runs on the bridge's main thread (RenderDoc's
replay objects may only be used from the thread that opened them). Resource ids are plain integers in JSON
(int(ResourceId); 1.24 cannot build a ResourceId from an int, so they are mapped back through a dict). Lists come
back as {count, preview, truncated}. Pixel coordinates are top-left origin, as RenderDoc addresses pixels.
"""
import collections
import math
import os
import re
import secrets
import shutil
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
    """One capture with a replay controller, and indexes built once. Subclasses say where the controller comes
    from: a file this process opened (FileCapture), or the capture open in qrenderdoc (the extension's)."""

    def __init__(self, path, controller, driver):
        self.path = path
        self.controller = controller
        self.driver = driver
        self.structured = controller.GetStructuredFile()
        self.resources = {int(r.resourceId): r for r in controller.GetResources()}
        self.textures = {int(t.resourceId): t for t in controller.GetTextures()}
        self.actions = []  # (action, marker path) in event order, markers excluded
        self.by_event = {}
        self._index(controller.GetRootActions(), [])

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

    def copy_to(self, output):
        shutil.copyfile(self.path, output)

    def close(self):
        pass


class FileCapture(Capture):
    """A capture file opened by this process for local replay."""

    def __init__(self, path):
        self.mtime = os.stat(path).st_mtime_ns
        self.file = rd.OpenCaptureFile()
        result = self.file.OpenFile(path, "", None)
        if not result.OK():
            code = result.code.name if hasattr(result.code, "name") else str(result.code)
            self.file.Shutdown()
            raise BridgeError("INVALID_ARGUMENT", "RenderDoc cannot read %s: %s (%s)"
                              % (path, without_file_bytes(result.Message()), code), capture=path, result_code=code)
        if self.file.LocalReplaySupport() != rd.ReplaySupport.Supported:
            driver = self.file.DriverName()
            self.file.Shutdown()
            raise BridgeError("ENGINE_UNAVAILABLE", "this machine cannot replay %s captures" % driver, capture=path,
                              driver=driver)
        result, controller = self.file.OpenCapture(rd.ReplayOptions(), None)
        if not result.OK():
            self.file.Shutdown()
            raise BridgeError("ENGINE_FAILED", "replay of %s failed: %s" % (path, result.Message()), capture=path)
        super().__init__(path, controller, self.file.DriverName())

    def copy_to(self, output):
        self.file.CopyFileTo(output)

    def close(self):
        self.controller.Shutdown()
        self.file.Shutdown()


OPEN = collections.OrderedDict()


RDC_MAGIC = b"RDOC"


def capture_path(params):
    """The capture's absolute path, once it is known to be a regular file that starts as a RenderDoc capture does.
    Nothing of a file that is not a capture is read beyond its first four bytes, and none of it is echoed."""
    path = params.get("capture")
    if not path:
        raise BridgeError("INVALID_ARGUMENT", "capture is required", parameter="capture")
    path = os.path.abspath(path)
    if not os.path.exists(path):
        raise BridgeError("NOT_FOUND", "no capture file at %s" % path, parameter="capture", capture=path)
    if not os.path.isfile(path):
        raise BridgeError("INVALID_ARGUMENT", "%s is not a regular file (a folder, FIFO, socket or device); capture "
                          "must name a RenderDoc .rdc file" % path, parameter="capture", capture=path)
    try:
        # O_NONBLOCK: a file that only looks regular (under /proc, say) must not hold the replay thread
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            magic = os.read(fd, len(RDC_MAGIC))
        finally:
            os.close(fd)
    except OSError as e:
        raise BridgeError("INVALID_ARGUMENT", "cannot read %s: %s" % (path, e.strerror), parameter="capture",
                          capture=path)
    if magic != RDC_MAGIC:
        raise BridgeError("INVALID_ARGUMENT", "%s is not a RenderDoc capture: it does not start with RenderDoc's "
                          "file signature" % path, parameter="capture", capture=path)
    return path


def without_file_bytes(message):
    """RenderDoc's open errors can quote bytes of the file ("Expected magic 434f4452, got 746f6f72")."""
    return re.sub(r"\bgot [0-9A-Fa-fx]+", "got something else", message)


def open_file_capture(params):
    path = capture_path(params)
    entry = OPEN.get(path)
    if entry and entry.mtime != os.stat(path).st_mtime_ns:
        entry.close()
        del OPEN[path]
        entry = None
    if entry is None:
        entry = FileCapture(path)
        OPEN[path] = entry
        while len(OPEN) > MAX_OPEN:
            OPEN.popitem(last=False)[1].close()
    OPEN.move_to_end(path)
    return entry


# Where the methods get their capture from: files this process opens, unless the qrenderdoc extension replaces it
# with the capture open in the UI.
SOURCE = open_file_capture


def capture(params):
    return SOURCE(params)


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
        "schema_version": SCHEMA_VERSION, "capture": c.path, "driver": c.driver, "api": api,
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
    return data, texture.format.compCount, c.driver == "OpenGL"


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


def non_finite_at(c, texture, event):
    """non_finite() of the texture as it is after `event` (the replay is left at that event)."""
    c.controller.SetFrameEvent(event, True)
    return non_finite(c, texture)


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
        nan, inf = non_finite_at(c, texture, end_event)
        samples = sorted(nan | inf)[:limit]
        values = pixel_values(c, texture, samples)
        writers = []
        if nan or inf:
            writes = sorted({u.eventId for u in c.controller.GetUsage(texture.resourceId)
                             if u.usage == rd.ResourceUsage.ColorTarget and u.eventId <= end_event})
            seen_nan, seen_inf = set(), set()
            for event in writes:
                now_nan, now_inf = non_finite_at(c, texture, event)
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


def draws(c):
    return [(a, p) for a, p in c.actions if a.flags & rd.ActionFlags.Drawcall]


def event_of(c, params, required=True):
    event = params.get("event_id")
    if event is None:
        if required:
            raise BridgeError("INVALID_ARGUMENT", "event_id is required", parameter="event_id")
        return None
    event = int(event)
    if event not in c.by_event:
        raise BridgeError("NOT_FOUND", "no action at event %d (actions span events %d..%d; iterate_actions lists "
                          "them)" % (event, min(c.by_event), max(c.by_event)), parameter="event_id",
                          valid_range=[min(c.by_event), max(c.by_event)])
    return event


def triangle_area(a, b, c):
    return 0.5 * abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))


def uv_attribute(ps):
    for attribute in ps.GetVertexInputs():
        name = attribute.name.lower()
        if attribute.used and ("uv" in name or "tex" in name):
            return attribute
    return None


def geometry_of(c, event, huge):
    """Post-VS positions of one draw (de-indexed), checked for NaN/Inf, |coordinate| > huge, w <= 0, zero-area
    triangles (in NDC, for triangle lists), and the UV input's range when it has one."""
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    mesh = c.controller.GetPostVSData(0, 0, rd.MeshDataStage.VSOut)
    finding = {"event_id": event, "marker_path": "/".join(c.by_event[event][1]), "vertices": mesh.numIndices,
               "bad_vertices": [], "degenerate_triangles": [], "uv_range": None}
    if mesh.status:
        finding["status"] = mesh.status
        return finding
    data = c.controller.GetBufferData(mesh.vertexResourceId, mesh.vertexByteOffset, 0)
    indices = list(range(mesh.numIndices))
    if int(mesh.indexResourceId) and mesh.indexByteStride:
        raw = c.controller.GetBufferData(mesh.indexResourceId, mesh.indexByteOffset, mesh.numIndices *
                                         mesh.indexByteStride)
        fmt = {1: "B", 2: "H", 4: "I"}[mesh.indexByteStride]
        indices = list(struct.unpack("<%d%s" % (mesh.numIndices, fmt), raw))
    positions = []
    for i, index in enumerate(indices):
        at = index * mesh.vertexByteStride
        if at + 16 > len(data):
            break
        x, y, z, w = struct.unpack_from("<4f", data, at)
        positions.append((x, y, z, w))
        reasons = []
        if any(math.isnan(v) for v in (x, y, z, w)):
            reasons.append("nan")
        elif any(math.isinf(v) for v in (x, y, z, w)):
            reasons.append("inf")
        elif max(abs(x), abs(y), abs(z), abs(w)) > huge:
            reasons.append("huge")
        if not reasons and w <= 0:
            reasons.append("w_not_positive")
        if reasons:
            finding["bad_vertices"].append({"index": i, "position": [show(v) for v in (x, y, z, w)],
                                            "reasons": reasons})
    if mesh.topology == rd.Topology.TriangleList:
        for t in range(len(positions) // 3):
            a, b, d = positions[3 * t:3 * t + 3]
            if any(not math.isfinite(v) for p in (a, b, d) for v in p) or min(a[3], b[3], d[3]) <= 0:
                continue
            ndc = [(p[0] / p[3], p[1] / p[3]) for p in (a, b, d)]
            if triangle_area(*ndc) < 1e-12:
                finding["degenerate_triangles"].append(t)
    attribute = uv_attribute(ps)
    if attribute is not None:
        vb = ps.GetVBuffers()[attribute.vertexBuffer]
        raw = c.controller.GetBufferData(vb.resourceId, vb.byteOffset, 0)
        values = []
        for index in indices:
            at = index * vb.byteStride + attribute.byteOffset
            if at + 8 <= len(raw):
                values.extend(struct.unpack_from("<2f", raw, at))
        if values:
            finding["uv_range"] = {"attribute": attribute.name, "min": min(values), "max": max(values)}
    return finding


def geometry_anomalies(params):
    c = capture(params)
    huge = float(params.get("huge") or 1e4)
    margin = float(params.get("uv_margin") or 0.0)
    events = [event_of(c, params)] if params.get("event_id") is not None else [a.eventId for a, _ in draws(c)]
    found = []
    for event in events:
        f = geometry_of(c, event, huge)
        uv = f["uv_range"]
        f["uv_out_of_range"] = bool(uv and (uv["min"] < -margin or uv["max"] > 1 + margin))
        if f["bad_vertices"] or f["degenerate_triangles"] or f["uv_out_of_range"] or f.get("status"):
            f["bad_vertices"] = bounded(f["bad_vertices"], 16)
            found.append(f)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "draws_checked": len(events),
            "rules": {"huge": huge, "uv_range": [-margin, 1 + margin],
                      "degenerate": "triangle area in NDC < 1e-12 (triangle lists)", "w": "w <= 0"},
            "draws": bounded(found, int(params.get("max_draws") or 32))}


def marker_overview(c, depth):
    groups = collections.OrderedDict()
    for action, path in c.actions:
        key = "/".join(path[:depth]) or "(no marker)"
        g = groups.setdefault(key, {"marker_path": key, "first_event": action.eventId, "last_event": action.eventId,
                                    "actions": 0, "draws": 0})
        g["last_event"] = action.eventId
        g["actions"] += 1
        if action.flags & rd.ActionFlags.Drawcall:
            g["draws"] += 1
    return list(groups.values())


def statistics(c):
    count = lambda flag: sum(1 for a, _ in c.actions if a.flags & flag)
    return {"actions": len(c.actions), "draw_calls": count(rd.ActionFlags.Drawcall),
            "dispatches": count(rd.ActionFlags.Dispatch), "clears": count(rd.ActionFlags.Clear),
            "copies": count(rd.ActionFlags.Copy), "marker_groups": len({"/".join(p) for _, p in c.actions if p})}


def get_frame_summary(params):
    c = capture(params)
    limit = int(params.get("max_items") or 24)
    textures = [{"texture": rid, "name": c.name_of(rid), "format": t.format.Name(), "width": t.width,
                 "height": t.height, "mips": t.mips} for rid, t in sorted(c.textures.items())]
    messages = list(c.controller.GetFrameInfo().debugMessages) + list(c.controller.GetDebugMessages())
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "api": c.driver,
            "statistics": statistics(c), "markers": bounded(marker_overview(c, int(params.get("marker_depth") or 2)),
                                                              limit),
            "textures": bounded(textures, limit),
            "debug_messages": bounded([{"event_id": m.eventId, "severity": m.severity.name,
                                        "description": m.description[:300]} for m in messages], limit)}


def counter_values(c, names):
    """{counter name: {event_id: value}} for the generic counters named, where this driver has them."""
    wanted = {}
    for counter in c.controller.EnumerateCounters():
        d = c.controller.DescribeCounter(counter)
        if d.name in names:
            wanted[counter] = d
    out = {d.name: {} for d in wanted.values()}
    if not wanted:
        return out
    for r in c.controller.FetchCounters(list(wanted)):
        d = wanted[r.counter]
        if d.resultType == rd.CompType.Float:
            value = r.value.d if d.resultByteWidth == 8 else r.value.f
        else:
            value = r.value.u64 if d.resultByteWidth == 8 else r.value.u32
        out[d.name][r.eventId] = value
    return out


def get_action_timings(params):
    c = capture(params)
    top = int(params.get("top_n") or 20)
    values = counter_values(c, ["GPU Duration", "Samples Passed", "Rasterized Primitives"])
    duration = values.get("GPU Duration", {})
    rows = []
    for action, path in draws(c):
        e = action.eventId
        rows.append({"event_id": e, "marker_path": "/".join(path), "name": action.GetName(c.structured),
                     "gpu_duration_ms": duration[e] * 1000 if e in duration else None,
                     "samples_passed": values.get("Samples Passed", {}).get(e),
                     "rasterized_primitives": values.get("Rasterized Primitives", {}).get(e)})
    rows.sort(key=lambda r: -(r["samples_passed"] or 0))
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "ranked_by": "samples_passed",
            "note": "software drivers time draws in nanoseconds to microseconds; durations are indicative only, "
                    "sample and primitive counts are exact",
            "draws": bounded(rows, top)}


def get_frame_digest(params):
    """Counts, markers, and anomalies computed from data (NaN/Inf texels, bad geometry, draws without depth,
    heavy overdraw), ranked, each with the call that drills into it."""
    c = capture(params)
    anomalies = []
    nan = analyze_nan_inf({"capture": c.path, "max_preview": 1})
    for target in nan["targets"]:
        for w in target.get("writers", []):
            if w["new_nan_pixels"]:
                anomalies.append(("high", "nan_written", w["event_id"], w["marker_path"],
                                  "%d NaN texels written to %s" % (w["new_nan_pixels"], target["name"]),
                                  {"tool": "analyze_nan_inf", "arguments": {"texture": target["name"]}}))
            if w["new_inf_pixels"]:
                anomalies.append(("high", "inf_written", w["event_id"], w["marker_path"],
                                  "%d Inf texels written to %s" % (w["new_inf_pixels"], target["name"]),
                                  {"tool": "analyze_nan_inf", "arguments": {"texture": target["name"]}}))
    geometry = geometry_anomalies({"capture": c.path, "max_draws": 64})
    for g in geometry["draws"]["preview"]:
        if g["bad_vertices"]["count"]:
            anomalies.append(("high", "bad_vertex_positions", g["event_id"], g["marker_path"],
                              "%d vertices with NaN/Inf/huge positions" % g["bad_vertices"]["count"],
                              {"tool": "geometry_anomalies", "arguments": {"event_id": g["event_id"]}}))
        if g["degenerate_triangles"]:
            anomalies.append(("low", "degenerate_triangles", g["event_id"], g["marker_path"],
                              "%d zero-area triangles" % len(g["degenerate_triangles"]),
                              {"tool": "geometry_anomalies", "arguments": {"event_id": g["event_id"]}}))
        if g["uv_out_of_range"]:
            anomalies.append(("medium", "uv_out_of_range", g["event_id"], g["marker_path"],
                              "UVs span %.3g..%.3g" % (g["uv_range"]["min"], g["uv_range"]["max"]),
                              {"tool": "geometry_anomalies", "arguments": {"event_id": g["event_id"]}}))
    for action, path in draws(c):
        if not int(action.depthOut) and any(int(o) for o in action.outputs):
            anomalies.append(("info", "no_depth_target", action.eventId, "/".join(path),
                              "draw renders with no depth target bound",
                              {"tool": "iterate_actions", "arguments": {"marker_filter": "/".join(path)}}))
    groups = collections.Counter("/".join(p) for a, p in draws(c))
    for path, n in groups.items():
        if n >= int(params.get("overdraw_draws") or 8):
            first = next(a.eventId for a, p in draws(c) if "/".join(p) == path)
            anomalies.append(("medium", "many_draws_one_group", first, path,
                              "%d draws in one marker group (overdraw or batching candidate)" % n,
                              {"tool": "get_action_timings", "arguments": {"top_n": 20}}))
    rank = {"high": 0, "medium": 1, "low": 2, "info": 3}
    anomalies.sort(key=lambda a: (rank[a[0]], a[2]))
    rows = [{"severity": s, "code": code, "event_id": e, "marker_path": p, "message": m} for s, code, e, p, m, _
            in anomalies]
    calls = []
    for s, code, e, p, m, call in anomalies:
        call = dict(call)
        call["arguments"] = dict(call["arguments"], capture=c.path)
        call["why"] = "%s at event %d (%s)" % (code, e, p)
        calls.append(call)
    limit = int(params.get("max_anomalies") or 24)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "api": c.driver,
            "statistics": statistics(c),
            "markers": bounded(marker_overview(c, 2), int(params.get("max_markers") or 12)),
            "anomalies": bounded(rows, limit), "recommended_next_calls": calls[:int(params.get("max_calls") or 6)]}


def pixel_history(params):
    c = capture(params)
    texture = c.texture(params["texture"])
    x, y = int(params["x"]), int(params["y"])
    if not (0 <= x < texture.width and 0 <= y < texture.height):
        raise BridgeError("INVALID_ARGUMENT", "pixel (%d, %d) is outside %s (%dx%d)" % (
            x, y, c.name_of(texture.resourceId), texture.width, texture.height), parameter="x, y",
            valid_range=[[0, texture.width - 1], [0, texture.height - 1]])
    event = event_of(c, params, required=False) or max(c.by_event)
    c.controller.SetFrameEvent(event, True)
    history = c.controller.PixelHistory(texture.resourceId, x, y, rd.Subresource(0, 0, 0), rd.CompType.Typeless)
    rows = []
    for m in history:
        action, path = c.by_event.get(m.eventId, (None, []))
        rows.append({"event_id": m.eventId, "marker_path": "/".join(path),
                     "name": action.GetName(c.structured) if action else None, "primitive": m.primitiveID,
                     "passed": bool(m.Passed()),
                     "pre": [show(v) for v in m.preMod.col.floatValue],
                     "shader_out": [show(v) for v in m.shaderOut.col.floatValue],
                     "post": [show(v) for v in m.postMod.col.floatValue],
                     "failed": [n for n in ("backfaceCulled", "depthTestFailed", "stencilTestFailed", "scissorClipped",
                                            "shaderDiscarded", "depthClipped", "viewClipped", "sampleMasked")
                                if getattr(m, n)]})
    api = c.driver
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": int(texture.resourceId),
            "name": c.name_of(texture.resourceId), "x": x, "y": y, "up_to_event": event,
            "note": "OpenGL in RenderDoc 1.24: events and pre/post values are right, shader_out reads zero" if
            api == "OpenGL" else None, "modifications": bounded(rows, int(params.get("limit") or 64))}


def get_texture_data(params):
    """A bounded region of a texture after an event, as numbers (top-left origin)."""
    c = capture(params)
    texture = c.texture(params["texture"])
    event = event_of(c, params, required=False) or max(c.by_event)
    x0, y0 = int(params.get("x") or 0), int(params.get("y") or 0)
    w, h = int(params.get("width") or 8), int(params.get("height") or 8)
    if w * h > 4096:
        raise BridgeError("INVALID_ARGUMENT", "region %dx%d has more than 4096 pixels" % (w, h),
                          parameter="width*height", valid_range=[1, 4096])
    c.controller.SetFrameEvent(event, True)
    if not is_float32(texture) and not (texture.format.compByteWidth == 1):
        raise BridgeError("INVALID_ARGUMENT", "format %s is not decoded here (32-bit float and 8-bit formats are)"
                          % texture.format.Name(), parameter="texture")
    data, channels, bottom_up = read_texture(c, texture)
    width = texture.width
    rows = []
    for y in range(y0, min(y0 + h, texture.height)):
        row = []
        for x in range(x0, min(x0 + w, width)):
            r = texture.height - 1 - y if bottom_up else y
            start = (r * width + x) * channels
            if is_float32(texture):
                row.append([show(v) for v in struct.unpack_from("<%df" % channels, data, 4 * start)])
            else:
                row.append([b / 255.0 for b in data[start:start + channels]])
        rows.append(row)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": int(texture.resourceId),
            "name": c.name_of(texture.resourceId), "format": texture.format.Name(), "event_id": event,
            "x": x0, "y": y0, "rows": rows}


def get_texture_info(params):
    c = capture(params)
    chosen = [c.texture(params["texture"])] if params.get("texture") is not None else list(c.textures.values())
    rows = []
    for t in chosen:
        usage = c.controller.GetUsage(t.resourceId)
        rows.append({"texture": int(t.resourceId), "name": c.name_of(t.resourceId), "format": t.format.Name(),
                     "width": t.width, "height": t.height, "depth": t.depth, "mips": t.mips,
                     "array_size": t.arraysize, "samples": t.msSamp, "bytes": t.byteSize,
                     "used_by_events": bounded(sorted({u.eventId for u in usage}), 32)})
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "textures": bounded(rows, 64)}


def search_resources(params):
    c = capture(params)
    query = (params.get("query") or "").lower()
    rows = [{"resource": rid, "name": r.name, "type": r.type.name if hasattr(r.type, "name") else str(r.type)}
            for rid, r in sorted(c.resources.items()) if query in r.name.lower()]
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "query": query,
            "resources": bounded(rows, int(params.get("limit") or 50))}


STAGES = [("vertex", "Vertex"), ("hull", "Hull"), ("domain", "Domain"), ("geometry", "Geometry"),
          ("pixel", "Pixel"), ("compute", "Compute")]


def stage_info(c, ps, stage, limit):
    shader = ps.GetShader(stage)
    if not int(shader):
        return None
    refl = ps.GetShaderReflection(stage)
    ro = ps.GetReadOnlyResources(stage, True)
    return {"shader": int(shader), "name": c.name_of(shader), "entry_point": ps.GetShaderEntryPoint(stage),
            "inputs": bounded([sig.varName for sig in refl.inputSignature], limit) if refl else None,
            "outputs": bounded([sig.varName for sig in refl.outputSignature], limit) if refl else None,
            "constant_blocks": bounded([b.name for b in refl.constantBlocks], limit) if refl else None,
            "read_only_resources": bounded([{"bind": a.bindPoint.bind, "resources": [
                {"resource": int(r.resourceId), "name": c.name_of(r.resourceId)} for r in a.resources
                if int(r.resourceId)]} for a in ro if any(int(r.resourceId) for r in a.resources)], limit)}


def targets_of(c, ps):
    colour = [{"resource": int(t.resourceId), "name": c.name_of(t.resourceId)} for t in ps.GetOutputTargets()
              if int(t.resourceId)]
    depth = ps.GetDepthTarget()
    return colour, ({"resource": int(depth.resourceId), "name": c.name_of(depth.resourceId)}
                    if int(depth.resourceId) else None)


def get_pipeline_state(params):
    c = capture(params)
    event = event_of(c, params)
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    limit = int(params.get("max_items") or 8)
    stages = {}
    for name, member in STAGES:
        info = stage_info(c, ps, getattr(rd.ShaderStage, member), limit)
        if info:
            stages[name] = info
    colour, depth = targets_of(c, ps)
    action, path = c.by_event[event]
    warnings = []
    if "vertex" not in stages and action.flags & rd.ActionFlags.Drawcall:
        warnings.append("no vertex shader bound")
    if "pixel" not in stages and action.flags & rd.ActionFlags.Drawcall:
        warnings.append("no pixel/fragment shader bound")
    if action.flags & rd.ActionFlags.Drawcall and not colour and not depth:
        warnings.append("no colour or depth target bound")
    if action.flags & rd.ActionFlags.Drawcall and colour and not depth:
        warnings.append("no depth target bound")
    highlight = "pixel" if "pixel" in stages else "vertex" if "vertex" in stages else None
    viewport = ps.GetViewport(0)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "marker_path": "/".join(path),
            "name": action.GetName(c.structured), "topology": ps.GetPrimitiveTopology().name,
            "viewport": {"x": viewport.x, "y": viewport.y, "width": viewport.width, "height": viewport.height},
            "stages": stages, "color_targets": colour, "depth_target": depth, "highlight_stage": highlight,
            "warning_message": "; ".join(warnings) or None,
            "vertex_buffers": bounded([{"resource": int(v.resourceId), "name": c.name_of(v.resourceId),
                                        "stride": v.byteStride, "offset": v.byteOffset}
                                       for v in ps.GetVBuffers() if int(v.resourceId)], limit)}


def get_event_insight(params):
    """One action in context: marker path, pipeline (bounded), outputs, input assembly, findings from the data,
    and the calls that drill further."""
    c = capture(params)
    event = event_of(c, params)
    state = get_pipeline_state(dict(params, max_items=params.get("max_resources_per_stage") or 8))
    action, path = c.by_event[event]
    findings = []
    if state["warning_message"]:
        findings.extend({"severity": "medium" if "depth" in w else "high", "code": w.replace(" ", "_"),
                         "message": w} for w in state["warning_message"].split("; "))
    if action.flags & rd.ActionFlags.Drawcall:
        geometry = geometry_of(c, event, 1e4)
        if geometry["bad_vertices"]:
            findings.append({"severity": "high", "code": "bad_vertex_positions", "message": "%d vertices with "
                             "NaN/Inf/huge positions" % len(geometry["bad_vertices"])})
        if geometry["degenerate_triangles"]:
            findings.append({"severity": "low", "code": "degenerate_triangles", "message": "%d zero-area "
                             "triangles" % len(geometry["degenerate_triangles"])})
        if action.numIndices < 3:
            findings.append({"severity": "low", "code": "small_or_empty_draw", "message": "%d vertices" %
                             action.numIndices})
    for t in state["color_targets"]:
        texture = c.textures.get(t["resource"])
        if texture is not None and is_float32(texture):
            nan, inf = non_finite_at(c, texture, event)
            if event > min(c.by_event):
                was_nan, was_inf = non_finite_at(c, texture, max(e for e in c.by_event if e < event))
                c.controller.SetFrameEvent(event, True)
                nan, inf = nan - was_nan, inf - was_inf
            if nan or inf:
                findings.append({"severity": "high", "code": "writes_non_finite", "message": "this event adds %d "
                                 "NaN and %d Inf texels to %s" % (len(nan), len(inf), t["name"]),
                                 "nan_box": box(nan, texture.width), "inf_box": box(inf, texture.width)})
    nxt = [{"tool": "get_pipeline_state", "arguments": {"capture": c.path, "event_id": event}}]
    if any(f["code"] == "writes_non_finite" for f in findings):
        f = next(f for f in findings if f["code"] == "writes_non_finite")
        b = f["nan_box"] or f["inf_box"]
        nxt.insert(0, {"tool": "pixel_history", "arguments": {"capture": c.path, "texture": state["color_targets"][0][
            "name"] or state["color_targets"][0]["resource"], "x": b[0], "y": b[1], "event_id": event}})
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "marker_path": "/".join(path),
            "action": action_json(c, action, path), "pipeline": state,
            "input_assembly": {"topology": state["topology"], "vertex_buffers": state["vertex_buffers"],
                               "vertices": action.numIndices, "instances": action.numInstances},
            "outputs": {"render_targets": state["color_targets"], "depth_target": state["depth_target"]},
            "findings": findings, "recommended_next_calls": nxt}


def get_shader_info(params):
    c = capture(params)
    event = event_of(c, params)
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    stage_name = params.get("stage") or "pixel"
    member = dict(STAGES).get(stage_name)
    if member is None:
        raise BridgeError("INVALID_ARGUMENT", "stage must be one of %s" % [n for n, _ in STAGES], parameter="stage")
    stage = getattr(rd.ShaderStage, member)
    refl = ps.GetShaderReflection(stage)
    if refl is None:
        raise BridgeError("NOT_FOUND", "no %s shader at event %d" % (stage_name, event), parameter="stage")
    limit = int(params.get("source_char_limit") or 8000)
    files = [{"file": f.filename, "chars": len(f.contents), "source": f.contents[:limit],
              "truncated": len(f.contents) > limit} for f in refl.debugInfo.files]
    info = {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "stage": stage_name,
            "shader": int(refl.resourceId), "entry_point": refl.entryPoint,
            "encoding": refl.encoding.name, "source_files": files,
            "inputs": [{"name": s.varName, "semantic": s.semanticName, "components": s.compCount}
                       for s in refl.inputSignature],
            "outputs": [{"name": s.varName, "components": s.compCount} for s in refl.outputSignature],
            "constant_blocks": [{"name": b.name, "variables": [v.name for v in b.variables],
                                 "buffer_backed": bool(b.bufferBacked)} for b in refl.constantBlocks]}
    if params.get("include_constants"):
        pipe = ps.GetGraphicsPipelineObject()
        values = []
        for i, block in enumerate(refl.constantBlocks):
            cb = ps.GetConstantBuffer(stage, i, 0)
            for v in c.controller.GetCBufferVariableContents(pipe, refl.resourceId, stage, refl.entryPoint, i,
                                                             cb.resourceId, cb.byteOffset, cb.byteSize):
                values.append({"block": block.name, "name": v.name,
                               "value": [show(x) for x in list(v.value.f32v)[:v.rows * v.columns]]})
        info["constants"] = values
    if params.get("include_disassembly"):
        targets = c.controller.GetDisassemblyTargets(True)
        text = c.controller.DisassembleShader(ps.GetGraphicsPipelineObject(), refl, targets[0]) if targets else ""
        info["disassembly"] = {"target": targets[0] if targets else None, "text": text[:limit],
                               "truncated": len(text) > limit}
    return info


def get_buffer_contents(params):
    c = capture(params)
    chosen = None
    for b in c.controller.GetBuffers():
        if str(params["buffer"]) == str(int(b.resourceId)) or c.name_of(b.resourceId) == params["buffer"]:
            chosen = b
    if chosen is None:
        raise BridgeError("NOT_FOUND", "no buffer %r" % params["buffer"], parameter="buffer")
    event = event_of(c, params, required=False) or max(c.by_event)
    c.controller.SetFrameEvent(event, True)
    offset, length = int(params.get("offset") or 0), int(params.get("length") or 256)
    if length > 65536:
        raise BridgeError("INVALID_ARGUMENT", "length %d is over 65536 bytes" % length, parameter="length",
                          valid_range=[1, 65536])
    data = c.controller.GetBufferData(chosen.resourceId, offset, length)
    out = {"schema_version": SCHEMA_VERSION, "capture": c.path, "buffer": int(chosen.resourceId),
           "name": c.name_of(chosen.resourceId), "size": chosen.length, "offset": offset, "bytes": len(data),
           "hex": data.hex()}
    if params.get("as_floats"):
        out["floats"] = [show(v) for v in struct.unpack("<%df" % (len(data) // 4), data[:len(data) // 4 * 4])]
    return out


def enumerate_counters(params):
    c = capture(params)
    rows = []
    for counter in c.controller.EnumerateCounters():
        d = c.controller.DescribeCounter(counter)
        rows.append({"counter": int(counter), "name": d.name, "category": d.category, "unit": d.unit.name,
                     "description": d.description[:200]})
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "counters": bounded(rows, 64)}


def search_actions(params):
    c = capture(params)
    query = (params.get("query") or "").lower()
    rows = []
    for action, path in c.actions:
        name = action.GetName(c.structured)
        reason = "name" if query in name.lower() else "marker" if query in "/".join(path).lower() else None
        if reason is None:
            for o in list(action.outputs) + [action.depthOut]:
                if int(o) and query in (c.name_of(o) or "").lower():
                    reason = "output " + c.name_of(o)
        if reason:
            rows.append(dict(action_json(c, action, path), match_reason=reason))
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "query": query,
            "matches": bounded(rows, int(params.get("limit") or 50))}


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
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": int(texture.resourceId),
            "name": c.name_of(texture.resourceId), "event_id": event, "output": path, "format": kind,
            "bytes": os.path.getsize(path), "method": method, "non_finite_components_written": non_finite_written}


def copy_capture(params):
    c = capture(params)
    write_output(params, c.copy_to)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "output": params["output"],
            "bytes": os.path.getsize(params["output"])}


METHODS = {f.__name__: f for f in (ping, open_capture, iterate_actions, analyze_nan_inf, geometry_anomalies,
                                   get_frame_summary, get_frame_digest, get_action_timings, pixel_history,
                                   get_texture_data, get_texture_info, search_resources, get_pipeline_state,
                                   get_event_insight, get_shader_info, get_buffer_contents, enumerate_counters,
                                   search_actions, save_texture, copy_capture)}


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
