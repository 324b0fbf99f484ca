package dev.framescope.shader.harness;

import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One call on a browser lane: its future, when it started on the owner thread (0 while queued), its stop signal, and
 * the wait for it.
 */
final class PageCall<T> {
    final Cancellation cancellation;
    Callable<T> task;
    volatile Future<T> future;
    /** The caller's work has begun (before that, the call only readies the browser and page). */
    volatile boolean working;
    volatile long started;
    final long submitted = System.nanoTime();
    volatile boolean killed;

    PageCall(Cancellation cancellation) {
        this.cancellation = cancellation;
    }

    /**
     * Waits for the call, and watches the lane's browser process meanwhile: when Chromium dies mid-call, Playwright
     * usually fails the call at once, but some calls (seen during navigation) never return. Two seconds after the
     * process is gone the call is given up, with Playwright, and reported as a crash instead of waiting out the
     * timeout. The time limit counts from when the call started on the owner thread (in a batch, from when its
     * current item started: {@link CallStopper#restartClock}). While it runs, its browser's
     * GPU and renderer processes are held to the lane's memory bound.
     */
    T await(BrowserLane lane, long timeoutMs) throws InterruptedException, ExecutionException, TimeoutException,
            MemoryBound.Exceeded {
        long deadSince = 0;
        long nextMemoryCheck = System.nanoTime();
        while (true) {
            long startedAt = started;
            if (startedAt != 0 && System.nanoTime() - startedAt > TimeUnit.MILLISECONDS.toNanos(timeoutMs)) {
                throw new TimeoutException();
            }
            try {
                return future.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillRunning) {
                if (cancellation.isCancelled() && startedAt == 0) {
                    throw new CancellationException(); // still queued: it will never start
                }
                ProcessHandle process = lane.browserProcess();
                if (startedAt != 0 && System.nanoTime() - nextMemoryCheck > 0) {
                    nextMemoryCheck = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MemoryBound.CHECK_EVERY_MS);
                    lane.memory.check(process);
                }
                if (process == null || ChromiumProcesses.running(process)) {
                    deadSince = 0;
                } else if (deadSince == 0) {
                    deadSince = System.nanoTime();
                } else if (System.nanoTime() - deadSince > TimeUnit.SECONDS.toNanos(2)) {
                    // The owner thread is stuck on the dead browser: in this call, or in work queued before it.
                    lane.abandonStuckPlaywright();
                    cancellation.throwIfCancelled();
                    if (started == 0) {
                        deadSince = 0;
                        continue; // it never ran: abandoning Playwright moved it to the new owner
                    }
                    if (!working) {
                        // Stuck readying a browser that was killed before the call: run it again from scratch.
                        started = 0;
                        future = lane.submit(task);
                        deadSince = 0;
                        continue;
                    }
                    throw ToolException.engineFailed("Chromium", "the browser process died during the call; the "
                            + "next call relaunches it", null);
                }
            }
        }
    }

    /**
     * The TIMEOUT a call over its limit answers: whether its own page work or getting the page ready took the time,
     * and what was done about it. Shaders run on SwiftShader (the CPU) here, where a draw's time grows with its size
     * and frames, and where a shader whose pipeline takes long to build (noisemaker's filter/octaveWarp on WebGL2)
     * overruns at any size.
     */
    ToolException timedOut(long limitMs, String recovery) {
        String what = working ? "its page work (compiling, drawing, reading back) ran that long: on SwiftShader a "
                + "smaller size or fewer frames shortens the draws, but a shader whose pipeline SwiftShader builds "
                + "slowly at its first draw overruns at any size" : "the browser page was not ready in that time";
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("operation", "browser call");
        context.put("limit_ms", limitMs);
        context.put("page_work_started", working);
        return new ToolException(ErrorCode.TIMEOUT, "browser call did not finish within " + limitMs + " ms: " + what
                + "; " + recovery + ".", context);
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
