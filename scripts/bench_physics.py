"""Physics part of the FrameScope benchmark (scripts/bench.py --only physics; method: docs/benchmarks.md).

Every figure is taken twice: wall time, and CPU time of the server process, so that a machine shared with other
work (which stretches wall time) does not hide a regression or fake an improvement.

- process CPU: the JVM's process CPU clock (clock_getcpuclockid + clock_gettime, nanoseconds, every thread,
  including threads that ended), read just before sending a request and just after reading its answer;
- call CPU: process CPU minus the CPU of the background thread that open_recording starts to read whole-recording
  series ("recording-preload", read from /proc/<pid>/task/<tid>/schedstat, nanoseconds); that is the work the call
  itself caused (its handler, plus JIT and GC while it ran). While nothing runs in the background both are equal;
- peak resident memory: VmHWM of /proc/<pid>/status at the end of each session (the high-water mark, so a peak
  during loading is not missed);
- answer size: bytes of the text block a model reads (summary line + compact JSON), UTF-8.
"""
import ctypes
import glob
import json
import os
import random
import shutil
import time

_LIBC = ctypes.CDLL("libc.so.6", use_errno=True)
PRELOAD_THREAD = "recording-prelo"  # Linux keeps 15 characters of a thread name


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def process_cpu_ns(pid):
    clock = ctypes.c_int()
    if _LIBC.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
        return _stat_cpu_ns(pid)
    ts = _Timespec()
    if _LIBC.clock_gettime(clock, ctypes.byref(ts)) != 0:
        return _stat_cpu_ns(pid)
    return ts.tv_sec * 1_000_000_000 + ts.tv_nsec


