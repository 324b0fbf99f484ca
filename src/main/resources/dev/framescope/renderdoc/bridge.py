#!/usr/bin/python3
"""FrameScope's RenderDoc bridge: serves replay requests from a spool directory with RenderDoc 1.24's own Python
module. Run with Debian's /usr/bin/python3 (the only interpreter that imports `renderdoc`).

Protocol (all files in the spool directory, every write to a temp name then renamed, so a reader never sees half
a file):
  request.<id>.json    {"id", "method", "params", "timeout_s"}       written by the client
  inflight.<id>.json   the same request, claimed by rename (so no request is served twice)
  response.<id>.json   {"id", "ok": true, "result"} or {"id", "ok": false, "error": {code, message, context}}
  heartbeat.json       {"pid", "time", "active", "completed", ...} every 0.5 s, written by a thread that never
                       touches `renderdoc` (RenderDoc allows replay calls from one thread only)
  diagnostics.json     counters and recent errors, with the heartbeat
  keep.<id>, undo.<id> the client's word on a request that changed the replay (below)
  remote.json          {"id", "remote", "stage", "named_by"}: the request talks to that RenderDoc remote server,
                       written before it does (so a crash on what the remote answered is the remote's, not the
                       capture's), removed when the request ends
A newline on stdin wakes the bridge at once; without one it polls every 50 ms (as the qrenderdoc extension does).
Requests are served oldest first, one at a time, on the main thread, which owns every replay object.

A request that changes what later requests see (replace_shader's shader, open_capture's remote, a capture with
replacements closed: replay_core.changed) is answered with "settle": true, and the bridge serves nothing else until
the client says whether its caller got the answer: keep.<id> keeps the change, undo.<id> undoes it (a call cancelled
after the bridge answered). An undo.<id> already there when the request ends (cancelled while it ran), or a request
that fails, is undone at once and answered CANCELLED or with its error. So a caller that got no answer finds the
replay as it was, and no other request ever sees a change that is then undone.

Inside qrenderdoc (qrenderdoc_extension.py) the same loop runs on a thread of the UI and RUN sends each request to
RenderDoc's replay thread instead; EXTRA adds what the UI has open to the heartbeat.
"""
import faulthandler
import json
import os
import select
import sys
import threading
import time
import traceback

import renderdoc as rd

import replay  # noqa: E402  (the methods; lives next to this file)
import replay_core  # noqa: E402

SPOOL = None
STATE = {
    "started": time.time(),
    "active": None,
    "received": 0,
    "completed": 0,
    "errors": 0,
    "duplicates": 0,
    "json_errors": 0,
    "recent_errors": [],
    "last": None,
}
STATE_LOCK = threading.Lock()
# A client that never says keep or undo (gone, or stuck) has its request's change kept after this long.
SETTLE_S = 10
STALE_MARK_S = 60
# The exit status when the spool folder was deleted under the bridge (by hand, or a cleaner that took it for a dead
# server's): no request of its own crashed it, and the supervisor says so (BridgeHealth.SPOOL_LOST_EXIT).
SPOOL_LOST_EXIT = 3
STDIN_OPEN = True
MODE = "process"
RUN = lambda work: work()  # noqa: E731  (runs one request's replay work on the thread that owns replay)
EXTRA = lambda: {}  # noqa: E731  (more heartbeat fields)


def write_atomic(path, payload):
    temp = path + ".tmp"
    with open(temp, "w") as f:
        json.dump(payload, f, allow_nan=False, default=str)
    os.replace(temp, path)


def heartbeat():
    while True:
        with STATE_LOCK:
            snapshot = {k: v for k, v in STATE.items() if k != "recent_errors"}
            snapshot["recent_errors"] = list(STATE["recent_errors"])
        try:
            names = os.listdir(SPOOL)
        except OSError:  # the spool is gone: the main loop exits on it
            time.sleep(0.5)
            continue
        pending = len([f for f in names if f.startswith("request.") and f.endswith(".json")])
        now = time.time()
        drop_stale_marks(names, now, snapshot["active"])
        beat = {"pid": os.getpid(), "time": now, "uptime_s": now - STATE["started"], "pending": pending,
                "active": snapshot["active"], "renderdoc": rd.GetVersionString(),
                "python": sys.version.split()[0], "interpreter": sys.executable, "mode": MODE,
                "replay": replay.status()}
        beat.update(EXTRA())
        try:
            write_atomic(os.path.join(SPOOL, "heartbeat.json"), beat)
            snapshot.update(beat)
            write_atomic(os.path.join(SPOOL, "diagnostics.json"), snapshot)
        except OSError:
            pass
        time.sleep(0.5)


