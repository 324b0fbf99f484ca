#!/usr/bin/env python3
"""What the non-finite probe and the pass trace cost render_effect_frame (issue 27; figures: docs/benchmarks.md).
One server over MCP stdio (scripts/bench.py's session), paced calls (0.5 s apart, as an agent's are), p50 and max
of N calls per case. Give --jar a build without the probe to measure "before"; arguments it does not know
(trace_x, pass_images) are then left out of the cases, so only the plain frames are compared.

    scripts/probe-cost.py --jar target/framescope.jar --calls 15
"""
import argparse
import importlib.util
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("bench", os.path.join(ROOT, "scripts", "bench.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

FIXTURES = os.path.join(ROOT, "demo", "shaders", "non-finite")
CASES = [
    ("synth/gradient webgl2 256²", {"effect": "synth/gradient"}),
    ("synth/gradient webgpu 256²", {"effect": "synth/gradient", "backend": "webgpu"}),
    ("synth/trails (2 passes, feedback) 256²", {"effect": "synth/trails", "time": 0.05}),
    ("Soft Blur (ISF, 3 passes) 256²", {"effect": "Soft Blur", "effects_root": FIXTURES}),
    ("Soft Blur 512²", {"effect": "Soft Blur", "effects_root": FIXTURES, "width": 512, "height": 512}),
    ("Soft Blur 256² + trace", {"effect": "Soft Blur", "effects_root": FIXTURES, "trace_x": 100, "trace_y": 50}),
    ("Soft Blur 256² + trace + pass_images", {"effect": "Soft Blur", "effects_root": FIXTURES, "trace_x": 100,
                                             "trace_y": 50, "pass_images": True}),
    ("probe/nan-box webgpu 256² + trace", {"effect": "probe/nan-box", "effects_root": FIXTURES, "backend": "webgpu",
                                          "trace_x": 10, "trace_y": 5}),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jar", default="target/framescope.jar")
    parser.add_argument("--calls", type=int, default=15)
    parser.add_argument("--pause", type=float, default=0.5)
    args = parser.parse_args()
    bench.ARGS = args
    proc = bench.session(["java", "-Xlog:disable", "-jar", args.jar])
    request_id = 10
    bench.call(proc, request_id, "render_effect_frame", {"effect": "synth/gradient"})  # starts Chromium
    for label, arguments in CASES:
        times = []
        for _ in range(args.calls):
            time.sleep(args.pause)
            request_id += 1
            try:
                times.append(bench.call(proc, request_id, "render_effect_frame", arguments)[0])
            except RuntimeError as e:
                print("  %-44s skipped: %s" % (label, str(e)[:90]))
                break
        if times:
            print("  %-44s p50 %4.0f  max %4.0f ms" % (label, statistics.median(times), max(times)))
    bench.stop(proc)


if __name__ == "__main__":
    sys.exit(main())
