"""The bridge's method table on RenderDoc 1.24's replay API, by tier (tier_a, tier_b, outputs, on replay_core and
scans). bridge.py dispatches requests here; captures come from replay_sites (here or on a RenderDoc remote server),
unless the qrenderdoc extension replaces replay_core.SOURCE."""
import replay_core
import replay_sites
from replay_core import BridgeError
from geometry import geometry_anomalies
from tier_b import (analyze_nan_inf, get_buffer_contents, get_shader_info, get_texture, iterate_actions,
    pixel_history)
from tier_a import get_counters, get_event_insight, get_frame_digest, open_capture, ping
from outputs import copy_capture, save_texture
from diff import diff_captures
from shader_debug import debug_shader
from shader_replace import replace_shader
from replay_core import Capture, capture_path  # noqa: F401  (used by the extension)
from replay_sites import close_all, status  # noqa: F401  (used by bridge.py)

replay_core.SOURCE = replay_sites.open_file_capture


# One method per tool; a tool folded into another (get_pipeline_state into get_event_insight, …) has no method of
# its own: the server calls the broader tool's. The supervisor's tests add methods that sleep, hang or crash from a
# module of their own (src/test/resources), so the production bridge cannot be asked to.
METHODS = {f.__name__: f for f in (ping, open_capture, iterate_actions, analyze_nan_inf, geometry_anomalies,
                                   get_frame_digest, get_counters, pixel_history, get_texture, get_event_insight,
                                   get_shader_info, get_buffer_contents, save_texture, copy_capture,
                                   diff_captures, debug_shader, replace_shader)}


def dispatch(method, params):
    function = METHODS.get(method)
    if function is None:
        raise BridgeError("INVALID_ARGUMENT", "unknown method %r" % method, parameter="method",
                          known=sorted(METHODS))
    replay_sites.start_call()
    try:
        result = function(params)
    except Exception:
        replay_sites.after_call()  # a remote server lost during the call is the cause worth reporting
        raise
    replay_sites.after_call()
    return replay_sites.say_where(result)
