package dev.framescope.renderdoc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code get_bridge_diagnostics}: the bridge's health from its heartbeat and spool, never waiting for the bridge.
 *
 * @param status             not_started, stopped, healthy, degraded (it crashed or timed out before, and was
 *                           restarted) or stalled (alive, but no heartbeat for 5 s)
 * @param heartbeatAgeS      seconds since the bridge's last heartbeat
 * @param pending            requests waiting in the spool
 * @param oldestPendingAgeS  age of the oldest waiting request
 * @param active             the request being served, if any
 * @param unavailableCalls   "method on capture" → when it crashed the bridge; such calls are refused afterwards
 * @param mode               process (a bridge this server started) or qrenderdoc (attached to the extension in a
 *                           person's RenderDoc UI)
 * @param uiCapture          attached: the capture open in the UI, the only one it serves
 */
public record BridgeDiagnostics(int schemaVersion, String status, boolean running, Long pid, Double uptimeS,
                                Double heartbeatAgeS, int pending, double oldestPendingAgeS, Active active,
                                Counters counters, String lastFailure, List<JsonNode> recentErrors,
                                String renderdoc, String interpreter, String log,
                                java.util.Map<String, String> unavailableCalls, String mode, String uiCapture) {

    public static final int SCHEMA_VERSION = 1;

    public record Active(String method, String requestId, double elapsedS, Double timeoutS) {
    }

    /** Since this server started: requests sent, completed by the current bridge, failed, timed out, crashed. */
    public record Counters(long requests, long completed, long failures, long timeouts, long crashes, long starts) {
    }
}
