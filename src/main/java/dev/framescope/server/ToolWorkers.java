package dev.framescope.server;

import dev.framescope.common.Cancellation;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads tool calls run on. A fixed number run at once and the rest queue; each call's time limit starts when
 * it starts running, not while it queues. A call that runs past its limit, or is cancelled, is answered at once and
 * its thread interrupted; if the thread still does not come back (blocked in native code, say on a FIFO), it is
 * written off and the pool grows by one until it does, so stuck calls can never use up the pool.
 * Thread-safe: calls are submitted from the stdin reader and from the CLI.
 */
final class ToolWorkers {

    private static final Logger log = LoggerFactory.getLogger(ToolWorkers.class);

    /** Calls that run at once. Shader calls queue again for a browser, dialogs wait for a person. */
    static final int RUNNING = 64;

    private final ThreadPoolExecutor pool;
    private final ScheduledExecutorService timers;
    private final AtomicInteger writtenOff = new AtomicInteger();
    private final AtomicLong writtenOffTotal = new AtomicLong();

    ToolWorkers() {
        AtomicInteger count = new AtomicInteger();
        pool = new ThreadPoolExecutor(RUNNING, RUNNING, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                runnable -> daemon(runnable, "tool-worker-" + count.incrementAndGet()));
        pool.allowCoreThreadTimeOut(true);
        timers = Executors.newSingleThreadScheduledExecutor(runnable -> daemon(runnable, "tool-time-limits"));
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    /**
     * Runs {@code work} on a worker within {@code limit}. The future fails with {@code TIMEOUT} when the limit
     * passes and with {@code CANCELLED} when {@code cancellation} fires; in both cases {@code cancellation} is
     * cancelled too, so the work's own listeners stop its engine.
     */
    <T> CompletableFuture<T> run(String what, Callable<T> work, Duration limit, Cancellation cancellation) {
        CompletableFuture<T> result = new CompletableFuture<>();
        pool.execute(() -> {
            if (cancellation.isCancelled()) {
                result.completeExceptionally(cancelled(cancellation));
                return;
            }
            Running running = new Running(what, Thread.currentThread());
            Thread.interrupted(); // a late interrupt aimed at the previous call on this thread
            ScheduledFuture<?> deadline = timers.schedule(() -> {
                result.completeExceptionally(ToolException.timeout(what, limit.toMillis()));
                cancellation.cancel("it ran past its time limit of " + limit.toMillis() + " ms");
            }, limit.toMillis(), TimeUnit.MILLISECONDS);
            Cancellation.Registration stop = cancellation.onCancel(() -> {
                result.completeExceptionally(cancelled(cancellation));
                running.thread.interrupt();
                timers.schedule(() -> writeOffIfStuck(running), STOP_GRACE_MS, TimeUnit.MILLISECONDS);
            });
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            } finally {
                deadline.cancel(false);
                stop.close();
                returned(running);
                Thread.interrupted(); // an interrupt meant for this call must not reach the next one
            }
        });
        return result;
    }

    /** How long a stopped call's thread has to come back before it is written off. */
    static final long STOP_GRACE_MS = 2_000;

    /** One call on its worker thread; {@code finished} and {@code writtenOff} are guarded by the pool's lock. */
    private static final class Running {
        final String what;
        final Thread thread;
        boolean finished;
        boolean writtenOff;

        Running(String what, Thread thread) {
            this.what = what;
            this.thread = thread;
        }
    }

    private static ToolException cancelled(Cancellation cancellation) {
        return new ToolException(ErrorCode.CANCELLED, "The call was stopped: " + cancellation.reason() + ".",
                Map.of("reason", String.valueOf(cancellation.reason())));
    }

    private synchronized void writeOffIfStuck(Running running) {
        if (running.finished || running.writtenOff) {
            return;
        }
        running.writtenOff = true;
        writtenOffTotal.incrementAndGet();
        resize(writtenOff.incrementAndGet());
        log.warn("{} did not stop within {} ms of being stopped (thread {} is blocked); it is written off and "
                + "another worker takes its place", running.what, STOP_GRACE_MS, running.thread.getName());
    }

    private synchronized void returned(Running running) {
        running.finished = true;
        if (running.writtenOff) {
            resize(writtenOff.decrementAndGet());
            log.info("{} came back after it was written off", running.what);
        }
    }

    /** Grows or shrinks the pool so that {@link #RUNNING} calls can run besides the written-off ones. */
    private void resize(int extra) {
        int size = RUNNING + extra;
        if (size > pool.getMaximumPoolSize()) {
            pool.setMaximumPoolSize(size);
            pool.setCorePoolSize(size);
        } else {
            pool.setCorePoolSize(size);
            pool.setMaximumPoolSize(size);
        }
    }

    /** Threads whose calls were answered (time limit or cancel) but that have not returned since. */
    int writtenOff() {
        return writtenOff.get();
    }

    /** Threads ever written off in this process. */
    long writtenOffTotal() {
        return writtenOffTotal.get();
    }

    void shutdown() {
        pool.shutdownNow();
        timers.shutdownNow();
    }
}
