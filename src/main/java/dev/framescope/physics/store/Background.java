package dev.framescope.physics.store;

import dev.framescope.common.RequestActivity;
import dev.framescope.common.ToolException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads that read whole-recording series, at a lower priority than calls: while a per-frame query runs on a
 * store's main connection, or a client request arrived moments ago and is not answered yet ({@link RequestActivity}),
 * background scans pause between batches of rows, unless some call is waiting for a series (then reading it is the
 * priority). Java thread priorities do nothing on Linux, hence this. Two threads: a triage
 * right after loading waits for the slowest series, and two scans side by side halve that on two cores.
 */
public final class Background {

    private static final int THREADS = 2;
    private static final long MAX_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final AtomicInteger FOREGROUND = new AtomicInteger();
    private static final AtomicInteger WAITING = new AtomicInteger();
    private static final ThreadLocal<Boolean> IS_BACKGROUND = ThreadLocal.withInitial(() -> false);
    private static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(THREADS, runnable -> {
        Thread thread = new Thread(() -> {
            IS_BACKGROUND.set(true);
            runnable.run();
        }, "recording-preload");
        thread.setDaemon(true);
        return thread;
    });

    private Background() {
    }

    static ExecutorService executor() {
        return EXECUTOR;
    }

    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** Runs a call's query; background scans give way meanwhile. */
    public static <T, E extends Exception> T foreground(Work<T, E> work) throws E {
        FOREGROUND.incrementAndGet();
        try {
            return work.run();
        } finally {
            FOREGROUND.decrementAndGet();
        }
    }

    /** Waits for a series; while anyone waits, background scans do not pause. */
    static <T> T await(CompletableFuture<T> future) {
        if (future.isDone()) {
            return join(future);
        }
        WAITING.incrementAndGet();
        try {
            return join(future);
        } finally {
            WAITING.decrementAndGet();
        }
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof ToolException toolException) {
                throw toolException;
            }
            throw e;
        }
    }

    /**
     * Called by scans between batches of rows: on a background thread, pauses while a foreground query runs and no
     * one waits for a series, at most {@value #MAX_PAUSE_NANOS} ns at a time so that a stream of calls cannot starve
     * the read.
     */
    static void giveWay() {
        if (!IS_BACKGROUND.get() || !shouldYield()) {
            return;
        }
        long until = System.nanoTime() + MAX_PAUSE_NANOS;
        while (shouldYield() && System.nanoTime() < until) {
            LockSupport.parkNanos(100_000);
        }
    }

    private static boolean shouldYield() {
        return shouldYield(RequestActivity.CLIENT);
    }

    /** Background work waits while a call queries or a client request just arrived, unless a call awaits a series. */
    static boolean shouldYield(RequestActivity client) {
        return WAITING.get() == 0 && (FOREGROUND.get() > 0 || client.recentRequestWaiting());
    }
}
