package dev.framescope.shader.harness;

import dev.framescope.common.Cancellation;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One call on a browser lane: its future, when it started on the owner thread (0 while queued), its stop signal. */
final class PageCall<T> {
    final Cancellation cancellation;
    Callable<T> task;
    volatile Future<T> future;
    /** The caller's work has begun (before that, the call only readies the browser and page). */
    volatile boolean working;
    volatile long started;
    final long submitted = System.nanoTime();
    volatile long cancelledAt;
    volatile boolean killed;

    PageCall(Cancellation cancellation) {
        this.cancellation = cancellation;
    }

    /** Whether the call ends (one way or another) within {@code ms}. */
    boolean finishesWithin(long ms) {
        try {
            future.get(ms, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | CancellationException e) {
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }
}
