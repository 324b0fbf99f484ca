"""debug_shader: one pixel's or one vertex's run of its shader through RenderDoc 1.24's own shader debugger
(DebugPixel or DebugVertex, then ContinueDebug until it returns no more steps, then FreeTrace), summarised into a
bounded answer: steps run, the first step whose result is NaN, Inf or a denormal (its instruction, the operands and
their values, the source line where the shader carries debug info), the outputs at the end, and on request every
live variable after one step, paged. Nothing here evaluates a shader: values are RenderDoc's.

Where RenderDoc cannot debug (OpenGL in 1.24 has no shader debugger; a shader whose debug status says no) the
answer is status "unsupported" with the reason and the calls that answer the same question another way: the
pixel's history, the shader's source and its constants. Reading the trace is shader_trace's.
"""
import struct
import time

import renderdoc as rd

from evidence import call, unique
from methods import bridge_method, required
from replay_core import BridgeError, SCHEMA_VERSION, capture
from scans import targets_of
from shader_trace import Walk
from replay_core import drawn_event


@bridge_method
def debug_shader(params):
    c = capture(params)
    event = drawn_event(c, params, False)
    pixel = params.get("x") is not None or params.get("y") is not None
    vertex = params.get("vertex")
    if pixel and vertex is not None:
        raise BridgeError("INVALID_ARGUMENT", "give a pixel (x and y) or a vertex, not both", parameter="vertex")
    if not pixel and vertex is None:
        raise BridgeError("INVALID_ARGUMENT", "give a pixel (x and y) or a vertex (its index in the draw)",
                          parameter="x")
    if pixel and (params.get("x") is None or params.get("y") is None):
        raise BridgeError("INVALID_ARGUMENT", "a pixel needs both x and y", parameter="y" if params.get("x")
                          is not None else "x")
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    stage_name, stage = ("pixel", rd.ShaderStage.Pixel) if pixel else ("vertex", rd.ShaderStage.Vertex)
    action, path = c.by_event[event]
    if not int(ps.GetShader(stage)):
        raise BridgeError("INVALID_ARGUMENT", "event %d (%s) draws with no %s shader bound%s" % (
            event, "/".join(path), stage_name, " (a depth-only pass): debug one of its vertices (vertex) instead"
            if pixel else ""), parameter="event_id", stage=stage_name)
    refl = ps.GetShaderReflection(stage)
    head = {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "marker_path": "/".join(path),
            "stage": stage_name, "shader": c.rid(ps.GetShader(stage)), "replaced": shader_replaced(c, ps, stage)}
    if pixel:
        head["pixel"] = pixel_of(c, ps, params)
    else:
        head["vertex"] = vertex_of(c, ps, action, params)
    why = not_debuggable(c, refl)
    if why:
        return unsupported(c, head, why, params)
    started = time.time()
    if pixel:
        p = head["pixel"]
        trace = c.controller.DebugPixel(p["x"], p["y"], p["sample"], rd.ReplayController.NoPreference)
    else:
        v = head["vertex"]
        trace = c.controller.DebugVertex(v["vertex"], v["instance"], v["index"], 0)
    try:
        if trace is None or trace.debugger is None:
            raise no_invocation(c, head, ps)
        walk = Walk(c, ps, refl, trace, params)
        walk.run(int(required(params, "max_steps")))
        head["trace_ms"] = round((time.time() - started) * 1000, 1)
        return dict(head, recommended_next_calls=debugged_calls(c, head, walk.first), **walk.answer(params))
    finally:
        if trace is not None:
            c.controller.FreeTrace(trace)


def shader_replaced(c, ps, stage):
    """Whether replace_shader swapped this stage's shader in this session (GetShader keeps naming the original)."""
    return int(ps.GetShader(stage)) in c.replacements


def not_debuggable(c, refl):
    props = c.controller.GetAPIProperties()
    if not props.shaderDebugging:
        return "RenderDoc %s cannot debug %s shaders (the API reports no shader debugging for this capture)" % (
            rd.GetVersionString(), c.driver)
    if not refl.debugInfo.debuggable:
        return "RenderDoc cannot debug this shader: %s" % (refl.debugInfo.debugStatus or "no reason given")
    return None


def unsupported(c, head, why, params):
    """The UNSUPPORTED answer: the reason, and ready calls that answer the same question without a debugger."""
    event, stage = head["event_id"], head["stage"]
    calls = [call(c, "get_shader_info", "the %s shader's source and its constant values: the expression that "
                  "makes the bad value" % stage, event_id=event, stage=stage, include_constants=True)]
    colour, _ = targets_of(c, c.controller.GetPipelineState())
    if "pixel" in head and colour:
        p = head["pixel"]
        calls.insert(0, call(c, "pixel_history", "every write to this pixel of %s with the shader's output "
                             "and the values before and after" % colour[0]["name"], texture=colour[0]["resource"],
                             x=p["x"], y=p["y"], event_id=event))
        calls.append(call(c, "analyze_nan_inf", "the history entries of this pixel that hold NaN or Inf",
                          texture=colour[0]["resource"], x=p["x"], y=p["y"], event_id=event))
    if "vertex" in head:
        calls.insert(0, call(c, "geometry_anomalies", "this draw's vertices after the vertex shader, the "
                             "offending ones listed", event_id=event))
    return dict(head, status="unsupported", message="UNSUPPORTED: %s; call %s instead" % (
        why, ", ".join(k["tool"] for k in calls)), recommended_next_calls=unique(calls))


