"""RenderDoc shader tools part of the FrameScope benchmark (scripts/bench.py --only renderdoc_shaders; method:
docs/benchmarks.md): debug_shader and replace_shader through the MCP round trip on the committed fixtures, each
capture in a fresh server whose first open_capture (bridge start and replay) is not counted.

- trace: debug_shader at a pixel the fixture's NaN draw covers (DebugPixel, every ContinueDebug step, FreeTrace and
  the summary), and at one vertex of a draw;
- replace and measure: replace_shader with the NaN draw's pixel shader guarded (compile, ReplaceResource, then the
  event's float targets scanned after the event and at the frame's end, before and after, the pixels, the digest's
  findings at the event and the before/after picture), then restore: true (the same measurements again).
"""
import json
import os

# capture, marker of the NaN draw, pixel inside it, division its pixel shader guards (None: debug only)
FIXTURES = [("vk_defects", "NaN quad", (20, 20), "draw.zero / draw.zero"),
            ("vk_lighting", "Lit floor", (41, 25), None),
            ("gl_defects", "NaN quad", (20, 20), "zero / zero")]


def answer(result):
    text = result["content"][0]["text"]
    return json.loads(text[text.index("{"):])


def renderdoc_shaders(bench, cmd, runs):
    for name, marker, (x, y), division in FIXTURES:
        capture = os.path.abspath(os.path.join("demo", "captures", name + ".rdc"))
        proc = bench.session(cmd)
        ids = iter(range(10, 100000))
        bench.call(proc, next(ids), "open_capture", {"capture": capture})
        event = answer(bench.call(proc, next(ids), "iterate_actions", {
            "capture": capture, "marker_filter": marker, "draws_only": True})[1])["preview"][0]["event_id"]
        pixel = [bench.call(proc, next(ids), "debug_shader", {"capture": capture, "event_id": event, "x": x,
                                                               "y": y})[0] for _ in range(runs)]
        vertex = [bench.call(proc, next(ids), "debug_shader", {"capture": capture, "event_id": event,
                                                                "vertex": 2})[0] for _ in range(runs)]
        line = "renderdoc_shaders %s: debug_shader pixel p50 %.0f ms (max %.0f), vertex p50 %.0f ms (max %.0f)" % (
            name, bench.pct(pixel, 0.5), max(pixel), bench.pct(vertex, 0.5), max(vertex))
        if division:
            source = answer(bench.call(proc, next(ids), "get_shader_info", {
                "capture": capture, "event_id": event})[1])["source_files"][0]["source"]
            zero = division.split(" ")[0]
            guarded = source.replace(division, "(%s == 0.0 ? 0.0 : %s)" % (zero, division))
            replaced, restored = [], []
            for _ in range(runs):
                replaced.append(bench.call(proc, next(ids), "replace_shader", {
                    "capture": capture, "event_id": event, "source": guarded, "pixels": [{"x": x, "y": y}]})[0])
                restored.append(bench.call(proc, next(ids), "replace_shader", {
                    "capture": capture, "event_id": event, "restore": True})[0])
            line += "; replace_shader (compile, replace, measure) p50 %.0f ms (max %.0f), restore p50 %.0f ms" % (
                bench.pct(replaced, 0.5), max(replaced), bench.pct(restored, 0.5))
        bench.stop(proc)
        print(line + " (%d runs each)" % runs)
