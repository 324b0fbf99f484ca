"""Tier A, the compact first-pass answers: open_capture, the frame summary, draw costs, the frame digest (ranked
anomalies with ready-to-send next calls) and one event in context. Tier B is never needed for a first diagnosis."""
import collections

import renderdoc as rd

from replay_core import OPEN, SCHEMA_VERSION, action_json, bounded, capture, draws, event_of
from scans import box, geometry_of, is_float32, non_finite_at
from tier_b import analyze_nan_inf, geometry_anomalies, get_pipeline_state


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
    textures = [{"texture": c.rid(rid), "name": c.name_of(rid), "format": t.format.Name(), "width": t.width,
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
        texture = c.textures.get(c.raw_id(t["resource"]))
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
