package dev.framescope.renderdoc.bridge;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A bridge hung in a native call while holding Python's lock still gains a tick now and then (the thread waiting for
 * the lock wakes every 5 ms); it is frozen once 2 s pass with next to no CPU. A busy one never is.
 */
class BridgeStallWatchTest {

    private static final long MS = 1_000_000;

    @Test
    void aHungProcessGainingATickEveryFewSecondsIsFrozenAfterTwoSeconds() {
        BridgeStallWatch watch = new BridgeStallWatch();
        long ticks = 500;
        boolean frozen = false;
        // Sampled every 250 ms for 4 s, one tick every 1.5 s: the old rule ("no tick for 2 s") never held.
        for (long t = 0; t <= 4_000; t += 250) {
            if (t > 0 && t % 1_500 == 0) {
                ticks++;
            }
            frozen = watch.sample(42, 'S', ticks, t * MS);
            if (t < 2_000) {
                assertFalse(frozen, "not yet at " + t + " ms");
            }
        }
        assertTrue(frozen, "frozen after 2 s of next to no CPU");
    }

    @Test
    void aBusyProcessIsNeverFrozen() {
        BridgeStallWatch watch = new BridgeStallWatch();
        for (long t = 0; t <= 10_000; t += 250) {
            assertFalse(watch.sample(42, 'R', t / 10, t * MS), "busy at " + t + " ms"); // 100 ticks a second
        }
    }

    @Test
    void aProcessThatWorkedStartsItsQuietAgain() {
        BridgeStallWatch watch = new BridgeStallWatch();
        watch.sample(42, 'S', 0, 0);
        assertFalse(watch.sample(42, 'S', 50, 1_900 * MS), "half a second of CPU is work");
        assertFalse(watch.sample(42, 'S', 50, 3_000 * MS), "quiet for 1.1 s only");
        assertTrue(watch.sample(42, 'S', 51, 4_000 * MS), "quiet for 2.1 s");
    }

    @Test
    void stoppedIsFrozenAtOnceAndDiskWaitNever() {
        BridgeStallWatch watch = new BridgeStallWatch();
        assertTrue(watch.sample(42, 'T', 0, 0));
        assertFalse(new BridgeStallWatch().sample(42, 'D', 0, 10_000 * MS));
    }
}
