#!/usr/bin/env python3
"""FrameScope benchmark: cold start and tool round trip over real stdio (method and figures: docs/benchmarks.md).

cold start: time from spawning `java ... -jar framescope.jar` to the `tools/list` reply, after initialize and
            notifications/initialized were sent as soon as the previous reply arrived. One fresh process per run;
            the launcher is timed from the clone's root and from an unrelated folder.
round trip: in one warm session, time from writing a tools/call of get_server_diagnostics with
            include_environment=false (the cheapest tool: reads in-memory counters) to reading its reply.
concurrent: in one warm session, 8 sender threads pipeline mixed calls (physics, RenderDoc, shader listing,
            diagnostics) over one stdin without waiting for answers; calls/s = calls / (last answer - first send);
            lost = calls with no answer under their own id within 120 s.
renderdoc-remote: open_capture and a first get_frame_digest on a RenderDoc remote server on 127.0.0.1 and locally.
physics:    the physics tools on the large recording, wall and CPU time (scripts/bench_physics.py).
debug:      debug_effect from call to trace on a one-pass and a three-pass effect at 256x256, warm, with its split
            (scripts/bench_debug.py).
"""
import argparse
import atexit
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "framescope-bench", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def start(cmd, cwd=None):
    env = dict(os.environ, FRAMESCOPE_LOG_LEVEL="warn", FRAMESCOPE_JAR=os.path.abspath(ARGS.jar))
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env, cwd=cwd)


def send(proc, message):
    proc.stdin.write((json.dumps(message) + "\n").encode())
    proc.stdin.flush()


def reply(proc, want_id):
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("server closed stdout")
        message = json.loads(line)
        if message.get("id") == want_id:
            return message


def stop(proc):
    proc.stdin.close()
    proc.wait(timeout=10)


def cold_start(cmd, cwd=None):
    t0 = time.perf_counter()
    proc = start(cmd, cwd)
    send(proc, INIT)
    reply(proc, 1)
    send(proc, INITIALIZED)
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
    tools = reply(proc, 2)["result"]["tools"]
    elapsed = time.perf_counter() - t0
    stop(proc)
    return elapsed * 1000, len(tools)


def round_trips(cmd, warmup, calls):
    proc = start(cmd)
    send(proc, INIT)
    reply(proc, 1)
    send(proc, INITIALIZED)
    samples = []
    for i in range(warmup + calls):
        request_id = 100 + i
        t0 = time.perf_counter()
        send(proc, {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                    "params": {"name": "get_server_diagnostics", "arguments": {"include_environment": False}}})
        result = reply(proc, request_id)["result"]
        elapsed = time.perf_counter() - t0
        if result.get("isError"):
            raise RuntimeError("tool call failed: %s" % result)
        if i >= warmup:
            samples.append(elapsed * 1000)
    stop(proc)
    return samples


def pct(samples, q):
    ordered = sorted(samples)
    return ordered[max(0, int(round(q * len(ordered) + 0.5)) - 1)]


ARGS = None


def call(proc, request_id, tool, arguments):
    t0 = time.perf_counter()
    send(proc, {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                "params": {"name": tool, "arguments": arguments}})
    result = reply(proc, request_id)["result"]
    elapsed = (time.perf_counter() - t0) * 1000
    if result.get("isError"):
        raise RuntimeError("%s failed: %s" % (tool, result["content"][0]["text"][:300]))
    return elapsed, result


def session(cmd):
    proc = start(cmd)
    send(proc, INIT)
    reply(proc, 1)
    send(proc, INITIALIZED)
    return proc


