"""debug_effect part of the FrameScope benchmark (scripts/bench.py --only debug; method: docs/benchmarks.md, "debug_effect
(issue 35)"): from the tools/call to the trace's answer, in one warm server, for a one-pass effect and a three-pass
effect of demo/shaders/debug at 256x256, with the split the server logs at debug level on stderr:

- glslang: glslangValidator -V -g -R on the pass's text, and spirv-opt trimming the module (SpirvCompiler);
- native: effect_pass drawing the pass on lavapipe and RenderDoc capturing it, child process start to exit
  (NativeRenderer);
- replay: iterate_actions and debug_shader on the new capture (RenderDoc's bridge opens and replays the capture,
  then DebugPixel and every step), as ToolInvoker logs each nested call;
- chromium: the rest, call minus the above: Chromium drawing the frame with the pass's snapshot (program text,
  uniforms, inputs and output read back as floats), packing the uniforms and writing the inputs, the agreement
  check and the answer. render_effect_frame on the same effect and size, timed beside it, is the draw without the
  snapshot.

The first call of each effect (the first also starts Chromium and RenderDoc's bridge; each compiles its effect the
first time) is not counted, and is printed apart.
"""
import json
import os
import re
import subprocess
import tempfile

EFFECTS = [("one pass", "transitions/nanFade"), ("three passes", "isf/Three Pass NaN")]
ROOT = "demo/shaders/debug"
SPLIT = [("glslang", re.compile(r"debug_effect: glslang (\d+) ms, spirv-opt (\d+) ms")),
         ("native", re.compile(r"effect_pass drew and captured \S+ in (\d+) ms")),
         ("replay", re.compile(r"(?:iterate_actions|debug_shader) answered in (\d+) ms"))]


def debug_effect(bench, cmd, runs, size=256):
    log = tempfile.NamedTemporaryFile(prefix="framescope-bench-debug-", suffix=".log", delete=False)
    env = dict(os.environ, FRAMESCOPE_LOG_LEVEL="debug", FRAMESCOPE_JAR=os.path.abspath(bench.ARGS.jar),
               FRAMESCOPE_STATE_DIR=tempfile.mkdtemp(prefix="framescope-bench-debug-state-"))
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env)
    bench.send(proc, bench.INIT)
    bench.reply(proc, 1)
    bench.send(proc, bench.INITIALIZED)
    ids = iter(range(10, 100000))
    try:
        for label, effect in EFFECTS:
            arguments = {"effect": effect, "effects_root": os.path.abspath(ROOT), "width": size, "height": size}
            first = bench.call(proc, next(ids), "debug_effect", arguments)[0]  # warm-up, not counted
            bench.call(proc, next(ids), "render_effect_frame", arguments)
            totals, parts, draws, summary = [], {name: [] for name, _ in SPLIT}, [], ""
            for _ in range(runs):
                draws.append(bench.call(proc, next(ids), "render_effect_frame", arguments)[0])
                start = os.path.getsize(log.name)
                elapsed, result = bench.call(proc, next(ids), "debug_effect", arguments)
                lines = read_from(log.name, start)
                totals.append(elapsed)
                for name, pattern in SPLIT:
                    parts[name].append(sum(int(v) for m in pattern.finditer(lines) for v in m.groups()))
                text = result["content"][0]["text"]
                summary = json.loads(text[text.index("{"):])["summary"]
            chromium = [t - sum(parts[n][i] for n in parts) for i, t in enumerate(totals)]
            print("debug_effect %s (%s, %dx%d), %d runs: p50 %.0f ms, max %.0f ms; split p50: chromium + rest %.0f, "
                  "glslang + spirv-opt %.0f, native draw + capture %.0f, replay + debug_shader %.0f ms; "
                  "render_effect_frame alone p50 %.0f ms; first call (not counted) %.0f ms"
                  % (label, effect, size, size, runs, bench.pct(totals, 0.5), max(totals), bench.pct(chromium, 0.5),
                     bench.pct(parts["glslang"], 0.5), bench.pct(parts["native"], 0.5),
                     bench.pct(parts["replay"], 0.5), bench.pct(draws, 0.5), first))
            print("  " + summary[:200])
    finally:
        bench.stop(proc)
        os.unlink(log.name)


def read_from(path, offset):
    with open(path, encoding="utf-8", errors="replace") as f:
        f.seek(offset)
        return f.read()
