package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
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
}
