"""diff_captures: two captures compared, e.g. the frame before and after a change or on two drivers. Actions are
aligned by marker path, name and occurrence (the n-th action of that name in that group), never by event id; each
pair of draws is compared on what it draws with (shaders by content, pipeline state, bound resources by debug name,
counts); the final colour target of each is compared pixel by pixel (diff_pixels.py); the digest's anomalies
(evidence.py) are matched by code and marker path. What is not compared is listed in the answer's `ignored`, so a
capture against itself, or the same scene taken through another window system, answers no difference. Captures of
two APIs are reported as such, not compared draw by draw."""
import collections
import hashlib

import renderdoc as rd

import diff_pixels
from evidence import OVERDRAW_DRAWS, call, frame_findings, unique
from methods import bridge_method, required
from replay_core import SCHEMA_VERSION, BridgeError, bounded, capture, flag_names
from scans import STAGES, used_read_only

# What two captures of the same scene may legitimately differ in, and so is never reported as a difference.
IGNORED = [
    "event and action ids (actions are aligned by marker path, name and occurrence)",
    "resource ids (resources are compared by debug name where both captures know it, else by type, format and "
    "size: RenderDoc drops the name of a buffer re-specified between frames from a target-control capture)",
    "resources no action uses, such as the window system's backbuffer RenderDoc creates at replay (an EGL pbuffer "
    "and a GLX window give different backbuffer formats)",
    "marker-only actions (push/pop of debug groups) and frame-boundary actions: the present or swap that ends a "
    "frame taken through target control or RenderDoc's UI, the End of Capture that ends an in-application one",
    "timings and counters, file sizes and capture timestamps",
]

# Actions that are bookkeeping rather than work: never aligned or reported. A frame's boundary depends on how it was
# taken, not on what it draws: target control ends it at the present (glXSwapBuffers, vkQueuePresentKHR), the
# in-application API at RenderDoc's End of Capture (flagged Present too), so two takes of one frame differ there.
BOOKKEEPING = (rd.ActionFlags.PopMarker | rd.ActionFlags.SetMarker | rd.ActionFlags.PushMarker
               | rd.ActionFlags.Present)


@bridge_method
def diff_captures(params):
    limit = int(required(params, "limit"))
    if not params.get("other_capture"):
        raise BridgeError("INVALID_ARGUMENT", "other_capture is required", parameter="other_capture")
    # Both stay open: the replay keeps the two most recently used captures, and the second open makes the first
    # the older one, so a third capture opened earlier is the one closed.
    a = capture({"capture": params.get("capture")})
    try:
        b = capture({"capture": params["other_capture"]})
    except BridgeError as e:
        if e.context.get("parameter") == "capture":
            e.context["parameter"] = "other_capture"
        raise
    out = {"schema_version": SCHEMA_VERSION, "capture": a.path, "other_capture": b.path,
           "api": {"capture": a.driver, "other": b.driver}, "same_file": a is b, "ignored": IGNORED}
    if a.driver != b.driver:
        out.update({"verdict": "different_api",
                    "actions": {"capture": len(work(a)), "other": len(work(b))},
                    "recommended_next_calls": [call(a, "get_frame_digest", "each frame on its own: captures of two "
                                                    "APIs are not compared draw by draw"),
                                               call(b, "get_frame_digest", "the other frame on its own")]})
        return out
    pairs, only_a, only_b = align(a, b)
    # Draws and dispatches are compared field by field; other matched actions (clears, copies, finishes) by being
    # matched at all.
    drawn = [(ea, eb, key) for ea, eb, key in pairs if is_draw(a, ea) or is_draw(b, eb)]
    names = known_names(a) & known_names(b)
    differing = []
    for (ea, eb, key) in drawn:
        fields = differences(labelled(draw_state(a, ea), names), labelled(draw_state(b, eb), names))
        if fields:
            differing.append({"marker_path": key[0], "name": key[1], "occurrence": key[2], "event_id": ea,
                              "other_event_id": eb, "differences": fields})
    pixels, image = diff_pixels.compare(a, b, limit)
    anomalies = anomaly_diff(a, b, limit)
    # Targets that could not be compared (sizes differ, one frame has none, a format not decoded whose bytes
    # differ) are a difference; two frames that draw into no colour target at all are not.
    targets = pixels["target"]
    uncompared = not pixels["compared"] and (targets["capture"] is not None or targets["other"] is not None)
    different = bool(differing or only_a or only_b or pixels["differing_pixels"] or uncompared
                     or anomalies["only_in_capture"]["count"] or anomalies["only_in_other"]["count"])
    out.update({
        "verdict": "different" if different else "no_difference",
        "actions": {"capture": len(work(a)), "other": len(work(b)), "matched": len(pairs),
                    "only_in_capture": bounded(only_a, limit), "only_in_other": bounded(only_b, limit)},
        "draws": {"compared": len(drawn), "differing": bounded(differing, limit)},
        "pixels": pixels, "anomalies": anomalies,
        "recommended_next_calls": next_calls(a, b, differing, anomalies),
    })
    if image is not None and required(params, "image"):
        out["diff_png_base64"] = image
    return out


