package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CancellationTest {

    @Test
    void listenersRunOnceAndLateOnesAtOnceAndClosedOnesNever() {
        Cancellation cancellation = Cancellation.none();
        AtomicInteger runs = new AtomicInteger();
        cancellation.onCancel(runs::incrementAndGet);
        cancellation.onCancel(() -> runs.addAndGet(100)).close();
        cancellation.onCancel(() -> {
            throw new IllegalStateException("a failing listener does not stop the others");
        });
        cancellation.cancel("first");
        cancellation.cancel("second");
        assertEquals(1, runs.get());
        assertEquals("first", cancellation.reason());
        cancellation.onCancel(runs::incrementAndGet);
        assertEquals(2, runs.get(), "registered after the cancel: runs at once");
        ToolException stopped = assertThrows(ToolException.class, cancellation::throwIfCancelled);
        assertEquals(ErrorCode.CANCELLED, stopped.code());
    }

    /**
     * Work that polls {@code isCancelled()} can end before the listeners run (a browser page that stopped on its own
     * did, and its "stopped N ms after the cancel" line was never logged): the moment is known to whoever sees the
     * cancel, listeners included.
     */
    @Test
    void theMomentOfTheCancelIsKnownBeforeAnyListenerRuns() {
        Cancellation cancellation = Cancellation.none();
        assertEquals(0, cancellation.cancelledAtNanos());
        AtomicLong seenByListener = new AtomicLong();
        cancellation.onCancel(() -> seenByListener.set(cancellation.cancelledAtNanos()));
        long before = System.nanoTime();
        cancellation.cancel("test");
        assertTrue(seenByListener.get() - before >= 0, "listener saw " + seenByListener.get());
        assertEquals(seenByListener.get(), cancellation.cancelledAtNanos());
    }
}
