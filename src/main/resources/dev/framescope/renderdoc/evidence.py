"""What the data says about one event, shared by the digest and get_event_insight (and the pipeline state it
includes) so they never disagree: findings with one severity table, the pipeline stage the evidence points to (the original design's
IA, VS, RS, PS, OM), and the calls that drill from a finding to its cause. Results are cached per capture and event
(a replay of the event and its predecessor and a diff of the float targets cost tens of milliseconds)."""
import bisect
import collections
import json
import re

import renderdoc as rd

from geometry import geometry_anomalies
from replay_core import draws
from scans import box, is_float32, non_finite_at, targets_of


# code: (severity, stage the evidence points to). One table for every answer that reports a finding.
FINDINGS = {
    "nan_written": ("high", "PS"),
    "inf_written": ("high", "PS"),
    "bad_vertex_positions": ("high", "VS"),
    "no_vertex_shader": ("high", "VS"),
    "no_outputs_bound": ("high", "OM"),
    "api_error": ("high", None),
    "uv_out_of_range": ("medium", "IA"),
    "no_pixel_shader": ("medium", "PS"),
    "many_draws_one_group": ("medium", "OM"),
    "api_warning": ("medium", None),
    "degenerate_triangles": ("low", "VS"),
    "small_or_empty_draw": ("low", "IA"),
    "api_message": ("info", None),
    "no_depth_target": ("info", "RS"),
}

RANK = {"high": 0, "medium": 1, "low": 2, "info": 3}

# The findings' own rules for a draw's vertices, asked of geometry_anomalies as a tool call would ask them: a clip-space
# |coordinate| over 1e4 is huge, UVs outside [0, 1] are out of range (the tool's defaults, which a caller may change
# there but not here); the draw is the only one, the counts are what the findings use.
GEOMETRY_RULES = {"huge": 1e4, "uv_margin": 0.0, "max_draws": 1, "max_vertices": 16}

# What an agent should look at first: NaN/Inf writes, then bad geometry, then API errors, validation messages and
# pipeline state, then cost. Severity orders findings within a class, so a high API error never hides a NaN write.
CLASSES = {"nan_written": 0, "inf_written": 0,
           "bad_vertex_positions": 1, "no_vertex_shader": 1, "uv_out_of_range": 1, "degenerate_triangles": 1,
           "small_or_empty_draw": 1,
           "api_error": 2, "api_warning": 2, "api_message": 2, "no_outputs_bound": 2, "no_pixel_shader": 2,
           "no_depth_target": 2,
           "many_draws_one_group": 3}

# RenderDoc's message severities → the code a debug message is reported under.
MESSAGE_CODES = {"High": "api_error", "Medium": "api_warning", "Low": "api_message", "Info": "api_message"}


def finding(code, message, **extra):
    severity, stage = FINDINGS[code]
    return dict({"severity": severity, "code": code, "stage": stage, "message": message}, **extra)


def ranked(findings):
    return sorted(findings, key=lambda f: (CLASSES[f["code"]], RANK[f["severity"]], f.get("event_id") or 0))


def call(c, tool, why, **arguments):
    """A ready-to-send tool call."""
    return {"tool": tool, "arguments": dict(arguments, capture=c.path), "why": why}


def unique(calls):
    """Calls in order, each once (the same tool with the same arguments is one call)."""
    seen, out = set(), []
    for c in calls:
        key = (c["tool"], json.dumps(c["arguments"], sort_keys=True))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def message_rows(c):
    """Every debug message at the API call it is about (its own event and marker), with the action that call leads
    to and how it was placed (cached: the attribution reads the structured file)."""
    if "message_rows" not in c.cache:
        c.cache["message_rows"] = [_message_row(c, m, event, how) for m, (event, how) in
                                   zip(c.messages, message_calls(c))]
    return c.cache["message_rows"]


def _message_row(c, m, event, how):
    chunk, path = c.api_calls.get(event, (None, c.action_for_event(event)[1]))
    action = c.action_after(event)
    return {"event_id": event, "call": c.structured.chunks[chunk].name if chunk is not None else None,
            "action_event_id": action.eventId if action else None, "api_event_id": m.eventId,
            "attributed_by": how, "marker_path": "/".join(path), "severity": m.severity.name.lower(),
            "category": m.category.name, "source": m.source.name, "message_id": m.messageID,
            "description": m.description[:300]}


# Actions whose chunk carries the debug messages raised since the one before (RenderDoc's GL driver serialises
# them with draws, clears, dispatches, mip generation and copies; measured: not with markers, glFlush, glFinish
# or glBlitFramebuffer, whose messages wait for the next of these). A message cannot be about a call before one.
CARRIES_MESSAGES = (rd.ActionFlags.Drawcall | rd.ActionFlags.Clear | rd.ActionFlags.Dispatch | rd.ActionFlags.GenMips
                    | rd.ActionFlags.Copy)


