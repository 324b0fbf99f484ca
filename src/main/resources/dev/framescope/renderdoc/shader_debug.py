"""debug_shader: one pixel's or one vertex's run of its shader through RenderDoc 1.24's own shader debugger
(DebugPixel or DebugVertex, then ContinueDebug until it returns no more steps, then FreeTrace), summarised into a
bounded answer: steps run, the first step whose result is NaN, Inf or a denormal (its instruction, the operands and
their values, the source line where the shader carries debug info), the outputs at the end, and on request every
live variable after one step, paged. Nothing here evaluates a shader: values are RenderDoc's.

Where RenderDoc cannot debug (OpenGL in 1.24 has no shader debugger; a shader whose debug status says no) the
answer is status "unsupported" with the reason and the calls that answer the same question another way: the
pixel's history, the shader's source and its constants.

Step model (RenderDoc's): state 0 holds the variables as the shader starts; state i > 0 holds the changes made by
running the instruction state i-1 named as its nextInstruction.
"""
import math
import re
import struct
import time

import renderdoc as rd

import shader_sources
from evidence import call, unique
from replay_core import BridgeError, SCHEMA_VERSION, bounded, capture
from scans import targets_of
from shader_values import variable_json
from tier_b import drawn_event

# At most this many steps are run; a longer trace answers with complete false (the shader loops, or is long).
MAX_STEPS = 50_000
# ContinueDebug chunks are run for at most this long (the bridge call's own limit is 60 s).
TIME_LIMIT_S = 20.0
MAX_MEMBERS = 16
SMALLEST_NORMAL = 1.1754943508222875e-38  # float32


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
            "stage": stage_name, "shader": c.rid(refl.resourceId), "replaced": shader_replaced(c, ps, stage)}
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
        walk.run(int(params.get("max_steps") or MAX_STEPS))
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
    x, y, sample = int(params["x"]), int(params["y"]), int(params.get("sample") or 0)
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
    vertex, instance = int(params["vertex"]), int(params.get("instance") or 0)
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


def non_finite_kind(var):
    """'nan', 'inf' or 'denormal' for the worst component of a ShaderVariable (members searched), else None."""
    found = set()
    for m in var.members:
        kind = non_finite_kind(m)
        if kind:
            found.add(kind)
    count = var.rows * var.columns
    if var.type in (rd.VarType.Float, rd.VarType.Half):
        values = list(var.value.f32v)[:count]
    elif var.type == rd.VarType.Double:
        values = list(var.value.f64v)[:count]
    else:
        values = []
    for v in values:
        if math.isnan(v):
            found.add("nan")
        elif math.isinf(v):
            found.add("inf")
        elif v != 0 and abs(v) < SMALLEST_NORMAL:
            found.add("denormal")
    return next((k for k in ("nan", "inf", "denormal") if k in found), None)


IDENTIFIER = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[\d+\])*")
# "float _26 = *_25;" (a load) and "float* _25 = &draw.zero;" (an address), in RenderDoc's SPIR-V disassembly
LOAD = re.compile(r"^\s*[\w\[\]<>]+\*?\s+(_\d+)\s*=\s*[*&]([A-Za-z_][\w.\[\]]*);")