def rss_mib(pid):
    """Resident memory of the java process (the launcher execs java, so the pid is the JVM's)."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


SHADER_CALLS = [
    ("compile_effect", {"effect": "synth/gradient"}),
    ("render_effect_frame webgl2 256x256", {"effect": "synth/gradient", "backend": "webgl2"}),
    ("render_effect_frame webgpu 256x256", {"effect": "synth/gradient", "backend": "webgpu"}),
]

# Every other shader tool on one effect, with its defaults unless noted: the 1 s design budget per operation.
SHADER_OTHERS = [
    ("search_effects", {}),
    ("analyze_effect structure", {"effect": "synth/gradient", "analysis": "structure"}),
    ("render_effect_frame describe", {"effect": "synth/gradient", "describe": True}),
    ("test_effect parity", {"effect": "synth/gradient", "check": "parity"}),
    ("test_effect", {"effect": "synth/gradient"}),
    ("test_effect passthrough", {"effect": "filter/invert", "check": "passthrough"}),
    ("benchmark_effect_fps", {"effect": "synth/gradient", "frames": 30, "width": 256, "height": 256}),
    ("render_effect_frame multi-pass synth/trails", {"effect": "synth/trails"}),
]


def shader(cmd, calls, pause):
    """Shader tools in one session: the first call starts Playwright and Chromium; each later call gets a fresh
    context and page. Paced calls leave `pause` seconds between calls, as an agent does while its model thinks; the
    harness prepares the next call's page in that time. Back-to-back calls find it still being prepared."""
    proc = session(cmd)
    first, _ = call(proc, 10, "compile_effect", {"effect": "synth/gradient"})
    request_id = 10
    print("shader, one session (first call %.0f ms: starts Playwright + Chromium):" % first)
    for label, gap in (("paced, %.1f s between calls" % pause, pause), ("back to back", 0)):
        timings = {name: [] for name, _ in SHADER_CALLS}
        for _ in range(calls):
            for name, arguments in SHADER_CALLS:
                time.sleep(gap)
                request_id += 1
                timings[name].append(call(proc, request_id, name.split(" ")[0], arguments)[0])
        print("  %s:" % label)
        for name, ts in timings.items():
            print("    %-42s calls=%d  p50 %.0f  p95 %.0f  max %.0f ms" % (name, len(ts), pct(ts, 0.5), pct(ts, 0.95),
                                                                         max(ts)))
    print("  other tools, paced, 5 calls each:")
    for name, arguments in SHADER_OTHERS:
        ts = []
        for _ in range(5):
            time.sleep(pause)
            request_id += 1
            ts.append(call(proc, request_id, name.split(" ")[0], arguments)[0])
        print("    %-42s p50 %.0f  max %.0f ms" % (name, pct(ts, 0.5), max(ts)))
    stop(proc)


def renderdoc(cmd, queries):
    """RenderDoc tools on the committed fixtures, each in a fresh server: the first open_capture (starts the Python
    bridge and RenderDoc's replay), a second open (cached), query round trips on the open capture, the heavier
    analyses, and throughput of pipelined requests (all sent at once, answers awaited)."""
    for name in ("gl_defects", "vk_defects"):
        capture = os.path.abspath(os.path.join("demo", "captures", name + ".rdc"))
        proc = session(cmd)
        first, _ = call(proc, 10, "open_capture", {"capture": capture})
        cached, _ = call(proc, 11, "open_capture", {"capture": capture})
        request_id = 11
        trips = []
        for i in range(queries):
            request_id += 1
            tool, arguments = [("open_capture", {"capture": capture}),
                               ("iterate_actions", {"capture": capture, "offset": i % 5, "limit": 5}),
                               ("get_texture", {"capture": capture, "texture": "hdr_color", "x": 16, "y": 16,
                                                "width": 4, "height": 4})][i % 3]
            trips.append(call(proc, request_id, tool, arguments)[0])
        heavy = {}
        for tool, arguments in (("get_frame_digest", {}), ("analyze_nan_inf", {}), ("geometry_anomalies", {}),
                                ("pixel_history", {"texture": "hdr_color", "x": 20, "y": 20})):
            request_id += 1
            arguments = dict(arguments, capture=capture)
            heavy[tool] = call(proc, request_id, tool, arguments)[0]
        # get_event_insight at the digest's first anomaly: the first call, then repeated calls (cached per event)
        request_id += 1
        digest = json.loads(call(proc, request_id, "get_frame_digest", {"capture": capture})[1]["content"][0]["text"]
                            .split("\n\n", 1)[1])
        event = digest["anomalies"]["preview"][0]["event_id"]
        insights = []
        for _ in range(21):
            request_id += 1
            insights.append(call(proc, request_id, "get_event_insight", {"capture": capture, "event_id": event})[0])
        heavy["get_event_insight first"] = insights[0]
        repeated_insight = statistics.median(insights[1:])
        burst = 400
        t0 = time.perf_counter()
        for i in range(burst):
            send(proc, {"jsonrpc": "2.0", "id": 10000 + i, "method": "tools/call", "params": {
                "name": "iterate_actions", "arguments": {"capture": capture, "offset": i % 5, "limit": 1}}})
        answered = set()
        while len(answered) < burst:  # answers may come in any order
            message = json.loads(proc.stdout.readline())
            if message.get("id", 0) >= 10000:
                if message["result"].get("isError"):
                    raise RuntimeError("pipelined request %s failed" % message["id"])
                answered.add(message["id"])
        throughput = burst / (time.perf_counter() - t0)
        stop(proc)
        print("renderdoc %s: open_capture first %.0f ms (bridge start + replay), again %.1f ms; queries=%d p50 %.1f "
              "p95 %.1f max %.1f ms; %s; get_event_insight repeated p50 %.1f ms; %d pipelined iterate_actions: %.0f/s"
              % (name, first, cached, queries, pct(trips, 0.5), pct(trips, 0.95), max(trips),
                 ", ".join("%s %.0f ms" % kv for kv in heavy.items()), repeated_insight, burst, throughput))
    renderdoc_diffs(cmd)


