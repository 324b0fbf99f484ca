package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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

    private static Cancellation.Change change(List<String> log, String name) {
        return new Cancellation.Change() {
            @Override
            public void keep() {
                log.add(name + " kept");
            }

            @Override
            public void undo() {
                log.add(name + " undone");
            }
        };
    }

    @Test
    void heldChangesAreKeptWhenTheAnswerGoesOutAndUndoneNewestFirstWhenCancelledOrFailedBefore() {
        List<String> log = new ArrayList<>();
        Cancellation answered = Cancellation.untilAnswered();
        answered.holdUntilAnswered(change(log, "a"));
        assertEquals(List.of(), log, "held");
        assertTrue(answered.answered());
        answered.cancel("too late");
        assertEquals(List.of("a kept"), log, "a cancel after the answer undoes nothing");
        answered.holdUntilAnswered(change(log, "b"));
        assertEquals(List.of("a kept", "b undone"), log, "held after the answer went out: it could not say so");

        log.clear();
        Cancellation cancelled = Cancellation.untilAnswered();
        cancelled.holdUntilAnswered(change(log, "c"));
        cancelled.holdUntilAnswered(change(log, "d"));
        cancelled.cancel("client");
        assertEquals(List.of("d undone", "c undone"), log);
        assertFalse(cancelled.answered(), "its answer must not go out as a success");
        cancelled.holdUntilAnswered(change(log, "e"));
        assertEquals("e undone", log.get(2), "held after the cancel: undone at once");

        log.clear();
        Cancellation failed = Cancellation.untilAnswered();
        failed.holdUntilAnswered(change(log, "f"));
        failed.failed();
        assertEquals(List.of("f undone"), log);

        log.clear();
        Cancellation timedOut = Cancellation.untilAnswered(); // ToolWorkers' TIMEOUT: answered, then cancelled
        timedOut.failed();
        assertTrue(timedOut.answered(), "the transport writes the TIMEOUT");
        timedOut.holdUntilAnswered(change(log, "h"));
        timedOut.cancel("it ran past its time limit");
        timedOut.holdUntilAnswered(change(log, "i"));
        assertEquals(List.of("h undone", "i undone"), log, "the work outlived its error answer: undone");

        log.clear();
        Cancellation.none().holdUntilAnswered(change(log, "g"));
        assertEquals(List.of("g kept"), log, "nobody says when the answer goes out: kept at once");
    }
}
