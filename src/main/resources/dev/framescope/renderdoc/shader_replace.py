"""replace_shader: swaps the shader of one stage at an event for source the caller gives, in this bridge's replay of
the capture only, with RenderDoc 1.24's own calls (BuildTargetShader, ReplaceResource; RemoveReplacement and
FreeTargetResource to undo), and measures the event before and after: NaN/Inf counts of its float colour targets
(after the event and at the frame's end), the values at the pixels asked for, the digest's findings at the event
afterwards, and a before/after picture of its first colour target.

The replacement changes every event that uses the shader. It lives on the open Capture (Capture.replacements,
original shader id -> Replacement) until restore or until the capture closes (Capture.undo_replacements), and never
reaches the .rdc: RenderDoc applies it to the replay, not to the file. Answers cached on the capture are dropped on
every change, since they were measured with the other shader. Each change (a replacement, a restore) is also told
to replay_core.changed with how to undo it, so a call that is cancelled or fails leaves the shaders as they were; a
shader it took out is freed only once the call is kept, so that the undo can put it back.
"""
import base64
import os
import re
import shutil
import subprocess
import tempfile
import time

import renderdoc as rd

import shader_pictures
from evidence import call, event_findings
from methods import bridge_method, required
from replay_core import BridgeError, SCHEMA_VERSION, bounded, capture, changed, draws
from scans import STAGES, is_float32, non_finite_at, targets_of
from replay_core import drawn_event

LANGUAGES = ("glsl", "spirv_asm")
MAX_PIXELS = 16
MAX_SOURCE_CHARS = 200_000
# "ERROR: source0.glsl:4: 'x' : undeclared identifier" (glslang, Vulkan) and "0:5(27): error: ..." (Mesa, GL)
COMPILE_LINE = re.compile(r"^\s*(?:(?:ERROR|WARNING):\s*)?(?:[\w.\-/]+:)?(\d+)(?:\((\d+)\))?:\s*(?:(?:error|warning):)?"
                          r"\s*(.+)$")
# "error: 3: 1: Expected ..." (spirv-as)
ASSEMBLER_LINE = re.compile(r"^\s*(?:[^:]*:)?\s*error:\s*(\d+):\s*(\d+):\s*(.+)$")


class Replacement:
    def __init__(self, original, built, stage, event, language, chars):
        self.original = original
        self.built = built
        self.stage = stage
        self.event = event
        self.language = language
        self.chars = chars

    def json(self, c):
        return {"shader": c.rid(self.original), "stage": self.stage, "event_id": self.event,
                "language": self.language, "source_chars": self.chars,
                "events": bounded(users_of(c, self.stage, self.original), 32)}


@bridge_method
def replace_shader(params):
    c = capture(params)
    if required(params, "restore"):
        return restore(c, params)
    source = params.get("source")
    if not source:
        raise BridgeError("INVALID_ARGUMENT", "source is required (or restore: true to undo a replacement)",
                          parameter="source")
    if len(source) > MAX_SOURCE_CHARS:
        raise BridgeError("INVALID_ARGUMENT", "source has %d characters, over %d" % (len(source), MAX_SOURCE_CHARS),
                          parameter="source")
    event, stage_name, stage = event_and_stage(c, params)
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    original = ps.GetShader(stage)
    if not int(original):
        raise BridgeError("INVALID_ARGUMENT", "event %d has no %s shader to replace" % (event, stage_name),
                          parameter="stage")
    language = required(params, "language")
    entry = ps.GetShaderEntryPoint(stage) or "main"
    started = time.time()
    built = build(c, language, source, entry, stage, stage_name)
    compile_ms = (time.time() - started) * 1000
    try:
        before = measure(c, event, params)  # refuses a pixel outside the target: the built shader is then freed
    except Exception:
        c.controller.FreeTargetResource(built)
        raise
    previous = c.replacements.get(int(original))
    if previous:
        c.controller.RemoveReplacement(original)
    c.controller.ReplaceResource(original, built)
    replacement = Replacement(original, built, stage_name, event, language, len(source))
    c.replacements[int(original)] = replacement
    c.cache.clear()
    changed(lambda: put_back(c, replacement, previous),
            (lambda: c.controller.FreeTargetResource(previous.built)) if previous else None)
    after = measure(c, event, params)
    out = answer(c, params, event, stage_name, original, "replaced", before, after)
    out["language"] = language
    out["replaced_earlier_replacement"] = previous is not None
    out["timing_ms"] = {"compile": round(compile_ms, 1), "replace_and_measure": round(
        (time.time() - started) * 1000 - compile_ms, 1)}
    return out


