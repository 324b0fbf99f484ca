"""Tier B, the drill-down methods: actions (and the search by name), pixel history, textures, shaders and buffers; the
pipeline state get_event_insight includes (NaN/Inf writers live in nan_inf, geometry in geometry)."""
import struct

import renderdoc as rd

import histories
import texels
from evidence import event_findings, highlight
from methods import bridge_method, required
from replay_core import BridgeError, SCHEMA_VERSION, action_json, bounded, capture, drawn_event, event_of, show
from scans import STAGES, is_float32, stage_info, targets_of
from shader_values import variable_json


@bridge_method
def iterate_actions(params):
    """The actions in event order, filtered; with `query`, only those whose name, marker path or output's name
    contains it (any case, with the reason), and the resources whose debug name does."""
    c = capture(params)
    marker = params.get("marker_filter") or ""
    name_filter = (params.get("name_filter") or "").lower()
    draws_only = bool(required(params, "draws_only"))
    query = params.get("query")
    query = query.lower() if query is not None else None
    rows = []
    for action, path in c.actions:
        if draws_only and not action.flags & (rd.ActionFlags.Drawcall | rd.ActionFlags.Dispatch):
            continue
        joined = "/".join(path)
        if marker and marker not in joined:
            continue
        if name_filter and name_filter not in action.GetName(c.structured).lower():
            continue
        row = action_json(c, action, path)
        if query is not None:
            reason = match_reason(c, action, joined, query)
            if reason is None:
                continue
            row["match_reason"] = reason
        rows.append(row)
    offset = int(required(params, "offset"))
    limit = int(required(params, "limit"))
    page = rows[offset:offset + limit]
    out = {"schema_version": SCHEMA_VERSION, "capture": c.path, "count": len(rows), "offset": offset,
           "preview": page, "truncated": offset + len(page) < len(rows)}
    if query is not None:
        out["query"] = query
        out["resources"] = bounded([{"resource": c.rid(rid), "name": r.name,
                                     "type": r.type.name if hasattr(r.type, "name") else str(r.type)}
                                    for rid, r in sorted(c.resources.items()) if query in r.name.lower()], limit)
    return out


def match_reason(c, action, marker_path, query):
    """Why an action matches a search: its name, its marker path, or the name of one of its outputs; else None."""
    if query in action.GetName(c.structured).lower():
        return "name"
    if query in marker_path.lower():
        return "marker"
    for o in list(action.outputs) + [action.depthOut]:
        if int(o) and query in (c.name_of(o) or "").lower():
            return "output " + c.name_of(o)
    return None


@bridge_method
def pixel_history(params):
    c = capture(params)
    texture = c.texture(params["texture"])
    x, y, origin = histories.pixel_of(texture, params)
    sample = histories.sample_of(texture, params)
    event = event_of(c, params, required=False) or max(c.by_event)
    everything = histories.history(c, texture, x, y, sample, event)
    include_unchanged = bool(required(params, "include_unchanged"))
    rows = [histories.row(c, texture, m, changed) for m, changed in everything if changed or include_unchanged]
    measured = histories.shader_out_measured(c)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "texture": c.rid(texture.resourceId),
            "name": c.name_of(texture.resourceId), "x": x, "y": y, "y_bottom_left": texture.height - 1 - y,
            "origin": origin, "sample": sample, "up_to_event": event,
            "shader_out_available": measured, "shader_out_note": None if measured else histories.GL_NOTE,
            "total": len(everything), "unchanged_left_out": 0 if include_unchanged else
            sum(1 for _, changed in everything if not changed),
            "values": "depth" if texture.format.compType == rd.CompType.Depth else "colour components",
            "rule": "a modification whose value after equals the value before (every colour component of the "
                    "target, or the depth of a depth target, bit for bit) is counted in unchanged_left_out, not "
                    "listed, unless include_unchanged",
            "modifications": bounded(rows, int(required(params, "limit")))}


@bridge_method
def get_texture(params):
    """Without a texture, every texture's description; with one, its description and a bounded region of it after
    an event (top-left origin), as numbers or base64 of the raw texels, with per-channel statistics. A format this
    does not decode still gets its description, with the reason the values are missing."""
    c = capture(params)
    if params.get("texture") is None:
        return {"schema_version": SCHEMA_VERSION, "capture": c.path,
                "textures": bounded([texture_row(c, t) for t in c.textures.values()], 64)}
    texture = c.texture(params["texture"])
    event = event_of(c, params, required=False) or max(c.by_event)
    out = {"schema_version": SCHEMA_VERSION, "capture": c.path, "textures": bounded([texture_row(c, texture)], 64),
           "texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId),
           "format": texture.format.Name(), "event_id": event}
    encoding = required(params, "encoding")
    if encoding not in texels.ENCODINGS:
        raise BridgeError("INVALID_ARGUMENT", "encoding must be one of %s" % list(texels.ENCODINGS),
                          parameter="encoding")
    x0, y0, w, h = texels.region_of(texture, params)
    if not is_float32(texture) and not (texture.format.compByteWidth == 1):
        out["values_unavailable"] = ("format %s is not decoded here (32-bit float and 8-bit formats are); "
                                     "save_texture writes most other formats to PNG or EXR" % texture.format.Name())
        return out
    c.controller.SetFrameEvent(event, True)
    raw, channels = texels.region_bytes(c, texture, x0, y0, w, h)
    out.update({"x": x0, "y": y0, "width": w, "height": h, "origin": "top_left", "channels": channels,
                "encoding": encoding,
                "statistics": texels.statistics(texels.components(texture, raw, channels), channels)})
    out.update(texels.encode(texture, raw, channels, w, h, encoding))
    return out