def work(c):
    return [(a, p) for a, p in c.actions if not a.flags & BOOKKEEPING and a.GetName(c.structured) != "End of Capture"]


def is_draw(c, event):
    return bool(c.by_event[event][0].flags & (rd.ActionFlags.Drawcall | rd.ActionFlags.Dispatch))


def keyed(c):
    """(marker path, name, occurrence) → event, in event order."""
    seen, out = {}, []
    for action, path in work(c):
        base = ("/".join(path), action.GetName(c.structured))
        seen[base] = seen.get(base, 0) + 1
        out.append((base + (seen[base],), action.eventId))
    return out


def align(a, b):
    ka, kb = keyed(a), keyed(b)
    in_b = dict(kb)
    in_a = dict(ka)
    pairs = [(ea, in_b[key], key) for key, ea in ka if key in in_b]
    only_a = [row(key, e) for key, e in ka if key not in in_b]
    only_b = [row(key, e) for key, e in kb if key not in in_a]
    return pairs, only_a, only_b


def row(key, event):
    return {"marker_path": key[0], "name": key[1], "occurrence": key[2], "event_id": event}


def differences(sa, sb):
    return [{"field": f, "capture": sa.get(f), "other": sb.get(f)} for f in sorted(set(sa) | set(sb))
            if sa.get(f) != sb.get(f)]


class Resource(collections.namedtuple("Resource", "name shape")):
    """A resource in a draw's state: its debug name (None when it has none) and its kind, format and size."""


def known_names(c):
    """The debug names a capture gives its resources (not RenderDoc's generated ones)."""
    return {r.name for r in c.resources.values() if r.name and not r.autogeneratedName}


def resource(c, resource_id):
    raw = int(resource_id)
    if not raw:
        return None
    named = c.resources.get(raw)
    texture, buf = c.textures.get(raw), c.buffers.get(raw)
    if texture is not None:
        shape = "texture %s %dx%d" % (texture.format.Name(), texture.width, texture.height)
    elif buf is not None:
        shape = "buffer of %d bytes" % buf.length
    else:
        shape = "resource"
    return Resource(named.name if named is not None and named.name and not named.autogeneratedName else None, shape)


def labelled(value, names):
    """A draw's state with each resource as both captures know it: by name where both have that name, else by kind,
    format and size (one take may have lost a name the other kept); lists of what shaders read sorted after."""
    if isinstance(value, Resource):
        return value.name if value.name in names else value.shape
    if isinstance(value, tuple):  # (binding, resource) as a shader reads it
        return "%s: %s" % (value[0], labelled(value[1], names))
    if isinstance(value, list):
        return [labelled(v, names) for v in value]
    if isinstance(value, dict):
        out = {k: labelled(v, names) for k, v in value.items()}
        if "read_only_resources" in out:
            out["read_only_resources"].sort()
        return out
    return value


def shader_label(c, ps, stage):
    shader = ps.GetShader(stage)
    if not int(shader):
        return None
    refl = ps.GetShaderReflection(stage)
    digest = hashlib.sha256(bytes(refl.rawBytes)).hexdigest()[:16] if refl else "no reflection"
    return {"entry_point": ps.GetShaderEntryPoint(stage), "sha256": digest}


def depth_state(c, ps):
    if c.driver == "OpenGL":
        d = c.controller.GetGLPipelineState().depthState
        return {"test": bool(d.depthEnable), "function": d.depthFunction.name, "write": bool(d.depthWrites)}
    if c.driver == "Vulkan":
        d = c.controller.GetVulkanPipelineState().depthStencil
        return {"test": bool(d.depthTestEnable), "function": d.depthFunction.name, "write": bool(d.depthWriteEnable)}
    return None


