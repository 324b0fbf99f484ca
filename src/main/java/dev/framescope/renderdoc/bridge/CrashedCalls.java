package dev.framescope.renderdoc.bridge;

import dev.framescope.common.Echo;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls that crashed the bridge by themselves, by method, capture and texture, with when and how: the same replay
 * call on the same capture would crash the same driver again (lavapipe 22.3 in RenderDoc's texture display paths),
 * so it is refused for the rest of the session instead of killing the bridge a second time. Per texture too: a crash
 * on one texture's format says nothing about the others. Thread-safe.
 */
final class CrashedCalls {

    private final Map<String, String> crashed = new ConcurrentHashMap<>();

    static String key(String method, Map<String, Object> params) {
        return method + " on " + params.get("capture")
                + (params.get("texture") == null ? "" : " texture " + params.get("texture"));
    }

    /** The refusal of a call that crashed the bridge before, or null when it did not. */
    ToolException refusal(BridgeCall call, Map<String, Object> params) {
        String when = crashed.get(call.crashKey());
        if (when == null) {
            return null;
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", call.tool());
        context.put("method", call.method());
        context.put("capture", params.get("capture"));
        context.put("crashed", when);
        return new ToolException(ErrorCode.ENGINE_UNAVAILABLE, call.tool() + " crashed RenderDoc's replay of this "
                + "capture before (" + when + "); it is unavailable on this driver for the rest of the session",
                context);
    }

    void remember(BridgeCall call, int exit) {
        crashed.put(call.crashKey(), Instant.now() + ", exit " + exit);
    }

    /** "method on capture [texture t]" → when and how it crashed, sorted; a long capture path said as errors say it. */
    Map<String, String> all() {
        Map<String, String> said = new TreeMap<>();
        crashed.forEach((key, when) -> said.put(Echo.message(key), when));
        return said;
    }
}