def message_calls(c):
    """(event, attributed_by) for each message: the API call it is about. GL files its debug output under the next
    action that carries messages, past any markers between (glEnable(0xdead), then a glDebugMessageInsert marker
    and a push, is filed under the glClear after them); Vulkan validation under the call itself. So the call is
    one since the last action that carried messages that the message names: one whose parameters it quotes
    ('quoted_call') before one it only names ('named_call'), the nearest; k messages that fit the same calls are
    the last k of them in order (two glHint(target) messages under one draw are the two glHint calls). A message
    that names no call there (the application's own, RenderDoc's replay checks) keeps RenderDoc's event
    ('filed_event'). Each window of calls is indexed once and each distinct text looked up once: a frame that
    repeats one bad call thousands of times before a draw files as many identical messages under it."""
    carriers = sorted({e for e, (a, _) in c.by_event.items() if a.flags & CARRIES_MESSAGES}
                      | {m.eventId for m in c.messages})
    windows, found, same = {}, {}, {}
    groups = collections.defaultdict(list)
    out = [(m.eventId, "filed_event") for m in c.messages]
    for i, m in enumerate(c.messages):
        at = bisect.bisect_left(carriers, m.eventId)
        span = (carriers[at - 1] if at else 0, m.eventId)
        key = span + (m.description,)
        if key not in found:
            if span not in windows:
                windows[span] = _calls_by_name(c, *span)
            events, how = _candidates(windows[span], m.description.lower())
            found[key] = (same.setdefault(events, events), how)  # one object per set of calls, to group by
        events, how = found[key]
        if events:
            groups[(m.eventId, id(events))].append((i, events, how))
    for members in groups.values():
        for rank, (i, events, how) in enumerate(members):
            out[i] = (events[max(0, len(events) - len(members) + rank)], how)
    return out


def _calls_by_name(c, since, until):
    """The API calls in (since, until], by lower-case function name: [(event, chunk)] in event order."""
    calls = collections.defaultdict(list)
    for event in range(since + 1, until + 1):
        if event in c.api_calls:
            chunk = c.structured.chunks[c.api_calls[event][0]]
            calls[chunk.name.lower()].append((event, chunk))
    return calls


def _candidates(calls, text):
    """The calls a message could be about, in event order, and how: those it quotes, else those it names."""
    quoted, named = [], []
    for name, made in calls.items():
        if re.search(r"\b%s\b" % re.escape(name), text):
            for event, chunk in made:
                named.append(event)
                if any(value and value in text for value in (parameter_text(chunk.GetChild(i))
                                                             for i in range(chunk.NumChildren()))):
                    quoted.append(event)
    return (tuple(sorted(quoted)), "quoted_call") if quoted else (tuple(sorted(named)), "named_call")


def parameter_text(parameter):
    """A parameter's value as a message would quote it: GLenum(dead) as dead; nothing for structures."""
    if parameter.NumChildren():
        return None
    text = parameter.AsString().lower()
    inner = re.fullmatch(r"\w+\((\w+)\)", text)
    return inner.group(1) if inner else (text if len(text) > 1 else None)


def message_findings(c):
    """Every debug or validation message the capture recorded, as a finding at the API call it is about (cached:
    every draw's findings look theirs up here)."""
    if "message_findings" not in c.cache:
        c.cache["message_findings"] = [
            finding(MESSAGE_CODES.get(m.severity.name, "api_message"), "%s: %s" % (row["category"],
                    row["description"]), event_id=row["event_id"], marker_path=row["marker_path"], call=row["call"],
                    attributed_by=row["attributed_by"]) for m, row in zip(c.messages, message_rows(c))]
    return c.cache["message_findings"]


def event_findings(c, event):
    """Findings at one action, from its pipeline state, geometry, float targets and debug messages (cached)."""
    key = ("findings", event)
    if key not in c.cache:
        c.cache[key] = _event_findings(c, event)
    return c.cache[key]


def _event_findings(c, event):
    action, path = c.by_event[event]
    marker = "/".join(path)
    found = [f for f in message_findings(c) if f["event_id"] == event]
    is_draw = bool(action.flags & rd.ActionFlags.Drawcall)
    if not is_draw:
        return [dict(f, marker_path=marker) for f in found]
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    colour, depth = targets_of(c, ps)
    if not int(ps.GetShader(rd.ShaderStage.Vertex)):
        found.append(finding("no_vertex_shader", "no vertex shader bound"))
    if not int(ps.GetShader(rd.ShaderStage.Pixel)):
        found.append(finding("no_pixel_shader", "no pixel/fragment shader bound"))
    if not colour and not depth:
        found.append(finding("no_outputs_bound", "no colour or depth target bound"))
    elif colour and not depth:
        found.append(finding("no_depth_target", "draw renders with no depth target bound; RS highlighted as the "
                             "design has it: depth testing cannot happen"))
    if action.numIndices < 3:
        found.append(finding("small_or_empty_draw", "%d vertices" % action.numIndices))
    geometry = geometry_anomalies(dict(GEOMETRY_RULES, capture=c.path, event_id=event))["draws"]["preview"]
    if geometry:
        g = geometry[0]
        if g["bad_vertices"]["count"]:
            found.append(finding("bad_vertex_positions", "%d vertices with NaN/Inf/huge positions after the vertex "
                                 "shader" % g["bad_vertices"]["count"]))
        if g["degenerate_triangles"]:
            found.append(finding("degenerate_triangles", "%d zero-area triangles" % len(g["degenerate_triangles"])))
        if g["uv_out_of_range"]:
            found.append(finding("uv_out_of_range", "UVs (%s) span %.4g..%.4g" % (
                g["uv_range"]["attribute"], g["uv_range"]["min"] + 0.0, g["uv_range"]["max"] + 0.0)))
    found.extend(_non_finite_writes(c, event, colour))
    c.controller.SetFrameEvent(event, True)
    return [dict(f, event_id=event, marker_path=marker) for f in found]