def blend_state(b):
    """One target's blending. A disabled blend's equation does nothing, yet the API keeps the last one set (GL keeps
    glBlendFunc across glDisable), so it is compared only while blending is on: otherwise every draw after a change
    would differ in a state that draws nothing differently."""
    state = {"enabled": bool(b.enabled), "write_mask": b.writeMask}
    if b.enabled:
        state["colour"] = [b.colorBlend.source.name, b.colorBlend.destination.name, b.colorBlend.operation.name]
    return state


def draw_state(c, event):
    """What one action draws with, as comparable values (no ids): cached per capture and event."""
    key = ("diff_state", event)
    if key in c.cache:
        return c.cache[key]
    action, _ = c.by_event[event]
    state = {"flags": flag_names(action.flags), "num_indices": action.numIndices,
             "num_instances": action.numInstances,
             "outputs": [resource(c, o) for o in action.outputs if int(o)],
             "depth_output": resource(c, action.depthOut)}
    if is_draw(c, event):
        c.controller.SetFrameEvent(event, True)
        ps = c.controller.GetPipelineState()
        for name, member in STAGES:
            shader = shader_label(c, ps, getattr(rd.ShaderStage, member))
            if shader:
                state["shader." + name] = shader
        viewport = ps.GetViewport(0)
        state["topology"] = ps.GetPrimitiveTopology().name
        state["viewport"] = [viewport.x, viewport.y, viewport.width, viewport.height]
        state["blend"] = [blend_state(b) for b in ps.GetColorBlends()[:len(state["outputs"]) or 1]]
        state["depth"] = depth_state(c, ps)
        state["vertex_buffers"] = [{"buffer": resource(c, v.resourceId), "stride": v.byteStride,
                                    "offset": v.byteOffset} for v in ps.GetVBuffers() if int(v.resourceId)]
        ib = ps.GetIBuffer()
        state["index_buffer"] = resource(c, ib.resourceId)
        state["read_only_resources"] = read_only(c, ps)
    c.cache[key] = state
    return state


def read_only(c, ps):
    """The resources each stage's shader reads (scans.used_read_only: by reflection, not every bound unit), as
    (binding, resource)."""
    out = []
    for name, member in STAGES:
        stage = getattr(rd.ShaderStage, member)
        if int(ps.GetShader(stage)):
            for binding in used_read_only(c, ps, stage, ps.GetShaderReflection(stage)):
                out.extend((binding["shader_name"], resource(c, c.raw_id(r["resource"])))
                           for r in binding["resources"])
    return out


def anomaly_diff(a, b, limit):
    """The digest's anomalies matched by code and marker path (event ids differ between captures): those only one
    capture has."""
    fa, fb = frame_findings(a, OVERDRAW_DRAWS), frame_findings(b, OVERDRAW_DRAWS)
    ka = [(f["code"], f["marker_path"]) for f in fa]
    kb = [(f["code"], f["marker_path"]) for f in fb]
    only_a = [shown(f) for f, k in zip(fa, ka) if k not in kb]
    only_b = [shown(f) for f, k in zip(fb, kb) if k not in ka]
    return {"capture": len(fa), "other": len(fb), "in_both": sum(1 for k in ka if k in kb),
            "only_in_capture": bounded(only_a, limit), "only_in_other": bounded(only_b, limit)}


def shown(f):
    return {"severity": f["severity"], "code": f["code"], "event_id": f["event_id"], "marker_path": f["marker_path"],
            "message": f["message"]}


def next_calls(a, b, differing, anomalies):
    calls = []
    for d in differing[:2]:
        why = "event %d (%s) differs in %s" % (d["event_id"], d["marker_path"],
                                               ", ".join(x["field"] for x in d["differences"][:3]))
        calls.append(call(a, "get_event_insight", why + ": this capture's side", event_id=d["event_id"]))
        calls.append(call(b, "get_event_insight", why + ": the other capture's side", event_id=d["other_event_id"]))
    for side, c in (("only_in_capture", a), ("only_in_other", b)):
        for f in anomalies[side]["preview"][:2]:
            if f["event_id"] is not None:
                calls.append(call(c, "get_event_insight", "%s at %s only in this capture" % (f["code"],
                                                                                            f["marker_path"]),
                                  event_id=f["event_id"]))
    return unique(calls)