def renderdoc_diffs(cmd):
    """diff_captures, each pair in a fresh server: the first call (bridge start, both captures opened, both frames'
    findings computed), then the median of 5 repeats (per-capture caches warm; pixels compared again)."""
    for name, other in (("gl_defects", "gl_defects"), ("gl_defects", "gl_defects_glfw"),
                        ("gl_defects", "gl_defects_fixed"), ("gl_defects", "vk_defects"), ("vkcube", "vkcube")):
        arguments = {"capture": os.path.abspath(os.path.join("demo", "captures", name + ".rdc")),
                     "other_capture": os.path.abspath(os.path.join("demo", "captures", other + ".rdc"))}
        proc = session(cmd)
        first, answer = call(proc, 10, "diff_captures", arguments)
        repeats = [call(proc, 11 + i, "diff_captures", arguments)[0] for i in range(5)]
        stop(proc)
        print("renderdoc diff_captures %s vs %s: first %.0f ms, repeated p50 %.0f ms; %s"
              % (name, other, first, statistics.median(repeats), answer["content"][0]["text"].split("\n", 1)[0]))


def listens(pid, port):
    """Whether process pid holds a socket listening on 127.0.0.1:port (state 0A in /proc/net/tcp)."""
    try:
        links = [os.readlink("/proc/%d/fd/%s" % (pid, fd)) for fd in os.listdir("/proc/%d/fd" % pid)]
    except OSError:
        return False
    inodes = {link[8:-1] for link in links if link.startswith("socket:[")}
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in table.readlines()[1:]]
    return any(r[1] == "0100007F:%04X" % port and r[3] == "0A" and r[9] in inodes for r in rows)


