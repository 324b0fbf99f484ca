#!/usr/bin/env python3
"""FrameScope benchmark: cold start and tool round trip over real stdio (method and figures: docs/benchmarks.md).

cold start: time from spawning `java ... -jar framescope.jar` to the `tools/list` reply, after initialize and
            notifications/initialized were sent as soon as the previous reply arrived. One fresh process per run.
round trip: in one warm session, time from writing a tools/call of get_server_diagnostics with
            include_environment=false (the cheapest tool: reads in-memory counters) to reading its reply.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "framescope-bench", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def start(cmd):
    env = dict(os.environ, FRAMESCOPE_LOG_LEVEL="warn", FRAMESCOPE_JAR=os.path.abspath(ARGS.jar))
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env)


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


def cold_start(cmd):
    t0 = time.perf_counter()
    proc = start(cmd)
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jar", default="target/framescope.jar")
    parser.add_argument("--runs", type=int, default=10, help="cold starts per variant")
    parser.add_argument("--warmup", type=int, default=500)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    global ARGS
    ARGS = args
    launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framescope")
    variants = [("java -jar (no JVM flags)", ["java", "-Xlog:disable", "-Xlog:all=warning:stderr", "-jar", args.jar]),
                ("scripts/framescope (AppCDS + C1)", [launcher])]
    print("cores: %d, java: %s" % (os.cpu_count(), subprocess.run(["java", "-version"], capture_output=True,
                                                                  text=True).stderr.splitlines()[0]))
    for name, cmd in variants:
        cold_start(cmd)  # first run warms the OS page cache; not counted
        times = [cold_start(cmd)[0] for _ in range(args.runs)]
        print("cold start to tools/list, %-34s runs=%d  min %.0f  p50 %.0f  max %.0f ms"
              % (name, args.runs, min(times), statistics.median(times), max(times)))
    samples = round_trips(variants[-1][1], args.warmup, args.calls)
    print("tool round trip (get_server_diagnostics, include_environment=false), %s: calls=%d after %d warm-up  "
          "p50 %.3f  p95 %.3f  p99 %.3f  max %.3f ms"
          % (variants[-1][0], args.calls, args.warmup, pct(samples, 0.5), pct(samples, 0.95), pct(samples, 0.99),
             max(samples)))


if __name__ == "__main__":
    sys.exit(main())
