"""The bridge's method table on RenderDoc 1.24's replay API, by tier (tier_a, tier_b, outputs, on replay_core and
scans). bridge.py dispatches requests here; the qrenderdoc extension replaces replay_core.SOURCE."""
import os

from replay_core import BridgeError
from tier_b import (analyze_nan_inf, enumerate_counters, geometry_anomalies, get_buffer_contents, get_pipeline_state,
    get_shader_info, get_texture_data, get_texture_info, iterate_actions, pixel_history, search_capture)
from tier_a import get_action_timings, get_event_insight, get_frame_digest, get_frame_summary, open_capture, ping
from outputs import copy_capture, save_texture
from replay_core import Capture, capture_path, close_all  # noqa: F401  (used by bridge.py and the extension)


METHODS = {f.__name__: f for f in (ping, open_capture, iterate_actions, analyze_nan_inf, geometry_anomalies,
                                   get_frame_summary, get_frame_digest, get_action_timings, pixel_history,
                                   get_texture_data, get_texture_info, search_capture, get_pipeline_state,
                                   get_event_insight, get_shader_info, get_buffer_contents, enumerate_counters,
                                   save_texture, copy_capture)}


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