def _non_finite_writes(c, event, colour):
    out = []
    earlier = [e for e in c.by_event if e < event]
    for t in colour:
        texture = c.textures.get(c.raw_id(t["resource"]))
        if texture is None or not is_float32(texture):
            continue
        nan, inf = _non_finite_after(c, texture, event)
        if earlier:
            was_nan, was_inf = _non_finite_after(c, texture, max(earlier))
            nan, inf = nan - was_nan, inf - was_inf
        if nan:
            out.append(finding("nan_written", "this event writes %d NaN texels to %s" % (len(nan), t["name"]),
                               texture=t["resource"], texture_name=t["name"], box=box(nan, texture.width)))
        if inf:
            out.append(finding("inf_written", "this event writes %d Inf texels to %s" % (len(inf), t["name"]),
                               texture=t["resource"], texture_name=t["name"], box=box(inf, texture.width)))
    return out


def _non_finite_after(c, texture, event):
    """NaN and Inf texels of a texture after an event, cached: the digest walks draws in order, so each draw's
    predecessor was usually scanned already."""
    key = ("non_finite", int(texture.resourceId), event)
    if key not in c.cache:
        c.cache[key] = non_finite_at(c, texture, event)
    return c.cache[key]


def highlight(findings):
    """The stage of the most severe finding that points to one, and the warning the design shows with it."""
    staged = [f for f in ranked(findings) if f["stage"]]
    if not staged:
        return None, None
    stage = staged[0]["stage"]
    return stage, "%s; %s highlighted" % (staged[0]["message"].split(";")[0], stage)


def drill_calls(c, f):
    """The calls that lead from a finding to its cause: the shader and its constants, the pixel, the vertices. Other
    findings (API messages, missing shaders or targets, no depth target) are shown whole by the insight itself, whose
    pipeline is what get_pipeline_state used to be recommended for, so they lead nowhere further."""
    e = f["event_id"]
    why = "%s at event %s (%s)" % (f["code"], e, f.get("marker_path", ""))
    if f["code"] in ("nan_written", "inf_written"):
        return [call(c, "get_shader_info", why + ": the fragment shader's source and constant values show what "
                     "divides or overflows", event_id=e, stage="pixel", include_constants=True),
                call(c, "pixel_history", why + ": every write to the first bad texel", texture=f["texture"],
                     x=f["box"][0], y=f["box"][1], event_id=e)]
    if f["code"] in ("bad_vertex_positions", "degenerate_triangles", "uv_out_of_range"):
        return [call(c, "geometry_anomalies", why + ": the offending vertices", event_id=e),
                call(c, "get_shader_info", why + ": the vertex shader's source and constant values", event_id=e,
                     stage="vertex", include_constants=True)]
    return []


def next_anomaly_calls(c, event):
    """The insight of the anomaly ranked after this event's first finding (the frame's first one when the event has
    none), so an agent that follows first recommendations walks the digest's ranking to its end and stops. Costs
    the digest's scan once per capture."""
    found = [f for f in frame_findings(c, OVERDRAW_DRAWS) if f["event_id"] is not None]
    mine = [i for i, f in enumerate(found) if f["event_id"] == event]
    after = found[mine[0] + 1:] if mine else found
    for f in after:
        if f["event_id"] != event:
            return [call(c, "get_event_insight", "next anomaly: %s at event %s (%s)" % (
                f["code"], f["event_id"], f["marker_path"]), event_id=f["event_id"])]
    return []


# A marker group with this many draws is reported as an overdraw or batching candidate (the digest's default).
OVERDRAW_DRAWS = 8


def frame_findings(c, overdraw_draws):
    """Findings over the whole frame, for the digest: every draw's findings, every debug message, and marker
    groups with many draws (cached)."""
    key = ("frame_findings", overdraw_draws)
    if key not in c.cache:
        c.cache[key] = _frame_findings(c, overdraw_draws)
    return c.cache[key]


def _frame_findings(c, overdraw_draws):
    out = []
    for action, _ in draws(c):
        out.extend(event_findings(c, action.eventId))
    drawn = {action.eventId for action, _ in draws(c)}
    out.extend(f for f in message_findings(c) if f["event_id"] not in drawn)
    groups = {}
    for action, path in draws(c):
        groups.setdefault("/".join(path), []).append(action.eventId)
    for marker, events in groups.items():
        if len(events) >= overdraw_draws:
            out.append(finding("many_draws_one_group", "%d draws in one marker group (overdraw or batching "
                               "candidate)" % len(events), event_id=events[0], marker_path=marker))
    return ranked(out)
