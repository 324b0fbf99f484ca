#!/usr/bin/env python3
"""Runs every effect of noisemaker's library (`shaders/effects/<category>/<name>/definition.js`, every category
folder: synth, filter, mixer, render, points, synth3d, filter3d, classicNoisedeck, ...) through FrameScope: compile_effect and render_effect_frame on WebGL2 and on WebGPU (128x128, time
0.25, 4 frames, defaults) over real MCP stdio, and prints per category and backend how many pass, are UNSUPPORTED (with the
feature) and fail (with the reason). Figures: docs/benchmarks.md. Fetches nothing: give it a local checkout or a
bare git mirror of the repository (its `shaders/effects` is exported with `git archive` into a temporary folder).

    scripts/noisemaker-corpus.py ~/src/noisemaker            # a checkout
    scripts/noisemaker-corpus.py /path/to/noisemaker.git     # a bare mirror: git archive HEAD shaders/effects

Nothing of the library is written inside the repository.
"""
import argparse
import collections
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("glt", os.path.join(ROOT, "scripts", "gl-transitions-corpus.py"))
glt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(glt)


def categories_of(root):
    """Every folder of `root` that holds at least one effect (a subfolder with a definition.js)."""
    return sorted(c for c in os.listdir(root) if os.path.isdir(os.path.join(root, c))
                  and any(os.path.isfile(os.path.join(root, c, e, "definition.js")) for e in os.listdir(os.path.join(root, c))))


def effects_root(source, scratch):
    """The shaders/effects folder of a checkout, or of a bare mirror exported into `scratch`."""
    checkout = os.path.join(source, "shaders", "effects")
    if os.path.isdir(checkout):
        return checkout
    archive = subprocess.run(["git", "-C", source, "archive", "HEAD", "shaders/effects"], check=True,
                             stdout=subprocess.PIPE).stdout
    subprocess.run(["tar", "-x", "-C", scratch], input=archive, check=True)
    return os.path.join(scratch, "shaders", "effects")


def first_error(result):
    for program in result.get("programs", []):
        for d in program.get("diagnostics", []):
            if d["severity"] == "error":
                return "%s %s line %s: %s" % (program.get("program"), d.get("stage"), d.get("line"), d["message"])
    return (result.get("error") or {}).get("message") or result["status"]


def run(server, root, ids, backend, size, time_value, frames):
    status = {}
    for batch in glt.batches(ids):
        selector = ",".join(batch)
        compiled = server.call("compile_effect", {"effect": selector, "backend": backend, "effects_root": root})
        for result in compiled["effects"]["preview"]:
            if result["status"] == "unsupported":
                status[result["effect"]] = ("unsupported", first_error(result))
            elif result["status"] != "ok":
                status[result["effect"]] = ("compile", first_error(result))
        todo = [i for i in batch if i not in status]
        if not todo:
            continue
        frames_out = []
        for group in [todo] + [[i] for i in todo]:
            if len(group) == 1 and len(todo) == 1 and frames_out:
                break
            if len(group) == 1 and frames_out and group[0] in [f["effect"] for f in frames_out]:
                continue
            try:
                rendered = server.call("render_effect_frame", {"effect": ",".join(group), "effects_root": root,
                                                             "backend": backend, "width": size, "height": size,
                                                             "time": time_value, "frames": frames})
                frames_out.extend(rendered["frames"]["preview"])
            except RuntimeError as e:  # a batch over its time: each effect again on its own
                if len(group) == 1:
                    status[group[0]] = ("render", str(e))
        for frame in frames_out:
            if frame["status"] != "ok":
                d = frame.get("diagnostics") or []
                status[frame["effect"]] = ("render", d[0]["message"] if d else frame.get("note") or frame["status"])
            else:
                status[frame["effect"]] = ("ok", "blank" if frame["metrics"]["is_essentially_blank"] else "")
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", help="a noisemaker checkout, or a bare git mirror of it")
    parser.add_argument("--jar", default=os.path.join(ROOT, "target", "framescope.jar"))
    parser.add_argument("--size", type=int, default=128)
    parser.add_argument("--time", type=float, default=0.25)
    parser.add_argument("--frames", type=int, default=4, help="frames drawn up to the time (feedback effects)")
    parser.add_argument("--category", action="append", help="only these categories (default: every category folder)")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="noisemaker-corpus-")
    try:
        root = effects_root(args.source, scratch)
        categories = args.category or categories_of(root)
        server = glt.Server(args.jar)
        started = time.perf_counter()
        ids = [i for c in categories for i in sorted(os.listdir(os.path.join(root, c)))
               if os.path.isfile(os.path.join(root, c, i, "definition.js")) for i in [c + "/" + i]]
        results = {b: run(server, root, ids, b, args.size, args.time, args.frames) for b in ("webgl2", "webgpu")}
        elapsed = time.perf_counter() - started
        server.close()
        for backend, status in results.items():
            for category in categories:
                mine = {i: s for i, s in status.items() if i.startswith(category + "/")}
                counts = collections.Counter(s[0] for s in mine.values())
                print("%s %s: %d effects, %d ok (%d blank), %d unsupported, %d compile errors, %d render errors"
                      % (backend, category, len(mine), counts["ok"],
                         sum(1 for s in mine.values() if s == ("ok", "blank")), counts["unsupported"],
                         counts["compile"], counts["render"]))
                blank = [i for i, s in sorted(mine.items()) if s == ("ok", "blank")]
                if blank:
                    print("  rendered essentially blank with the defaults (not a failure): " + ", ".join(blank))
                for effect_id, (kind, why) in sorted(mine.items()):
                    if kind != "ok":
                        print("  %s %s: %s" % (kind, effect_id, (why or "")[:220].replace("\n", " ")))
        print("%d effects x 2 backends in %.1f s, compile + render each" % (len(ids), elapsed))
    finally:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    sys.exit(main())