def start_remote_server():
    """renderdoccmd remoteserver on a free loopback port, once it listens. It prints "listening on" before it binds
    and exits at once when it cannot bind (it does not set SO_REUSEADDR: a port in TIME_WAIT is taken), so a
    server that exits is started again on another port."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["EGL_PLATFORM"] = "surfaceless"
    for _ in range(10):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen(["renderdoccmd", "remoteserver", "-h", "127.0.0.1", "-p", str(port)], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while server.poll() is None and not listens(server.pid, port) and time.time() < deadline:
            time.sleep(0.02)
        if server.poll() is None and listens(server.pid, port):
            return server, port
        server.kill()
        server.wait()
    sys.exit("renderdoccmd remoteserver did not listen on any of 10 ports")


def renderdoc_remote(cmd, runs):
    """Local replay against a RenderDoc remote server (`renderdoccmd remoteserver`) on 127.0.0.1, in one session
    (the bridge already started): each run opens the capture on the server (switching reopens it there: copy over
    RenderDoc's protocol, remote OpenCapture) and runs a first, uncached get_frame_digest, then the same locally."""
    server, port = start_remote_server()
    try:
        for name in ("gl_defects", "vk_defects"):
            capture = os.path.abspath(os.path.join("demo", "captures", name + ".rdc"))
            proc = session(cmd)
            request_id = 10
            call(proc, request_id, "open_capture", {"capture": capture})  # starts the bridge: not counted
            times = {}
            for _ in range(runs):
                for where in ("127.0.0.1:%d" % port, "local"):
                    request_id += 2
                    opened = call(proc, request_id, "open_capture", {"capture": capture, "remote": where})[0]
                    digest = call(proc, request_id + 1, "get_frame_digest", {"capture": capture})[0]
                    times.setdefault(where == "local", []).append((opened, digest))
            stop(proc)
            for local, label in ((True, "local"), (False, "remote 127.0.0.1")):
                rows = times[local]
                print("renderdoc %s %-17s runs=%d  open_capture p50 %.0f (%.0f-%.0f) ms  get_frame_digest p50 %.0f "
                      "(%.0f-%.0f) ms" % (name, label, runs, statistics.median(r[0] for r in rows),
                                          min(r[0] for r in rows), max(r[0] for r in rows),
                                          statistics.median(r[1] for r in rows), min(r[1] for r in rows),
                                          max(r[1] for r in rows)))
    finally:
        server.kill()
        server.wait()


def renderdoc_shaders(cmd, runs):
    """debug_shader and replace_shader on the fixtures: scripts/bench_shader_tools.py."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_shader_tools
    bench_shader_tools.renderdoc_shaders(sys.modules[__name__], cmd, runs)


def debug(cmd, runs):
    """debug_effect on a one-pass and a three-pass effect: scripts/bench_debug.py."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_debug
    bench_debug.debug_effect(sys.modules[__name__], cmd, runs)


def physics(cmd, recording, frames_sampled):
    """Physics tools on the large recording, wall and CPU time: scripts/bench_physics.py."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_physics
    bench_physics.physics(sys.modules[__name__], cmd, recording, frames_sampled)


def concurrent_mix(n, recording, capture):
    """Call n of the mixed load: what an agent sends several of at once."""
    frame = 1 + n % 300
    return [("get_recording_frame", {"recording": recording, "frame_id": frame, "limit": 1}),
            ("get_recording_frame", {"recording": recording, "frame_id": frame, "body_id": 2}),
            ("get_server_diagnostics", {"tool_limit": 1}),
            ("search_effects", {"effect": "synth/*", "limit": 2}),
            ("iterate_actions", {"capture": capture, "offset": n % 30, "limit": 1}),
            ("check_recording", {"recording": recording, "check": "momentum", "start_frame": frame,
                                 "end_frame": frame})][n % 6]


def concurrent(cmd, threads, per_thread):
    recording = os.path.abspath("demo/recordings/drop_settle.db")
    capture = os.path.abspath("demo/captures/gl_defects.rdc")
    proc = session(cmd)
    for n in range(12):  # warm every engine once (bridge start, capture open, JIT) before timing
        tool, arguments = concurrent_mix(n, recording, capture)
        call(proc, 10 + n, tool, arguments)
    total = threads * per_thread
    answers = {}
    done = threading.Event()
    write = threading.Lock()

    def read():
        while len(answers) < total:
            line = proc.stdout.readline()
            if not line:
                break
            message = json.loads(line)
            if isinstance(message.get("id"), int) and message["id"] >= 1000:
                answers[message["id"]] = (time.perf_counter(), message)
        done.set()

    def sender(t):
        for i in range(per_thread):
            n = t * per_thread + i
            tool, arguments = concurrent_mix(n, recording, capture)
            line = (json.dumps({"jsonrpc": "2.0", "id": 1000 + n, "method": "tools/call",
                                "params": {"name": tool, "arguments": arguments}}) + "\n").encode()
            with write:
                proc.stdin.write(line)
                proc.stdin.flush()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    t0 = time.perf_counter()
    senders = [threading.Thread(target=sender, args=(t,)) for t in range(threads)]
    for s in senders:
        s.start()
    for s in senders:
        s.join()
    done.wait(120)
    errors = sum(1 for _, m in answers.values() if "error" in m or m.get("result", {}).get("isError"))
    lost = total - len(answers)
    last = max(t for t, _ in answers.values()) if answers else t0
    stop(proc)
    print("concurrent mixed calls: %d threads x %d pipelined over one connection: %d answered in %.2f s "
          "(%.0f calls/s), %d lost, %d errors" % (threads, per_thread, len(answers), last - t0,
                                                    len(answers) / (last - t0), lost, errors))


def console_bench(runs):
    """The capture console through its HTTP API, each run in a fresh `framescope console` (launcher) process:
    upload throughput of a 100 MiB capture-signed file, builtin nl-debug latency from request to answer including the
    bridge's first open, and the console's resident memory idle after start."""
    import re
    import tempfile
    import urllib.request
    launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framescope")
    work = tempfile.mkdtemp(prefix="framescope-console-bench-")
    big = os.path.join(work, "big.rdc")
    with open(big, "wb") as f:
        f.write(b"RDOC")
        chunk = os.urandom(1 << 20)
        for _ in range(100):
            f.write(chunk)

    def start():
        proc = subprocess.Popen([launcher, "console", "--port", "0", "--projects", os.path.join(work, "p")],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env=dict(os.environ, FRAMESCOPE_LOG_LEVEL="warn"))
        while True:
            line = proc.stderr.readline().decode()
            m = re.search(r"FrameScope console: (http://127\.0\.0\.1:\d+)/\?token=(\S+)", line)
            if m:
                return proc, m.group(1), m.group(2)
            if not line:
                raise RuntimeError("console did not start")

    def api(base, token, method, path, body=None, content_type="application/json"):
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        request = urllib.request.Request(base + path, data=data, method=method,
                                         headers={"X-FrameScope-Token": token, "Content-Type": content_type})
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())

    proc, base, token = start()
    time.sleep(2)
    idle = rss_mib(proc.pid)
    project = api(base, token, "POST", "/projects", {"name": "bench"})["projectId"]
    uploads = []
    for _ in range(3):
        with open(big, "rb") as f:
            t0 = time.perf_counter()
            api(base, token, "POST", "/projects/%s/upload-capture?name=big.rdc" % project, f.read(),
                "application/octet-stream")
            uploads.append(100 / (time.perf_counter() - t0))
    proc.terminate()
    proc.wait(10)
    print("console: idle resident memory %.0f MiB; upload of a 100 MiB capture: %s MB/s (3 runs)"
          % (idle, " / ".join("%.0f" % u for u in uploads)))
    for name in ("gl_defects", "vk_defects"):
        latencies = []
        for _ in range(runs):
            proc, base, token = start()
            project = api(base, token, "POST", "/projects", {"name": name})["projectId"]
            with open(os.path.join("demo", "captures", name + ".rdc"), "rb") as f:
                api(base, token, "POST", "/projects/%s/upload-capture?name=%s.rdc" % (project, name), f.read(),
                    "application/octet-stream")
            t0 = time.perf_counter()
            reply = api(base, token, "POST", "/nl-debug", {"question": "Why are there NaNs?",
                                                            "capturePath": "captures/%s.rdc" % name,
                                                            "projectId": project})
            latencies.append((time.perf_counter() - t0) * 1000)
            if reply["submission"]["status"] != "resolved":
                raise RuntimeError("nl-debug did not resolve on %s: %s" % (name, reply["explanation"][:300]))
            proc.terminate()
            proc.wait(10)
        print("console nl-debug (builtin, first question of a fresh console, incl. bridge start and first open) %s: "
              "runs=%d p50 %.0f  min %.0f  max %.0f ms" % (name, runs, statistics.median(latencies), min(latencies),
                                                            max(latencies)))
    subprocess.run(["rm", "-rf", work])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jar", default="target/framescope.jar")
    parser.add_argument("--runs", type=int, default=10, help="cold starts per variant")
    parser.add_argument("--warmup", type=int, default=500)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--physics", default="target/recordings/large_20x10000.db",
                        help="large recording for the physics figures (scripts/make-recordings.sh --large)")
    parser.add_argument("--frames", type=int, default=100, help="random frames for the per-frame queries")
    parser.add_argument("--shader-calls", type=int, default=20, help="calls per shader tool and pacing")
    parser.add_argument("--renderdoc-queries", type=int, default=300, help="query round trips per capture")
    parser.add_argument("--remote-runs", type=int, default=7, help="remote/local opens per capture")
    parser.add_argument("--shader-pause", type=float, default=0.5, help="seconds between paced shader calls")
    parser.add_argument("--concurrent-calls", type=int, default=200, help="calls per sender thread (8 threads)")
    parser.add_argument("--debug-runs", type=int, default=7, help="debug_effect calls per effect")
    parser.add_argument("--console-runs", type=int, default=7, help="fresh consoles per capture for nl-debug")
    parser.add_argument("--only", choices=["cold", "concurrent", "shader", "renderdoc", "renderdoc-remote",
                                            "renderdoc_shaders", "physics", "console", "debug"],
                        help="run one section only")
    args = parser.parse_args()
    global ARGS
    ARGS = args
    launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framescope")
    # Clients start the server from the person's own project as often as from the clone: the launcher's archive
    # must serve both, so its cold start is measured from an unrelated folder too.
    elsewhere = tempfile.mkdtemp(prefix="framescope-bench-cwd-")
    atexit.register(shutil.rmtree, elsewhere, True)
    variants = [("java -jar (no JVM flags)", ["java", "-Xlog:disable", "-Xlog:all=warning:stderr", "-jar",
                                              os.path.abspath(args.jar)], None),
                ("scripts/framescope, another folder", [launcher], elsewhere),
                ("scripts/framescope (AppCDS + C1)", [launcher], None)]
    print("cores: %d, java: %s" % (os.cpu_count(), subprocess.run(["java", "-version"], capture_output=True,
                                                                  text=True).stderr.splitlines()[0]))
    if args.only and args.only != "cold":
        section = {"concurrent": lambda cmd: concurrent(cmd, 8, args.concurrent_calls),
                   "shader": lambda cmd: shader(cmd, args.shader_calls, args.shader_pause),
                   "renderdoc": lambda cmd: renderdoc(cmd, args.renderdoc_queries),
                   "renderdoc-remote": lambda cmd: renderdoc_remote(cmd, args.remote_runs),
                   "renderdoc_shaders": lambda cmd: renderdoc_shaders(cmd, args.runs),
                   "physics": lambda cmd: physics(cmd, os.path.abspath(args.physics), args.frames),
                   "console": lambda cmd: console_bench(args.console_runs),
                   "debug": lambda cmd: debug(cmd, args.debug_runs)}[args.only]
        section(variants[-1][1])
        return
    for name, cmd, cwd in variants:
        cold_start(cmd, cwd)  # first run warms the OS page cache; not counted
        times = [cold_start(cmd, cwd)[0] for _ in range(args.runs)]
        print("cold start to tools/list, %-34s runs=%d  min %.0f  p50 %.0f  max %.0f ms"
              % (name, args.runs, min(times), statistics.median(times), max(times)))
    samples = round_trips(variants[-1][1], args.warmup, args.calls)
    print("tool round trip (get_server_diagnostics, include_environment=false), %s: calls=%d after %d warm-up  "
          "p50 %.3f  p95 %.3f  p99 %.3f  max %.3f ms"
          % (variants[-1][0], args.calls, args.warmup, pct(samples, 0.5), pct(samples, 0.95), pct(samples, 0.99),
             max(samples)))
    if args.only == "cold":
        return
    concurrent(variants[-1][1], 8, args.concurrent_calls)
    shader(variants[-1][1], args.shader_calls, args.shader_pause)
    renderdoc(variants[-1][1], args.renderdoc_queries)
    renderdoc_remote(variants[-1][1], args.remote_runs)
    renderdoc_shaders(variants[-1][1], args.runs)
    console_bench(args.console_runs)
    debug(variants[-1][1], args.debug_runs)
    if os.path.exists(args.physics):
        physics(variants[-1][1], os.path.abspath(args.physics), args.frames)
    else:
        print("physics: %s missing; run scripts/make-recordings.sh --large" % args.physics)


if __name__ == "__main__":
    sys.exit(main())