def texture_row(c, t):
    usage = c.controller.GetUsage(t.resourceId)
    return {"texture": c.rid(t.resourceId), "name": c.name_of(t.resourceId), "format": t.format.Name(),
            "width": t.width, "height": t.height, "depth": t.depth, "mips": t.mips, "array_size": t.arraysize,
            "samples": t.msSamp, "bytes": t.byteSize, "used_by_events": bounded(sorted({u.eventId for u in usage}), 32)}


def pipeline_state(c, event, limit):
    """The pipeline at an event, with the stage the event's evidence points to (evidence.py: the same findings
    get_event_insight and the digest report); get_event_insight answers it as `pipeline`."""
    stage_hint, warning = highlight(event_findings(c, event))
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
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


@bridge_method
def get_shader_info(params):
    c = capture(params)
    event = drawn_event(c, params, True)
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    stage_name = required(params, "stage")
    member = dict(STAGES).get(stage_name)
    if member is None:
        raise BridgeError("INVALID_ARGUMENT", "stage must be one of %s" % [n for n, _ in STAGES], parameter="stage")
    stage = getattr(rd.ShaderStage, member)
    refl = ps.GetShaderReflection(stage)
    if refl is None:
        raise BridgeError("NOT_FOUND", "no %s shader at event %d" % (stage_name, event), parameter="stage")
    limit = int(required(params, "source_char_limit"))
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
    if required(params, "include_constants"):
        info["constants"] = constants_of(c, ps, stage, refl, int(required(params, "max_constants")))
    if required(params, "include_disassembly"):
        targets = c.controller.GetDisassemblyTargets(True)
        text = c.controller.DisassembleShader(ps.GetGraphicsPipelineObject(), refl, targets[0]) if targets else ""
        info["disassembly"] = {"target": targets[0] if targets else None, "text": text[:limit],
                               "truncated": len(text) > limit}
    return info


def constants_of(c, ps, stage, refl, limit):
    """Every constant block's variables with typed values ({name, type, shape, value}, shader_values), bounded:
    at most `limit` variables listed, at most `limit` members of any array or struct, and 2 × `limit` variables
    and members in all."""
    pipe = ps.GetComputePipelineObject() if stage == rd.ShaderStage.Compute else ps.GetGraphicsPipelineObject()
    budget = [2 * limit]
    listed, count = [], 0
    for i, block in enumerate(refl.constantBlocks):
        cb = ps.GetConstantBuffer(stage, i, 0)
        for v in c.controller.GetCBufferVariableContents(pipe, refl.resourceId, stage, refl.entryPoint, i,
                                                         cb.resourceId, cb.byteOffset, cb.byteSize):
            count += 1
            if len(listed) < limit and budget[0] > 0:
                listed.append(dict(variable_json(v, limit, budget), block=block.name))
    return {"count": count, "preview": listed, "truncated": len(listed) < count}


@bridge_method
def get_buffer_contents(params):
    c = capture(params)
    chosen = c.buffer(params["buffer"])
    event = event_of(c, params, required=False) or max(c.by_event)
    c.controller.SetFrameEvent(event, True)
    offset, length = int(required(params, "offset")), int(required(params, "length"))
    if length > 65536:
        raise BridgeError("INVALID_ARGUMENT", "length %d is over 65536 bytes" % length, parameter="length",
                          valid_range=[1, 65536])
    if offset >= chosen.length:
        raise BridgeError("INVALID_ARGUMENT", "offset %d is past the end of %s (%d bytes)" % (
            offset, c.name_of(chosen.resourceId) or c.rid(chosen.resourceId), chosen.length), parameter="offset",
            valid_range=[0, max(0, chosen.length - 1)])
    data = c.controller.GetBufferData(chosen.resourceId, offset, length)
    out = {"schema_version": SCHEMA_VERSION, "capture": c.path, "buffer": c.rid(chosen.resourceId),
           "name": c.name_of(chosen.resourceId), "size": chosen.length, "offset": offset, "bytes": len(data),
           "hex": data.hex()}
    if required(params, "as_floats"):
        out["floats"] = [show(v) for v in struct.unpack("<%df" % (len(data) // 4), data[:len(data) // 4 * 4])]
    return out