def drop_stale_marks(names, now, active):
    """keep/undo marks of requests settled without them (kept after SETTLE_S, or answered with no change). Never the
    mark of a request still running, however old: a call cancelled early in a long request (a replace_shader measuring
    for minutes) is undone by that mark when the request ends, and nobody would answer for it otherwise."""
    running = {name[len("inflight."):-len(".json")] for name in names if name.startswith("inflight.")}
    if active:
        running.add(active["id"])
    for name in names:
        if name.startswith(("keep.", "undo.")) and name.split(".", 1)[1] not in running:
            path = os.path.join(SPOOL, name)
            try:
                if now - os.stat(path).st_mtime > STALE_MARK_S:
                    os.remove(path)
            except OSError:
                pass


def doorbell(timeout):
    """Waits up to `timeout` for the client's newline on stdin (the qrenderdoc extension has none and sleeps);
    False once stdin is closed: the client went away."""
    global STDIN_OPEN
    if MODE != "process" or not STDIN_OPEN:
        time.sleep(timeout)
        return STDIN_OPEN
    ready, _, _ = select.select([sys.stdin], [], [], timeout)
    if ready and not sys.stdin.readline():
        STDIN_OPEN = False
    return STDIN_OPEN


def announce(request_id):
    """replay_core.ANNOUNCE for one request: remote.json, written before the request talks to a remote server."""
    def write(stage, remote, named_by):
        write_atomic(os.path.join(SPOOL, "remote.json"), {"id": request_id, "remote": remote, "stage": stage,
                                                          "named_by": named_by})
    return write


def mark(request_id, decision):
    return os.path.join(SPOOL, "%s.%s" % (decision, request_id))


def settle(changes, keep):
    """Keeps a request's changes to the replay, or undoes them newest first, on the replay thread."""
    def work():
        for undo, kept in (changes if keep else reversed(changes)):
            try:
                if keep:
                    if kept:
                        kept()
                else:
                    undo()
            except Exception:  # noqa: B902 - one change that cannot be settled must not stop the others
                sys.stderr.write("settling a change failed:\n%s" % traceback.format_exc(limit=4))
    RUN(work)


def await_word(request_id, changes):
    """Serves nothing else until the client says keep or undo for this request (at most SETTLE_S), then does it."""
    deadline = time.time() + SETTLE_S
    word = None
    while word is None:
        word = next((w for w in ("undo", "keep") if os.path.exists(mark(request_id, w))), None)
        if word is None and (time.time() > deadline or not doorbell(0.002)):
            word = "keep"  # the client is gone or stuck: what it was answered stands
    for w in ("undo", "keep"):
        try:
            os.remove(mark(request_id, w))
        except OSError:
            pass
    settle(changes, word == "keep")


def next_request():
    """The oldest request file, claimed by renaming it; None when there is none."""
    names = [f for f in os.listdir(SPOOL) if f.startswith("request.") and f.endswith(".json")]
    names.sort(key=lambda f: os.stat(os.path.join(SPOOL, f)).st_mtime_ns if os.path.exists(os.path.join(SPOOL, f))
               else 0)
    for name in names:
        request_id = name[len("request."):-len(".json")]
        inflight = os.path.join(SPOOL, "inflight.%s.json" % request_id)
        try:
            os.rename(os.path.join(SPOOL, name), inflight)
        except OSError:
            continue  # gone meanwhile
        return request_id, inflight
    return None


def record_error(request_id, method, error):
    STATE["errors"] += 1
    STATE["recent_errors"] = (STATE["recent_errors"] + [{"time": time.time(), "request_id": request_id,
                                                         "method": method, "code": error["code"],
                                                         "message": error["message"][:300]}])[-16:]


