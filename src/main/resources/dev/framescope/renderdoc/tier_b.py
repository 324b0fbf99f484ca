"""Tier B, the drill-down methods: actions, NaN/Inf writers, geometry, pixel history, texture data and info,
pipeline state, shaders, buffers, counters and searches."""
import struct

import renderdoc as rd

from evidence import event_findings, highlight
from replay_core import BridgeError, SCHEMA_VERSION, action_json, bounded, capture, draws, event_of, show
from scans import (STAGES, box, geometry_of, is_float32, non_finite_at, pixel_values, read_texture, stage_info,
    targets_of)


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
            report.append({"texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId),
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
            "texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId),
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
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": c.rid(texture.resourceId),
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
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": c.rid(texture.resourceId),
            "name": c.name_of(texture.resourceId), "format": texture.format.Name(), "event_id": event,
            "x": x0, "y": y0, "rows": rows}


def get_texture_info(params):
    c = capture(params)
    chosen = [c.texture(params["texture"])] if params.get("texture") is not None else list(c.textures.values())
    rows = []
    for t in chosen:
        usage = c.controller.GetUsage(t.resourceId)
        rows.append({"texture": c.rid(t.resourceId), "name": c.name_of(t.resourceId), "format": t.format.Name(),
                     "width": t.width, "height": t.height, "depth": t.depth, "mips": t.mips,
                     "array_size": t.arraysize, "samples": t.msSamp, "bytes": t.byteSize,
                     "used_by_events": bounded(sorted({u.eventId for u in usage}), 32)})
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "textures": bounded(rows, 64)}


def search_resources(params):
    c = capture(params)
    query = (params.get("query") or "").lower()
    rows = [{"resource": c.rid(rid), "name": r.name, "type": r.type.name if hasattr(r.type, "name") else str(r.type)}
            for rid, r in sorted(c.resources.items()) if query in r.name.lower()]
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "query": query,
            "resources": bounded(rows, int(params.get("limit") or 50))}


def get_pipeline_state(params):
    """The pipeline at an event, with the stage the event's evidence points to (evidence.py: the same findings
    get_event_insight and the digest report)."""
    c = capture(params)
    event = event_of(c, params)
    stage_hint, warning = highlight(event_findings(c, event))
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
    viewport = ps.GetViewport(0)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "marker_path": "/".join(path),
            "name": action.GetName(c.structured), "topology": ps.GetPrimitiveTopology().name,
            "viewport": {"x": viewport.x, "y": viewport.y, "width": viewport.width, "height": viewport.height},
            "stages": stages, "color_targets": colour, "depth_target": depth, "highlight_stage": stage_hint,
            "warning_message": warning,
            "vertex_buffers": bounded([{"resource": c.rid(v.resourceId), "name": c.name_of(v.resourceId),
                                        "stride": v.byteStride, "offset": v.byteOffset}
                                       for v in ps.GetVBuffers() if int(v.resourceId)], limit)}


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
            "shader": c.rid(refl.resourceId), "entry_point": refl.entryPoint,
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
    chosen = c.buffer(params["buffer"])
    event = event_of(c, params, required=False) or max(c.by_event)
    c.controller.SetFrameEvent(event, True)
    offset, length = int(params.get("offset") or 0), int(params.get("length") or 256)
    if length > 65536:
        raise BridgeError("INVALID_ARGUMENT", "length %d is over 65536 bytes" % length, parameter="length",
                          valid_range=[1, 65536])
    data = c.controller.GetBufferData(chosen.resourceId, offset, length)
    out = {"schema_version": SCHEMA_VERSION, "capture": c.path, "buffer": c.rid(chosen.resourceId),
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