class Walk:
    """The trace run to its end (or MAX_STEPS), keeping only what the answer needs: the live variables as JSON, the
    first non-finite step, the source lines run, and the variables after the step asked for."""

    def __init__(self, c, ps, refl, trace, params):
        self.c = c
        self.trace = trace
        self.refl = refl
        self.wanted_step = params.get("step")
        self.values = {}
        self.steps = 0
        self.complete = False
        self.first = None
        self.snapshot = None
        self.lines = []
        self.instructions = {}
        for info in trace.instInfo:
            li = info.lineInfo
            self.instructions[info.instruction] = (li.fileIndex, li.lineStart, li.disassemblyLine)
        self.names = source_names(trace)
        self.disassembly = shader_sources.disassembly(c, ps, refl)
        self.loaded_from = {}
        for line in self.disassembly:
            m = LOAD.match(line)
            if m:
                self.loaded_from[m.group(1)] = self.loaded_from.get(m.group(2), m.group(2))
        self.files = shader_sources.file_map(refl)
        self.inputs = {v.name: variable_json(v, MAX_MEMBERS) for v in trace.inputs}

    def run(self, max_steps):
        deadline = time.time() + TIME_LIMIT_S
        executed = None
        while self.steps < max_steps and time.time() < deadline:
            chunk = self.c.controller.ContinueDebug(self.trace.debugger)
            if not chunk:
                self.complete = True
                return
            for state in chunk:
                self.step(state, executed)
                executed = state.nextInstruction
                if self.steps >= max_steps:
                    break

    def step(self, state, executed):
        if executed is not None and self.first is None:
            for change in state.changes:
                kind = non_finite_kind(change.after) if change.after.name else None
                if kind:
                    self.first = self.describe(state.stepIndex, executed, change.after, kind)
                    break
        for change in state.changes:
            if change.after.name:
                self.values[change.after.name] = variable_json(change.after, MAX_MEMBERS)
            elif change.before.name:
                self.values.pop(change.before.name, None)
        if executed is not None:
            line = self.instructions.get(executed, (-1, 0, 0))[1]
            if line and (not self.lines or self.lines[-1] != line):
                self.lines.append(line)
        if self.wanted_step is not None and state.stepIndex == int(self.wanted_step):
            self.snapshot = (state.stepIndex, executed, [dict(v) for v in self.values.values()])
        self.steps += 1

    def instruction(self, executed):
        file_index, line, dis_line = self.instructions.get(executed, (-1, 0, 0))
        text = self.disassembly[dis_line - 1].strip() if 0 < dis_line <= len(self.disassembly) else None
        out = {"instruction": executed, "text": text, "disassembly_line": dis_line or None,
               "source": self.files.line(file_index, line)}
        return out

    def describe(self, step, executed, result, kind):
        out = {"step": step, "kind": kind}
        out.update(self.instruction(executed))
        rhs = (out["text"] or "").split("=", 1)[-1]
        result_name = result.name
        operands, seen = [], set()
        for token in IDENTIFIER.findall(rhs):
            if token in seen or token == result_name:
                continue
            seen.add(token)
            value = self.lookup(token)
            if value is not None:
                operands.append(self.named(token, value))
        out["operands"] = operands
        out["result"] = self.named(result_name, variable_json(result, MAX_MEMBERS))
        return out

    def named(self, name, value):
        row = {"name": name, "type": value.get("type"), "value": value.get("value")}
        if value.get("shape"):
            row["shape"] = value["shape"]
        source = self.names.get(name) or self.loaded_from.get(name)
        if source and source != name:
            row["source_name"] = source
        return row

    def lookup(self, token):
        """The value a disassembly identifier holds now: a live variable, an input, or a source name mapped to one
        (members reached by dotted path)."""
        for table in (self.values, self.inputs):
            if token in table:
                return table[token]
        debug = self.names.get("source:" + token)
        if debug:
            return self.lookup_path(debug)
        return self.lookup_path(token) if "." in token else None

    def lookup_path(self, name):
        base, _, rest = name.partition(".")
        value = self.values.get(base) or self.inputs.get(base)
        for part in [p for p in rest.split(".") if p] if value else []:
            members = value.get("value") if isinstance(value.get("value"), list) else []
            value = next((m for m in members if isinstance(m, dict) and m.get("name") == part), None)
            if value is None:
                return None
        return value

    def outputs(self):
        rows = []
        for sig in self.refl.outputSignature:
            debug = self.names.get("source:" + sig.varName)
            value = self.lookup_path(debug) if debug else None
            if value is not None:
                rows.append({"name": sig.varName, "type": value.get("type"), "value": value.get("value")})
        return rows

    def answer(self, params):
        limit = int(params.get("limit") or 32)
        inputs = [self.named(name, value) for name, value in self.inputs.items()]
        out = {"status": "debugged", "steps_run": self.steps, "complete": self.complete,
               "step_limit": int(params.get("max_steps") or MAX_STEPS),
               "source_file": self.files.first_name(), "first_non_finite": self.first,
               "rule": "the first step whose result has a NaN, an Inf or a float32 denormal (0 < |v| < 2^-126) "
                       "component; operands are the identifiers on the instruction's right-hand side, with their "
                       "values just before it ran",
               "outputs": self.outputs(), "inputs": bounded(inputs, limit),
               "source_lines_run": bounded(self.lines, 64)}
        if self.wanted_step is not None:
            out["variables"] = self.variables(params, limit)
        return out

    def variables(self, params, limit):
        step = int(self.wanted_step)
        if self.snapshot is None:
            raise BridgeError("INVALID_ARGUMENT", "step %d: the trace ran %d step(s)" % (step, self.steps),
                              parameter="step", valid_range=[0, max(0, self.steps - 1)])
        _, executed, rows = self.snapshot
        offset = int(params.get("offset") or 0)
        named = [self.named(v["name"], v) for v in rows]
        page = named[offset:offset + limit]
        out = {"step": step, "count": len(named), "offset": offset, "preview": page,
               "truncated": offset + len(page) < len(named)}
        out.update(self.instruction(executed) if executed is not None else
                   {"instruction": None, "text": None, "disassembly_line": None, "source": None})
        return out


def source_names(trace):
    """debug name -> source name, and "source:" + source name -> debug name (with a member path for built-in
    blocks such as gl_PerVertex_var.gl_Position -> _19.gl_Position), from the trace's and each instruction's
    source variable mappings."""
    names = {}
    mappings = list(trace.sourceVars)
    for info in trace.instInfo:
        mappings.extend(info.sourceVars)
    for mapping in mappings:
        debug = {r.name for r in mapping.variables}
        if len(debug) != 1:
            continue
        name = debug.pop()
        names.setdefault(name, mapping.name)
        names.setdefault("source:" + mapping.name, name)
    return names
