#!/usr/bin/env python3
"""Shader batch throughput: compile_effect and render_effect_frame over a whole folder of effects in one warm session,
in summary mode (counts per status and the failures only), and the effects/s it reaches. Fetches nothing: give it a
folder (e.g. a checkout of the public ISF files). Usage: scripts/bench_batch.py FOLDER [--backend webgl2]
[--pages]: instead, render_effect_frame in full mode page by page (offset = the previous page's next_offset) until the
folder is done, with the pages, the effects each ran (page.processed) and seconds.
[--jar PATH]: another build's JAR (say, a checkout of the commit before a change)."""
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


def pages(proc, root, args):
    """Full mode, page after page: what each page shows, what it ran, and the time for the whole folder."""
    offset, page, ran, shown, t0 = 0, 0, 0, 0, time.perf_counter()
    while offset is not None:
        page += 1
        ms, message = bench.call(proc, 100 + page, "render_effect_frame", {
            "effect": args.effect, "effects_root": root, "backend": args.backend, "offset": offset})
        info = answer(message)["page"]
        ran += info["processed"]
        shown += info["shown"]
        print("page %d from %d: ran %d, shown %d, %.1f s" % (page, offset, info["processed"], info["shown"],
                                                            ms / 1000))
        offset = info.get("next_offset")
    print("%d pages, %d effects shown, %d effect runs, %.1f s" % (page, shown, ran, time.perf_counter() - t0))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--effect", default="*")
    parser.add_argument("--backend", default="webgl2")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--pages", action="store_true")
    parser.add_argument("--jar", default="target/framescope.jar")
    args = parser.parse_args()
    launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framescope")
    bench.ARGS = types.SimpleNamespace(jar=args.jar)
    proc = bench.session([launcher])
    request_id = 10
    first, _ = bench.call(proc, request_id, "compile_effect", {"effect": "synth/gradient"})
    print("first shader call %.0f ms" % first)
    root = os.path.abspath(args.folder)
    if args.pages:
        pages(proc, root, args)
        bench.stop(proc)
        return
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
