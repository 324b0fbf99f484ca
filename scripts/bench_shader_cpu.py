#!/usr/bin/env python3
"""CPU time per shader tool call, by process kind: where back-to-back calls spend the machine.

One warm session (the JAR through scripts/framescope); after 18 warm-up calls it runs N calls back to back (or
`--gap` seconds apart) and reads /proc before and after: utime+stime of every process alive at the end, plus the
cutime+cstime of their children that exited meanwhile (a closed context's renderer is reaped by Chromium's zygote,
so its CPU shows under "chromium-zygote"). Divided by the number of calls. Also the machine's busy CPU per call
from /proc/stat, which counts everything else running too: run it on a quiet machine. Only the session's
process and its descendants count in the per-kind lines.

    python3 scripts/bench_shader_cpu.py [--calls 24] [--gap 0] [--only compile|webgl2|webgpu]
"""
import argparse
import collections
import os
import sys
import time
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

HZ = os.sysconf("SC_CLK_TCK")
CALLS = {
    "compile": ("compile_effect", {"effect": "synth/gradient"}),
    "webgl2": ("render_effect_frame", {"effect": "synth/gradient", "backend": "webgl2"}),
    "webgpu": ("render_effect_frame", {"effect": "synth/gradient", "backend": "webgpu"}),
}


def kind(cmdline):
    if "chromium" in cmdline:
        for process_type in ("renderer", "gpu-process", "utility", "zygote"):
            if "--type=" + process_type in cmdline:
                return "chromium-" + process_type
        return "chromium-browser"
    if "java" in cmdline:
        return "java"
    if "node" in cmdline or "playwright" in cmdline:
        return "node-driver (Playwright)"
    return "other"


def descendants(root):
    """pid -> command line of the session's process (root) and its descendants, so that other tests' browsers and
    JVMs on the machine do not count."""
    parents, cmdlines = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as stat:
                parents[pid] = stat.read().rsplit(") ", 1)[1].split()[1]
            with open("/proc/%s/cmdline" % pid, "rb") as cmd:
                cmdlines[pid] = cmd.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
    out = {}
    for pid, cmdline in cmdlines.items():
        ancestor, hops = pid, 0
        while ancestor in parents and ancestor != root and hops < 64:
            ancestor, hops = parents[ancestor], hops + 1
        if ancestor == root:
            out[pid] = cmdline
    return out


def snapshot(root):
    """pid -> (kind, own CPU ticks, reaped children's CPU ticks) for the session's processes."""
    out = {}
    for pid in descendants(root):
        try:
            with open("/proc/%s/stat" % pid) as stat:
                fields = stat.read().rsplit(") ", 1)[1].split()
            with open("/proc/%s/cmdline" % pid, "rb") as cmd:
                cmdline = cmd.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        out[pid] = (kind(cmdline), int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14]))
    return out


def busy_ticks():
    with open("/proc/stat") as stat:
        fields = stat.readline().split()[1:]
    return sum(int(x) for x in fields[:3])


def common_arguments(parser):
    parser.add_argument("--calls", type=int, default=24)
    parser.add_argument("--gap", type=float, default=0, help="seconds between calls (0: back to back)")
    parser.add_argument("--only", choices=sorted(CALLS), help="one call kind instead of the three in turn")
    parser.add_argument("--jar", default="target/framescope.jar")


def warm_session(args):
    """A session after 18 warm-up calls and a pause for the pool to refill: (process, next request id)."""
    bench.ARGS = types.SimpleNamespace(jar=args.jar)
    proc = bench.session([os.path.join(os.path.dirname(os.path.abspath(__file__)), "framescope")])
    request_id = 10
    for _ in range(6):
        for name, arguments in CALLS.values():
            request_id += 1
            bench.call(proc, request_id, name, arguments)
    time.sleep(2)  # the pool refills
    return proc, request_id


def measured_calls(proc, request_id, args):
    """The measured calls (args.only, or the three kinds in turn); returns their wall time in seconds."""
    chosen = [CALLS[args.only]] if args.only else list(CALLS.values())
    started = time.time()
    for i in range(args.calls):
        name, arguments = chosen[i % len(chosen)]
        bench.call(proc, request_id + 1 + i, name, arguments)
        time.sleep(args.gap)
    return time.time() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_arguments(parser)
    args = parser.parse_args()
    proc, request_id = warm_session(args)
    root = str(proc.pid)
    before, busy_before = snapshot(root), busy_ticks()
    wall = measured_calls(proc, request_id, args)
    after, busy_after = snapshot(root), busy_ticks()
    per_kind = collections.Counter()
    for pid, (process_kind, own, reaped) in after.items():
        _, own_before, reaped_before = before.get(pid, (None, 0, 0))
        per_kind[process_kind] += (own - own_before) + (reaped - reaped_before)
    ms = lambda ticks: ticks / HZ / args.calls * 1000
    print("%d calls (%s), %s: wall %.0f ms/call, machine busy %.0f ms CPU/call" % (
        args.calls, args.only or "compile, webgl2, webgpu in turn",
        "back to back" if args.gap == 0 else "%.1f s apart" % args.gap, wall / args.calls * 1000,
        ms(busy_after - busy_before)))
    for process_kind, ticks in per_kind.most_common():
        print("  %-26s %5.0f ms CPU/call" % (process_kind, ms(ticks)))
    bench.stop(proc)


if __name__ == "__main__":
    main()
