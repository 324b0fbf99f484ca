#!/usr/bin/env python3
"""CPU time per shader tool call, by Chromium process kind and thread name: what inside a call's renderer and
browser costs.

Like bench_shader_cpu.py (one warm session through scripts/framescope, warm-up calls, then N calls back to back or
`--gap` seconds apart), but a background sampler reads /proc/<pid>/task/<tid>/stat every `--poll` seconds during the
measured calls and keeps each thread's last value, so a closed context's renderer is counted up to its last sample
before it exits (a few ms of a dying renderer's last moments can be missed). Only the session's process and
its descendants count, so other tests' browsers on the machine do not. Per (process kind, thread name):
utime+stime gained during the measured calls, divided by the number of calls.

    python3 scripts/bench_shader_threads.py [--calls 24] [--gap 0] [--only compile|webgl2|webgpu] [--top 25]
"""
import argparse
import collections
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
from bench_shader_cpu import HZ, common_arguments, descendants, kind, measured_calls, warm_session  # noqa: E402

DIGITS = re.compile(r"\d+$")


def process_kinds(root):
    return {pid: kind(cmdline) for pid, cmdline in descendants(root).items()}


class Sampler(threading.Thread):
    """Polls every thread of the interesting processes; keeps (kind, name, first ticks, last ticks) per tid."""

    def __init__(self, poll, root):
        super().__init__(daemon=True)
        self.poll = poll
        self.root = root
        self.stop = threading.Event()
        self.kinds = {}
        self.threads = {}  # (pid, tid) -> [kind, name, first, last]
        self.baseline = True

    def sample(self):
        for pid, process_kind in list(self.kinds.items()):
            try:
                tids = os.listdir("/proc/%s/task" % pid)
            except OSError:
                continue
            for tid in tids:
                try:
                    with open("/proc/%s/task/%s/stat" % (pid, tid)) as stat:
                        text = stat.read()
                except OSError:
                    continue
                name = text[text.index("(") + 1:text.rindex(")")]
                fields = text.rsplit(") ", 1)[1].split()
                ticks = int(fields[11]) + int(fields[12])
                entry = self.threads.get((pid, tid))
                if entry is None:
                    # a thread first seen after the baseline was born during the calls: all its CPU counts
                    self.threads[(pid, tid)] = [process_kind, name, ticks if self.baseline else 0, ticks]
                else:
                    entry[1], entry[3] = name, ticks

    def run(self):
        last_scan = 0
        while not self.stop.is_set():
            now = time.time()
            if now - last_scan > 0.1:
                self.kinds.update(process_kinds(self.root))
                last_scan = now
            self.sample()
            self.baseline = False
            time.sleep(self.poll)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_arguments(parser)
    parser.add_argument("--poll", type=float, default=0.01, help="seconds between /proc samples")
    parser.add_argument("--top", type=int, default=25, help="rows to print")
    args = parser.parse_args()
    proc, request_id = warm_session(args)
    sampler = Sampler(args.poll, str(proc.pid))
    sampler.kinds.update(process_kinds(sampler.root))
    sampler.sample()
    sampler.start()
    wall = measured_calls(proc, request_id, args)
    time.sleep(args.poll * 3)
    sampler.stop.set()
    sampler.join()
    per_thread = collections.Counter()
    per_kind = collections.Counter()
    for process_kind, name, first, last in sampler.threads.values():
        name = DIGITS.sub("N", name) if name.startswith(("ThreadPool", "Thread")) else name
        per_thread[(process_kind, name)] += last - first
        per_kind[process_kind] += last - first
    ms = lambda ticks: ticks / HZ / args.calls * 1000
    print("%d calls (%s), %s: wall %.0f ms/call, sampled threads %.0f ms CPU/call" % (
        args.calls, args.only or "compile, webgl2, webgpu in turn",
        "back to back" if args.gap == 0 else "%.1f s apart" % args.gap, wall / args.calls * 1000,
        ms(sum(per_kind.values()))))
    for process_kind, ticks in per_kind.most_common():
        print("  %-26s %5.0f ms CPU/call" % (process_kind, ms(ticks)))
    print("by thread:")
    for (process_kind, name), ticks in per_thread.most_common(args.top):
        if ticks:
            print("  %-20s %-26s %5.0f ms CPU/call" % (process_kind.replace("chromium-", ""), name, ms(ticks)))
    bench.stop(proc)


if __name__ == "__main__":
    main()
