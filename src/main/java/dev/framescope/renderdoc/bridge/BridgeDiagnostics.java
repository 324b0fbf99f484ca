package dev.framescope.renderdoc.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.DiagnosticsSection;
import java.util.List;
import java.util.Map;

/**
 * The RenderDoc bridge's report in {@code get_server_diagnostics} ({@code renderdoc_bridge}; older tool name
 * {@code get_bridge_diagnostics}): the bridge's health from its heartbeat, its spool and what the supervisor saw,
 * never waiting for the bridge.
 *
 * @param status             not_started; stopped (no bridge now: it is started again by the next call); healthy;
 *                           degraded (a bridge was lost, by a crash, kill, time limit or stall, and no call has
 *                           succeeded since); stalled (alive but frozen: no heartbeat for 5 s and stopped by a
 *                           signal or using no CPU; a bridge merely busy in a long replay call is not stalled)
 * @param heartbeatAgeS      seconds since the bridge's last heartbeat
 * @param pending            requests waiting in the spool
 * @param oldestPendingAgeS  age of the oldest waiting request
 * @param active             the request the bridge is serving and someone still waits for, if any
 * @param recentErrors       newest last, up to 16: by kind, error (answered by the bridge), refused (a call that
 *                           crashed the driver before), queued (waited past the queue's bound, never ran), and
 *                           bridges lost (crash, killed, spool_lost, exited_idle, timeout, stalled)
 * @param unavailableCalls   "method on capture" → when it crashed the bridge; such calls are refused afterwards
 * @param mode               process (a bridge this server started) or qrenderdoc (attached to the extension in a
 *                           person's RenderDoc UI)
 * @param uiCapture          attached: the capture open in the UI, the only one it serves
 * @param replay             where the running bridge replays: {@code default} (local, or remote HOST:PORT from
 *                           FRAMESCOPE_RENDERDOC_REMOTE), {@code connected} (the remote server it holds a connection
 *                           to), {@code captures} (open capture → where), {@code lost} and {@code last_loss} (remote
 *                           servers lost); null when no bridge runs
 * @param lastLoss           the last bridge lost (crash, kill, time limit, stall), kept after recovery
 * @param postmortem         folder holding last-crash.json and last-crash.log of the last loss; kept after exit
 * @param recommendedNextCalls what to call now, ready to send: by status, on the last capture a call named
 */
public record BridgeDiagnostics(int schemaVersion, String status, boolean running, Long pid, Double uptimeS,
                                Double heartbeatAgeS, int pending, double oldestPendingAgeS, Active active,
                                Counters counters, String lastFailure, List<JsonNode> recentErrors,
                                String renderdoc, String interpreter, String log,
                                Map<String, String> unavailableCalls, String mode, String uiCapture,
                                JsonNode replay, Loss lastLoss, String postmortem, List<NextCall> recommendedNextCalls)
        implements DiagnosticsSection.Report {

    public static final int SCHEMA_VERSION = 1;

    @Override
    public String summaryPart() {
        return "RenderDoc bridge " + status.replace('_', ' ');
    }

    /** A ready-to-send tool call, as every Tier A answer recommends them. */
    public record NextCall(String tool, Map<String, Object> arguments, String why) {
    }

    /** The same diagnostics with these next calls. */
    public BridgeDiagnostics withNextCalls(List<NextCall> calls) {
        return new BridgeDiagnostics(schemaVersion, status, running, pid, uptimeS, heartbeatAgeS, pending,
                oldestPendingAgeS, active, counters, lastFailure, recentErrors, renderdoc, interpreter, log,
                unavailableCalls, mode, uiCapture, replay, lastLoss, postmortem, calls);
    }

    public record Active(String method, String requestId, double elapsedS, Double timeoutS) {
    }

    /**
     * All since this server started, over every bridge it ran: requests sent, completed (answered by a bridge, ok or
     * error), failures (calls that ended in an error), timeouts, crashes (bridges that died on their own or were
     * killed from outside), starts, stalls (frozen bridges killed), recoveries (successful calls after a loss).
     */
    public record Counters(long requests, long completed, long failures, long timeouts, long crashes, long starts,
                           long stalls, long recoveries) {
    }

    /**
     * One lost bridge. {@code kind}: crash (exit of its own), killed (from outside), spool_lost (its spool folder was
     * deleted under it), exited_idle (died between calls), timeout (killed at a call's limit), stalled (killed frozen). {@code tool} and {@code method} are those
     * of the call it was serving, null when idle.
     */
    public record Loss(String time, String kind, String tool, String method, Integer exitCode, String message) {
    }
}
