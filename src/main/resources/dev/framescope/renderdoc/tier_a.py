"""Tier A, the compact first-pass answers: open_capture, the frame summary, draw costs, the frame digest (ranked
anomalies with ready-to-send next calls) and one event in context. Tier B is never needed for a first diagnosis."""
import collections

import renderdoc as rd

from evidence import call, drill_calls, event_findings, frame_findings, highlight, message_json, unique
from outputs import SAVE_TEXTURE_SAFE_DRIVERS
from replay_core import OPEN, SCHEMA_VERSION, action_json, bounded, capture, draws, event_of
from tier_b import get_pipeline_state

# RenderDoc's frameNumber when the capture came from the in-application API rather than a counted present.
NO_FRAME_NUMBER = 0xFFFFFFFF


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
        "frame": {"number": None if info.frameNumber == NO_FRAME_NUMBER else info.frameNumber,
                  "compressed_bytes": info.compressedFileSize,
                  "uncompressed_bytes": info.uncompressedFileSize},
        "actions": len(c.actions), "draws": len(draws), "textures": len(c.textures), "resources": len(c.resources),
        "capabilities": {
            "pixel_history": bool(props.pixelHistory) or api == "OpenGL",
            "pixel_history_note": None if props.pixelHistory else
            ("OpenGL pixel history in 1.24 is RenderDoc's unfinished path: events and pre/post values are right, "
             "shader output reads zero" if api == "OpenGL" else "not supported by this API"),
            "shader_debugging": bool(props.shaderDebugging),
            "counters": len(counters),
            # RenderDoc's own SaveTexture; save_texture encodes every format it decodes itself on any driver
            "safe_texture_save": c.driver in SAVE_TEXTURE_SAFE_DRIVERS,
        },
        "debug_messages": len(c.messages),
        "recommended_next_calls": [
            call(c, "get_frame_digest", "ranked anomalies of the whole frame, each with its next call"),
            call(c, "get_frame_summary", "marker groups, textures and debug messages")],
    }


def marker_overview(c, depth):
    groups = collections.OrderedDict()
    for action, path in c.actions:
        key = "/".join(path[:depth])  # "" for actions outside any marker, as in every other answer
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
    messages = [message_json(c, m) for m in c.messages]
    calls = [call(c, "get_frame_digest", "ranked anomalies with their next calls")]
    calls += [call(c, "get_event_insight", "a %s debug message at this action" % m["severity"], event_id=m["event_id"])
              for m in messages if m["event_id"] is not None][:3]
    calls.append(call(c, "get_action_timings", "the draws that touch the most samples", top_n=20))
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "api": c.driver,
            "statistics": statistics(c), "markers": bounded(marker_overview(c, int(params.get("marker_depth") or 2)),
                                                              limit),
            "textures": bounded(textures, limit),
            "debug_messages": bounded(messages, limit), "recommended_next_calls": unique(calls)}


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
    calls = [call(c, "get_event_insight", "rank %d by samples passed" % (i + 1), event_id=r["event_id"])
             for i, r in enumerate(rows[:3])]
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "ranked_by": "samples_passed",
            "note": "software drivers time draws in nanoseconds to microseconds; durations are indicative only, "
                    "sample and primitive counts are exact",
            "draws": bounded(rows, top), "recommended_next_calls": calls}


def get_frame_digest(params):
    """Counts, markers, and anomalies computed from data (NaN/Inf texels, bad geometry, API errors and validation
    messages, draws without depth, heavy overdraw), ranked, each with the call that drills into it."""
    c = capture(params)
    found = frame_findings(c, int(params.get("overdraw_draws") or 8))
    rows = [{"severity": f["severity"], "code": f["code"], "event_id": f["event_id"], "marker_path": f["marker_path"],
             "stage": f["stage"], "message": f["message"]} for f in found]
    calls = unique(call(c, "get_event_insight", "%s at event %s (%s): the event in context, its findings and "
                        "the calls to the cause" % (f["code"], f["event_id"], f["marker_path"]),
                        event_id=f["event_id"]) for f in found if f["event_id"] is not None)
    if not found:
        calls = [call(c, "get_action_timings", "no anomaly in the data: the costliest draws", top_n=20)]
    limit = int(params.get("max_anomalies") or 24)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "api": c.driver,
            "statistics": statistics(c),
            "markers": bounded(marker_overview(c, 2), int(params.get("max_markers") or 12)),
            "anomalies": bounded(rows, limit), "recommended_next_calls": calls[:int(params.get("max_calls") or 6)]}


def get_event_insight(params):
    """One action in context: marker path, pipeline (bounded), outputs, input assembly, findings from the data,
    and the calls that drill to the cause. Cached per capture, event and options: the findings replay the event
    and its predecessor."""
    c = capture(params)
    event = event_of(c, params)
    per_stage = int(params.get("max_resources_per_stage") or 8)
    key = ("insight", event, per_stage)
    if key not in c.cache:
        c.cache[key] = _event_insight(c, event, per_stage)
    return c.cache[key]


def _event_insight(c, event, per_stage):
    state = get_pipeline_state({"capture": c.path, "event_id": event, "max_items": per_stage})
    action, path = c.by_event[event]
    findings = event_findings(c, event)
    calls = [drill for f in findings for drill in drill_calls(c, f)]
    calls.append(call(c, "get_pipeline_state", "the whole pipeline at this event", event_id=event))
    stage, warning = highlight(findings)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "marker_path": "/".join(path),
            "action": action_json(c, action, path), "pipeline": state,
            "input_assembly": {"topology": state["topology"], "vertex_buffers": state["vertex_buffers"],
                               "vertices": action.numIndices, "instances": action.numInstances},
            "outputs": {"render_targets": state["color_targets"], "depth_target": state["depth_target"]},
            "findings": [{k: v for k, v in f.items() if k not in ("event_id", "marker_path")} for f in findings],
            "highlight_stage": stage, "warning_message": warning, "recommended_next_calls": unique(calls)}
