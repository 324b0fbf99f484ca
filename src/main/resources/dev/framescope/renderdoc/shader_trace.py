"""A shader debugger trace read to its end, for debug_shader: RenderDoc 1.24's states in order (state 0 holds the
variables as the shader starts; state i > 0 the changes made by running the instruction state i-1 named as its
nextInstruction), kept as JSON of the live variables only, so memory does not grow with the steps. Nothing here
evaluates a shader: every value is RenderDoc's."""
import math
import re
import time

import renderdoc as rd

import shader_sources
from methods import required
from replay_core import BridgeError, bounded
from shader_values import variable_json

# ContinueDebug chunks are run for at most this long (the bridge call's own limit is 60 s).
TIME_LIMIT_S = 20.0
MAX_MEMBERS = 16
SMALLEST_NORMAL = 1.1754943508222875e-38  # float32


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
    """The trace run to its end (or max_steps), keeping only what the answer needs: the live variables as JSON, the
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
        limit = int(required(params, "limit"))
        inputs = [self.named(name, value) for name, value in self.inputs.items()]
        out = {"status": "debugged", "steps_run": self.steps, "complete": self.complete,
               "step_limit": int(required(params, "max_steps")),
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
        offset = int(required(params, "offset"))
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
