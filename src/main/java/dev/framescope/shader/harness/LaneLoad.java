package dev.framescope.shader.harness;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A browser lane's load and record, read from any thread: calls in flight, when it was last used, whether it could
 * not reach its browser lately, and the calls and batch effects it served (the status line names them).
 */
final class LaneLoad {

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger items = new AtomicInteger();
    private volatile long lastUsed;
    /** When the lane last could not reach its browser (0: it could since). */
    private volatile long unreachableAt;

    void begin() {
        inFlight.incrementAndGet();
        lastUsed = System.nanoTime();
    }

    void served() {
        calls.incrementAndGet();
        unreachableAt = 0;
    }

    void failed(ToolException e) {
        if (e.code() == ErrorCode.ENGINE_UNAVAILABLE) {
            unreachableAt = System.nanoTime();
        }
    }

    void end() {
        inFlight.decrementAndGet();
    }

    /** Counts a batch effect done on this lane. */
    void countItem() {
        items.incrementAndGet();
    }

    int inFlight() {
        return inFlight.get();
    }

    long lastUsed() {
        return lastUsed;
    }

    /** Whether the browser could not be reached in the last {@code ms} milliseconds. */
    boolean unreachableWithin(long ms) {
        long at = unreachableAt;
        return at != 0 && System.nanoTime() - at < TimeUnit.MILLISECONDS.toNanos(ms);
    }

    /** "N call(s), M effect(s)" served so far. */
    String describe() {
        return calls.get() + " call(s), " + items.get() + " effect(s)";
    }
}
