package dev.framescope.renderdoc.bridge;

import java.util.Map;

/**
 * One call being waited for: the tool called (named in errors: the caller called the tool, not the bridge step), the
 * bridge method serving it, its request id, the key a crash of it is remembered by ({@link CrashedCalls}), its time
 * limit (counted from when the bridge takes it) and how long it may wait in the spool's queue before that.
 */
record BridgeCall(String tool, String method, String id, String crashKey, long timeoutMs, long queueLimitMs) {

    BridgeCall(String tool, String method, String id, Map<String, Object> params, long timeoutMs,
               long queueLimitMs) {
        this(tool, method, id, CrashedCalls.key(method, params), timeoutMs, queueLimitMs);
    }
}
