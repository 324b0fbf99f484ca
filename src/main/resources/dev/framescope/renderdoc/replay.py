"""The bridge's methods on RenderDoc 1.24's replay API, by tier (tier_a, tier_b, outputs, on replay_core and scans),
each registered where it is defined (methods.bridge_method). bridge.py dispatches requests here; captures come from
replay_sites (here or on a RenderDoc remote server), unless the qrenderdoc extension replaces replay_core.SOURCE."""
import replay_core
import replay_sites
from methods import METHODS
from replay_core import BridgeError
# One method per tool, registered as each module is imported; a tool folded into another (get_pipeline_state into
# get_event_insight, …) has no method of its own: the server calls the broader tool's. The supervisor's tests add
# methods that sleep, hang or crash from a module of their own (src/test/resources), so the production bridge cannot
# be asked to.
import diff  # noqa: F401  (registers diff_captures)
import geometry  # noqa: F401  (registers geometry_anomalies)
import nan_inf  # noqa: F401  (registers analyze_nan_inf)
import outputs  # noqa: F401  (registers save_texture, copy_capture)
import shader_debug  # noqa: F401  (registers debug_shader)
import shader_replace  # noqa: F401  (registers replace_shader)
import tier_a  # noqa: F401  (registers ping, open_capture, get_counters, get_frame_digest, get_event_insight)
import tier_b  # noqa: F401  (registers iterate_actions, pixel_history, get_texture, get_shader_info, ...)
from replay_core import Capture, capture_path  # noqa: F401  (used by the extension)
from replay_sites import close_all, status  # noqa: F401  (used by bridge.py)

replay_core.SOURCE = replay_sites.open_file_capture


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
