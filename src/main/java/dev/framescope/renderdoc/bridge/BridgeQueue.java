package dev.framescope.renderdoc.bridge;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The spool's queue as the callers waiting in it see it. Waiting is not running: a call's time limit counts from
 * when the bridge takes its request, and a call still queued past its own bound is taken back and answered
 * {@code TIMEOUT} naming the queue, while the bridge goes on with the calls ahead (killing it would fail a healthy
 * call to shorten a wait). What the waiters do owe the queue: a request whose caller left (cancelled while it ran)
 * still stops at its limit, so whoever waits behind it stops the bridge then. Thread-safe.
 */
public final class BridgeQueue {

    /**
     * How long a call may wait for the bridge to take it: forty 60 s calls ahead would be 40 minutes, and a client
     * waits for none of that. Well inside a tool's 10 minute time limit, so the answer names the queue.
     */
    public static final long QUEUE_LIMIT_MS = 300_000;
    /**
     * A request's own caller stops the bridge at the request's limit; a caller behind it steps in only this much later,
     * when nobody waits for that request any more.
     */
    static final long OVERDUE_GRACE_MS = 2_000;

    private final BridgeSpool spool;
    private final BridgeHealth health;

    BridgeQueue(BridgeSpool spool, BridgeHealth health) {
        this.spool = spool;
        this.health = health;
    }

    /**
     * Takes {@code call}'s request back out of the queue it waited in for {@code waitedMs}: its TIMEOUT, or null
     * when the bridge took the request meanwhile (it runs now, under its own limit).
     */
    ToolException takeBack(BridgeCall call, long waitedMs) {
        int ahead = spool.queuedAhead(call.id());
        BridgeDiagnostics.Active running = spool.active(spool.heartbeat());
        if (!spool.takeBack(call.id())) {
            return null;
        }
        String busy = running == null ? "" : "; the bridge was running " + running.method() + " (for "
                + Math.round(running.elapsedS()) + " s)";
        String message = call.tool() + " waited " + Math.round(waitedMs / 1000.0) + " s in the RenderDoc bridge's "
                + "queue, past the queue's bound of " + call.queueLimitMs() / 1000.0 + " s, and was not started: "
                + ahead + " request(s) were ahead of it" + busy + ". Nothing was stopped: the bridge goes on with the "
                + "calls ahead. Call again once they are answered (get_server_diagnostics: renderdoc_bridge.pending "
                + "and active show the queue)";
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", call.tool());
        context.put("method", call.method());
        context.put("reason", "queued");
        context.put("queue", "renderdoc_bridge");
        context.put("waited_ms", waitedMs);
        context.put("queue_limit_ms", call.queueLimitMs());
        context.put("ahead", ahead);
        if (running != null) {
            context.put("running", running.method());
        }
        health.failed("queued", call.tool(), call.method(), call.id(), ErrorCode.TIMEOUT, message);
        return new ToolException(ErrorCode.TIMEOUT, message, context);
    }

    /** The request the bridge runs, as a call, when it is past its own limit by more than the grace; else null. */
    BridgeCall overdue() {
        BridgeDiagnostics.Active active = spool.active(spool.heartbeat());
        if (active == null || active.timeoutS() == null
                || active.elapsedS() * 1000 <= active.timeoutS() * 1000 + OVERDUE_GRACE_MS) {
            return null;
        }
        long limitMs = Math.round(active.timeoutS() * 1000);
        return new BridgeCall(active.method(), active.method(), active.requestId(), (String) null, limitMs, 0);
    }
}
