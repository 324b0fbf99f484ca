#!/usr/bin/env python3
"""Runs debug_effect on every effect of a folder that the non-finite probe finds writing NaN or Inf (issue 35
point 7), in one server over MCP stdio: render_effect_frame (WebGL2, 64x64 by default, time 0) lists the effects whose
`non_finite.status` is "found", then debug_effect steps each at its defaults (the first pass writing NaN/Inf, its
first such pixel) with the same size and time, and prints the counts. Fetches nothing; give it a folder of effects
(any format FrameScope reads), e.g. the public ISF files (github.com/Vidvox/ISF-Files, folder ISF), noisemaker's
`shaders/effects` (a checkout, or `git archive HEAD shaders/effects` of a mirror), or the Shadertoy exports:

    scripts/debug-corpus.py /tmp/isf-files/ISF
    scripts/debug-corpus.py demo/shaders/shadertoy-exports

Each non-finite effect ends in one class:
  traced                  the trace's first NaN/Inf/denormal step is at a line of the effect's own file (or its
                          Shadertoy Common tab), and the native draw agrees with Chromium at the pixel;
  traced-but-disagrees    the same, but native and Chromium differ at the pixel (the trace explains the native draw);
  traced-in-prelude       the first such step is in FrameScope's or the format's wrapper, not in the effect's file;
  traced-no-nonfinite-step the trace ran and found no NaN/Inf/denormal step: the native draw made the pixel finite
                          where Chromium's did not (the line says how many of the pass's pixels differ), or the
                          step limit stopped it;
  unsupported             debug_effect answers UNSUPPORTED, counted by reason;
  failure                 an error, or an answer with neither trace nor reason: these are bugs to fix.
With --all, every effect drawn finite is debugged too, at its centre pixel (traced-no-nonfinite-step is then the
expected class, and native should agree): the few non-finite effects of a corpus reach few of the conversions a pass
can need, and a failure there is a bug all the same.
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

CLASSES = ("traced", "traced-but-disagrees", "traced-in-prelude", "traced-no-nonfinite-step", "unsupported",
           "failure")


def reason(message):
    """A message without its names and numbers, for grouping."""
    message = re.sub(r"'[^']*'", "'…'", message or "unknown")
    message = re.sub(r"`[^`]*`", "`…`", message)
    message = re.sub(r"\bpass \S+ \([^)]*\)", "pass N", message)
    return re.sub(r"\d+", "N", message)[:160]


def listed(server, folder):
    """Every effect id under the folder (search_effects, page by page)."""
    ids, offset = [], 0
    while offset is not None:
        page = server.call("search_effects", {"effect": "*", "limit": 1000, "offset": offset, "effects_root": folder})
        ids += [e["id"] for e in page["effects"]["preview"]]
        offset = page.get("page", {}).get("next_offset")
    return ids


def frame_arguments(args):
    """What render_effect_frame and debug_effect are both given, so debug_effect draws the frame the probe saw."""
    out = {"time": args.time, "width": args.size, "height": args.size}
    if args.frames:
        out["frames"] = args.frames
    return out


def non_finite(server, folder, ids, args):
    """Ids whose frame the probe finds non-finite, the ids drawn finite, and how many could not be probed or drawn."""
    found, finite, unprobed = [], [], collections.Counter()
    for batch in batches(ids):
        rendered = server.call("render_effect_frame", dict(frame_arguments(args), effect=",".join(batch),
                                                           effects_root=folder, backend="webgl2"))
        for frame in rendered["frames"]["preview"]:
            probe = frame.get("non_finite") or {}
            if frame["status"] != "ok":
                unprobed["not drawn (" + frame["status"] + ")"] += 1
                if args.verbose:
                    print("  %s: not drawn (%s)" % (frame["effect"], frame["status"]), flush=True)
            elif probe.get("status") == "found":
                found.append(frame["effect"])
            elif probe.get("status") == "unsupported":
                unprobed["probe unsupported: " + reason(probe.get("note"))] += 1
            else:
                finite.append(frame["effect"])
    return found, finite, unprobed


def classify(answer):
    """(class, detail) of one debug_effect answer."""
    if answer.get("status") == "unsupported":
        return "unsupported", answer.get("note")
    trace = answer.get("trace")
    if not isinstance(trace, dict):
        return "failure", "no trace: status %s, %s" % (answer.get("status"), answer.get("note") or answer["summary"])
    first = trace.get("first_non_finite")
    agreement = answer.get("agreement") or {}
    here = "native %s, Chromium %s" % (agreement.get("native_value"), agreement.get("chromium"))
    if not isinstance(first, dict):
        if "steps_run" not in trace:
            return "failure", "trace without steps: " + str(trace.get("message") or trace.get("status"))
        limit = "" if trace.get("complete", True) else " (stopped at the step limit)"
        agrees = "agrees" if agreement.get("at_pixel") else "DISAGREES (%s of the pass's pixels differ)" % (
            agreement.get("pixels_differing"))
        return "traced-no-nonfinite-step", "%d steps%s; native %s: %s" % (trace["steps_run"], limit, agrees, here)
    source = first.get("source") or {}
    where = "line %s %s: %s" % (source.get("line"), first.get("kind"), (source.get("text") or "").strip())
    if source.get("part") not in ("effect", "common"):
        return "traced-in-prelude", where
    if not agreement.get("at_pixel"):
        return "traced-but-disagrees", where + "; " + here
    return "traced", where


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="a folder of effects (an effects_root)")
    parser.add_argument("--jar", default=os.path.join(ROOT, "target", "framescope.jar"))
    parser.add_argument("--size", type=int, default=64, help="frame width and height in pixels")
    parser.add_argument("--time", type=float, default=0.0, help="effect time, 0..1 over the 8 s loop")
    parser.add_argument("--frames", type=int, help="frames drawn up to time (feedback); default the tools' own")
    parser.add_argument("--all", action="store_true", help="also debug every effect drawn finite, at its centre "
                        "(finds conversion failures the few non-finite effects do not reach)")
    parser.add_argument("--only", help="a comma-separated list of ids to debug (skips the probe)")
    parser.add_argument("--verbose", action="store_true", help="print every effect's class and detail")
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    server = Server(args.jar)
    try:
        run(server, folder, args)
    finally:
        server.close()


def run(server, folder, args):
    started = time.perf_counter()
    if args.only:
        ids, found, finite, unprobed = args.only.split(","), args.only.split(","), [], collections.Counter()
    else:
        ids = listed(server, folder)
        found, finite, unprobed = non_finite(server, folder, ids, args)
    probed = time.perf_counter() - started
    print("%d effects, %d non-finite by the probe (%.1f s to render them all)" % (len(ids), len(found), probed))
    for why, count in unprobed.most_common():
        print("  not probed x%d: %s" % (count, why))
    report("the %d non-finite" % len(found), debug_all(server, folder, found, args))
    if args.all:
        report("the %d drawn finite (at the centre)" % len(finite), debug_all(server, folder, finite, args))


def debug_all(server, folder, effects, args):
    """debug_effect on each effect at its defaults: {id: (class, detail)}, and the seconds each call took."""
    status, seconds = {}, []
    for effect in effects:
        began = time.perf_counter()
        try:
            answer = server.call("debug_effect", dict(frame_arguments(args), effect=effect, effects_root=folder))
            status[effect] = classify(answer)
        except RuntimeError as e:
            status[effect] = ("failure", "error: " + str(e))
        seconds.append(time.perf_counter() - began)
        if args.verbose:
            print("  %s: %s — %s" % (effect, *status[effect]), flush=True)
    return status, seconds


def group(kind, detail):
    """What one answer is counted under within its class: the reason, or whether native agrees at the pixel."""
    if kind in ("unsupported", "failure"):
        return reason(detail)
    if kind == "traced-no-nonfinite-step":
        return "native DISAGREES" if "DISAGREES" in detail else "native agrees"
    return ""


def report(what, result):
    status, seconds = result
    classes = collections.Counter(s[0] for s in status.values())
    print("debug_effect on %s: %s" % (what, ", ".join("%d %s" % (classes[c], c) for c in CLASSES)))
    for kind in CLASSES:
        groups = collections.Counter(group(*s) for s in status.values() if s[0] == kind)
        for why, count in groups.most_common():
            names = sorted(i for i, s in status.items() if s[0] == kind and group(*s) == why)
            print("  %s x%d: %s" % (kind, count, why))
            for name in names if why != "native agrees" else []:
                print("    %s: %s" % (name, status[name][1]))
    if seconds:
        seconds.sort()
        print("debug_effect: median %.1f s, max %.1f s per effect, one server" % (seconds[len(seconds) // 2],
                                                                                 seconds[-1]))

if __name__ == "__main__":
    sys.exit(main())
