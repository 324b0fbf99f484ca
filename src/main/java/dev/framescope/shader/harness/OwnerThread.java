package dev.framescope.shader.harness;

import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one thread that makes every Playwright call of a browser lane (Playwright is not thread-safe). Calls run in
 * the order they came; background work (closing a finished call's context, preparing the next calls' pages) runs
 * only when no call is waiting, so a call that arrives while the pool is being refilled waits for at most the one
 * background step under way.
 */
final class OwnerThread extends ThreadPoolExecutor {

    private static final AtomicLong ORDER = new AtomicLong();

    OwnerThread() {
        super(1, 1, 0, TimeUnit.MILLISECONDS, new PriorityBlockingQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "browser-owner");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Runs {@code step} when no call is queued (after every call queued before or meanwhile). */
    Future<?> background(Runnable step) {
        Ranked<Object> task = new Ranked<>(() -> {
            step.run();
            return null;
        }, true);
        execute(task);
        return task;
    }

    /** Whether a background step runs now (a call sent here would wait for it). */
    private volatile boolean inBackground;

    boolean inBackground() {
        return inBackground;
    }

    @Override
    protected void beforeExecute(Thread thread, Runnable task) {
        inBackground = task instanceof Ranked<?> ranked && ranked.background;
    }

    @Override
    protected void afterExecute(Runnable task, Throwable failure) {
        inBackground = false;
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return new Ranked<>(callable, false);
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        return new Ranked<>(() -> {
            runnable.run();
            return value;
        }, false);
    }

    /** A task with its rank: calls before background steps, each kind first come first served. */
    private static final class Ranked<T> extends FutureTask<T> implements Comparable<Ranked<?>> {
        private final boolean background;
        private final long order = ORDER.incrementAndGet();

        Ranked(Callable<T> callable, boolean background) {
            super(callable);
            this.background = background;
        }

        @Override
        public int compareTo(Ranked<?> other) {
            if (background != other.background) {
                return background ? 1 : -1;
            }
            return Long.compare(order, other.order);
        }
    }
}
