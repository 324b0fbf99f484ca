package dev.framescope.common;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;

/**
 * Waiting for a person with a heartbeat: clients abort tool calls that stay silent (Claude Code after about 30 min
 * on stdio), and reset that timer on every progress notification, so a long wait beats every few seconds.
 */
public final class Waiting {

    /** Seconds between heartbeats while a person thinks. */
    public static final long BEAT_MS = 15_000;

    private Waiting() {
    }

    /**
     * Waits for {@code answer} at most {@code timeoutMs}, calling {@code beat} with 1, 2, 3 … every
     * {@link #BEAT_MS}. Returns the value, or null when the time ran out (the future is left as it is).
     */
    public static <T> T await(CompletableFuture<T> answer, long timeoutMs, IntConsumer beat)
            throws InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        int beats = 0;
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return null;
            }
            try {
                return answer.get(Math.min(left, BEAT_MS), TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillWaiting) {
                if (TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) > 0) {
                    beat.accept(++beats);
                }
            }
        }
    }
}
