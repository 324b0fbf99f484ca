package dev.framescope.dialogs;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * At most {@code perMinute} questions in any 60 s: a looping agent must not flood the person. FrameScope serves one
 * MCP client per process, so one limit per server is one per client. A refused question is not asked and not counted.
 * Thread-safe.
 */
final class RateLimit {

    private static final long WINDOW_NANOS = 60_000_000_000L;

    private final int perMinute;
    private final LongSupplier nanos;
    private final ArrayDeque<Long> asked = new ArrayDeque<>();

    RateLimit(int perMinute) {
        this(perMinute, System::nanoTime);
    }

    RateLimit(int perMinute, LongSupplier nanos) {
        this.perMinute = perMinute;
        this.nanos = nanos;
    }

    /** Counts one question, or throws {@code RATE_LIMITED} with the time when the next one may be asked. */
    synchronized void acquire(String tool) {
        long now = nanos.getAsLong();
        while (!asked.isEmpty() && now - asked.peekFirst() >= WINDOW_NANOS) {
            asked.removeFirst();
        }
        if (asked.size() < perMinute) {
            asked.addLast(now);
            return;
        }
        long waitNanos = asked.peekFirst() + WINDOW_NANOS - now;
        long retryAfterS = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("tool", tool);
        context.put("limit_per_minute", perMinute);
        context.put("retry_after_s", retryAfterS);
        context.put("retry_at", Instant.now().plusNanos(waitNanos).toString());
        throw new ToolException(ErrorCode.RATE_LIMITED, "Not asked: " + perMinute + " questions to the person in the "
                + "last minute is this server's limit (FRAMESCOPE_DIALOG_RATE_LIMIT). Retry after " + retryAfterS
                + " s, and check you are not asking in a loop; ask fewer, broader questions.", context);
    }
}