def _stat_cpu_ns(pid):
    """Fallback: utime + stime in clock ticks (10 ms resolution)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def preload_cpu_ns(pid):
    total = 0
    for task in glob.glob("/proc/%d/task/*" % pid):
        try:
            with open(task + "/comm") as f:
                if not f.read().startswith(PRELOAD_THREAD):
                    continue
            with open(task + "/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # the thread ended meanwhile
    return total


def status_mib(pid, key):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Sample:
    def __init__(self, wall_ms, process_ms, call_ms, size, body):
        self.wall_ms, self.process_ms, self.call_ms, self.size, self.body = wall_ms, process_ms, call_ms, size, body


class Server:
    """One server process with CPU-timed calls."""

    def __init__(self, bench, cmd):
        self.bench = bench
        self.proc = bench.session(cmd)
        self.pid = self.proc.pid
        self.next_id = 100

    def call(self, tool, arguments):
        self.next_id += 1
        cpu0, pre0 = process_cpu_ns(self.pid), preload_cpu_ns(self.pid)
        wall, result = self.bench.call(self.proc, self.next_id, tool, arguments)
        cpu1, pre1 = process_cpu_ns(self.pid), preload_cpu_ns(self.pid)
        text = result["content"][0]["text"]
        body = result.get("structuredContent")
        process = (cpu1 - cpu0) / 1e6
        return Sample(wall, process, process - (pre1 - pre0) / 1e6, len(text.encode()), body)

    def peak_mib(self):
        return status_mib(self.pid, "VmHWM")

    def stop(self):
        self.bench.stop(self.proc)


def pct(values, q):
    ordered = sorted(values)
    return ordered[max(0, int(round(q * len(ordered) + 0.5)) - 1)]


def row(label, samples, note=""):
    walls = [s.wall_ms for s in samples]
    calls = [s.call_ms for s in samples]
    procs = [s.process_ms for s in samples]
    if len(samples) == 1:
        print("  %-48s wall %7.1f ms | call CPU %7.1f ms | process CPU %7.1f ms%s"
              % (label, walls[0], calls[0], procs[0], note))
    else:
        print("  %-48s wall p50 %6.1f p95 %6.1f max %6.1f ms | call CPU p50 %6.1f p95 %6.1f max %6.1f ms | "
              "process CPU p50 %6.1f p95 %6.1f ms (n=%d)%s"
              % (label, pct(walls, .5), pct(walls, .95), max(walls), pct(calls, .5), pct(calls, .95), max(calls),
                 pct(procs, .5), pct(procs, .95), len(samples), note))


def frames_of(server, tool, frames, extra=None):
    return [server.call(tool, dict({"frame_id": f}, **(extra or {}))) for f in frames]


def physics(bench, cmd, recording, frames_sampled):
    print("load average before: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    rng = random.Random(42)
    peaks = []
    loads = []
    for _ in range(5):
        server = Server(bench, cmd)
        loads.append(server.call("open_recording", {"recording": recording}))
        time.sleep(0.2)
        peaks.append(server.peak_mib())
        server.stop()
    total = loads[0].body["total_frames"]
    bodies = [b["body_id"] for b in loads[0].body["bodies"] if b["body_id"] < 2 ** 31]
    print("physics, %s (%d frames, %d bodies):" % (os.path.basename(recording), total, len(bodies)))
    row("open_recording (fresh server each, 5 runs)", loads)

    # Session F: as a client meets it, from the first call of a fresh server: get_recording_frame naming the
    # recording (no open_recording first), 50 random frames; the first call opens the file. Five sessions.
    first_calls = []
    for run in range(5):
        server = Server(bench, cmd)
        picks = random.Random(run).sample(range(1, total + 1), 50)
        first_calls.append([server.call("get_recording_frame", {"recording": recording, "frame_id": f})
                            for f in picks])
        time.sleep(2)
        peaks.append(server.peak_mib())
        server.stop()
    row("get_recording_frame from the first call, first call", [s[0] for s in first_calls])
    row("get_recording_frame from the first call, all 50 (5 sessions)", [x for s in first_calls for x in s],
        "; p95 per session %s ms" % " / ".join("%.1f" % pct([x.wall_ms for x in s], .95) for s in first_calls))

    # Session A: per-frame calls right after load, while the background read runs; then triage, then warm calls.
    server = Server(bench, cmd)
    server.call("open_recording", {"recording": recording})
    t_loaded = time.perf_counter()
    frames = [rng.randint(1, total) for _ in range(frames_sampled)]
    after_load = frames_of(server, "get_recording_frame", frames)
    since_load = time.perf_counter() - t_loaded
    others = {label: frames_of(server, label.split(" ")[0], frames, extra) for label, extra in (
        ("get_recording_frame with body_id", {"body_id": bodies[0]}),
        ("check_recording friction_cone", {"check": "friction_cone"}),
        ("check_recording penetration", {"check": "penetration"}))}
    triage_first = server.call("check_recording", {})
    triage_first_at = time.perf_counter() - t_loaded - triage_first.wall_ms / 1000
    triage = [server.call("check_recording", {}) for _ in range(5)]
    anomalies = [server.call("check_recording", {"check": "energy"}) for _ in range(10)]
    warm = frames_of(server, "get_recording_frame", [rng.randint(1, total) for _ in range(frames_sampled)])
    sizes = {
        "get_recording_frame (largest of the sampled frames)": max(s.size for s in after_load + warm),
        "get_energy_series": server.call("get_energy_series", {}).size,
        "get_energy_series (body %d)" % bodies[0]: server.call("get_energy_series", {"body_id": bodies[0]}).size,
        "check_recording energy": anomalies[0].size,
        "check_recording all": triage[0].size,
    }
    preload_total = preload_cpu_ns(server.pid) / 1e6
    peaks.append(server.peak_mib())
    heap = server.call("get_server_diagnostics", {"include_environment": False}).body["memory"]
    server.stop()
    row("get_recording_frame right after open_recording", after_load, " (%d calls in the first %.1f s)"
        % (len(after_load), since_load))
    for tool, samples in others.items():
        row(tool + " (then, same frames)", samples)
    row("check_recording all, first call", [triage_first], " (%.1f s after open_recording)" % triage_first_at)
    row("check_recording all, later calls", triage)
    row("check_recording energy", anomalies)
    row("get_recording_frame warm (after triage)", warm)

    # Session E: the first energy scan of a fresh server, five servers each way: sent the moment open_recording
    # answers (the background read has just started), and as the server's first call naming the recording.
    after_open, named = [], []
    for _ in range(5):
        server = Server(bench, cmd)
        server.call("open_recording", {"recording": recording})
        after_open.append(server.call("check_recording", {"check": "energy"}))
        server.stop()
        server = Server(bench, cmd)
        named.append(server.call("check_recording", {"check": "energy", "recording": recording}))
        peaks.append(server.peak_mib())
        server.stop()
    row("check_recording energy, first, as open_recording answers", after_open)
    row("check_recording energy, first call of a server", named)

    # Session B: every check issued the moment open_recording answers (the worst case for the first one).
    server = Server(bench, cmd)
    server.call("open_recording", {"recording": recording})
    row("check_recording all, sent as open_recording answers", [server.call("check_recording", {})])
    row("check_recording all, later calls", [server.call("check_recording", {}) for _ in range(3)])
    peaks.append(server.peak_mib())
    server.stop()

    # Session C: check_recording 'compare' of the recording against a byte copy of itself (a second file, so both
    # are read in full; the answer is "identical"), fresh server: the first call reads both, later calls do not.
    copy = os.path.splitext(recording)[0] + "_copy.db"
    if not os.path.exists(copy) or os.path.getsize(copy) != os.path.getsize(recording):
        shutil.copyfile(recording, copy)
    server = Server(bench, cmd)
    compare_args = {"recording": recording, "check": "compare", "other_recording": copy}
    compare_first = server.call("check_recording", compare_args)
    compare_later = [server.call("check_recording", compare_args) for _ in range(3)]
    peaks.append(server.peak_mib())
    server.stop()
    row("check_recording compare (vs a copy), first call", [compare_first],
        " (identical: %s)" % compare_first.body.get("identical"))
    row("check_recording compare (vs a copy), later calls", compare_later)

    print("  background read (recording-preload thread) CPU: %.0f ms" % preload_total)
    print("  peak resident memory (VmHWM), max over %d sessions: %.0f MiB; heap used %.0f of %.0f MiB committed "
          "after session A" % (len(peaks), max(peaks), heap["heap_used_mib"], heap["heap_committed_mib"]))
    print("  default answer sizes (text block): " + "; ".join("%s %.1f KB" % (k, v / 1000) for k, v in sizes.items()))
    fixture_sizes(bench, cmd)
    print("load average after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))


def fixture_sizes(bench, cmd):
    """Largest default answer of get_recording_frame (every frame) and get_energy_series (the system's, and every
    body's) on each committed fixture."""
    largest = {"get_recording_frame": (0, ""), "get_energy_series": (0, ""), "get_energy_series body_id": (0, "")}
    server = Server(bench, cmd)
    for path in sorted(glob.glob(os.path.abspath("demo/recordings/*.db"))):
        loaded = server.call("open_recording", {"recording": path}).body
        name = os.path.basename(path)
        candidates = [("get_energy_series", {})]
        candidates += [("get_energy_series", {"body_id": b["body_id"]}) for b in loaded["bodies"]
                       if b["body_id"] < 2 ** 31]
        candidates += [("get_recording_frame", {"frame_id": f}) for f in range(1, loaded["total_frames"] + 1)]
        for tool, arguments in candidates:
            size = server.call(tool, arguments).size
            key = tool + (" body_id" if "body_id" in arguments else "")
            if size > largest[key][0]:
                largest[key] = (size, "%s %s" % (name, json.dumps(arguments)))
    server.stop()
    print("  largest default answers on demo/recordings: " + "; ".join(
        "%s %.1f KB (%s)" % (tool, size / 1000, where) for tool, (size, where) in largest.items()))
