"""The bridge's method table on RenderDoc 1.24's replay API, by tier (tier_a, tier_b, outputs, on replay_core and
scans). bridge.py dispatches requests here; the qrenderdoc extension replaces replay_core.SOURCE."""
import os

from replay_core import BridgeError
from tier_b import (analyze_nan_inf, geometry_anomalies, get_buffer_contents, get_shader_info, get_texture,
    iterate_actions, pixel_history)
from tier_a import get_counters, get_event_insight, get_frame_digest, open_capture, ping
from outputs import copy_capture, save_texture
from replay_core import Capture, capture_path, close_all  # noqa: F401  (used by bridge.py and the extension)


# One method per tool; a tool folded into another (get_pipeline_state into get_event_insight, …) has no method of
# its own: the server calls the broader tool's.
METHODS = {f.__name__: f for f in (ping, open_capture, iterate_actions, analyze_nan_inf, geometry_anomalies,
                                   get_frame_digest, get_counters, pixel_history, get_texture, get_event_insight,
                                   get_shader_info, get_buffer_contents, save_texture, copy_capture)}


def dispatch(method, params):
    if method == "sleep":  # for the supervisor's tests: a request that takes as long as asked
        import time
        time.sleep(float(params.get("seconds", 1)))
        return {"slept": params.get("seconds", 1)}
    if method == "busy":  # for the supervisor's tests: a long native replay call, holding Python's lock, on the CPU
        import sys
        import time
        sys.setswitchinterval(60)  # the heartbeat thread waits for the lock, as it does behind a RenderDoc call
        end = time.time() + float(params.get("seconds", 1))
        while time.time() < end:
            pass
        sys.setswitchinterval(0.005)
        return {"busy": params.get("seconds", 1)}
    if method == "hang":  # for the supervisor's tests: a deadlocked driver, holding Python's lock and no CPU
        import ctypes
        ctypes.PyDLL(None).sleep(int(params.get("seconds", 1)))  # PyDLL keeps the lock through the C call
        return {"hung": params.get("seconds", 1)}
    if method == "crash":  # for the supervisor's tests: the process dies as a lavapipe segfault would (exit 139)
        import signal
        os.kill(os.getpid(), signal.SIGSEGV)
    function = METHODS.get(method)
    if function is None:
        raise BridgeError("INVALID_ARGUMENT", "unknown method %r" % method, parameter="method",
                          known=sorted(METHODS))
    return function(params)