def debugged_calls(c, head, first):
    """After a trace: the shader's source and constants around the bad step, then (a pixel) its history."""
    event, stage = head["event_id"], head["stage"]
    line = first["source"]["line"] if first and first["source"] else None
    calls = [call(c, "get_shader_info", ("the source around line %d and the constants the bad step read" % line)
                  if line else "the shader's source and its constants", event_id=event, stage=stage,
                  include_constants=True)]
    target = head.get("pixel", {}).get("target")
    if target and first:
        calls.append(call(c, "pixel_history", "every write to this pixel of %s" % (target["name"] or "the target"),
                          texture=target["resource"], x=head["pixel"]["x"], y=head["pixel"]["y"], event_id=event))
    return calls


def pixel_of(c, ps, params):
    """The pixel (top-left origin) and sample, checked against the size of what the draw renders to."""
    x, y, sample = int(params["x"]), int(params["y"]), int(required(params, "sample"))
    colour, depth = targets_of(c, ps)
    bound = colour[0] if colour else depth
    texture = c.textures.get(c.raw_id(bound["resource"])) if bound else None
    if texture is not None:
        for name, value, size in (("x", x, texture.width), ("y", y, texture.height)):
            if value >= size:
                raise BridgeError("INVALID_ARGUMENT", "%s %d is outside %s (%dx%d) that event %d renders to" % (
                    name, value, bound["name"] or bound["resource"], texture.width, texture.height,
                    params["event_id"]), parameter=name, valid_range=[0, size - 1])
        if sample >= max(1, texture.msSamp):
            raise BridgeError("INVALID_ARGUMENT", "sample %d: %s has %d sample(s)" % (
                sample, bound["name"] or bound["resource"], texture.msSamp), parameter="sample",
                valid_range=[0, max(1, texture.msSamp) - 1])
    return {"x": x, "y": y, "sample": sample, "target": bound}


def vertex_of(c, ps, action, params):
    """The vertex (0-based in the draw) and instance, with the index RenderDoc 1.24 wants: on Vulkan it adds a
    non-indexed draw's first vertex itself, so such a draw passes the plain vertex number, while an indexed draw
    passes the index buffer's value plus the draw's vertex offset (measured: other sums read past the buffers)."""
    vertex, instance = int(params["vertex"]), int(required(params, "instance"))
    if vertex >= action.numIndices:
        raise BridgeError("INVALID_ARGUMENT", "vertex %d: the draw at event %d has %d vertices" % (
            vertex, action.eventId, action.numIndices), parameter="vertex",
            valid_range=[0, max(0, action.numIndices - 1)])
    if instance >= max(1, action.numInstances):
        raise BridgeError("INVALID_ARGUMENT", "instance %d: the draw at event %d has %d instance(s)" % (
            instance, action.eventId, action.numInstances), parameter="instance",
            valid_range=[0, max(1, action.numInstances) - 1])
    index = vertex
    if action.flags & rd.ActionFlags.Indexed:
        ib = ps.GetIBuffer()
        width = ib.byteStride or 2
        raw = c.controller.GetBufferData(ib.resourceId, ib.byteOffset + (action.indexOffset + vertex) * width, width)
        index = struct.unpack("<" + {1: "B", 2: "H", 4: "I"}[width], raw)[0] + action.baseVertex
    elif c.driver != "Vulkan":
        index = vertex + action.vertexOffset
    return {"vertex": vertex, "instance": instance, "index": index}


def no_invocation(c, head, ps):
    if "pixel" not in head:
        return BridgeError("NOT_FOUND", "RenderDoc ran no vertex shader for vertex %d of event %d" % (
            head["vertex"]["vertex"], head["event_id"]), parameter="vertex")
    p = head["pixel"]
    colour, _ = targets_of(c, ps)
    context = {"parameter": "x"}
    if colour:
        context["next_call"] = call(c, "pixel_history", "which events wrote this pixel", texture=colour[0]["resource"],
                                    x=p["x"], y=p["y"], event_id=head["event_id"])
    return BridgeError("NOT_FOUND", "the draw at event %d (%s) shades no fragment at (%d, %d): its triangles do not "
                       "cover that pixel, or depth, stencil or the scissor rejected it; pixel_history lists the events "
                       "that wrote it" % (head["event_id"], head["marker_path"], p["x"], p["y"]), **context)
