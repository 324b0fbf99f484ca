#!/usr/bin/env python3
"""Shader batch throughput: compile_effect and render_effect_frame over a whole folder of effects in one warm session,
in summary mode (counts per status and the failures only), and the effects/s it reaches. Fetches nothing: give it a
folder (e.g. a checkout of the public ISF files). Usage: scripts/bench_batch.py FOLDER [--backend webgl2]"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import types  # noqa: E402


def answer(result):
    if "structuredContent" in result:
        return result["structuredContent"]
    text = result["content"][0]["text"]
    return json.loads(text.split("\n\n", 1)[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--effect", default="*")
    parser.add_argument("--backend", default="webgl2")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framescope")
    bench.ARGS = types.SimpleNamespace(jar="target/framescope.jar")
    proc = bench.session([launcher])
    request_id = 10
    first, _ = bench.call(proc, request_id, "compile_effect", {"effect": "synth/gradient"})
    print("first shader call %.0f ms" % first)
    root = os.path.abspath(args.folder)
    for run in range(args.runs):
        for tool, extra in (("compile_effect", {"backend": args.backend}), ("render_effect_frame", {"backend": args.backend})):
            request_id += 1
            ms, message = bench.call(proc, request_id, tool, dict({"effect": args.effect, "effects_root": root,
                                                                   "mode": "summary"}, **extra))
            report = answer(message)
            total = report.get("page", {}).get("total") or 0
            print("run %d %-18s %d effects in %.1f s: %.1f effects/s; %s" % (run + 1, tool, total, ms / 1000,
                                                                            total / (ms / 1000),
                                                                            report.get("summary", "")[:160]))
    bench.stop(proc)


if __name__ == "__main__":
    sys.exit(main())