def serve(request_id, inflight):
    response_path = os.path.join(SPOOL, "response.%s.json" % request_id)
    method = None
    started = time.time()
    try:
        with open(inflight) as f:
            request = json.load(f)
    except (OSError, ValueError) as e:
        with STATE_LOCK:
            STATE["json_errors"] += 1
        error = {"code": "INVALID_ARGUMENT", "message": "request is not JSON: %s" % e, "context": {}}
        write_atomic(response_path, {"id": request_id, "ok": False, "error": error})
        os.remove(inflight)
        return
    method = request.get("method")
    with STATE_LOCK:
        STATE["received"] += 1
        STATE["active"] = {"id": request_id, "method": method, "started": started,
                           "timeout_s": request.get("timeout_s")}
    if request.get("id") != request_id:
        response = {"id": request_id, "ok": False, "error": {"code": "INVALID_ARGUMENT", "message":
                    "request id %r does not match its file name" % request.get("id"), "context": {}}}
    elif os.path.exists(response_path):
        with STATE_LOCK:
            STATE["duplicates"] += 1
        os.remove(inflight)
        with STATE_LOCK:
            STATE["active"] = None
        return  # a duplicate of a request already answered: the first answer stands
    else:
        replay_core.take_changes()
        replay_core.ANNOUNCE = announce(request_id)
        try:
            params = request.get("params") or {}
            result = RUN(lambda: replay.dispatch(method, params))
            response = {"id": request_id, "ok": True, "result": result}
        except replay.BridgeError as e:
            response = {"id": request_id, "ok": False, "error": e.as_dict()}
        except Exception as e:  # a bug in the bridge or an unexpected RenderDoc failure: report, keep serving
            response = {"id": request_id, "ok": False, "error": {
                "code": "ENGINE_FAILED", "message": "%s: %s" % (type(e).__name__, e),
                "context": {"method": method, "trace": traceback.format_exc(limit=4)[-1500:]}}}
        changes = replay_core.take_changes()
        if changes and (not response["ok"] or os.path.exists(mark(request_id, "undo"))):
            settle(changes, False)  # failed, or cancelled while it ran: the replay is left as it was found
            if response["ok"]:
                response = {"id": request_id, "ok": False, "error": {
                    "code": "CANCELLED", "message": "cancelled while it ran; what it changed was undone",
                    "context": {"method": method}}}
            changes = None
        elif changes:
            response["settle"] = True
    elapsed = time.time() - started
    response["elapsed_ms"] = round(elapsed * 1000, 3)
    try:
        write_atomic(response_path, response)
    except ValueError:  # NaN/Inf slipped into a result: say so rather than writing invalid JSON
        if response.get("settle"):
            settle(changes, False)
        response = {"id": request_id, "ok": False, "elapsed_ms": response["elapsed_ms"], "error": {
            "code": "INTERNAL", "message": "result had a non-finite number", "context": {"method": method}}}
        write_atomic(response_path, response)
    os.remove(inflight)
    try:
        os.remove(os.path.join(SPOOL, "remote.json"))
    except OSError:
        pass
    with STATE_LOCK:
        STATE["active"] = None
        STATE["completed"] += 1
        STATE["last"] = {"id": request_id, "method": method, "ok": response["ok"], "ms": response["elapsed_ms"]}
        if not response["ok"]:
            record_error(request_id, method, response["error"])
    if response.get("settle"):
        await_word(request_id, changes)


def start(spool):
    global SPOOL
    SPOOL = os.path.abspath(spool)
    os.makedirs(SPOOL, mode=0o700, exist_ok=True)
    threading.Thread(target=heartbeat, name="heartbeat", daemon=True).start()


def serve_until(stopped):
    """Serves requests, polling every 50 ms, until stopped() is true: the loop of the qrenderdoc extension."""
    while not stopped():
        claimed = next_request()
        if claimed:
            serve(*claimed)
        else:
            time.sleep(0.05)


def main():
    # stderr is the bridge log (the supervisor runs us with -u, unbuffered): a native crash in a replay call (the
    # lavapipe segfaults) leaves every thread's Python stack there, which the supervisor's post-mortem copies.
    faulthandler.enable(file=sys.stderr, all_threads=True)
    rd.InitialiseReplay(rd.GlobalEnvironment(), [])
    start(sys.argv[sys.argv.index("--spool") + 1])
    sys.stderr.write("%s bridge pid %d serving %s (RenderDoc %s)\n" % (time.strftime("%Y-%m-%dT%H:%M:%S"),
                                                                     os.getpid(), SPOOL, rd.GetVersionString()))
    try:
        while True:
            claimed = next_request()
            if claimed:
                serve(*claimed)
                continue
            if not doorbell(0.05):
                break  # the supervisor closed our stdin: it is going away, and so do we
    except OSError:
        if os.path.isdir(SPOOL):
            raise
        sys.stderr.write("%s the spool %s was deleted while the bridge served it; exiting\n"
                         % (time.strftime("%Y-%m-%dT%H:%M:%S"), SPOOL))
        os._exit(SPOOL_LOST_EXIT)  # at once: no answer can reach the supervisor any more
    replay.close_all()
    rd.ShutdownReplay()


if __name__ == "__main__":
    main()
