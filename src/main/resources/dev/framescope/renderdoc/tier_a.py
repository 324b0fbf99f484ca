"""Tier A, the compact first-pass answers: open_capture (with the frame overview), counters and draw costs, the
frame digest (ranked anomalies with ready-to-send next calls) and one event in context with its pipeline. Tier B is
never needed for a first diagnosis."""
import collections

import renderdoc as rd

from evidence import (call, drill_calls, event_findings, frame_findings, highlight, message_findings,
    message_rows, next_anomaly_calls, unique)
from methods import bridge_method, required
from outputs import SAVE_TEXTURE_SAFE_DRIVERS
from replay_core import (EVENT_INSIGHT_SCHEMA_VERSION, FRAME_DIGEST_SCHEMA_VERSION, OPEN, OPEN_CAPTURE_SCHEMA_VERSION,
    SCHEMA_VERSION, BridgeError, action_json, bounded, capture, draws, event_of)
from tier_b import pipeline_state

# RenderDoc's frameNumber when the capture came from the in-application API rather than a counted present.
NO_FRAME_NUMBER = 0xFFFFFFFF


# ---------------------------------------------------------------------------------------------------- methods

@bridge_method
def ping(params):
    return {"renderdoc": rd.GetVersionString(), "open_captures": list(OPEN.keys())}


@bridge_method
def open_capture(params):
    c = capture(params)
    props = c.controller.GetAPIProperties()
    info = c.controller.GetFrameInfo()
    counters = c.controller.EnumerateCounters()
    draws = [a for a, _ in c.actions if a.flags & rd.ActionFlags.Drawcall]
    api = props.pipelineType.name if hasattr(props.pipelineType, "name") else str(props.pipelineType)
    out = {
        "schema_version": OPEN_CAPTURE_SCHEMA_VERSION, "capture": c.path, "replayed_on": c.replayed_on, "driver": c.driver,
        "api": api,
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
    }
    if required(params, "overview"):
        out["overview"] = frame_overview(c, int(required(params, "marker_depth")),
                                         int(required(params, "max_items")))
        messages = out["overview"]["debug_messages"]["preview"]
        calls = [call(c, "get_frame_digest", "ranked anomalies with their next calls")]
        calls += [call(c, "get_event_insight", "a %s debug message at this action" % m["severity"],
                       event_id=m["event_id"]) for m in messages if m["event_id"] is not None][:3]
        calls.append(call(c, "get_counters", "the draws that touch the most samples", top_n=20))
    else:
        calls = [call(c, "get_frame_digest", "ranked anomalies of the whole frame, each with its next call"),
                 call(c, "open_capture", "marker groups, textures and debug messages", overview=True)]
    out["recommended_next_calls"] = unique(calls)
    if c.replacements_json():
        out["replacements"] = c.replacements_json()
    return out


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


def frame_overview(c, depth, limit):
    """Statistics, marker groups by path, textures and the captured debug messages (open_capture's overview)."""
    textures = [{"texture": c.rid(rid), "name": c.name_of(rid), "format": t.format.Name(), "width": t.width,
                 "height": t.height, "mips": t.mips} for rid, t in sorted(c.textures.items())]
    return {"statistics": statistics(c), "markers": bounded(marker_overview(c, depth), limit),
            "textures": bounded(textures, limit),
            "debug_messages": bounded(message_rows(c), limit)}


@bridge_method
def get_counters(params):
    """The driver's counters, each with one value for the frame, and the draws ranked by RenderDoc's generic
    counters. FetchCounters gives one result per event: a frame value is their sum for counts and durations, or the
    maximum for ratios and percentages, where a sum means nothing (`events_sampled` says how many went in)."""
    c = capture(params)
    counters = list(c.controller.EnumerateCounters())
    described = {int(counter): c.controller.DescribeCounter(counter) for counter in counters}
    per_event = {int(counter): {} for counter in counters}
    for r in c.controller.FetchCounters(counters) if counters else []:
        per_event[int(r.counter)][r.eventId] = counter_value(r.value, described[int(r.counter)])
    rows = []
    for counter in counters:
        d = described[int(counter)]
        values = list(per_event[int(counter)].values())
        summed = d.unit not in (rd.CounterUnit.Ratio, rd.CounterUnit.Percentage)
        rows.append({"counter": int(counter), "name": d.name,
                     "value": (sum(values) if summed else max(values)) if values else None,
                     "unit": d.unit.name.lower(), "aggregation": "sum over events" if summed else "max over events",
                     "events_sampled": len(values), "category": d.category, "description": d.description[:200]})
    by_name = {described[k].name: v for k, v in per_event.items()}
    duration, samples = by_name.get("GPU Duration", {}), by_name.get("Samples Passed", {})
    draws_ranked = []
    for action, path in draws(c):
        e = action.eventId
        draws_ranked.append({"event_id": e, "marker_path": "/".join(path), "name": action.GetName(c.structured),
                             "gpu_duration_ms": duration[e] * 1000 if e in duration else None,
                             "samples_passed": samples.get(e),
                             "rasterized_primitives": by_name.get("Rasterized Primitives", {}).get(e)})
    draws_ranked.sort(key=lambda r: -(r["samples_passed"] or 0))
    calls = [call(c, "get_event_insight", "rank %d by samples passed" % (i + 1), event_id=r["event_id"])
             for i, r in enumerate(draws_ranked[:3])]
    return {"schema_version": SCHEMA_VERSION, "capture": c.path,
            "note": "counter values are for the whole frame (FetchCounters per event, summed, or the maximum for "
                    "ratios); durations (seconds; gpu_duration_ms) are only indicative on software drivers, which "
                    "time draws in nanoseconds to microseconds; sample and primitive counts are exact",
            "counters": bounded(rows, 64), "ranked_by": "samples_passed",
            "draws": bounded(draws_ranked, int(required(params, "top_n"))), "recommended_next_calls": calls}


