#!/usr/bin/env python3
"""Runs every ISF file (.fs) under a folder through FrameScope in one server over MCP stdio: analyze_effect's
structure analysis (check_effect_structure before; the whole folder, twice: cold, then warm from glslang's cache),
then compile_effect (WebGL2) and render_effect_frame (128x128, at 0.5 s: time 0.0625 of the 8 s loop) for each file,
and prints the counts (figures: docs/benchmarks.md). Fetches nothing: give it a folder you have, e.g. a checkout of
the public ISF files (github.com/Vidvox/ISF-Files, folder ISF):

    scripts/isf-corpus.py /tmp/isf-files/ISF

Each file ends in one class:
  ok             compiles and renders (frames that are essentially blank are counted, not failed);
  unsupported    FrameScope says UNSUPPORTED, with its reason;
  file error     WebGL2 rejects the file at a line of the file (or its .vs) and glslangValidator, checking the
                 same text offline, rejects it too: the file's own GLSL is invalid, and FrameScope says where;
  failure        anything else: an error with no line in the file, an error only WebGL2 finds (to look at), or
                 a render that fails after a clean compile. These are what to fix.
The folder is only read; nothing is written into it.
"""
import argparse
import collections
import importlib.util
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("gl_transitions_corpus",
                                               os.path.join(ROOT, "scripts", "gl-transitions-corpus.py"))
_corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_corpus)
Server, batches = _corpus.Server, _corpus.batches


def reason(message):
    """A message without its names and numbers, for grouping."""
    message = re.sub(r"'[^']*'", "'…'", message or "unknown")
    message = re.sub(r"`[^`]*`", "`…`", message)
    return re.sub(r"\d+", "N", message)[:140]


def structure(server, folder):
    """The structure analysis over the folder, cold then warm: seconds per call and the files glslang rejects."""
    times = []
    report = None
    for _ in range(2):
        started = time.perf_counter()
        report = server.call("analyze_effect", {"effect": "*", "analysis": "structure", "effects_root": folder})
        times.append(time.perf_counter() - started)
    return times, report


def glslang_errors(server, folder, ids):
    """Ids (of those given) that glslang rejects at a line of their own file."""
    rejected = set()
    for batch in batches(ids):
        report = server.call("analyze_effect", {"effect": ",".join(batch), "analysis": "structure",
                                                "effects_root": folder})
        for effect in report["effects"]["preview"]:
            if any(f["code"] == "GLSL_ERROR" and f.get("line") for f in effect["findings"]):
                rejected.add(effect["effect"])
    return rejected


def classify(compiled):
    """(class, reason) of one compile_effect result that is not ok, or None when it is ok."""
    if compiled["status"] == "ok":
        return None
    if compiled["status"] == "unsupported":
        return "unsupported", (compiled.get("error") or {}).get("message")
    errors = [d for p in compiled.get("programs", []) for d in p["diagnostics"] if d["severity"] == "error"]
    if not errors:
        return "failure", "compile: " + str((compiled.get("error") or {}).get("message"))
    first = errors[0]
    if first.get("line") is None or "prelude" in first["message"]:
        return "failure", "compile, no line in the file: " + first["message"]
    return "file error?", "line %s: %s" % (first["line"], first["message"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="a folder of ISF files (.fs, with .vs companions and images beside them)")
    parser.add_argument("--jar", default=os.path.join(ROOT, "target", "framescope.jar"))
    parser.add_argument("--size", type=int, default=128, help="frame width and height in pixels")
    parser.add_argument("--time", type=float, default=0.0625, help="effect time, 0..1 over the 8 s loop")
    parser.add_argument("--verbose", action="store_true", help="name every file of each class")
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    server = Server(args.jar)
    try:
        run(server, folder, args)
    finally:
        server.close()


def run(server, folder, args):
    times, report = structure(server, folder)
    # The ids FrameScope gives ISF files: the path under the folder without ".fs" (search_effects lists at most 1,000
    # entries and 64 KiB, too little for a corpus).
    ids = sorted(os.path.relpath(os.path.join(d, name), folder)[:-3].replace(os.sep, "/")
                 for d, _, names in os.walk(folder) for name in names if name.endswith(".fs"))
    files = len(ids)
    count = report["effects"]["count"]
    print("analyze_effect structure over %d effects: cold %.2f s (%.1f ms/effect), warm %.2f s (%.1f ms/effect)"
          % (count, times[0], 1000 * times[0] / count, times[1], 1000 * times[1] / count))
    started = time.perf_counter()
    status = {}
    for batch in batches(ids):
        selector = ",".join(batch)
        compiled = server.call("compile_effect", {"effect": selector, "backend": "webgl2", "effects_root": folder})
        for result in compiled["effects"]["preview"]:
            verdict = classify(result)
            if verdict:
                status[result["effect"]] = verdict
        todo = [i for i in batch if i not in status]
        if not todo:
            continue
        rendered = server.call("render_effect_frame", {"effect": ",".join(todo), "effects_root": folder, "time": args.time,
                                                     "width": args.size, "height": args.size})
        for frame in rendered["frames"]["preview"]:
            if frame["status"] == "ok":
                status[frame["effect"]] = ("ok", "blank" if frame["metrics"]["is_essentially_blank"] else "")
            elif frame["status"] == "unsupported":
                status[frame["effect"]] = ("unsupported", frame.get("note"))
            else:
                d = frame.get("diagnostics") or []
                status[frame["effect"]] = ("failure", "render: " + str(d[0]["message"] if d else frame.get("note")))
    elapsed = time.perf_counter() - started
    suspects = [i for i, s in status.items() if s[0] == "file error?"]
    agreed = glslang_errors(server, folder, suspects) if suspects else set()
    for i in suspects:
        status[i] = ("file error", status[i][1]) if i in agreed else ("failure", "only WebGL2 rejects it: "
                                                                     + status[i][1])
    report_counts(status, files, ids, elapsed, args.verbose)


def report_counts(status, files, ids, elapsed, verbose):
    classes = collections.Counter(s[0] for s in status.values())
    print("%d .fs files, %d answered: %d ok (%d essentially blank), %d file errors (WebGL2 and glslang "
          "agree, at the file's line), %d unsupported, %d FrameScope failures"
          % (files, len(status), classes["ok"], sum(1 for s in status.values() if s == ("ok", "blank")),
             classes["file error"], classes["unsupported"], classes["failure"]))
    for kind in ("unsupported", "failure", "file error"):
        groups = collections.Counter(reason(s[1]) for s in status.values() if s[0] == kind)
        for why, count in groups.most_common():
            names = sorted(i for i, s in status.items() if s[0] == kind and reason(s[1]) == why)
            shown = names if verbose or kind != "file error" else names[:3] + (["…"] if len(names) > 3 else [])
            print("  %s x%d: %s (%s)" % (kind, count, why, ", ".join(shown)))
    blank = sorted(i for i, s in status.items() if s == ("ok", "blank"))
    if blank:
        print("  rendered essentially blank (not a failure): " + ", ".join(blank))
    print("%d effects compiled and rendered in %.1f s (%.2f effects/s), one server" % (len(ids), elapsed,
                                                                                         len(ids) / elapsed))


if __name__ == "__main__":
    sys.exit(main())
