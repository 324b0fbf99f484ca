package dev.framescope.renderdoc;

import java.util.Map;

/**
 * One call being waited for: the tool called (named in errors: the caller called the tool, not the bridge step), the
 * bridge method serving it, its request id, the key a crash of it is remembered by ({@link CrashedCalls}) and its
 * time limit.
 */
record BridgeCall(String tool, String method, String id, String crashKey, long timeoutMs) {

    BridgeCall(String tool, String method, String id, Map<String, Object> params, long timeoutMs) {
        this(tool, method, id, CrashedCalls.key(method, params), timeoutMs);
    }
}