def counter_value(value, description):
    """The field of a CounterValue that holds this counter's result (by result type and byte width)."""
    if description.resultType == rd.CompType.Float:
        return value.d if description.resultByteWidth == 8 else value.f
    return value.u64 if description.resultByteWidth == 8 else value.u32


@bridge_method
def get_frame_digest(params):
    """Counts, markers, and anomalies computed from data (NaN/Inf texels, bad geometry, API errors and validation
    messages, draws without depth, heavy overdraw), ranked, each with the call that drills into it."""
    c = capture(params)
    found = frame_findings(c, int(required(params, "overdraw_draws")))
    rows = [dict({"severity": f["severity"], "code": f["code"], "event_id": f["event_id"],
                  "marker_path": f["marker_path"], "stage": f["stage"], "message": f["message"]},
                 **{k: f[k] for k in ("call", "attributed_by") if k in f}) for f in found]
    calls = unique(call(c, "get_event_insight", "%s at event %s (%s): the event in context, its findings and "
                        "the calls to the cause" % (f["code"], f["event_id"], f["marker_path"]),
                        event_id=f["event_id"]) for f in found if f["event_id"] is not None)
    if not found:
        calls = [call(c, "get_counters", "no anomaly in the data: the costliest draws", top_n=20)]
    limit = int(required(params, "max_anomalies"))
    out = {"schema_version": FRAME_DIGEST_SCHEMA_VERSION, "capture": c.path, "api": c.driver,
           "statistics": statistics(c),
           "markers": bounded(marker_overview(c, 2), int(required(params, "max_markers"))),
           "anomalies": bounded(rows, limit), "recommended_next_calls": calls[:int(required(params, "max_calls"))]}
    if c.replacements_json():
        out["replacements"] = c.replacements_json()
    return out


@bridge_method
def get_event_insight(params):
    """One action in context: marker path, pipeline (bounded: everything get_pipeline_state answered, which it
    replaced), outputs, input assembly, findings from the data, and the calls that drill to the cause. Cached per capture, event and options: the findings replay the event
    and its predecessor."""
    c = capture(params)
    per_stage = int(required(params, "max_resources_per_stage"))
    event = api_call_event(c, params)
    if event is None:
        event = event_of(c, params)
    key = ("insight", event, per_stage)
    if key not in c.cache:
        c.cache[key] = _event_insight(c, event, per_stage)
    return c.cache[key]


def api_call_event(c, params):
    """The event_id when it names an API call that is not an action (glEnable, vkCmdSetLineWidth, …), else None."""
    event = params.get("event_id")
    if event is None or int(event) in c.by_event or int(event) not in c.api_calls:
        return None
    if c.action_for_event(int(event))[0] is None:
        raise BridgeError("NOT_FOUND", "event %d is an API call after the last action" % int(event),
                          parameter="event_id", valid_range=[min(c.by_event), max(c.by_event)])
    return int(event)


def _event_insight(c, event, per_stage):
    """An action's insight; for an API call, the call at its own marker with the findings about it, and the pipeline
    and outputs of the action it leads to (`action`)."""
    action, path = c.action_for_event(event)
    if event not in c.by_event:
        action = c.action_after(event) or action
    state = pipeline_state(c, action.eventId, per_stage)
    if event in c.by_event:
        findings = event_findings(c, event)
        api_call = None
    else:
        chunk, path = c.api_calls[event]
        findings = [f for f in message_findings(c) if f["event_id"] == event]
        api_call = {"event_id": event, "name": c.structured.chunks[chunk].name, "action_event_id": action.eventId}
    calls = [drill for f in findings for drill in drill_calls(c, f)] or next_anomaly_calls(c, event)
    stage, warning = highlight(findings)
    out = {"schema_version": EVENT_INSIGHT_SCHEMA_VERSION, "capture": c.path, "event_id": event,
           "marker_path": "/".join(path),
           "action": action_json(c, action, c.by_event[action.eventId][1]), "pipeline": state,
           "input_assembly": {"topology": state["topology"], "vertex_buffers": state["vertex_buffers"],
                              "vertices": action.numIndices, "instances": action.numInstances},
           "outputs": {"render_targets": state["color_targets"], "depth_target": state["depth_target"]},
           "findings": [{k: v for k, v in f.items() if k not in ("event_id", "marker_path")} for f in findings],
           "highlight_stage": stage, "warning_message": warning, "recommended_next_calls": unique(calls)}
    if api_call:
        out["api_call"] = api_call
    return out
