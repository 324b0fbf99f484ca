"""Paired timing of the first check_recording energy: an old JAR and a new one in turn, a fresh server each.

Usage: scripts/bench_energy_pairs.py OLD.jar NEW.jar [PAIRS] [RECORDING]

Each JAR is started by scripts/framescope (so with its own AppCDS archive beside it, if made for it:
scripts/make-cds-archive.sh JAR ARCHIVE); open_recording, then check_recording energy the moment it answers, as
scripts/bench_physics.py session E does. The order within a pair alternates. Prints each pair, then the medians of
wall, process CPU and call CPU (process CPU minus the background read's; see bench_physics.py), the paired ratios,
the 1-minute load average seen, and whether every answer was the same. Method and figures: docs/benchmarks.md.
"""
import os
import statistics
import sys
import time
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import bench_physics  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def first_energy_check(jar, recording):
    bench.ARGS = types.SimpleNamespace(jar=jar)
    server = bench_physics.Server(bench, [os.path.join(ROOT, "scripts", "framescope")])
    try:
        server.call("open_recording", {"recording": recording})
        return server.call("check_recording", {"check": "energy"})
    finally:
        server.stop()


def main():
    old, new = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    recording = os.path.abspath(sys.argv[4] if len(sys.argv) > 4
                                else os.path.join(ROOT, "target", "recordings", "large_20x10000.db"))
    samples = {"before": [], "after": []}
    loads = []
    for i in range(pairs):
        for name in ("before", "after") if i % 2 == 0 else ("after", "before"):
            samples[name].append(first_energy_check(old if name == "before" else new, recording))
            loads.append(float(open("/proc/loadavg").read().split()[0]))
            time.sleep(1)
        b, a = samples["before"][-1], samples["after"][-1]
        print("pair %d: before %.0f ms (process CPU %.0f, call %.0f), after %.0f ms (process CPU %.0f, call %.0f), "
              "ratio %.2f, load %.2f" % (i, b.wall_ms, b.process_ms, b.call_ms, a.wall_ms, a.process_ms, a.call_ms,
                                         a.wall_ms / b.wall_ms, loads[-1]), flush=True)
    for name, runs in samples.items():
        walls = [s.wall_ms for s in runs]
        print("%s: wall median %.0f ms (%.0f-%.0f), process CPU median %.0f ms, call CPU median %.0f ms"
              % (name, statistics.median(walls), min(walls), max(walls),
                 statistics.median(s.process_ms for s in runs), statistics.median(s.call_ms for s in runs)))
    for label, key in (("wall", "wall_ms"), ("process CPU", "process_ms"), ("call CPU", "call_ms")):
        ratios = [getattr(a, key) / getattr(b, key) for a, b in zip(samples["after"], samples["before"])]
        print("after/before %s: median %.2f (%.2f-%.2f)" % (label, statistics.median(ratios), min(ratios),
                                                              max(ratios)))
    print("load average (1 min) %.2f-%.2f; answers all the same: %s" % (
        min(loads), max(loads), all(s.body == samples["before"][0].body for r in samples.values() for s in r)))


if __name__ == "__main__":
    main()