def event_and_stage(c, params):
    event = drawn_event(c, params, False)
    stage_name = required(params, "stage")
    member = dict(STAGES).get(stage_name)
    if member is None or stage_name == "compute":
        raise BridgeError("INVALID_ARGUMENT", "stage must be one of %s (a draw's stages)" % [
            n for n, _ in STAGES if n != "compute"], parameter="stage")
    return event, stage_name, getattr(rd.ShaderStage, member)


def build(c, language, source, entry, stage, stage_name):
    """The replacement shader built by RenderDoc for this API; a compile error names its lines."""
    if language not in LANGUAGES:
        raise BridgeError("INVALID_ARGUMENT", "language must be one of %s" % list(LANGUAGES), parameter="language")
    encodings = list(c.controller.GetTargetShaderEncodings())
    if language == "glsl":
        if rd.ShaderEncoding.GLSL not in encodings:
            raise BridgeError("INVALID_ARGUMENT", "RenderDoc cannot build GLSL for %s captures (it builds %s)" % (
                c.driver, ", ".join(e.name for e in encodings)), parameter="language")
        encoding, data = rd.ShaderEncoding.GLSL, source.encode()
    else:
        if rd.ShaderEncoding.SPIRV not in encodings:
            raise BridgeError("INVALID_ARGUMENT", "SPIR-V assembly replaces shaders of Vulkan captures; this is %s: "
                              "give GLSL" % c.driver, parameter="language")
        encoding, data = rd.ShaderEncoding.SPIRV, assemble(source)
    built, log = c.controller.BuildTargetShader(entry, encoding, data, rd.ShaderCompileFlags(), stage)
    if not int(built):
        errors = compile_errors(log)
        raise BridgeError("INVALID_ARGUMENT", "the %s source does not compile for the %s stage: %s" % (
            language, stage_name, "; ".join("line %d: %s" % (e["line"], e["message"]) for e in errors[:4])
            or log.strip()[:300]), parameter="source", compile_errors=errors[:32],
            compiler_log=log.strip()[:2000], nothing_replaced=True)
    return built


def compile_errors(log):
    out = []
    for line in log.split("\n"):
        m = COMPILE_LINE.match(line)
        if m and "compilation terminated" not in m.group(3):
            row = {"line": int(m.group(1)), "message": m.group(3).strip()}
            if m.group(2):
                row["column"] = int(m.group(2))
            out.append(row)
    return out


def assemble(source):
    """SPIR-V assembly through spirv-as (Debian's spirv-tools), for Vulkan, targeting SPIR-V 1.0 as glslang does."""
    tool = shutil.which("spirv-as")
    if tool is None:
        raise BridgeError("ENGINE_UNAVAILABLE", "spirv-as is not installed; it assembles SPIR-V text: apt-get install "
                          "spirv-tools (or give GLSL)", parameter="language", fix="apt-get install spirv-tools")
    with tempfile.TemporaryDirectory(prefix="framescope-spirv-") as folder:
        text, binary = os.path.join(folder, "shader.spvasm"), os.path.join(folder, "shader.spv")
        with open(text, "w") as f:
            f.write(source)
        done = subprocess.run([tool, "--target-env", "vulkan1.0", "-o", binary, text], capture_output=True,
                              text=True, timeout=30)
        if done.returncode != 0:
            errors = []
            for line in (done.stderr + done.stdout).split("\n"):
                m = ASSEMBLER_LINE.match(line)
                if m:
                    errors.append({"line": int(m.group(1)), "column": int(m.group(2)), "message": m.group(3)})
            raise BridgeError("INVALID_ARGUMENT", "the SPIR-V assembly does not assemble: %s" % (
                "; ".join("line %d: %s" % (e["line"], e["message"]) for e in errors[:4]) or done.stderr.strip()[:300]),
                parameter="source", compile_errors=errors[:32], compiler_log=done.stderr.strip()[:2000],
                nothing_replaced=True)
        with open(binary, "rb") as f:
            return f.read()


def users_of(c, stage_name, shader):
    """Every draw that runs this shader at this stage, in event order ({event_id, marker_path}). GetShader keeps
    naming the original shader while it is replaced, so the map is built once per capture and stays right."""
    table = getattr(c, "shader_users", None)
    if table is None:
        table = c.shader_users = {}
        for action, _ in draws(c):
            c.controller.SetFrameEvent(action.eventId, False)
            ps = c.controller.GetPipelineState()
            for name, member in STAGES:
                used = int(ps.GetShader(getattr(rd.ShaderStage, member)))
                if used:
                    table.setdefault((name, used), []).append(action.eventId)
    events = table.get((stage_name, int(shader)), [])
    return [{"event_id": e, "marker_path": "/".join(c.by_event[e][1])} for e in events]


def measure(c, event, params):
    """The event's colour targets after it (float ones scanned for NaN/Inf, also at the frame's end), the pixels
    asked for, and the picture of the first target."""
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    colour, _ = targets_of(c, ps)
    textures = [(t, c.textures.get(c.raw_id(t["resource"]))) for t in colour]
    textures = [(t, tex) for t, tex in textures if tex is not None]
    end = max(c.by_event)
    counts, values = {}, {}
    for ref, tex in textures:
        if is_float32(tex):
            nan, inf = non_finite_at(c, tex, event)
            end_nan, end_inf = non_finite_at(c, tex, end)
            counts[ref["resource"]] = (len(nan), len(inf), len(end_nan), len(end_inf))
    c.controller.SetFrameEvent(event, True)
    for ref, tex in textures:
        values[ref["resource"]] = shader_pictures.pixel_rgba(c, tex, points(params, tex))
    picture = shader_pictures.picture(c, textures[0][1]) if textures else None
    return {"targets": textures, "counts": counts, "values": values, "picture": picture}


def points(params, texture):
    out = []
    for p in required(params, "pixels")[:MAX_PIXELS]:
        x, y = int(p["x"]), int(p["y"])
        if x >= texture.width or y >= texture.height:
            raise BridgeError("INVALID_ARGUMENT", "pixel (%d, %d) is outside the target (%dx%d)" % (
                x, y, texture.width, texture.height), parameter="pixels",
                valid_range=[[0, 0], [texture.width - 1, texture.height - 1]])
        out.append((x, y))
    return out


def answer(c, params, event, stage_name, original, status, before, after):
    targets, pixels = [], []
    for ref, tex in after["targets"]:
        row = {"texture": ref["resource"], "name": ref["name"], "format": tex.format.Name()}
        b, a = before["counts"].get(ref["resource"]), after["counts"].get(ref["resource"])
        if b is None or a is None:
            row["skipped"] = "not a 32-bit float target: NaN and Inf cannot be stored in %s" % tex.format.Name()
        else:
            row.update({"nan_pixels": {"before": b[0], "after": a[0]}, "inf_pixels": {"before": b[1], "after": a[1]},
                        "nan_pixels_frame_end": {"before": b[2], "after": a[2]},
                        "inf_pixels_frame_end": {"before": b[3], "after": a[3]}})
        targets.append(row)
        for (x, y), was, now in zip(points(params, tex), before["values"].get(ref["resource"], []),
                                    after["values"].get(ref["resource"], [])):
            pixels.append({"texture": ref["resource"], "name": ref["name"], "x": x, "y": y, "before": was,
                           "after": now})
    findings = [{k: f[k] for k in ("severity", "code", "stage", "message")} for f in event_findings(c, event)]
    action, path = c.by_event[event]
    users = users_of(c, stage_name, original)
    out = {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "marker_path": "/".join(path),
           "stage": stage_name, "shader": c.rid(original), "status": status,
           "events_using_shader": bounded(users, 32),
           "other_events": [u["event_id"] for u in users if u["event_id"] != event][:32],
           "targets": targets, "pixels": pixels, "findings_after": findings,
           "replacements": c.replacements_json(),
           "note": "the replacement is in this session's replay only: every tool (analyze_nan_inf, get_texture, "
                   "get_frame_digest, ...) sees it at every event listed until replace_shader restore: true or "
                   "until the capture closes; the .rdc file is never written"}
    pictures = [p for p in (before["picture"], after["picture"]) if p]
    if len(pictures) == 2:
        png, meta = shader_pictures.side_by_side(before["picture"], after["picture"])
        meta.update({"texture": after["targets"][0][0]["resource"], "name": after["targets"][0][0]["name"]})
        out["picture"] = meta
        out["picture_png_base64"] = base64.b64encode(png).decode("ascii")
    else:
        out["picture"] = None
    calls = [call(c, "analyze_nan_inf", "NaN/Inf texels of every float target with this shader in place")]
    if status == "replaced":
        calls.append(call(c, "replace_shader", "undo: the original shader back", event_id=event, stage=stage_name,
                          restore=True))
    out["recommended_next_calls"] = calls
    return out


def restore(c, params):
    """restore: true with event_id undoes the replacement of that event's stage shader and measures it as
    replace_shader does; without event_id it undoes every replacement in the capture."""
    if params.get("event_id") is None:
        undone = [r.json(c) for r in c.replacements.values()]
        for replacement in list(c.replacements.values()):
            take_out(c, replacement)
        return {"schema_version": SCHEMA_VERSION, "capture": c.path, "status": "restored" if undone else
                "nothing_to_restore", "restored": undone, "replacements": [],
                "note": "every shader of this capture is the captured one again"}
    event, stage_name, stage = event_and_stage(c, params)
    c.controller.SetFrameEvent(event, True)
    original = c.controller.GetPipelineState().GetShader(stage)
    replacement = c.replacements.get(int(original))
    if replacement is None:
        return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": event, "stage": stage_name,
                "status": "nothing_to_restore", "restored": [],
                "replacements": c.replacements_json(),
                "note": "the %s shader at event %d is the captured one; nothing to undo" % (stage_name, event)}
    started = time.time()
    before = measure(c, event, params)
    take_out(c, replacement)
    after = measure(c, event, params)
    out = answer(c, params, event, stage_name, original, "restored", before, after)
    out["restored"] = [replacement.json(c)]
    out["timing_ms"] = {"compile": 0.0, "replace_and_measure": round((time.time() - started) * 1000, 1)}
    return out


def take_out(c, replacement):
    """restore: the captured shader back; the replacement's is freed once the call is kept (undo puts it back)."""
    c.controller.RemoveReplacement(replacement.original)
    c.replacements.pop(int(replacement.original), None)
    c.cache.clear()
    changed(lambda: put_in(c, replacement), lambda: c.controller.FreeTargetResource(replacement.built))


def put_in(c, replacement):
    c.controller.ReplaceResource(replacement.original, replacement.built)
    c.replacements[int(replacement.original)] = replacement
    c.cache.clear()


def put_back(c, replacement, previous):
    """Undoes a replacement: the shader in place before it (the captured one, or an earlier replacement) is back."""
    c.controller.RemoveReplacement(replacement.original)
    c.controller.FreeTargetResource(replacement.built)
    c.replacements.pop(int(replacement.original), None)
    if previous:
        c.controller.ReplaceResource(previous.original, previous.built)
        c.replacements[int(previous.original)] = previous
    c.cache.clear()
